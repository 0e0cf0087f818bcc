"""The rows of *On a server*'s list of open tables (``ServerScene``): one button
per table, its words fitted to the row, and the line that stands in the list's
place while it holds none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import _
from game.ui.drawing.menu import style
from game.words.link_words import failure_line
from game.ui.scenes.friends.friends_words import ASKING, NO_SERVER, NO_TABLES, open_table_words, server_unreachable
from game.words.rule_sets import title as rule_set_title

if TYPE_CHECKING:
    from game.net.app.open_tables import OpenTable, TableLister

ROWS_PER_FRAME = 6  # open tables' rows made in one frame (a button costs a few ms)


def row_button(
    gui: pygame_gui.UIManager, content: pygame_gui.core.UIContainer, table: OpenTable, rect: pygame.Rect, size: tuple[int, int]
) -> pygame_gui.elements.UIButton:
    """An open table's row, at ``rect`` in the list's ``content``; the window is ``size``."""
    words, look = row_words(gui, table, rect.width - 20, rect.height, size)
    return pygame_gui.elements.UIButton(rect, words, gui, container=content, object_id=look)


def row_words(gui: pygame_gui.UIManager, table: OpenTable, room: int, control_h: int, size: tuple[int, int]) -> tuple[str, str]:
    """An open table's row as wide as ``room`` holds: its words and lettering
    (smaller letters first, then the host's name cut short)."""
    theme = gui.get_theme()
    looks = ([style("form_value", size)] if control_h >= 30 else []) + ["#form_value_s"]
    host = table.host
    while True:
        words = open_table_words(host, table.code, rule_set_title(table.rules.base), table.rules.players, len(table.open))
        for look in looks:
            if theme.get_font([look]).size(words)[0] <= room:
                return words, look
        if len(host) <= 2:
            return words, looks[-1]
        host = host[: len(host) - 2].rstrip() + "…" if not host.endswith("…") else host[: len(host) - 3].rstrip() + "…"


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
