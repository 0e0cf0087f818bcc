"""The round's moves in plain words, as the table saw them.

Each line names who acted and what they did ("Hard laid 6-1 on the north
arm", "Ann laid 5-2 on the 4", "Ann drew 3 tiles", "Bo passed, with no 3 or 4"), with small tile
pictures: the tiles laid, and for a draw the tiles drawn, face up only for the
seat whose screen it is; everyone else's draws are backs.

Also here: which move of each other seat is new to the person at the screen
(made since that person last acted), so the table can mark it; and
``position_at``, the position before any action of a round as a full position
of its own, whose moves can be told in words like the live round's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from game.engine import Action, IllegalMoveError, RoundState, Rules
from game.engine.state import PHASE_OVER, Opening
from game.engine.tiles import halves, tile_name, tile_of
from game.i18n import _, ngettext
from game.ui.table.position_reads import Position
from game.words.seat_words import is_you
from game.words.ends import end_name

log = logging.getLogger(__name__)

Face = tuple[int, int] | None  # a tile's halves, or None for a tile seen from the back


@dataclass(frozen=True)
class LogLine:
    index: int  # the action's index in the round's history
    seat: int
    text: str
    tiles: tuple[Face, ...] = ()


def place_words(action: Action, before: RoundState) -> str:
    """Where a lay puts its tile: "6-1 on the 1", "4-3 across the east arm"."""
    assert action.tile is not None
    tile = tile_name(action.tile)
    if action.arm is None:
        return tile
    where = end_name(action.arm, before.end_values(action.arm), before.rules.layout)
    if action.across:
        return _("{tile} across {end}").format(tile=tile, end=where)
    if action.joins is not None:
        # TRANSLATORS: a tile laid on a crosswise matador's end, joining one of the two values it shows.
        return _("{tile} on {end}, joining its {value}").format(tile=tile, end=where, value=action.joins)
    return _("{tile} on {end}").format(tile=tile, end=where)


def lay_words(name: str, action: Action, before: RoundState) -> str:
    place = place_words(action, before)
    if action.arm is None:
        return _("You led {place}").format(place=place) if is_you(name) else _("{name} led {place}").format(name=name, place=place)
    return _("You laid {place}").format(place=place) if is_you(name) else _("{name} laid {place}").format(name=name, place=place)


def or_list(items: list[str]) -> str:
    """"3", "3 or 4", "2, 3 or 4"."""
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last of several numbers a seat lacks: "2, 3 or 4".
    return _("{numbers} or {last}").format(numbers=", ".join(items[:-1]), last=items[-1])


def pass_words(name: str, before: RoundState) -> str:
    """A pass, with what the seat showed it lacks: the numbers the open ends needed."""
    target = before.rules.target
    wanted = sorted({target - v for end in before.open_ends() for v in end.values if 0 < target - v < target})
    if not wanted:
        return _("You passed: nothing could be laid") if is_you(name) else _("{name} passed: nothing could be laid").format(name=name)
    numbers = or_list([str(n) for n in wanted])
    if is_you(name):
        return _("You passed, with no {numbers}").format(numbers=numbers)
    return _("{name} passed, with no {numbers}").format(name=name, numbers=numbers)


def drew_words(name: str, count: int) -> str:
    """"Ann drew a tile", "You drew 3 tiles"."""
    if is_you(name):
        return ngettext("You drew a tile", "You drew {count} tiles", count).format(count=count)
    return ngettext("{name} drew a tile", "{name} drew {count} tiles", count).format(name=name, count=count)


def position_at(state: RoundState, index: int) -> RoundState:
    """The position just before action ``index`` of ``state``'s history, played
    again from the round's start, so that it knows its own history's positions
    (``before``) as the live round does: the review shows such positions, and
    the table's aids word their moves. ``state`` must be a live round (one that
    was played by ``push``), as ``Match.rounds`` holds."""
    position = state.before(0)
    for _, action in state.history[:index]:
        position.push(action)
    return position


def round_log(state: RoundState, names: list[str], face_up: frozenset[int] = frozenset()) -> list[LogLine]:
    """The lines of the round so far, oldest first. Draws by seats in ``face_up``
    show their tiles; every other draw shows backs."""
    drawn = 0  # tiles taken from the front of the boneyard so far

    def faces(index: int, seat: int, count: int) -> tuple[Face, ...]:
        nonlocal drawn
        tiles = state.boneyard[drawn : drawn + count]
        drawn += count
        return tuple(halves(t) if seat in face_up else None for t in tiles)

    return tell(state.history, names, state.before, faces)


def tell(
    history: Sequence[tuple[int, Action]],
    names: list[str],
    before: Callable[[int], RoundState],
    faces: Callable[[int, int, int], tuple[Face, ...]],
) -> list[LogLine]:
    """The lines of ``history``: ``before(i)`` is the position before action ``i``
    (where a lay went, what a pass lacked), ``faces(i, seat, count)`` the tiles a
    draw took, as this screen may show them (None: a back)."""
    lines: list[LogLine] = []
    for index, (seat, action) in enumerate(history):
        name = names[seat]
        if action.kind == "lay" and action.tile is not None:
            lines.append(LogLine(index, seat, lay_words(name, action, before(index)), (halves(action.tile),)))
        elif action.kind == "draw":
            drew = faces(index, seat, action.count)
            last = lines[-1] if lines else None
            if last is not None and last.seat == seat and last.index == index - 1 and history[last.index][1].kind == "draw":
                drew = last.tiles + drew  # one line for draws one after another
                lines.pop()
            lines.append(LogLine(index, seat, drew_words(name, len(drew)), drew))
        elif action.kind == "pass":
            lines.append(LogLine(index, seat, pass_words(name, before(index))))
        elif action.kind == "refuse":
            words = _("You refused to lead") if is_you(name) else _("{name} refused to lead").format(name=name)
            lines.append(LogLine(index, seat, words))
    return lines


def public_positions(rules: Rules, history: Sequence[tuple[int, Action]]) -> list[RoundState]:
    """The positions before each action of a round's public ``history``, as far as
    the table shows them (the tiles laid, the open ends), for a screen that holds
    only its seat's view (a network table): the actions are played again on a
    scratch round in which every seat holds every tile and a draw takes a tile
    that is never read. Shorter than ``history`` if it does not follow (a move
    the scratch cannot take): the lines stop there rather than guess."""
    players = rules.players
    every = (1 << len(rules.all_tiles)) - 1
    draws = sum(a.count for _, a in history if a.kind == "draw")
    scratch = RoundState(rules, [[] for _ in range(players)], [], Opening("winner-any-tile", 0))
    scratch.hands = [every] * players
    scratch.boneyard = [tile_of(1, 0)] * (draws + 1)  # a tile that is not a double: a draw for a lead goes on
    positions: list[RoundState] = []
    for seat, action in history:
        if scratch.phase == PHASE_OVER:
            break
        positions.append(scratch.copy())
        try:
            for _ in range(action.count if action.kind == "draw" else 1):
                scratch.current = seat
                scratch.push_unchecked(Action.draw() if action.kind == "draw" else action)
        except (IllegalMoveError, ValueError, IndexError, AssertionError, KeyError) as err:
            log.warning("a network round's moves could not be told past move %d: %s", len(positions), err)
            break
    return positions


def view_log(rules: Rules, history: Sequence[tuple[int, Action]], names: list[str], drawn: Mapping[int, tuple[int, ...]]) -> list[LogLine]:
    """The lines of a round known only by its public ``history`` (a network
    table's): this screen's own draws show the tiles in ``drawn`` (by the
    action's index; backs where they were not seen), every other draw backs."""
    positions = public_positions(rules, history)

    def faces(index: int, seat: int, count: int) -> tuple[Face, ...]:
        seen = drawn.get(index, ())
        return tuple(halves(seen[i]) if i < len(seen) else None for i in range(count))

    return tell(history[: len(positions)], names, positions.__getitem__, faces)


def news_for(state: Position, viewer: int) -> dict[int, int]:
    """Per other seat, the index of its latest action since ``viewer`` last acted."""
    history = state.history
    since = max((i for i, (seat, _) in enumerate(history) if seat == viewer), default=-1)
    return {seat: i for i, (seat, _) in enumerate(history) if i > since and seat != viewer}


def news_words(action: Action) -> str:
    """A seat's latest move, in a word or two, for its plaque."""
    # TRANSLATORS: under a seat's name on its plaque, what it did last ("drew 2", "passed", "laid 6-1").
    if action.kind == "draw":
        return ngettext("drew {count}", "drew {count}", action.count).format(count=action.count)
    if action.kind == "pass":
        return _("passed")
    if action.kind == "refuse":
        return _("refused to lead")
    return _("laid {tile}").format(tile=tile_name(action.tile)) if action.tile is not None else _("laid")


class MovesLog:
    """The live round's moves in words for the moves panel: a listener of the
    referee, which drops its lines whenever the referee tells of an action, an
    undo or a new round; they are made again when next drawn. (A position set up
    without the referee, by a tool or a test, is caught by its length.)"""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._lines: list[LogLine] = []

    def heard(self, event: object) -> None:
        self._key = None

    def lines(self, state: RoundState, names: list[str], face_up: frozenset[int]) -> list[LogLine]:
        key = (id(state), len(state.history), face_up)
        if self._key != key:
            self._key = key
            self._lines = round_log(state, names, face_up)
        return self._lines
