"""What the *Play with friends* forms (*Join a table*, *On a server*) share: the text
fields (what is typed in each, and the line the keys have in focus: Tab, Up and Down
walk the lines, fields and buttons alike; a focused field takes the typing), and the
connection a button starts, given up by Esc."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame_gui

if TYPE_CHECKING:
    from game.net.app.netplay import NetPlay
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

    def follow_typing(self) -> None:
        """Once a frame: the values typed, and a field clicked into is the focus."""
        self.read_fields()
        typing = self.typing_in()
        if typing is not None:
            self.focus_key = typing


class Connecting:
    """A form whose button starts a connection (``play``, until its lobby takes it):
    Esc gives up the connection under way first, and leaves the form only then."""

    app: Stage | None
    play: NetPlay | None

    def say(self, words: str, problem: bool) -> None:
        raise NotImplementedError  # (each form words its status line)

    def on_escape(self) -> None:
        if self.play is not None:  # give up the connection under way
            self.play.close()
            self.play = None
            self.say("", False)
            return
        if self.app is not None:
            self.app.pop()
