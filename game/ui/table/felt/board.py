"""Where the position is on the screen (the table's ``board``): the regions the
window is cut into, the tiles on the felt (``layout``), the hand's tiles, the
open ends, the other seats' moves new to the person at the screen, the tile
laid last. Arranged again once per change of the position, the window, the
viewer, the cover or the open panels (``arrange``), never per frame; read by
the snapshot, the input and what an action looks like as it lands."""

from __future__ import annotations

from pygame import Rect

from game.engine import OpenEnd
from game.ui.table.felt.tile_places import TableLayout, compute_layout, held_still
from game.ui.table.log import news_for
from game.ui.table.position_reads import Position
from game.ui.table.felt.regions import TableRegions, compute_regions, hand_tile_rects

UnitKey = tuple[int, tuple[int, int], bool]  # the round, the window's size, a panel open


class Board:
    def __init__(self, players: int, viewer: int) -> None:
        self.regions = compute_regions((800, 600), players, viewer)
        self.layout = TableLayout(0, Rect(0, 0, 0, 0), [], {})
        self.hand: list[tuple[int, Rect]] = []  # the bottom hand: each tile and where it stands
        self.open_ends: list[OpenEnd] = []
        self.news: dict[int, int] = {}  # other seats' moves the person at the screen has not answered yet
        self.last_tile: int | None = None  # the tile laid last: it glows
        self.version: tuple[object, ...] | None = None  # what it was arranged for
        self.unit_cap: dict[UnitKey, int] = {}  # the unit of the last move: tiles never grow back

    def hand_rect(self, tile: int) -> Rect | None:
        """Where a tile of the bottom hand is drawn (tests aim here)."""
        return next((rect for t, rect in self.hand if t == tile), None)

    def laid(self, tile: int) -> None:
        """``tile`` was laid last: it glows."""
        self.last_tile = tile

    def forget(self, *, last: bool = False, units: bool = False) -> None:
        """Arrange afresh at the next change: ``last``, no tile glows as the last
        laid; ``units``, the tiles may take any size again (another round, another match)."""
        self.version = None
        if last:
            self.last_tile = None
        if units:
            self.unit_cap = {}

    def arrange(self, version: tuple[object, ...], state: Position, regions: TableRegions, shown: int, viewer: int | None, key: UnitKey, force: bool) -> TableLayout | None:
        """Lay ``state`` out in ``regions``, the hand of seat ``shown`` at the bottom.
        The layout before, when the tiles already down should glide to their new
        places (None: the table is drawn afresh, or nothing was down)."""
        self.version = version
        self.regions = regions
        before = self.layout
        last = state.placements[-1] if state.placements else None
        settled = None
        if state.over and not force and key in self.unit_cap and last is not None:
            settled = held_still(before, state.placements)  # the round's end: the table holds still
        self.layout = settled or compute_layout(state, regions.layout_area, self.unit_cap.get(key))
        glides = not force and key in self.unit_cap
        self.unit_cap = {key: self.layout.unit}
        tiles = state.hand(shown)
        self.hand = list(zip(tiles, hand_tile_rects(regions.hand_tiles, len(tiles), scale=regions.scale)))
        self.open_ends = state.open_ends()
        self.news = news_for(state, viewer) if viewer is not None else {}
        return before if glides else None
