"""Waking the frame loop from another thread: news for a still screen.

A still screen (nothing moves, nothing is polled each frame) lets the frame
loop sleep until the next input (game/ui/shell/pacing.py). What a background thread
brings in the meantime (a network message, a failed save) would then wait for
that input; so the thread calls ``wake()`` after queueing its news, and the loop
takes a frame at once, in which the screen polls its news as it does every frame.

``wake`` is cheap, never blocks, and may be called from any thread, as often as
news comes (the loop takes one frame for many wakes). With no loop listening
(the command line, the server, tests that step the app themselves) it does
nothing. No pygame here: the network and the files call it.
"""

from __future__ import annotations

import threading
from typing import Callable

_lock = threading.Lock()
_listeners: list[Callable[[], None]] = []


def wake() -> None:
    """Something came in for the screens: the frame loop takes a frame soon."""
    with _lock:
        listeners = list(_listeners)
    for listener in listeners:
        listener()


def listen(listener: Callable[[], None]) -> None:
    """``listener`` is called (on the waking thread) at every ``wake``: the frame loop's."""
    with _lock:
        _listeners.append(listener)


def stop_listening(listener: Callable[[], None]) -> None:
    with _lock:
        if listener in _listeners:
            _listeners.remove(listener)
