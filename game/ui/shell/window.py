"""The game's window: where frames are drawn, and how many pixels a point is.

On a high-DPI (Retina) Mac a window of 1280x800 *points* has 2560x1600
*pixels*. pygame-ce's ``display.set_mode`` never asks SDL for those pixels
(SDL_WINDOW_ALLOW_HIGHDPI), so macOS would stretch a 1280x800 picture over
them and every word would be blurred; only a ``pygame.Window`` made with
``allow_high_dpi=True`` gets them. So there are two windows:

- ``DisplayWindow``: ``pygame.display.set_mode``, as on Linux and Windows
  (there the window's pixels are its points: Windows scales through the
  default window size, ``game/ui/shell/window_size.py``);
- ``HighDpiWindow``: a ``pygame.Window`` allowed high DPI, on macOS. Its
  surface is in pixels; ``ratio`` is pixels per point (2.0 on a Retina
  display, 1.0 elsewhere, measured each time the surface is fetched).

The rest of the game works in pixels: ``App.size`` is the surface's size, the
layouts are computed for it, and ``game.ui.drawing.access.text_factor`` multiplies the
text size by ``ratio`` (``access.CURRENT.pixel_ratio``). SDL still reports
the mouse and the window's size in points, so ``App.handle_event`` hands the
scenes each mouse event in pixels (``to_pixels``), keeping the original for
pygame_gui, whose managers scale positions themselves
(``UIManager.mouse_pos_scale_factor``, set to ``ratio`` by ``App``).

Both ask SDL for its plain framebuffer (``plain_framebuffer``): on Linux, SDL
otherwise probes OpenGL at the first frame and, with Mesa's software renderer
(a machine without a graphics driver, a virtual display), shows every frame
through a texture: a bare 1280x800 window then took 127 MB, 239 MB after
forty sizes up to 3840x2160 (never given back), and 9.6 ms a flip; with the
plain framebuffer (MIT-SHM on X11) 30 MB, 42 MB at the largest, 30 MB back
at 1280x800, and 0.6 ms a flip. Elsewhere it changes nothing: Windows uses
its plain framebuffer anyway, and macOS and Wayland have none (SDL keeps its
texture there).

``OffscreenWindow`` draws into a surface ``ratio`` times the size asked for and
shows it nowhere: tests drive whole scenes at ratio 2 with it, without a Mac.
``MATADOR_HIGH_DPI=1`` (or ``0``) chooses the ``pygame.Window`` path on any
system (or ``set_mode`` on macOS), to try it elsewhere.
"""

from __future__ import annotations

import os
import sys
from typing import Protocol

import pygame

from game.ui.shell.window_size import MIN_SIZE

TITLE = "Matador"
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
POINTS_EVENT = "points_event"  # the attribute of a converted event that keeps SDL's own


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def plain_framebuffer() -> None:
    """Ask SDL for the system's own framebuffer, not one drawn through OpenGL (see the
    module's docstring), unless the player's environment says otherwise. Read by SDL
    when a window's surface is first fetched."""
    os.environ.setdefault(FRAMEBUFFER_HINT, "0")


class Window(Protocol):
    """Where the frames go (see the module's docstring)."""

    ratio: float  # pixels per point
    size_event: int  # the event that says the window has a new size (VIDEORESIZE or WINDOWSIZECHANGED)

    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """Show the window at ``size`` points (or full screen); the surface to draw on."""
        ...

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        """The window is now ``size`` points (a VIDEORESIZE, or a test); the surface to draw on."""
        ...

    def flip(self) -> None:
        """Put the frame drawn on the surface on the screen."""
        ...

    def surface(self) -> pygame.Surface | None:
        """The surface frames are drawn on now (None before ``open``)."""
        ...


class DisplayWindow:
    """``pygame.display.set_mode``: today's window on Linux and Windows (a point is a pixel)."""

    ratio = 1.0
    size_event = pygame.VIDEORESIZE

    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        plain_framebuffer()
        pygame.display.set_caption(TITLE)
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        """SDL has already resized the window and its surface when the player did (a
        VIDEORESIZE): that surface, the same window. ``set_mode`` made a new window
        (a new X window id) that, without a window manager, had no keyboard focus:
        keys did nothing until it was clicked. A size asked for by the game (a test,
        the smallest size) still goes through ``set_mode``."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() == tuple(size):
            return surface
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def flip(self) -> None:
        pygame.display.flip()

    def surface(self) -> pygame.Surface | None:
        return pygame.display.get_surface()


class HighDpiWindow:
    """A ``pygame.Window`` allowed high DPI (macOS): its surface has every pixel of the display.

    It is followed by WINDOWSIZECHANGED (in points), which SDL sends for every
    change of the window's size, whoever made it (a size the game set brought
    no VIDEORESIZE with a ``pygame.Window``, on SDL's dummy and X11 drivers);
    VIDEORESIZE is left to ``set_mode``'s window.
    """

    size_event = pygame.WINDOWSIZECHANGED

    def __init__(self) -> None:
        self.window: pygame.Window | None = None
        self.ratio = 1.0
        self._surface: pygame.Surface | None = None

    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if self.window is None:
            plain_framebuffer()
            self.window = pygame.Window(TITLE, size, resizable=True, allow_high_dpi=True)
            self.window.minimum_size = MIN_SIZE
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            if tuple(self.window.size) != tuple(size):
                self.window.size = size
        return self._fetch()

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        if self.window is None:
            return self.open(size, False)
        if tuple(self.window.size) != tuple(size):
            self.window.size = size  # a test asking for a size (SDL has already resized it otherwise)
        return self._fetch()

    def _fetch(self) -> pygame.Surface:
        assert self.window is not None
        self._surface = self.window.get_surface()  # remade by SDL at the window's new size in pixels
        width, height = self.window.size
        self.ratio = measure_ratio(self._surface.get_size(), (width, height))
        return self._surface

    def flip(self) -> None:
        if self.window is not None:
            self.window.flip()

    def surface(self) -> pygame.Surface | None:
        return self._surface


class OffscreenWindow:
    """Frames drawn ``ratio`` times larger than the window's points and never shown
    (tests: a Retina display where there is none). A hidden window of the points
    is opened too: pygame (and pygame_gui's text) converts pictures to its format."""

    size_event = pygame.VIDEORESIZE

    def __init__(self, ratio: float = 2.0) -> None:
        self.ratio = ratio
        self._surface: pygame.Surface | None = None
        self.flips = 0

    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        pygame.display.set_mode(size, pygame.HIDDEN)
        return self.resized(size)

    def resized(self, size: tuple[int, int]) -> pygame.Surface:
        pixels = (round(size[0] * self.ratio), round(size[1] * self.ratio))
        if self._surface is None or self._surface.get_size() != pixels:
            self._surface = pygame.Surface(pixels)
        return self._surface

    def flip(self) -> None:
        self.flips += 1

    def surface(self) -> pygame.Surface | None:
        return self._surface


def measure_ratio(pixels: tuple[int, int], points: tuple[int, int]) -> float:
    """Pixels per point, from a surface's size and its window's (1.0 when unknown)."""
    if points[0] <= 0 or pixels[0] <= 0:
        return 1.0
    return max(1.0, round(pixels[0] / points[0], 3))


def wants_high_dpi(platform: str = sys.platform, environ: dict[str, str] | None = None) -> bool:
    """Whether to ask for a high-DPI window: on macOS, unless ``MATADOR_HIGH_DPI`` says otherwise."""
    choice = (os.environ if environ is None else environ).get("MATADOR_HIGH_DPI", "").strip()
    if choice in ("0", "1"):
        return choice == "1"
    return platform == "darwin"


def make_window() -> Window:
    """The window for this system."""
    if wants_high_dpi():
        return HighDpiWindow()
    return DisplayWindow()


def to_pixels(event: pygame.event.Event, ratio: float) -> pygame.event.Event:
    """A mouse event with its position (and motion) in pixels; SDL's own event is kept
    as its ``points_event`` (pygame_gui's managers scale that one themselves).
    Any other event, or any event at ratio 1, is returned as it is."""
    if ratio == 1.0 or event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
        return event
    values = dict(event.dict)
    values["pos"] = (int(event.pos[0] * ratio), int(event.pos[1] * ratio))
    if "rel" in values:
        values["rel"] = (round(event.rel[0] * ratio), round(event.rel[1] * ratio))
    values[POINTS_EVENT] = event
    return pygame.event.Event(event.type, values)


def sdl_event(event: pygame.event.Event) -> pygame.event.Event:
    """The event as SDL gave it (in points), for pygame_gui."""
    original = getattr(event, POINTS_EVENT, None)
    return original if isinstance(original, pygame.event.Event) else event


_CURRENT: Window | None = None


def set_current(window: Window | None) -> None:
    """The window the game draws in (``App`` sets it)."""
    global _CURRENT
    _CURRENT = window


def drawing_surface() -> pygame.Surface | None:
    """The surface of the window the game draws in, if one is open (images are
    converted to its format); ``pygame.display.get_surface()`` when the game has none."""
    if _CURRENT is not None and not isinstance(_CURRENT, OffscreenWindow):  # (that one shows nothing)
        surface = _CURRENT.surface()
        if surface is not None:
            return surface
    if not pygame.display.get_init():
        return None
    return pygame.display.get_surface()
