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

The form shows of itself its setup's values as its own (``form.rule_id``,
``form.players``, ``form.seats``...: what the flow, the keys and tests read) and
the places of its lines as the window size fixes them (``form.row_rects``,
``form.selectors``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame
import pygame_gui

from game.i18n import _, pgettext
from game.engine import RULE_SETS, Match, Rules
from game.ui.drawing.menu import MenuScene, style
from game.ui.scenes.new_game.form_draw import STATUS_SIZE, DrawnText, FormArt, SetupWords, draw_form, form_art, laid_on, setup_words, shown_words, status_fits
from game.ui.scenes.new_game.form_geometry import FormLayout, Selector, form_layout
from game.ui.scenes.new_game.keys import form_at, form_key, form_mouse, move_focus, pad_press, set_focus
from game.ui.scenes.new_game.setup import CHOICE_ROWS, MAX_SEATS, NAME_LIMIT, Setup
from game.ui.scenes.new_game.form_words import TITLE, kind_words, status_line, value_text
from game.ui.drawing.scroll import ScrollColumn
from game.rating.player_rating import load_ratings
from game.words.my_level import choice_lines
from game.words.odds_words import seat_expectations
from game.ai import levels
from game.ui.drawing.access import text_factor
from game.ui.drawing.text import least_size

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.shell.seat_inputs import SeatInputs


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
        self.words: SetupWords | None = None  # what follows the setup: labels, greyed values, notes, status
        self.column = ScrollColumn(lambda v: round(v * (self.layout.scale if self.layout is not None else 1.0)))
        self.row_order: list[str] = []  # the lines the keyboard focus walks, top to bottom
        self.focus_key: str | None = None  # the focused line (None until the keyboard or a click asks)
        self.pads_seen = -1  # the controllers' version last shown
        self.hover_rule: str | None = None
        self.pressed_rule: str | None = None
        self.told_seat: int | None = None  # the seat last given a computer level: the bar says what to expect of it

    def make_setup(self) -> Setup:
        return Setup()

    def status_words(self, rules: Rules | None) -> str:
        """What will be played, for the bottom bar."""
        return status_line(self.state, rules)

    @property
    def my_level_line(self) -> str:
        """While a seat in play is "At my level": which level it chose and why, in one
        line (the bottom bar shows it in place of what will be played: the longest
        form it holds on one line, "At my level: Hard (you 1590, Hard 1606)" or
        "Hard: you 1590, it 1606" on a narrow bar; else the longest it holds on two); else ""."""
        if not self.state.has_my_level():
            return ""
        return self.fitting(choice_lines(self.state.my_level()))

    @property
    def odds_line(self) -> str:
        """Once a seat is given a computer level (its arrows, a click, a key, a
        controller), what to expect of that level, from the ladder of the rule set
        chosen: "Hard: Wins about 2 rounds in 3 against Medium", and after it the
        level's line on how it plays where the bar holds both at its own text size
        (not shrunk for it); "" otherwise (no such seat, another change since, a
        level the ladder has not rated there)."""
        seat = self.told_seat
        if seat is None or seat >= self.state.players:
            return ""
        kind = self.state.seats[seat]["kind"]
        if kind in ("human", levels.AT_MY_LEVEL):
            return ""
        said = seat_expectations(self.state.rule_id, kind)
        if not said:
            return ""
        if self.layout is not None:
            least = least_size(text_factor(self.layout.size))
            own = max(least, round(STATUS_SIZE * self.layout.scale))
            if not status_fits(self.text, said[0], self.layout.status, own):
                said = said[1:]  # the level's line on how it plays only where the bar holds it at its own size
        return self.fitting(said)

    def fitting(self, said: Sequence[str]) -> str:
        """Of ``said`` (longest first), the first the bottom bar holds on one line, else on two."""
        if self.layout is None:
            return said[0]
        least = least_size(text_factor(self.layout.size))
        for lines in (1, 2):
            found = next((words for words in said if status_fits(self.text, words, self.layout.status, least, lines)), None)
            if found is not None:
                return found
        return said[-1]

    def adjust_layout(self, layout: FormLayout) -> None:
        """A last word on the places before the widgets are made (a subclass may
        take room from the status line for a control of its own)."""

    def attach(self, app: object) -> None:
        self.app = app  # type: ignore[assignment]
        self.load_setup()
        self.state.ratings = load_ratings()[0]  # for "At my level" (none kept, or unreadable: no rating yet)
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
        self.told_seat = None
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
        self.told_seat = None
        if key == "players":
            self.state.step_players(delta)
        elif key.startswith("kind"):
            index = int(key[4:])
            if index >= self.state.players:
                return
            self.state.step_kind(index, delta)
            self.told_seat = index
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
        self.told_seat = None
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
        """The names typed so far; the problem line follows at once (and At my level's,
        which reads the person's rating by their name)."""
        before = (self.problem, self.my_level_line)
        for i, entry in self.entries.items():
            if i < len(self.state.seats) and entry.visible:
                self.state.seats[i]["name"] = self.state.typed_name(i, entry.get_text()[:NAME_LIMIT])
        self.check()
        if (self.problem, self.my_level_line) != before:
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
        self.column.set_view(layout.view, layout.content_h)  # (the form's places are the content's: its view is at 0, 0)
        content = self.column.make_containers(self.gui) if layout.content_h else None
        self.column.content = content
        for key in CHOICE_ROWS:
            self.arrows(key, layout.selectors[key], content)
        self.entries = {}
        for i in range(MAX_SEATS):
            self.arrows(f"kind{i}", layout.selectors[f"kind{i}"], content)
            entry = pygame_gui.elements.UITextEntryLine(
                layout.name_rects[i], self.gui, container=content, object_id=layout.entry_style,
                initial_text=self.state.shown_seat_name(i) if i < len(self.state.seats) else "",
            )
            entry.set_text_length_limit(NAME_LIMIT)
            self.entries[i] = entry
        self.buttons["back"] = pygame_gui.elements.UIButton(layout.back, _("Back"), self.gui, object_id=style("title_button", self.size))
        self.buttons["start"] = pygame_gui.elements.UIButton(layout.start, pgettext("new game", "Start"), self.gui, object_id=style("title_primary", self.size))
        self.layout = layout
        self.art = form_art(self.text, layout)
        if not layout.content_h and self.backdrop is not None:  # a form that does not scroll: on the felt, once
            self.backdrop = laid_on(self.backdrop, self.art)
        self.check()
        self.refresh()

    def arrows(self, key: str, place: Selector, content: pygame_gui.core.UIContainer | None = None) -> None:
        """``‹ value ›``: the arrows step through the values, a click on the value steps on."""
        assert self.gui is not None
        for part, rect, words, look in (("-1", place.minus, "<", place.arrow_style), ("0", place.value, " ", place.value_style), ("1", place.plus, ">", place.arrow_style)):
            self.buttons[f"{key}:{part}"] = pygame_gui.elements.UIButton(rect, words, self.gui, container=content, object_id=look)

    def scroll_columns(self) -> list[ScrollColumn]:
        return [self.column] if self.column.content is not None else []

    @property
    def drawn_text(self) -> list[DrawnText]:
        """What the form draws itself, where it shows (game.ui.drawing.layout_check)."""
        return shown_words(self.words, self.column if self.column.content is not None else None)

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
                if state.typed_name(i, entry.get_text()) != state.kept(i):  # (a default follows the people in play)
                    entry.set_text(state.shown_seat_name(i))
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
        status = self.problem or self.odds_line or self.my_level_line or self.status_words(self.rules)
        self.words = setup_words(self.text, self.layout, self.art, state, rules, status, self.problem is not None)
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
        typing = event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END) and any(e.is_focused for e in self.entries.values())
        if self.column.content is not None and not typing and self.column.handle_event(event):
            return True  # the wheel, Page Up/Down (a controller's shoulders), Home/End, the bar
        if event.type == pygame.MOUSEMOTION:
            self.hover_rule = self.rule_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover_rule = None
        return form_mouse(self, event, super().handle_event(event))

    def handle_pad(self, press: PadPress) -> None:
        pad_press(self, press)

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        """The rule set whose row is under ``pos`` (on screen)."""
        at = form_at(self, pos)
        return next((rule_id for rule_id, row in self.list_rows.items() if row.collidepoint(at)), None) if at else None

    def keyboard(self, event: pygame.event.Event) -> bool:
        """The form's keys (before a focused name field sees them); True if used."""
        return form_key(self, event)

    def move_focus(self, delta: int) -> None:
        move_focus(self, delta)

    def set_focus(self, key: str | None) -> None:
        """Focus a line (scrolled into view); a name line takes the typing, any other leaves it."""
        set_focus(self, key)
        place = self.layout.lines.get(key) if key is not None and self.layout is not None else None
        if place is not None and self.column.content is not None:
            self.column.reveal(place)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_pads()
        seats = self.state.seats
        if any(i < len(seats) and e.visible and self.state.kept(i) != self.state.typed_name(i, e.get_text()[:NAME_LIMIT]) for i, e in self.entries.items()):
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
        offset = self.column.offset if self.column.content is not None else 0
        draw_form(surface, self.layout, self.art, self.words, self.state, self.hover_rule, pad_mode, self.focus_key, offset)

    def let_go_pictures(self) -> None:
        """Covered: the form's pictures go too (two of the whole window)."""
        super().let_go_pictures()
        self.art = None
        self.words = None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.column.content is not None:
            self.column.draw(surface)  # its bar, and fades where more of the form lies

    # The setup, as the form's own --------------------------------------------------
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
