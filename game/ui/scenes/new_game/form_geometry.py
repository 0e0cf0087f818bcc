"""Where everything on the New game form goes: rectangles fixed by the window size
alone (and the fonts' measures), whatever the setup. The rule sets are one
list (the form scrolls when they are more than the window holds), every choice any rule set offers has its row, and there is a row for each
of the eight seats the largest game has; so a control a player is clicking
never moves from under the pointer, whatever the click changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import pygame

from game.i18n import _
from game.engine import RULE_SETS
from game.ui.drawing.access import points, text_choice, text_factor
from game.ui.drawing.menu import scale_for, shadowed, style
from game.ui.scenes.new_game.setup import CHOICE_ROWS, MAX_SEATS
from game.ui.scenes.new_game.form_words import HEADINGS, KEY_HINTS, OPTION_LABELS, PAD_HINTS, TITLE, VALUE_WORDS, kind_words
from game.ui.drawing.text import GOLD, TextCache, least_size

# the theme's value lettering (16, 22 and 13 px) in TextCache sizes, so a greyed value matches a live one
VALUE_SIZES = {"#form_value": 23, "#form_value_l": 32, "#form_value_s": 19}
LIST_SHARE = 0.8  # a rule set's row against a seat's


@dataclass(frozen=True)
class Selector:
    """A ``‹ value ›`` line in ``rect``: the arrows step through the values, a click
    on the value steps on. ``value_size``: its lettering as TextCache sizes it."""

    rect: pygame.Rect
    minus: pygame.Rect
    value: pygame.Rect
    plus: pygame.Rect
    value_style: str
    arrow_style: str
    value_size: int


@dataclass
class FormLayout:
    """The form's places for one window size."""

    size: tuple[int, int]
    scale: float
    title: tuple[int, int, int] | None  # the title's size, width and top; None on a short window
    panels: list[tuple[pygame.Rect, str]]  # each panel and its heading
    pad: int  # inside a panel, round its heading and rows
    head_size: int
    panel_radius: int
    hints: dict[str, str | None]  # "keys" and "pad": the longest hint that fits, if any
    hint_size: int
    hint_pos: tuple[int, int]  # the hint's top centre
    list_rows: dict[str, pygame.Rect]  # rule id -> its row
    label_size: int
    choice_rows: dict[str, pygame.Rect]  # each choice: its label and selector
    selectors: dict[str, Selector]  # each choice's, and "kind0".."kind7" (who plays the seat)
    greyed_note: pygame.Rect  # where the choices' heading says what greyed means
    seat_rows: list[pygame.Rect]
    name_rects: list[pygame.Rect]
    input_rects: list[pygame.Rect]  # the end of each seat's row: what plays it
    entry_style: str
    take_size: int  # "Press A to take"
    back: pygame.Rect
    start: pygame.Rect
    status: pygame.Rect  # what will be played (or what is wrong), between Back and Start
    lines: dict[str, pygame.Rect] = field(default_factory=dict)  # every line's place, walked or greyed
    heading: str = TITLE  # the title's words (untranslated)
    # the form above the hint, when its rows at their words' height are more than the window
    # holds (larger text, more rule sets, a small window): it scrolls through ``view`` (its
    # places above are then the content's, from the window's top); 0: it all shows
    view: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    content_h: int = 0


ENTRY_SIZES = {"#form_entry": (16, 12), "#form_entry_l": (22, 12), "#form_entry_s": (13, 4)}  # the theme's font px, and padding and border top and bottom


def entry_style(control_h: int, size: tuple[int, int]) -> str:
    """The largest name field whose letters (a name with both ascenders and
    descenders, at the text size setting) fit ``control_h``."""
    f = text_factor(size)
    for name in (style("form_entry", size), "#form_entry_s"):
        px, chrome = ENTRY_SIZES[name]
        if control_h - chrome >= px * f * 1.4:
            return name
    return "#form_entry_s"


def selector(rect: pygame.Rect, size: tuple[int, int]) -> Selector:
    """``‹ value ›`` in ``rect``: two arrows and the value between them."""
    arrow_w = max(22, min(rect.height, rect.width // 6))
    middle = rect.width - 2 * arrow_w - 8
    value_style = style("form_value", size) if middle >= 150 and rect.height >= 30 else "#form_value_s"
    arrow_style = style("form_arrow", size) if rect.height >= 28 else "#form_arrow_s"
    return Selector(
        rect,
        pygame.Rect(rect.left, rect.top, arrow_w, rect.height),
        pygame.Rect(rect.left + arrow_w + 4, rect.top, middle, rect.height),
        pygame.Rect(rect.right - arrow_w, rect.top, arrow_w, rect.height),
        value_style,
        arrow_style,
        round(VALUE_SIZES[value_style] * text_factor(size)),  # as the theme's lettering grows with the text size
    )


def form_layout(
    size: tuple[int, int], text: TextCache, heading: str = TITLE, kinds: Iterable[str] | None = None
) -> FormLayout:
    """Every place on the form for a window of ``size`` (``text`` measures the words;
    ``heading``: the title's words, ``kinds``: who may play a seat, untranslated: New game's by default)."""
    kinds = kind_words().values() if kinds is None else kinds
    w, h = size
    s = scale_for(size)
    f = text_choice(size)  # larger text: the spaces between stay as they were, to leave it the room
    margin = max(10, round(20 * s / f))
    gap = max(8, round(14 * s / f))
    pad = max(8, round(14 * s / f))
    head_size = max(17, round(24 * s))
    head_h = text.font(head_size, True).get_height() + max(2, round(4 * s))

    def with_title(title: tuple[int, int, int] | None) -> int:
        if title is None:
            return margin
        return round(8 * s) + shadowed(text, _(heading), title[0], GOLD, title[1]).get_height() + round(4 * s)

    # the title, when the window is tall enough to spare the room
    heading_at = (round(58 * s), w - 40, round(8 * s))
    title = heading_at if points(size)[1] >= 560 else None  # at any text size (the form scrolls when it needs the room)
    top = with_title(title)

    # the bottom bar: Back, what will be played (or what is wrong), Start; the hint above it
    bh = max(36, round(48 * s))
    bw = round(200 * s)
    bottom_h = bh + 2 * max(6, round(10 * s))
    by = h - bottom_h + (bottom_h - bh) // 2
    hint_size = max(13, round(17 * s))
    width = min(w - 2 * margin, round(1400 * s))
    font = text.font(hint_size)
    hints = {mode: next((words for words in lines if font.size(words)[0] <= width), None) for mode, lines in (("keys", [_(w) for w in KEY_HINTS]), ("pad", [_(w) for w in PAD_HINTS]))}
    hint_h = max((font.size(words)[1] for words in hints.values() if words is not None), default=0)
    body_bottom = h - bottom_h - hint_h - max(2, round(4 * s))

    # rows: the seats' height sets the rest (eight seats; the list's rows a little lower),
    # never lower than their words need: when the window cannot hold them so, it scrolls
    room = body_bottom - top - gap - 2 * (2 * pad + head_h)
    fitting = min(round(48 * s), int(room / (MAX_SEATS + len(RULE_SETS) * LIST_SHARE)))
    row_h = max(24, fitting)
    least = max(24, round(34 * s))
    scrolls = fitting < least  # (the least row, not the window, sets it: however many rule sets there are)
    if scrolls:
        row_h = least
        title = heading_at if points(size)[1] >= 560 else None  # it scrolls: room for the title
        top = with_title(title)
    list_h = max(20, min(round(40 * s), int(row_h * LIST_SHARE)))
    used = 2 * (2 * pad + head_h) + gap + MAX_SEATS * row_h + len(RULE_SETS) * list_h
    top += max(0, (body_bottom - top - used) // 3)
    left = (w - width) // 2

    list_box = pygame.Rect(left, top, width, 2 * pad + head_h + len(RULE_SETS) * list_h)
    lower_top = list_box.bottom + gap
    lower_h = 2 * pad + head_h + MAX_SEATS * row_h
    choices_w = round((width - gap) * 0.44)
    control_h = row_h - max(3, row_h // 7)  # a selector's, a name's (the rest is the gap to the next row)
    kind_need = 0  # a wide window's seats have room for who plays them
    need = choices_need(text, row_h, control_h, pad)
    if need > choices_w:  # a narrow window: the choices take what the seats can spare
        kind_need = selector_need(text, control_h, kinds, text_factor(size))
        seats_least = 2 * pad + seat_number_w(text, row_h, s) + kind_need + 2 * max(6, round(10 * s)) + 60 + 48  # a name, what plays it
        choices_w = max(choices_w, min(need, width - gap - seats_least))
    choices_box = pygame.Rect(left, lower_top, choices_w, lower_h)
    seats_box = pygame.Rect(choices_box.right + gap, lower_top, width - choices_w - gap, lower_h)
    label_size = label_size_for(row_h, s)
    greyed_note = pygame.Rect(choices_box.left + pad + text.font(head_size, True).size(_(HEADINGS[1]))[0] + pad, choices_box.top + pad - 2, 0, head_h)
    greyed_note.width = choices_box.right - pad - greyed_note.left

    layout = FormLayout(
        size=size,
        scale=s,
        title=title,
        panels=list(zip((list_box, choices_box, seats_box), [_(h) for h in HEADINGS])),
        pad=pad,
        head_size=head_size,
        panel_radius=max(8, round(14 * s)),
        hints=hints,
        hint_size=hint_size,
        hint_pos=(w // 2, body_bottom + max(1, round(2 * s))),
        list_rows={},
        label_size=label_size,
        choice_rows={},
        selectors={},
        greyed_note=greyed_note,
        seat_rows=[],
        name_rects=[],
        input_rects=[],
        entry_style=entry_style(control_h, size),
        take_size=max(least_size(text_factor(size)), label_size - 3),
        back=pygame.Rect(left, by, bw, bh),
        start=pygame.Rect(left + width - bw, by, bw, bh),
        status=pygame.Rect(left + bw + gap, by, width - 2 * bw - 2 * gap, bh),
        heading=heading,
    )
    if scrolls:
        layout.view = pygame.Rect(0, 0, w, body_bottom)
        layout.content_h = top + used + margin
    place_list(layout, list_box, head_h, list_h)
    place_choices(layout, choices_box, head_h, row_h, control_h, text)
    place_seats(layout, seats_box, head_h, row_h, control_h, text, kind_need)
    return layout


def selector_need(text: TextCache, control_h: int, words: Iterable[str], factor: float = 1.0) -> int:
    """The least width of a selector whose value shows any of ``words`` (untranslated)
    in the smallest lettering (a narrow window's: a wider one has room anyway), grown
    by the text size's ``factor`` as the theme's lettering is."""
    font = text.font(round(VALUE_SIZES["#form_value_s"] * factor), True)
    return 2 * max(22, control_h) + 8 + max((font.size(_(w))[0] for w in words), default=0) + 6


def choices_need(text: TextCache, row_h: int, control_h: int, pad: int) -> int:
    """How wide the choices' panel must be for its labels and the ways of drawing
    (the longest values a rule set lets the player choose)."""
    label_w = max(text.font(label_size_for(row_h), True).size(_(OPTION_LABELS[k]))[0] for k in CHOICE_ROWS)
    return label_w + round(row_h * 0.5) + selector_need(text, control_h, VALUE_WORDS["drawing"].values()) + 2 * pad


def label_size_for(row_h: int, s: float | None = None) -> int:
    """The choices' and seats' lettering for rows ``row_h`` high."""
    return max(14, min(round(row_h * 0.55), round(27 * s))) if s is not None else max(14, round(row_h * 0.55))


def seat_number_w(text: TextCache, row_h: int, s: float) -> int:
    return max(text.font(label_size_for(row_h, s), True).size("8")[0] + round(row_h * 0.35), round(28 * s))


def place_list(layout: FormLayout, box: pygame.Rect, head_h: int, row_h: int) -> None:
    """The rule sets, one row each (a row's own height, then a little gap)."""
    pad = layout.pad
    inner = pygame.Rect(box.left + pad, box.top + pad + head_h, box.width - 2 * pad, len(RULE_SETS) * row_h)
    inside = row_h - max(2, row_h // 9)
    for n, rule_id in enumerate(RULE_SETS):
        row = pygame.Rect(inner.left, inner.top + n * row_h, inner.width, inside)
        layout.list_rows[rule_id] = row
        layout.lines[f"rule:{rule_id}"] = row


def place_choices(layout: FormLayout, box: pygame.Rect, head_h: int, row_h: int, control_h: int, text: TextCache) -> None:
    """A row for every choice any rule set offers, players first: its label, then its selector."""
    pad = layout.pad
    x0 = box.left + pad
    inner_w = box.width - 2 * pad
    label_w = max(text.font(layout.label_size, True).size(_(OPTION_LABELS[k]))[0] for k in CHOICE_ROWS) + round(row_h * 0.5)
    y = box.top + pad + head_h
    selector_w = min(inner_w - label_w, round(row_h * 9))
    for key in CHOICE_ROWS:
        row = pygame.Rect(x0, y, label_w + selector_w, control_h)
        layout.choice_rows[key] = row
        layout.lines[key] = row
        layout.selectors[key] = selector(pygame.Rect(x0 + label_w, y, selector_w, control_h), layout.size)
        y += row_h


def place_seats(
    layout: FormLayout, box: pygame.Rect, head_h: int, row_h: int, control_h: int, text: TextCache, kind_need: int = 0
) -> None:
    """Eight seats, one row each: its number, who plays it (person or computer), the
    name, and at the row's end what a person plays it with (keyboard or controller)."""
    pad, s = layout.pad, layout.scale
    x0 = box.left + pad
    inner_w = box.width - 2 * pad
    number_w = seat_number_w(text, row_h, s)
    kind_w = max(min(round(210 * s), (inner_w - number_w) * 4 // 9), min(kind_need, (inner_w - number_w) * 5 // 9))
    name_gap = max(6, round(10 * s))
    rest = inner_w - number_w - kind_w - 2 * name_gap
    input_w = min(round(175 * s), max(48, rest * 2 // 5))
    name_w = min(rest - input_w, round(300 * s))
    y = box.top + pad + head_h
    for i in range(MAX_SEATS):
        layout.seat_rows.append(pygame.Rect(x0, y, inner_w, control_h))
        kind_rect = pygame.Rect(x0 + number_w, y, kind_w, control_h)
        layout.selectors[f"kind{i}"] = selector(kind_rect, layout.size)
        layout.lines[f"kind{i}"] = pygame.Rect(x0, y, number_w + kind_w, control_h)
        name_rect = pygame.Rect(kind_rect.right + name_gap, y, name_w, control_h)
        layout.name_rects.append(name_rect)
        layout.lines[f"name{i}"] = name_rect
        input_rect = pygame.Rect(x0 + inner_w - input_w, y, input_w, control_h)
        layout.input_rects.append(input_rect)
        layout.lines[f"input{i}"] = input_rect
        y += row_h
