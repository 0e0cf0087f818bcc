"""The setup the New game form edits: the rule set, the number of players, the
options chosen, the seats (who plays each, and with what), and what the rules
make of them: the values each choice offers, which choices are open, the seats'
names, and whether the engine accepts the whole.

No widgets here: the form reads and changes a ``Setup`` and shows what it holds.
Only what the engine offers can be picked (``RuleSetInfo.choices_for``); the
whole is checked by ``Rules.from_base``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from game.ai import levels
from game.engine import RULE_SETS, PlayerInfo, RuleError, Rules
from game.rating.at_my_level import Choice, choose_for
from game.rating.player_rating import Ratings
from game.i18n import _
from game.ui.shell.seat_inputs import SeatInputs
from game.ui.shell.seat_choices import default_name
from game.words import names
from game.words.refusals import error_text

NAME_LIMIT = 24
MAX_SEATS = max(info.max_players for info in RULE_SETS.values())
OPTION_ORDER = ("hand_size", "drawing", "matadors", "layout", "lead", "target_score")
CHOICE_ROWS = ("players", *OPTION_ORDER)  # the choices panel, top to bottom
TARGETS = (50, 100, 150, 200)  # for a rule set that offers no target of its own
DEFAULT_SETUP: dict[str, Any] = {
    "rules": "matador",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human", "name": names.YOU}, {"kind": levels.DEFAULT, "name": ""}],
}


class Setup:
    """A rule set, its players, the options changed from its preset, and the seats
    (``{"kind", "name"}``, at least one per player; ``inputs``: the seats a
    controller plays).

    A person's seat holds the name typed, or a default name's code
    (game.words.names): which default follows the people in play, "You"
    (``@you``) for the one person, each seat's "Player N" (``@player:N``) when
    several share the screen; the form shows it in the language of the moment."""

    people: tuple[str, ...] = ("human",)  # the kinds of seat that are not a computer level: first in the cycle
    named_kinds: tuple[str, ...] = ("human",)  # the kinds of seat whose name is typed (people at this screen)
    person_kind = "human"  # what a seat taken by a controller becomes (a person at this screen)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Who may play a seat, in the order the arrows step through: the people,
        then the computer levels on offer (``game.ai.levels``), then "At my level"
        (``levels.AT_MY_LEVEL``: the level nearest the person's rating, ``my_level``)."""
        return (*self.people, *levels.offered(), levels.AT_MY_LEVEL)

    def __init__(self) -> None:
        self.rule_id = "matador"
        self.players = 2
        self.options: dict[str, Any] = {}
        self.seats: list[dict[str, str]] = []
        self.inputs = SeatInputs()  # seat -> the controller that plays it (others: keyboard and mouse)
        self.ratings = Ratings()  # the people's ratings, for "At my level" (the scene reads them from the file)

    def load(self, saved: object, pad_connected: Callable[[int], bool]) -> None:
        """Start from a remembered setup (anything that no longer fits falls back to
        defaults; a seat keeps its controller only if that one is plugged in now)."""
        setup = saved if isinstance(saved, dict) and saved else DEFAULT_SETUP
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
                if isinstance(seat, dict) and seat.get("kind") in self.kinds:
                    name = seat.get("name")
                    kept = self.kept_name(name[:NAME_LIMIT], str(seat["kind"])) if isinstance(name, str) else ""
                    self.seats.append({"kind": str(seat["kind"]), "name": kept})
                    pad = seat.get("input")  # a controller plays it, if that one is plugged in now
                    if seat["kind"] in self.named_kinds and isinstance(pad, int) and not isinstance(pad, bool) and pad_connected(pad):
                        self.inputs.give(len(self.seats) - 1, pad)
        self.fit_seats()
        self.fit_options()

    def saved(self) -> dict[str, Any]:
        """The setup as the settings remember it (``last_setup``)."""
        seats: list[dict[str, Any]] = []
        for i, seat in enumerate(self.seats):
            entry: dict[str, Any] = dict(seat)
            pad = self.inputs.owner(i)
            if pad is not None and seat["kind"] in self.named_kinds:
                entry["input"] = pad
            seats.append(entry)
        return {
            "rules": self.rule_id,
            "players": self.players,
            "options": dict(self.options),
            "seats": seats,
        }

    # What the rules make of it -------------------------------------------------------
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

    def value(self, key: str) -> Any:
        """A choice's value now: the one picked, else the rule set's own."""
        if key == "players":
            return self.players
        if key in self.options:
            return self.options[key]
        return RULE_SETS[self.rule_id].preset(self.players).options()[key]

    def lines(self) -> list[str]:
        """The form's lines a player can work, top to bottom: each rule set, each open
        choice, each seat in use (a person's also its name and its input)."""
        open_rows = self.changeable()
        order = [f"rule:{rule_id}" for rule_id in RULE_SETS]
        order += [key for key in CHOICE_ROWS if open_rows[key]]
        for i in range(self.players):
            order.append(f"kind{i}")
            if self.named(i):
                order.append(f"name{i}")
                order.append(f"input{i}")
        return order

    def kept_name(self, name: str, kind: str) -> str:
        """A remembered seat's name as the form keeps it: a setup remembered before
        default names were codes holds them in words ("You", "Spieler 2")."""
        return names.coded(name, "human") if kind == "human" else name

    def person_default(self, index: int) -> str:
        """Person seat ``index``'s default name: ``@you`` if it is the one person in
        play, else its seat's ``@player:N``."""
        people = sum(1 for i in range(min(self.players, len(self.seats))) if self.named(i))
        return names.YOU if people <= 1 else names.player_code(index + 1)

    def kept(self, index: int) -> str:
        """Seat ``index``'s name as kept: typed, or the default that fits now."""
        name = self.seats[index]["name"]
        return self.person_default(index) if self.named(index) and names.is_person_default(name) else name

    def typed_name(self, index: int, text: str) -> str:
        """What the form keeps of ``text`` typed in seat ``index``'s field: the words
        of its default name are that default (so it follows the people in play)."""
        if self.named(index) and text.strip() and text.strip() == names.worded(self.person_default(index)):
            return self.person_default(index)
        return text

    def shown_seat_name(self, index: int) -> str:
        """Seat ``index``'s name as its field shows it."""
        return names.worded(self.kept(index))

    def named(self, index: int) -> bool:
        """Whether seat ``index``'s name is typed on the form (a person's at this screen)."""
        return self.seats[index]["kind"] in self.named_kinds

    def seat_name(self, index: int) -> str:
        """A person's name as typed; a computer's made from its level (an "At my level"
        seat's from the level it chose)."""
        if self.named(index):
            return self.kept(index).strip()
        kinds = [self.level_kind(i) for i in range(min(self.players, len(self.seats)))]
        kind = self.level_kind(index)
        nth = kinds[: index + 1].count(kind)
        return default_name(kind, nth, kinds.count(kind))

    # At my level ---------------------------------------------------------------------
    def person(self) -> int | None:
        """The seat whose rating "At my level" follows: the first person's in play (``human``)."""
        return next((i for i in range(min(self.players, len(self.seats))) if self.seats[i]["kind"] == "human"), None)

    def my_level(self) -> Choice:
        """The level "At my level" chooses now: the one nearest that person's rating in
        this rule set's family (game.rating.at_my_level)."""
        person = self.person()
        return choose_for(self.ratings, self.seat_name(person) if person is not None else None, self.rule_id)

    def has_my_level(self) -> bool:
        """Whether a seat in play is "At my level"."""
        return any(self.seats[i]["kind"] == levels.AT_MY_LEVEL for i in range(min(self.players, len(self.seats))))

    def level_kind(self, index: int) -> str:
        """Seat ``index``'s kind as the match records it: an "At my level" seat is the
        level chosen (so a record, a replay and the statistics keep that level)."""
        kind = self.seats[index]["kind"]
        return self.my_level().level if kind == levels.AT_MY_LEVEL else kind

    def seat_note(self, index: int) -> str:
        """What the form writes in the name's place of a seat nobody types a name for."""
        return _("{name}  (computer)").format(name=names.worded(self.seat_name(index)))

    def players_info(self) -> list[PlayerInfo]:
        out = []
        for i in range(self.players):
            kind = self.level_kind(i)
            name = self.seat_name(i)
            out.append(PlayerInfo(name, "human", None) if kind == "human" else PlayerInfo(name, "computer", kind))
        return out

    def check(self) -> tuple[Rules | None, str | None]:
        """The rules the engine makes of this setup, or what is wrong with it (the
        names must be there and differ); the rules come with a problem with the names."""
        rules, refused = self.checked_rules()
        if rules is None:
            return None, refused
        return rules, self.names_problem(range(self.players))

    def names_problem(self, indices: Iterable[int]) -> str | None:
        """What is wrong with the names of the seats ``indices`` (each must be there, not
        begin with @ where typed, and differ from the others'), or None."""
        seen: set[str] = set()
        for i in indices:
            kept = self.seat_name(i)
            if not kept:
                return _("Seat {number} needs a name").format(number=i + 1)
            if self.named(i) and not names.is_person_default(kept) and names.typed_refused(kept):
                return _("Seat {number}: a name may not begin with @").format(number=i + 1)
            name = names.worded(kept)
            if name.casefold() in seen:
                return _("Two seats are called {name}: give each a different name").format(name=name)
            seen.add(name.casefold())
        return None

    def checked_rules(self) -> tuple[Rules | None, str | None]:
        """The rules the engine makes of the rule set, players and options chosen, or
        (None and) why it refuses them, in a line that starts with a capital."""
        try:
            return Rules.from_base(self.rule_id, self.players, dict(self.options)), None
        except RuleError as err:
            reason = error_text(err)
            return None, reason[:1].upper() + reason[1:]

    def seat_pads(self) -> dict[int, int]:
        """The person seats in play given to a controller (the people at this screen's)."""
        return {i: pad for i, pad in self.inputs.pads.items() if i < self.players and self.named(i)}

    # Changes ---------------------------------------------------------------------------
    def fit_seats(self) -> None:
        """A seat for every player (a new one is a computer of the default level; all computers may play)."""
        while len(self.seats) < self.players:
            self.seats.append({"kind": levels.DEFAULT, "name": ""})

    def fit_options(self) -> None:
        """Drop choices the current rule set and player count do not offer."""
        choices = self.choices()
        self.options = {k: v for k, v in self.options.items() if k in choices and v in choices[k]}

    def pick(self, rule_id: str) -> None:
        """Another rule set: its own values for every choice, the players kept if it allows."""
        self.rule_id = rule_id
        info = RULE_SETS[rule_id]
        self.players = max(info.min_players, min(info.max_players, self.players))
        self.options = {}
        self.fit_seats()

    def step_players(self, delta: int) -> None:
        """``delta`` more players (round the rule set's range)."""
        info = RULE_SETS[self.rule_id]
        span = info.max_players - info.min_players + 1
        self.players = info.min_players + (self.players - info.min_players + delta) % span
        self.fit_seats()

    def step_kind(self, index: int, delta: int) -> None:
        """Seat ``index`` played by the next kind of player (person, then each level on offer)."""
        seat = self.seats[index]
        kinds = self.kinds
        seat["kind"] = kinds[(kinds.index(seat["kind"]) + delta) % len(kinds)] if seat["kind"] in kinds else kinds[0]
        if self.named(index):
            self.name_person(index)

    def step_option(self, key: str, delta: int) -> None:
        """Option ``key`` ``delta`` values on (round the end)."""
        values = self.choices()[key]
        current = self.value(key)
        index = values.index(current) if current in values else 0
        self.options[key] = values[(index + delta) % len(values)]

    def name_person(self, index: int) -> None:
        """A seat just became a person's: a name if it has none."""
        seat = self.seats[index]
        if not seat["name"]:
            seat["name"] = self.person_default(index)  # follows the people in play (``kept``)

    def take_seat(self, index: int, pad: int) -> None:
        """Seat ``index`` is controller ``pad``'s (a computer's seat becomes a person's);
        if it was already, it goes back to the keyboard and mouse."""
        seat = self.seats[index]
        if self.named(index) and self.inputs.owner(index) == pad:
            self.inputs.give(index, None)
        else:
            if not self.named(index):
                seat["kind"] = self.person_kind
                self.name_person(index)
            self.inputs.give(index, pad)

    def cycle_input(self, index: int, delta: int, connected: list[int]) -> None:
        """Person seat ``index`` played by the next input: the keyboard and mouse, then
        each controller in ``connected`` that plays no other seat."""
        taken = {pad for seat, pad in self.seat_pads().items() if seat != index}
        choices: list[int | None] = [None, *(n for n in connected if n not in taken)]
        current = self.inputs.owner(index)
        at = choices.index(current) if current in choices else 0
        self.inputs.give(index, choices[(at + delta) % len(choices)])

    def drop_pads(self, connected: Callable[[int], bool]) -> None:
        """A seat whose controller is gone goes back to the keyboard and mouse."""
        for index, pad in list(self.inputs.pads.items()):
            if not connected(pad):
                self.inputs.give(index, None)
