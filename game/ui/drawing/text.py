"""Rendered text, cached: the table draws the same words every frame.

Text is set in Noto Sans, the typeface pygame_gui ships for the widgets, so drawn
words and buttons match; what it lacks (Hebrew, Arabic, emoji) is drawn with the
game's fallback fonts, each script in its direction (game/ui/drawing/script_font.py); sizes keep the scale of pygame's default font (a size
``n`` here is as wide as ``Font(None, n)`` was), which the layouts were made for.
"""

from __future__ import annotations

import weakref
from pathlib import Path

import pygame

from game.ui.drawing import access
from game.ui.drawing.script_font import FALLBACK_FONTS, FontsKept, ScriptFont
from game.ui.drawing.surface_cache import SurfaceCache

Colour = tuple[int, int, int]

IVORY: Colour = (243, 234, 210)
GOLD: Colour = (240, 207, 122)
DIM: Colour = (176, 190, 170)
RED: Colour = (236, 120, 100)
INK: Colour = (30, 26, 20)

FONT_DIR = Path(pygame.__file__).resolve().parent  # replaced below by pygame_gui's data folder when present
try:
    import pygame_gui

    FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"
except ImportError:  # pragma: no cover - pygame_gui is a dependency
    pass
DEFAULT_FONT_SCALE = 0.6875  # pygame's default font is drawn at this share of the size asked for


FONTS_KEPT = 24  # fonts alive at once, for every screen together: a window resized through many sizes keeps only the recent ones


class FontCache(FontsKept):
    """pygame fonts by (file, point size, bold, italic), shared by every screen,
    the least recently used going first once there are more than ``limit``.

    Each font in use costs about half a megabyte (FreeType's and HarfBuzz's
    tables); each screen kept its own, so the same sizes were loaded once per
    screen open (in the monkey's runs, 37 fonts alive with three screens open
    at 150% text, and the Settings, Rules, Statistics and Past matches
    screens kept every size ever asked for). A font here is never changed
    (no ``set_bold`` on a font from a file): the same key draws the same.
    """

    def __init__(self, limit: int = FONTS_KEPT) -> None:
        super().__init__(limit)

    def get(self, style: str, size: int, bold: bool = False, italic: bool = False, fallback_size: int | None = None) -> pygame.font.Font:
        """Noto Sans ``style`` ("Regular", "Bold", "Italic", "BoldItalic") at ``size``
        points; if Noto is missing, pygame's default font at ``fallback_size``
        (``size`` by default) made ``bold``/``italic``."""
        if not pygame.font.get_init():  # never started, or stopped: fonts of before are gone
            self.clear()
            pygame.font.init()
        key = (style, size, bold, italic)
        font = self.find(key)
        if font is not None:
            try:
                font.get_height()
            except pygame.error:  # the font module was stopped and started again since (pygame.quit)
                self.clear()
                font = None
        if font is None:
            try:
                # italics slanted by FreeType from the upright file: the app ships no italic
                # Noto (0.6 MB of its 32 MB budget, for the Rules screen's captions alone)
                upright = style.replace("Italic", "") or "Regular"
                font = ScriptFont(str(FONT_DIR / f"NotoSans-{upright}.ttf"), size, "Bold" in style, "Italic" in style)
                if upright != style:
                    font.set_italic(True)
            except (OSError, FileNotFoundError):
                key = ("", fallback_size or size, bold, italic)
                font = self.find(key)
                if font is None:
                    font = pygame.font.Font(None, fallback_size or size)
                    font.set_bold(bold)
                    font.set_italic(italic)
        return self.keep(key, font)

    def clear(self) -> None:
        super().clear()
        FALLBACK_FONTS.clear()


FONTS = FontCache()


def noto(size: int, bold: bool = False, italic: bool = False, fallback_size: int | None = None) -> pygame.font.Font:
    """Noto Sans at ``size`` points, from the shared ``FONTS`` (see ``FontCache.get``)."""
    style = "BoldItalic" if bold and italic else "Bold" if bold else "Italic" if italic else "Regular"
    return FONTS.get(style, size, bold, italic, fallback_size)


def load_font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (bold or regular) at the size pygame's default font would have
    (pygame's default font if Noto is missing), from the shared ``FONTS``."""
    return noto(max(6, round(size * DEFAULT_FONT_SCALE)), bold, fallback_size=size)


LEAST_SIZE = 13  # the smallest text drawn at 100% (Noto Sans 9 px, as the table's least label): smaller is hard to read


def least_size(factor: float) -> int:
    """The smallest size (this module's sizes) text may be drawn at when text is
    drawn ``factor`` times larger (``access.text_factor``, or the table's scale)."""
    return int(LEAST_SIZE * max(1.0, factor) + 0.5)


def least_points(window: tuple[int, int]) -> int:
    """The smallest Noto Sans point size (pixels) any text may have in a window
    of ``window`` pixels at the chosen text size."""
    return max(6, round(least_size(access.text_factor(window)) * DEFAULT_FONT_SCALE))


LINES_BYTES = 4 * 1024 * 1024


class TextCache:
    """Rendered lines by (text, size, colour, bold), within ``LINES_BYTES`` (the least
    recently used go first); fonts from the shared ``FONTS``. Every cache lets go of
    its lines when the window changes size (``let_go_lines``)."""

    def __init__(self, limit: int = 600):
        self._lines = SurfaceCache(LINES_BYTES, limit)
        _CACHES.add(self)

    @property
    def bytes(self) -> int:
        return self._lines.bytes

    def clear(self) -> None:
        self._lines.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return load_font(size, bold)

    def render(self, text: str, size: int, colour: Colour = IVORY, bold: bool = False) -> pygame.Surface:
        return self._lines.cached((text, size, colour, bold), lambda: self.font(size, bold).render(text, True, colour))

    def fit(self, text: str, width: int, size: int, colour: Colour = IVORY, bold: bool = False, least: int = LEAST_SIZE) -> pygame.Surface:
        """``text`` at ``size``, or smaller (down to ``least``), or cut short with "…" to fit ``width``."""
        while size > least and self.font(size, bold).size(text)[0] > width:
            size = max(least, size - 2)
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return self.render(text, size, colour, bold)
        low, high = 0, len(text)  # the longest start of ``text`` that fits with "…" (halving: long text is quick)
        while low < high:
            middle = (low + high + 1) // 2
            if font.size(text[:middle] + "…")[0] <= width:
                low = middle
            else:
                high = middle - 1
        return self.render(text[: max(1, low)].rstrip() + "…", size, colour, bold)


_CACHES: weakref.WeakSet[TextCache] = weakref.WeakSet()


def let_go_lines() -> int:
    """Every ``TextCache`` alive forgets its lines (the window changed size: the
    screens draw their words at new sizes). How many caches."""
    caches = list(_CACHES)
    for cache in caches:
        cache.clear()
    return len(caches)


def pill(text: pygame.Surface, colour: tuple[int, int, int, int] = (15, 30, 20, 200), pad: int = 6) -> pygame.Surface:
    """A rounded translucent box around a rendered line (made once, then cached by the caller)."""
    w, h = text.get_width() + 2 * pad, text.get_height() + pad
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=h // 2)
    box.blit(text, (pad, pad // 2))
    return box
