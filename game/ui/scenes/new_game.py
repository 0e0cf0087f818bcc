"""New game: the rule set, its choices for a custom game, the seats, the target.

Only what the engine offers can be picked (``RuleSetInfo.choices_for``); the
whole setup is checked by ``Rules.from_base``, and while it cannot be played the
reason shows and Start stays disabled. Start remembers the setup in the settings
(``last_setup``) and replaces the menus with the table.

The keyboard works the whole form: Up/Down (Tab, Shift+Tab) move a gold focus
from line to line (rule set, players, each choice, each seat's kind and name),
Left/Right change the focused line, typing goes into a focused name, Enter
starts and Esc goes back.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.engine import RULE_SETS, Match, PlayerInfo, RuleError, Rules
from game.ui.seats import default_name
from game.ui.menu import MenuScene, panel, scale_for, shadowed, style, wrap
from game.ui.text import DIM, GOLD, IVORY, RED

KINDS = ("human", "easy", "medium", "hard")
KIND_WORDS = {"human": "Person", "easy": "Easy", "medium": "Medium", "hard": "Hard"}
NAME_LIMIT = 24
OPTION_ORDER = ("hand_size", "drawing", "matadors", "layout", "lead", "target_score")
OPTION_LABELS = {
    "hand_size": "Hand",
    "drawing": "Drawing",
    "matadors": "Matadors",
    "layout": "Layout",
    "lead": "First lead",
    "target_score": "Match",
}
VALUE_WORDS: dict[str, dict[Any, str]] = {
    "drawing": {"until-playable": "Until you can play", "one-then-pass": "One, then pass"},
    "matadors": {True: "Wild", False: "None"},
    "layout": {"line": "A line", "first-double-spinner": "Spinner cross"},
    "lead": {
        "highest-double-redeal": "Highest double",
        "six-six-redeal": "Six-six",
        "highest-double-else-highest-tile": "Highest tile",
    },
}
TARGETS = (50, 100, 150, 200)  # for a rule set that offers no target of its own
KEY_HINT = "Up/Down: choose a line   ·   Left/Right: change it   ·   Enter: start   ·   Esc: back"
DEFAULT_SETUP: dict[str, Any] = {
    "rules": "matador",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human", "name": "You"}, {"kind": "medium", "name": ""}],
}


def value_text(key: str, value: Any, rules: Rules | None = None) -> str:
    if key == "hand_size":
        return f"{value} tiles"
    if key == "target_score":
        if value is None:
            return "One round"
        if rules is not None and rules.match_end == "first-to-target-loses":
            return f"{value} loses"
        return f"To {value}"
    return VALUE_WORDS.get(key, {}).get(value, str(value))


class NewGameScene(MenuScene):
    """The setup form."""

    def __init__(self) -> None:
        super().__init__()
        self.rule_id = "matador"
        self.players = 2
        self.options: dict[str, Any] = {}
        self.seats: list[dict[str, str]] = []
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        self.picture: pygame.Surface | None = None
        self.problem: str | None = None
        self.rules: Rules | None = None
        self.row_order: list[str] = []  # the lines the keyboard focus walks, top to bottom
        self.row_rects: dict[str, pygame.Rect] = {}
        self.focus_key: str | None = None  # the focused line (None until the keyboard or a click asks)
        self.hint: pygame.Surface | None = None
        self.hint_pos = (0, 0)

    def attach(self, app: object) -> None:
        self.app = app  # type: ignore[assignment]
        self.load_setup()
        super().attach(app)  # type: ignore[arg-type]

    # The setup ---------------------------------------------------------------------
    def load_setup(self) -> None:
        """Start from the last setup (anything that no longer fits falls back to defaults)."""
        settings = self.app.services.get("settings") if self.app is not None else None
        setup = getattr(settings, "last_setup", None)
        if not isinstance(setup, dict) or not setup:
            setup = DEFAULT_SETUP
        rule_id = setup.get("rules")
        self.rule_id = rule_id if isinstance(rule_id, str) and rule_id in RULE_SETS else "matador"
        info = RULE_SETS[self.rule_id]
        players = setup.get("players")
        self.players = players if isinstance(players, int) and not isinstance(players, bool) else 2
        self.players = max(info.min_players, min(info.max_players, self.players))
        options = setup.get("options")
        self.options = dict(options) if isinstance(options, dict) else {}
        seats = setup.get("seats")
        self.seats = []
        if isinstance(seats, list):
            for seat in seats[:8]:
                if isinstance(seat, dict) and seat.get("kind") in KINDS:
                    name = seat.get("name")
                    self.seats.append({"kind": str(seat["kind"]), "name": name[:NAME_LIMIT] if isinstance(name, str) else ""})
        self.fit_seats()
        self.fit_options()

    def fit_seats(self) -> None:
        while len(self.seats) < self.players:
            self.seats.append({"kind": "medium", "name": ""})
        if not any(s["kind"] == "human" for s in self.seats[: self.players]) and self.seats:
            pass  # all computers is allowed: the match plays itself

    def choices(self) -> dict[str, list[Any]]:
        """Each option's values for this rule set and player count (the preset's first)."""
        info = RULE_SETS[self.rule_id]
        preset = info.preset(self.players).options()
        found = {k: list(v) for k, v in info.choices_for(self.players).items()}
        if "target_score" not in found:
            found["target_score"] = sorted({preset["target_score"], *TARGETS}, key=lambda v: (v is None, v or 0))
        out: dict[str, list[Any]] = {}
        for key in OPTION_ORDER:
            if key in found:
                values = found[key]
                if preset[key] not in values:
                    values = [preset[key], *values]
                out[key] = values
        return out

    def fit_options(self) -> None:
        """Drop choices the current rule set and player count do not offer."""
        choices = self.choices()
        self.options = {k: v for k, v in self.options.items() if k in choices and v in choices[k]}

    def value(self, key: str) -> Any:
        if key in self.options:
            return self.options[key]
        return RULE_SETS[self.rule_id].preset(self.players).options()[key]

    def seat_name(self, index: int) -> str:
        seat = self.seats[index]
        if seat["kind"] == "human":
            return seat["name"].strip()
        kinds = [s["kind"] for s in self.seats[: self.players]]
        nth = kinds[: index + 1].count(seat["kind"])
        return default_name(seat["kind"], nth, kinds.count(seat["kind"]))

    def players_info(self) -> list[PlayerInfo]:
        out = []
        for i in range(self.players):
            kind = self.seats[i]["kind"]
            name = self.seat_name(i)
            out.append(PlayerInfo(name, "human", None) if kind == "human" else PlayerInfo(name, "computer", kind))
        return out

    def check(self) -> None:
        """What the engine says of this setup; the names must be there and differ."""
        self.rules, self.problem = None, None
        try:
            self.rules = Rules.from_base(self.rule_id, self.players, dict(self.options))
        except RuleError as err:
            self.problem = str(err)[:1].upper() + str(err)[1:]
            return
        seen: set[str] = set()
        for i in range(self.players):
            name = self.seat_name(i)
            if not name:
                self.problem = f"Seat {i + 1} needs a name"
                return
            if name.casefold() in seen:
                self.problem = f"Two seats are called {name}: give each a different name"
                return
            seen.add(name.casefold())

    def setup(self) -> dict[str, Any]:
        return {
            "rules": self.rule_id,
            "players": self.players,
            "options": dict(self.options),
            "seats": [dict(s) for s in self.seats],
        }

    # Changes (from the buttons) ------------------------------------------------------
    def step(self, key: str, delta: int) -> None:
        if key == "rules":
            ids = list(RULE_SETS)
            self.rule_id = ids[(ids.index(self.rule_id) + delta) % len(ids)]
            info = RULE_SETS[self.rule_id]
            self.players = max(info.min_players, min(info.max_players, self.players))
            self.options = {}
        elif key == "players":
            info = RULE_SETS[self.rule_id]
            span = info.max_players - info.min_players + 1
            self.players = info.min_players + (self.players - info.min_players + delta) % span
            self.fit_seats()
        elif key.startswith("kind"):
            index = int(key[4:])
            seat = self.seats[index]
            seat["kind"] = KINDS[(KINDS.index(seat["kind"]) + delta) % len(KINDS)]
            if seat["kind"] == "human" and not seat["name"]:
                humans = sum(1 for s in self.seats[: self.players] if s["kind"] == "human")
                seat["name"] = "You" if humans == 1 else f"Player {index + 1}"
        else:
            values = self.choices()[key]
            current = self.value(key)
            index = values.index(current) if current in values else 0
            self.options[key] = values[(index + delta) % len(values)]
        self.fit_options()
        self.rebuild()

    def rebuild(self) -> None:
        if self.gui is not None:
            self.gui.clear_and_reset()  # type: ignore[no-untyped-call]
            self.build_gui()
            self.gui.update(0.0)
            if self.focus_key is not None and self.focus_key.startswith("name"):
                self.set_focus(self.focus_key)

    # Layout ------------------------------------------------------------------------
    def build_widgets(self) -> None:
        assert self.gui is not None
        self.check()
        w, h = self.size
        s = scale_for(self.size)
        gap = int(22 * s)
        title = shadowed(self.text, "New game", int(64 * s), GOLD, w - 40)
        top = int(14 * s) + title.get_height() + int(8 * s)
        bottom_h = int(96 * s)
        width = min(w - 2 * gap, int(1240 * s))
        left = (w - width) // 2
        col_w = (width - gap) // 2
        pad = int(18 * s)
        head_size = max(18, int(26 * s))
        head_h = self.text.font(head_size, True).get_height() + int(10 * s)
        label_size = max(15, int(20 * s))
        label_w = int(118 * s)
        info = RULE_SETS[self.rule_id]
        choices = self.choices()
        rows: list[tuple[str, str, str]] = [("players", "Players", f"{self.players} players")]
        for key, values in choices.items():
            if len(values) > 1:
                rows.append((key, OPTION_LABELS[key], value_text(key, self.value(key), self.rules)))
        summary = wrap(self.text, info.summary, col_w - 2 * pad, max(14, int(18 * s)), DIM)
        summary_h = sum(line.get_height() for line in summary) + int(8 * s)

        # both panels as tall as the taller one needs, rows shrinking on a small window
        room = h - top - bottom_h
        fixed = 2 * pad + head_h
        row_h = int(50 * s)
        left_rows, right_rows = len(rows) + 1, self.players
        row_left = max(26, min(row_h, (room - fixed - summary_h) // left_rows))
        row_right = max(26, min(row_h, (room - fixed) // right_rows))
        height = min(room, max(fixed + summary_h + left_rows * row_left, fixed + right_rows * row_right) + int(6 * s))
        body = pygame.Rect(left, top + (room - height) // 3, width, height)
        rules_box = pygame.Rect(body.left, body.top, col_w, body.height)
        seats_box = pygame.Rect(body.left + col_w + gap, body.top, width - col_w - gap, body.height)

        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(title, ((w - title.get_width()) // 2, int(14 * s)))
        picture.blit(panel(rules_box.size), rules_box.topleft)
        picture.blit(panel(seats_box.size), seats_box.topleft)
        for box, words in ((rules_box, "Rules"), (seats_box, "Seats")):
            head = self.text.render(words, head_size, GOLD, True)
            picture.blit(head, (box.left + pad, box.top + pad - 4))

        # left: rule set, its line, players, its choices
        x0 = rules_box.left + pad
        inner_w = rules_box.width - 2 * pad
        y = rules_box.top + pad + head_h
        row_h = row_left
        self.row_order, self.row_rects = [], {}
        self.selector("rules", "Rule set", info.title, pygame.Rect(x0, y, inner_w, row_h), label_w, label_size, picture)
        y += row_h
        for line in summary:
            picture.blit(line, (x0, y))
            y += line.get_height()
        y += int(8 * s)
        for key, label, text in rows:
            self.selector(key, label, text, pygame.Rect(x0, y, inner_w, row_h), label_w, label_size, picture)
            y += row_h

        # right: one row per seat
        x0 = seats_box.left + pad
        inner_w = seats_box.width - 2 * pad
        y = seats_box.top + pad + head_h
        row_h = row_right
        self.entries = {}
        number_w = int(30 * s)
        kind_w = min(int(210 * s), inner_w // 2)
        for i in range(self.players):
            row = pygame.Rect(x0, y, inner_w, row_h)
            number = self.text.render(str(i + 1), label_size, GOLD, True)
            picture.blit(number, (row.left + 2, row.top + (row_h - int(8 * s) - number.get_height()) // 2 + 2))
            kind = self.seats[i]["kind"]
            self.arrows(f"kind{i}", KIND_WORDS[kind], pygame.Rect(row.left + number_w, row.top, kind_w, row_h - int(8 * s)))
            name_rect = pygame.Rect(row.left + number_w + kind_w + int(10 * s), row.top, inner_w - number_w - kind_w - int(10 * s), row_h - int(8 * s))
            self.add_row(f"kind{i}", pygame.Rect(row.left, row.top, number_w + kind_w, row_h - int(8 * s)))
            if kind == "human":
                entry = pygame_gui.elements.UITextEntryLine(name_rect, self.gui, object_id=style("form_entry", self.size), initial_text=self.seats[i]["name"])
                entry.set_text_length_limit(NAME_LIMIT)
                self.entries[i] = entry
                self.add_row(f"name{i}", name_rect)
            else:
                note = self.text.fit(f"{self.seat_name(i)}  (computer)", name_rect.width - 8, label_size, DIM)
                picture.blit(note, (name_rect.left + 8, name_rect.centery - note.get_height() // 2 + 1))
            y += row_h

        # bottom: what is wrong (or what will be played), Back, Start
        bh = max(int(50 * s), 42)
        bw = int(200 * s)
        by = h - bottom_h + (bottom_h - bh) // 2 + int(6 * s)
        self.buttons["back"] = pygame_gui.elements.UIButton(pygame.Rect(left, by, bw, bh), "Back", self.gui, object_id=style("title_button", self.size))
        start = pygame_gui.elements.UIButton(pygame.Rect(left + width - bw, by, bw, bh), "Start", self.gui, object_id=style("title_primary", self.size))
        self.buttons["start"] = start
        if self.problem is not None:
            start.disable()  # type: ignore[no-untyped-call]
        status = self.problem or self.status_line()
        colour = RED if self.problem else IVORY
        line = self.text.fit(status, width - 2 * bw - 2 * gap, max(15, int(20 * s)), colour, True)
        picture.blit(line, (w // 2 - line.get_width() // 2, by + (bh - line.get_height()) // 2))
        self.picture = picture
        # how the keyboard works, under the panels when there is room (shown once the focus is)
        hint = self.text.fit(KEY_HINT, width, max(14, int(18 * s)), DIM)
        hint_top = body.bottom + int(10 * s)
        self.hint = hint if hint_top + hint.get_height() <= by - int(4 * s) else None
        self.hint_pos = (w // 2 - hint.get_width() // 2, hint_top)
        if self.focus_key not in self.row_rects:
            self.focus_key = None

    def build_gui(self) -> None:
        super().build_gui()
        self.focus.reset([], self.buttons)  # Enter starts, Esc goes back; Tab moves between names

    def status_line(self) -> str:
        rules = self.rules
        if rules is None:
            return ""
        people = sum(1 for i in range(self.players) if self.seats[i]["kind"] == "human")
        who = "computers only" if people == 0 else f"{people} {'person' if people == 1 else 'people'}"
        tiles = "double-nine" if rules.top == 9 else "double-six"
        return f"{rules.players} seats, {who}  ·  {tiles}, {rules.hand_size} tiles each"

    def add_row(self, key: str, rect: pygame.Rect) -> None:
        self.row_order.append(key)
        self.row_rects[key] = rect

    def selector(self, key: str, label: str, text: str, row: pygame.Rect, label_w: int, size: int, picture: pygame.Surface) -> None:
        self.add_row(key, pygame.Rect(row.left, row.top, row.width, row.height - int(row.height * 0.15)))
        words = self.text.fit(label, label_w - 8, size, IVORY, True)
        picture.blit(words, (row.left, row.top + (row.height - int(row.height * 0.15) - words.get_height()) // 2 + 2))
        self.arrows(key, text, pygame.Rect(row.left + label_w, row.top, row.width - label_w, row.height - int(row.height * 0.15)))

    def arrows(self, key: str, text: str, rect: pygame.Rect) -> None:
        """``‹ value ›``: the arrows step through the values, a click on the value steps on."""
        assert self.gui is not None
        arrow_w = max(24, min(rect.height, rect.width // 6))
        middle = rect.width - 2 * arrow_w - 8
        value_style = style("form_value", self.size) if middle >= 150 else "#form_value_s"
        self.buttons[f"{key}:-1"] = pygame_gui.elements.UIButton(pygame.Rect(rect.left, rect.top, arrow_w, rect.height), "<", self.gui, object_id=style("form_arrow", self.size))
        self.buttons[f"{key}:0"] = pygame_gui.elements.UIButton(
            pygame.Rect(rect.left + arrow_w + 4, rect.top, middle, rect.height), text, self.gui, object_id=value_style
        )
        self.buttons[f"{key}:1"] = pygame_gui.elements.UIButton(pygame.Rect(rect.right - arrow_w, rect.top, arrow_w, rect.height), ">", self.gui, object_id=style("form_arrow", self.size))

    # Events ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.keyboard(event):
            return True
        used = super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.follow_click(event.pos)
        return used

    def keyboard(self, event: pygame.event.Event) -> bool:
        """The form's keys (before a focused name field sees them); True if used."""
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("start")
            return True
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = key == pygame.K_UP or (key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
            self.move_focus(-1 if back else 1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.focus_key is None:
                self.set_focus("rules")
                return True
            if self.focus_key.startswith("name"):
                return False  # the caret moves in the name
            self.step(self.focus_key, -1 if key == pygame.K_LEFT else 1)
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
        if entry is not None:
            if not entry.is_focused:
                self.gui.set_focus_set(entry)
                entry.edit_position = len(entry.get_text())
        elif any(e.is_focused for e in self.entries.values()):
            self.read_names()
            self.gui.set_focus_set(None)

    def follow_click(self, pos: tuple[int, int]) -> None:
        """A click in a name, or on a line while the focus shows, moves the focus there."""
        for key, rect in self.row_rects.items():
            if rect.collidepoint(pos) and (self.focus_key is not None or key.startswith("name")):
                self.focus_key = key
                return

    def update(self, dt: float) -> None:
        super().update(dt)
        if any(self.seats[i]["name"] != e.get_text()[:NAME_LIMIT] for i, e in self.entries.items() if i < len(self.seats)):
            self.read_names()

    def read_names(self) -> None:
        """The names typed so far; the problem line follows at once."""
        for i, entry in self.entries.items():
            if i < len(self.seats):
                self.seats[i]["name"] = entry.get_text()[:NAME_LIMIT]
        before = self.problem
        self.check()
        if self.problem != before:
            self.rebuild_keeping_focus()

    def rebuild_keeping_focus(self) -> None:
        focused = next((i for i, e in self.entries.items() if e.is_focused), None)
        if focused is not None:
            self.focus_key = f"name{focused}"
        self.rebuild()

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
        match = Match(self.rules, self.players_info(), None)
        self.app.routes.remember_setup(self.setup())
        self.app.routes.start_match(match)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, (0, 0))
        rect = self.row_rects.get(self.focus_key) if self.focus_key is not None else None
        if rect is not None:
            ring = rect.inflate(12, 8)
            glow = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GOLD, 46), glow.get_rect(), border_radius=10)
            pygame.draw.rect(glow, GOLD, glow.get_rect(), 2, border_radius=10)
            surface.blit(glow, ring.topleft)
            if self.hint is not None:
                surface.blit(self.hint, self.hint_pos)
