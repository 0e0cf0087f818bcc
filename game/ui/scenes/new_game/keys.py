"""The New game form's keys and a controller's buttons, as changes of its setup and
of the line in focus (``NewGameScene`` hands them here; ``self`` is the form, a
``Form``: what these read and change of it, so that this module does not name
the scene that imports it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine import RULE_SETS

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.shell.gamepad import PadPress
    from game.ui.scenes.new_game.form_geometry import FormLayout
    from game.ui.scenes.new_game.setup import Setup
    from game.ui.drawing.scroll import ScrollColumn


class Form(Protocol):
    """The New game form (``NewGameScene``), as its keys and clicks change it."""

    state: Setup
    focus_key: str | None  # the focused line (None until the keyboard or a click asks)
    hover_rule: str | None
    pressed_rule: str | None
    row_order: list[str]  # the lines the keyboard focus walks, top to bottom

    @property
    def gui(self) -> pygame_gui.UIManager | None: ...

    @property
    def layout(self) -> FormLayout | None: ...

    @property
    def entries(self) -> dict[int, pygame_gui.elements.UITextEntryLine]: ...

    @property
    def column(self) -> ScrollColumn: ...

    @property
    def row_rects(self) -> dict[str, pygame.Rect]: ...

    @property
    def input_rects(self) -> list[pygame.Rect]: ...

    def pick(self, rule_id: str) -> None: ...

    def step(self, key: str, delta: int) -> None: ...

    def take_seat(self, index: int, pad: int) -> None: ...

    def cycle_input(self, index: int, delta: int) -> None: ...

    def read_names(self) -> None: ...

    def rule_at(self, pos: tuple[int, int]) -> str | None: ...

    def move_focus(self, delta: int) -> None: ...

    def set_focus(self, key: str | None) -> None: ...

    def on_button(self, name: str) -> None: ...

    def on_escape(self) -> None: ...


def pad_press(self: Form, press: PadPress) -> None:
    """The form by controller: the D-pad walks and changes the lines (past the
    names), A picks or steps or takes a seat, Start starts, B goes back."""
    button = press.button
    if button == "b":
        if not press.repeat:
            self.on_escape()
        return
    if button == "start":
        if not press.repeat:
            self.on_button("start")
        return
    if self.focus_key is None and button in ("up", "down", "left", "right", "a"):
        self.set_focus(f"rule:{self.state.rule_id}")  # the first press shows where the focus is
        return
    key = self.focus_key
    if button in ("up", "down"):
        self.move_focus(-1 if button == "up" else 1)
        while self.focus_key is not None and self.focus_key.startswith("name") and self.focus_key != key:
            self.move_focus(-1 if button == "up" else 1)  # a controller cannot type a name
    elif button in ("left", "right") and key is not None and not key.startswith("name"):
        form_key(self, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT if button == "left" else pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    elif button == "a" and key is not None and not press.repeat:
        if key.startswith("rule:"):
            self.pick(key[5:])
        elif key.startswith(("kind", "name", "input")):
            self.take_seat(int("".join(ch for ch in key if ch.isdigit())), press.pad)
        else:
            self.step(key, 1)


def form_key(self: Form, event: pygame.event.Event) -> bool:
    """The form's keys (before a focused name field sees them); True if used."""
    key = event.key
    on_list = self.focus_key is not None and self.focus_key.startswith("rule:")
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and on_list:
        assert self.focus_key is not None
        rule_id = self.focus_key[5:]
        if rule_id != self.state.rule_id:
            self.pick(rule_id)
            return True
        if key == pygame.K_SPACE:
            return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        self.on_button("start")
        return True
    if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
        back = key == pygame.K_UP or (key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
        self.move_focus(-1 if back else 1)
        return True
    if key in (pygame.K_LEFT, pygame.K_RIGHT):
        delta = -1 if key == pygame.K_LEFT else 1
        if self.focus_key is None:
            self.set_focus(f"rule:{self.state.rule_id}")
            return True
        if self.focus_key.startswith("name"):
            return False  # the caret moves in the name
        if on_list:  # the rule set under the ring; once it is chosen, the one above or below
            ids = list(RULE_SETS)
            focused = self.focus_key[5:]
            self.pick(focused if focused != self.state.rule_id else ids[(ids.index(focused) + delta) % len(ids)])
            self.set_focus(f"rule:{self.state.rule_id}")
        else:
            self.step(self.focus_key, delta)
        return True
    return False


def move_focus(self: Form, delta: int) -> None:
    order = self.row_order
    if not order:
        return
    typing = next((i for i, e in self.entries.items() if e.is_focused), None)
    if typing is not None:
        self.focus_key = f"name{typing}"
    if self.focus_key not in order:
        self.set_focus(order[0] if delta > 0 else order[-1])
    else:
        self.set_focus(order[(order.index(self.focus_key) + delta) % len(order)])


def set_focus(self: Form, key: str | None) -> None:
    """Focus a line; a name line takes the typing, any other leaves it."""
    self.focus_key = key
    if self.gui is None:
        return
    entry = self.entries.get(int(key[4:])) if key is not None and key.startswith("name") else None
    if entry is not None and entry.visible:
        if not entry.is_focused:
            self.gui.set_focus_set(entry)
            entry.edit_position = len(entry.get_text())
    elif any(e.is_focused for e in self.entries.values()):
        self.read_names()
        self.gui.set_focus_set(None)


def form_at(self: Form, pos: tuple[int, int]) -> tuple[int, int] | None:
    """``pos`` on screen as a place of the form (scrolled), None outside its view."""
    layout = self.layout
    if layout is None or not layout.content_h:
        return pos
    return (pos[0], pos[1] + self.column.offset) if layout.view.collidepoint(pos) else None


def form_mouse(self: Form, event: pygame.event.Event, used: bool) -> bool:
    """A press on a rule set's row picks it (on its release), one on a line while the
    focus shows (or in a name) moves the focus there, one on a person's input cycles it."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        self.pressed_rule = self.rule_at(event.pos)
        self.hover_rule = self.pressed_rule
        at = form_at(self, event.pos)
        for key in self.row_order:
            rect = self.row_rects.get(key)
            if at is not None and rect is not None and rect.collidepoint(at) and (self.focus_key is not None or key.startswith("name")):
                self.focus_key = key
                break
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        rule_id = self.rule_at(event.pos)
        if rule_id is not None and rule_id == self.pressed_rule:
            self.pick(rule_id)
            used = True
        self.pressed_rule = None
        at = form_at(self, event.pos)
        seat = next((i for i, rect in enumerate(self.input_rects) if at is not None and rect.collidepoint(at)), None)
        if seat is not None and f"input{seat}" in self.row_order:
            self.cycle_input(seat, 1)
            used = True
    return used
