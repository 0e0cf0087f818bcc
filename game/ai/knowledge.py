"""What the public history has revealed about each hidden hand.

The engine's ``SeatView.lacks`` keeps one mask per seat and forgets, when a
seat draws, that the new tiles are not bound by what it lacked before, so a
hand can hold a tile its mask rules out. Here the history is replayed on a
scratch table instead, and what a hand can hold is worked out exactly:

* every pass, and every draw where a tile may only be drawn for want of a
  playable one, says that the seat held nothing fitting the open ends then;
  the opening says which doubles (or, leading the highest tile, which tiles)
  nobody held; a tile drawn for the lead's double that was not laid at once
  was no double;
* a tile the seat acquired (dealt, or drawn at time ``t``) is bound by what was
  learnt after it came and before it left the hand;
* the tiles the seat laid came out of those acquisitions too. Which ones is not
  always known (a tile drawn until one fits is laid at once; a tile laid later
  may have been dealt or drawn), so every way is counted: the acquisitions
  still held are grouped into *classes* (those made between the same two
  public moments share a bound), and ``HandKnowledge.ways`` lists each possible
  count of held tiles per class with the number of ways the lays seen leave it.

Every consistent deal is one assignment of the seat's tiles to its
acquisitions, all equally likely before the lays are weighed, so a sampler that
draws a count vector in proportion to its ways and fills the classes uniformly
deals exactly as the shuffle would (``sampling.py``; ``tests/ai/test_exact.py``
checks it against enumerating the deals).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action, SeatView
from game.engine.state import Opening, RoundState
from game.engine.tiles import DOUBLES_MASK, HIGH, PIPS

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


Ways = tuple[tuple[tuple[int, ...], float], ...]
MAX_STATES = 4096  # count vectors kept per seat (more only in freak histories; the likeliest are kept)


@dataclass(frozen=True)
class HandKnowledge:
    """One hidden hand: per tile it holds, a mask of tiles that tile cannot be,
    and since when it is surely held (the history index of its draw, -1 if dealt);
    and the lays the seat chose, oldest first.

    ``slots``/``since`` describe the likeliest way the hand was made up; the
    exact reading is ``classes`` (per class of acquisitions: the tiles it
    cannot be, and since when it is held) with ``ways`` (each possible number
    of tiles held per class, and how many ways of explaining the lays seen
    leave it). Without ``classes`` the slots are the whole truth."""

    seat: int
    slots: tuple[int, ...]
    since: tuple[int, ...]
    lays: tuple[PastLay, ...]
    classes: tuple[tuple[int, int], ...] = ()
    ways: Ways = ()
    known: int = 0  # hidden tiles the seat surely holds (dealt to it, by the opening)

    @property
    def surely_lacks(self) -> int:
        """Tiles this seat certainly does not hold."""
        if self.classes:
            mask = -1
            for index, (bound, _) in enumerate(self.classes):
                if any(counts[index] for counts, _ in self.ways):
                    mask &= bound
            return mask
        if not self.slots:
            return -1
        mask = self.slots[0]
        for slot in self.slots[1:]:
            mask &= slot
        return mask

    def vectors(self) -> Ways:
        """The possible held counts per class with their ways (one vector, one
        slot a class, for a hand described by slots alone)."""
        if self.classes:
            return self.ways
        return (((1,) * len(self.slots), 1.0),)

    def class_list(self) -> tuple[tuple[int, int], ...]:
        return self.classes if self.classes else tuple(zip(self.slots, self.since))


def fitting_now(state: RoundState) -> int:
    """Every tile that could be laid on one of the open ends of ``state``."""
    return state.fitting()


class _Reading:
    """The acquisitions of one seat as the history is replayed: classes (start
    time each), the events that bind them, and the count vectors with their
    ways. The history is recorded first (``event``, ``mark``, ``acquire``,
    ``lay``) and counted by ``knowledge`` once the opening is known."""

    def __init__(self, dealt: int):
        self.dealt = dealt
        self.steps: list[tuple[str, float, int]] = []
        self.events: list[tuple[float, int]] = []

    def event(self, when: float, mask: int) -> None:
        self.steps.append(("event", when, mask))
        if mask:
            self.events.append((when, mask))

    def mark(self, when: float) -> None:
        self.steps.append(("mark", when, 0))

    def acquire(self, time: int, count: int) -> None:
        self.steps.append(("acquire", time, count))

    def lay(self, time: int, tile: int) -> None:
        self.steps.append(("lay", time, tile))

    def knowledge(self, seat: int, lays: tuple[PastLay, ...], opening: int, dealt_tile: int | None) -> HandKnowledge:
        """``dealt_tile``: a tile the opening says this seat was dealt."""
        events = [(-0.5, opening)] + self.events
        starts = [-1]
        boundary = -0.5
        known = 0
        if dealt_tile is not None and not any(k == "lay" and v == dealt_tile for k, _, v in self.steps):
            known = 1 << dealt_tile
        states: dict[tuple[int, ...], float] = {(self.dealt - known.bit_count(),): 1.0}

        def bound(start: float, until: float = float("inf")) -> int:
            mask = 0
            for when, fitting in events:
                if start < when < until:
                    mask |= fitting
            return mask

        for kind, when, value in self.steps:
            if kind == "acquire":
                if starts[-1] > boundary:
                    states = {v[:-1] + (v[-1] + value,): w for v, w in states.items()}
                else:
                    starts.append(int(when))
                    states = {v + (value,): w for v, w in states.items()}
                continue
            boundary = max(boundary, when)
            if kind == "lay":
                bit = 1 << value
                allowed = [not bound(start, when) & bit for start in starts]
                if value == dealt_tile:
                    allowed = [i == 0 for i in range(len(starts))]
                after: dict[tuple[int, ...], float] = {}
                for counts, ways in states.items():
                    for index, n in enumerate(counts):
                        if n and allowed[index]:
                            key = counts[:index] + (n - 1,) + counts[index + 1 :]
                            after[key] = after.get(key, 0.0) + ways * n
                if not after:  # pragma: no cover - the real history always has a way
                    after = {max(states, key=sum): 1.0}
                if len(after) > MAX_STATES:  # pragma: no cover - freak histories only
                    after = dict(sorted(after.items(), key=lambda item: -item[1])[:MAX_STATES])
                states = after
        used = [i for i in range(len(starts)) if any(v[i] for v in states)]
        classes = tuple((bound(starts[i]), starts[i]) for i in used)
        vectors: Ways = tuple((tuple(v[i] for i in used), w) for v, w in states.items())
        likeliest = max(vectors, key=lambda item: item[1])[0] if vectors else ()
        slots = [classes[i] for i, n in enumerate(likeliest) for _ in range(n)]
        slots.sort(key=lambda slot: -slot[0].bit_count())
        return HandKnowledge(
            seat, tuple(m for m, _ in slots), tuple(t for _, t in slots), lays, classes, vectors, known
        )


def read_knowledge(view: SeatView, options: bool = False) -> dict[int, HandKnowledge]:
    """Per other seat, what its hidden tiles can be, from the view alone; with
    ``options``, each past lay also records the lays it was chosen from."""
    rules = view.rules
    players = view.players
    forced = rules.drawing in FORCED_DRAWING
    history = view.history
    lays: list[list[PastLay]] = [[] for _ in range(players)]
    table: RoundState | None = None
    dealt = _dealt_counts(view)
    counts = list(dealt) if options else []
    lacks = [0] * players
    readings = [_Reading(n) for n in dealt]
    played = 0
    for time, (seat, action) in enumerate(history):
        reading = readings[seat]
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
                reading.lay(time, action.tile)
            if counts:
                counts[seat] -= 1
        elif action.kind == "draw":
            if table is not None and forced:
                fitting = fitting_now(table)
                reading.event(time, fitting)
                lacks[seat] |= fitting
            reading.acquire(time, action.count)
            if table is None and rules.lead == "highest-double-draw":
                laid_next = time + 1 < len(history) and history[time + 1][0] == seat
                if not laid_next:  # drawn for the lead's double, and no double
                    reading.event(time + 0.5, DOUBLES_MASK)
            if counts:
                counts[seat] += action.count
        elif action.kind == "pass" and table is not None:
            fitting = fitting_now(table)
            reading.event(time, fitting)
            lacks[seat] |= fitting
        else:
            reading.mark(time)
    opening = _opening_lacks(view, readings)
    holder, highest = _highest_holder(view, opening)
    result: dict[int, HandKnowledge] = {}
    for seat in range(players):
        if seat == view.seat:
            continue
        dealt_tile = highest if seat == holder else None
        result[seat] = readings[seat].knowledge(seat, tuple(lays[seat]), opening, dealt_tile)
    return result


def _opening_lacks(view: SeatView, readings: list[_Reading]) -> int:
    """What the opening told about every dealt hand: the engine's lacks, less
    what each seat's own passes and forced draws taught (the opening's part is
    the same for every seat), and, where the highest tile leads when nobody
    holds a double, every tile above the one led."""
    mask = 0
    for seat, reading in enumerate(readings):
        learnt = 0
        for _, fitting in reading.events:
            learnt |= fitting
        mask |= view.lacks[seat] & ~learnt
    rules = view.rules
    if rules.lead == "highest-double-else-highest-tile" and rules.next_lead == "as-first":
        first = next((a for _, a in view.history if a.kind == "lay" and a.tile is not None), None)
        if first is not None and first.tile is not None and not DOUBLES_MASK >> first.tile & 1:
            rank = (PIPS[first.tile], HIGH[first.tile])
            for t in rules.all_tiles:
                if (PIPS[t], HIGH[t]) > rank:
                    mask |= 1 << t
    return mask


def _highest_holder(view: SeatView, opening: int) -> tuple[int | None, int | None]:
    """Where the holder of the highest double leads (Leyden, Senst's first
    round), the seat that was to lead and the double it was dealt: the highest
    one the opening did not rule out. A first round is one with no points
    scored yet (a round after a tied block of no points is read as one too)."""
    if view.rules.lead != "highest-holder-any-double-not-blank" or not view.history:
        return None, None
    if view.totals is not None and any(view.totals):
        return None, None
    doubles = [t for t in view.rules.all_tiles if DOUBLES_MASK >> t & 1 and not opening >> t & 1]
    return view.history[0][0], max(doubles, key=lambda t: HIGH[t])


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


def _replay_lay(table: RoundState | None, view: SeatView, seat: int, action: Action) -> RoundState:
    """Lay ``action`` on a scratch table where every seat holds every tile."""
    if table is None:
        every = list(view.rules.all_tiles)
        table = RoundState(view.rules, [every] * view.players, [], Opening("winner-any-tile", seat))
    table.current = seat
    table.push_unchecked(action)
    return table
