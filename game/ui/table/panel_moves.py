"""The moves panel (L, the Moves tool): the round's moves in words with their
tiles, the ones new to the person at the screen lit; the wheel over it, Page
Up and Page Down scroll it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.i18n import _
from game.ui.table.panel import PanelContent, SidePanel
from game.ui.table.regions import PanelSpec

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

GAP = 8  # between it and a panel above


class MovesPanel:
    name = "moves"
    over = False  # drawn under the plaques and the messages

    def __init__(self) -> None:
        self.painter: SidePanel | None = None

    def attach(self, painter: SidePanel) -> None:
        self.painter = painter

    def is_open(self, table: TableScene) -> bool:
        return table.aids.moves_open

    def spec(self, table: TableScene) -> PanelSpec:
        return PanelSpec(self.name, None, GAP)

    def content(self, table: TableScene, rect: Rect) -> Hashable:
        aids = table.aids
        return PanelContent(
            rect.size,
            table.regions.scale,
            tuple(aids.log_lines()),
            tuple(table.model.names),
            frozenset(table.news.values()),
            aids.log_scroll,
            None,
            0,
            "matador" if table.model.state.rules.matadors else "wild double",
            _("Moves · round {round}").format(round=table.model.round_index + 1),
        )

    def handle_event(self, event: pygame.event.Event, table: TableScene, rect: Rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(table.input.pointer):
            table.aids.scroll_log(event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        assert self.painter is not None and isinstance(content, PanelContent)
        surface.blit(self.painter.picture(content), rect.topleft)
