"""The pause menu over the table (Esc, or Start on a controller): Resume, Undo, Rules, Settings, Save and leave.

The match is saved after every move already; leaving waits for that save to be
on disk and then goes back to the title. Settings changed meanwhile reach the
table as soon as this menu is uncovered again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.drawing.menu import MenuOverlay, blit_centred, button_column, panel, scale_for, shadowed, style
from game.ui.drawing.text import DIM

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.api import TableAPI


class PauseScene(MenuOverlay):
    """Over a table that stands still."""

    def __init__(self, table: TableAPI):
        super().__init__()
        self.table = table
        self.picture: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        labels: list[tuple[str, str, str | None]] = [("resume", _("Resume"), style("title_primary", self.size))]
        if self.table.aids.takebacks is not None:  # one person against computers
            labels.append(("undo", _("Undo last turn"), style("title_button", self.size)))
            if self.table.aids.can_redo():  # what was undone (a controller has no other way to it)
                labels.append(("redo", _("Redo"), style("title_button", self.size)))
        labels += [
            ("rules", _("Rules"), style("title_button", self.size)),
            ("settings", _("Settings"), style("title_button", self.size)),
            ("leave", _("Save and leave"), style("title_button", self.size)),
        ]
        bw, bh, gap = int(300 * s), int(50 * s), int(12 * s)
        title = shadowed(self.text, _("Paused"), int(64 * s))
        note = self.text.render(_("The match is saved after every move."), max(14, int(19 * s)), DIM)
        pad = int(28 * s)
        width = min(w - 30, max(bw, note.get_width()) + 2 * pad)
        height = pad + title.get_height() + note.get_height() + int(22 * s) + len(labels) * (bh + gap) - gap + pad
        self.panel_rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        box = panel(self.panel_rect.size, 18)
        y = pad
        blit_centred(box, title, width // 2, y)
        y += title.get_height()
        blit_centred(box, note, width // 2, y)
        y += note.get_height() + int(22 * s)
        self.picture = box
        self.buttons = button_column(self.gui, labels, w // 2, self.panel_rect.top + y, bw, bh, gap)
        if "undo" in self.buttons and not self.table.aids.can_undo():
            self.buttons["undo"].disable()  # type: ignore[no-untyped-call]

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "resume")

    def enter(self) -> None:
        super().enter()
        if self.app is not None:
            self.app.routes.apply_settings(self.table)  # back from Settings, perhaps

    def on_button(self, name: str) -> None:
        app = self.app
        if app is None:
            return
        if name == "resume":
            app.pop()
        elif name == "undo":
            app.pop()
            self.table.aids.undo()
        elif name == "redo":
            app.pop()
            self.table.aids.redo()
        elif name in ("rules", "settings"):
            app.routes.open_side(name)
        elif name == "leave":
            app.routes.save_and_leave(self.table)

    def on_escape(self) -> None:
        self.on_button("resume")

    def handle_pad(self, press: PadPress) -> None:
        """Start closes the menu again (as it opened it); the rest works as the keys."""
        if press.button == "start":
            if not press.repeat:
                self.on_button("resume")
            return
        super().handle_pad(press)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.panel_rect.topleft)
