"""What waits until the title's first frame has been shown (start-up, issue 22):
the game controllers (their module and SDL's controller support) and every
widget font the title does not show (tests/ui/test_gui_fonts.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.app import CONTROLLER_EVENTS
from game.ui.gamepad import DEVICE_EVENTS, INPUT_EVENTS, Pads
from tests.ui.test_startup_imports import first_frame_modules


def test_the_controllers_are_not_loaded_before_the_first_frame(tmp_path: Path) -> None:
    seen = first_frame_modules(tmp_path / "home")
    assert seen["status"] == 0 and seen["top"] == "TitleScene"
    modules = seen["modules"]
    assert isinstance(modules, list) and "game.ui.app" in modules
    assert "game.ui.gamepad" not in modules


def test_the_app_knows_a_controllers_events_as_the_pads_do() -> None:
    assert CONTROLLER_EVENTS == frozenset(DEVICE_EVENTS) | frozenset(INPUT_EVENTS)


def test_the_pads_come_after_the_first_frame_or_with_a_controllers_event(make_app: Any) -> None:
    app = make_app((800, 600))
    app.routes.open_title()
    assert app._pads is None
    app.step([], 0.016)  # the first frame: still none
    assert app._pads is None
    app.step([], 0.016)  # from the second, SDL reports the pads plugged in
    assert isinstance(app._pads, Pads) and app._pads_started
    other = make_app((800, 600))
    other.routes.open_title()
    other.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert other._pads is None  # other input leaves them alone
    other.handle_event(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    assert isinstance(other._pads, Pads)  # a controller's event makes them at once, before any frame
