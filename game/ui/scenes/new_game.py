"""New game: the rule set, its choices for a custom game, the seats, the target.

The form holds still. Every control has a place fixed by the window size alone:
the six rule sets are one list (each with its summary), every choice any rule
set offers has its row, and there is a row for each of the eight seats the
largest game has. What the chosen rule set does not let a player change stays
in its place, greyed, showing the rule set's own value; seats nobody sits in
are left empty. So a control a player is clicking never moves from under the
pointer, whatever the click changes.

Only what the engine offers can be picked (``RuleSetInfo.choices_for``); the
whole setup is checked by ``Rules.from_base``, and while it cannot be played the
reason shows and Start stays disabled. Start remembers the setup in the settings
(``last_setup``) and replaces the menus with the table.

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

from game.engine import RULE_SETS, Match, PlayerInfo, RuleError, Rules
from game.ui.menu import MenuScene, focus_ring, panel, scale_for, shadowed, style
from game.ui.seat_inputs import SeatInputs, input_label, short_label
from game.ui.seats import default_name
from game.ui.text import DIM, GOLD, IVORY, RED

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress

KINDS = ("human", "easy", "medium", "hard")
KIND_WORDS = {"human": "Person", "easy": "Easy", "medium": "Medium", "hard": "Hard"}
NAME_LIMIT = 24
MAX_SEATS = max(info.max_players for info in RULE_SETS.values())
OPTION_ORDER = ("hand_size", "drawing", "matadors", "layout", "lead", "target_score")
CHOICE_ROWS = ("players", *OPTION_ORDER)  # the choices panel, top to bottom
OPTION_LABELS = {
    "players": "Players",
    "hand_size": "Hand",
    "drawing": "Drawing",
    "matadors": "Matadors",
    "layout": "Layout",
    "lead": "First lead",
    "target_score": "Match",
}
VALUE_WORDS: dict[str, dict[Any, str]] = {
    "drawing": {
        "until-playable": "Until you can play",
        "one-then-pass": "One, then pass",
        "none": "No drawing",
        "lay-or-draw": "Lay or draw",
        "free": "Freely",
    },
    "matadors": {True: "Wild", False: "None"},
    "layout": {
        "line": "A line",
        "first-double-spinner": "Spinner cross",
        "cross-sides-first": "Cross, sides first",
        "cross-complete": "Full cross first",
    },
    "lead": {
        "highest-double-draw": "Highest double",
        "highest-double-redeal": "Highest double",
        "six-six-redeal": "Six-six",
        "highest-double-else-highest-tile": "Highest tile",
        "lowest-double-not-blank": "Lowest double",
        "highest-holder-any-double-not-blank": "Any double",
    },
}
# the theme's value lettering (16, 22 and 13 px) in TextCache sizes, so a greyed value matches a live one
VALUE_SIZES = {"#form_value": 23, "#form_value_l": 32, "#form_value_s": 19}
TARGETS = (50, 100, 150, 200)  # for a rule set that offers no target of its own
KEY_HINTS = (  # how the keyboard works, the longest that fits the window
    "Up/Down: choose a line   ·   Left/Right: change it   ·   Enter: pick the rule set, or start   ·   Esc: back",
    "Up/Down: line  ·  Left/Right: change  ·  Enter: pick, or start  ·  Esc: back",
)
PAD_HINTS = (  # the same for a controller, shown once one is used
    "D-pad: choose a line, change it   ·   A: pick   ·   A on a seat: take it for this controller   ·   Start: start   ·   B: back",
    "D-pad: line, change  ·  A on a seat: take it  ·  Start: start  ·  B: back",
)
TAKE_HINT = ("Press A to take", "A: take")  # in a computer's seat row under a controller's focus
DEFAULT_SETUP: dict[str, Any] = {
    "rules": "matador",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human", "name": "You"}, {"kind": "medium", "name": ""}],
}

# the list's looks: the chosen rule set warm and edged in gold, the others dark
ROW_BG = (27, 38, 31)
ROW_EDGE = (86, 96, 79)
ROW_HOVER = (52, 72, 58)
CHOSEN_BG = (140, 90, 28)
CHOSEN_TEXT = (255, 248, 230)
FAINT = (120, 132, 118)  # what the rule set fixes: greyed
FAINT_EDGE = (62, 74, 64)


def value_text(key: str, value: Any, rules: Rules | None = None) -> str:
    """A choice's value in a player's words (``rules`` adds what goes with it)."""
    if key == "players":
        return f"{value} players"
    if key == "hand_size":
        return f"{value} tiles"
    if key == "target_score":
        if value is None:
            return "One round"
        if rules is not None and rules.match_end == "first-to-target-loses":
            return f"{value} loses"
        return f"To {value}"
    words = VALUE_WORDS.get(key, {}).get(value, str(value))
    if rules is not None:
        if key == "matadors" and value and rules.crosswise:
            return "Wild, laid across"
        if key == "matadors" and rules.wild_doubles:
            return "None, doubles wild"
        if key == "drawing" and rules.reserve and value in ("lay-or-draw", "free"):
            return f"{words}, {rules.reserve} kept"
    return words


def draw_input_icon(surface: pygame.Surface, rect: pygame.Rect, pad: bool, colour: tuple[int, int, int]) -> None:
    """A small picture of what plays a seat in ``rect``: a game controller, or a
    keyboard with a mouse beside it (solid shapes with the keys cut out, which
    read better than outlines this small)."""
    w, h = rect.size
    icon = pygame.Surface((w, h), pygame.SRCALPHA)
    hole = (0, 0, 0, 0)
    if pad:  # a body with two grips; a cross on the left and two buttons on the right cut out
        body = pygame.Rect(0, h // 8, w, h * 5 // 8)
        pygame.draw.rect(icon, colour, body, border_radius=body.height // 2)
        grip = max(3, h * 3 // 10)
        for cx in (w // 5, w - w // 5):
            pygame.draw.circle(icon, colour, (cx, h - grip - 1), grip)
        cx, cy, arm, thick = w * 3 // 10, body.centery, max(2, h // 6), max(2, h // 9)
        pygame.draw.rect(icon, hole, (cx - arm, cy - thick // 2, 2 * arm + 1, thick))
        pygame.draw.rect(icon, hole, (cx - thick // 2, cy - arm, thick, 2 * arm + 1))
        dot = max(1, h // 10)
        pygame.draw.circle(icon, hole, (w - w * 3 // 10 + dot + 1, cy - dot), dot)
        pygame.draw.circle(icon, hole, (w - w * 3 // 10 - dot - 1, cy + dot), dot)
    else:  # a keyboard (rows of keys cut out) and a mouse
        board = pygame.Rect(0, h // 5, w * 7 // 10, h * 3 // 5)
        pygame.draw.rect(icon, colour, board, border_radius=max(1, h // 8))
        key = max(2, board.height // 5)
        for row in range(2):
            y = board.top + key * (1 + 2 * row) - key // 2 + 1
            for x in range(board.left + key, board.right - key, 2 * key):
                pygame.draw.rect(icon, hole, (x, y, key, key))
        mouse = pygame.Rect(board.right + max(2, w // 14), h // 6, w - board.right - max(2, w // 14), h * 2 // 3)
        pygame.draw.ellipse(icon, colour, mouse)
        pygame.draw.line(icon, hole, (mouse.centerx, mouse.top), (mouse.centerx, mouse.top + mouse.height * 2 // 5), max(1, h // 12))
    surface.blit(icon, rect.topleft)


def players_text(rule_id: str) -> str:
    info = RULE_SETS[rule_id]
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players}–{info.max_players} players"


class NewGameScene(MenuScene):
    """The setup form."""

    def __init__(self) -> None:
        super().__init__()
        self.rule_id = "matador"
        self.players = 2
        self.options: dict[str, Any] = {}
        self.seats: list[dict[str, str]] = []
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        self.picture: pygame.Surface | None = None  # what stays put: title, panels, heads
        self.words: pygame.Surface | None = None  # what follows the setup: labels, greyed values, notes, status
        self.problem: str | None = None
        self.rules: Rules | None = None
        self.row_order: list[str] = []  # the lines the keyboard focus walks, top to bottom
        self.row_rects: dict[str, pygame.Rect] = {}  # every line's place, walked or greyed
        self.focus_key: str | None = None  # the focused line (None until the keyboard or a click asks)
        self.hint: pygame.Surface | None = None
        self.hint_pos = (0, 0)
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # for game.ui.layout_check
        self.fixed_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # the part of it that stays put
        # places fixed by the window size (build_widgets)
        self.list_rows: dict[str, pygame.Rect] = {}
        self.list_art: dict[tuple[str, bool], pygame.Surface] = {}  # (rule id, chosen) -> its words
        self.choice_rows: dict[str, pygame.Rect] = {}
        self.selectors: dict[str, pygame.Rect] = {}
        self.seat_rows: list[pygame.Rect] = []
        self.name_rects: list[pygame.Rect] = []
        self.input_rects: list[pygame.Rect] = []  # the end of each seat's row: what plays it
        self.inputs = SeatInputs()  # seat -> the controller that plays it (others: keyboard and mouse)
        self.pads_seen = -1  # the controllers' version last shown
        self.take_hints: tuple[pygame.Surface, ...] = ()
        self.hints: dict[str, pygame.Surface | None] = {}
        self.label_size = 16
        self.value_sizes: dict[str, int] = {}  # each line's value lettering, as TextCache sizes it (for greyed values)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.greyed_note = pygame.Rect(0, 0, 0, 0)  # where the choices' heading says what greyed means
        self.hover_rule: str | None = None
        self.pressed_rule: str | None = None

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
        self.inputs = SeatInputs()
        if isinstance(seats, list):
            for seat in seats[:MAX_SEATS]:
                if isinstance(seat, dict) and seat.get("kind") in KINDS:
                    name = seat.get("name")
                    self.seats.append({"kind": str(seat["kind"]), "name": name[:NAME_LIMIT] if isinstance(name, str) else ""})
                    pad = seat.get("input")  # a controller plays it, if that one is plugged in now
                    if seat["kind"] == "human" and isinstance(pad, int) and not isinstance(pad, bool) and self.pad_connected(pad):
                        self.inputs.give(len(self.seats) - 1, pad)
        self.fit_seats()
        self.fit_options()

    def fit_seats(self) -> None:
        """A seat for every player (a new one is a medium computer; all computers may play)."""
        while len(self.seats) < self.players:
            self.seats.append({"kind": "medium", "name": ""})

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

    def changeable(self) -> dict[str, bool]:
        """Which rows of the choices panel the player may change for this rule set."""
        info = RULE_SETS[self.rule_id]
        choices = self.choices()
        out = {"players": info.max_players > info.min_players}
        for key in OPTION_ORDER:
            out[key] = len(choices.get(key, [])) > 1
        return out

    def fit_options(self) -> None:
        """Drop choices the current rule set and player count do not offer."""
        choices = self.choices()
        self.options = {k: v for k, v in self.options.items() if k in choices and v in choices[k]}

    def value(self, key: str) -> Any:
        if key == "players":
            return self.players
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
        seats: list[dict[str, Any]] = []
        for i, seat in enumerate(self.seats):
            entry: dict[str, Any] = dict(seat)
            pad = self.inputs.owner(i)
            if pad is not None and seat["kind"] == "human":
                entry["input"] = pad
            seats.append(entry)
        return {
            "rules": self.rule_id,
            "players": self.players,
            "options": dict(self.options),
            "seats": seats,
        }

    # Controllers -----------------------------------------------------------------
    def pad_connected(self, pad: int) -> bool:
        return self.app is not None and self.app.pads.connected(pad)

    def seat_pads(self) -> dict[int, int]:
        """The person seats in play given to a controller."""
        return {i: pad for i, pad in self.inputs.pads.items() if i < self.players and self.seats[i]["kind"] == "human"}

    def take_seat(self, index: int, pad: int) -> None:
        """A on seat ``index`` from controller ``pad``: the seat is that controller's
        (a computer's seat becomes a person's); A there again gives it back to the keyboard."""
        if index >= self.players:
            return
        self.read_names()
        seat = self.seats[index]
        if seat["kind"] == "human" and self.inputs.owner(index) == pad:
            self.inputs.give(index, None)
        else:
            if seat["kind"] != "human":
                seat["kind"] = "human"
                self.name_person(index)
            self.inputs.give(index, pad)
        self.changed()

    def cycle_input(self, index: int, delta: int) -> None:
        """The next input for person seat ``index``: the keyboard and mouse, then each
        controller plugged in that plays no other seat."""
        if index >= self.players or self.seats[index]["kind"] != "human" or self.app is None:
            return
        self.read_names()
        taken = {pad for seat, pad in self.seat_pads().items() if seat != index}
        choices: list[int | None] = [None, *(n for n in self.app.pads.connected_numbers() if n not in taken)]
        current = self.inputs.owner(index)
        at = choices.index(current) if current in choices else 0
        self.inputs.give(index, choices[(at + delta) % len(choices)])
        self.changed()

    def follow_pads(self) -> None:
        """A controller came or went: a seat whose controller is gone goes back to the keyboard."""
        if self.app is None or self.app.pads.version == self.pads_seen:
            return
        self.pads_seen = self.app.pads.version
        for index, pad in list(self.inputs.pads.items()):
            if not self.app.pads.connected(pad):
                self.inputs.give(index, None)
        self.refresh()

    # Changes (from the buttons, the list and the keys) -----------------------------
    def pick(self, rule_id: str) -> None:
        """Choose a rule set: its own values for every choice, the players kept if it allows."""
        if rule_id == self.rule_id or rule_id not in RULE_SETS:
            return
        self.read_names()
        self.rule_id = rule_id
        info = RULE_SETS[rule_id]
        self.players = max(info.min_players, min(info.max_players, self.players))
        self.options = {}
        self.fit_seats()
        self.changed()

    def step(self, key: str, delta: int) -> None:
        """Move line ``key`` ``delta`` values on (round the end)."""
        if key == "rules":
            ids = list(RULE_SETS)
            self.pick(ids[(ids.index(self.rule_id) + delta) % len(ids)])
            return
        if not self.changeable().get(key, key.startswith(("kind", "input"))):
            return
        self.read_names()
        if key == "players":
            info = RULE_SETS[self.rule_id]
            span = info.max_players - info.min_players + 1
            self.players = info.min_players + (self.players - info.min_players + delta) % span
            self.fit_seats()
        elif key.startswith("kind"):
            index = int(key[4:])
            if index >= self.players:
                return
            seat = self.seats[index]
            seat["kind"] = KINDS[(KINDS.index(seat["kind"]) + delta) % len(KINDS)]
            if seat["kind"] == "human":
                self.name_person(index)
        elif key.startswith("input"):
            self.cycle_input(int(key[5:]), delta)
            return
        else:
            values = self.choices()[key]
            current = self.value(key)
            index = values.index(current) if current in values else 0
            self.options[key] = values[(index + delta) % len(values)]
        self.changed()

    def name_person(self, index: int) -> None:
        """A seat just became a person's: a name if it has none."""
        seat = self.seats[index]
        if not seat["name"]:
            humans = sum(1 for s in self.seats[: self.players] if s["kind"] == "human")
            seat["name"] = "You" if humans == 1 else f"Player {index + 1}"

    def changed(self) -> None:
        """After any change: the options that still fit, the check, the widgets' words."""
        self.fit_options()
        self.check()
        self.refresh()

    # Layout: places fixed by the window size --------------------------------------
    def build_widgets(self) -> None:
        """Every control the form can ever show, each in its fixed place; ``refresh`` fills them in."""
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        margin = max(10, round(20 * s))
        gap = max(8, round(14 * s))
        pad = max(8, round(14 * s))
        head_size = max(17, round(24 * s))
        head_h = self.text.font(head_size, True).get_height() + max(2, round(4 * s))
        picture = pygame.Surface(self.size, pygame.SRCALPHA)

        # the title, when the window is tall enough to spare the room
        top = margin
        if h >= 560:
            title = shadowed(self.text, "New game", round(58 * s), GOLD, w - 40)
            picture.blit(title, ((w - title.get_width()) // 2, round(8 * s)))
            top = round(8 * s) + title.get_height() + round(4 * s)

        # the bottom bar: Back, what will be played (or what is wrong), Start
        bh = max(36, round(48 * s))
        bw = round(200 * s)
        bottom_h = bh + 2 * max(6, round(10 * s))
        by = h - bottom_h + (bottom_h - bh) // 2
        hint_size = max(13, round(17 * s))
        width = min(w - 2 * margin, round(1400 * s))
        self.hints = {}
        for mode, lines in (("keys", KEY_HINTS), ("pad", PAD_HINTS)):
            fitting = [words for words in lines if self.text.font(hint_size).size(words)[0] <= width]
            self.hints[mode] = self.text.render(fitting[0], hint_size, DIM) if fitting else None
        hint = self.hints["keys"]
        hint_h = max((h.get_height() for h in self.hints.values() if h is not None), default=0)
        body_bottom = h - bottom_h - hint_h - max(2, round(4 * s))

        # rows: the seats' height sets the rest (eight seats; the list's rows a little lower)
        room = body_bottom - top - gap - 2 * (2 * pad + head_h)
        list_share = 0.8
        row_h = max(24, min(round(48 * s), int(room / (MAX_SEATS + len(RULE_SETS) * list_share))))
        list_h = max(20, min(round(40 * s), int(row_h * list_share)))
        used = 2 * (2 * pad + head_h) + gap + MAX_SEATS * row_h + len(RULE_SETS) * list_h
        top += max(0, (body_bottom - top - used) // 3)
        left = (w - width) // 2

        list_box = pygame.Rect(left, top, width, 2 * pad + head_h + len(RULE_SETS) * list_h)
        lower_top = list_box.bottom + gap
        lower_h = 2 * pad + head_h + MAX_SEATS * row_h
        choices_w = round((width - gap) * 0.44)
        choices_box = pygame.Rect(left, lower_top, choices_w, lower_h)
        seats_box = pygame.Rect(choices_box.right + gap, lower_top, width - choices_w - gap, lower_h)
        self.fixed_text = []
        for box, words in ((list_box, "Rule set"), (choices_box, "Choices"), (seats_box, "Seats")):
            picture.blit(panel(box.size, radius=max(8, round(14 * s))), box.topleft)
            head = self.text.render(words, head_size, GOLD, True)
            picture.blit(head, (box.left + pad, box.top + pad - 2))
            self.fixed_text.append((words, pygame.Rect((box.left + pad, box.top + pad - 2), head.get_size()), box))
        self.place_list(list_box, pad, head_h, list_h)
        self.label_size = max(14, min(round(row_h * 0.55), round(27 * s)))
        self.place_choices(choices_box, pad, head_h, row_h)
        self.greyed_note = pygame.Rect(choices_box.left + pad + self.text.font(head_size, True).size("Choices")[0] + pad, choices_box.top + pad - 2, 0, head_h)
        self.greyed_note.width = choices_box.right - pad - self.greyed_note.left
        self.place_seats(seats_box, pad, head_h, row_h, s)

        self.buttons["back"] = pygame_gui.elements.UIButton(pygame.Rect(left, by, bw, bh), "Back", self.gui, object_id=style("title_button", self.size))
        self.buttons["start"] = pygame_gui.elements.UIButton(
            pygame.Rect(left + width - bw, by, bw, bh), "Start", self.gui, object_id=style("title_primary", self.size)
        )
        self.status_rect = pygame.Rect(left + bw + gap, by, width - 2 * bw - 2 * gap, bh)
        self.picture = picture
        self.hint = hint
        self.hint_pos = (w // 2, body_bottom + max(1, round(2 * s)))  # the hint's top centre
        self.check()
        self.refresh()

    def place_list(self, box: pygame.Rect, pad: int, head_h: int, row_h: int) -> None:
        """The six rule sets, one row each: a mark, the title, the summary, how many play
        (when the window is wide enough to keep the summary legible as well)."""
        inner = pygame.Rect(box.left + pad, box.top + pad + head_h, box.width - 2 * pad, len(RULE_SETS) * row_h)
        inside = row_h - max(2, row_h // 9)  # a row's own height; the rest is the gap to the next
        title_size = max(14, min(round(inside * 0.85), round(26 * scale_for(self.size))))
        range_size = max(13, title_size - 3)
        mark_w = inside
        title_w = max(self.text.font(title_size, True).size(info.title)[0] for info in RULE_SETS.values()) + inside
        range_w = max(self.text.font(range_size).size(players_text(i))[0] for i in RULE_SETS) + inside

        def widest(size: int) -> int:
            return max(self.text.font(size).size(info.summary)[0] for info in RULE_SETS.values())

        summary_size = title_size - 1
        room = inner.width - mark_w - title_w - range_w
        while summary_size > 12 and widest(summary_size) > room:
            summary_size -= 1
        show_range = summary_size >= 15 or widest(summary_size) <= room
        if not show_range:  # the summary matters more than the player count
            room += range_w
            summary_size = title_size - 1
            while summary_size > 12 and widest(summary_size) > room:
                summary_size -= 1
        self.list_rows, self.list_art = {}, {}
        for n, (rule_id, info) in enumerate(RULE_SETS.items()):
            row = pygame.Rect(inner.left, inner.top + n * row_h, inner.width, inside)
            self.list_rows[rule_id] = row
            self.row_rects[f"rule:{rule_id}"] = row
            for chosen in (False, True):
                art = pygame.Surface(row.size, pygame.SRCALPHA)
                parts = [
                    (info.title, self.text.fit(info.title, title_w - inside // 2, title_size, CHOSEN_TEXT if chosen else GOLD, True), mark_w),
                    (info.summary, self.text.fit(info.summary, room, summary_size, IVORY if chosen else DIM), mark_w + title_w),
                ]
                if show_range:
                    span = self.text.render(players_text(rule_id), range_size, IVORY if chosen else DIM)
                    parts.append((players_text(rule_id), span, row.width - span.get_width() - inside // 3))
                for words, image, x in parts:
                    y = (row.height - image.get_height()) // 2
                    art.blit(image, (x, y))
                    if chosen:
                        self.fixed_text.append((words, pygame.Rect(row.left + x, row.top + y, image.get_width(), image.get_height()), row))
                self.list_art[(rule_id, chosen)] = art

    def place_choices(self, box: pygame.Rect, pad: int, head_h: int, row_h: int) -> None:
        """A row for every choice any rule set offers, players first."""
        assert self.gui is not None
        x0 = box.left + pad
        inner_w = box.width - 2 * pad
        label_w = max(self.text.font(self.label_size, True).size(OPTION_LABELS[k])[0] for k in CHOICE_ROWS) + round(row_h * 0.5)
        y = box.top + pad + head_h
        control_h = row_h - max(3, row_h // 7)
        self.choice_rows, self.selectors = {}, {}
        selector_w = min(inner_w - label_w, round(row_h * 9))
        for key in CHOICE_ROWS:
            row = pygame.Rect(x0, y, label_w + selector_w, control_h)
            self.choice_rows[key] = row
            self.row_rects[key] = row
            self.selectors[key] = pygame.Rect(x0 + label_w, y, selector_w, control_h)
            self.arrows(key, self.selectors[key])
            y += row_h

    def place_seats(self, box: pygame.Rect, pad: int, head_h: int, row_h: int, s: float) -> None:
        """Eight seats, one row each: its number, who plays it (person or computer), the
        name, and at the row's end what a person plays it with (keyboard or controller)."""
        assert self.gui is not None
        x0 = box.left + pad
        inner_w = box.width - 2 * pad
        number_w = max(self.text.font(self.label_size, True).size("8")[0] + round(row_h * 0.35), round(28 * s))
        kind_w = min(round(210 * s), (inner_w - number_w) * 4 // 9)
        name_gap = max(6, round(10 * s))
        rest = inner_w - number_w - kind_w - 2 * name_gap
        input_w = min(round(175 * s), max(48, rest * 2 // 5))
        name_w = min(rest - input_w, round(300 * s))
        control_h = row_h - max(3, row_h // 7)
        y = box.top + pad + head_h
        self.seat_rows, self.name_rects, self.input_rects, self.entries = [], [], [], {}
        small = max(12, self.label_size - 3)
        self.take_hints = tuple(self.text.render(words, small, DIM, True) for words in TAKE_HINT)
        entry_style = style("form_entry", self.size) if control_h >= 30 else "#form_entry_s"
        for i in range(MAX_SEATS):
            row = pygame.Rect(x0, y, inner_w, control_h)
            self.seat_rows.append(row)
            kind_rect = pygame.Rect(x0 + number_w, y, kind_w, control_h)
            self.arrows(f"kind{i}", kind_rect)
            self.row_rects[f"kind{i}"] = pygame.Rect(x0, y, number_w + kind_w, control_h)
            name_rect = pygame.Rect(kind_rect.right + name_gap, y, name_w, control_h)
            self.name_rects.append(name_rect)
            self.row_rects[f"name{i}"] = name_rect
            input_rect = pygame.Rect(x0 + inner_w - input_w, y, input_w, control_h)
            self.input_rects.append(input_rect)
            self.row_rects[f"input{i}"] = input_rect
            entry = pygame_gui.elements.UITextEntryLine(name_rect, self.gui, object_id=entry_style, initial_text=self.seats[i]["name"] if i < len(self.seats) else "")
            entry.set_text_length_limit(NAME_LIMIT)
            self.entries[i] = entry
            y += row_h

    def arrows(self, key: str, rect: pygame.Rect) -> None:
        """``‹ value ›``: the arrows step through the values, a click on the value steps on."""
        assert self.gui is not None
        arrow_w = max(22, min(rect.height, rect.width // 6))
        middle = rect.width - 2 * arrow_w - 8
        value_style = style("form_value", self.size) if middle >= 150 and rect.height >= 30 else "#form_value_s"
        self.value_sizes[key] = VALUE_SIZES[value_style]
        arrow_style = style("form_arrow", self.size) if rect.height >= 28 else "#form_arrow_s"
        self.buttons[f"{key}:-1"] = pygame_gui.elements.UIButton(pygame.Rect(rect.left, rect.top, arrow_w, rect.height), "<", self.gui, object_id=arrow_style)
        self.buttons[f"{key}:0"] = pygame_gui.elements.UIButton(pygame.Rect(rect.left + arrow_w + 4, rect.top, middle, rect.height), " ", self.gui, object_id=value_style)
        self.buttons[f"{key}:1"] = pygame_gui.elements.UIButton(pygame.Rect(rect.right - arrow_w, rect.top, arrow_w, rect.height), ">", self.gui, object_id=arrow_style)

    # Refresh: the setup's words into the fixed places --------------------------------
    def refresh(self) -> None:
        """Show the setup: values, greyed rows, seats in use, the status line; nothing moves."""
        if self.gui is None or not self.choice_rows:
            return
        words = pygame.Surface(self.size, pygame.SRCALPHA)
        drawn = list(self.fixed_text)
        rules = self.rules or RULE_SETS[self.rule_id].preset(self.players)
        open_rows = self.changeable()
        order = [f"rule:{rule_id}" for rule_id in RULE_SETS]
        for key in CHOICE_ROWS:
            row, selector = self.choice_rows[key], self.selectors[key]
            live = open_rows[key]
            text = value_text(key, self.value(key), rules)
            label = self.text.fit(OPTION_LABELS[key], selector.left - row.left - 6, self.label_size, IVORY if live else FAINT, True)
            pos = (row.left, row.centery - label.get_height() // 2 + 1)
            words.blit(label, pos)
            drawn.append((OPTION_LABELS[key], pygame.Rect(pos, label.get_size()), row))
            self.show_selector(key, text if live else None)
            if live:
                order.append(key)
            else:  # greyed: the rule set's own value, in a faint box where the arrows would be
                pygame.draw.rect(words, FAINT_EDGE, selector, 1, border_radius=6)
                value = self.text.fit(text, selector.width - 16, self.value_sizes[key], FAINT, True)
                pos = (selector.centerx - value.get_width() // 2, selector.centery - value.get_height() // 2 + 1)
                words.blit(value, pos)
                drawn.append((text, pygame.Rect(pos, value.get_size()), selector))
        if not all(open_rows.values()):  # what greyed means, on the choices' heading
            note_size = max(13, self.label_size - 2)
            note_words = f"Greyed: set by {RULE_SETS[self.rule_id].title}"
            if self.text.font(note_size).size(note_words)[0] <= self.greyed_note.width:
                note = self.text.render(note_words, note_size, FAINT)
                pos = (self.greyed_note.right - note.get_width(), self.greyed_note.centery - note.get_height() // 2)
                words.blit(note, pos)
                drawn.append((note_words, pygame.Rect(pos, note.get_size()), self.greyed_note))
        for i in range(MAX_SEATS):
            row, name_rect, entry = self.seat_rows[i], self.name_rects[i], self.entries[i]
            used = i < self.players
            if i < RULE_SETS[self.rule_id].max_players:  # beyond what the rule set seats, only the space
                number = self.text.render(str(i + 1), self.label_size, GOLD if used else FAINT, True)
                pos = (row.left + 2, row.centery - number.get_height() // 2 + 1)
                words.blit(number, pos)
                drawn.append((str(i + 1), pygame.Rect(pos, number.get_size()), row))
            human = used and self.seats[i]["kind"] == "human"
            self.show_selector(f"kind{i}", KIND_WORDS[self.seats[i]["kind"]] if used else None)
            if human:
                if entry.get_text() != self.seats[i]["name"]:
                    entry.set_text(self.seats[i]["name"])
                entry.show()  # type: ignore[no-untyped-call]
            else:
                if entry.is_focused:
                    self.gui.set_focus_set(None)
                entry.hide()  # type: ignore[no-untyped-call]
            if used:
                order.append(f"kind{i}")
                if human:
                    order += [f"name{i}", f"input{i}"]
                    drawn.append(self.draw_input(words, i))
                else:
                    note = self.text.fit(f"{self.seat_name(i)}  (computer)", name_rect.width - 8, max(13, self.label_size - 2), DIM)
                    pos = (name_rect.left + 8, name_rect.centery - note.get_height() // 2 + 1)
                    words.blit(note, pos)
                    drawn.append((self.seat_name(i), pygame.Rect(pos, note.get_size()), name_rect))
            else:
                slot = pygame.Rect(self.buttons[f"kind{i}:-1"].rect.left, row.top, row.right - self.buttons[f"kind{i}:-1"].rect.left, row.height)
                if i < RULE_SETS[self.rule_id].max_players:  # a seat this rule set could fill; beyond, the space is kept
                    pygame.draw.rect(words, FAINT_EDGE, slot, 1, border_radius=6)
                    empty = self.text.fit("Empty", slot.width - 16, max(13, self.label_size - 2), FAINT)
                    pos = (slot.left + 10, slot.centery - empty.get_height() // 2 + 1)
                    words.blit(empty, pos)
                    drawn.append(("Empty", pygame.Rect(pos, empty.get_size()), slot))
        start = self.buttons.get("start")
        if start is not None:
            if self.problem is None and not start.is_enabled:
                start.enable()  # type: ignore[no-untyped-call]
            elif self.problem is not None and start.is_enabled:
                start.disable()  # type: ignore[no-untyped-call]
        status = self.problem or self.status_line()
        line = self.text.fit(status, self.status_rect.width, max(15, round(20 * scale_for(self.size))), RED if self.problem else IVORY, True)
        pos = (self.status_rect.centerx - line.get_width() // 2, self.status_rect.centery - line.get_height() // 2)
        words.blit(line, pos)
        drawn.append((status, pygame.Rect(pos, line.get_size()), self.status_rect))
        self.words = words
        self.drawn_text = drawn
        self.row_order = order
        if self.app is not None:
            self.pads_seen = self.app.pads.version
        if self.focus_key is not None and self.focus_key not in order:
            self.focus_key = None

    def draw_input(self, words: pygame.Surface, index: int) -> tuple[str, pygame.Rect, pygame.Rect]:
        """What plays person seat ``index``, in the box at its row's end: an icon and a word."""
        rect = self.input_rects[index]
        pad = self.inputs.owner(index)
        colour = GOLD if pad is not None else IVORY
        pygame.draw.rect(words, (*colour, 150) if pad is not None else FAINT_EDGE, rect, 1, border_radius=6)
        icon_h = max(10, min(rect.height - 8, round(rect.height * 0.62)))
        icon = pygame.Rect(rect.left + 7, rect.centery - icon_h // 2, round(icon_h * 1.55), icon_h)
        draw_input_icon(words, icon, pad is not None, colour)
        room = rect.right - icon.right - 12
        size = max(12, self.label_size - 2)
        # the whole name, else the short one, else (a controller) just its number
        choices = [input_label(pad), short_label(pad)] + ([str(pad)] if pad is not None else [])
        text = next((t for t in choices if self.text.font(12, True).size(t)[0] <= room), choices[-1])
        label = self.text.fit(text, room, size, colour, True)
        pos = (icon.right + 6, rect.centery - label.get_height() // 2 + 1)
        words.blit(label, pos)
        return text, pygame.Rect(pos, label.get_size()), rect

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

    def build_gui(self) -> None:
        self.row_rects = {}
        super().build_gui()
        self.focus.reset([], self.buttons)  # the form's own focus (focus_key) works the keys
        if self.focus_key is None and self.app is not None and self.app.last_input == "pad":
            self.focus_key = f"rule:{self.rule_id}"  # opened by a controller: show where its focus is

    def status_line(self) -> str:
        rules = self.rules
        if rules is None:
            return ""
        people = sum(1 for i in range(self.players) if self.seats[i]["kind"] == "human")
        who = "computers only" if people == 0 else f"{people} {'person' if people == 1 else 'people'}"
        tiles = "double-nine" if rules.top == 9 else "double-six"
        return f"{RULE_SETS[self.rule_id].title}: {rules.players} seats, {who}  ·  {tiles}, {rules.hand_size} tiles each"

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
            self.set_focus(f"rule:{self.rule_id}")  # the first press shows where the focus is
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
            if rule_id != self.rule_id:
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
                self.set_focus(f"rule:{self.rule_id}")
                return True
            if self.focus_key.startswith("name"):
                return False  # the caret moves in the name
            if on_list:  # the rule set under the ring; once it is chosen, the one above or below
                ids = list(RULE_SETS)
                focused = self.focus_key[5:]
                self.pick(focused if focused != self.rule_id else ids[(ids.index(focused) + delta) % len(ids)])
                self.set_focus(f"rule:{self.rule_id}")
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
        if any(i < len(self.seats) and e.visible and self.seats[i]["name"] != e.get_text()[:NAME_LIMIT] for i, e in self.entries.items()):
            self.read_names()

    def read_names(self) -> None:
        """The names typed so far; the problem line follows at once."""
        for i, entry in self.entries.items():
            if i < len(self.seats) and entry.visible:
                self.seats[i]["name"] = entry.get_text()[:NAME_LIMIT]
        before = self.problem
        self.check()
        if self.problem != before:
            self.refresh()

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
        self.app.pads.hand_over(match, self.seat_pads())
        self.app.routes.start_match(match)

    # Drawing -----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, (0, 0))
        for rule_id, row in self.list_rows.items():
            chosen = rule_id == self.rule_id
            radius = max(4, row.height // 5)
            if chosen:
                pygame.draw.rect(surface, CHOSEN_BG, row, border_radius=radius)
                pygame.draw.rect(surface, GOLD, row, 2, border_radius=radius)
            else:
                pygame.draw.rect(surface, ROW_HOVER if rule_id == self.hover_rule else ROW_BG, row, border_radius=radius)
                pygame.draw.rect(surface, ROW_EDGE, row, 1, border_radius=radius)
            # a round mark, filled for the chosen rule set
            centre = (row.left + row.height // 2, row.centery)
            dot = max(4, row.height // 5)
            if chosen:
                pygame.draw.circle(surface, CHOSEN_TEXT, centre, dot)
            else:
                pygame.draw.circle(surface, FAINT, centre, dot, 2)
            art = self.list_art.get((rule_id, chosen))
            if art is not None:
                surface.blit(art, row.topleft)
        if self.words is not None:
            surface.blit(self.words, (0, 0))
        pad_mode = self.app is not None and self.app.last_input == "pad"
        hint = self.hints.get("pad" if pad_mode else "keys")
        if hint is not None:
            surface.blit(hint, (self.hint_pos[0] - hint.get_width() // 2, self.hint_pos[1]))
        focused = self.focus_key
        if pad_mode and focused is not None and focused.startswith("kind") and self.take_hints:
            index = int(focused[4:])
            if index < self.players and self.seats[index]["kind"] != "human":  # "press A to take" where a person's input would show
                cell = self.input_rects[index]
                take = next((t for t in self.take_hints if t.get_width() <= cell.width), self.take_hints[-1])
                surface.blit(take, (cell.right - take.get_width(), cell.centery - take.get_height() // 2 + 1))
        rect = self.row_rects.get(self.focus_key) if self.focus_key is not None else None
        if rect is not None:
            focus_ring(surface, rect)
