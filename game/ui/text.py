"""Rendered text, cached: the table draws the same words every frame.

Text is set in Noto Sans, the typeface pygame_gui ships for the widgets, so drawn
words and buttons match; sizes keep the scale of pygame's default font (a size
``n`` here is as wide as ``Font(None, n)`` was), which the layouts were made for.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.ui.surface_cache import SurfaceCache

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


def load_font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (bold or regular) at the size pygame's default font would have; that font if Noto is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / f"NotoSans-{'Bold' if bold else 'Regular'}.ttf"
    try:
        return pygame.font.Font(str(path), max(6, round(size * DEFAULT_FONT_SCALE)))
    except (OSError, FileNotFoundError):
        font = pygame.font.Font(None, size)
        font.set_bold(bold)
        return font


FONTS_KEPT = 16  # fonts by (size, bold): a window resized through many sizes keeps only the recent ones
LINES_BYTES = 4 * 1024 * 1024


class TextCache:
    """Fonts by size and rendered lines by (text, size, colour, bold), both
    bounded (the least recently used go first)."""

    def __init__(self, limit: int = 600):
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._lines = SurfaceCache(LINES_BYTES, limit)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = load_font(size, bold)
            self._fonts[key] = font
            if len(self._fonts) > FONTS_KEPT:
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font

    def render(self, text: str, size: int, colour: Colour = IVORY, bold: bool = False) -> pygame.Surface:
        return self._lines.cached((text, size, colour, bold), lambda: self.font(size, bold).render(text, True, colour))

    def fit(self, text: str, width: int, size: int, colour: Colour = IVORY, bold: bool = False) -> pygame.Surface:
        """``text`` at ``size``, or smaller (down to 12), or cut short with "…" to fit ``width``."""
        while size > 12 and self.font(size, bold).size(text)[0] > width:
            size -= 2
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


def pill(text: pygame.Surface, colour: tuple[int, int, int, int] = (15, 30, 20, 200), pad: int = 6) -> pygame.Surface:
    """A rounded translucent box around a rendered line (made once, then cached by the caller)."""
    w, h = text.get_width() + 2 * pad, text.get_height() + pad
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=h // 2)
    box.blit(text, (pad, pad // 2))
    return box
