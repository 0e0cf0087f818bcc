"""Computer seats think off the drawing thread and see only their seat's view."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any

from game.engine import Action, PlayerInfo, SeatView
from game.play.thinker import ComputerController, Thinker, choose_action


class SlowThinker(Thinker):
    """A thread worker that waits for a signal before answering (a long search)."""

    def __init__(self) -> None:
        super().__init__("thread")
        self.release = threading.Event()
        self.seen: list[object] = []

    def submit(self, level: str, view: SeatView, seed: int, budget_s: float) -> Future[Action]:
        self.seen.append(view)

        def slow() -> Action:
            self.release.wait(10)
            return choose_action("random", view, seed, 0.0)

        return self._pool().submit(slow)


def test_the_window_keeps_drawing_while_a_computer_thinks(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    thinker = SlowThinker()
    from game.engine import Match, Rules
    from game.ui.table import TableScene

    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Cpu", "computer", "hard"), PlayerInfo("Ann")], 6)
    match.next_round()
    while match.round.current_player != 0:  # play on until the computer (seat 0) is to move
        match.push(match.round.legal_moves()[0])
    scene = TableScene(match, thinker=thinker)
    app.push(scene)
    frames = app.frames
    ui.settle(app, 30, 0.05)
    assert app.frames == frames + 30  # frames went on while the search ran
    assert scene.mode.look.seat_info(scene, 0)[4] == "thinking…"
    assert all(isinstance(v, SeatView) for v in thinker.seen) and thinker.seen
    view = thinker.seen[0]
    assert isinstance(view, SeatView) and view.seat == 0
    history = len(match.round.history)
    thinker.release.set()
    for _ in range(100):
        app.step([], 0.05)
        if len(match.round.history) > history:
            break
    assert len(match.round.history) == history + 1
    thinker.shutdown()


def test_a_failing_player_still_moves_legally() -> None:
    class Broken(Thinker):
        def submit(self, level: str, view: SeatView, seed: int, budget_s: float) -> Future[Action]:
            future: Future[Action] = Future()
            future.set_exception(RuntimeError("search exploded"))
            return future

    from game.engine import Match, Rules

    match = Match(Rules.from_base("wild-doubles", 2), [PlayerInfo("A", "computer", "hard"), PlayerInfo("B")], 1)
    state = match.round
    controller = ComputerController(state.current_player or 0, "hard", Broken("thread"))
    controller.start(match.view(state.current_player or 0), 5)
    action = controller.poll()
    assert action is not None and state.is_legal(action)


def test_shutdown_stops_a_worker_process_that_is_still_busy() -> None:
    import time

    thinker = Thinker("process")
    future = thinker.run(time.sleep, 600)  # a search that would run on and on
    deadline = time.monotonic() + 60
    processes: list = []
    while time.monotonic() < deadline:  # a spawned worker takes a while to start on a busy machine
        processes = list(getattr(thinker._executor, "_processes", {}).values())
        if future.running() and processes and all(p.is_alive() for p in processes):
            break
        time.sleep(0.05)
    assert processes and all(p.is_alive() for p in processes)
    pids = [p.pid for p in processes]
    thinker.shutdown()
    # The pool's own thread reaps its workers as it shuts down, so Process.is_alive()
    # cannot be asked (it cannot tell a process reaped elsewhere from a live one):
    # ask the system whether each pid still runs.
    deadline = time.monotonic() + 60
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_running(pid) for pid in pids)


def _running(pid: int | None) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie waiting to be reaped)."""
    import os

    if pid is None:
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask with signal 0
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
