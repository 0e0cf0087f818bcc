"""What the table knows (the setting): for each other seat, the numbers it is
known to lack, from the person at the screen's view, and how many tiles that
person cannot see. Alone it fills the column; above the moves it is as tall
as its words (up to ``MOST`` of the column)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.ui.table.panel import PanelContent, SidePanel
from game.ui.table.regions import PanelSpec

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

MOST = 0.55  # of the column, with another panel below


class KnowledgePanel:
    name = "knowledge"
    over = False  # drawn under the plaques and the messages

    def __init__(self) -> None:
        self.painter: SidePanel | None = None

    def attach(self, painter: SidePanel) -> None:
        self.painter = painter

    def is_open(self, table: TableScene) -> bool:
        return table.show_knowledge

    def spec(self, table: TableScene) -> PanelSpec:
        def height(column: Rect, scale: float) -> int:
            most = int(column.height * MOST)
            if self.painter is None:
                return most
            return min(most, self.painter.height(self._content(table, column.size, scale, False)))

        return PanelSpec(self.name, height)

    def content(self, table: TableScene, rect: Rect) -> Hashable:
        alone = [part.name for part in table.open_panels()] == [self.name]
        return self._content(table, rect.size, table.regions.scale, alone)

    def _content(self, table: TableScene, size: tuple[int, int], scale: float, rule: bool) -> PanelContent:
        """``rule``: the line under its words (when it fills the column alone)."""
        view_ok = table.model.viewer is not None and not table.handoff_open
        knowledge, unseen = table.aids.knowledge() if view_ok else (None, 0)
        return PanelContent(
            size,
            scale,
            None,
            tuple(table.model.names),
            frozenset(),
            0,
            knowledge,
            unseen,
            "matador" if table.model.state.rules.matadors else "wild double",
            "",
            rule,
        )

    def handle_event(self, event: pygame.event.Event, table: TableScene, rect: Rect) -> bool:
        return False

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        assert self.painter is not None and isinstance(content, PanelContent)
        surface.blit(self.painter.picture(content), rect.topleft)
