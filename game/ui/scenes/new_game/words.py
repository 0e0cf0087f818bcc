"""What the New game form says: the choices' labels, their values in a player's
words, the list's player counts, the key hints and the line that sums the setup up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import RULE_SETS, Rules

if TYPE_CHECKING:
    from game.ui.scenes.new_game.setup import Setup

KIND_WORDS = {"human": "Person", "easy": "Easy", "medium": "Medium", "hard": "Hard"}
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
TITLE = "New game"
HEADINGS = ("Rule set", "Choices", "Seats")  # the three panels, top, lower left, lower right
KEY_HINTS = (  # how the keyboard works, the longest that fits the window
    "Up/Down: choose a line   ·   Left/Right: change it   ·   Enter: pick the rule set, or start   ·   Esc: back",
    "Up/Down: line  ·  Left/Right: change  ·  Enter: pick, or start  ·  Esc: back",
)
PAD_HINTS = (  # the same for a controller, shown once one is used
    "D-pad: choose a line, change it   ·   A: pick   ·   A on a seat: take it for this controller   ·   Start: start   ·   B: back",
    "D-pad: line, change  ·  A on a seat: take it  ·  Start: start  ·  B: back",
)
TAKE_HINT = ("Press A to take", "A: take")  # in a computer's seat row under a controller's focus


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


def players_text(rule_id: str) -> str:
    """How many play a rule set: "2 players", "2–8 players"."""
    info = RULE_SETS[rule_id]
    if info.min_players == info.max_players:
        return f"{info.min_players} players"
    return f"{info.min_players}–{info.max_players} players"


def status_line(setup: Setup, rules: Rules | None) -> str:
    """What will be played, for the bottom bar ("" while the setup cannot be played)."""
    if rules is None:
        return ""
    people = sum(1 for i in range(setup.players) if setup.seats[i]["kind"] == "human")
    who = "computers only" if people == 0 else f"{people} {'person' if people == 1 else 'people'}"
    tiles = "double-nine" if rules.top == 9 else "double-six"
    return f"{RULE_SETS[setup.rule_id].title}: {rules.players} seats, {who}  ·  {tiles}, {rules.hand_size} tiles each"
