"""The size of the first window on a scaled Windows display.

Matador.exe declares itself DPI aware (its manifest), so Windows does not stretch it
on a display scaled to 150%: it gets real pixels, and a 1280x800 window would be
physically small there. So the default size grows with the display's scale, and is
kept inside the screen. A size the player chose (in the settings, or ``--size``) is
kept as it is, and other systems are left alone (macOS and desktop Linux already
count the window in scaled points).
"""

from __future__ import annotations

import sys

DEFAULT_SIZE = (1280, 800)  # Settings.window_size's default
MIN_SIZE = (640, 480)
SCREEN_SHARE = 0.9  # at most this much of the screen's width and height


def scaled_default(scale: float, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """DEFAULT_SIZE grown by ``scale`` (1.0 = 96 dpi), shrunk to fit ``SCREEN_SHARE`` of
    ``desktop`` with its shape kept, never under MIN_SIZE."""
    scale = max(1.0, scale)
    width, height = DEFAULT_SIZE[0] * scale, DEFAULT_SIZE[1] * scale
    if desktop is not None and desktop[0] > 0 and desktop[1] > 0:
        fit = min(1.0, desktop[0] * SCREEN_SHARE / width, desktop[1] * SCREEN_SHARE / height)
        width, height = width * fit, height * fit
    return max(MIN_SIZE[0], round(width)), max(MIN_SIZE[1], round(height))


def first_window_size(
    requested: tuple[int, int], platform: str, scale: float, desktop: tuple[int, int] | None
) -> tuple[int, int]:
    """The size to open the window at: the default follows the display's scale on Windows;
    any other size, or any other system, gets what was asked for."""
    if platform == "win32" and tuple(requested) == DEFAULT_SIZE:
        return scaled_default(scale, desktop)
    return requested


def windows_display_scale() -> float:  # pragma: no cover - asks Windows itself
    """The display's scale on Windows (1.5 at 144 dpi); 1.0 if Windows will not say."""
    try:
        import ctypes

        user32 = ctypes.windll.user32  # type: ignore[attr-defined]
        dpi = int(user32.GetDpiForSystem())  # Windows 10 1607 and later
    except (AttributeError, OSError, ValueError):
        return 1.0
    return dpi / 96 if dpi > 0 else 1.0


def window_size_here(requested: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``first_window_size`` for this system and display."""
    scale = windows_display_scale() if sys.platform == "win32" else 1.0
    return first_window_size(requested, sys.platform, scale, desktop)
