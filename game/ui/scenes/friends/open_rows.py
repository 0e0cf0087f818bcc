"""The rows of *On a server*'s list of open tables (``ServerScene``): one button
per table, its words fitted to the row (a lobby's row joins it, a row of a table
being played watches it), then its Watch button (unless its host closed it to
watchers), and the line that stands in the list's place while it holds none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import _
from game.ui.drawing.menu import style
from game.words.link_words import failure_line
from game.ui.scenes.friends.friends_words import ASKING, NO_SERVER, NO_TABLES, WATCH, open_table_words, playing_table_words, server_unreachable
from game.words.rule_sets import title as rule_set_title

if TYPE_CHECKING:
    from game.net.app.open_tables import OpenTable, TableLister

ROWS_PER_FRAME = 6  # open tables' rows made in one frame (a button costs a few ms)


def watch_width(gui: pygame_gui.UIManager, size: tuple[int, int]) -> int:
    """How wide a row's Watch button is: its word and a margin."""
    return int(gui.get_theme().get_font(["#form_value_s"]).size(_(WATCH))[0]) + 28


def watch_button(
    gui: pygame_gui.UIManager, content: pygame_gui.core.UIContainer, rect: pygame.Rect
) -> pygame_gui.elements.UIButton:
    """A row's Watch button, at ``rect`` in the list's ``content``."""
    return pygame_gui.elements.UIButton(rect, _(WATCH), gui, container=content, object_id="#form_value_s")


def row_button(
    gui: pygame_gui.UIManager, content: pygame_gui.core.UIContainer, table: OpenTable, rect: pygame.Rect, size: tuple[int, int]
) -> pygame_gui.elements.UIButton:
    """An open table's row, at ``rect`` in the list's ``content``; the window is ``size``."""
    words, look = row_words(gui, table, rect.width - 20, rect.height, size)
    return pygame_gui.elements.UIButton(rect, words, gui, container=content, object_id=look)


def row_words(gui: pygame_gui.UIManager, table: OpenTable, room: int, control_h: int, size: tuple[int, int]) -> tuple[str, str]:
    """An open table's row as wide as ``room`` holds: its words and lettering
    (smaller letters first, then without how many watch, then the host's name,
    or the players', cut short)."""
    theme = gui.get_theme()
    looks = ([style("form_value", size)] if control_h >= 30 else []) + ["#form_value_s"]
    who = table.host if table.joinable else ", ".join(name for name in table.names if name)
    counted = True  # how many watch a table being played: left out first when the row is short of room
    while True:
        words = table_words(table, who, counted)
        for look in looks:
            if theme.get_font([look]).size(words)[0] <= room:
                return words, look
        if counted and table.watchers > 0 and not table.joinable:
            counted = False
            continue
        if len(who) <= 2:
            return words, looks[-1]
        who = who[: len(who) - 2].rstrip() + "…" if not who.endswith("…") else who[: len(who) - 3].rstrip() + "…"


def table_words(table: OpenTable, who: str, counted: bool = True) -> str:
    """An open table's row, ``who`` its host (a lobby) or its players (being played;
    ``counted``: with how many watch it)."""
    rule_set = rule_set_title(table.rules.base)
    if table.joinable:
        return open_table_words(who, table.code, rule_set, table.rules.players, len(table.open))
    return playing_table_words(who, table.code, rule_set, table.rules.players, table.watchers if counted else 0)


def list_words(lister: TableLister | None, listed_at: str) -> str:
    """What stands in the list's place while it holds no table (``listed_at``: the
    server's address as shown)."""
    if lister is None:
        return _(NO_SERVER)
    if lister.state == "asking":
        return _(ASKING)
    if lister.state == "failed":
        if lister.code == "unreachable":
            return server_unreachable(listed_at)
        return failure_line(lister.failure, listed_at, why=lister.code, params=lister.params)
    return _(NO_TABLES)
