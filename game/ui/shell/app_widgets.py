"""The scenes' pygame_gui managers, for ``App`` (game/ui/shell/app.py): made with the
game's theme at the text size of the window's size (``access.text_factor``),
the theme shared by every manager at that size, managers given back by closed
scenes kept for the next ones, and all of them given a new theme when the text
size changes (a new window size, or the accessibility settings).

``WidgetManagers`` is a part of ``App`` (a base class): it reads the app's
scenes, size, pixels per point and services, and keeps its pool and theme on
the app (``app._gui_pool``, ``app._gui_theme``, ``app._gui_factor``,
``app.restyles``).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any

from game.ui.drawing import access

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.shell.stage import Screen


class WidgetManagers:
    """The pool of pygame_gui managers and their theme (a part of ``App``)."""

    if TYPE_CHECKING:  # the app's, read here
        scenes: list[Screen]
        services: dict[str, object]

        @property
        def size(self) -> tuple[int, int]: ...

        @property
        def pixel_ratio(self) -> float: ...

    def _start_widget_managers(self) -> None:
        self.restyles = 0  # how often the widgets were given a new theme (game.ui.shell.memory.Tidy watches it)
        self._gui_pool: list[pygame_gui.UIManager] = []
        self._gui_factor = 1.0  # the text size the theme of the managers in the pool was made for
        self._gui_theme: Any = None  # the theme every manager at that text size shares (its fonts, its shapes)

    def follow_access(self) -> None:
        """The accessibility settings changed (``game.ui.drawing.access``): widgets in the new
        text size, tiles in the new look, every scene laid out again."""
        art = self.services.get("art")
        clear = getattr(art, "clear_cache", None)
        if callable(clear):
            clear()
        self._restyle()
        for scene in self.scenes:
            scene.on_resize(self.size)
        self._drop_covered_drawing_aids()
        gc.collect()

    def _drop_covered_drawing_aids(self) -> None:
        """Covered screens laid out again keep no big drawings until they are on top (game/ui/drawing/gui_theme.py)."""
        from game.ui.drawing.gui_theme import rest_covered

        rest_covered(self.scenes[:-1])

    def _restyle(self) -> None:
        """Give each scene's widgets a manager with the theme at today's text size."""
        self._gui_pool.clear()
        self._gui_theme = None
        self._gui_factor = access.text_factor(self.size)
        self.restyles += 1
        for scene in self.scenes:
            old = getattr(scene, "gui", None)
            if old is not None:
                old.clear_and_reset()  # type: ignore[no-untyped-call,unused-ignore]  # its widgets' pictures go now, not when the collector finds them
                scene.gui = self.make_gui_manager()  # type: ignore[attr-defined]

    def make_gui_manager(self) -> pygame_gui.UIManager:
        """A pygame_gui manager for a scene, with the game's theme.

        The first at a text size makes the theme (tens of milliseconds: fonts);
        the next ones share it (a millisecond or two). Managers given back by
        closed scenes are kept and handed out again.
        """
        factor = access.text_factor(self.size)
        if factor != self._gui_factor:
            self._gui_pool.clear()
            self._gui_theme = None
            self._gui_factor = factor
        if self._gui_pool:
            manager = self._gui_pool.pop()
            manager.set_window_resolution(self.size)
            self._scale_mouse(manager)
            return manager
        from game.ui.drawing.gui_theme import new_manager

        manager = new_manager(self.size, factor, self._gui_theme)  # the fonts and drawn shapes are kept once
        self._gui_theme = manager.ui_theme
        self._scale_mouse(manager)
        return manager

    def _scale_mouse(self, manager: pygame_gui.UIManager) -> None:
        """pygame_gui reads the mouse in points (SDL's events, ``pygame.mouse.get_pos``)
        and lays its widgets out in pixels: it multiplies positions by the window's ratio."""
        ratio = self.pixel_ratio
        manager.mouse_pos_scale_factor = [ratio, ratio]

    def release_gui_manager(self, manager: pygame_gui.UIManager) -> None:
        """A scene is done with ``manager``: empty it and keep it for the next scene."""
        manager.clear_and_reset()  # type: ignore[no-untyped-call]
        if len(self._gui_pool) < 2 and getattr(manager, "matador_text_factor", 1.0) == self._gui_factor:
            self._gui_pool.append(manager)

    def spare_gui_managers(self, count: int = 1) -> None:
        """Make managers now (a moment when nobody notices) for scenes opened later."""
        while len(self._gui_pool) < count:
            self._gui_pool.append(self.make_gui_manager())
