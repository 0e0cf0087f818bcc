"""The widgets' fonts, each loaded the first time a widget asks for it.

A ``pygame_gui.UIManager`` made without a resource loader loads every font its
theme names (the game's theme names 14 sizes and styles) before it returns, in
five threads that take turns with the game's own thread: each font is read
from its file and opened through Python calls, so the threads mostly wait for
one another (tens of milliseconds before the title's first frame, far more on
a busy machine). The title shows one of those fonts.

``LazyFontLoader`` is the loader the game gives its managers instead: a font
the theme names is loaded, in the thread that draws, only when a widget first
asks for it (about a millisecond each); images and surfaces (the theme has
none today) are loaded at once, in order. pygame_gui reads a font resource's
``loaded_font`` in two places only (``UIFontDictionary.find_font`` and
``UIAppearanceTheme.get_font``); each font resource handed to the loader becomes
a ``LazyFontResource``, whose ``loaded_font`` loads it on first reading.

What it loads is a ``ScriptGUIFont``: the font pygame_gui would have made
(``GUIFontPygame``) drew one file's characters, in one direction, and raised
"Text has zero width" for a line of nothing but a right-to-left override typed
into a text field; this one draws every script the game has a font for, as the
rest of the game does (game/ui/drawing/script_font.py), and never fails for what it is
given. ``use_script_fonts`` does the same for the font a theme loads at once
(its default one).
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.core.interfaces.gui_font_interface import IGUIFontInterface
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource
from pygame_gui.core.package_resource import PackageResource

from game.ui.drawing.script_font import ScriptFont

log = logging.getLogger(__name__)


class ScriptGUIFont(IGUIFontInterface):
    """A widget's font: a ``ScriptFont`` as pygame_gui measures and draws with one."""

    def __init__(self, path: str, size: int, style: dict[str, Any], force_style: bool = False) -> None:
        self.point_size = int(size)
        bold, italic = bool(style.get("bold", False)), bool(style.get("italic", False))
        script = str(style.get("script", "Latn"))  # what pygame_gui gives its fonts
        self.font = ScriptFont(path, self.point_size, bold, italic, script if len(script) == 4 else "Latn")
        if force_style:  # a regular file drawn bold or italic by FreeType
            self.font.bold, self.font.italic = bold, italic
        self.antialiased = bool(style.get("antialiased", True))
        self.direction = pygame.DIRECTION_LTR  # the widgets' lines run left to right; runs inside turn as they read
        self._underline_adjustment = 0.0

    def size(self, text: str) -> tuple[int, int]:
        return self.get_rect(text).size

    def get_rect(self, text: str) -> pygame.Rect:
        if not text:
            return pygame.Rect(0, 0, 0, 0)
        return pygame.Rect((0, self.font.get_ascent()), self.font.size(text))

    def get_metrics(self, text: str) -> Any:
        return self.font.metrics(text)

    def render_premul(self, text: str, text_color: Any) -> pygame.Surface:
        picture = self.font.render(text, self.antialiased, text_color).convert_alpha()
        if picture.get_width() > 0 and picture.get_height() > 0:
            picture = picture.premul_alpha()
        return picture

    def render_premul_to(self, text: str, text_colour: Any, surf_size: tuple[int, int], surf_position: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(surf_size, pygame.SRCALPHA, 32)
        picture = self.render_premul(text, text_colour)
        if picture.get_width() > 0 and picture.get_height() > 0:
            out.blit(picture, (surf_position[0], surf_position[1] - self.font.get_ascent()), special_flags=pygame.BLEND_PREMULTIPLIED)
        return out

    def get_point_size(self) -> int:
        return self.point_size

    def get_padding_height(self) -> int:
        return -self.font.get_descent() + 1

    def get_direction(self) -> int:
        return self.direction

    @property
    def underline(self) -> bool:
        return bool(self.font.underline)

    @underline.setter
    def underline(self, value: bool) -> None:
        self.font.underline = value

    @property
    def underline_adjustment(self) -> float:
        return self._underline_adjustment

    @underline_adjustment.setter
    def underline_adjustment(self, value: float) -> None:
        self._underline_adjustment = value


def font_file(location: Any) -> str | None:
    """The file a pygame_gui font resource names (a path, or a file of a package), if on disk."""
    if isinstance(location, PackageResource):
        path = Path(str(resources.files(location.package) / location.resource))
    elif isinstance(location, str):
        path = Path(location)
    else:
        return None
    return str(path) if path.is_file() else None


def script_font_of(resource: FontResource) -> IGUIFontInterface | None:
    """A ``ScriptGUIFont`` for a pygame_gui font resource (None: its file is not on disk)."""
    path = font_file(resource.location)
    if path is None:
        return None
    return ScriptGUIFont(path, resource.size, dict(resource.style), bool(resource.force_style))


def use_script_fonts(theme: Any) -> None:
    """The fonts a theme has loaded already (its default one) drawn by ``ScriptGUIFont`` too."""
    dictionary = theme.get_font_dictionary()
    for resource in list(dictionary.loaded_fonts.values()):
        if isinstance(resource, LazyFontResource) or resource.loaded_font is None or isinstance(resource.loaded_font, ScriptGUIFont):
            continue
        try:
            font = script_font_of(resource)
        except (pygame.error, OSError) as error:
            log.warning("the widgets' font %s stays pygame_gui's: %s", resource.font_id, error)
            continue
        if font is not None:
            resource.loaded_font = font


class LazyFontResource(FontResource):
    """A theme's font, loaded when its ``loaded_font`` is first read (a ``ScriptGUIFont``)."""

    def load(self) -> Any:
        try:
            font = script_font_of(self)
        except (pygame.error, OSError) as error:
            return FileNotFoundError(f"Unable to load resource with path: {self.location!r}: {error}")
        if font is None:  # not a file on disk: as pygame_gui loads it
            return super().load()  # type: ignore[no-untyped-call,unused-ignore]
        self.loaded_font = font
        return None

    @property  # type: ignore[override,unused-ignore]
    def loaded_font(self) -> Any:
        font = self.__dict__.get("_lazy_font")
        if font is None and not self.__dict__.get("_lazy_failed", False):
            error = self.load()  # type: ignore[no-untyped-call,unused-ignore]  # sets loaded_font (below) when it works
            font = self.__dict__.get("_lazy_font")
            if font is None:
                self.__dict__["_lazy_failed"] = True  # told once, not at every frame
                log.warning("the widgets' font %s could not be loaded: %s", self.font_id, error)
        return font

    @loaded_font.setter
    def loaded_font(self, font: Any) -> None:
        self.__dict__["_lazy_font"] = font

    @property
    def is_loaded(self) -> bool:
        """Whether a widget has asked for this font yet (tests, memory figures)."""
        return self.__dict__.get("_lazy_font") is not None


class LazyFontLoader(IResourceLoader):
    """A pygame_gui resource loader that loads fonts when they are first used."""

    def add_resource(self, resource: Any) -> None:
        if isinstance(resource, FontResource):
            # FontResource.__init__ left a plain ``loaded_font = None`` in the instance's
            # dictionary; the subclass's property takes precedence over it from now on
            resource.__class__ = LazyFontResource
            return
        error = resource.load()  # an image or a surface: now, in the order given
        if error is not None:
            log.warning("a widget resource could not be loaded: %s", error)

    def start(self) -> None:
        """Nothing waits to be loaded: each font loads on its first use."""

    def update(self) -> tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        # never "too late to add": a font the theme names later comes through add_resource too
        return False
