"""What the *Play with friends* forms (*Join a table*, *On a server*) share: the text
fields (what is typed in each, and the line the keys have in focus: Tab, Up and Down
walk the lines, fields and buttons alike; a focused field takes the typing), and the
connection a button starts, given up by Esc; the step a wss:// server's certificate
asks for (trust it, forget the old one), offered by the form's button)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import _
from game.ui.scenes.friends.friends_draw import status_picture
from game.ui.scenes.friends.friends_geometry import Frame
from game.ui.scenes.friends.friends_model import CertificateStep, Problem, is_secure, parse_address, url_of
from game.ui.scenes.friends.friends_words import FORGET_BUTTON, TRUST_BUTTON

if TYPE_CHECKING:
    from game.net.app.netplay import NetPlay
    from game.ui.drawing.text import TextCache
    from game.ui.shell.stage import Stage


class TypedFields:
    """What a form with text fields adds (the scene's ``gui``; ``entries`` made by its
    ``build_widgets``)."""

    gui: pygame_gui.UIManager | None
    entries: dict[str, pygame_gui.elements.UITextEntryLine]
    values: dict[str, str]
    focus_key: str | None

    def read_fields(self) -> None:
        for key, entry in self.entries.items():
            self.values[key] = entry.get_text()

    def set_field(self, key: str, value: str) -> None:
        self.values[key] = value
        entry = self.entries.get(key)
        if entry is not None and entry.get_text() != value:
            entry.set_text(value)

    def typing_in(self) -> str | None:
        """The field that has the typing now, if any."""
        return next((k for k, e in self.entries.items() if e.is_focused), None)

    def set_focus(self, key: str | None) -> None:
        self.focus_key = key
        if self.gui is None:
            return
        entry = self.entries.get(key) if key is not None else None
        if entry is not None:
            if not entry.is_focused:
                self.gui.set_focus_set(entry)
                entry.edit_position = len(entry.get_text())
        elif any(e.is_focused for e in self.entries.values()):
            self.gui.set_focus_set(None)

    def walk(self, order: list[str], delta: int) -> None:
        """Move the focus ``delta`` lines along ``order`` (round the ends)."""
        current = self.typing_in() or self.focus_key
        if current not in order:
            self.set_focus(order[0] if delta > 0 else order[-1])
        else:
            self.set_focus(order[(order.index(current) + delta) % len(order)])

    def walk_keys(self, event: pygame.event.Event, order: list[str]) -> bool:
        """Tab, Up and Down walk ``order`` (Shift+Tab and Up back); whether the key was one."""
        key = event.key
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            back = key == pygame.K_UP or (key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
            self.walk(order, -1 if back else 1)
            return True
        return False

    def follow_typing(self) -> None:
        """Once a frame: the values typed, and a field clicked into is the focus."""
        self.read_fields()
        typing = self.typing_in()
        if typing is not None:
            self.focus_key = typing


class Connecting:
    """A form whose button starts a connection (``play``, until its lobby takes it):
    Esc gives up the connection under way first, and leaves the form only then; the
    bottom bar's line says how it goes (``problem``: the words, when something went
    wrong), and the form follows it every frame."""

    app: Stage | None
    play: NetPlay | None
    text: TextCache
    status_words: str
    problem: str | None
    status_art: pygame.Surface | None

    def status_frame(self) -> Frame | None:
        """The form's frame, once it is laid out (override)."""
        raise NotImplementedError

    def say(self, words: str, problem: bool) -> None:
        self.status_words, self.problem = words, words if problem else None
        self.show_status()

    def show_status(self) -> None:
        fr = self.status_frame()
        if fr is not None:
            self.status_art = status_picture(self.text, fr, self.status_words, self.problem is not None) if self.status_words else None

    def next_change(self) -> float | None:
        """Every frame: it follows the tables found, the connection under way and the typing."""
        return 0.0

    def on_escape(self) -> None:
        if self.play is not None:  # give up the connection under way
            self.play.close()
            self.play = None
            self.say("", False)
            return
        if self.app is not None:
            self.app.pop()


class StepOffered:
    """A form whose button (``step_button``, else saying ``plain_words``) offers the
    step a wss:// server's certificate asks for, once a try has failed on it: Trust
    it, or Forget the old one, for the address typed then."""

    buttons: dict[str, pygame_gui.elements.UIButton]
    values: dict[str, str]
    step: CertificateStep | None
    step_button: str
    plain_words: str  # a msgid (N_)

    def step_words(self) -> str:
        """The button's words: its own, or the certificate's step (Trust it, Forget the old one)."""
        if self.step is None:
            return _(self.plain_words)
        return _(TRUST_BUTTON) if self.step.kind == "trust" else _(FORGET_BUTTON)

    def offer_step(self, step: CertificateStep | None) -> None:
        self.step = step
        button = self.buttons.get(self.step_button)
        if button is not None:
            button.set_text(self.step_words())

    def follow_step(self) -> None:
        """A step offered for one address is withdrawn once another is typed."""
        if self.step is None:
            return
        try:
            host, port = parse_address(self.values["address"])
        except Problem:
            host, port = "", 0
        if url_of(host, port, is_secure(self.values["address"])) != self.step.url:
            self.offer_step(None)
