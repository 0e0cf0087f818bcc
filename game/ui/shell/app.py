"""The application: the window, the scene stack and the frame loop (60 fps while
something moves, asleep while the screen stands still: game/ui/shell/pacing.py).

``App.step(events, dt)`` runs one frame without touching the real event queue
or the clock, so tests drive the game frame by frame; ``App.run`` is the loop.
"""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable

import pygame

from game import waking
from game.ui.drawing import access
from game.ui.shell import pacing
from game.ui.shell.window import Window, make_window, set_current, to_pixels
from game.ui.shell.window_size import window_size_here

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.shell.gamepad import Pads
    from game.ui.shell.stage import Routes, Screen

FPS = 60
MIN_SIZE = (640, 480)
# a game controller's events (game.ui.shell.gamepad.Pads.owns), known without importing it before the first frame
CONTROLLER_EVENTS = frozenset({
    pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERDEVICEREMAPPED,
    pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
})


class App:
    """Owns the window and the stack of scenes, and the scenes' pygame_gui managers:
    made with the game's theme at the text size of the window's size
    (``access.text_factor``), the theme shared by every manager at that size,
    managers given back by closed scenes kept for the next ones, and all of them
    given a new theme when the text size changes (a new window size, or the
    accessibility settings)."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        fullscreen: bool = False,
        surface: pygame.Surface | None = None,
        time_scale: float = 1.0,
        window: Window | None = None,
    ):
        """Open a resizable window of ``size`` points, or draw onto ``surface`` (tests).

        ``window`` is where frames go (``game.ui.shell.window``: by default the system's;
        tests give an ``OffscreenWindow`` with more pixels than points).
        ``time_scale`` speeds the game up (a smoke test plays on at a faster pace).
        """
        pygame.init()
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = False
        self.owns_window = surface is None
        self.window: Window | None = None
        if surface is None:
            self.window = window if window is not None else make_window()
            set_current(self.window)
        self.surface = surface if surface is not None else self._open_window(self.windowed_size, fullscreen, first=True)
        access.set_pixel_ratio(self.pixel_ratio)  # text and tiles: that many times larger in pixels
        self.scenes: list[Screen] = []
        self.running = True
        self.time_scale = time_scale
        self.frames = 0
        self.clock: pacing.Ticks = pygame.time.Clock()
        self.events: pacing.Events = pacing.SystemEvents()  # where ``run`` takes events (tests: a script)
        self.now: Callable[[], float] = time.monotonic  # the loop's clock for the pace (tests: a stand-in)
        self._input_at = float("-inf")  # when the last input came (frames go on a moment after it)
        self.steady = False  # every frame drawn at 60 a second, still or not (a smoke test counts frames)
        self._collect_next_frame = False  # set by a restyle: the old managers go at the next frame
        self._start_widget_managers()
        self.services: dict[str, object] = {}  # shared helpers: tile art, audio, settings
        self.notices: list[str] = []  # messages for the title (a damaged file moved aside...)
        self._routes: Routes | None = None  # where scenes' buttons lead (game.ui.shell.flow)
        self.on_frame: list[Callable[[App], None]] = []  # after each step
        self.on_flip: list[Callable[[App], None]] = []  # after a frame reached the screen
        self.on_close: list[Callable[[App], None]] = []  # when the app closes (background work stops)
        self._pads: Pads | None = None  # the game controllers (``pads``: made after the first frame)
        self._pads_started = False  # SDL's controller support starts after the first frame (start-up)
        self.last_input = "mouse"  # "mouse", "keys" or "pad": what the player used last

    @property
    def pads(self) -> Pads:
        """The game controllers (SDL reports those plugged in as events); made when
        first needed: after the first frame, or for a controller's event."""
        if self._pads is None:
            from game.ui.shell.gamepad import Pads

            self._pads = Pads()
        return self._pads

    # The window --------------------------------------------------------------
    def _open_window(self, size: tuple[int, int], fullscreen: bool, first: bool = False) -> pygame.Surface:
        assert self.window is not None
        if fullscreen:
            self.fullscreen = True
            return self.window.open(size, True)
        self.fullscreen = False
        if first:  # on a scaled Windows display, the default size grows (game/ui/shell/window_size.py)
            desktops = pygame.display.get_desktop_sizes()
            size = self.windowed_size = window_size_here(size, desktops[0] if desktops else None)
        return self.window.open(size, False)

    @property
    def pixel_ratio(self) -> float:
        """Pixels per point of the window (2.0 on a Retina Mac; 1.0 on Linux and Windows)."""
        return self.window.ratio if self.window is not None else 1.0

    def points(self) -> tuple[int, int]:
        """The window's size in points (as SDL reports it); ``size`` is in pixels."""
        ratio = self.pixel_ratio
        w, h = self.size
        return (round(w / ratio), round(h / ratio)) if ratio != 1.0 else (w, h)

    @property
    def routes(self) -> Routes:
        """The moves between screens (``game.ui.shell.flow.install`` sets them)."""
        if self._routes is None:
            raise RuntimeError("no routes: call game.ui.shell.flow.install(app) first")
        return self._routes

    @routes.setter
    def routes(self, routes: Routes) -> None:
        self._routes = routes

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        if not self.owns_window:
            return
        if not self.fullscreen:
            self.windowed_size = self.points()
        self.surface = self._open_window(self.windowed_size, not self.fullscreen)
        self._relayout()

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size in points (a VIDEORESIZE, or a test asking for one)."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.owns_window and self.window is not None:
            if self.fullscreen:
                return
            self.surface = self.window.resized(size)
        elif size != self.surface.get_size():
            self.surface = pygame.Surface(size)
        self._relayout()

    def _window_changed(self, points: tuple[int, int]) -> None:
        """A ``pygame.Window`` has a new size, or new pixels per point (dragged to
        another display), or became full screen (WINDOWSIZECHANGED): draw on its
        surface as it is now; lay the screens out again if that changed anything."""
        if self.window is None:
            return
        before = (self.surface, self.size, self.pixel_ratio)
        self.surface = self.window.resized(points)
        if (self.surface, self.size, self.pixel_ratio) != before:
            self._relayout()

    def _relayout(self) -> None:
        from game.ui.shell.memory import let_go_sized

        let_go_sized(self)  # the caches' pictures of the sizes before go (laid out again, the screens make new ones)
        access.set_pixel_ratio(self.pixel_ratio)  # (moved to a display with other pixels per point)
        restyled = access.text_factor(self.size) != self._gui_factor
        if restyled:
            self._restyle()  # the text size depends on the window's size
        for scene in self.scenes:
            gui = getattr(scene, "gui", None)
            if gui is not None:
                self._scale_mouse(gui)
            scene.on_resize(self.size)
        self._drop_covered_drawing_aids()
        if restyled:
            # the old managers and their theme (13 MB) go at the next frame, not after many:
            # this frame's events (a hovered button's) still name the old widgets
            self._collect_next_frame = True

    # The stack ------------------------------------------------------------------
    @property
    def top(self) -> Screen | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        if self.top is not None:
            self.top.exit()
            if getattr(self.top, "gui", None) is not None:  # covered: its widgets are not updated until it is on top again
                from game.ui.shell.scene import rest_covered

                rest_covered([self.top])
        self.scenes.append(scene)
        self._attach(scene)
        scene.enter()

    def _attach(self, scene: Screen) -> None:
        if scene.app is None:
            scene.attach(self)
        if scene.size != self.size:
            scene.on_resize(self.size)

    def pop(self) -> Screen | None:
        """Remove the top scene; the one below (if any) becomes active again."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        scene.close()
        if self.top is not None:
            if self.top.size != self.size:
                self.top.on_resize(self.size)
            self.top.enter()
        return scene

    def replace(self, scene: Screen) -> None:
        """Swap the top scene for ``scene`` (the one below is not woken)."""
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            old.close()
        self.scenes.append(scene)
        self._attach(scene)
        scene.enter()

    def quit(self) -> None:
        self.running = False

    # One frame ----------------------------------------------------------------
    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """Handle ``events``, advance ``dt`` seconds, and draw one frame."""
        if self._collect_next_frame:
            self._collect_next_frame = False
            gc.collect()
        if self.frames and not self._pads_started:  # the pads plugged in are reported from now on
            self._pads_started = True
            self.pads.start()
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        for press in self._pads.update(dt) if self._pads is not None else ():  # directions held down repeat
            top = self.top
            if top is not None:
                top.handle_pad(press)
        top = self.top
        if top is not None:
            top.update(dt * self.time_scale)
        from game.ui.drawing.gui_theme import drop_drawing_aids, lean_list_rows
        from game.ui.shell.scene import rest_covered

        top = self.top  # (it may have changed in its update: a screen opened or closed)
        rest_covered([scene for scene in self.scenes if scene is not top])  # covered: only the looks their widgets show
        if top is not None and getattr(top, "gui", None) is not None:
            drop_drawing_aids(getattr(top, "gui"))
            lean_list_rows(getattr(top, "gui"))  # a list's rows: the look each shows only
        self.draw(self.surface)
        self.frames += 1
        for hook in list(self.on_frame):
            hook(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        # the scenes see the mouse in pixels, as they draw (game/ui/shell/window.py)
        event = to_pixels(event, self.pixel_ratio)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == (self.window.size_event if self.window is not None else pygame.VIDEORESIZE):
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
            else:
                self._window_changed((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in CONTROLLER_EVENTS and self.pads.owns(event):
            for press in self.pads.handle(event):
                self.last_input = "pad"
                top = self.top
                if top is not None:
                    top.handle_pad(press)
            return
        if event.type == pygame.KEYDOWN:
            self.last_input = "keys"
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.last_input = "mouse"
        top = self.top
        if top is not None:
            top.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upwards."""
        self._draw_stack(self.scenes, surface)

    def draw_below(self, scene: Screen, surface: pygame.Surface) -> None:
        """Draw the scenes under ``scene`` (an overlay keeps that picture as its backdrop)."""
        index = self.scenes.index(scene) if scene in self.scenes else len(self.scenes)
        self._draw_stack(self.scenes[:index], surface)

    @staticmethod
    def _draw_stack(scenes: list[Screen], surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(scenes) - 1, -1, -1):
            if scenes[i].opaque:
                start = i
                break
        if not scenes or not scenes[start].opaque:
            surface.fill((0, 0, 0))
        for scene in scenes[start:]:
            scene.draw(surface)

    def run(self, max_frames: int | None = None, seconds: float | None = None) -> None:
        """The loop until quit (or ``max_frames`` frames drawn, or ``seconds``):
        60 frames a second while the screen moves, none while it stands still
        (game/ui/shell/pacing.py)."""
        self.clock.tick()
        if not self.frames:
            self._input_at = self.now()  # the first moments are drawn as after an input (the start-up's frames)
        end = None if seconds is None else self.now() + seconds
        waking.listen(self.events.wake)  # a network message wakes a still screen
        try:
            while self.running and self.scenes:
                if end is not None and self.now() >= end:
                    break
                self._loop_once(None if end is None else end - self.now())
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            waking.stop_listening(self.events.wake)

    def still_for(self) -> float | None:
        """How long the loop may wait for input before the next frame (None: a frame at the next tick)."""
        top = self.top
        if not self.frames or top is None or self.steady:
            return None
        held = pacing.buttons_held() or (self._pads is not None and self._pads.holding)
        return pacing.still_for(self.now() - self._input_at, top.next_change(), held)

    def _loop_once(self, left: float | None) -> None:
        """Wait for what comes (an input, a wake, the screen's next change), then one frame."""
        still = self.still_for()
        if still is None:  # the first frame is drawn at once; then at most 60 a second
            events = self.events.get()
            elapsed = self.clock.tick(FPS if self.frames else 0) / 1000.0
        else:
            events = self.events.wait(still if left is None else max(0.0, min(still, left)))
            elapsed = self.clock.tick() / 1000.0
        inputs = [event for event in events if event.type != pacing.WAKE]
        if inputs:
            self._input_at = self.now()
        # while still, nothing moved: the screen's timers advance by the time that passed
        self.step(inputs, min(elapsed, 0.1 if inputs or still is None else pacing.STILL_TICK_S))
        if self.owns_window and self.window is not None:
            self.window.flip()
        for hook in list(self.on_flip):
            hook(self)
        if self.frames == 3:
            # what was loaded to start (fonts, widgets, the engine's tables) lives
            # as long as the game: the collector need not walk it again each time.
            # Start-up's garbage goes first (``python -m game`` held the collector
            # off until now, so that the first frame came sooner)
            gc.collect()
            gc.freeze()
            gc.enable()

    def close(self) -> None:
        while self.scenes:
            self.pop()
        for hook in list(self.on_close):
            hook(self)
        if self.window is not None:
            set_current(None)
            access.set_pixel_ratio(1.0)

    # The scenes' pygame_gui managers ------------------------------------------------
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
        from game.ui.shell.scene import rest_covered

        rest_covered(self.scenes[:-1])

    def _restyle(self) -> None:
        """Give each scene's widgets a manager with the theme at today's text size."""
        from game.ui.drawing.gui_theme import let_go_of_widgets

        self._gui_pool.clear()
        self._gui_theme = None
        self._gui_factor = access.text_factor(self.size)
        self.restyles += 1
        for scene in self.scenes:
            old = getattr(scene, "gui", None)
            if old is not None:
                let_go_of_widgets(old)  # its widgets' pictures go now, not when the collector finds them
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
        from game.ui.drawing.gui_theme import let_go_of_widgets

        let_go_of_widgets(manager)  # the widgets' pictures go now, not when the collector finds them
        if len(self._gui_pool) < 2 and getattr(manager, "matador_text_factor", 1.0) == self._gui_factor:
            self._gui_pool.append(manager)

    def spare_gui_managers(self, count: int = 1) -> None:
        """Make managers now (a moment when nobody notices) for scenes opened later."""
        while len(self._gui_pool) < count:
            self._gui_pool.append(self.make_gui_manager())
