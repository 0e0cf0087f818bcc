"""Saves survive a killed process; damaged files are moved aside and said so on the title."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame_gui
import pytest

from game.engine import match_to_record
from game.profile.saves import autosave_path
from game.profile.settings import Settings, load_settings, settings_path
from game.profile.stats import stats_path
from game.ui.shell import flow, launch
from game.play.thinker import Thinker
from game.ui.table import TableScene
from game.ui.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def actions_in(record: dict[str, Any]) -> int:
    return sum(len(r.get("actions", [])) for r in record.get("rounds", []))


def title_app(make_app: Any, settings_message: str | None = None) -> Any:
    app = make_app((800, 600))
    app.services.update(thinker=Thinker("thread"), settings=Settings(computer_speed="fast"))
    routes = flow.install(app)
    routes.load_user_files(settings_message)
    routes.open_title()
    app.step([], 0.016)
    return app


def click_text(app: Any, ui: Any, text: str) -> None:
    scene = app.top
    for element in scene.gui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text:
            ui.click(app, element.rect.center)
            return
    raise AssertionError(f"no {text!r} button")


def test_killed_mid_match_then_continue_at_the_same_point(make_app: Any, ui: Any) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MATADOR_NO_CRASH_DIALOG="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "play", "--rules", "matador", "--seats", "Ann=random,Bob=random", "--seed", "9", "--size", "800x600"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    save = autosave_path()
    try:
        deadline = time.monotonic() + 60.0
        while time.monotonic() < deadline:
            try:
                if actions_in(json.loads(save.read_text())) >= 3:
                    break
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("no autosave with three moves: " + (proc.stderr.read().decode() if proc.poll() is not None and proc.stderr else ""))
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the whole game, its workers too
        proc.wait(timeout=10)
        if proc.stderr is not None:
            proc.stderr.close()
    saved = json.loads(save.read_text())
    assert actions_in(saved) >= 3

    app = title_app(make_app)
    title = app.top
    assert isinstance(title, TitleScene) and "continue" in title.buttons
    assert title.focus.name == "continue"  # Enter would continue too
    click_text(app, ui, "Continue")
    table = app.top
    assert isinstance(table, TableScene) and len(app.scenes) == 1
    assert match_to_record(table.model.match) == saved
    assert [p.name for p in table.model.match.players] == ["Ann", "Bob"]


def test_damaged_files_are_moved_aside_and_the_title_says_so(make_app: Any, ui: Any) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{not json at all")
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text('{"format": "matador-record/1", "rules": {"base": "matador", "opt')  # truncated
    stats_path().write_bytes(b"\xff\xfe garbage")
    settings, message = load_settings()
    assert settings == Settings() and message is not None  # defaults are used
    app = title_app(make_app, message)
    title = app.top
    assert isinstance(title, TitleScene)
    notices = app.notices
    assert len(notices) == 3
    assert any("settings" in n and "default settings" in n for n in notices)
    assert any("saved game" in n and "cannot be continued" in n for n in notices)
    assert any("statistics" in n for n in notices)
    for path in (settings_path(), autosave_path(), stats_path()):
        assert not path.exists()
        assert list(path.parent.glob(path.name + ".broken-*")), path
    assert "continue" not in title.buttons and "dismiss" in title.buttons
    click_text(app, ui, "Dismiss")
    assert not app.notices and "dismiss" not in app.top.buttons


def test_python_m_game_with_no_flags_opens_the_title(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("[1, 2")  # truncated
    shown: list[Any] = []
    monkeypatch.setattr(TitleScene, "enter", lambda self: shown.append((self, list(self.app.notices))))
    ns = argparse.Namespace(rules=None, seats=None, seed=None, target=None, size="800x600", fullscreen=False, smoke_test=3, screenshot=None)
    assert launch.main(ns) == 0
    assert shown and isinstance(shown[0][0], TitleScene)
    assert any("settings" in n for n in shown[0][1])
    assert list(settings_path().parent.glob("settings.json.broken-*"))
