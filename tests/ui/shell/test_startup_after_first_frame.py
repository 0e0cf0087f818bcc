"""What waits until the title's first frame has been shown (start-up, issue 22):
the game controllers (their module and SDL's controller support) and every
widget font the title does not show (tests/ui/drawing/test_gui_fonts.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.shell.app import CONTROLLER_EVENTS
from game.ui.shell.gamepad import DEVICE_EVENTS, INPUT_EVENTS, Pads
from tests.ui.shell.test_startup_imports import first_frame_modules


def test_the_controllers_are_not_loaded_before_the_first_frame(tmp_path: Path) -> None:
    seen = first_frame_modules(tmp_path / "home")
    assert seen["status"] == 0 and seen["top"] == "TitleScene"
    modules = seen["modules"]
    assert isinstance(modules, list) and "game.ui.shell.app" in modules
    assert "game.ui.shell.gamepad" not in modules


def test_pyyaml_is_not_imported_for_pygame_gui_and_still_imports_later(tmp_path: Path) -> None:
    """pygame_gui's translations library imports PyYAML only to know whether it
    could read YAML (its catalogs are JSON): 11 ms of the title's start-up where
    PyYAML is installed (the tests' extra; a player's install and the app have
    none). Hidden for that moment, it is not loaded with the title's modules,
    the library reads JSON, and ``import yaml`` works afterwards."""
    import importlib.util
    import os
    import subprocess
    import sys

    probe = (
        "import sys, game.ui.scenes.title, pygame_gui, i18n.config\n"
        "print('yaml' in sys.modules, i18n.config.settings['file_format'])\n"
        "try:\n    import yaml\n    print('imports')\nexcept ImportError:\n    print('absent')\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MATADOR_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-c", probe], cwd=Path(__file__).resolve().parents[3], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "json", "imports" if importlib.util.find_spec("yaml") is not None else "absent"]


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
