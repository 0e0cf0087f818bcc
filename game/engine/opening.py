"""How a round opens: who leads, and how (each rule set's lead, RULES.md section 2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine.rules import REFUSABLE_LEADS, Rules
from game.engine.tiles import DOUBLE, DOUBLES_MASK, HALVES, HIGH, PIPS, hand_tiles

# Lead situations (how this round opens).
FORCED = "forced"  # one seat must lead one tile
ANY_TILE = "any-tile"  # one seat leads any tile of theirs
REFUSABLE = "refusable"  # one seat leads a double other than 0-0, may draw for one, or refuse
DRAW_FOR_DOUBLE = "draw-for-double"  # seats draw in turn until someone draws a double
REDEAL = "redeal"  # nobody may lead: the tiles are dealt again


@dataclass(frozen=True, slots=True)
class Opening:
    """How a round opens: a lead rule id of RULES.md section 4, and the seat it names
    (the previous winner, loser or leader), if any."""

    rule: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Lead:
    """Who leads the round, and how: a lead situation above, the seat to lead,
    the tile a forced lead must be, and the tiles the deal showed that every
    seat lacks (a mask: nobody holds a double above the one that leads)."""

    kind: str
    seat: int
    tile: int | None = None
    lacks: int = 0


def lead_of(rules: Rules, hands: Sequence[int], opening: Opening) -> Lead:
    """How the round dealt ``hands`` (bitmasks) opens."""
    rule = opening.rule
    seat = opening.seat if opening.seat is not None else 0
    if rule == "winner-any-tile":
        return Lead(ANY_TILE, seat)
    if rule in REFUSABLE_LEADS:
        return Lead(REFUSABLE, seat)
    doubles = [(HIGH[t], s, t) for s, h in enumerate(hands) for t in hand_tiles(h & DOUBLES_MASK)]
    if rule == "lowest-double-not-blank":
        candidates = [d for d in doubles if d[0] > 0]
        if not candidates:
            return Lead(REDEAL, 0)
        _, holder, tile = min(candidates)
        # nobody holds a lower double other than 0-0
        lower = sum(1 << d for d in range(len(HALVES)) if DOUBLE[d] and 0 < HIGH[d] < HIGH[tile])
        return Lead(FORCED, holder, tile, lower)
    if rule == "six-six-redeal":
        six_six = 27
        six_holder = next((s for s in range(rules.players) if hands[s] >> six_six & 1), None)
        return Lead(REDEAL, 0) if six_holder is None else Lead(FORCED, six_holder, six_six)
    if doubles:
        _, holder, tile = max(doubles)
        higher = sum(1 << d for d in range(len(rules.all_tiles)) if DOUBLE[d] and HIGH[d] > HIGH[tile])
        if rule == "highest-holder-any-double-not-blank":
            return Lead(REFUSABLE, holder, None, higher)
        return Lead(FORCED, holder, tile, higher)
    # Nobody holds a double.
    all_doubles = DOUBLES_MASK & ((1 << len(rules.all_tiles)) - 1)
    if rule == "highest-double-draw":
        return Lead(DRAW_FOR_DOUBLE, 0, None, all_doubles)
    if rule == "highest-double-else-highest-tile":
        held = [(PIPS[t], HIGH[t], s, t) for s, h in enumerate(hands) for t in hand_tiles(h)]
        _, _, holder, tile = max(held)
        return Lead(FORCED, holder, tile, all_doubles)
    return Lead(REDEAL, 0, None, all_doubles)  # highest-double-redeal, highest-holder-any-double-not-blank
