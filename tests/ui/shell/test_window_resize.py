"""A window the player resized stays the same window (game/ui/shell/window.py): ``set_mode``
made a new one, which without a window manager had no keyboard focus until clicked."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui.shell.window import DisplayWindow


def test_a_resize_by_the_player_keeps_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    window = DisplayWindow()
    first = window.open((800, 600), False)
    made: list[Any] = []
    real_set_mode = pygame.display.set_mode

    def counting(*args: Any, **kwargs: Any) -> pygame.Surface:
        made.append(args)
        return real_set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", counting)
    # SDL resized the window and its surface (the player dragged its edge): no new window
    assert window.resized(first.get_size()) is pygame.display.get_surface()
    assert made == []
    # a size the game asks for itself still makes the window that size
    surface = window.resized((900, 650))
    assert surface.get_size() == (900, 650) and len(made) == 1


def test_the_app_follows_a_resize_without_a_new_window(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((1024, 768))
    app.routes.open_title()
    app.step([], 0.016)
    made: list[Any] = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: made.append(a) or real_set_mode(*a, **k))
    size = pygame.display.get_surface().get_size()
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
    assert made == [] and app.surface is pygame.display.get_surface()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)], 0.016)
    assert app.top.focus.index is not None  # the keys still reach the screen
