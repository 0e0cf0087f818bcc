"""What one seat may know: its own hand, the table, counts and the history.

A ``SeatView`` holds a *redacted* copy of the round, in which every other hand
is empty and the boneyard's tiles are unknown, so nothing hidden can leak
through it, not even by poking at private attributes.
"""

from __future__ import annotations

from typing import Any, Generic, Mapping, Protocol, Self, Sequence, TypeVar

from game.engine.actions import Action
from game.engine.errors import Refusal
from game.engine.layout import OpenEnd, Placement, Spinner
from game.engine.rules import Rules
from game.engine.tiles import Tile, hand_tiles

UNKNOWN = -1  # a boneyard slot whose tile the seat cannot see
# The view of a person at the table who holds no hand (a watcher of a server's
# table): every hand empty but for its count, the boneyard unknown, no move.
NO_SEAT = -1


class Viewed(Protocol):
    """What a view reads of a round (``RoundState`` has it all). A view is made from
    a state (``RoundState.view``); this module never imports the state's."""

    rules: Rules
    players: int
    hands: list[int]
    boneyard: list[Tile]
    drawn: int
    current: int | None
    phase: str
    history: list[tuple[int, Action]]
    placements: list[Placement]
    lacks: list[int]
    drawn_since: list[int]
    lead_kind: str
    lead_tile: Tile | None

    @property
    def boneyard_count(self) -> int: ...
    @property
    def drawable(self) -> int: ...
    @property
    def reserve_count(self) -> int: ...
    @property
    def spinner(self) -> Spinner | None: ...
    def open_ends(self) -> list[OpenEnd]: ...
    def arms(self) -> dict[str, list[Placement]]: ...
    def legal_moves(self) -> list[Action]: ...
    def explain(self, action: Action) -> Refusal | None: ...
    def copy(self) -> Self: ...
    def key(self) -> tuple[Any, ...]: ...


S = TypeVar("S", bound=Viewed)


class SeatViewOf(Generic[S]):
    """One seat's knowledge of a round (and of the match totals, if given).
    ``SeatView`` (game/engine/state.py) is this for a ``RoundState``."""

    __slots__ = ("seat", "rules", "hand_counts", "totals", "_state")

    def __init__(self, seat: int, rules: Rules, hand_counts: tuple[int, ...], totals: tuple[int, ...], state: S):
        self.seat = seat
        self.rules = rules
        self.hand_counts = hand_counts
        self.totals = totals
        self._state = state

    @classmethod
    def of(cls, state: S, seat: int, totals: Sequence[int] | None = None) -> Self:
        redacted = state.copy()
        counts = tuple(h.bit_count() for h in state.hands)
        redacted.hands = [h if s == seat else 0 for s, h in enumerate(state.hands)]
        redacted.boneyard = [UNKNOWN] * len(state.boneyard)
        # A lead tile that another seat must play is public by the rules (its holder
        # must announce it); the lead tile of this seat is in its own hand anyway.
        return cls(seat, state.rules, counts, tuple(totals) if totals else (0,) * state.players, redacted)

    # What the seat sees -----------------------------------------------------
    @property
    def players(self) -> int:
        return self._state.players

    @property
    def hand(self) -> list[Tile]:
        return hand_tiles(self.hand_mask)

    @property
    def hand_mask(self) -> int:
        """The seat's own tiles (none for ``NO_SEAT``: a watcher holds no hand)."""
        return self._state.hands[self.seat] if 0 <= self.seat < self._state.players else 0

    @property
    def current_player(self) -> int | None:
        return self._state.current

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def boneyard_count(self) -> int:
        return self._state.boneyard_count

    @property
    def drawable(self) -> int:
        return self._state.drawable

    @property
    def reserve_count(self) -> int:
        """Tiles of the boneyard that are never drawn (RULES.md section 3: the reserve)."""
        return self._state.reserve_count

    @property
    def history(self) -> list[tuple[int, Action]]:
        return list(self._state.history)

    @property
    def placements(self) -> list[Placement]:
        return list(self._state.placements)

    @property
    def spinner(self) -> Spinner | None:
        return self._state.spinner

    @property
    def lacks(self) -> tuple[int, ...]:
        """Per seat, a bitmask of tiles the table knows that seat does not hold."""
        return tuple(self._state.lacks)

    @property
    def drawn_since(self) -> tuple[int, ...]:
        """Per seat, tiles drawn since ``lacks`` was learnt (those are unconstrained)."""
        return tuple(self._state.drawn_since)

    @property
    def lead(self) -> tuple[str, Tile | None]:
        """How the round is to be led (in its lead phase), as this seat knows it:
        the kind (``forced``, ``any-tile``, ``refusable``, ``draw-for-double``) and
        the tile a forced lead must be (None if not forced; public by the rules,
        so a view rebuilt over the network has it too, from the server's ``lead``)."""
        return self._state.lead_kind, self._state.lead_tile

    def open_ends(self) -> list[OpenEnd]:
        return self._state.open_ends()

    def arms(self) -> dict[str, list[Placement]]:
        return self._state.arms()

    def legal_moves(self) -> list[Action]:
        """The seat's legal actions when it is to move, else an empty list."""
        if self._state.current != self.seat:
            return []
        return self._state.legal_moves()

    def explain(self, action: Action) -> Refusal | None:
        """None if this seat may play ``action`` now, else why not (a code the UI words)."""
        if self._state.current != self.seat:
            return Refusal("not-your-turn")
        return self._state.explain(action)

    def unseen(self) -> list[Tile]:
        """Tiles neither in this hand nor on the table: in other hands or the boneyard."""
        seen = self.hand_mask
        for p in self._state.placements:
            seen |= 1 << p.tile
        return [t for t in self._state.rules.all_tiles if not seen >> t & 1]

    def unseen_mask(self) -> int:
        mask = 0
        for t in self.unseen():
            mask |= 1 << t
        return mask

    def determinize(self, hands: Mapping[int, Sequence[Tile]], boneyard: Sequence[Tile]) -> S:
        """A full position consistent with this view: ``hands`` for the other seats,
        and ``boneyard`` for the tiles not yet drawn (in drawing order)."""
        state = self._state.copy()
        used: list[Tile] = list(boneyard)
        for s in range(state.players):
            if s == self.seat:
                continue
            tiles = list(hands.get(s, ()))
            if len(tiles) != self.hand_counts[s]:
                raise ValueError(f"seat {s} holds {self.hand_counts[s]} tiles, not {len(tiles)}")
            state.hands[s] = sum(1 << t for t in tiles)
            used.extend(tiles)
        if len(boneyard) != state.boneyard_count:
            raise ValueError(f"the boneyard holds {state.boneyard_count} tiles, not {len(boneyard)}")
        if sorted(used) != self.unseen():
            raise ValueError("the hidden tiles given are not exactly the unseen tiles")
        state.boneyard = state.boneyard[: state.drawn] + list(boneyard)
        return state

    def key(self) -> tuple[Any, ...]:
        """Everything the seat knows; equal keys mean indistinguishable positions."""
        return (self.seat, self.rules, self.hand_counts, self.totals, self._state.key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatViewOf) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())
