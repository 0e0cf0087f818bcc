"""Nothing is lost without a word: New game over a saved match asks first and
keeps it (so does ``play --rules/--seats``); a save that cannot be written is
told once on screen and never replaces the good one; saves are coalesced, so a
kill -9 loses at most the last move; temporary files of cut-short writes go at
start-up; the windowed app logs to a file; bad --screenshot/--seats exit 2."""

from __future__ import annotations

import argparse
import errno
import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from game.engine import Match, PlayerInfo, Rules
from game.archive.past_matches import list_matches
from game.profile.saves import autosave_path, has_save, load_match, save_match
from game.storage import write_troubles
from game.ui.shell import launch
from game.ui.shell.autosave import Autosaver, tell_write_troubles
from game.ui.scenes.keep_saved import KeepSavedScene, saved_match_words
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parent.parent.parent.parent
YOU = PlayerInfo("You", "human", None)
HARD = PlayerInfo("Hard", "computer", "hard")


def a_match(seed: int = 2, moves: int = 6) -> Match:
    match = Match(Rules.from_base("matador", 2), [YOU, HARD], seed)
    state = match.next_round()
    for _ in range(moves):
        match.push(state.legal_moves()[0])
    return match


def test_the_words_name_the_opponents_and_the_round() -> None:
    assert saved_match_words(a_match()) == "Your match against Hard, round 1, will be kept in Past matches."
    two = Match(Rules.from_base("matador", 3), [YOU, PlayerInfo("Bo", "human", None), HARD], 1)
    two.next_round()
    assert saved_match_words(two) == "The match of You, Bo and Hard, round 1, will be kept in Past matches."


def test_new_game_over_a_saved_match_asks_first_and_keeps_it(make_app: Any, ui: Any) -> None:
    saved = a_match()
    save_match(saved)
    app = make_app((1024, 700))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(app, title.buttons["new"].rect.center)
    ask = app.top
    assert isinstance(ask, KeepSavedScene) and "against Hard, round 1" in ask.words
    app.step([], 0.016)
    ui.click(app, ask.buttons["back"].rect.center)  # Back: nothing changes
    assert app.top is title and has_save() and list_matches() == []
    ui.click(app, title.buttons["new"].rect.center)
    ask = app.top
    assert isinstance(ask, KeepSavedScene)
    app.step([], 0.016)
    ui.click(app, ask.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)
    app.routes.start_match(Match(Rules.from_base("matador", 2), [YOU, HARD], saved.seed))  # the same seed: kept all the same
    kept = list_matches()
    assert len(kept) == 1 and kept[0].abandoned and kept[0].seats[1].name == "@hard"  # (a default name read as its code: game.words.names)
    assert not has_save()  # kept, so never kept twice


def test_new_game_without_a_save_does_not_ask(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    app.routes.open_title()
    app.step([], 0.016)
    ui.click(app, app.top.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)


def test_continue_does_not_keep_the_match_it_continues(make_app: Any) -> None:
    save_match(a_match())
    app = make_app((1024, 700))
    assert app.routes.continue_match() is not None
    assert list_matches() == [] and has_save()


DRIVER = """
import sys
from game.ui.shell.app import App
run = App.run
App.run = lambda self, max_frames=None: run(self, max_frames=30)
from game.commands.cli import run as cli
sys.exit(cli(sys.argv[1:]))
"""


def test_play_from_the_command_line_keeps_the_match_it_replaces() -> None:
    save_match(a_match())
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, "play", "--rules", "matador", "--seats", "hard,hard", "--size", "800x600"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    kept = list_matches()
    assert len(kept) == 1 and kept[0].abandoned and kept[0].seats[0].name == "@you"


class Full:
    """A disk that is full while ``full`` is set."""

    def __init__(self) -> None:
        self.full = True

    def __call__(self, path: Path, data: str | bytes) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        from game.resources import write_atomically

        write_atomically(path, data)


def test_a_save_that_cannot_be_written_is_told_once_and_keeps_the_good_one(
    make_app: Any, ui: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.storage as storage

    good = a_match(moves=2)
    save_match(good)
    before = autosave_path().read_bytes()
    disk = Full()
    monkeypatch.setattr(storage, "write_atomically", disk)
    app = make_app((1024, 700))
    app.on_frame.append(tell_write_troubles)
    saver = Autosaver()
    table = ui.new_table(app, "matador", [YOU, HARD], seed=5, on_action=saver)
    told: list[str] = []
    say = table.motion.say
    table.motion.say = lambda text, seconds=3.0, warning=False: (told.append(text), say(text, seconds, warning))  # type: ignore[method-assign]
    match = table.model.match
    for _ in range(4):
        state = match.round
        if state.over:
            break
        match.push(state.legal_moves()[0])
        saver(match)
        saver.flush()
        app.step([], 0.016)
    news = [t for t in told if "could not be saved" in t]
    assert news == ["Your match could not be saved (no space left on device); the last saved copy is kept."]
    assert autosave_path().read_bytes() == before  # the good save stands
    assert not list(autosave_path().parent.glob(".*.tmp"))
    disk.full = False  # space again: the next save is whole, and a later failure is told again
    saver(match)
    saver.flush()
    saved, _ = load_match()
    assert saved is not None and saved.round.key() == match.round.key()
    saver.close()
    assert write_troubles.take() == []


def test_news_of_a_failed_save_off_the_table_goes_to_the_title(make_app: Any) -> None:
    app = make_app((1024, 700))
    app.routes.open_title()
    app.step([], 0.016)
    write_troubles.failed("statistics", OSError(errno.EROFS, "Read-only file system"))
    write_troubles.failed("statistics", OSError(errno.EROFS, "Read-only file system"))  # told once
    app.on_frame.append(tell_write_troubles)
    app.step([], 0.016)
    assert app.notices == ["Your statistics could not be saved (read-only file system); the last saved copy is kept."]
    write_troubles.succeeded("statistics")


def test_saves_are_coalesced(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.shell.autosave as autosave

    written: list[int] = []
    real = autosave.save_json

    disk = threading.Event()  # a slow disk: nothing gets written until the twelve moves are in

    def slow(path: Path, record: Any) -> None:
        disk.wait(30)
        real(path, record)
        written.append(sum(len(r["actions"]) for r in record["rounds"]))

    monkeypatch.setattr(autosave, "save_json", slow)
    saver = Autosaver()
    match = Match(Rules.from_base("matador", 2), [YOU, HARD], 9)
    state = match.next_round()
    for _ in range(12):
        match.push(state.legal_moves()[0])
        saver(match)
    disk.set()
    assert saver.flush()
    saver.close()
    # not 12 writes queued up: the one under way (if the writer had taken one), then the newest
    assert 1 <= len(written) <= 2 and written[-1] == 12
    saved, _ = load_match()
    assert saved is not None and len(saved.round.history) == len(match.round.history)


WRITER = """
import sys, time, random
from game.engine import Match, PlayerInfo, Rules
from game.ui.shell.autosave import Autosaver
saver = Autosaver()
rng = random.Random(5)
match = Match(Rules.from_base("matador", 4), [PlayerInfo(f"P{i}") for i in range(4)], 11)
state = match.next_round()
moves = 0
while True:
    if state.over:
        state = match.next_round() if not match.over else None
        if state is None:
            time.sleep(60)
    match.push(rng.choice(state.legal_moves()))
    moves += 1
    saver(match)
    print(moves, flush=True)
    if moves == 25:
        time.sleep(600)  # killed here: the save of this move perhaps half written
    time.sleep(0.12)  # a brisk computer player
    saver.flush()  # a disk that keeps up with the moves, however busy the machine
"""


def test_kill_9_loses_at_most_the_last_move() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", WRITER], env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for _ in range(25):
        made = int(proc.stdout.readline())
    assert made == 25  # it plays no further: the kill comes after this move, whenever the machine runs it
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    saved, message = load_match()
    assert message is None and saved is not None
    kept = sum(len(state.history) for state in saved.rounds)
    assert made - 1 <= kept <= made


def test_stale_temporary_files_go_at_start_up() -> None:
    from game.resources import user_config_dir, user_data_dir

    stale = [user_config_dir() / ".settings.json.x1.tmp", user_data_dir() / "matches" / ".match-1.json.x2.tmp"]
    fresh = user_data_dir() / ".current-match.json.x3.tmp"
    for path in [*stale, fresh]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{")
    for path in stale:
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    launch.clean_up_user_folders()
    assert not any(p.exists() for p in stale) and fresh.exists()


def test_the_windowed_app_logs_to_a_file() -> None:
    from game.crash import log_to_file, stop_logging_to_file

    handler = log_to_file()
    try:
        logging.getLogger("game.ui.shell.autosave").warning("autosave failed: %s", "disk full")
    finally:
        stop_logging_to_file(handler)
    text = (Path(os.environ["MATADOR_HOME"]) / "log" / "matador.log").read_text()
    assert "WARNING game.ui.shell.autosave: autosave failed: disk full" in text


def test_a_long_log_is_moved_aside_when_the_game_opens_it() -> None:
    from game.crash import MAX_LOG_BYTES, log_to_file, stop_logging_to_file

    folder = Path(os.environ["MATADOR_HOME"]) / "log"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "matador.log").write_text("old line\n" * (MAX_LOG_BYTES // 9 + 10))
    handler = log_to_file()
    try:
        logging.getLogger("game.ui.shell.autosave").warning("a fresh start")
    finally:
        stop_logging_to_file(handler)
    assert (folder / "matador.log").read_text().count("\n") == 1
    assert (folder / "matador.log.1").read_text().startswith("old line")


def test_an_unreadable_home_is_one_line_and_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    home = os.environ["MATADOR_HOME"]
    os.makedirs(Path(home) / "config")
    real = os.listdir

    def listdir(path: Any = ".") -> list[str]:
        if str(path).startswith(home):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)
    line = launch.folder_problem()
    assert line is not None and "cannot read its folder" in line and "\n" not in line


LOCKED_OUT = """
import builtins, json, os, sys
home = os.environ["MATADOR_HOME"]
real_listdir, real_open = os.listdir, os.open
def locked(path):
    return os.fspath(path).startswith(home)
def listdir(path="."):
    if locked(path):
        raise PermissionError(13, "Permission denied", str(path))
    return real_listdir(path)
def os_open(path, *args, **kw):
    if locked(path):
        raise PermissionError(13, "Permission denied", str(path))
    return real_open(path, *args, **kw)
def guard(real):
    def call(path, *args, **kw):
        if locked(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kw)
    return call
os.listdir, os.open, os.stat, os.lstat = listdir, os_open, guard(os.stat), guard(os.lstat)
from game.ui.shell.app import App
run = App.run
def run_and_tell(self, max_frames=None):
    self.steady = True  # 20 frames at 60 a second (a still title would wait 2 s for each)
    run(self, max_frames=20)
    print(json.dumps(self.notices))
App.run = run_and_tell
from game.commands.cli import run as cli
sys.exit(cli(sys.argv[1:]))
"""


def test_a_home_folder_that_cannot_be_read_plays_on_defaults() -> None:
    home = Path(os.environ["MATADOR_HOME"])
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"version": 1, "volume": 0.2}')
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", LOCKED_OUT, "play", "--size", "800x600"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    notices = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(notices) == 1 and "cannot read its folder" in notices[0], notices
    assert (home / "config" / "settings.json").read_text() == '{"version": 1, "volume": 0.2}'


def args(**kw: Any) -> argparse.Namespace:
    base = dict(rules=None, seats=None, seed=None, target=None, size=None, fullscreen=False, smoke_test=None, screenshot=None)
    base.update(kw)
    return argparse.Namespace(**base)


@pytest.mark.parametrize(
    "kw, words",
    [
        ({"screenshot": "/no/such/dir/x.png"}, "no folder"),
        ({"screenshot": "shot.jpg"}, ".png"),
        ({"screenshot": ""}, "file name"),
        ({"seats": ""}, "--seats ''"),
        ({"seats": " "}, "--seats"),
    ],
)
def test_bad_flags_say_why_up_front(
    kw: dict[str, Any], words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    opened: list[Any] = []
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: opened.append(a) or pygame.Surface((8, 8)))
    monkeypatch.setattr(pygame, "Window", lambda *a, **k: opened.append(a))  # the window on macOS
    assert launch.main(args(**kw)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and "Traceback" not in err[0]
    assert opened == []  # said before any window opens
    assert not (Path(os.environ["MATADOR_HOME"]) / "log").exists()  # no crash log
