"""A thread that runs an asyncio loop, as seen from other threads: the calls put
into its loop, and the thread started once, followed and waited for.

The app's session, its hosted server and its list of a server's open tables
each run one, and the server's thinking hands answers back to its loop with
``call_in``. ``AskingThread``: one that asks a server when woken (the open
tables' list, a leaderboard). Nothing here imports pygame.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

log = logging.getLogger("matador.net")


def call_in(loop: asyncio.AbstractEventLoop | None, callback: Callable[..., object] | None, *args: Any) -> None:
    """Call ``callback(*args)`` on ``loop`` from another thread: nothing when there
    is no loop (not started yet, or ended), no callback, or the loop has closed."""
    if loop is None or callback is None:
        return
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the loop has closed: nobody is there to call
        pass


class LoopThread:
    """The thread's side the frame loop sees: started once, running, waited for."""

    _thread: threading.Thread | None = None

    def _start_thread(self, target: Callable[[], None], name: str) -> bool:
        """Start the daemon thread that runs ``target``; False when one was started before."""
        if self._thread is not None:
            return False
        self._thread = threading.Thread(target=target, name=name, daemon=True)
        self._thread.start()
        return True

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float) -> None:
        """Wait at most ``timeout`` for the thread to end (after it was told to stop)."""
        if self._thread is not None:
            self._thread.join(timeout)


class AskingThread(LoopThread):
    """A ``LoopThread`` whose loop asks a server when woken (``_asking``): its loop,
    its wake and its task known to the frame loop's thread under a lock; ``close``
    ends it at once (an ask under way is cancelled)."""

    failed_line = "asking a server ended on an error"  # (the log's line, never a traceback)

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def _wake_up(self) -> None:
        """Wake the loop now (not waiting for its next ask)."""
        with self._lock:
            loop, wake = self._loop, self._wake
        call_in(loop, None if wake is None else wake.set)

    def close(self, wait_s: float = 0.0) -> None:
        """Stop; the thread ends at once (an ask under way is cancelled)."""
        with self._lock:
            self._closed = True
            loop, task = self._loop, self._task
        call_in(loop, None if task is None else task.cancel)
        if wait_s > 0:
            self.wait(wait_s)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException:  # never a traceback from a background thread
            log.exception(self.failed_line)

    async def _main(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._loop = asyncio.get_running_loop()
            self._wake = wake = asyncio.Event()
            self._task = asyncio.current_task()
        try:
            await self._asking(wake)
        except asyncio.CancelledError:
            pass

    async def _asking(self, wake: asyncio.Event) -> None:
        """Ask while not closed, waiting on ``wake`` between asks."""
        raise NotImplementedError
