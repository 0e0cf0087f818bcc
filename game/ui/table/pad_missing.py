"""A seat's controller was unplugged mid-match: the game stands still under
this notice until the controller comes back (it goes by itself), or the seat is
given to another input: A on a controller that plays no other seat, or the
keyboard and mouse (Enter, or a click on the button). Esc, B or Start open the
pause menu over it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import _
from game.ui.shell.gamepad import pad_label
from game.ui.drawing.menu import Focus, first_pressed, panel, scale_for, shadowed, style, wrap
from game.ui.shell.scene import Overlay
from game.ui.shell.seat_inputs import KEYS_LABEL
from game.ui.table.table_words import pad_missing_text, pad_missing_title
from game.ui.drawing.text import DIM, GOLD, IVORY, TextCache
from game.words.seat_words import shown_name

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import Table


class PadMissingScene(Overlay):
    """Over the table (or the "Pass to" cover) while ``seat``'s controller ``pad`` is gone."""

    def __init__(self, table: Table, seat: int, pad: int):
        super().__init__()
        self.table = table
        self.seat = seat
        self.pad = pad
        self.text = TextCache()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.focus = Focus()
        self.picture: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.note = ""  # a word to whoever pressed a button that cannot take the seat
        self.note_picture: pygame.Surface | None = None
        self.note_top = 0

    # Layout -----------------------------------------------------------------------
    def build_gui(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        pad = round(26 * s)
        width = min(w - 30, round(760 * s))  # room for the buttons' words in every language
        name = self.table.model.names[self.seat]
        title = shadowed(self.text, pad_missing_title(pad_label(self.pad)), round(44 * s), GOLD, width - 2 * pad)
        waits, ways = pad_missing_text(name, pad_label(self.pad))
        lines = wrap(self.text, waits, width - 2 * pad, max(17, round(30 * s)), IVORY)
        how = wrap(self.text, ways, width - 2 * pad, max(15, round(25 * s)), DIM)
        bh, gap = round(48 * s), round(12 * s)
        note_h = self.text.font(max(14, round(18 * s))).get_height()
        height = pad + title.get_height() + round(14 * s) + sum(x.get_height() for x in lines + how) + round(8 * s)
        height += round(6 * s) + note_h + round(12 * s) + bh + pad
        self.panel_rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        box = panel(self.panel_rect.size, 18, (16, 30, 22, 255))
        y = pad
        box.blit(title, ((width - title.get_width()) // 2, y))
        y += title.get_height() + round(14 * s)
        for line in lines:
            box.blit(line, ((width - line.get_width()) // 2, y))
            y += line.get_height()
        y += round(8 * s)
        for line in how:
            box.blit(line, ((width - line.get_width()) // 2, y))
            y += line.get_height()
        y += round(6 * s)
        self.note_top = self.panel_rect.top + y
        y += note_h + round(12 * s)
        self.picture = box
        bw = min(round(340 * s), (width - 2 * pad - gap) // 2)
        top = self.panel_rect.top + y
        cx = self.panel_rect.centerx
        self.buttons = {
            "keys": pygame_gui.elements.UIButton(
                pygame.Rect(cx - gap // 2 - bw, top, bw, bh), _(KEYS_LABEL), self.gui, object_id=style("title_primary", self.size)
            ),
            "menu": pygame_gui.elements.UIButton(pygame.Rect(cx + gap // 2, top, bw, bh), _("Menu"), self.gui, object_id=style("title_button", self.size)),
        }
        self.focus.reset(list(self.buttons), self.buttons, self.focus.name or "keys")
        self.note_picture = self.text.fit(self.note, width - 2 * pad, max(14, round(18 * s)), GOLD, True) if self.note else None

    def say(self, note: str) -> None:
        self.note = note
        if self.gui is not None:
            s = scale_for(self.size)
            self.note_picture = self.text.fit(note, self.panel_rect.width - round(52 * s), max(14, round(18 * s)), GOLD, True)

    # Input ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        name = self.focus.handle(event, self.buttons)
        if name is not None:
            self.choose(name)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("menu")
        return True  # nothing reaches the table beneath

    def handle_pad(self, press: PadPress) -> None:
        if press.repeat:
            return
        if press.button == "a":
            if press.pad == self.pad:  # it came back between two frames
                self.resolved()
                return
            seat = self.table.controls.seats.seat_of(press.pad)
            if seat is not None and seat != self.seat:
                self.say(_("{controller} plays {name}: use another controller").format(controller=pad_label(press.pad), name=shown_name(self.table.model.names[seat])))
                return
            self.give(press.pad)
        elif press.button in ("b", "start", "back"):
            self.choose("menu")
        elif press.button in ("left", "right", "up", "down"):
            self.focus.move(-1 if press.button in ("left", "up") else 1, self.buttons)

    def choose(self, name: str) -> None:
        if name == "keys":
            self.give(None)
        elif name == "menu" and self.table.on_pause is not None:
            self.table.on_pause(self.table)

    def give(self, source: int | None) -> None:
        """The seat is played by ``source`` (a controller's number, None: keyboard and mouse) from now on."""
        self.table.controls.give_seat(self.seat, source)
        self.resolved()

    def resolved(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        name = first_pressed(self.buttons.items())
        if name is not None:
            self.choose(name)
            return
        if self.app is None or self.app.top is not self:
            return
        pads = self.app.pads
        owner = self.table.controls.seats.owner(self.seat)
        if owner != self.pad:  # the seat was given to another input (from the menu, perhaps)
            self.resolved()
        elif pads.connected(self.pad):
            self.table.motion.say(_("{controller} is back").format(controller=pad_label(self.pad)), 2.5)
            self.resolved()

    # Drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The notice over the frozen table (changes nothing)."""
        self.draw_backdrop(surface)
        if self.picture is not None:
            surface.blit(self.picture, self.panel_rect.topleft)
        if self.note_picture is not None:
            surface.blit(self.note_picture, (self.panel_rect.centerx - self.note_picture.get_width() // 2, self.note_top))
        self.draw_gui(surface)
