"""``NewGameScene``: the form's widgets, and the mouse, the keyboard and game
controllers turned into changes of its ``Setup``.

The keyboard works the whole form: Up/Down (Tab, Shift+Tab) move a gold focus
from line to line (each rule set, players, each choice, each seat's kind, name
and input). Enter or Space on a rule set picks it; Left/Right change the focused
line (on the list: pick the rule set under the focus, then the one above or
below); typing goes into a focused name; Enter starts and Esc goes back.

So does a game controller: the D-pad or the left stick moves the focus (past
the names, which it cannot type) and changes a line, A picks a rule set or steps
a choice, Start starts and B goes back. A on a seat gives that seat to the
controller that pressed it (a computer's seat becomes a person's), and A there
again gives it back to the keyboard and mouse. The end of each person's row
shows what plays the seat; a click on it (or Left/Right on it) cycles through
the keyboard and mouse and the controllers plugged in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.i18n import _, pgettext
from game.engine import RULE_SETS, Match, Rules
from game.ui.menu import MenuScene, style
from game.ui.scenes.new_game.draw import DrawnText, FormArt, draw_form, form_art, setup_words
from game.ui.scenes.new_game.geometry import FormLayout, Selector, form_layout
from game.ui.scenes.new_game.setup import CHOICE_ROWS, MAX_SEATS, NAME_LIMIT, Setup
from game.ui.scenes.new_game.words import TITLE, kind_words, status_line, value_text
from game.ui.seat_inputs import SeatInputs
from game.ui.words import shown_name

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress


def stored_name(typed: str) -> str:
    """A name as typed in the form, as the match keeps it: "You" in the player's
    language (shown there for the default name) is the second person, "You"."""
    return "You" if typed.strip() and typed.strip() == shown_name("You") else typed


class NewGameScene(MenuScene):
    """The setup form (``HostScene`` of *Play with friends* is this form too, with
    other seats, words and a last step)."""

    heading = TITLE  # the title (untranslated)

    @property
    def kind_words(self) -> dict[str, str]:
        """Who may play a seat, in words (untranslated)."""
        return kind_words()

    def __init__(self) -> None:
        super().__init__()
        self.state = self.make_setup()
        self.problem: str | None = None
        self.rules: Rules | None = None
        self.layout: FormLayout | None = None  # places fixed by the window size (build_widgets)
        self.art: FormArt | None = None  # what stays put: title, panels, heads, the list's words
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        self.words: pygame.Surface | None = None  # what follows the setup: labels, greyed values, notes, status
        self.row_order: list[str] = []  # the lines the keyboard focus walks, top to bottom
        self.focus_key: str | None = None  # the focused line (None until the keyboard or a click asks)
        self.drawn_text: list[DrawnText] = []  # for game.ui.layout_check
        self.pads_seen = -1  # the controllers' version last shown
        self.hover_rule: str | None = None
        self.pressed_rule: str | None = None

    def make_setup(self) -> Setup:
        return Setup()

    def status_words(self, rules: Rules | None) -> str:
        """What will be played, for the bottom bar."""
        return status_line(self.state, rules)

    def adjust_layout(self, layout: FormLayout) -> None:
        """A last word on the places before the widgets are made (a subclass may
        take room from the status line for a control of its own)."""

    # The setup, as the form's own (what tests and the flow read) ------------------------
    @property
    def rule_id(self) -> str:
        return self.state.rule_id

    @property
    def players(self) -> int:
        return self.state.players

    @players.setter
    def players(self, players: int) -> None:
        self.state.players = players

    @property
    def options(self) -> dict[str, Any]:
        return self.state.options

    @property
    def seats(self) -> list[dict[str, str]]:
        return self.state.seats

    @property
    def inputs(self) -> SeatInputs:
        return self.state.inputs

    def setup(self) -> dict[str, Any]:
        return self.state.saved()

    def value(self, key: str) -> Any:
        return self.state.value(key)

    def fit_seats(self) -> None:
        self.state.fit_seats()

    # Places, as the window size fixes them --------------------------------------------
    @property
    def list_rows(self) -> dict[str, pygame.Rect]:
        return self.layout.list_rows if self.layout is not None else {}

    @property
    def row_rects(self) -> dict[str, pygame.Rect]:
        """Every line's place, walked or greyed."""
        return self.layout.lines if self.layout is not None else {}

    @property
    def selectors(self) -> dict[str, pygame.Rect]:
        return {key: sel.rect for key, sel in self.layout.selectors.items() if key in CHOICE_ROWS} if self.layout is not None else {}

    @property
    def seat_rows(self) -> list[pygame.Rect]:
        return self.layout.seat_rows if self.layout is not None else []

    @property
    def input_rects(self) -> list[pygame.Rect]:
        return self.layout.input_rects if self.layout is not None else []

    def attach(self, app: object) -> None:
        self.app = app  # type: ignore[assignment]
        self.load_setup()
        super().attach(app)  # type: ignore[arg-type]

    def load_setup(self) -> None:
        """Start from the last setup (anything that no longer fits falls back to defaults)."""
        settings = self.app.services.get("settings") if self.app is not None else None
        self.state.load(getattr(settings, "last_setup", None), self.pad_connected)

    def pad_connected(self, pad: int) -> bool:
        return self.app is not None and self.app.pads.connected(pad)

    def check(self) -> None:
        """What the engine says of this setup; the names must be there and differ."""
        self.rules, self.problem = self.state.check()

    # Changes (from the buttons, the list, the keys and controllers) -------------------
    def pick(self, rule_id: str) -> None:
        """Choose a rule set: its own values for every choice, the players kept if it allows."""
        if rule_id == self.state.rule_id or rule_id not in RULE_SETS:
            return
        self.read_names()
        self.state.pick(rule_id)
        self.changed()

    def step(self, key: str, delta: int) -> None:
        """Move line ``key`` ``delta`` values on (round the end)."""
        if key == "rules":
            ids = list(RULE_SETS)
            self.pick(ids[(ids.index(self.state.rule_id) + delta) % len(ids)])
            return
        if not self.state.changeable().get(key, key.startswith(("kind", "input"))):
            return
        self.read_names()
        if key == "players":
            self.state.step_players(delta)
        elif key.startswith("kind"):
            index = int(key[4:])
            if index >= self.state.players:
                return
            self.state.step_kind(index, delta)
        elif key.startswith("input"):
            self.cycle_input(int(key[5:]), delta)
            return
        else:
            self.state.step_option(key, delta)
        self.changed()

    def take_seat(self, index: int, pad: int) -> None:
        """A on seat ``index`` from controller ``pad``: the seat is that controller's
        (a computer's seat becomes a person's); A there again gives it back to the keyboard."""
        if index >= self.state.players:
            return
        self.read_names()
        self.state.take_seat(index, pad)
        self.changed()

    def cycle_input(self, index: int, delta: int) -> None:
        """The next input for person seat ``index``: the keyboard and mouse, then each
        controller plugged in that plays no other seat."""
        if index >= self.state.players or not self.state.named(index) or self.app is None:
            return
        self.read_names()
        self.state.cycle_input(index, delta, self.app.pads.connected_numbers())
        self.changed()

    def follow_pads(self) -> None:
        """A controller came or went: a seat whose controller is gone goes back to the keyboard."""
        if self.app is None or self.app.pads.version == self.pads_seen:
            return
        self.pads_seen = self.app.pads.version
        self.state.drop_pads(self.app.pads.connected)
        self.refresh()

    def changed(self) -> None:
        """After any change: the options that still fit, the check, the widgets' words."""
        self.state.fit_options()
        self.check()
        self.refresh()

    def read_names(self) -> None:
        """The names typed so far; the problem line follows at once."""
        for i, entry in self.entries.items():
            if i < len(self.state.seats) and entry.visible:
                self.state.seats[i]["name"] = stored_name(entry.get_text()[:NAME_LIMIT])
        before = self.problem
        self.check()
        if self.problem != before:
            self.refresh()

    # Widgets: every control the form can ever show, each in its fixed place -----------
    def build_gui(self) -> None:
        super().build_gui()
        self.focus.reset([], self.buttons)  # the form's own focus (focus_key) works the keys
        if self.focus_key is None and self.app is not None and self.app.last_input == "pad":
            self.focus_key = f"rule:{self.state.rule_id}"  # opened by a controller: show where its focus is

    def build_widgets(self) -> None:
        """The widgets in their places; ``refresh`` fills them in."""
        assert self.gui is not None
        layout = form_layout(self.size, self.text, self.heading, self.kind_words.values())
        self.adjust_layout(layout)
        for key in CHOICE_ROWS:
            self.arrows(key, layout.selectors[key])
        self.entries = {}
        for i in range(MAX_SEATS):
            self.arrows(f"kind{i}", layout.selectors[f"kind{i}"])
            entry = pygame_gui.elements.UITextEntryLine(
                layout.name_rects[i], self.gui, object_id=layout.entry_style, initial_text=shown_name(self.state.seats[i]["name"]) if i < len(self.state.seats) else ""
            )
            entry.set_text_length_limit(NAME_LIMIT)
            self.entries[i] = entry
        self.buttons["back"] = pygame_gui.elements.UIButton(layout.back, _("Back"), self.gui, object_id=style("title_button", self.size))
        self.buttons["start"] = pygame_gui.elements.UIButton(layout.start, pgettext("new game", "Start"), self.gui, object_id=style("title_primary", self.size))
        self.layout = layout
        self.art = form_art(self.text, layout)
        self.check()
        self.refresh()

    def arrows(self, key: str, place: Selector) -> None:
        """``‹ value ›``: the arrows step through the values, a click on the value steps on."""
        assert self.gui is not None
        self.buttons[f"{key}:-1"] = pygame_gui.elements.UIButton(place.minus, "<", self.gui, object_id=place.arrow_style)
        self.buttons[f"{key}:0"] = pygame_gui.elements.UIButton(place.value, " ", self.gui, object_id=place.value_style)
        self.buttons[f"{key}:1"] = pygame_gui.elements.UIButton(place.plus, ">", self.gui, object_id=place.arrow_style)

    def refresh(self) -> None:
        """Show the setup: values, greyed rows, seats in use, the status line; nothing moves."""
        if self.gui is None or self.layout is None or self.art is None:
            return
        state = self.state
        rules = self.rules or RULE_SETS[state.rule_id].preset(state.players)
        open_rows = state.changeable()
        for key in CHOICE_ROWS:
            self.show_selector(key, value_text(key, state.value(key), rules) if open_rows[key] else None)
        for i, entry in self.entries.items():
            used = i < state.players
            kind = self.kind_words[state.seats[i]["kind"]] if used else ""
            self.show_selector(f"kind{i}", _(kind) if used else None)
            if used and state.named(i):
                if stored_name(entry.get_text()) != state.seats[i]["name"]:
                    entry.set_text(shown_name(state.seats[i]["name"]))
                entry.show()  # type: ignore[no-untyped-call]
            else:
                if entry.is_focused:
                    self.gui.set_focus_set(None)
                entry.hide()  # type: ignore[no-untyped-call]
        start = self.buttons.get("start")
        if start is not None:
            if self.problem is None and not start.is_enabled:
                start.enable()  # type: ignore[no-untyped-call]
            elif self.problem is not None and start.is_enabled:
                start.disable()  # type: ignore[no-untyped-call]
        status = self.problem or self.status_words(self.rules)
        self.words, self.drawn_text = setup_words(self.text, self.layout, self.art, state, rules, status, self.problem is not None)
        self.row_order = state.lines()
        if self.app is not None:
            self.pads_seen = self.app.pads.version
        if self.focus_key is not None and self.focus_key not in self.row_order:
            self.focus_key = None

    def show_selector(self, key: str, text: str | None) -> None:
        """The three buttons of line ``key`` showing ``text``, or hidden (``None``)."""
        for part in ("-1", "0", "1"):
            button = self.buttons[f"{key}:{part}"]
            if text is None:
                if button.visible:
                    button.hide()  # type: ignore[no-untyped-call]
                continue
            if part == "0" and button.text != text:
                button.set_text(text)
            if not button.visible:
                button.show()  # type: ignore[no-untyped-call]

    # Events ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.keyboard(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_rule = self.rule_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover_rule = None
        used = super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_rule = self.rule_at(event.pos)
            self.hover_rule = self.pressed_rule
            self.follow_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            rule_id = self.rule_at(event.pos)
            if rule_id is not None and rule_id == self.pressed_rule:
                self.pick(rule_id)
                used = True
            self.pressed_rule = None
            seat = next((i for i, rect in enumerate(self.input_rects) if rect.collidepoint(event.pos)), None)
            if seat is not None and f"input{seat}" in self.row_order:
                self.cycle_input(seat, 1)
                used = True
        return used

    def handle_pad(self, press: PadPress) -> None:
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
            self.keyboard(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT if button == "left" else pygame.K_RIGHT, mod=0, unicode="", scancode=0))
        elif button == "a" and key is not None and not press.repeat:
            if key.startswith("rule:"):
                self.pick(key[5:])
            elif key.startswith(("kind", "name", "input")):
                self.take_seat(int("".join(ch for ch in key if ch.isdigit())), press.pad)
            else:
                self.step(key, 1)

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        return next((rule_id for rule_id, row in self.list_rows.items() if row.collidepoint(pos)), None)

    def keyboard(self, event: pygame.event.Event) -> bool:
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

    def move_focus(self, delta: int) -> None:
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

    def set_focus(self, key: str | None) -> None:
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

    def follow_click(self, pos: tuple[int, int]) -> None:
        """A click in a name, or on a line while the focus shows, moves the focus there."""
        for key in self.row_order:
            rect = self.row_rects.get(key)
            if rect is not None and rect.collidepoint(pos) and (self.focus_key is not None or key.startswith("name")):
                self.focus_key = key
                return

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_pads()
        seats = self.state.seats
        if any(i < len(seats) and e.visible and seats[i]["name"] != stored_name(e.get_text()[:NAME_LIMIT]) for i, e in self.entries.items()):
            self.read_names()

    def on_button(self, name: str) -> None:
        if name == "back":
            self.on_escape()
        elif name == "start":
            self.start()
        elif ":" in name:
            key, delta = name.rsplit(":", 1)
            self.step(key, int(delta) or 1)

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.pop()

    def start(self) -> None:
        self.read_names()
        self.check()
        if self.problem is not None or self.rules is None or self.app is None:
            return
        match = Match(self.rules, self.state.players_info(), None)
        self.app.routes.remember_setup(self.state.saved())
        self.app.pads.hand_over(match, self.state.seat_pads())
        self.app.routes.start_match(match)

    # Drawing -----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.layout is None or self.art is None:
            return
        pad_mode = self.app is not None and self.app.last_input == "pad"
        draw_form(surface, self.layout, self.art, self.words, self.state, self.hover_rule, pad_mode, self.focus_key)
