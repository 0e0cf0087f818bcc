"""Where everything on the *Play with friends* screens goes: rectangles fixed by the
window size alone (and the fonts' measures), whatever is heard on the network or
who joins, so that nothing moves from under the pointer."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _
from game.ui.drawing.access import text_choice, text_factor
from game.ui.drawing.menu import scale_for
from game.ui.scenes.friends.friends_words import ADDRESS, CODE, NAME, NAME_HINT, SEAT, SERVER_ADDRESS, SERVER_NAME
from game.ui.scenes.new_game.form_geometry import Selector, entry_style, selector
from game.ui.drawing.text import TextCache, least_size

FOUND_ROWS = 4  # tables heard on the local network shown at once
FIELDS = ("address", "code", "name")
LABELS = {"address": ADDRESS, "code": CODE, "name": NAME, "seat": SEAT}
LOBBY_SEATS = 8  # the most a rule set seats


@dataclass
class Frame:
    """What every screen here shares: the title's place, the panels' looks, the bottom bar."""

    size: tuple[int, int]
    scale: float
    title_size: int
    title_top: int
    head_size: int
    label_size: int
    pad: int
    radius: int
    back: pygame.Rect
    action: pygame.Rect  # Join, Start, Open the table: the bottom bar's right
    status: pygame.Rect  # one line between them
    status_size: int


def frame(size: tuple[int, int], action_need: int = 0) -> Frame:
    """The shared places for a window of ``size``; ``action_need``: how wide the
    bottom bar's right button must be for its words (a narrow window's status line
    gives up the room)."""
    fr = _frame(size)
    if action_need > fr.action.width:
        wider = min(action_need - fr.action.width, fr.status.width // 2)
        fr.action = pygame.Rect(fr.action.left - wider, fr.action.top, fr.action.width + wider, fr.action.height)
        fr.status = pygame.Rect(fr.status.left, fr.status.top, fr.status.width - wider, fr.status.height)
    return fr


def _frame(size: tuple[int, int]) -> Frame:
    w, h = size
    s = scale_for(size)
    f = text_choice(size)  # (s counts the window's pixels per point; f does not)
    margin = max(10, round(20 * s / f))
    bh = max(36, round(48 * s))
    width = min(w - 2 * margin, round(1200 * s))
    bw = min(round(300 * s), width // 4)
    left = (w - width) // 2
    by = h - bh - max(8, round(14 * s))
    gap = max(8, round(14 * s / f))
    return Frame(
        size=size,
        scale=s,
        title_size=max(30, round(56 * s)),
        title_top=max(6, round(10 * s)),
        head_size=max(17, round(24 * s)),
        label_size=max(15, round(22 * s)),
        pad=max(8, round(16 * s / f)),
        radius=max(8, round(14 * s)),
        back=pygame.Rect(left, by, bw, bh),
        action=pygame.Rect(left + width - bw, by, bw, bh),
        status=pygame.Rect(left + bw + gap, by, width - 2 * bw - 2 * gap, bh),
        status_size=max(14, round(19 * s)),
    )


@dataclass
class Bands:
    """Two boxes of rows one above the other between the title and the bottom bar,
    each a heading and its rows, what room is spare shared out around them."""

    head_h: int  # a box's heading
    row_h: int  # a row, and the control in it
    control_h: int
    first: pygame.Rect
    second: pygame.Rect


def two_bands(fr: Frame, text: TextCache, title_h: int, first_rows: int, second_rows: int) -> Bands:
    """The boxes of ``first_rows`` and ``second_rows`` rows for the frame ``fr``
    (``title_h``: the title's height): the rows as tall as the room lets them be,
    within their bounds, and what is spare a third above, a third between."""
    s = fr.scale
    width = fr.action.right - fr.back.left
    left = fr.back.left
    gap = max(8, round(12 * s))
    top = fr.title_top + title_h + gap
    head_h = text.font(fr.head_size, True).get_height() + max(2, round(4 * s))
    bottom = fr.back.top - gap
    room = bottom - top - 2 * (2 * fr.pad + head_h) - gap
    row_h = max(30, min(round(52 * s), room // (first_rows + second_rows)))
    control_h = row_h - max(4, row_h // 6)
    first_h = 2 * fr.pad + head_h + first_rows * row_h
    second_h = 2 * fr.pad + head_h + second_rows * row_h
    spare = max(0, bottom - top - first_h - second_h - gap)
    first = pygame.Rect(left, top + spare // 3, width, first_h)
    second = pygame.Rect(left, first.bottom + gap + spare // 3, width, second_h)
    return Bands(head_h, row_h, control_h, first, second)


@dataclass
class JoinLayout:
    """*Join a table*: the tables heard, then the form, then the bottom bar."""

    frame: Frame
    found_box: pygame.Rect
    found_rows: list[pygame.Rect]
    form_box: pygame.Rect
    labels: dict[str, pygame.Rect]  # each field's label
    entries: dict[str, pygame.Rect]  # address, code, name
    seat: Selector
    hints: dict[str, pygame.Rect]  # beside the address and the code: "like ..."
    entry_style: str
    lines: dict[str, pygame.Rect] = field(default_factory=dict)  # what the keyboard focus walks


def join_layout(size: tuple[int, int], text: TextCache, title_h: int, action_need: int = 0) -> JoinLayout:
    """The join screen for a window of ``size``; ``title_h``: the title's height;
    ``action_need``: the Join button's width for its words."""
    fr = frame(size, action_need)
    s = fr.scale
    bands = two_bands(fr, text, title_h, FOUND_ROWS, len(FIELDS) + 1)  # the form: the fields and the seat
    head_h, row_h, control_h, found_box, form_box = bands.head_h, bands.row_h, bands.control_h, bands.first, bands.second
    rows = [
        pygame.Rect(found_box.left + fr.pad, found_box.top + fr.pad + head_h + i * row_h, found_box.width - 2 * fr.pad, control_h)
        for i in range(FOUND_ROWS)
    ]
    label_w = max(text.font(fr.label_size, True).size(_(words))[0] for words in LABELS.values()) + round(24 * s)
    x0 = form_box.left + fr.pad
    entry_w = min(round(420 * s), form_box.width - 2 * fr.pad - label_w)
    y = form_box.top + fr.pad + head_h
    labels: dict[str, pygame.Rect] = {}
    entries: dict[str, pygame.Rect] = {}
    hints: dict[str, pygame.Rect] = {}
    lines: dict[str, pygame.Rect] = {}
    for key in (*FIELDS, "seat"):
        labels[key] = pygame.Rect(x0, y, label_w, control_h)
        place = pygame.Rect(x0 + label_w, y, entry_w, control_h)
        if key == "seat":
            seat = selector(pygame.Rect(place.left, y, min(entry_w, round(300 * s)), control_h), size)
        else:
            entries[key] = place
        after = (seat.rect if key == "seat" else place).right + round(14 * s)  # (beside the seat: Ask the host for it)
        hints[key] = pygame.Rect(after, y, form_box.right - fr.pad - after, control_h)
        lines[key] = pygame.Rect(x0, y, label_w + entry_w, control_h)
        y += row_h
    for i, row in enumerate(rows):
        lines[f"found{i}"] = row
    return JoinLayout(fr, found_box, rows, form_box, labels, entries, seat, hints, entry_style(control_h, size), lines)


@dataclass
class LobbyLayout:
    """The lobby: the code and the address to give, then a row per seat (as tall
    as its words at the text size chosen need: they never shrink to fit)."""

    frame: Frame
    box: pygame.Rect
    give: pygame.Rect  # the words telling the host what to give friends (or the guest what is awaited)
    seat_rows: list[pygame.Rect]
    row_size: int


def lobby_layout(size: tuple[int, int], text: TextCache, title_h: int, action_need: int = 0, seats: int = LOBBY_SEATS) -> LobbyLayout:
    """The lobby for a window of ``size`` (``action_need``: *Start the match*'s width)
    at a table of ``seats`` (its rows share the box's room; each is at least as
    tall as its words need, at the text size chosen)."""
    fr = frame(size, action_need)
    s = fr.scale
    gap = max(8, round(12 * s))
    left, width = fr.back.left, fr.action.right - fr.back.left
    top = fr.title_top + title_h + gap
    bottom = fr.back.top - gap
    give_h = 3 * text.font(fr.label_size).get_height() + round(8 * s)
    room = bottom - top - 2 * fr.pad - give_h - gap
    seats = max(1, min(LOBBY_SEATS, seats))
    row_size = fr.label_size  # the seats' words grow with the text size like every other text
    least = text.font(row_size, True).get_height() + 2 * max(3, round(4 * s / text_choice(size)))  # a row holds them
    row_h = max(24, min(round(44 * s), room // seats), least + max(3, least // 8))
    box_h = 2 * fr.pad + give_h + gap + seats * row_h
    box = pygame.Rect(left, top + max(0, (bottom - top - box_h) // 3), width, min(box_h, bottom - top))
    give = pygame.Rect(box.left + fr.pad, box.top + fr.pad, box.width - 2 * fr.pad, give_h)
    rect_h = row_h - max(3, min(row_h // 8, row_h - least))
    rows = [pygame.Rect(give.left, give.bottom + gap + i * row_h, give.width, rect_h) for i in range(seats)]
    return LobbyLayout(fr, box, give, rows, row_size)


SERVER_FIELDS = ("address", "name")
SERVER_LABELS = {"address": SERVER_ADDRESS, "name": SERVER_NAME}
SERVER_ROWS = 5  # open tables shown at once (more scroll)


@dataclass
class ServerLayout:
    """*On a server*: the server's address and the player's name, then the server's
    open tables (a scrolling column of rows), then the bottom bar."""

    frame: Frame
    form_box: pygame.Rect
    labels: dict[str, pygame.Rect]
    entries: dict[str, pygame.Rect]
    ask: pygame.Rect  # beside the address: list its tables
    hint: pygame.Rect  # beside the name: what it is for
    tables_box: pygame.Rect
    view: pygame.Rect  # where the open tables' rows show (they scroll past it)
    row_h: int
    control_h: int
    entry_style: str
    lines: dict[str, pygame.Rect] = field(default_factory=dict)  # what the keyboard focus walks (the rows: ``row_rect``)
    play_now: pygame.Rect = field(default_factory=pygame.Rect)  # beside the name: Play now (game/ui/scenes/friends/play_now_screen.py)
    leaderboard: pygame.Rect = field(default_factory=pygame.Rect)  # on the open tables' heading line, at its right: the Leaderboard

    def row_rect(self, index: int) -> pygame.Rect:
        """Open table ``index``'s row, in the column's own coordinates (from its top)."""
        return pygame.Rect(0, index * self.row_h, self.view.width - 2 * max(8, self.row_h // 3), self.control_h)


def server_layout(size: tuple[int, int], text: TextCache, title_h: int, ask_need: int, create_need: int) -> ServerLayout:
    """The server screen for a window of ``size`` (``ask_need``, ``create_need``: how
    wide the list button and *Create a table* must be for their words)."""
    fr = frame(size, create_need)
    s = fr.scale
    bands = two_bands(fr, text, title_h, len(SERVER_FIELDS), SERVER_ROWS)
    head_h, row_h, control_h, form_box, tables_box = bands.head_h, bands.row_h, bands.control_h, bands.first, bands.second
    label_w = max(text.font(fr.label_size, True).size(_(words))[0] for words in SERVER_LABELS.values()) + round(24 * s)
    x0 = form_box.left + fr.pad
    inner_right = form_box.right - fr.pad
    ask_w = min(ask_need, (inner_right - x0 - label_w) // 2)
    entry_w = min(round(420 * s), inner_right - x0 - label_w - ask_w - round(14 * s))
    y = form_box.top + fr.pad + head_h
    labels: dict[str, pygame.Rect] = {}
    entries: dict[str, pygame.Rect] = {}
    lines: dict[str, pygame.Rect] = {}
    for key in SERVER_FIELDS:
        labels[key] = pygame.Rect(x0, y, label_w, control_h)
        entries[key] = pygame.Rect(x0 + label_w, y, entry_w, control_h)
        lines[key] = pygame.Rect(x0, y, label_w + entry_w, control_h)
        y += row_h
    after = entries["address"].right + round(14 * s)
    ask = pygame.Rect(after, entries["address"].top, ask_w, control_h)
    lines["ask"] = ask
    play_now = pygame.Rect(after, entries["name"].top, ask_w, control_h)
    lines["play_now"] = play_now
    hint = pygame.Rect(play_now.right + round(14 * s), entries["name"].top, inner_right - play_now.right - round(14 * s), control_h)
    if text.font(least_size(text_factor(size))).size(_(NAME_HINT))[0] > hint.width:
        hint.width = 0  # no room for the name's hint beside Play now: none rather than cut
    view = pygame.Rect(tables_box.left + fr.pad, tables_box.top + fr.pad + head_h, tables_box.width - 2 * fr.pad, SERVER_ROWS * row_h)
    board_top = max(tables_box.top + 3, view.top - control_h)  # the heading's line and the panel's pad above it
    leaderboard = pygame.Rect(ask.left, board_top, ask_w, view.top - board_top)  # (under Play now)
    lines["leaderboard"] = leaderboard
    return ServerLayout(fr, form_box, labels, entries, ask, hint, tables_box, view, row_h, control_h, entry_style(control_h, size), lines, play_now, leaderboard)
