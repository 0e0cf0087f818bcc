"""Worker pools: stopping one never races the pool's own thread, and worker
processes (the computer players' and the coach's) end within seconds once the
game is gone, even by kill -9, the resource tracker with them."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.workers import stop, watch_parent

ROOT = Path(__file__).resolve().parent.parent


class Holder:
    """Holds a pool as the review does: cancels its futures, drops the pool, stops it."""

    def __init__(self) -> None:
        self.pool: ProcessPoolExecutor | None = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
        self.futures = [self.pool.submit(time.sleep, 0.2) for _ in range(30)]
        self.thread: threading.Thread | None = self.pool._executor_manager_thread  # type: ignore[attr-defined]

    def cancel(self) -> None:
        for future in self.futures:
            future.cancel()
        pool, self.pool = self.pool, None
        assert pool is not None
        stop(pool)


def test_stopping_a_pool_never_races_its_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """``InvalidStateError: CANCELLED`` came from the pool's thread when the
    executor was dropped right after stopping it (8 times in 10 before the fix)."""
    errors: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    for _ in range(5):
        holder = Holder()
        time.sleep(0.05)
        holder.cancel()
        assert holder.thread is not None
        holder.thread.join(10)
        assert not holder.thread.is_alive()
    assert errors == []


def test_the_games_own_process_does_not_watch_a_parent() -> None:
    assert watch_parent() is False


GAME = """
import sys, time, random
from game.engine import Match, PlayerInfo, Rules
from game.play.thinker import Thinker
from game.ai.review import Analysis
import multiprocessing.resource_tracker as rt

thinker = Thinker("process")
thinker.warm_up()
match = Match(Rules.from_base("matador", 2, {"target_score": None}), [PlayerInfo("You"), PlayerInfo("Cpu", "computer", "hard")], 3)
rng = random.Random(3)
state = match.next_round()
while not state.over:
    match.push(rng.choice(state.legal_moves()))
analysis = Analysis(match, 0, mode="process", workers=2)
analysis.start()
future = thinker.run(time.sleep, 600)  # the computer player's worker, busy
time.sleep(2.5)
pids = [p.pid for p in thinker._executor._processes.values()] + [p.pid for p in analysis._executor._processes.values()]
print(" ".join(map(str, pids)), rt._resource_tracker._pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its new parent to reap it has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_and_the_resource_tracker_end_after_the_game_is_killed() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    game = subprocess.Popen([sys.executable, "-c", GAME], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert game.stdout is not None
        line = game.stdout.readline().split()
        assert len(line) >= 3, "the game printed its workers"
        workers, tracker = [int(p) for p in line[:-1]], line[-1]
        others = workers + ([int(tracker)] if tracker != "None" else [])
        assert all(alive(p) for p in workers)
        game.send_signal(signal.SIGKILL)
        game.wait()
        deadline = time.monotonic() + 60.0
        while time.monotonic() < deadline and any(alive(p) for p in others):
            time.sleep(0.1)
        left = [p for p in others if alive(p)]
    finally:
        game.kill()
    for pid in left:  # do not leave them behind for the next test
        os.kill(pid, signal.SIGKILL)
    assert left == [], "worker processes outlived the game"


def tagged(tag: str) -> list[int]:
    """Live processes whose environment holds ``tag`` (the game's children inherit it)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                with open(f"/proc/{entry}/environ", "rb") as handle:
                    if tag.encode() in handle.read() and alive(int(entry)):
                        found.append(int(entry))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_no_process_is_left_once_the_window_closes() -> None:
    """Two computers play (the worker process thinks) until the window closes."""
    tag = f"MATADOR_TEST_TAG={os.getpid()}-{time.monotonic_ns()}"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env[tag.split("=")[0]] = tag.split("=")[1]
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "--rules", "matador", "--seats", "hard,hard", "--size", "800x600", "--smoke-test", "240"],
        env=env, capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 60.0
    while tagged(tag) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert tagged(tag) == []
