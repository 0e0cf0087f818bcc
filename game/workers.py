"""Worker pools for long work off the drawing thread (computer players, the coach)."""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any


def stop(executor: Executor) -> None:
    """Shut ``executor`` down without waiting: queued work is dropped, and a worker
    process still busy is terminated (its answer is of no use any more)."""
    # Take the processes first: shutdown() forgets them.
    processes: Any = getattr(executor, "_processes", None) or {}
    running = list(processes.values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in running:
        try:
            process.terminate()
        except Exception:  # it ended meanwhile
            pass
