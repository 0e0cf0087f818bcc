"""*Play with friends*: Host a table, Join a table, Back. Up/Down (or Tab) and Enter
work as well as the mouse; Esc goes back."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.menu import MenuScene, blit_centred, button_column, panel, scale_for, shadowed, style, wrap
from game.ui.scenes.friends.words import BACK, HOST, INTRO, JOIN, TITLE
from game.ui.text import DIM


class FriendsScene(MenuScene):
    """The choice between hosting and joining a table."""

    def __init__(self) -> None:
        super().__init__()
        self.picture: pygame.Surface | None = None
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        width = min(w - 40, int(720 * s))
        pad = int(26 * s)
        bw, bh, gap = int(320 * s), int(52 * s), int(12 * s)
        head = shadowed(self.text, _(TITLE), int(60 * s), width=w - 40)
        intro = wrap(self.text, _(INTRO), width - 2 * pad, max(15, int(21 * s)), DIM)
        labels: list[tuple[str, str, str | None]] = [
            ("host", _(HOST), style("title_primary", self.size)),
            ("join", _(JOIN), style("title_primary", self.size)),
            ("back", _(BACK), style("title_button", self.size)),
        ]
        body_h = pad + head.get_height() + sum(line.get_height() for line in intro) + int(24 * s) + len(labels) * (bh + gap) - gap + pad
        box = pygame.Rect((w - width) // 2, max(8, (h - body_h) // 2), width, min(body_h, h - 16))
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(panel(box.size, 18), box.topleft)
        y = box.top + pad // 2
        self.drawn_text = []
        rect = blit_centred(picture, head, w // 2, y)
        self.drawn_text.append((_(TITLE), rect, box))
        y += head.get_height()
        for line in intro:
            rect = blit_centred(picture, line, w // 2, y)
            self.drawn_text.append((_(INTRO), rect, box))
            y += line.get_height()
        y += int(24 * s)
        self.picture = picture
        self.buttons = button_column(self.gui, labels, w // 2, y, bw, bh, gap)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "host")

    def on_button(self, name: str) -> None:
        if self.app is None:
            return
        if name == "host":
            self.app.routes.open_host()
        elif name == "join":
            self.app.routes.open_join()
        elif name == "back":
            self.on_escape()

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, (0, 0))
