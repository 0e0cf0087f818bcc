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
class LayOption:
    """One lay that was open at some moment: the tile, and the tiles that fit
    the open ends it would have left (what the next players could answer)."""

    tile: int
    after: int


@dataclass(frozen=True)
class Moment:
    """What was public when a lay was made: tiles on the table, and per seat the
    tiles held and the tiles it was known to lack (by its passes and forced draws)."""

    played: int
    counts: tuple[int, ...]
    lacks: tuple[int, ...]


@dataclass(frozen=True)
class PastLay:
    """A lay a seat chose: when (index in the history), what it laid, and which
    tiles could have been laid instead (those fitting an open end then).

    With ``read_knowledge(view, options=True)`` it also says how many tiles the
    seat held then (``size``), which of them are known (``held``: the tile laid
    and the tiles it laid later without drawing in between), every lay open to
    a seat holding any tile not yet on the table (``options``, the one chosen at
    index ``chosen``) and the public ``moment``."""

    time: int
    tile: int
    fitting: int
    size: int = 0
    held: int = 0
    options: tuple[LayOption, ...] = ()
    chosen: int = -1
    moment: Moment | None = None


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


def read_knowledge(view: SeatView, options: bool = False) -> dict[int, HandKnowledge]:
    """Per other seat, what its hidden tiles can be, from the view alone; with
    ``options``, each past lay also records the lays it was chosen from."""
    rules = view.rules
    players = view.players
    forced = rules.drawing in FORCED_DRAWING
    history = view.history
    events: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    draws: list[list[int]] = [[] for _ in range(players)]
    lays: list[list[PastLay]] = [[] for _ in range(players)]
    table: RoundState | None = None
    counts = _dealt_counts(view) if options else []
    lacks = [0] * players
    played = 0
    for time, (seat, action) in enumerate(history):
        if action.kind == "lay":
            if table is not None and table.phase == "play" and action.tile is not None:
                if options and seat != view.seat:
                    moment = Moment(played, tuple(counts), tuple(lacks))
                    lays[seat].append(_chosen_lay(table, history, time, seat, action, moment))
                else:
                    lays[seat].append(PastLay(time, action.tile, fitting_now(table)))
            table = _replay_lay(table, view, seat, action)
            if action.tile is not None:
                played |= 1 << action.tile
            if counts:
                counts[seat] -= 1
        elif action.kind == "draw":
            if table is not None and forced:
                fitting = fitting_now(table)
                events[seat].append((time, fitting))
                lacks[seat] |= fitting
            draws[seat].extend([time] * action.count)
            if counts:
                counts[seat] += action.count
        elif action.kind == "pass" and table is not None:
            fitting = fitting_now(table)
            events[seat].append((time, fitting))
            lacks[seat] |= fitting
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


def _dealt_counts(view: SeatView) -> list[int]:
    """How many tiles each seat held before the first action of the history."""
    counts = list(view.hand_counts)
    for seat, action in view.history:
        if action.kind == "lay":
            counts[seat] += 1
        elif action.kind == "draw":
            counts[seat] -= action.count
    return counts


def _chosen_lay(
    table: RoundState, history: list[tuple[int, Action]], time: int, seat: int, action: Action, moment: Moment
) -> PastLay:
    """The lay ``action`` of ``seat`` at ``time``, with every lay open then (on the
    scratch table, where every seat holds every tile, less those on the table)."""
    assert action.tile is not None
    held = 1 << action.tile
    for later in range(time + 1, len(history)):
        other, done = history[later]
        if other != seat:
            continue
        if done.kind == "draw":
            break
        if done.kind == "lay" and done.tile is not None:
            held |= 1 << done.tile
    table.current = seat
    found: list[LayOption] = []
    chosen = -1
    for move in table.legal_moves():
        if move.tile is None or moment.played >> move.tile & 1:
            continue
        if move == action:
            chosen = len(found)
        table.push_unchecked(move)
        after = fitting_now(table) if table.phase == "play" else 0
        table.pop()
        found.append(LayOption(move.tile, after))
    return PastLay(
        time, action.tile, fitting_now(table), moment.counts[seat], held, tuple(found), chosen, moment
    )


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
