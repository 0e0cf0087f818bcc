"""The cover between two people sharing the screen: nobody sees another's hand.

It covers the whole window (nothing beneath is drawn while it is up) and lifts
only when the named person clicks or presses a key, a moment after it appeared
(so a stray click of the last player cannot lift it). Esc (or Start) never
lifts it: it opens the table's menu over the cover. A seat played with a
controller waits for A on that controller alone; the table says which inputs
may lift it (``accepts``) and watches meanwhile for a controller unplugged
(``watch``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.i18n import _
from game.ui.drawing import access
from game.ui.drawing.menu import felt, shadowed, tile_art
from game.ui.shell.scene import Scene
from game.ui.table.table_words import handoff_prompt, handoff_title
from game.ui.drawing.text import DIM, IVORY, TextCache

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress

GUARD_S = 0.25  # input is ignored this long after the cover appears
MODIFIERS = (
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
    pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK,
)


class HandoffScene(Scene):
    """"Pass to NAME": a full-window cover until that person is at the screen."""

    opaque = True

    def __init__(
        self,
        name: str,
        on_ready: Callable[[], None],
        accepts: Callable[[int | None], bool] | None = None,
        pad: Callable[[], str | None] | None = None,
        watch: Callable[[], object] | None = None,
        menu: Callable[[], object] | None = None,
    ):
        """``accepts(source)``: whether input from ``source`` (a controller's number,
        None for the keyboard and mouse) may lift the cover (any, if not given);
        ``pad()``: the name of the seat's controller, if it has one, for the prompt;
        ``watch()``: called every frame while the cover is up; ``menu()``: opens
        the table's menu (Esc, Start) over the cover, which stays."""
        super().__init__()
        self.name = name
        self.on_ready = on_ready
        self.accepts = accepts or (lambda source: True)
        self.pad = pad or (lambda: None)
        self.watch = watch
        self.menu = menu
        self.text = TextCache()
        self.shown = 0.0
        self.pressed = False
        self.picture: pygame.Surface | None = None
        self.prompt = ""

    def attach(self, app: object) -> None:
        super().attach(app)  # type: ignore[arg-type]
        self.picture = self.make_picture()

    def enter(self) -> None:
        # uncovered again: the seat may have been given to another input meanwhile
        if self.app is not None and handoff_prompt(self.name, self.pad()) != self.prompt:
            self.picture = self.make_picture()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if self.app is not None:
            self.picture = self.make_picture()

    def make_picture(self) -> pygame.Surface:
        """The whole cover, made once per window size."""
        w, h = self.size
        art = tile_art(self)
        out = felt(art, (w, h), 110)
        pw, ph = access.points((w, h))
        scale = max(0.7, min(1.4, min(pw / 1280, ph / 800))) * access.CURRENT.pixel_ratio
        length = int(150 * scale) & ~1
        back = art.back(length, True)
        self.prompt = handoff_prompt(self.name, self.pad())
        blocks = [
            back,
            shadowed(self.text, handoff_title(self.name), int(72 * scale), width=w - 60),
            self.text.fit(self.prompt, w - 60, int(30 * scale), IVORY, True),
            self.text.fit(_("Everyone else looks away: every hand stays hidden until then."), w - 60, int(22 * scale), DIM),
        ]
        gaps = [int(34 * scale), int(22 * scale), int(12 * scale)]
        total = sum(b.get_height() for b in blocks) + sum(gaps)
        y = (h - total) // 2
        for i, block in enumerate(blocks):
            out.blit(block, ((w - block.get_width()) // 2, y))
            y += block.get_height() + (gaps[i] if i < len(gaps) else 0)
        return out

    def next_change(self) -> float | None:
        """Still: a picture made once, waiting for its person (an unplugged controller
        is an input, which brings a frame). Until the guard's end the loop wakes
        once more, so that the cover's age reaches it before the first key."""
        return GUARD_S - self.shown if self.shown < GUARD_S else None

    def update(self, dt: float) -> None:
        self.shown += dt
        if self.watch is not None:
            self.watch()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Nothing reaches the table while it is covered; a click or key lifts the cover
        (when the seat is played with the keyboard and mouse). Esc opens the menu instead."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu()
            return True
        if self.shown < GUARD_S or not self.accepts(None):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = True
            return True
        ready = (event.type == pygame.MOUSEBUTTONUP and self.pressed) or (
            event.type == pygame.KEYDOWN and event.key not in MODIFIERS
        )
        if ready:
            self.lift()
        return True

    def handle_pad(self, press: PadPress) -> None:
        """A on the seat's own controller lifts the cover; Start opens the menu; any other
        controller is ignored."""
        if press.button == "start":
            if not press.repeat and self.menu is not None:
                self.menu()
            return
        if self.shown >= GUARD_S and press.button == "a" and not press.repeat and self.accepts(press.pad):
            self.lift()

    def lift(self) -> None:
        app = self.app
        callback = self.on_ready
        if app is not None:
            app.pop()
        callback()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the cover (changes nothing)."""
        if self.picture is not None and self.picture.get_size() == surface.get_size():
            surface.blit(self.picture, (0, 0))
        else:
            surface.fill((14, 24, 18))
