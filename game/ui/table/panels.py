"""The side panels: parts stacked in a column on the felt's right, any number
open together (the regions give each its rectangle: ``regions.stack_panels``).

A panel part says when it is open, how it stacks (``spec``), what it shows
(``content``: equal contents paint the same picture, so a picture is painted
once per change), which events in its rectangle are its own, and how it
draws. The table's panels are ``PANELS``, top to bottom; a mode may show
others (the review shows its own moves list). A new panel: one part file
and one entry in ``PANELS`` (and its toggle: a key or a tool, ``aids.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Protocol

import pygame
from pygame import Rect

from game.ui.table.panel import SidePanel
from game.ui.table.panel_knowledge import KnowledgePanel
from game.ui.table.panel_moves import MovesPanel
from game.ui.table.regions import PanelSpec

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class PanelPart(Protocol):
    """A side panel, as the table and the regions see it."""

    name: str
    over: bool  # drawn over the table's messages (a card), not under its plaques

    def attach(self, painter: SidePanel) -> None:
        """The painter it paints with (the tile art and the text cache)."""
        ...

    def is_open(self, table: TableScene) -> bool: ...

    def spec(self, table: TableScene) -> PanelSpec:
        """How it stacks in the column (its height, the gap above it)."""
        ...

    def content(self, table: TableScene, rect: Rect) -> Hashable:
        """What it shows now, in ``rect`` (part of the table's snapshot)."""
        ...

    def handle_event(self, event: pygame.event.Event, table: TableScene, rect: Rect) -> bool:
        """True if ``event`` was this panel's."""
        ...

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        """Paint ``content`` in ``rect`` (changes nothing)."""
        ...


PANELS: tuple[Callable[[], PanelPart], ...] = (KnowledgePanel, MovesPanel)  # top to bottom when open together
