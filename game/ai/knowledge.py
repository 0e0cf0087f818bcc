"""What the public history has revealed about each hidden hand.

The engine's ``SeatView.lacks`` keeps one mask per seat and forgets, when a
seat draws under "draw until playable" (or passes after drawing freely), that
the new tiles are not bound by what it lacked before, so a hand can hold a tile
its mask rules out. Here the history is replayed on a scratch table instead,
and each hidden tile slot gets its own mask:

* every pass, and every draw where a tile may only be drawn for want of a
  playable one, says that the seat held nothing fitting the open ends then;
* a tile that was dealt is bound by all of these, and by what the opening
  revealed (``view.lacks``);
* a tile drawn at time ``t`` is bound only by what was learnt at ``t`` or later.

We do not know which drawn tiles have been laid since, so the most recent draws
(the least bound) are taken to be the ones still held: a safe reading that never
excludes the real hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action, SeatView
from game.engine.state import Opening, RoundState

FORCED_DRAWING = ("until-playable", "one-then-pass")


@dataclass(frozen=True)
class PastLay:
    """A lay a seat chose: when (index in the history), what it laid, and which
    tiles could have been laid instead (those fitting an open end then)."""

    time: int
    tile: int
    fitting: int


@dataclass(frozen=True)
class HandKnowledge:
    """One hidden hand: per tile it holds, a mask of tiles that tile cannot be,
    and since when it is surely held (the history index of its draw, -1 if dealt);
    and the lays the seat chose, oldest first."""

    seat: int
    slots: tuple[int, ...]
    since: tuple[int, ...]
    lays: tuple[PastLay, ...]

    @property
    def surely_lacks(self) -> int:
        """Tiles this seat certainly does not hold."""
        if not self.slots:
            return -1
        mask = self.slots[0]
        for slot in self.slots[1:]:
            mask &= slot
        return mask


def fitting_now(state: RoundState) -> int:
    """Every tile that could be laid on one of the open ends of ``state``."""
    fits = state.rules.fits
    mask = 0
    for end in state.open_ends():
        for value in end.values:
            mask |= fits[value]
    return mask


def read_knowledge(view: SeatView) -> dict[int, HandKnowledge]:
    """Per other seat, what its hidden tiles can be, from the view alone."""
    rules = view.rules
    players = view.players
    forced = rules.drawing in FORCED_DRAWING
    events: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    draws: list[list[int]] = [[] for _ in range(players)]
    lays: list[list[PastLay]] = [[] for _ in range(players)]
    table: RoundState | None = None
    for time, (seat, action) in enumerate(view.history):
        if action.kind == "lay":
            if table is not None and table.phase == "play" and action.tile is not None:
                lays[seat].append(PastLay(time, action.tile, fitting_now(table)))
            table = _replay_lay(table, view, seat, action)
        elif action.kind == "draw":
            if table is not None and forced:
                events[seat].append((time, fitting_now(table)))
            draws[seat].extend([time] * action.count)
        elif action.kind == "pass" and table is not None:
            events[seat].append((time, fitting_now(table)))
    result: dict[int, HandKnowledge] = {}
    for seat in range(players):
        if seat == view.seat:
            continue
        learnt = 0
        for _, mask in events[seat]:
            learnt |= mask
        held = view.hand_counts[seat]
        recent = draws[seat][-held:] if held else []
        slots = [(_bound_after(events[seat], t), t) for t in recent]
        slots += [(view.lacks[seat] | learnt, -1)] * (held - len(recent))
        slots.sort(key=lambda slot: -slot[0].bit_count())
        result[seat] = HandKnowledge(
            seat, tuple(m for m, _ in slots), tuple(t for _, t in slots), tuple(lays[seat])
        )
    return result


def _bound_after(events: list[tuple[int, int]], time: int) -> int:
    mask = 0
    for when, fitting in events:
        if when >= time:
            mask |= fitting
    return mask


def _replay_lay(table: RoundState | None, view: SeatView, seat: int, action: Action) -> RoundState:
    """Lay ``action`` on a scratch table where every seat holds every tile."""
    if table is None:
        every = list(view.rules.all_tiles)
        table = RoundState(view.rules, [every] * view.players, [], Opening("winner-any-tile", seat))
    table.current = seat
    table.push_unchecked(action)
    return table
