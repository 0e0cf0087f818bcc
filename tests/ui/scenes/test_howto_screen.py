"""docs/architecture.md, "A screen", made in a test: a screen ("Credits": a
title, a line of words and a Back button) that is one scene class and one
entry in the routes' list of screens opened by name
(``flow.register_side_screen``). It opens through ``app.routes.open_side``
over the title, as Rules, Statistics and Settings do, fits the window at
640x480 and 1280x800, and its Back button (by the mouse) and Esc (by the
keys) take it off again. Nothing else of the app is told of it."""

from __future__ import annotations

from typing import Callable, Iterator

import pygame
import pytest

from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from game.ui.drawing.menu import MenuScene, blit_centred, button_column, scale_for, shadowed, style
from game.ui.scenes.title import TitleScene
from game.ui.drawing.text import IVORY


class CreditsScene(MenuScene):
    """Who made the game (a screen of the test's own)."""

    def __init__(self) -> None:
        super().__init__()
        self.picture: pygame.Surface | None = None
        self.closed_by: str | None = None

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        title = shadowed(self.text, "Credits", int(56 * s))
        blit_centred(picture, title, w // 2, int(40 * s))
        line = self.text.fit("Made by the test of a new screen", w - 40, int(22 * s), IVORY)
        blit_centred(picture, line, w // 2, int(40 * s) + title.get_height() + int(20 * s))
        self.picture = picture
        bw, bh = int(300 * s), int(50 * s)
        self.buttons = button_column(self.gui, [("back", "Back", style("title_button", self.size))], w // 2, h - bh - int(40 * s), bw, bh, 0)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "back")

    def on_button(self, name: str) -> None:
        if name == "back" and self.app is not None:
            self.closed_by = "button"
            self.app.pop()

    def on_escape(self) -> None:
        if self.app is not None:
            self.closed_by = "escape"
            self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, (0, 0))


@pytest.fixture
def credits_screen() -> Iterator[list[CreditsScene]]:
    made: list[CreditsScene] = []

    def make() -> CreditsScene:
        made.append(CreditsScene())
        return made[-1]

    unregister = flow.register_side_screen("credits", make)
    yield made
    unregister()
    assert "credits" not in flow.SIDE_SCREENS


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_a_registered_screen_opens_through_the_routes_and_fits(
    make_app: Callable[..., App], credits_screen: list[CreditsScene], size: tuple[int, int], ui: object
) -> None:
    app = make_app(size)
    app.routes.open_title()
    app.step([], 0.016)
    assert app.routes.open_side("credits") is True
    app.step([], 0.016)
    app.draw(app.surface)
    screen = app.top
    assert isinstance(screen, CreditsScene) and screen is credits_screen[-1]
    assert layout_problems(screen) == []
    back = screen.buttons["back"]
    ui.click(app, back.rect.center)  # type: ignore[attr-defined]
    app.step([], 0.016)  # pygame_gui reports the press on the next update
    assert screen.closed_by == "button" and isinstance(app.top, TitleScene)

    assert app.routes.open_side("credits") is True
    app.step([], 0.016)
    again = app.top
    assert isinstance(again, CreditsScene) and again is not screen  # made anew each time it opens
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)  # type: ignore[attr-defined]
    assert again.closed_by == "escape" and isinstance(app.top, TitleScene)


def test_a_screen_nobody_registered_does_not_open(make_app: Callable[..., App]) -> None:
    app = make_app((800, 600))
    app.routes.open_title()
    app.step([], 0.016)
    assert app.routes.open_side("credits") is False
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1
    assert set(flow.SIDE_SCREENS) >= {"rules", "statistics", "settings"}
