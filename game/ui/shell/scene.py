"""Scenes: one screen of the game each (the table, a cover, a menu).

The ``App`` keeps scenes on a stack. Only the top scene receives events and
updates; drawing starts at the topmost *opaque* scene and goes up, so a
see-through scene (a pause menu, a round summary) sits over the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from game.ui.drawing.text_fields import TypingGuard
from game.ui.shell.window import sdl_event

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.shell.stage import Stage
    from game.ui.shell.gamepad import PadPress


class Scene:
    """Base class: override what the scene needs.

    ``opaque``: the scene covers the whole window, so nothing below it is drawn.
    """

    opaque: bool = True

    def __init__(self) -> None:
        self.app: Stage | None = None
        self.size: tuple[int, int] = (0, 0)

    # The stack calls these -------------------------------------------------
    def attach(self, app: Stage) -> None:
        """Called once when the scene is first put on a stack."""
        self.app = app
        self.size = app.size

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """The scene stopped being the top (covered by a push, or removed)."""

    def close(self) -> None:
        """The scene left the stack for good: release what it holds."""

    def rest(self) -> None:
        """Covered by a screen that never draws it (not an overlay): let go of the
        pictures of the whole window it can make again (override). Called after
        every frame it stays covered (``rest_covered`` below)."""

    def revive(self) -> None:
        """About to be drawn again after ``rest`` (override; see ``MenuScene``)."""

    # Every frame -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True if it was used up."""
        return False

    def handle_pad(self, press: PadPress) -> None:
        """A game controller's button (override to tell controllers apart).

        By default a press is the keyboard key that means the same (the D-pad
        is the arrows, A is Enter, B is Esc): a screen the keyboard works
        works by controller too.
        """
        event = press.key_event()
        if event is not None:
            self.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds: animations, timers, computer players."""

    def next_change(self) -> float | None:
        """In how many seconds the scene changes by itself, with no input (the
        frame loop sleeps until then: game/ui/shell/pacing.py). 0.0 while it moves or
        waits on what it polls each frame (an animation, a computer thinking, a
        worker, the network); the seconds to a countdown's next tick; None: it
        stands still until the next input (a network message that wakes the
        loop, game.waking, is an input). A scene that says nothing is given
        every frame, as before: never frozen. Changes nothing."""
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene onto ``surface``.

        Must not change any state, neither the game's nor the scene's own: a
        frame may be drawn any number of times (or not at all) between updates.
        """

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay the scene out again."""
        self.size = size


BLINK_S = 0.4  # a focused text field's cursor is looked at this often (it blinks, on 0.8 s, off 0.8 s)


class GuiScene(Scene):
    """A scene with its own pygame_gui manager (buttons and other widgets).

    What is typed into its text fields goes through ``typing`` first
    (game/ui/drawing/text_fields.py: what cannot be shown is left out, and a line says so).
    """

    def __init__(self) -> None:
        super().__init__()
        self.gui: pygame_gui.UIManager | None = None
        self.typing = TypingGuard()

    def attach(self, app: Stage) -> None:
        super().attach(app)
        self.gui = app.make_gui_manager()
        self.build_gui()
        self.gui.update(0.0)  # pygame_gui draws nothing before its first update

    def build_gui(self) -> None:
        """Create the widgets for ``self.size`` (called again after a resize)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.typing.clear()
        if self.gui is not None:
            self.gui.set_window_resolution(size)
        self.rebuild()

    def rebuild(self) -> None:
        """The widgets made again (``build_gui``) for what the scene shows now."""
        if self.gui is not None:
            from game.ui.drawing.gui_theme import let_go_of_widgets

            let_go_of_widgets(self.gui)  # the old widgets' pictures go now, not when the collector finds them
            self.build_gui()
            self.gui.update(0.0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.gui is None:
            return False
        typed = self.typing.filter(event, self.gui)
        if typed is None:  # typed, and nothing of it can be shown: used up (and said)
            return True
        # pygame_gui gets the mouse in points, as SDL gave it: its manager scales it (game/ui/shell/window.py)
        used = bool(self.gui.process_events(sdl_event(typed)))
        self.typing.check(self.gui)
        return used

    def update(self, dt: float) -> None:
        self.typing.update(dt)
        if self.gui is not None:
            self.gui.update(dt)

    def widgets_change(self) -> float | None:
        """When the widgets next change by themselves (``next_change``): a text
        field with the focus blinks its cursor; the line about a field's text goes
        when its time is up; pygame_gui's hover and a button's press follow an input."""
        changes: list[float] = []
        if self.typing.showing:
            changes.append(self.typing.left_s)
        focused = self.gui.get_focus_set() if self.gui is not None else None  # type: ignore[no-untyped-call]
        if focused:
            from pygame_gui.elements import UITextEntryLine

            if any(isinstance(element, UITextEntryLine) and element.is_focused for element in focused):
                changes.append(BLINK_S)
        return min(changes) if changes else None

    def draw_gui(self, surface: pygame.Surface) -> None:
        """Draw the widgets (call at the end of ``draw``), and the line about a field's text."""
        if self.gui is not None:
            self.gui.draw_ui(surface)
        self.typing.draw(surface)

    def close(self) -> None:
        if self.gui is not None and self.app is not None:
            self.app.release_gui_manager(self.gui)
        self.gui = None


class Rests(GuiScene):
    """A screen whose pictures of the whole window (its felt, its own) are made when
    it is laid out: covered by a screen that never draws it, it lets go of them
    (``let_go_pictures``), and a resize meanwhile only notes the size; it is laid
    out again (``revive``) when uncovered (``enter``) or drawn beneath an overlay
    (``Overlay.freeze_backdrop``). The title kept its picture of the whole window
    under every screen opened from it, the lessons' list under every lesson, Rules
    and Statistics under one another (33 MB each at 3840x2160), and each was laid
    out again at every resize, unseen."""

    rested = False  # covered, its pictures let go: laid out again when uncovered or drawn

    def rest(self) -> None:
        if not self.rested and self.gui is not None:
            self.rested = True
            self.let_go_pictures()

    def let_go_pictures(self) -> None:
        """Drop the scene's pictures of the whole window (override)."""

    def close(self) -> None:
        """Off the stack for good: its pictures go now, not when Python's collector
        finds the scene's reference cycles (Statistics closed over the pause menu
        near 4K at 150% text held 47-62 MB of surfaces frames after it had gone)."""
        super().close()
        self.let_go_pictures()

    def revive(self) -> None:
        if self.rested:
            self.rested = False
            GuiScene.on_resize(self, self.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.rested:  # unseen: laid out when uncovered
            Scene.on_resize(self, size)
            return
        super().on_resize(size)

    def enter(self) -> None:
        super().enter()
        self.revive()


class Overlay(GuiScene):
    """A scene over others that stand still while it is up (a summary, a menu).

    What lies beneath is drawn once, dimmed, when the overlay comes up (and
    after a resize), so each frame costs one blit instead of the whole table.

    Only while it is on top: every scene is opaque, so a covered overlay is not
    seen until a pop uncovers it, and ``enter`` freezes its backdrop again then.
    Covered, it keeps none (a picture of the whole window: 7.6 MB at
    1780x1075), and a resize does not draw the scenes beneath it again (the
    table's pictures made anew at each size, unseen: in the monkey's runs
    the highest samples were Settings over the pause menu over the table,
    resized, at 125-150% text).
    """

    opaque = True  # it paints its own (frozen) backdrop
    veil = (0, 0, 0, 130)

    def __init__(self) -> None:
        super().__init__()
        self.backdrop: pygame.Surface | None = None

    def freeze_backdrop(self) -> None:
        if self.app is None:
            return
        if self.app.top is not self:  # covered: frozen again by ``enter`` once uncovered
            self.backdrop = None
            return
        scenes = self.app.scenes
        for scene in reversed(scenes[: scenes.index(self)] if self in scenes else []):
            scene.revive()  # drawn beneath: the pictures it let go of while covered are made again
            if not isinstance(scene, Overlay):
                break
        backdrop = pygame.Surface(self.size)
        self.paint_backdrop(backdrop)
        self.backdrop = backdrop

    def paint_backdrop(self, surface: pygame.Surface) -> None:
        """What lies beneath, dimmed, onto ``surface`` (the window's size)."""
        assert self.app is not None
        self.app.draw_below(self, surface)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(self.veil)
        surface.blit(shade, (0, 0))

    def enter(self) -> None:
        self.freeze_backdrop()

    def next_change(self) -> float | None:
        """Still but for its widgets: the scenes beneath stand still (override if it waits on something)."""
        return self.widgets_change()

    def exit(self) -> None:
        super().exit()
        self.backdrop = None  # covered (or gone): nobody sees it

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.freeze_backdrop()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.backdrop is not None:
            surface.blit(self.backdrop, (0, 0))
        elif self.app is not None and self in self.app.scenes:
            # covered, and drawn by the overlay above it freezing its own backdrop:
            # the very picture the frozen one would have been
            self.paint_backdrop(surface)
        else:
            surface.fill((0, 0, 0))


def rest_covered(scenes: Sequence[object]) -> None:
    """Screens covered by another keep no big drawings until they are on top again;
    one covered by a screen that never draws it (any but an overlay, which draws
    the screen beneath it into its backdrop) lets go of its pictures of the whole
    window too (``Scene.rest``: the title's, the lessons', the table's background,
    33 MB each at 3840x2160)."""
    from game.ui.drawing.gui_theme import drop_drawing_aids, keep_shown_looks_only

    for scene in scenes:
        gui = getattr(scene, "gui", None)
        if gui is not None:
            drop_drawing_aids(gui)
            keep_shown_looks_only(gui)
        stack = getattr(getattr(scene, "app", None), "scenes", None)
        if isinstance(scene, Scene) and stack is not None and scene in stack:
            above = stack.index(scene) + 1
            if above < len(stack) and not isinstance(stack[above], Overlay):
                scene.rest()
