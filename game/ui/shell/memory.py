"""Memory given back: what the game frees reaches the system again.

The game's pictures (pygame surfaces) are malloc'd by SDL. On Linux, glibc
keeps freed blocks in its heap for the next ones, and a heap with one small
block still in use near its top cannot shrink: in the monkey's runs at full
speed the heap held 90-170 MB in use and 100-300 MB freed but kept (resizes
and new screens make and drop hundreds of pictures between the game's small
long-lived objects). So:

- blocks of 256 kB and more (a button drawn at four times its size, a line
  of text across the window, a full-window picture) are mapped on their own
  and go back to the system the moment they are freed
  (``return_big_allocations``);
- when the screens change, at most once a second while the window is
  being resized, on the first frame after a resize, and in the frame the
  resident memory (read after every frame) has grown by 24 MB, the garbage is
  collected (frozen objects too: ``collect``) and the heap's free pages are
  given back (``Tidy``; ``malloc_trim``, a few milliseconds): each screen
  laid out again leaves its old widgets (and their looks) in reference
  cycles, and a trim alone did not reach them; after the widgets got
  a new theme (a new text size), once more on the next frame: the events
  pygame_gui posted while the old widgets were closed hold them (and their
  theme, 13 MB) until the next frame takes them from the queue.

Elsewhere (Windows, macOS, another C library) these do nothing.
"""

from __future__ import annotations

import functools
import gc
import sys
import time
from typing import Any, Callable

MMAP_THRESHOLD = 256 * 1024  # blocks at least this big are mapped on their own
TRIM_THRESHOLD = 8 * 1024 * 1024  # the heap's top is given back once this much of it is free
RESIZE_TRIM_EVERY_S = 1.0
GROWTH_TIDY_EVERY_S = 0.25  # a tidy for the memory's growth at most this often
GROWTH_TIDY_BYTES = 24 * 1024 * 1024  # grown this much since the last tidy: collect and give back


@functools.cache
def _libc() -> Any | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here, not at import: nothing of it holds the first frame back

    try:
        libc = ctypes.CDLL(None)
        libc.mallopt  # noqa: B018 - glibc (and musl) have it; another C library may not
        libc.malloc_trim  # noqa: B018
        return libc
    except (OSError, AttributeError):  # not glibc
        return None


def return_big_allocations() -> bool:
    """On Linux (glibc), blocks of ``MMAP_THRESHOLD`` and more are given back to
    the system when freed. By default glibc raises that threshold after each
    such block is freed, up to 32 MB, and then keeps every freed picture in its
    heap: the game grew by hundreds of MB in a few minutes. Whether it was set."""
    libc = _libc()
    if libc is None:
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3
    return bool(libc.mallopt(m_mmap_threshold, MMAP_THRESHOLD)) and bool(libc.mallopt(m_trim_threshold, TRIM_THRESHOLD))


def give_back() -> bool:
    """Give the heap's free pages back to the system (glibc's ``malloc_trim``). Whether any were."""
    libc = _libc()
    return bool(libc.malloc_trim(0)) if libc is not None else False


def resident_bytes() -> int | None:
    """The process's resident memory now (Linux), or None where it cannot be read cheaply."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * _page_size()
    except (OSError, ValueError, IndexError):
        return None


@functools.cache
def _page_size() -> int:
    import os

    try:
        return int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 4096


def let_go_sized(app: Any) -> int:
    """The window changed size: every cache of pictures made for a size lets go of
    them before the screens are laid out again (each makes its pictures anew at
    the new size). Resized through many sizes, the caches kept the old sizes'
    pictures up to their budgets (the scaled tiles, 20 MB; the table's pictures;
    the screens' rendered lines), unseen. The services that have ``let_go_sized``
    (the tile art), every ``TextCache`` (game/ui/drawing/text.py) and the widgets' shapes
    waiting for pygame_gui's cache (``gui_theme.let_go_waiting_shapes``). The
    caches emptied (not counting the shapes)."""
    from game.ui.drawing.gui_theme import let_go_waiting_shapes
    from game.ui.drawing.text import let_go_lines

    emptied = let_go_lines()
    let_go_waiting_shapes(getattr(app, "_gui_theme", None))
    for service in list(getattr(app, "services", {}).values()):
        let_go = getattr(service, "let_go_sized", None)
        if callable(let_go):
            let_go()
            emptied += 1
    return emptied


def collect() -> int:
    """A full collection that reaches the frozen objects too; what the collector
    finds unreachable is freed. ``App.run`` freezes what the start made (the
    collector then need not walk it each time), but some of it does not live as
    long as the game: the first title screen with its widgets and pictures, and
    the widgets' theme at the first text size (fonts and a 4 MB picture), held
    in reference cycles, were never freed once frozen (25 MB in a monkey's run
    after 40 s). What is still alive is frozen again. The number collected."""
    frozen = gc.get_freeze_count() > 0
    if frozen:
        gc.unfreeze()
    found = gc.collect()
    if frozen:
        gc.freeze()
    return found


class Tidy:
    """An ``App.on_frame`` hook. After a frame in which the screens changed,
    collect the garbage (a closed screen is held in reference cycles, its
    widgets, its callbacks, with its pictures, which Python's collector would
    free only after many frames) and give the free memory back. While the
    window is resized, the same at most once a second, and once more on the
    first frame of the new size left alone: every screen laid out again left
    its old widgets in reference cycles, and the heap's pages freed by the
    relayout stayed with the process until the next change of screen (20-25
    MB with Settings over the pause menu over the table at 150% text in a
    large window). On the frame after the widgets got a new theme, collect
    and give back.

    And whatever the screens did: after every frame the resident memory is
    read (a read of ``/proc/self/statm``, some microseconds), and once it has
    grown by ``GROWTH_TIDY_BYTES`` since the last tidy, the same, at most every
    ``GROWTH_TIDY_EVERY_S`` (a tidy costs about 10 ms at 4K). A screen laid out
    again at the same size, on the same stack (a new language, a setting that
    shows a line), or at a new size before a second has passed, left its old
    widgets to Python's collector, which reaches them rarely once the start is
    frozen. Read every half second, the memory stayed up to 60 MB higher for the
    frames in between (the half-hour probe: frames of 300-332 MB in windows
    near 4K, tools/peakframes.py)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, resident: Callable[[], int | None] = resident_bytes) -> None:
        self._stack: tuple[int, ...] | None = None  # None: the first frame (nothing closed yet: no collection)
        self._restyles = 0
        self._collect_next = False
        self._size: tuple[int, int] | None = None
        self._resized = False
        self._last_trim = float("-inf")
        self._clock = clock
        self._resident: Callable[[], int | None] | None = resident  # None: it cannot be read here
        self._after_tidy: int | None = None  # resident bytes after the last tidy
        self.collections = 0  # how often it collected and gave back (for tests)
        self.trims = 0

    def __call__(self, app: Any) -> None:
        stack = tuple(map(id, app.scenes))
        size: tuple[int, int] = app.size
        if self._stack is None:  # the first frame: the title is not held back by a collection
            self._stack, self._size = stack, size
            return
        restyles = getattr(app, "restyles", 0)
        collect_now, self._collect_next = self._collect_next, restyles != self._restyles
        self._restyles = restyles
        if stack != self._stack or collect_now:
            self._stack = stack
            self._size = size
            self._resized = False
            self._tidy()
        elif size != self._size:
            self._size = size
            self._resized = True
            if self._clock() - self._last_trim >= RESIZE_TRIM_EVERY_S or self._grown():
                self._tidy()
        elif self._resized:  # the first frame at a size left alone
            self._tidy()
        elif self._grown():
            self._tidy()

    def _grown(self) -> bool:
        """Whether the resident memory grew by ``GROWTH_TIDY_BYTES`` since the last tidy
        (and the last was at least ``GROWTH_TIDY_EVERY_S`` ago)."""
        if self._resident is None:
            return False
        resident = self._resident()
        if resident is None:  # not Linux: not read again
            self._resident = None
            return False
        if self._after_tidy is None:
            self._after_tidy = resident
            return False
        return resident - self._after_tidy >= GROWTH_TIDY_BYTES and self._clock() - self._last_trim >= GROWTH_TIDY_EVERY_S

    def _tidy(self) -> None:
        self._resized = False
        collect()
        self.collections += 1
        self._last_trim = self._clock()
        self.trims += 1
        give_back()
        self._after_tidy = self._resident() if self._resident is not None else None
