"""A side panel on the felt: the base every panel starts from (``Panel``) and
the rounded card it is painted on (``card_surface``). Each panel is one module
(moves_panel.py, knowledge_panel.py, the review's and the lesson's cards)
with its own content, a frozen value: equal contents paint the same picture,
so a panel is painted once per change, then blitted each frame. The table's
panels are listed once, in ``panels.PANELS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.ui.table.felt.regions import PanelSpec
from game.ui.drawing.text import GOLD

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import Table
    from game.ui.drawing.text import TextCache
    from game.ui.drawing.tile_art import TileArt

PANEL = (12, 24, 17, 228)
CARD = (14, 26, 19, 240)  # a little more solid: the lesson's and the review's words
EDGE = (120, 96, 52)


def card_surface(size: tuple[int, int], fill: tuple[int, int, int, int] = PANEL, edge: tuple[int, int, int] = EDGE) -> pygame.Surface:
    """The side panel's rounded card, empty: the lesson's and the review's words go on it."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=10)
    pygame.draw.rect(out, edge, out.get_rect(), 1, border_radius=10)
    return out


def scrolled_card(
    whole: pygame.Surface, tall: int, size: tuple[int, int], offset: int, pad: int, fill: tuple[int, int, int, int] = PANEL, view: int | None = None
) -> pygame.Surface:
    """The card ``size`` big showing ``whole`` (words ``tall`` high, painted on a
    transparent surface) from ``offset`` down, in its top ``view`` pixels (all of
    it by default); when they are taller than that, a bar on its right edge shows
    where the part shown lies in the whole."""
    w = size[0]
    h = size[1] if view is None else view
    card = card_surface(size, fill)
    card.blit(whole, (0, 0), pygame.Rect(0, offset, w, h - pad // 2))
    if tall > h:
        track = pygame.Rect(w - max(4, pad // 2) - 2, pad, max(4, pad // 2), h - 2 * pad)
        pygame.draw.rect(card, (40, 56, 44), track, border_radius=2)
        thumb_h = max(12, track.height * h // tall)
        thumb_y = track.top + (track.height - thumb_h) * offset // max(1, tall - h)
        pygame.draw.rect(card, GOLD, pygame.Rect(track.left, thumb_y, track.width, thumb_h), border_radius=2)
    return card


class Panel:
    """What every side panel does unless it says otherwise: it stacks as an equal
    share of the column, takes no events, and is drawn under the plaques and the
    messages (``over``: a card drawn over them)."""

    name = "panel"
    over = False
    tool: str | None = None  # the toolbar's button that opens and closes it (a ``Tool`` of toolbar.TOOLS)

    def __init__(self) -> None:
        self.art: TileArt | None = None
        self.text: TextCache | None = None
        self.shown = False  # opened by its tool, key or button (``toggle``)

    def attach(self, art: TileArt, text: TextCache) -> None:
        """What it paints with: the tile art and the table's text cache."""
        self.art = art
        self.text = text

    def is_open(self, table: Table) -> bool:
        """Open once ``toggle`` opened it (a panel that follows a setting says so itself)."""
        return self.shown

    def toggle(self, table: Table) -> None:
        """Open it, or close it again (its tool, its key, its controller button);
        the table lays its column out again."""
        self.shown = not self.shown
        self.toggled(table)
        table.jumped()

    def toggled(self, table: Table) -> None:
        """What it does as it opens or closes, besides showing (scroll back to the newest)."""

    def spec(self, table: Table) -> PanelSpec:
        """How it stacks in the column (its height, the gap above it)."""
        return PanelSpec(self.name)

    def key(self) -> Hashable:
        """What of its own state the picture shows (it is opened, scrolled)."""
        return ()

    def content(self, table: Table, rect: Rect) -> Hashable:
        """What it shows now, in ``rect`` (part of the table's snapshot)."""
        return rect.size

    def handle_event(self, event: pygame.event.Event, table: Table, rect: Rect | None) -> bool:
        """True if ``event`` was this panel's (``rect``: where it is, None while it is closed)."""
        return False

    def handle_pad(self, press: PadPress, table: Table) -> bool:
        """True if a controller's press was this panel's."""
        return False

    def use_tool(self, name: str, table: Table) -> bool:
        """True if the toolbar's button ``name`` is this panel's ``tool`` (it opens or closes it)."""
        if self.tool is None or name != self.tool:
            return False
        self.toggle(table)
        return True

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        """Paint ``content`` in ``rect`` (changes nothing)."""
