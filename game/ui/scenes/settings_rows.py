"""Where the Settings screen's rows go, and the controls they are made of.

The rows come from the schema (``game.profile.settings.shown``): each is a label (with
its help line below it) and a control: a row of buttons of which one is chosen,
the volume's slider, or ``‹ value ›``. They form one column. When they fit the
screen's body they share its height (as they always have); when they do not
(larger text, a small window, more settings) each row takes the height its
words need and the column scrolls (``game.ui.drawing.scroll``). A row whose control is
too wide to stand beside its label puts it below the label, across the column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame
import pygame_gui

from game.profile.settings import Setting
from game.ui.drawing.menu import first_pressed


class Choice:
    """A row of buttons of which one is selected."""

    def __init__(self, buttons: Sequence[tuple[object, pygame_gui.elements.UIButton]]):
        self.buttons = list(buttons)

    def select(self, value: object) -> None:
        for v, button in self.buttons:
            if type(v) is type(value) and v == value:
                button.select()  # type: ignore[no-untyped-call]
            else:
                button.unselect()  # type: ignore[no-untyped-call]

    def pressed(self) -> object | None:
        return first_pressed(self.buttons)


class Cycle:
    """A value shown between a previous and a next button (the languages: too many,
    and names too long, for a row of buttons); a click on the value moves on too."""

    def __init__(self, values: Sequence[Any], current: Any, buttons: Sequence[pygame_gui.elements.UIButton]):
        self.values = list(values)
        self.current = current if current in self.values else self.values[0]
        self.back, self.shown, self.on = buttons

    def step(self, by: int) -> Any:
        return self.values[(self.values.index(self.current) + by) % len(self.values)]

    def pressed(self) -> Any | None:
        if self.back.check_pressed():
            return self.step(-1)
        if self.shown.check_pressed() or self.on.check_pressed():
            return self.step(1)
        return None


Container = pygame_gui.core.UIContainer


def choice_row(
    gui: pygame_gui.UIManager, setting: Setting[Any], rect: pygame.Rect, content: Container | None,
    px: Callable[[float], int], style: str,
) -> Choice:
    """A button for each of ``setting``'s values, side by side in ``rect``."""
    gap = px(8)
    values = setting.values
    count = len(values)
    width = min(px(150), (rect.width - gap * (count - 1)) // count)
    buttons = []
    for i, value in enumerate(values):
        button = pygame_gui.elements.UIButton(
            pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height),
            setting.word(value), gui, container=content, object_id=style,
        )
        buttons.append((value, button))
    return Choice(buttons)


def cycle(
    gui: pygame_gui.UIManager, setting: Setting[Any], current: Any, rect: pygame.Rect, content: Container | None,
    px: Callable[[float], int], style: str,
) -> Cycle:
    """``‹ value ›`` in ``rect`` for ``setting``, at ``current``."""
    gap, arrow = px(8), px(44)
    name = pygame.Rect(rect.x + arrow + gap, rect.y, rect.width - 2 * (arrow + gap), rect.height)
    made = [
        pygame_gui.elements.UIButton(pygame.Rect(rect.x, rect.y, arrow, rect.height), "‹", gui, container=content, object_id=style),
        pygame_gui.elements.UIButton(name, setting.word(current), gui, container=content, object_id=style),
        pygame_gui.elements.UIButton(pygame.Rect(name.right + gap, rect.y, arrow, rect.height), "›", gui, container=content, object_id=style),
    ]
    made[1].select()  # type: ignore[no-untyped-call]
    return Cycle(setting.values, current, made)


@dataclass
class RowPlace:
    """One row's places in content coordinates: the whole row (the focus ring's),
    its label, its control, its help line (None: not shown)."""

    row: pygame.Rect
    label: pygame.Rect
    control: pygame.Rect
    note: pygame.Rect | None


@dataclass
class Measures:
    """What the layout needs to know of the screen: its spacing (``px``), how wide
    words are in the labels' and notes' lettering, and each control's least width."""

    px: Callable[[float], int]
    label_w: Callable[[str], int]
    note_w: Callable[[str], int]
    control_need: Callable[[Setting[Any]], int]


def shared_places(
    body: pygame.Rect, usable: int, rows: Sequence[Setting[Any]], m: Measures, words: Callable[[str], str]
) -> list[RowPlace] | None:
    """The rows sharing the body's height (``usable`` of it), as on a window with
    room for them all, help lines included; None if they do not fit so."""
    px = m.px
    n = max(1, len(rows))
    gap, label_h = px(12), px(28)
    label_w = min(px(230), body.width // 3)  # room for the longer languages
    control_w = min(body.width - label_w - gap, px(620))
    row_h = max(px(34), min(px(64), usable // n))
    notes = row_h >= px(50)
    if len(rows) * px(34) > usable or any(m.control_need(s) > control_w for s in rows):
        return None
    if any(s.help for s in rows) and not notes:
        return None  # too low for the help lines: rows of their own height, scrolled
    if any(m.label_w(words(s.label)) > label_w or (s.help and m.note_w(words(s.help)) > label_w) for s in rows):
        return None
    top = max(0, (usable - row_h * n) // 2)
    left = (body.width - label_w - gap - control_w) // 2
    button_h = min(row_h - px(4), px(44))  # room for accents and descenders
    out = []
    for i, setting in enumerate(rows):
        y = top + i * row_h
        control = pygame.Rect(left + label_w + gap, y + (row_h - button_h) // 2, control_w, button_h)
        row = pygame.Rect(left, control.y, label_w + gap + control_w, button_h)
        if setting.help:
            label = pygame.Rect(left, y + row_h // 2 - label_h + px(4), label_w, label_h)
            out.append(RowPlace(row, label, control, pygame.Rect(left, y + row_h // 2 + px(4), label_w, px(20))))
        else:
            out.append(RowPlace(row, pygame.Rect(left, y + (row_h - label_h) // 2, label_w, label_h), control, None))
    return out


def flowing_places(width: int, rows: Sequence[Setting[Any]], m: Measures, words: Callable[[str], str]) -> list[RowPlace]:
    """Each row as high as its words need, top down from 0 in a column ``width``
    wide (it scrolls): label and help line at the left and the control beside
    them, or, where the control (or the words) would not fit so, the label and
    help line above the control, which takes the column's width."""
    px = m.px
    gap, label_h, note_h, pitch_gap = px(12), px(28), px(20), px(10)
    button_h = px(40)
    longest = max((max(m.label_w(words(s.label)), m.note_w(words(s.help)) if s.help else 0) for s in rows), default=0)
    label_w = max(min(px(230), width // 3), min(longest, width * 2 // 5))  # the words' own width, if it can spare it
    control_w = min(width - label_w - gap, px(620))
    left = max(0, (width - label_w - gap - control_w) // 2)
    out = []
    y = px(4)
    for setting in rows:
        label_words, note_words = words(setting.label), words(setting.help) if setting.help else ""
        beside = (
            m.control_need(setting) <= control_w
            and m.label_w(label_words) <= label_w
            and (not note_words or m.note_w(note_words) <= label_w)
        )
        text_h = label_h + (note_h if note_words else 0)
        if beside:
            height = max(text_h, button_h)
            label = pygame.Rect(left, y + (height - text_h) // 2, label_w, label_h)
            control = pygame.Rect(left + label_w + gap, y + (height - button_h) // 2, control_w, button_h)
            row = pygame.Rect(left, y, label_w + gap + control_w, height)
        else:
            full = width - 2 * left
            label = pygame.Rect(left, y, full, label_h)
            control = pygame.Rect(left, y + text_h + px(2), min(full, px(620)), button_h)
            row = pygame.Rect(left, y, full, control.bottom - y)
        note = pygame.Rect(label.x, label.bottom, label.width, note_h) if note_words else None
        out.append(RowPlace(row, label, control, note))
        y = row.bottom + pitch_gap
    return out


def column_height(places: Sequence[RowPlace], px: Callable[[float], int]) -> int:
    return max((p.row.bottom for p in places), default=0) + px(4)
