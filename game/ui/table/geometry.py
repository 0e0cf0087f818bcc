"""Where the tiles of the table go on the screen. Rectangles only, no drawing.

The engine says which tile lies on which arm, in which order, and which half
faces out. This module turns that into screen rectangles:

- the lead sits in the middle; a line grows W and E; a spinner opens two more
  arms from its ends (a cross of four);
- every arm walks like a turtle: straight on until the table's edge (or another
  arm) is near, then it turns with a corner tile and comes back one row further
  out (a snake), always on the same side (clockwise), so arms spiral apart;
- doubles and crosswise matadors lie across the line (the custom); a tile joined
  to one value of a crosswise matador sits against that half;
- one *unit* is half a tile (a tile is 2 x 1 units). The largest unit at which
  every tile and every drop slot fits the area without overlap is chosen.

Tiles are processed in the order they were played, so a new tile never moves
the earlier ones (unless the unit has to shrink, or the layout is re-centred).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence

from pygame import Rect

from game.engine import OpenEnd, Placement, Spinner

LINE, CROSS = "line", "cross"  # a tile along its line, or across it (doubles, crosswise matadors)
Vec = tuple[int, int]
SlotKey = tuple[str | None, str, int | None]  # (arm or None for the lead, shape, joined value)

MIN_UNIT = 6
MAX_UNIT = 40
NOMINAL_FELT_H = 486  # the layout area's height in a 1280x800 window


class LayoutSource(Protocol):
    """What the layout reads: a ``RoundState`` or a ``SeatView``."""

    @property
    def placements(self) -> list[Placement]: ...

    @property
    def spinner(self) -> Spinner | None: ...

    @property
    def phase(self) -> str: ...

    def open_ends(self) -> list[OpenEnd]: ...


@dataclass(frozen=True)
class TileSpot:
    """One tile on the screen. ``first`` is the value of its left (or top) half."""

    tile: int
    rect: Rect
    vertical: bool
    first: int
    second: int
    arm: str | None
    index: int  # on its arm; -1 for the lead


@dataclass(frozen=True)
class Slot:
    """Where the next tile of an end goes (the drop target and the ghost).

    ``forward`` is True when the touching half is the first (left or top) one.
    """

    arm: str | None
    shape: str
    joins: int | None
    rect: Rect
    vertical: bool
    forward: bool

    def faces(self, touch: int, other: int) -> tuple[int, int]:
        """The (first, second) values of a tile laid here touching with ``touch``."""
        return (touch, other) if self.forward else (other, touch)


@dataclass
class TableLayout:
    """The screen rectangles of one position."""

    unit: int
    area: Rect
    tiles: list[TileSpot]
    slots: dict[SlotKey, Slot]
    fits: bool = True
    labels: dict[str, Rect] = field(default_factory=dict)  # arm -> union of its slots

    def slot(self, arm: str | None, shape: str, joins: int | None = None) -> Slot | None:
        return self.slots.get((arm, shape, joins))

    def spot(self, tile: int) -> TileSpot | None:
        return next((t for t in self.tiles if t.tile == tile), None)


# --------------------------------------------------------------------------- helpers
def local_rect(origin: Vec, h: Vec, t: Vec, a0: int, a1: int, b0: int, b1: int) -> Rect:
    """The rectangle spanning ``a0..a1`` along ``h`` and ``b0..b1`` along ``t`` from ``origin``."""
    xs = [origin[0] + a * h[0] + b * t[0] for a in (a0, a1) for b in (b0, b1)]
    ys = [origin[1] + a * h[1] + b * t[1] for a in (a0, a1) for b in (b0, b1)]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def span(left: int, top: int, right: int, bottom: int) -> Rect:
    return Rect(left, top, right - left, bottom - top)


def clockwise(v: Vec) -> Vec:
    """``v`` turned a quarter clockwise on the screen (y grows downwards)."""
    return (-v[1], v[0])


def perpendicular(h: Vec) -> Vec:
    """The positive axis across a heading: down for a horizontal line, right for a vertical one."""
    return (0, 1) if h[1] == 0 else (1, 0)


def positive(v: Vec) -> bool:
    return v[0] > 0 or v[1] > 0


@dataclass
class _Turtle:
    """An arm's growing end: the point where the next tile attaches, and where it heads."""

    at: Vec
    heading: Vec
    turn: Vec  # the side it turns to at an edge
    region: Rect
    turned: bool = False  # the last tile was a corner: the next one sits under it
    cross_pair: tuple[int, int] | None = None  # (first, second) of an across tile at the end

    def copy(self) -> _Turtle:
        return _Turtle(self.at, self.heading, self.turn, self.region, self.turned, self.cross_pair)


@dataclass(frozen=True)
class _Step:
    rect: Rect
    vertical: bool
    forward: bool  # the inner (touching) half is first
    cornered: bool


class _Walker:
    """Lays shapes for turtles at one unit size, refusing overlaps and the area's edge."""

    def __init__(self, unit: int, area: Rect):
        self.s = unit
        self.g = max(1, unit // 10)
        self.area = area
        self.taken: list[Rect] = []
        self.corners = 0  # turns taken (by tiles and drop slots)

    def free(self, rect: Rect, region: Rect, extra: Sequence[Rect] = ()) -> bool:
        if not (self.area.contains(rect) and region.contains(rect)):
            return False
        return rect.collidelist(self.taken) < 0 and rect.collidelist(list(extra)) < 0

    def straight(self, turtle: _Turtle, shape: str, offset: int, extra: Sequence[Rect] = ()) -> tuple[_Step, Vec] | None:
        s, g = self.s, self.g
        h = turtle.heading
        axis = perpendicular(h)
        length, half = (2 * s, s // 2) if shape == LINE else (s, s)
        lead_in = g + (s + g if turtle.turned and shape == CROSS else 0)
        start = (
            turtle.at[0] + lead_in * h[0] + offset * axis[0],
            turtle.at[1] + lead_in * h[1] + offset * axis[1],
        )
        rect = local_rect(start, h, axis, 0, length, -half, half)
        room = local_rect(start, h, axis, 0, length + g + s, -half, half)  # keep room to turn after it
        if not (self.area.contains(room) and turtle.region.contains(room)):
            return None
        if rect.collidelist(self.taken) >= 0 or room.collidelist(self.taken) >= 0:
            return None
        if extra and rect.collidelist(list(extra)) >= 0:
            return None
        end = (start[0] + length * h[0], start[1] + length * h[1])
        vertical = (h[1] != 0) if shape == LINE else (h[1] == 0)
        return _Step(rect, vertical, positive(h), False), end

    def corner(self, turtle: _Turtle, side: Vec, extra: Sequence[Rect] = ()) -> tuple[_Step, Vec] | None:
        s, g = self.s, self.g
        h = turtle.heading
        start = (turtle.at[0] + g * h[0], turtle.at[1] + g * h[1])
        rect = local_rect(start, h, side, 0, s, -s // 2, s + s // 2)
        if not self.free(rect, turtle.region, extra):
            return None
        pitch = 2 * s + g
        far = s + g
        end = (start[0] + far * h[0] + pitch * side[0], start[1] + far * h[1] + pitch * side[1])
        return _Step(rect, side[1] != 0, positive(side), True), end

    def advance(
        self, turtle: _Turtle, shape: str, offset: int, extra: Sequence[Rect] = ()
    ) -> tuple[_Step, _Turtle] | None:
        """Lay one shape at the turtle's end; the step and the moved turtle, or None."""
        done = self.straight(turtle, shape, offset, extra)
        if done is not None:
            step, end = done
            return step, _Turtle(end, turtle.heading, turtle.turn, turtle.region)
        for side in (turtle.turn, (-turtle.turn[0], -turtle.turn[1])):
            turned = self.corner(turtle, side, extra)
            if turned is not None:
                step, end = turned
                back = (-turtle.heading[0], -turtle.heading[1])
                return step, _Turtle(end, back, side, turtle.region, turned=True)
        return None


# --------------------------------------------------------------------------- the layout
def shape_of(placement: Placement) -> str:
    return CROSS if placement.double or placement.across else LINE


class _Attempt:
    """One try at a given unit size."""

    def __init__(self, source: LayoutSource, area: Rect, unit: int):
        self.source = source
        self.walker = _Walker(unit, area)
        self.s = unit
        self.area = area
        self.turtles: dict[str, _Turtle] = {}
        self.tiles: list[TileSpot] = []
        self.slots: dict[SlotKey, Slot] = {}
        self.labels: dict[str, Rect] = {}

    # the lead and the arms it starts ------------------------------------
    def lead_centre(self, placements: Sequence[Placement]) -> Vec:
        """Where the lead goes: mid-table, or shifted so that short arms stay straight."""
        cx, cy = self.area.center
        if not placements:
            return cx, cy
        s, g = self.s, self.walker.g
        lengths = {"W": 0, "E": 0, "N": 0, "S": 0}
        for p in placements[1:]:
            if p.arm in lengths:
                lengths[p.arm] += (s if shape_of(p) == CROSS else 2 * s) + g
        for end in self.source.open_ends():
            if end.arm in lengths:
                lengths[end.arm] += 2 * s + g
        room = {k: v + g + s for k, v in lengths.items()}  # and room to turn
        double = placements[0].double
        x = balance(self.area.left, self.area.width, room["W"], s if double else 2 * s, room["E"])
        spinner = self.source.spinner
        if spinner is None or spinner.arm is not None:
            return x, cy
        y = balance(self.area.top, self.area.height, room["N"], 2 * s, room["S"])
        return x, y

    def lay_lead(self, lead: Placement, spinner: bool, centre: Vec) -> None:
        s = self.s
        cx, cy = centre
        area = self.area
        if lead.double:
            rect = Rect(cx - s // 2, cy - s, s, 2 * s)
            spot = TileSpot(lead.tile, rect, True, lead.inner, lead.outer, None, -1)
            west, east = (cx - s // 2, cy), (cx + s // 2, cy)
        else:
            rect = Rect(cx - s, cy - s // 2, 2 * s, s)
            spot = TileSpot(lead.tile, rect, False, lead.inner, lead.outer, None, -1)
            west, east = (cx - s, cy), (cx + s, cy)
        self.walker.taken.append(rect)
        self.tiles.append(spot)
        if spinner:  # a pinwheel: each arm owns the quarter it turns into
            # (the bounds reach a unit past the centre lines: a tile joined to one
            # half of a crosswise matador sits half a unit off its arm's line)
            self.turtles["W"] = _Turtle(west, (-1, 0), (0, -1), span(area.left, area.top, west[0], cy + 2 * s))
            self.turtles["E"] = _Turtle(east, (1, 0), (0, 1), span(east[0], cy - 2 * s, area.right, area.bottom))
            top, bottom = (cx, cy - s), (cx, cy + s)
            self.turtles["N"] = _Turtle(top, (0, -1), (1, 0), span(cx - 2 * s, area.top, area.right, top[1]))
            self.turtles["S"] = _Turtle(bottom, (0, 1), (-1, 0), span(area.left, bottom[1], cx + 2 * s, area.bottom))
        else:
            self.turtles["W"] = _Turtle(west, (-1, 0), (0, -1), span(area.left, area.top, area.right, cy + 2 * s))
            self.turtles["E"] = _Turtle(east, (1, 0), (0, 1), span(area.left, cy - 2 * s, area.right, area.bottom))

    def open_sides(self, spot: TileSpot, heading: Vec, sides: tuple[str, str]) -> None:
        """A spinner on an arm: two more arms start from its ends."""
        r = spot.rect
        axis = perpendicular(heading)
        if axis == (0, 1):
            ends = ((r.centerx, r.top), (r.centerx, r.bottom))
        else:
            ends = ((r.left, r.centery), (r.right, r.centery))
        for name, at, sign in ((sides[0], ends[0], -1), (sides[1], ends[1], 1)):
            head = (axis[0] * sign, axis[1] * sign)
            self.turtles[name] = _Turtle(at, head, clockwise(head), self.area)

    # tiles ---------------------------------------------------------------
    def lay(self, p: Placement) -> bool:
        assert p.arm is not None
        turtle = self.turtles.get(p.arm)
        if turtle is None:
            return False
        shape = shape_of(p)
        offset = self.join_offset(turtle, p.joins)
        done = self.walker.advance(turtle, shape, offset)
        if done is None:
            return False
        step, moved = done
        self.walker.corners += step.cornered
        if p.across:
            if step.cornered:
                first, second = (p.inner, p.outer) if step.forward else (p.outer, p.inner)
            else:
                first, second = p.inner, p.outer
                moved.cross_pair = (first, second)
        elif p.double:
            first = second = p.inner
        else:
            first, second = (p.inner, p.outer) if step.forward else (p.outer, p.inner)
        spot = TileSpot(p.tile, step.rect, step.vertical, first, second, p.arm, p.index)
        self.walker.taken.append(step.rect)
        self.tiles.append(spot)
        self.turtles[p.arm] = moved
        spinner = self.source.spinner
        if spinner is not None and spinner.arm == p.arm and spinner.index == p.index:
            self.open_sides(spot, turtle.heading, spinner.sides)
        return True

    def join_offset(self, turtle: _Turtle, joins: int | None) -> int:
        """A tile on a crosswise matador sits against the half it joins."""
        if turtle.cross_pair is None or joins is None:
            return 0
        return -(self.s // 2) if joins == turtle.cross_pair[0] else self.s // 2

    # drop slots ----------------------------------------------------------
    def lead_slots(self) -> None:
        s = self.s
        cx, cy = self.area.center
        self.slots[(None, LINE, None)] = Slot(None, LINE, None, Rect(cx - s, cy - s // 2, 2 * s, s), False, True)
        self.slots[(None, CROSS, None)] = Slot(None, CROSS, None, Rect(cx - s // 2, cy - s, s, 2 * s), True, True)

    def end_slots(self, end: OpenEnd, others: list[Rect]) -> bool:
        turtle = self.turtles.get(end.arm)
        if turtle is None:
            return False
        joins_options: Sequence[int | None] = end.values if end.crosswise else (None,)
        mine: list[Rect] = []
        for joins in joins_options:
            offset = self.join_offset(turtle, joins) if joins is not None else 0
            for shape in (LINE, CROSS):
                done = self.walker.advance(turtle, shape, offset, others)
                if done is None:
                    return False
                step, _ = done
                self.walker.corners += step.cornered
                self.slots[(end.arm, shape, joins)] = Slot(end.arm, shape, joins, step.rect, step.vertical, step.forward)
                mine.append(step.rect)
        label = mine[0].unionall(mine[1:])
        self.labels[end.arm] = label
        others.extend(mine)
        return True

    def run(self) -> bool:
        placements = list(self.source.placements)
        if not placements:
            if self.source.phase == "lead":
                self.lead_slots()
            return True
        spinner = self.source.spinner
        self.lay_lead(placements[0], spinner is not None and spinner.arm is None, self.lead_centre(placements))
        for p in placements[1:]:
            if not self.lay(p):
                return False
        others: list[Rect] = []
        for end in self.source.open_ends():
            if not self.end_slots(end, others):
                return False
        return True

    def result(self, fits: bool) -> TableLayout:
        layout = TableLayout(self.s, self.area, self.tiles, self.slots, fits, self.labels)
        return centred(layout)


def balance(start: int, size: int, before: int, middle: int, after: int) -> int:
    """The centre of ``middle`` on a span, with ``before`` and ``after`` room either side."""
    if before + middle + after <= size:
        return start + (size - before - middle - after) // 2 + before + middle // 2
    if 2 * before + middle < size:  # the short side fits: give the rest to the long one
        return start + before + middle // 2
    if 2 * after + middle < size:
        return start + size - after - middle + middle // 2
    return start + size // 2


def centred(layout: TableLayout) -> TableLayout:
    """The same layout moved so that its bounding box sits in the middle of the area."""
    rects = [t.rect for t in layout.tiles] + [s.rect for s in layout.slots.values()]
    if not rects:
        return layout
    box = rects[0].unionall(rects[1:])
    dx = layout.area.centerx - box.centerx
    dy = layout.area.centery - box.centery
    if box.width > layout.area.width:
        dx = 0
    if box.height > layout.area.height:
        dy = 0
    if dx == 0 and dy == 0:
        return layout
    tiles = [TileSpot(t.tile, t.rect.move(dx, dy), t.vertical, t.first, t.second, t.arm, t.index) for t in layout.tiles]
    slots = {k: Slot(v.arm, v.shape, v.joins, v.rect.move(dx, dy), v.vertical, v.forward) for k, v in layout.slots.items()}
    labels = {k: r.move(dx, dy) for k, r in layout.labels.items()}
    return TableLayout(layout.unit, layout.area, tiles, slots, layout.fits, labels)


def largest_unit(area: Rect) -> int:
    """The unit a nearly empty table uses: big, but leaving room to play.

    The cap grows with a felt taller than a 1280x800 window's (up to half as
    much again), so tiles on a large screen are not lost on the cloth.
    """
    cap = int(MAX_UNIT * max(1.0, min(1.5, area.height / NOMINAL_FELT_H)))
    unit = min(cap, area.height // 8, area.width // 14)
    return max(MIN_UNIT, unit - unit % 2)


def compute_layout(source: LayoutSource, area: Rect, max_unit: int | None = None) -> TableLayout:
    """The screen layout of ``source`` inside ``area``.

    The unit is the largest at which the arms run straight, as long as that is
    no smaller than three quarters of the usual unit; below that, the largest
    unit at which everything fits, arms turning at the edges. ``max_unit`` caps
    the unit (a scene passes the unit of the previous move, so the tiles never
    grow back during a round). If nothing fits even at the smallest unit, the
    smallest layout is returned with ``fits`` False.
    """
    nominal = largest_unit(area)
    comfortable = max(MIN_UNIT, nominal * 3 // 4 - (nominal * 3 // 4) % 2)
    top = nominal
    if max_unit is not None:
        top = max(MIN_UNIT, min(top, max_unit - max_unit % 2))
    attempt: _Attempt | None = None
    first_fit: _Attempt | None = None
    for unit in range(top, MIN_UNIT - 1, -2):
        attempt = _Attempt(source, area, unit)
        if attempt.run():
            if attempt.walker.corners == 0:
                return attempt.result(True)
            first_fit = first_fit or attempt
        if first_fit is not None and unit <= comfortable:
            return first_fit.result(True)
    assert attempt is not None
    return attempt.result(False)

