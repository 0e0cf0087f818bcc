"""Where the tiles of the table go on the screen. Rectangles only, no drawing.

The engine says which tile lies on which arm, in which order, and which half
faces out. This module turns that into screen rectangles:

- the lead sits in the middle; a line grows W and E; a spinner opens two more
  arms (a cross of four);
- every arm walks like a turtle: its first tile straight out, then straight on
  until the table's edge (or another arm) is near, then it turns with a corner
  tile, always to the same side (clockwise), so arms spiral apart. Heading
  along the table's long side it comes back one row further out (a snake);
  heading across it (N or S on a wide table) it bends and runs along the edge
  (an elbow);
- doubles are placed endwise, in line with their arm, in every game (the
  rules: "Doubles are placed endwise and count the same as single
  dominoes"). Only a spinner lies across: where there are no crosswise
  matadors, the spinner stands across the line and opens its side arms from
  its ends. In games with crosswise matadors (Leyden, Senst, any game with
  ``crosswise`` on) the spinner lies in line too (its halves facing W and E,
  its side arms starting from its long sides): the only tile ever drawn
  across an arm there is a matador laid across, and it never sits on a
  corner, so it always reads as across. A tile joined to one value of a
  crosswise matador sits against that half;
- one *unit* is half a tile (a tile is 2 x 1 units). The largest unit at which
  every tile and every drop slot fits the area without overlap is chosen (up
  to a hand tile's size), or a slightly smaller one at which all arms run
  straight (see ``compute_layout``).

Tiles are processed in the order they were played, so a new tile never moves
the earlier ones (unless the unit has to shrink, or the layout is re-centred;
the scene eases both).
"""


from __future__ import annotations

from typing import Sequence

from pygame import Rect

from game.ui.drawing import access

from game.engine import Placement
from game.ui.table.felt.spots import CROSS, LINE, LayoutRules, LayoutSource, Slot, SlotKey, TableLayout, TileSpot, Vec, shape_of, spinning_arms
from game.ui.table.felt.centring import centred
from game.ui.table.felt.walk import Attempt

__all__ = [
    "CROSS", "LINE", "LayoutRules", "LayoutSource", "Slot", "SlotKey", "TableLayout", "TileSpot", "Vec",
    "centred", "compute_layout", "held_still", "largest_unit", "shape_of", "spinning_arms", "with_last_tile",
]

MIN_UNIT = 6
MAX_UNIT = 52  # a tile on the felt is at most as large as one in the hand (104 px long at 1280x800)
NOMINAL_FELT_H = 486  # the layout area's height in a 1280x800 window
PREFER_STRAIGHT = 0.85  # all arms straight is worth tiles this much smaller than with corners

def with_last_tile(previous: TableLayout, p: Placement) -> TableLayout | None:
    """``previous`` with ``p`` laid where its slot was and no slots left: the
    round's last tile lands on its ghost and the table holds still. None when
    ``previous`` had no slot for it."""
    if p.arm is None:
        return None
    slot = previous.slot(p.arm, shape_of(p.double, p.across, previous.doubles_across, p.arm in previous.spins), p.joins)
    if slot is None:
        return None
    if p.double:
        first = second = p.inner
    elif p.across and not slot.turn:
        first, second = p.inner, p.outer
    else:
        first, second = slot.faces(p.inner, p.outer)
    spot = TileSpot(p.tile, slot.rect, slot.vertical, first, second, p.arm, p.index, slot.heading, slot.turn)
    return TableLayout(previous.unit, previous.area, [*previous.tiles, spot], {}, previous.fits, {}, previous.doubles_across, previous.spins)


def held_still(previous: TableLayout, placements: Sequence[Placement]) -> TableLayout | None:
    """A finished round's table as it stood: ``previous`` with the round's last
    tile on its ghost (``with_last_tile``), or, when the round ended without a
    tile laid (blocked, on a pass), just as it was; no places left either way.
    None when ``previous`` does not hold the tiles before the last."""
    if len(previous.tiles) == len(placements) - 1:
        return with_last_tile(previous, placements[-1])
    if {t.tile for t in previous.tiles} != {p.tile for p in placements}:
        return None
    return TableLayout(previous.unit, previous.area, previous.tiles, {}, previous.fits, {}, previous.doubles_across, previous.spins)


def largest_unit(area: Rect) -> int:
    """The unit a nearly empty table uses: as large as a hand's tiles, but leaving
    room to play.

    The cap grows with a felt taller than a 1280x800 window's (up to half as
    much again, as the hand does), so tiles on a large screen are not lost on
    the cloth.
    """
    f = access.table_factor()  # the table size setting: larger tiles while they fit
    felt_h = area.height / access.CURRENT.pixel_ratio  # (table_factor counts the pixels per point)
    cap = int(MAX_UNIT * f * max(1.0, min(1.5, felt_h / NOMINAL_FELT_H)))
    unit = min(cap, int(area.height * f) // 8, int(area.width * f) // 14)
    return max(MIN_UNIT, unit - unit % 2)


def compute_layout(source: LayoutSource, area: Rect, max_unit: int | None = None) -> TableLayout:
    """The screen layout of ``source`` inside ``area``.

    The yardstick is the largest unit at which every tile and drop slot fits,
    arms turning at the edges. The unit chosen is the largest at which all arms
    run straight, if that is no smaller than ``PREFER_STRAIGHT`` of the
    yardstick; else the largest that fits. ``max_unit`` caps the unit chosen
    (a scene passes the unit of the previous move, so the tiles never grow
    back during a round) but not the yardstick, so a capped table still turns
    its arms rather than shrinking them move by move. If nothing fits even at
    the smallest unit, the smallest layout is returned with ``fits`` False.
    """
    nominal = largest_unit(area)
    top = nominal if max_unit is None else max(MIN_UNIT, min(nominal, max_unit - max_unit % 2))
    tried: dict[int, Attempt | None] = {}

    def fits(unit: int, straight: bool = False) -> Attempt | None:
        if unit not in tried:
            attempt = Attempt(source, area, unit)
            ok = attempt.run(straight)
            if not ok and straight and attempt.walker.corners:
                return None  # gave up at its first corner: whether it fits is unknown
            tried[unit] = attempt if ok else None
        return tried[unit]

    yardstick = next((u for u in range(nominal, MIN_UNIT - 1, -2) if fits(u) is not None), None)
    if yardstick is None:
        smallest = Attempt(source, area, MIN_UNIT)
        smallest.run()
        return smallest.result(False)
    turning: Attempt | None = None  # the largest under the cap that fits with corners
    for unit in range(min(top, yardstick), MIN_UNIT - 1, -2):
        if turning is not None and unit < yardstick * PREFER_STRAIGHT:
            break
        attempt = fits(unit, straight=turning is not None)
        if attempt is None:
            continue
        if attempt.walker.corners == 0:
            return attempt.result(True)
        turning = turning or attempt
    if turning is None:  # under the cap nothing fits (fitting is not quite monotonic
        # in the unit): better a little larger than overlapping tiles
        turning = tried[yardstick]
        assert turning is not None
    return turning.result(True)
