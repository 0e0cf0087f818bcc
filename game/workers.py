"""Worker pools for long work off the drawing thread (computer players, the coach).

Two promises, kept here for every pool the game starts:

- ``stop(executor)`` ends a pool at once without racing the pool's own thread:
  the executor is kept alive until that thread has wound up (dropped at once,
  the thread lost sight of the shutdown and failed futures the caller had
  cancelled: ``InvalidStateError: CANCELLED``).
- A worker process ends within a moment once the game is gone, even after
  ``kill -9`` (nothing could tell it to stop): it watches its parent. A process
  started by ``multiprocessing`` that imports this module (the computer
  players' and the coach's workers do, for their work) starts a watcher thread
  that waits on the parent's sentinel (a pipe's end on Linux and macOS, the
  parent's process handle on Windows) and, on POSIX, on a change of parent pid.
  The multiprocessing resource tracker ends by itself once the last process
  holding its pipe is gone.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import Executor
from typing import Any

STOP_WAIT_S = 60.0  # how long a stopped pool's thread is waited for (it ends in well under a second)
WATCH_EVERY_S = 0.25


def stop(executor: Executor) -> None:
    """Shut ``executor`` down without waiting: queued work is dropped, and a worker
    process still busy is terminated (its answer is of no use any more)."""
    # Take the processes and the pool's thread first: shutdown() forgets them.
    processes: Any = getattr(executor, "_processes", None) or {}
    running = list(processes.values())
    manager = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in running:
        try:
            process.terminate()
        except Exception:  # it ended meanwhile
            pass
    if isinstance(manager, threading.Thread) and manager.is_alive():
        # The pool's thread drops the cancelled work only while it can still see
        # the executor: hold it until the thread is done.
        threading.Thread(target=_hold_until_done, args=(executor, manager), name="matador-pool-stop", daemon=True).start()


def _hold_until_done(executor: Executor, manager: threading.Thread) -> None:
    manager.join(STOP_WAIT_S)
    del executor


# Worker processes watch the game ------------------------------------------------------
_watching = False


def watch_parent() -> bool:
    """In a process started by ``multiprocessing``: end it as soon as its parent
    is gone. Returns whether a watcher runs (False in the game's own process)."""
    global _watching
    if _watching:
        return True
    mp = sys.modules.get("multiprocessing")
    if mp is None:
        return False
    inheriting = getattr(mp.current_process(), "_inheriting", False)  # still being unpickled
    if mp.parent_process() is None and not inheriting:
        return False
    _watching = True
    ppid = os.getppid() if os.name == "posix" else None
    threading.Thread(target=_watch, args=(mp, ppid), name="matador-parent-watch", daemon=True).start()
    return True


def _watch(mp: Any, ppid: int | None) -> None:
    from multiprocessing.connection import wait

    while True:
        parent = mp.parent_process()
        if parent is not None and ppid is None:
            wait([parent.sentinel])  # returns once the parent is gone
            os._exit(0)
        if parent is not None and wait([parent.sentinel], timeout=WATCH_EVERY_S):
            os._exit(0)
        if ppid is not None and os.getppid() != ppid:  # given to another parent: ours died
            os._exit(0)
        if parent is None:
            time.sleep(WATCH_EVERY_S)


watch_parent()  # a worker imports this module with its work: from then on, it watches
