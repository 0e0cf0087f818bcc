"""A pygame font that draws every script the game ships a font for, in its direction.

``ScriptFont`` is a ``pygame.font.Font`` (Noto Sans, at a size and weight) whose
``render``, ``size`` and ``metrics`` take any text: a line all in its own
characters is drawn as pygame draws it; any other is cut into runs
(game/ui/drawing/script_runs.py), each drawn by the font that has its characters (the
fallbacks of game/ui/drawing/glyphs.py, made bold by FreeType when this font is bold),
shaped as its script and in its direction, and the runs are put side by side on
this font's baseline, in a picture of this font's height. Nothing a player can
type makes it fail: a line with nothing to draw (a right-to-left override alone
raised "Text has zero width") is a picture 0 pixels wide, as an empty one is.

``ScriptGUIFont`` gives pygame_gui's widgets the same (game/ui/drawing/gui_fonts.py
hands it to them): names in labels, lists and text fields are drawn as
everywhere else.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cached_property, lru_cache
from typing import Any, Iterable

import pygame

from game.ui.drawing.glyphs import coverage, fallback_paths
from game.ui.drawing.script_runs import Run, bidi_class, hidden, layout, script_of

Colour = Any  # what pygame takes for a colour

FALLBACK_FONTS_KEPT = 24


class FontsKept:
    """Fonts by key (a file or a style, the size, bold, italic), the least recently
    used going first once there are more than ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.fonts: OrderedDict[tuple[str, int, bool, bool], pygame.font.Font] = OrderedDict()

    def __len__(self) -> int:
        return len(self.fonts)

    def find(self, key: tuple[str, int, bool, bool]) -> pygame.font.Font | None:
        return self.fonts.get(key)

    def keep(self, key: tuple[str, int, bool, bool], font: pygame.font.Font) -> pygame.font.Font:
        """``font`` kept under ``key``, the most recently used (beyond ``limit``, the least recently used let go)."""
        self.fonts[key] = font
        while len(self.fonts) > self.limit:
            self.fonts.popitem(last=False)
        self.fonts.move_to_end(key)
        return font

    def clear(self) -> None:
        self.fonts.clear()


class _Fallbacks(FontsKept):
    """The fallback fonts by (file, size, bold, italic)."""

    def __init__(self, limit: int = FALLBACK_FONTS_KEPT) -> None:
        super().__init__(limit)

    def get(self, path: str, size: int, bold: bool, italic: bool) -> pygame.font.Font:
        key = (path, size, bold, italic)
        font = self.find(key)
        if font is None:
            font = pygame.font.Font(path, size)
            font.set_bold(bold)
            font.set_italic(italic)
        return self.keep(key, font)


FALLBACK_FONTS = _Fallbacks()


@lru_cache(maxsize=8)
def plain_characters(path: str) -> frozenset[str]:
    """The characters the font at ``path`` draws as pygame does, alone: left to right
    (not Hebrew nor Arabic), shaped as no particular script (not Devanagari), not hidden."""
    chars = (chr(point) for point in coverage(path))
    return frozenset(c for c in chars if not hidden(c) and bidi_class(c) not in ("R", "AN") and not script_of(c))


class ScriptFont(pygame.font.Font):
    """Noto Sans (the file at ``path``) at ``size`` points, drawing any script it or a
    fallback has (see the module's docstring). ``bold``/``italic`` say what the file
    is, so that the fallbacks match it; ``script`` is the one this font shapes its own
    runs as ("Zzzz": pygame's own choice; pygame_gui's widgets used "Latn")."""

    def __init__(self, path: str, size: int, bold: bool = False, italic: bool = False, script: str = "Zzzz") -> None:
        super().__init__(path, size)
        self.path = path
        self.points = size
        self.weight = (bold, italic)
        self.home_script = script
        if script != "Zzzz":
            self.set_script(script)

    # --- what each font draws, read at the first text that needs it --------------------
    # A line of printable ASCII (the title's and most of the game's words) never needs
    # them: reading the fonts' character maps waits for the first line that does, so
    # that the first frame does not pay for the fallback fonts.
    @cached_property
    def coverage(self) -> list[frozenset[int]]:
        """The code points this font draws, then each fallback's, in the order tried."""
        return [coverage(self.path), *(coverage(path) for path in self._fallbacks)]

    @cached_property
    def _fallbacks(self) -> list[str]:
        return [str(p) for p in fallback_paths()]

    @cached_property
    def _plain_chars(self) -> frozenset[str]:
        return plain_characters(self.path)

    # --- what runs -----------------------------------------------------------------
    def _own(self, text: str) -> bool:
        """Whether ``text`` is drawn as pygame draws it: all in this font's own left-to-right
        alphabets (Latin, Greek, Cyrillic: the game's words in every language), nothing hidden."""
        return (text.isascii() and text.isprintable()) or set(text) <= self._plain_chars

    def runs(self, text: str) -> list[Run]:
        """``text``'s runs, in the order they are seen (see game/ui/drawing/script_runs.py)."""
        return layout(text, self.coverage)

    def _font(self, run: Run) -> pygame.font.Font:
        if run.font == 0:
            return self
        return FALLBACK_FONTS.get(self._fallbacks[run.font - 1], self.points, *self.weight)

    def _plain(self, run: Run) -> bool:
        return run.font == 0 and not run.rtl and not run.script

    def _draw(self, run: Run, antialias: bool, colour: Colour, background: Colour | None) -> pygame.Surface:
        """One run drawn by its font, shaped as its script, in its direction."""
        font = self._font(run)
        if self._plain(run):
            return self._pygame_render(run.text, antialias, colour, background)
        font.set_script(run.script or self.home_script)
        font.set_direction(pygame.DIRECTION_RTL if run.rtl else pygame.DIRECTION_LTR)
        try:
            return font.render(run.text, antialias, colour, background) if font is not self else self._pygame_render(run.text, antialias, colour, background)
        except pygame.error:  # only signs of no width (a mark alone, a joiner)
            return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
        finally:
            font.set_script(self.home_script)
            font.set_direction(pygame.DIRECTION_LTR)

    def _pygame_render(self, text: str, antialias: bool, colour: Colour, background: Colour | None) -> pygame.Surface:
        try:
            return super().render(text, antialias, colour, background)
        except pygame.error:  # nothing of any width to draw
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def _width(self, run: Run) -> int:
        font = self._font(run)
        if not self._plain(run):
            font.set_script(run.script or self.home_script)
            font.set_direction(pygame.DIRECTION_RTL if run.rtl else pygame.DIRECTION_LTR)
        try:
            return int(pygame.font.Font.size(font, run.text)[0])
        except pygame.error:
            return 0
        finally:
            if not self._plain(run):
                font.set_script(self.home_script)
                font.set_direction(pygame.DIRECTION_LTR)

    # --- pygame.font.Font's --------------------------------------------------------
    def render(self, text: str | bytes | None, antialias: bool, color: Colour, bgcolor: Colour | None = None, wraplength: int = 0) -> pygame.Surface:
        if not isinstance(text, str) or not text or wraplength or self._own(text):
            try:
                return super().render(text, antialias, color, bgcolor, wraplength)
            except pygame.error:
                return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)
        runs = self.runs(text)
        if len(runs) == 1 and self._plain(runs[0]):
            return self._pygame_render(runs[0].text, bool(antialias), color, bgcolor)
        pictures = [(self._font(run), self._draw(run, bool(antialias), color, None)) for run in runs]
        width = sum(picture.get_width() for _, picture in pictures)
        out = pygame.Surface((width, self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x, ascent = 0, self.get_ascent()
        for font, picture in pictures:
            out.blit(picture, (x, ascent - font.get_ascent()))
            x += picture.get_width()
        return out

    def size(self, text: str | bytes) -> tuple[int, int]:
        if not isinstance(text, str) or self._own(text):
            try:
                width, height = super().size(text)
                return int(width), int(height)
            except pygame.error:
                return 0, self.get_height()
        return sum(self._width(run) for run in self.runs(text)), self.get_height()

    def metrics(self, text: str | bytes) -> list[tuple[int, int, int, int, int] | None]:
        """pygame's measures of each character, by the font that draws it; None for one
        that no font draws (pygame gave the empty box's)."""
        if not isinstance(text, str):
            return list(super().metrics(text))
        out: list[tuple[int, int, int, int, int] | None] = []
        for char in text:
            font = self._font_of(char)
            if font is None:
                out.append(None)
                continue
            measured = pygame.font.Font.metrics(font, char)
            out.append(measured[0] if measured else None)
        return out

    def _font_of(self, char: str) -> pygame.font.Font | None:
        if hidden(char):
            return None
        point = ord(char)
        for i, points in enumerate(self.coverage):
            if point in points:
                return self if i == 0 else FALLBACK_FONTS.get(self._fallbacks[i - 1], self.points, *self.weight)
        return None

    def draws(self, text: Iterable[str]) -> bool:
        """Whether every character of ``text`` is drawn by this font or a fallback."""
        return all(self._font_of(char) is not None for char in text)
