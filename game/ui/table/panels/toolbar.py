"""The table's buttons, as one part: the toolbar (its tools, ``TOOLS``: undo,
redo, hint, moves, scores, menu, declared once for every table) and the
turn's buttons by the hand (pass, refuse to lead).

The part makes the widgets in the rectangles the regions give it, says which
were pressed (``pressed``; the table turns them into requests, so a button
never plays a move itself), and shows what the position allows (``refresh``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import pygame
import pygame_gui

from game.i18n import NP_, _, pgettext
from game.ui.table.felt.regions import TableRegions, table_scale


@dataclass(frozen=True)
class Tool:
    """One toolbar button of the play tables, declared once for every table (a
    live table, a network table, a puzzle's; a lesson and a review show their
    own buttons instead): its name (what ``use_tool`` is told), its word (marked
    with ``NP_("toolbar", ...)``), and where it shows and who may press it."""

    name: str
    word: str
    take_back: bool = False  # only where moves may be taken back (one person against computers)
    shared: bool = False  # at a table of several people too (a network table: no hint, no menu)
    anyone: bool = False  # any input may use it, whoever's turn it is (the couch's seats too)
    puzzle: bool = False  # a puzzle's toolbar shows it too


# TRANSLATORS: the table's toolbar buttons: narrow at 800x600 (about 9 letters at most).
TOOLS: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        Tool("undo", NP_("toolbar", "Undo"), take_back=True),
        Tool("redo", NP_("toolbar", "Redo"), take_back=True),
        Tool("hint", NP_("toolbar", "Hint")),
        Tool("moves", NP_("toolbar", "Moves"), shared=True, anyone=True, puzzle=True),
        Tool("scores", NP_("toolbar", "Scores"), shared=True, anyone=True),
        Tool("menu", NP_("toolbar", "Menu"), anyone=True),
    )
}


def register_tool(tool: Tool, before: str | None = "menu") -> Callable[[], None]:
    """Add ``tool`` to every table's toolbar made from now on (before ``before``:
    the menu stays last; None: at the end); the function returned takes it out again."""
    if tool.name in TOOLS:
        raise ValueError(f"a toolbar tool {tool.name!r} is already registered")
    entries = list(TOOLS.items())
    at = next((i for i, (name, _tool) in enumerate(entries) if name == before), len(entries))
    entries.insert(at, (tool.name, tool))
    TOOLS.clear()
    TOOLS.update(entries)

    def unregister() -> None:
        TOOLS.pop(tool.name, None)

    return unregister


def tool_names(take_backs: bool, shared: bool = False, puzzle: bool = False) -> list[str]:
    """The toolbar's buttons: undo and redo only where moves may be taken back; at
    a table of several people (``shared``) or a puzzle's, only those said to show there."""
    return [
        name
        for name, tool in TOOLS.items()
        if (take_backs or not tool.take_back) and (tool.shared or not shared) and (tool.puzzle or not puzzle)
    ]


def anyone_tools() -> tuple[str, ...]:
    """The tools any input may use, whoever's turn it is."""
    return tuple(name for name, tool in TOOLS.items() if tool.anyone)


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
        self.tools = {name: tool_button(rect, pgettext("toolbar", TOOLS[name].word), gui, large) for name, rect in zip(names, regions.tool_buttons)}

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
