"""The frame loop's pace: 60 frames a second while something moves, none while
the screen stands still.

A frame is drawn when something changes or moves: an input (and for
``SETTLE_S`` after it: pygame_gui's hover, a button let go, the screen it
opened), an animation, a computer thinking, a worker or the network awaited,
a countdown's tick. The top screen says which (``Scene.next_change``: 0.0
while it moves, the seconds to its next change, None while it stands still);
a screen that says nothing gets every frame, as before. While still, the loop
sleeps until the next input, a wake from another thread (``game.waking``: a
network message), the screen's next change, or ``STILL_TICK_S`` at the most
(what nobody announced, polled once a frame: the background review's news,
still reaches the screen within that).

pygame's own ``event.wait`` looks at SDL's queue every millisecond (2.5% of a
core doing nothing), so a still loop sleeps on a ``threading.Event`` that a
wake sets, looking at SDL's queue every ``POLL_S``: an input is answered within
that, and a wake at once.

Tests drive the loop with a stand-in event source and clock (``Events``,
``Ticks``): no real time passes.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol

import pygame

SETTLE_S = 0.25  # frames go on this long after an input
STILL_TICK_S = 2.0  # a still screen gets a frame at least this often
POLL_S = 0.025  # a still loop looks at SDL's queue this often (the latency of the first input)
WAKE = pygame.event.custom_type()  # what a wake from another thread is, in the loop (never given to screens)


class Events(Protocol):
    """Where the loop's events come from (SDL's queue; tests give a script)."""

    def get(self) -> list[pygame.event.Event]:
        """The events waiting (none: an empty list), at once."""
        ...

    def wait(self, seconds: float) -> list[pygame.event.Event]:
        """The events that come within ``seconds`` (empty: none came); a wake is a ``WAKE`` event."""
        ...

    def wake(self) -> None:
        """From any thread: a ``wait`` under way returns now."""
        ...


class Ticks(Protocol):
    """The loop's clock (``pygame.time.Clock``; tests give a stand-in)."""

    def tick(self, framerate: int = 0) -> int:
        """Milliseconds since the last tick, waiting first so that at most ``framerate`` ticks come a second."""
        ...


class SystemEvents:
    """SDL's event queue, waited on without a busy loop."""

    def __init__(self) -> None:
        self._woken = threading.Event()

    def get(self) -> list[pygame.event.Event]:
        return pygame.event.get()

    def wait(self, seconds: float) -> list[pygame.event.Event]:
        end = time.monotonic() + seconds
        while True:
            events = pygame.event.get()
            if events:
                return events
            if self._woken.is_set():
                self._woken.clear()
                return [pygame.event.Event(WAKE)]
            left = end - time.monotonic()
            if left <= 0:
                return []
            self._woken.wait(min(POLL_S, left))

    def wake(self) -> None:
        self._woken.set()


def still_for(since_input: float, next_change: float | None, held: bool) -> float | None:
    """How long the loop may wait for input before its next frame (None: a frame
    at the next tick): ``since_input`` seconds since the last input, the top
    screen's ``next_change``, ``held``: a mouse button, a key or a controller's
    direction held down (a slider's arrow pressed scrolls every frame)."""
    if since_input < SETTLE_S or held:
        return None
    if next_change is None:
        return STILL_TICK_S
    if next_change <= 0.0:
        return None
    return min(next_change, STILL_TICK_S)


def buttons_held() -> bool:
    """A mouse button is down now."""
    try:
        return any(pygame.mouse.get_pressed())
    except pygame.error:  # (no display yet)
        return False
