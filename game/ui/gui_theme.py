"""One pygame_gui theme for every screen's widget manager.

A ``pygame_gui.UIManager`` makes its own theme, and a theme its own fonts (each
keeps a copy of its font file: 15 fonts, about 9 MB) and its own cache of drawn
shapes (a 4 MB picture to begin with, up to three): about 13 MB a manager, and
the game has one for each open screen, a spare or two, and, while the window is
resized, the old ones not yet collected (up to 18 alive at once in the monkey's
runs, 180 MB). A theme holds nothing of one manager's: every manager at one
text size shares one (``SharedThemeManager``), so the fonts and the shapes are
kept once.

Each manager also adds pygame_gui's translations folder to ``i18n.load_path``
once more; a text without a translation then reads that folder once for each
manager ever made. ``forget_repeated_paths`` keeps each folder once.
"""

from __future__ import annotations

from typing import Any

import pygame_gui
from pygame_gui.core.interfaces import IUIAppearanceThemeInterface


class SharedThemeManager(pygame_gui.UIManager):
    """A widget manager drawing with ``theme``, another manager's theme, instead of its own."""

    def __init__(self, size: tuple[int, int], theme: IUIAppearanceThemeInterface):
        self._shared_theme = theme
        super().__init__(size, None, enable_live_theme_updates=False)

    def create_new_theme(self, theme_path: Any = None) -> Any:
        return self._shared_theme


def forget_repeated_paths() -> None:
    """Each folder once in ``i18n.load_path`` (every ``UIManager`` adds pygame_gui's again)."""
    import i18n

    paths = i18n.load_path
    if len(paths) != len(set(paths)):
        paths[:] = list(dict.fromkeys(paths))
