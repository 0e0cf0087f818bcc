"""A thread that runs an asyncio loop, as seen from other threads: the calls put
into its loop, and the thread started once, followed and waited for.

The app's session, its hosted server and its list of a server's open tables
each run one, and the server's thinking hands answers back to its loop with
``call_in``. Nothing here imports pygame.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable


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
