"""The loop thread's helpers: a call put into a running loop runs there, one into a
closed loop or no loop is dropped without an error, and the thread starts once."""

from __future__ import annotations

import asyncio
import threading

from game.net.shared.loop_thread import LoopThread, call_in


def test_a_call_runs_on_the_loop_and_a_closed_or_missing_loop_drops_it() -> None:
    loop = asyncio.new_event_loop()
    got: list[tuple[str, int]] = []
    call_in(loop, lambda: got.append((threading.current_thread().name, 1)))
    call_in(loop, None)  # nothing to call
    loop.call_soon(loop.stop)
    loop.run_forever()
    assert got == [(threading.current_thread().name, 1)]
    loop.close()
    call_in(loop, got.append, ("closed", 2))  # no RuntimeError
    call_in(None, got.append, ("none", 3))
    assert got == [(threading.current_thread().name, 1)]


def test_the_thread_starts_once_and_is_waited_for() -> None:
    ran: list[int] = []
    go = threading.Event()

    def work() -> None:
        go.wait(5)
        ran.append(1)

    worker = LoopThread()
    assert not worker.running
    worker.wait(0.01)  # no thread yet: returns at once
    assert worker._start_thread(work, "test-loop-thread")
    assert not worker._start_thread(work, "test-loop-thread")
    assert worker.running
    go.set()
    worker.wait(5)
    assert not worker.running and ran == [1]
