"""A round's position: its fields, listed once; what lies on the table; the legal moves.

Hands are bitmasks over tile indices; the fitting tiles for an end come from
precomputed masks, so move generation is a few integer operations per end.
``RoundState`` (game/engine/state.py) is a ``Position`` that plays: it deals,
applies actions, takes them back and says why an action is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Self

from game.engine.actions import ARMS, Action
from game.engine.fields import config, dealt, listed, log, methods, undo, value
from game.engine.layout import CLOSED, CROSS, SIDE_ARMS, E, N, OpenEnd, Placement, S, Spinner, W
from game.engine.opening import ANY_TILE, DRAW_FOR_DOUBLE, FORCED
from game.engine.outcome import RoundOutcome
from game.engine.rules import Rules
from game.engine.tiles import DOUBLES_MASK, HALVES, HIGH, Tile, hand_pips, hand_tiles, tile_name

PHASE_LEAD, PHASE_PLAY, PHASE_OVER = "lead", "play", "over"

_LAYS: dict[tuple[Tile, str | None, int | None, bool, int | None], Action] = {}


def _lay(tile: Tile, arm: str | None, touch: int | None, across: bool = False, joins: int | None = None) -> Action:
    """A lay action, shared: actions are immutable and made very often in search."""
    key = (tile, arm, touch, across, joins)
    action = _LAYS.get(key)
    if action is None:
        action = _LAYS[key] = Action("lay", tile, arm, touch, across, joins)
    return action


_DRAW, _PASS, _REFUSE = Action("draw"), Action("pass"), Action("refuse")


def _per_arm(start: Any) -> Callable[[int], list[Any]]:
    return lambda players: [start] * len(ARMS)


def _per_seat(start: int) -> Callable[[int], list[int]]:
    return lambda players: [start] * players


@dataclass(slots=True, init=False, repr=False, eq=False)
class Position:
    """The position of a round: every field once, with its kind (game/engine/fields.py),
    from which ``copy``, ``key`` and the undo snapshots are made."""

    rules: Rules = config()
    players: int = config()
    hands: list[int] = listed()  # per seat, a bitmask of its tiles (from the deal)
    boneyard: list[Tile] = dealt()  # the tiles not dealt, in drawing order
    drawn: int = value(0)  # how many of them have been drawn
    phase: str = value(PHASE_LEAD)  # PHASE_LEAD, PHASE_PLAY or PHASE_OVER
    current: int | None = value(0)  # the seat to move (None when the round is over)
    ends: list[int] = listed(_per_arm(CLOSED))  # per arm: the value its end shows, CROSS or CLOSED
    cross: list[tuple[int, int] | None] = listed(_per_arm(None))  # per arm: what a crosswise end shows
    arm_len: list[int] = listed(_per_arm(0))  # per arm: how many tiles lie on it
    placements: list[Placement] = log()  # every tile on the table, in the order laid
    spinner_at: tuple[int, int] | None = value(None)  # (arm index or -1 for the lead, index on the arm)
    passes: int = value(0)  # passes in a row
    drew: bool = value(False)  # the seat to move drew this turn (draw one, then pass)
    lead_kind: str = value(FORCED)  # how the round is led (game/engine/opening.py)
    lead_seat: int = value(0)
    lead_tile: Tile | None = value(None)  # the tile a forced lead must be
    refusals: int = value(0)  # refusals to lead so far (Leyden)
    leader: int | None = value(None)  # who laid the lead
    outcome: RoundOutcome | None = value(None)
    history: list[tuple[int, Action]] = log()  # (seat, action), every action so far
    lacks: list[int] = listed(_per_seat(0))  # per seat: the tiles the table knows it does not hold
    drawn_since: list[int] = listed(_per_seat(0))  # per seat: tiles drawn since (nothing constrains them)
    _stack: list[tuple[Any, ...]] = undo()  # a snapshot before each pushed action

    # Written from the fields above when the class is made (game/engine/fields.py).
    _start: ClassVar[Callable[[Self], None]]  # every field but the rules and the deal, as a round starts
    copy: ClassVar[Callable[[Self], Self]]  # a cheap, independent copy (without the undo stack)
    key: ClassVar[Callable[[Self], tuple[Any, ...]]]  # everything that makes the position
    _snapshot: ClassVar[Callable[[Self], tuple[Any, ...]]]
    _restore: ClassVar[Callable[[Self, tuple[Any, ...]], None]]

    # -------------------------------------------------------------- inspection
    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def current_player(self) -> int | None:
        return self.current

    def hand(self, seat: int) -> list[Tile]:
        return hand_tiles(self.hands[seat])

    def hand_count(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def pips(self, seat: int) -> int:
        return hand_pips(self.hands[seat])

    @property
    def boneyard_count(self) -> int:
        return len(self.boneyard) - self.drawn

    @property
    def reserve_count(self) -> int:
        """Tiles of the boneyard that are never drawn."""
        return min(self.rules.reserve, self.boneyard_count) if self.rules.drawing != "none" else 0

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (0 where the rules never draw)."""
        if self.rules.drawing == "none":
            return 0
        return max(0, self.boneyard_count - self.rules.reserve)

    @property
    def lead(self) -> Placement | None:
        return self.placements[0] if self.placements else None

    @property
    def spinner(self) -> Spinner | None:
        if self.spinner_at is None:
            return None
        arm, index = self.spinner_at
        sides = SIDE_ARMS[arm]
        if arm == -1:
            placement = self.placements[0]
        else:
            placement = next(p for p in self.placements if p.arm == ARMS[arm] and p.index == index)
        return Spinner(
            None if arm == -1 else ARMS[arm],
            index,
            placement.inner,
            (ARMS[sides[0]], ARMS[sides[1]]),
            self._sides_open(),
        )

    def arms(self) -> dict[str, list[Placement]]:
        """The tiles on each arm that has any, from the centre outwards."""
        result: dict[str, list[Placement]] = {}
        for p in self.placements:
            if p.arm is not None:
                result.setdefault(p.arm, []).append(p)
        return result

    def open_ends(self) -> list[OpenEnd]:
        """The ends that may be played now, with what each shows."""
        if self.phase != PHASE_PLAY:
            return []
        return [OpenEnd(ARMS[arm], self.end_values(ARMS[arm])) for arm in self._playable_arms()]

    def end_values(self, arm: str) -> tuple[int, ...]:
        """What an arm's end shows (one value, or two after a crosswise matador)."""
        index = ARMS.index(arm)
        pair = self.cross[index]
        if self.ends[index] == CROSS and pair is not None:
            return (pair[0], pair[1])
        return (self.ends[index],)

    def before(self, index: int) -> Self:
        """A copy of the position just before action ``index`` of the history
        (``index == len(history)``: the position now). Needs the undo stack that
        every pushed action leaves, so not on a ``copy()``."""
        if not 0 <= index <= len(self.history):
            raise IndexError(f"no action {index} in a history of {len(self.history)}")
        other = self.copy()
        if index == len(self.history):
            return other
        if len(self._stack) != len(self.history):
            raise ValueError("this position has no undo stack (it is a copy)")
        other._restore(self._copied(self._stack[index]))
        return other

    @staticmethod
    def _copied(snap: tuple[Any, ...]) -> tuple[Any, ...]:
        """A snapshot whose lists are fresh, so restoring it shares nothing."""
        return tuple(item[:] if isinstance(item, list) else item for item in snap)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(tile_name(t) for t in self.hand(s)) for s in range(self.players))
        table = ", ".join(str(p) for p in self.placements)
        return f"<{type(self).__name__} {self.phase} to move {self.current}: hands [{hands}] table [{table}]>"

    # ------------------------------------------------------------------- arms
    def _sides_open(self) -> bool:
        if self.spinner_at is None:
            return False
        arm, index = self.spinner_at
        layout = self.rules.layout
        if layout.startswith("cross"):
            return True
        if arm == -1:
            return self.arm_len[W] > 0 and self.arm_len[E] > 0
        return self.arm_len[arm] > index + 1

    def _playable_arms(self) -> list[int]:
        layout = self.rules.layout
        if layout == "cross-sides-first":
            if self.arm_len[N] == 0 or self.arm_len[S] == 0:
                return [a for a in (N, S) if self.arm_len[a] == 0]
            return [W, E, N, S]
        if layout == "cross-complete":
            missing = [a for a in (W, E, N, S) if self.arm_len[a] == 0]
            return missing or [W, E, N, S]
        arms = [W, E]
        if self.spinner_at is not None and self._sides_open():
            arms.extend(SIDE_ARMS[self.spinner_at[0]])
        return arms

    def fitting(self) -> int:
        """Every tile that could be laid on one of the open ends now, whoever
        holds it (as a mask; 0 outside the play phase): ``open_ends()``
        without its words."""
        if self.phase != PHASE_PLAY:
            return 0
        return self._fitting_all()

    def _fitting_all(self) -> int:
        mask = 0
        for arm in self._playable_arms():
            mask |= self._fitting_mask(arm)
        return mask

    def _fitting_mask(self, arm: int) -> int:
        """The tiles that may be laid on ``arm`` (ignoring whose they are)."""
        end = self.ends[arm]
        if end == CROSS:
            pair = self.cross[arm]
            assert pair is not None
            return self.rules.fits[pair[0]] | self.rules.fits[pair[1]]
        return self.rules.fits[end]

    # ------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Action]:
        """Every distinct legal action of the player to move, in a fixed order."""
        if self.phase == PHASE_PLAY:
            return self._play_moves()
        if self.phase == PHASE_LEAD:
            return self._lead_moves()
        return []

    def _lead_moves(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        kind = self.lead_kind
        if kind == FORCED:
            assert self.lead_tile is not None
            return [_lay(self.lead_tile, None, HIGH[self.lead_tile])]
        if kind == ANY_TILE:
            return [_lay(t, None, HIGH[t]) for t in hand_tiles(self.hands[seat])]
        if kind == DRAW_FOR_DOUBLE:
            # Never empty here: with no double in any hand, every double is in the boneyard.
            return [_DRAW]
        moves = [_lay(t, None, HIGH[t]) for t in hand_tiles(self.hands[seat] & DOUBLES_MASK) if t != 0]
        if self.drawable > 0:
            moves.append(_DRAW)
        moves.append(_REFUSE)
        return moves

    def _lays(self, seat: int) -> list[Action]:
        rules = self.rules
        hand = self.hands[seat]
        target = rules.target
        matadors = rules.matador_mask
        crosswise = rules.crosswise
        wild = rules.wild_doubles
        fits = rules.fits
        ends = self.ends
        targets = []  # (arm, tiles of the hand that fit it)
        union = 0
        for arm in self._playable_arms():
            end = ends[arm]
            if end == CROSS:
                pair = self.cross[arm]
                assert pair is not None
                mask = hand & (fits[pair[0]] | fits[pair[1]])
            else:
                mask = hand & fits[end]
            if mask:
                targets.append((arm, mask))
                union |= mask
        moves: list[Action] = []
        out = moves.append
        while union:
            low = union & -union
            union ^= low
            t = low.bit_length() - 1
            a, b = HALVES[t]
            matador = matadors & low
            for arm, mask in targets:
                if not mask & low:
                    continue
                name = ARMS[arm]
                end = ends[arm]
                if end == CROSS:
                    pair = self.cross[arm]
                    assert pair is not None
                    joins = (pair[0], pair[1]) if pair[0] > pair[1] else (pair[1], pair[0])
                    for j in joins:
                        if matador:
                            out(_lay(t, name, a, False, j))
                            if b != a:
                                out(_lay(t, name, b, False, j))
                        elif target - j == a or target - j == b:
                            out(_lay(t, name, target - j, False, j))
                elif matador:
                    out(_lay(t, name, a))
                    if b != a:
                        out(_lay(t, name, b))
                        if crosswise:
                            out(_lay(t, name, None, True))
                elif wild and a == b:
                    out(_lay(t, name, a))
                else:
                    out(_lay(t, name, target - end))
        return moves

    def _play_moves(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        lays = self._lays(seat)
        policy = self.rules.drawing
        can_draw = self.drawable > 0
        if policy in ("lay-or-draw", "free"):
            if can_draw:
                lays.append(_DRAW)
            return lays or [_PASS]
        if lays:
            return lays
        if policy == "until-playable" and can_draw:
            return [_DRAW]
        if policy == "one-then-pass" and can_draw and not self.drew:
            return [_DRAW]
        return [_PASS]


for _name, _method in methods(Position).items():
    setattr(Position, _name, _method)
