"""The side panels: parts stacked in a column on the felt's right, any number
open together (the regions give each its rectangle: ``regions.stack_panels``).

``PANELS`` lists the table's panels, top to bottom, once: every table makes
each of them (a live table, a network table, a review, a lesson), and a mode
may hide one or keep one open (``Look.panel_shown``), never list them again.
A mode's own cards (the review's coach, the lesson's card) are its look's
(``Look.cards``), below them.

A panel is one module (``Panel``'s subclass, panel.py: when it is open, how it
stacks, what it shows, its keys, its controller buttons, its tool, how it is
painted) and one entry here (``register_panel``, for a panel from elsewhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Protocol

import pygame
from pygame import Rect

from game.ui.table.panel_knowledge import KnowledgePanel
from game.ui.table.panel_moves import MovesPanel
from game.ui.table.regions import PanelSpec

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress
    from game.ui.table.scene import TableScene
    from game.ui.text import TextCache
    from game.ui.tile_art import TileArt


class PanelPart(Protocol):
    """A side panel, as the table and the regions see it (``panel.Panel`` is the base)."""

    @property
    def name(self) -> str: ...

    @property
    def over(self) -> bool:
        """Drawn over the table's messages (a card), not under its plaques."""
        ...

    def attach(self, art: TileArt, text: TextCache) -> None: ...

    def is_open(self, table: TableScene) -> bool: ...

    def spec(self, table: TableScene) -> PanelSpec: ...

    def key(self) -> Hashable: ...

    def content(self, table: TableScene, rect: Rect) -> Hashable: ...

    def handle_event(self, event: pygame.event.Event, table: TableScene, rect: Rect | None) -> bool: ...

    def handle_pad(self, press: PadPress, table: TableScene) -> bool: ...

    def use_tool(self, name: str, table: TableScene) -> bool: ...

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None: ...


PANELS: list[Callable[[], PanelPart]] = [KnowledgePanel, MovesPanel]  # top to bottom when open together


def register_panel(make: Callable[[], PanelPart], at: int | None = None) -> Callable[[], None]:
    """Add a panel to every table made from now on (at ``at`` in the column's
    order: the bottom by default); the function returned takes it out again."""
    PANELS.insert(len(PANELS) if at is None else at, make)

    def unregister() -> None:
        if make in PANELS:
            PANELS.remove(make)

    return unregister
