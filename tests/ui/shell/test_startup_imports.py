"""Start-up: the title is drawn before the table, the review, the coach, the
lessons (and, with nothing saved, the engine) are imported; each screen imports
what it needs when it opens. Not timed: ``python -m game bench startup`` prints
the figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Runs the real start-up (``python -m game play``) and notes the game's modules
# at the moment the first frame reaches the screen.
PROBE = """
import gc, json, sys
import game.ui.shell.app as app_module

run = app_module.App.run
seen = {"collections": 0}
collect = gc.collect

def counted(*args, **kwargs):
    seen["collections"] += 1
    return collect(*args, **kwargs)

gc.collect = counted

def noted_run(self, max_frames=None):
    def note(app):
        if app.frames == 1:
            seen["modules"] = sorted(m for m in sys.modules if m.startswith("game"))
            seen["top"] = type(app.top).__name__

    def before_flip(app):  # after the game's own hooks of the first frame, before it is shown
        if app.frames == 1:
            seen["early"] = sorted(m for m in ("logging.handlers", "ctypes", "pickle", "socket") if m in sys.modules)
            seen["collected_before"] = seen["collections"]
    self.on_frame.append(before_flip)
    self.on_flip.append(note)
    return run(self, max_frames)

app_module.App.run = noted_run
from game.commands.cli import run as cli
status = cli(["play", "--size", "1280x800", "--smoke-test", "1"])
print(json.dumps({"status": status, **seen}))
"""

HEAVY = ("game.ui.table", "game.ai", "game.learning.lessons", "game.ui.scenes.lessons_screen", "game.ui.scenes.new_game", "game.ui.scenes.rules_screen")


def first_frame_modules(home: Path) -> dict[str, object]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MATADOR_HOME=str(home))
    env["MATADOR_NO_CRASH_DIALOG"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# The levels' registry is light (it imports no player, and not the engine): a save
# read to offer Continue words its computers' default names from it (game.words.names).
REGISTRY = ("game.ai", "game.ai.levels", "game.ai.player")


def heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if m not in REGISTRY and any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_the_title_is_drawn_before_the_table_review_coach_and_lessons_are_imported(tmp_path: Path) -> None:
    seen = first_frame_modules(tmp_path / "home")
    assert seen["status"] == 0 and seen["top"] == "TitleScene"
    modules = seen["modules"]
    assert isinstance(modules, list) and "game.ui.scenes.title" in modules
    assert heavy(modules) == []
    # with nothing saved, even the rules engine waits for a game
    assert [m for m in modules if m.startswith("game.engine")] == []


def test_nothing_holds_the_first_frame_back(tmp_path: Path) -> None:
    """No garbage collection before the title shows (nothing was closed yet), and
    the log file and the memory setting load nothing heavy before it."""
    seen = first_frame_modules(tmp_path / "home")
    assert seen["status"] == 0 and seen["top"] == "TitleScene"
    assert seen["collected_before"] == 0
    assert seen["early"] == []


def test_a_saved_match_is_checked_without_loading_the_table(tmp_path: Path) -> None:
    from game.engine import Match, PlayerInfo, Rules, match_to_record

    match = Match(Rules.from_base("matador", 2), [PlayerInfo("You"), PlayerInfo("Hard", "computer", "hard")], 3)
    match.next_round()
    match.push(match.round.legal_moves()[0])
    env_home = tmp_path / "home"
    save = env_home / "data" / "current-match.json"  # where the game looks under MATADOR_HOME
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(json.dumps(match_to_record(match)))
    seen = first_frame_modules(env_home)
    assert seen["status"] == 0 and seen["top"] == "TitleScene"
    modules = seen["modules"]
    assert isinstance(modules, list) and "game.engine" in modules  # the save was read, to offer Continue
    assert heavy(modules) == []
