"""The table's buttons, as one part: the toolbar (undo, redo, hint, moves,
scores, menu) and the turn's buttons by the hand (pass, refuse to lead).

The part makes the widgets in the rectangles the regions give it, says which
were pressed (``pressed``; the table turns them into requests, so a button
never plays a move itself), and shows what the position allows (``refresh``).
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pygame
import pygame_gui

from game.i18n import NP_, _, pgettext
from game.ui.table.regions import TableRegions, table_scale

# TRANSLATORS: the table's toolbar buttons: narrow at 800x600 (about 9 letters at most).
TOOLS = {
    "undo": NP_("toolbar", "Undo"), "redo": NP_("toolbar", "Redo"), "hint": NP_("toolbar", "Hint"),
    "moves": NP_("toolbar", "Moves"), "scores": NP_("toolbar", "Scores"), "menu": NP_("toolbar", "Menu"),
}
TAKE_BACK_TOOLS = ("undo", "redo")  # only for one person against computers


def tool_names(take_backs: bool) -> list[str]:
    """The toolbar's buttons: undo and redo only where moves may be taken back."""
    return [name for name in TOOLS if take_backs or name not in TAKE_BACK_TOOLS]


class Toolbar:
    """The table's buttons: ``turn`` (pass, refuse) and ``tools`` (the toolbar)."""

    def __init__(self) -> None:
        self.turn: dict[str, pygame_gui.elements.UIButton] = {}
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}

    def build(self, gui: pygame_gui.UIManager, regions: TableRegions, names: Sequence[str]) -> None:
        self.turn = {
            "pass": pygame_gui.elements.UIButton(regions.buttons["pass"], _("Pass"), gui, object_id="#primary"),
            # TRANSLATORS: the narrow button beside the hand that refuses to lead (Senst's Leyden).
            "refuse": pygame_gui.elements.UIButton(regions.buttons["refuse"], _("Refuse"), gui),
        }
        for button in self.turn.values():
            button.hide()  # type: ignore[no-untyped-call]
        # larger words on a large window; the text size setting grows both themes already
        large = table_scale(regions.size) >= 1.2
        self.tools = {name: tool_button(rect, pgettext("toolbar", TOOLS[name]), gui, large) for name, rect in zip(names, regions.tool_buttons)}

    def pressed(self) -> tuple[list[str], list[str]]:
        """(turn buttons, tools) pressed since the last frame."""
        turn = [name for name, button in self.turn.items() if button.check_pressed()]
        tools = [name for name, button in self.tools.items() if button.check_pressed()]
        return turn, tools

    def refresh(self, kinds: set[str], usable: Mapping[str, bool], opened: set[str]) -> None:
        """Show the turn's buttons whose action is legal now (``kinds``), enable the
        tools that may be used, and keep a panel's button down while it is open (``opened``)."""
        for name, button in self.turn.items():
            wanted = name in kinds
            if wanted and not button.visible:
                button.show()  # type: ignore[no-untyped-call]
            elif not wanted and button.visible:
                button.hide()  # type: ignore[no-untyped-call]
        for name, button in self.tools.items():
            if usable.get(name, True) != button.is_enabled:
                if usable.get(name, True):
                    button.enable()  # type: ignore[no-untyped-call]
                else:
                    button.disable()  # type: ignore[no-untyped-call]
        for name, button in self.tools.items():
            down = name in opened
            if button.is_selected != down:
                if down:
                    button.select()  # type: ignore[no-untyped-call]
                else:
                    button.unselect()  # type: ignore[no-untyped-call]


def tool_button(rect: pygame.Rect, text: str, gui: pygame_gui.UIManager, large: bool) -> pygame_gui.elements.UIButton:
    """A toolbar's button: in the large letters on a large window, unless its words
    (a long language's, at a large text size) would not fit in them: then smaller."""
    styles = ["#tool_l", "#tool", "#tool_s"] if large else ["#tool", "#tool_s"]
    for style in styles:
        button = pygame_gui.elements.UIButton(rect, text, gui, object_id=style)
        font = button.font
        if style == styles[-1] or font is None or font.size(text)[0] <= rect.width - 8:
            return button
        button.kill()  # type: ignore[no-untyped-call]
    raise AssertionError("unreachable")
