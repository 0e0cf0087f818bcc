"""What a position looks like on the felt, as data: each tile's rectangle
(``TileSpot``), each place a tile may be dropped (``Slot``), and the whole
(``TableLayout``). ``geometry`` works them out; the renderer, the input and the
moves read them. Rectangles only, no drawing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence

from pygame import Rect

from game.engine import OpenEnd, Placement, Spinner

LINE, CROSS = "line", "cross"  # a tile along its line, or across it (doubles or crosswise matadors)
Vec = tuple[int, int]
SlotKey = tuple[str | None, str, int | None]  # (arm or None for the lead, shape, joined value)


class LayoutRules(Protocol):
    @property
    def crosswise(self) -> bool: ...

    @property
    def layout(self) -> str: ...


class LayoutSource(Protocol):
    """What the layout reads: a ``RoundState`` or a ``SeatView``."""

    @property
    def placements(self) -> list[Placement]: ...

    @property
    def spinner(self) -> Spinner | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def rules(self) -> LayoutRules: ...

    def open_ends(self) -> list[OpenEnd]: ...


@dataclass(frozen=True)
class TileSpot:
    """One tile on the screen. ``first`` is the value of its left (or top) half.

    ``heading`` is the way its arm runs where it was laid ((0, 0) for the lead);
    ``turn`` marks a corner tile, lying across that heading to start the arm's
    next stretch.
    """

    tile: int
    rect: Rect
    vertical: bool
    first: int
    second: int
    arm: str | None
    index: int  # on its arm; -1 for the lead
    heading: Vec = (0, 0)
    turn: bool = False

    @property
    def across(self) -> bool:
        """Drawn across its arm's line (a corner tile is not: it turns the line)."""
        return self.heading != (0, 0) and not self.turn and self.vertical == (self.heading[1] == 0)


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
    heading: Vec = (0, 0)  # as for a TileSpot
    turn: bool = False

    def faces(self, touch: int, other: int) -> tuple[int, int]:
        """The (first, second) values of a tile laid here touching with ``touch``."""
        return (touch, other) if self.forward else (other, touch)


@dataclass
class TableLayout:
    """The screen rectangles of one position.

    ``doubles_across``: the spinner lies across its line (games without
    crosswise matadors), or in line with it; every other double lies in line.
    ``spins``: the arms (None: the lead) where a double laid now becomes the spinner.
    """

    unit: int
    area: Rect
    tiles: list[TileSpot]
    slots: dict[SlotKey, Slot]
    fits: bool = True
    labels: dict[str, Rect] = field(default_factory=dict)  # arm -> union of its slots
    doubles_across: bool = True
    spins: frozenset[str | None] = frozenset()

    def slot(self, arm: str | None, shape: str, joins: int | None = None) -> Slot | None:
        return self.slots.get((arm, shape, joins))

    def spot(self, tile: int) -> TileSpot | None:
        return next((t for t in self.tiles if t.tile == tile), None)


def shape_of(double: bool, across: bool, doubles_across: bool = True, spinner: bool = False) -> str:
    """How a tile lies on its arm: across it (a crosswise matador; the spinner where
    spinners lie across), else in line (every other double included)."""
    return CROSS if across or (double and spinner and doubles_across) else LINE


def spinning_arms(source: LayoutSource) -> frozenset[str | None]:
    """The arms (None: the lead) where a double laid now becomes the spinner."""
    if source.spinner is not None:
        return frozenset()
    layout = source.rules.layout
    if not source.placements:
        return frozenset({None}) if layout != "line" else frozenset()
    return frozenset({"W", "E"}) if layout == "first-double-spinner" else frozenset()


# --------------------------------------------------------------------------- vectors (the walk's)
def local_rect(origin: Vec, h: Vec, t: Vec, a0: int, a1: int, b0: int, b1: int) -> Rect:
    """The rectangle spanning ``a0..a1`` along ``h`` and ``b0..b1`` along ``t`` from ``origin``."""
    # each coordinate is least where each of its two terms is (the walk's hottest
    # line: no lists of the four corners)
    xa, xb, xc, xd = a0 * h[0], a1 * h[0], b0 * t[0], b1 * t[0]
    ya, yb, yc, yd = a0 * h[1], a1 * h[1], b0 * t[1], b1 * t[1]
    left = origin[0] + (xa if xa < xb else xb) + (xc if xc < xd else xd)
    top = origin[1] + (ya if ya < yb else yb) + (yc if yc < yd else yd)
    return Rect(left, top, abs(xb - xa) + abs(xd - xc), abs(yb - ya) + abs(yd - yc))


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


def moved(at: Vec, steps: Sequence[tuple[int, Vec]]) -> Vec:
    """``at`` moved by each (distance, direction)."""
    x, y = at
    for d, v in steps:
        x, y = x + d * v[0], y + d * v[1]
    return x, y


