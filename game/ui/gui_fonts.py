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
"""

from __future__ import annotations

import logging
from typing import Any

from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource

log = logging.getLogger(__name__)


class LazyFontResource(FontResource):
    """A theme's font, loaded when its ``loaded_font`` is first read."""

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
