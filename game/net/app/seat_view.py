"""A seat's ``SeatView``, rebuilt from the whole view the server sends
(``view_json`` in game/net/shared/protocol.py) with the engine itself, so that a network
table computes the seat's legal moves, open ends and what the table knows of each
hand as a local one does (game/net/app/mirror.py follows a session with it).

No pygame here.
"""

from __future__ import annotations

from typing import Any, Callable

from game.engine import NO_SEAT, Action, Placement, RecordError, RoundOutcome, Rules, SeatView, action_from_json
from game.engine.rules import REFUSABLE_LEADS
from game.engine.state import ANY_TILE, DRAW_FOR_DOUBLE, FORCED, PHASE_LEAD, REFUSABLE, Opening, RoundState
from game.engine.tiles import DOUBLE, HIGH, parse_tile, tile_of
from game.engine.view import UNKNOWN
from game.net.shared.protocol import ProtocolError


def placement_of(data: dict[str, Any], rules: Rules) -> Placement:
    tile = parse_tile(data["tile"], rules.top)
    return Placement(tile, data["arm"], data["inner"], data["outer"], bool(data["across"]), data["joins"], data["seat"], DOUBLE[tile], data["index"])


def _doubles(rules: Rules, keep: Callable[[int], bool]) -> int:
    return sum(1 << t for t in rules.all_tiles if DOUBLE[t] and keep(t))


def _opening_lacks(rules: Rules, rule: str, lead: int | None, drew_for_lead: bool) -> int:
    """What the deal's opening told the table each seat lacks (as ``RoundState._open``
    learns it), when the lead tile is known: doubles above the highest one held,
    every double when nobody held one."""
    if rule in ("highest-double-draw", "highest-double-redeal", "highest-double-else-highest-tile"):
        if drew_for_lead:  # nobody held a double: they were drawn for
            return _doubles(rules, lambda t: True)
        if lead is None:
            return 0
        if DOUBLE[lead]:
            return _doubles(rules, lambda t: HIGH[t] > HIGH[lead])
        return _doubles(rules, lambda t: True)  # the highest tile led: nobody held a double
    if rule == "lowest-double-not-blank" and lead is not None:
        return _doubles(rules, lambda t: 0 < HIGH[t] < HIGH[lead])
    return 0


def seat_view(
    rules: Rules,
    data: dict[str, Any],
    opening: str | None = None,
    outcome: RoundOutcome | None = None,
) -> SeatView:
    """The ``SeatView`` a whole view message describes (``view_json`` in
    game/net/shared/protocol.py), built with the engine: the public history is played
    again on a scratch round (whose hidden tiles are never read), then the seat's
    own hand, the counts and whose turn it is are set as the server says. The
    tiles on the table must come out as the server listed them (``ProtocolError``
    otherwise). ``opening`` is the round's lead rule (the first round's by
    default), which says how a round still being led goes on.

    Another seat's forced lead tile is known when the server announces it
    (``lead``). What the seat cannot know stays unknown: what a Leyden holder's
    highest double says of the others."""
    try:
        return _seat_view(rules, data, opening or rules.lead, outcome)
    except ProtocolError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AssertionError, RecordError) as err:
        raise ProtocolError(f"a view cannot be read: {err}") from None


def _seat_view(rules: Rules, data: dict[str, Any], rule: str, outcome: RoundOutcome | None) -> SeatView:
    players = rules.players
    me = int(data["seat"])
    history = [action_from_json(entry, rules) for entry in data["history"]]
    table = [placement_of(p, rules) for p in data["table"]]
    legal = [action_from_json(entry, rules)[1] for entry in data.get("legal", [])]
    hand = sum(1 << parse_tile(t, rules.top) for t in data["hand"])
    counts = tuple(int(c) for c in data["hand_counts"])
    if len(counts) != players or not (0 <= me < players or me == NO_SEAT):  # (NO_SEAT: a watcher's view, no hand)
        raise ProtocolError("the view is not of this table")

    lead_phase = [a for _, a in history[: next((i for i, (_, a) in enumerate(history) if a.kind == "lay"), len(history))]]
    drew_for_lead = rule == "highest-double-draw" and any(a.kind == "draw" for a in lead_phase)
    lead_tile = table[0].tile if table else None
    told = data.get("lead")  # a forced lead's tile, which its holder must announce
    if lead_tile is None and data.get("phase") == PHASE_LEAD and told is not None:
        lead_tile = parse_tile(str(told), rules.top)
    mine = [a for a in legal if a.kind == "lay" and a.arm is None]
    if lead_tile is None and data["current"] == me and len(mine) == 1 and not any(a.kind in ("draw", "refuse") for a in legal):
        lead_tile = mine[0].tile  # this seat must lead it
    refusable = rule in REFUSABLE_LEADS or rule == "highest-holder-any-double-not-blank"

    # the public history, played again on a scratch round: every seat holds every tile
    # (so a lay never ends it), draws take a placeholder that is not a double
    every = (1 << len(rules.all_tiles)) - 1
    draws = sum(a.count for _, a in history if a.kind == "draw")
    scratch = RoundState(rules, [[] for _ in range(players)], [], Opening("winner-any-tile", 0))
    scratch.hands = [every] * players
    scratch.boneyard = [tile_of(1, 0)] * (draws + 1)
    scratch.lead_kind = REFUSABLE if refusable else (DRAW_FOR_DOUBLE if drew_for_lead else ANY_TILE)
    opening_lacks = _opening_lacks(rules, rule, lead_tile, drew_for_lead)
    scratch.lacks = [opening_lacks] * players
    held = list(counts)  # the tiles each seat held before the round's actions, then as they went
    for seat, action in history:
        if action.kind == "lay":
            held[seat] += 1
        elif action.kind == "draw":
            held[seat] -= action.count
    for seat, action in history:
        scratch.current = seat
        if action.kind == "draw" and action.count > 1:
            for _ in range(action.count):
                scratch.current = seat
                scratch.push_unchecked(Action.draw())
            del scratch.history[-action.count :]
            scratch.history.append((seat, action))
        else:
            scratch.push_unchecked(action)
        if action.kind == "lay":
            held[seat] -= 1
            scratch.drawn_since[seat] = min(scratch.drawn_since[seat], held[seat])
        elif action.kind == "draw":
            held[seat] += action.count
    if scratch.placements != table:
        raise ProtocolError("the tiles on the table do not follow from the history")

    state = scratch.copy()  # without the scratch's undo stack
    state.hands = [hand if s == me else 0 for s in range(players)]
    state.boneyard = [UNKNOWN] * int(data["boneyard"])
    state.drawn = 0
    state.current = data["current"]
    state.phase = data["phase"]
    state.outcome = outcome
    if state.phase == PHASE_LEAD:
        first = history[0][0] if history else state.current
        if rule == "winner-any-tile":
            state.lead_kind, state.lead_seat, state.lead_tile = ANY_TILE, first, None
        elif refusable:
            state.lead_kind, state.lead_seat, state.lead_tile = REFUSABLE, first, None
        elif drew_for_lead and not (history and history[-1][0] == state.current):
            state.lead_kind, state.lead_seat, state.lead_tile = DRAW_FOR_DOUBLE, 0, None
        elif state.current == me and legal and all(a.kind == "draw" for a in legal):
            state.lead_kind, state.lead_seat, state.lead_tile = DRAW_FOR_DOUBLE, 0, None
        else:  # a forced lead: the tile is known to its holder (and to the others once laid)
            state.lead_kind, state.lead_seat, state.lead_tile = FORCED, state.current if state.current is not None else 0, lead_tile
    spinner = data.get("spinner")
    made = state.spinner
    told = None if spinner is None else (spinner["arm"], spinner["index"])
    if told != (None if made is None else (made.arm, made.index)):
        raise ProtocolError("the spinner does not follow from the history")
    totals = tuple(int(t) for t in data["totals"])
    return SeatView(me, rules, counts, totals, state)
