"""How the tiles of a position are walked onto the felt at one unit size: each
arm a turtle that goes straight, then turns at the edges (see ``geometry`` for
the whole story, and ``compute_layout`` for how the unit is chosen).
Rectangles only, no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pygame import Rect

from game.engine import OpenEnd, Placement
from game.ui.table.felt.centring import balance, centred
from game.ui.table.felt.spots import (
    CROSS, LINE, LayoutSource, Slot, SlotKey, TableLayout, TileSpot, Vec, clockwise, local_rect, moved, perpendicular, positive,
    shape_of, span, spinning_arms,
)

@dataclass
class _Turtle:
    """An arm's growing end: the point where the next tile attaches, and where it heads."""

    at: Vec
    heading: Vec
    turn: Vec  # the side it turns to at an edge
    region: Rect
    turned: bool = False  # the last tile was a snake's corner: the next one sits under it
    cross_pair: tuple[int, int] | None = None  # (first, second) of an across tile at the end
    fresh: bool = False  # nothing laid on the arm yet: its first tile goes straight out


@dataclass(frozen=True)
class _Step:
    rect: Rect
    vertical: bool
    forward: bool  # the inner (touching) half is first
    cornered: bool
    heading: Vec


class _Walker:
    """Lays shapes for turtles at one unit size, refusing overlaps and the area's edge.

    ``across_straight``: a tile across its arm (a crosswise matador) never
    turns a corner, and every tile in line keeps room ahead for one, so a
    matador laid across always shows as across.
    """

    def __init__(self, unit: int, area: Rect, across_straight: bool = False, final: bool = False):
        self.s = unit
        self.g = max(1, unit // 10)
        self.area = area
        self.across_straight = across_straight
        self.final = final  # the round is over: no room ahead is needed for tiles to come
        self.taken: list[Rect] = []
        self.corners = 0  # turns taken (by tiles and drop slots)

    def free(self, rect: Rect, region: Rect, extra: Sequence[Rect] = ()) -> bool:
        if not (self.area.contains(rect) and region.contains(rect)):
            return False
        return rect.collidelist(self.taken) < 0 and rect.collidelist(list(extra)) < 0

    def elbows(self, heading: Vec) -> bool:
        """Whether an arm heading this way bends once (across the area's short side)
        rather than snaking back (along its long side)."""
        return (heading[0] == 0) == (self.area.width >= self.area.height)

    def straight(self, turtle: _Turtle, shape: str, offset: int, extra: Sequence[Rect] = (), ghost: bool = False) -> tuple[_Step, Vec] | None:
        s, g = self.s, self.g
        h = turtle.heading
        axis = perpendicular(h)
        length, half = (2 * s, s // 2) if shape == LINE else (s, s)
        lead_in = g + (s + g if turtle.turned and shape == CROSS else 0)
        start = moved(turtle.at, ((lead_in, h), (offset, axis)))
        rect = local_rect(start, h, axis, 0, length, -half, half)
        # room to turn after it (or for a matador across); not for the place of a
        # matador across (it never turns): laid there, the table makes room then
        ahead = 0 if self.final or (ghost and shape == CROSS and self.across_straight) else g + s
        room = local_rect(start, h, axis, 0, length + ahead, -half, half)
        if not (self.area.contains(room) and turtle.region.contains(room)):
            return None
        if rect.collidelist(self.taken) >= 0 or room.collidelist(self.taken) >= 0:
            return None
        if extra and rect.collidelist(list(extra)) >= 0:
            return None
        end = moved(start, ((length, h),))
        vertical = (h[1] != 0) if shape == LINE else (h[1] == 0)
        return _Step(rect, vertical, positive(h), False, h), end

    def corner(self, turtle: _Turtle, side: Vec, offset: int, extra: Sequence[Rect] = ()) -> tuple[_Step, _Turtle] | None:
        """A tile turning the arm to ``side``: it lies across the old heading, one
        half on the line (``offset`` off it after a crosswise matador)."""
        s, g = self.s, self.g
        h = turtle.heading
        start = moved(turtle.at, ((g, h), (offset, perpendicular(h))))
        rect = local_rect(start, h, side, 0, s, -s // 2, s + s // 2)
        if not self.free(rect, turtle.region, extra):
            return None
        step = _Step(rect, side[1] != 0, positive(side), True, h)
        # turning the other way than the arm's own (only ever after a crosswise
        # matador) leaves the arm's quarter: from there on it may go anywhere free
        region = turtle.region if side == turtle.turn or not offset else self.area
        if self.elbows(h):  # on along the edge, from the corner tile's far half
            end = moved(start, ((s // 2, h), (s + s // 2, side)))
            sense = clockwise(side)
            turn = sense if side == clockwise(h) else (-sense[0], -sense[1])
            return step, _Turtle(end, side, turn, region)
        end = moved(start, ((s + g, h), (2 * s + g, side)))  # back, one row further out
        return step, _Turtle(end, (-h[0], -h[1]), side, region, turned=True)

    def advance(
        self, turtle: _Turtle, shape: str, offset: int, extra: Sequence[Rect] = (), ghost: bool = False
    ) -> tuple[_Step, _Turtle] | None:
        """Lay one shape at the turtle's end (``ghost``: a drop place, not a tile);
        the step and the moved turtle, or None."""
        done = self.straight(turtle, shape, offset, extra, ghost)
        if done is not None:
            step, end = done
            return step, _Turtle(end, turtle.heading, turtle.turn, turtle.region)
        if turtle.fresh or (shape == CROSS and self.across_straight):
            return None
        side = turtle.turn
        if offset:  # after a crosswise matador: turn towards the half joined, so
            # that the places joining either half never overlap
            axis = perpendicular(turtle.heading)
            side = axis if offset > 0 else (-axis[0], -axis[1])
        for way in (side, (-side[0], -side[1])):
            turned = self.corner(turtle, way, offset, extra)
            if turned is not None:
                return turned
        return None


# --------------------------------------------------------------------------- the layout
class Attempt:
    """One try at a given unit size."""

    def __init__(self, source: LayoutSource, area: Rect, unit: int):
        self.source = source
        crosswise = bool(source.rules.crosswise)
        self.doubles_across = not crosswise
        self.spins = spinning_arms(source)
        self.walker = _Walker(unit, area, across_straight=crosswise, final=source.phase == "over")
        self.s = unit
        self.area = area
        self.turtles: dict[str, _Turtle] = {}
        self.tiles: list[TileSpot] = []
        self.slots: dict[SlotKey, Slot] = {}
        self.labels: dict[str, Rect] = {}

    def shape(self, p: Placement) -> str:
        spinner = self.source.spinner
        spins = spinner is not None and spinner.arm == p.arm and (spinner.index == p.index or p.arm is None)
        return shape_of(p.double, p.across, self.doubles_across, spins)

    def lead_size(self, lead: Placement) -> tuple[int, int]:
        """The lead's (width, height): standing when it is a double lying across."""
        s = self.s
        return (s, 2 * s) if self.shape(lead) == CROSS else (2 * s, s)

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
                lengths[p.arm] += (s if self.shape(p) == CROSS else 2 * s) + g
        for end in self.source.open_ends():
            if end.arm in lengths:
                lengths[end.arm] += 2 * s + g
        room = {k: v + g + s for k, v in lengths.items()}  # and room to turn
        width, height = self.lead_size(placements[0])
        x = balance(self.area.left, self.area.width, room["W"], width, room["E"])
        spinner = self.source.spinner
        if spinner is None or spinner.arm is not None:
            return x, cy
        y = balance(self.area.top, self.area.height, room["N"], height, room["S"])
        return x, y

    def lay_lead(self, lead: Placement, spinner: bool, centre: Vec) -> None:
        s = self.s
        cx, cy = centre
        area = self.area
        width, height = self.lead_size(lead)
        rect = Rect(cx - width // 2, cy - height // 2, width, height)
        self.walker.taken.append(rect)
        self.tiles.append(TileSpot(lead.tile, rect, height > width, lead.inner, lead.outer, None, -1))
        west, east = (rect.left, cy), (rect.right, cy)
        if spinner:  # a pinwheel: each arm owns the quarter it turns into
            # (the bounds reach a unit past the centre lines: a tile joined to one
            # half of a crosswise matador sits half a unit off its arm's line)
            self.turtles["W"] = _Turtle(west, (-1, 0), (0, -1), span(area.left, area.top, west[0], cy + 2 * s), fresh=True)
            self.turtles["E"] = _Turtle(east, (1, 0), (0, 1), span(east[0], cy - 2 * s, area.right, area.bottom), fresh=True)
            top, bottom = (cx, rect.top), (cx, rect.bottom)
            self.turtles["N"] = _Turtle(top, (0, -1), (1, 0), span(cx - 2 * s, area.top, area.right, top[1]), fresh=True)
            self.turtles["S"] = _Turtle(bottom, (0, 1), (-1, 0), span(area.left, bottom[1], cx + 2 * s, area.bottom), fresh=True)
        else:
            self.turtles["W"] = _Turtle(west, (-1, 0), (0, -1), span(area.left, area.top, area.right, cy + 2 * s), fresh=True)
            self.turtles["E"] = _Turtle(east, (1, 0), (0, 1), span(area.left, cy - 2 * s, area.right, area.bottom), fresh=True)

    def open_sides(self, spot: TileSpot, heading: Vec, sides: tuple[str, str]) -> None:
        """A spinner on an arm: two more arms start from the middle of its edges
        facing across the arm (its ends when it lies across, its long sides in line)."""
        r = spot.rect
        axis = perpendicular(heading)
        if axis == (0, 1):
            ends = ((r.centerx, r.top), (r.centerx, r.bottom))
        else:
            ends = ((r.left, r.centery), (r.right, r.centery))
        for name, at, sign in ((sides[0], ends[0], -1), (sides[1], ends[1], 1)):
            head = (axis[0] * sign, axis[1] * sign)
            self.turtles[name] = _Turtle(at, head, clockwise(head), self.area, fresh=True)

    # tiles ---------------------------------------------------------------
    def lay(self, p: Placement) -> bool:
        assert p.arm is not None
        turtle = self.turtles.get(p.arm)
        if turtle is None:
            return False
        offset = self.join_offset(turtle, p.joins)
        done = self.walker.advance(turtle, self.shape(p), offset)
        if done is None:
            return False
        step, after = done
        self.walker.corners += step.cornered
        if p.across:
            if step.cornered:
                first, second = (p.inner, p.outer) if step.forward else (p.outer, p.inner)
            else:
                first, second = p.inner, p.outer
                after.cross_pair = (first, second)
        elif p.double:
            first = second = p.inner
        else:
            first, second = (p.inner, p.outer) if step.forward else (p.outer, p.inner)
        spot = TileSpot(p.tile, step.rect, step.vertical, first, second, p.arm, p.index, step.heading, step.cornered)
        self.walker.taken.append(step.rect)
        self.tiles.append(spot)
        self.turtles[p.arm] = after
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
        """The slots of one end: each shape a tile may take there (after a crosswise
        matador only in line), for each value it may join, clear of ``others``.

        The places joining either half of a crosswise matador never overlap: they
        lie side by side, or turn away from each other."""
        turtle = self.turtles.get(end.arm)
        if turtle is None:
            return False
        joins_options: Sequence[int | None] = end.values if end.crosswise else (None,)
        across = not end.crosswise and (not self.doubles_across or end.arm in self.spins)  # a matador across, or a spinner
        shapes = (LINE, CROSS) if across else (LINE,)
        mine: list[Rect] = []
        for joins in joins_options:
            offset = self.join_offset(turtle, joins) if joins is not None else 0
            for shape in shapes:
                done = self.walker.advance(turtle, shape, offset, others, ghost=True)
                if done is None:
                    return False
                step, _ = done
                self.walker.corners += step.cornered
                self.slots[(end.arm, shape, joins)] = Slot(
                    end.arm, shape, joins, step.rect, step.vertical, step.forward, step.heading, step.cornered
                )
                mine.append(step.rect)
        self.labels[end.arm] = mine[0].unionall(mine[1:])
        others.extend(mine)
        return True

    def run(self, straight: bool = False) -> bool:
        """Lay everything; False when something does not fit (or, with
        ``straight``, as soon as an arm has to turn)."""
        placements = list(self.source.placements)
        if not placements:
            if self.source.phase == "lead":
                self.lead_slots()
            return True
        spinner = self.source.spinner
        self.lay_lead(placements[0], spinner is not None and spinner.arm is None, self.lead_centre(placements))
        for p in placements[1:]:
            if not self.lay(p) or (straight and self.walker.corners):
                return False
        others: list[Rect] = []
        for end in self.source.open_ends():
            if not self.end_slots(end, others) or (straight and self.walker.corners):
                return False
        return True

    def result(self, fits: bool) -> TableLayout:
        layout = TableLayout(self.s, self.area, self.tiles, self.slots, fits, self.labels, self.doubles_across, self.spins)
        return centred(layout)
