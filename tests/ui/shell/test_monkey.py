"""Random input into every scene (seeded): clicks, drags, wheel, keys, text,
F11 and window resizes. Nothing may raise."""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame
import pytest

from game.engine import PlayerInfo
from game.ui.shell.scene import Scene

EVENTS = 1000
PER_FRAME = 6
KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_a,
    pygame.K_z,
    pygame.K_1,
    pygame.K_d,
    pygame.K_p,
    pygame.K_r,
    pygame.K_F11,
]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.30:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)), buttons=(rng.randint(0, 1), 0, 0))
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if roll < 0.60:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))
    if roll < 0.68:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False, precise_x=0.0, precise_y=0.0)
    if roll < 0.88:
        key = rng.choice(KEYS)
        if key == pygame.K_F11 and rng.random() < 0.8:
            key = pygame.K_ESCAPE if rng.random() < 0.3 else pygame.K_RETURN
        kind = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
        mod = pygame.KMOD_SHIFT if rng.random() < 0.2 else 0
        return pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)
    if roll < 0.98:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "Z", "7", " ", "é", "ß", "€"]))
    size = (rng.randint(560, 1920), rng.randint(420, 1080))
    return pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)


def monkey(app: Any, make: Callable[[], Scene], seed: int, base: Scene) -> None:
    rng = random.Random(seed)
    pygame.event.clear()
    sent = 0
    while sent < EVENTS:
        if app.top is base or not app.scenes:
            if not app.scenes:
                app.push(base)
            app.push(make())
        events = [random_event(rng, app.size) for _ in range(PER_FRAME)]
        sent += len(events)
        # pygame_gui posts its own events (button presses, list picks) to the queue
        events += [e for e in pygame.event.get() if e.type != pygame.QUIT]
        app.running = True
        app.step(events, rng.choice([0.0, 0.016, 0.05, 0.2]))
    app.step([], 0.016)


def _scenes() -> dict[str, Callable[[], Scene]]:
    from game.ui.scenes.rules_screen import RulesScene
    from game.ui.scenes.settings_screen import SettingsScene
    from game.ui.scenes.statistics_screen import StatisticsScene

    scenes: dict[str, Callable[[], Scene]] = {
        "settings": SettingsScene,
        "rules": RulesScene,
        "statistics": StatisticsScene,
    }
    try:
        from game.ui.scenes.new_game import NewGameScene
        from game.ui.scenes.title import TitleScene

        scenes["title"] = TitleScene
        scenes["new-game"] = NewGameScene
    except ImportError:
        pass
    return scenes


SCENES = _scenes()


@pytest.mark.parametrize("name", list(SCENES))
def test_monkey_scene(make_app: Any, name: str) -> None:
    from game.profile.stats import Statistics, save_stats

    stats = Statistics()
    for player in ("Ann", "Bob"):
        stats.record(player, "matador").rounds_played = 3
    save_stats(stats)
    app = make_app((800, 600))
    monkey(app, SCENES[name], seed=sum(map(ord, name)), base=Scene())


@pytest.mark.parametrize("rule_set", ["matador", "leyden", "wild-doubles"])
def test_monkey_table(make_app: Any, rule_set: str) -> None:
    app = make_app((800, 600))
    seats = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]
    base = Scene()
    app.push(base)

    def make() -> Scene:
        from game.engine import Match, Rules
        from game.play.thinker import Thinker
        from game.ui.table import TableScene

        match = Match(Rules.from_base(rule_set, len(seats)), list(seats), 7)
        return TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")

    monkey(app, make, seed=len(rule_set), base=base)


# The whole app, as tools/monkey.py drives it -------------------------------------------
def _tool() -> Any:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent.parent.parent / "tools" / "monkey.py"
    spec = importlib.util.spec_from_file_location("matador_monkey", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [103])  # long runs: python tools/monkey.py (docs/architecture.md, The monkey)
def test_the_monkey_goes_through_the_whole_app(seed: int) -> None:
    """Seeded random input through every screen of the real app (a short run:
    ``python tools/monkey.py --seed S --seconds N`` runs long ones). No exception,
    no error logged, every user file loadable afterwards, no worker left."""
    # 12 s of game time at 25 frames a second: as many frames on a loaded machine as on a quiet one
    summary = _tool().run(seed, 12.0, size=(1024, 700), thinker_mode="thread", freeze=False, frame_rate=25)
    assert summary["ok"], summary["reason"] + "\n" + summary.get("traceback", "")
    assert summary["frames"] == 300 and len(summary["screens"]) >= 3
    assert summary["file_problems"] == [] and summary["processes_left"] == []


def test_a_monkey_run_replays_from_its_event_log(tmp_path: Any) -> None:
    tool = _tool()
    log = tmp_path / "events.jsonl"
    first = tool.run(7, 2.0, size=(900, 650), log_path=log, thinker_mode="thread", freeze=False)
    assert first["ok"], first["reason"]
    again = tool.run(7, 0.0, size=(900, 650), replay=log, thinker_mode="thread", freeze=False)
    assert again["ok"], again["reason"]
    assert again["frames"] == first["frames"]  # every logged frame stepped again


def test_a_monkey_run_stops_cleanly_on_sigterm(tmp_path: Any) -> None:
    """A long run killed politely (SIGTERM, as a CI time-out or `kill` does) ends
    at once with its summary and closes the app, instead of running on."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent.parent
    log = tmp_path / "events.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = [sys.executable, str(root / "tools" / "monkey.py"), "--seed", "5", "--seconds", "600", "--thinker", "thread"]
    args += ["--size", "900x650", "--log", str(log), "--home", str(tmp_path / "home")]
    proc = subprocess.Popen(args, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not log.exists() or log.read_text(encoding="utf-8").count("\n") < 20):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["stopped"] == "by a signal" and summary["ok"]
    assert summary["frames"] >= 20 and summary["processes_left"] == []
