"""The table screen cut into regions: the felt, the hand, the seats around, the boneyard.

Seats sit around the table in playing order, clockwise from the viewer at the
bottom: play passes to the left, so the next seat is on the left side of the
screen (or the left end of the top row), the last one on the right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from pygame import Rect

from game.ui.drawing import access

# Others around the table: how many on the left side, the top, the right side.
SPREAD = {1: (0, 1, 0), 2: (0, 2, 0), 3: (0, 3, 0), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2), 7: (2, 3, 2)}
HEADER_H = 24
TOOL_W, TOOL_H = 66, 30  # a toolbar button at 1280x800
TOOL_MIN_W = 70  # its labels (14 px bold) keep 8 px or more either side
# The toolbar's overflow rule: past the tools that fit beside a header this wide
# (six at 640x480), the buttons narrow and close up, down to TOOL_LEAST_W (their words then
# take the smaller letters, ``toolbar.tool_button``), so a seventh tool fits.
HEADER_LEAST_W = 124
TOOL_LEAST_W = 58
GAP = 8


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def table_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280x800 the table's text, plaques and hand are
    drawn: 1 up to that size (small windows keep full-size words), up to 1.5."""
    w, h = access.points(size)  # (text_factor counts the pixels per point)
    return max(1.0, min(1.5, w / 1280, h / 800))


@dataclass
class SeatPlace:
    seat: int
    rect: Rect
    side: str  # "left", "top" or "right"


@dataclass
class TableRegions:
    size: tuple[int, int]
    felt: Rect
    layout_area: Rect
    header: Rect
    hand: Rect
    hand_label: Rect
    hand_tiles: Rect
    boneyard: Rect
    buttons: dict[str, Rect]
    seats: dict[int, SeatPlace] = field(default_factory=dict)
    scale: float = 1.0  # table_scale of the window: text and plaques grow with it
    toolbar: Rect = field(default_factory=Rect)  # the row of small buttons at the felt's top right
    tool_buttons: list[Rect] = field(default_factory=list)
    panels: dict[str, Rect] = field(default_factory=dict)  # each open side panel's rectangle, by name
    column: Rect | None = None  # the column on the felt's right the open panels share

    @property
    def panel(self) -> Rect | None:
        """The side panels' column (None: no panel is open)."""
        return self.column

    @property
    def message_anchor(self) -> tuple[int, int]:
        """Where a message is centred: just above the hand, in the middle of the layout."""
        return self.layout_area.centerx, self.felt.bottom - 26


@dataclass(frozen=True)
class PanelSpec:
    """An open side panel, as the regions stack it in the column on the felt's right:
    ``height`` from the column and the scale (None: an equal share of what the
    fixed ones leave), ``gap`` above it when another is above. One panel alone
    takes the whole column."""

    name: str
    height: Callable[[Rect, float], int] | None = None
    gap: int = 0


def stack_panels(column: Rect, specs: Sequence[PanelSpec], scale: float) -> dict[str, Rect]:
    """The panels' rectangles, top to bottom in the order given, never overlapping."""
    if len(specs) == 1:
        return {specs[0].name: column.copy()}
    gaps = sum(spec.gap for spec in specs[1:])
    room = column.height - gaps
    fixed = {spec.name: max(0, min(room, spec.height(column, scale))) for spec in specs if spec.height is not None}
    free = [spec for spec in specs if spec.height is None]
    rest = max(0, room - sum(fixed.values()))
    out: dict[str, Rect] = {}
    y = column.top
    for i, spec in enumerate(specs):
        y += spec.gap if i else 0
        h = fixed.get(spec.name, rest // len(free) if free else 0)
        h = min(h, column.bottom - y)
        out[spec.name] = Rect(column.left, y, column.width, h)
        y += h
    return out


def others_in_order(viewer: int, players: int) -> list[int]:
    return [(viewer + k) % players for k in range(1, players)]


def compute_regions(
    size: tuple[int, int], players: int, viewer: int, tools: int = 0, panels: Sequence[PanelSpec] = ()
) -> TableRegions:
    """The regions for a window of ``size``; ``tools`` small buttons in the felt's
    top row; with ``panels`` open a column on the right of the felt is taken from
    the layout, and the panels are stacked in it (``stack_panels``)."""
    width, height = size
    f = access.text_choice(size)  # the text and table size setting
    r = access.CURRENT.pixel_ratio  # pixels per point (a Retina Mac: 2)
    k = table_scale(size) * f * r
    others = others_in_order(viewer, players)
    left_n, top_n, right_n = SPREAD.get(len(others), (0, len(others), 0))
    hand_h = clamp(int(height * 21 * f) // 100, int(118 * r), int(190 * k))
    top_h = clamp(int(height * 14 * f) // 100, int(78 * r), int(116 * k)) if top_n else 0
    side_w = clamp(int(width * 13 * f) // 100, int(108 * r), int(170 * k)) if left_n or right_n else 0
    header_h = int((TOOL_H + 8 if tools else HEADER_H) * k)

    felt = Rect(side_w, top_h, width - 2 * side_w, height - top_h - hand_h)
    tool_w, tool_h = max(int(TOOL_W * k), TOOL_MIN_W), int(TOOL_H * k)  # room round the labels at any size
    tool_gap = 4
    if tools and tools * tool_w + (tools - 1) * tool_gap > felt.width - 36 - HEADER_LEAST_W:
        # narrower buttons, closer together, rather than a header cut short (HEADER_LEAST_W)
        tool_gap = 2
        room = felt.width - 36 - HEADER_LEAST_W - tool_gap * (tools - 1)
        tool_w = max(TOOL_LEAST_W, min(tool_w, room // tools))
    tool_span = tools * tool_w + max(0, tools - 1) * tool_gap
    toolbar = Rect(felt.right - 8 - tool_span, felt.top + 4, tool_span, tool_h)
    tool_buttons = [Rect(toolbar.left + i * (tool_w + tool_gap), toolbar.top, tool_w, tool_h) for i in range(tools)]
    header = Rect(felt.left + 12, felt.top + 4, felt.width - 24 - (tool_span + 12 if tools else 0), header_h - 4)
    pad = 10
    layout_area = Rect(felt.left + pad, felt.top + header_h, felt.width - 2 * pad, felt.height - header_h - pad)
    side_panels: dict[str, Rect] = {}
    column = None
    if panels:
        panel_w = clamp(felt.width * 24 // 100, 190, int(300 * k))  # under a quarter of the felt
        column = Rect(felt.right - pad - panel_w, layout_area.top, panel_w, layout_area.height)
        side_panels = stack_panels(column, panels, k)
        layout_area.width -= panel_w + pad

    hand = Rect(0, height - hand_h, width, hand_h)
    right_w = clamp(width * 30 // 100, 270, int(360 * k))
    label_h = int(24 * k)
    hand_label = Rect(16, hand.top + 6, width - right_w - 32, label_h)
    hand_tiles = Rect(16, hand.top + label_h + 10, width - right_w - 32, hand_h - label_h - 20)
    side_x = width - right_w
    boneyard = Rect(side_x + 6, hand.top + 10, int(150 * k), hand_h - 20)
    button_w = right_w - boneyard.width - 24
    bx = boneyard.right + 10
    button_h = int(40 * k)
    buttons = {
        "pass": Rect(bx, hand.top + 16, button_w, button_h),
        "refuse": Rect(bx, hand.top + 24 + button_h, button_w, button_h),
    }
    regions = TableRegions(
        size, felt, layout_area, header, hand, hand_label, hand_tiles, boneyard, buttons,
        scale=k, toolbar=toolbar, tool_buttons=tool_buttons, panels=side_panels, column=column,
    )

    order = list(others)
    left = order[:left_n]
    top = order[left_n : left_n + top_n]
    right = order[left_n + top_n :]
    column_h = felt.height
    for side, seats in (("left", left), ("right", right)):
        if not seats:
            continue
        x = GAP if side == "left" else width - side_w + GAP // 2
        h = min(int(210 * k), (column_h - GAP * (len(seats) + 1)) // len(seats))
        span = len(seats) * h + (len(seats) - 1) * GAP
        y0 = felt.top + (column_h - span) // 2
        # the left column fills from the bottom up, the right one from the top down
        ordered = list(reversed(seats)) if side == "left" else seats
        for i, seat in enumerate(ordered):
            regions.seats[seat] = SeatPlace(seat, Rect(x, y0 + i * (h + GAP), side_w - GAP - GAP // 2, h), side)
    if top:
        strip = Rect(side_w + GAP, GAP // 2, width - 2 * side_w - 2 * GAP, top_h - GAP)
        w = min(int(300 * k), (strip.width - GAP * (len(top) - 1)) // len(top))
        span = len(top) * w + (len(top) - 1) * GAP
        x0 = strip.left + (strip.width - span) // 2
        for i, seat in enumerate(top):
            regions.seats[seat] = SeatPlace(seat, Rect(x0 + i * (w + GAP), strip.top, w, strip.height), "top")
    return regions


def hand_tile_rects(area: Rect, count: int, longest: int = 104, scale: float = 1.0) -> list[Rect]:
    """Standing tiles for a hand of ``count``, centred in ``area``, as large as fit
    (no longer than ``longest`` times ``scale``)."""
    if count <= 0:
        return []
    length = min(int(longest * scale), area.height)
    gap = 6
    while length > 24 and count * (length // 2 + gap) - gap > area.width:
        length -= 2
        gap = max(2, length // 14)
    length -= length % 2
    w = length // 2
    span = count * w + (count - 1) * gap
    if span > area.width:  # very many tiles: let them overlap like a fanned hand
        step = (area.width - w) / max(1, count - 1)
        x0 = float(area.left)
    else:
        step = w + gap
        x0 = area.left + (area.width - span) / 2
    y = area.top + (area.height - length) // 2
    return [Rect(round(x0 + i * step), y, w, length) for i in range(count)]
