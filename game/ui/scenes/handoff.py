"""The cover between two people sharing the screen: nobody sees another's hand."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui.scene import Scene
from game.ui.table_text import DIM, GOLD, IVORY, TextCache


class HandoffScene(Scene):
    """"Pass to NAME — click when ready". Covers the whole window (every hand is hidden)."""

    opaque = True

    def __init__(self, name: str, on_ready: Callable[[], None]):
        super().__init__()
        self.name = name
        self.on_ready = on_ready
        self.text = TextCache()

    def handle_event(self, event: pygame.event.Event) -> bool:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        )
        if not ready:
            return True  # nothing reaches the table while it is covered
        app = self.app
        callback = self.on_ready
        if app is not None:
            app.pop()
        callback()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the cover (changes nothing)."""
        surface.fill((14, 24, 18))
        w, h = surface.get_size()
        title = self.text.fit(f"Pass to {self.name}", w - 40, 54, GOLD, True)
        surface.blit(title, ((w - title.get_width()) // 2, h // 2 - 60))
        line = self.text.render("click when ready", 26, IVORY)
        surface.blit(line, ((w - line.get_width()) // 2, h // 2 + 10))
        note = self.text.render("(the others look away: every hand is hidden)", 20, DIM)
        surface.blit(note, ((w - note.get_width()) // 2, h // 2 + 50))
