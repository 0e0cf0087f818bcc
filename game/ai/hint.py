"""A fair hint: the action the coach rates best from the person's own seat,
and one short reason in words that is true of the position.

The hint is ``coach.choose(view, Random(seed), budget)``: the coach's search
(deals uniform among those consistent with the seat's view, every candidate
played out on the same deals by the playout policy, the exact endgame once
nothing is hidden) for a second at most. It sees the seat's view and nothing
else, as every computer player does, and the review of the same position
agrees with it but for the noise of a short search. (The hard player it used
to be reads the others' lays and plays for a pip margin too; against deals
uniform among the consistent ones that made its choice differ from the best
by more than 2 points in a quarter of the benchmark's decisions, see
``docs/coach.md``.) The reason is read off the view (the tile's pips, the ends
it leaves, what the table knows the next seat lacks); only a draw's rests on
the search's figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.ai.coach import choose
from game.ai.heuristic import scratch_state, special_mask
from game.ai.knowledge import read_knowledge
from game.ai.search import SURE_Z, Arm, paired_difference
from game.engine import Action, SeatView
from game.engine.tiles import HALVES, HAS, is_double, pips

BUDGET_S = 0.8  # seconds of search: the answer comes within a second


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def suggest(view: SeatView, seed: int, names: Sequence[str], budget_s: float = BUDGET_S) -> Hint:
    """The coach's choice from ``view`` with ``Random(seed)`` in about ``budget_s`` seconds, and why."""
    action, arms = choose(view, random.Random(seed), budget_s)
    return Hint(action, reason(view, action, names, arms))


def reason(view: SeatView, action: Action, names: Sequence[str], arms: Sequence[Arm[Action]] = ()) -> str:
    """One short reason for ``action``, true of the position ``view`` shows
    (``arms``: the search's figures, which a draw's reason rests on)."""
    legal = view.legal_moves()
    lays = [a for a in legal if a.kind == "lay"]
    if action.kind == "draw":
        others = [a for a in legal if a.kind != "draw"]
        if not others or (not lays and view.phase == "play"):
            return "nothing fits: draw"
        return _draw_reason(view, action, arms, names)
    if action.kind == "pass":
        return "nothing fits and nothing may be drawn: pass"
    if action.kind == "refuse":
        doubles = [t for t in view.hand if is_double(t) and HALVES[t][0] > 0]
        if not doubles:
            return "no double to lead (0-0 does not count): refuse"
        return "refuse: leading now would cost you more than it brings"
    assert action.tile is not None
    tile = action.tile
    if len(legal) == 1:
        return "the only move the rules allow"
    if action.arm is None:
        return _lead_reason(view, tile)
    if len(view.hand) == 1:
        return "your last tile: domino!"
    return _main_reason(view, action, lays, names) or _tile_reason(view, tile, lays)


def _draw_reason(view: SeatView, action: Action, arms: Sequence[Arm[Action]], names: Sequence[str]) -> str:
    """Why draw when something else is allowed: only what the search showed."""
    mine = next((a for a in arms if a.item == action), None)
    rivals = [a for a in arms if a is not mine]
    refuse = any(a.kind == "refuse" for a in view.legal_moves())
    alternative = "refusing" if refuse and view.phase == "lead" else "laying now"
    if mine is None or not rivals:
        return f"drawing and {alternative} come out about even here"
    rival = max(rivals, key=lambda a: a.mean)
    mean, se, n = paired_difference(mine, rival)
    if n >= 2 and mean > SURE_Z * se and mean > 0:
        if refuse and view.phase == "lead":
            return "drawing for a double to lead does better here than refusing"
        return "the search finds drawing first better than any lay now"
    return f"drawing and {alternative} come out about even here"


def _lead_reason(view: SeatView, tile: int) -> str:
    if is_double(tile):
        return f"sheds {pips(tile)} pips and opens the table"
    return f"sheds {pips(tile)} pips"


def _main_reason(view: SeatView, action: Action, lays: list[Action], names: Sequence[str]) -> str:
    """What the lay does to the table: the only fit, an end the next seat cannot
    answer, a blank end."""
    assert action.tile is not None
    tiles = {a.tile for a in lays}
    places = {(a.arm, a.joins) for a in lays if a.tile == action.tile}
    if len(tiles) == 1 and len(places) == 1:
        return "the only tile that fits"
    after = scratch_state(view)
    after.push(action)
    rules = view.rules
    new_ends = [end for end in after.open_ends() if end.arm == action.arm]
    if not new_ends:
        return ""
    wanted = sorted({rules.target - v for end in new_ends for v in end.values if 0 < rules.target - v < rules.target})
    if not wanted:
        return "leaves a blank end: only a matador opens it" if rules.matadors else "closes that end"
    nxt = (view.seat + 1) % view.players
    knowledge = read_knowledge(view)
    if nxt in knowledge and view.hand_counts[nxt] > 0:
        lacks = knowledge[nxt].surely_lacks
        unseen = view.unseen_mask() & ~special_mask(view)
        missing = [n for n in wanted if HAS[n] & unseen and not HAS[n] & unseen & ~lacks]
        if missing and len(missing) == len(wanted):
            numbers = " or ".join(str(n) for n in missing)
            return f"{names[nxt]} is known to have no {numbers}"
    return ""


def _tile_reason(view: SeatView, tile: int, lays: list[Action]) -> str:
    """What the lay does to the hand: sheds pips, keeps a matador."""
    special = special_mask(view)
    held_special = [t for t in view.hand if special >> t & 1]
    if special >> tile & 1:
        others = {a.tile for a in lays if a.tile is not None and not special >> a.tile & 1}
        if not others:
            return "only a matador fits" if view.rules.matadors else "only a wild double fits"
        return f"sheds {pips(tile)} pips"
    if held_special:
        return f"keeps your {'matador' if view.rules.matadors else 'wild double'} for later"
    heaviest = max(pips(a.tile) for a in lays if a.tile is not None)
    return f"sheds {pips(tile)} pips" + (", your heaviest that fits" if pips(tile) == heaviest and pips(tile) > 0 else "")

