"""What the New game form says: the choices' labels, their values in a player's
words, the list's player counts, the key hints and the line that sums the setup up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ai import levels
from game.engine import RULE_SETS, Rules
from game.i18n import N_, _, ngettext
from game.words.my_level import AT_MY_LEVEL
from game.words.rule_sets import title

if TYPE_CHECKING:
    from game.ui.scenes.new_game.setup import Setup

PERSON = N_("Person")


def kind_words() -> dict[str, str]:
    """Who may play a seat, in words (untranslated): a person, each computer
    level New game offers, by its name, or the level at the person's rating."""
    return {"human": PERSON, **{level.id: level.name for level in levels.levels() if level.offered}, levels.AT_MY_LEVEL: AT_MY_LEVEL}


OPTION_LABELS = {
    "players": N_("Players"),
    "hand_size": N_("Hand"),
    "drawing": N_("Drawing"),
    "matadors": N_("Matadors"),
    "layout": N_("Layout"),
    "lead": N_("First lead"),
    "target_score": N_("Match"),
}
VALUE_WORDS: dict[str, dict[Any, str]] = {
    "drawing": {
        "until-playable": N_("Until you can play"),
        "one-then-pass": N_("One, then pass"),
        "none": N_("No drawing"),
        "lay-or-draw": N_("Lay or draw"),
        "free": N_("Freely"),
    },
    "matadors": {True: N_("Wild"), False: N_("None")},
    "layout": {
        "line": N_("A line"),
        "first-double-spinner": N_("Spinner cross"),
        "cross-sides-first": N_("Cross, sides first"),
        "cross-complete": N_("Full cross first"),
    },
    "lead": {
        "highest-double-draw": N_("Highest double"),
        "highest-double-redeal": N_("Highest double"),
        "six-six-redeal": N_("Six-six"),
        "highest-double-else-highest-tile": N_("Highest tile"),
        "lowest-double-not-blank": N_("Lowest double"),
        "highest-holder-any-double-not-blank": N_("Any double"),
    },
}
TITLE = N_("New game")
HEADINGS = (N_("Rule set"), N_("Choices"), N_("Seats"))  # the three panels, top, lower left, lower right
KEY_HINTS = (  # how the keyboard works, the longest that fits the window
    N_("Up/Down: choose a line   ·   Left/Right: change it   ·   Enter: pick the rule set, or start   ·   Esc: back"),
    N_("Up/Down: line  ·  Left/Right: change  ·  Enter: pick, or start  ·  Esc: back"),
)
PAD_HINTS = (  # the same for a controller, shown once one is used
    N_("D-pad: choose a line, change it   ·   A: pick   ·   A on a seat: take it for this controller   ·   Start: start   ·   B: back"),
    N_("D-pad: line, change  ·  A on a seat: take it  ·  Start: start  ·  B: back"),
)
TAKE_HINT = (N_("Press A to take"), N_("A: take"))  # in a computer's seat row under a controller's focus


def value_text(key: str, value: Any, rules: Rules | None = None) -> str:
    """A choice's value in a player's words (``rules`` adds what goes with it)."""
    if key == "players":
        return ngettext("{count} player", "{count} players", value).format(count=value)
    if key == "hand_size":
        return ngettext("{count} tile", "{count} tiles", value).format(count=value)
    if key == "target_score":
        if value is None:
            return _("One round")
        if rules is not None and rules.match_end == "first-to-target-loses":
            return _("{target} loses").format(target=value)
        return _("To {target}").format(target=value)
    known = VALUE_WORDS.get(key, {})
    words = _(known[value]) if value in known else str(value)
    if rules is not None:
        if key == "matadors" and value and rules.crosswise:
            return _("Wild, laid across")
        if key == "matadors" and rules.wild_doubles:
            return _("None, doubles wild")
        if key == "drawing" and rules.reserve and value in ("lay-or-draw", "free"):
            return ngettext("{drawing}, {count} kept", "{drawing}, {count} kept", rules.reserve).format(
                drawing=words, count=rules.reserve
            )
    return words


def players_text(rule_id: str) -> str:
    """How many play a rule set: "2 players", "2–8 players"."""
    info = RULE_SETS[rule_id]
    if info.min_players == info.max_players:
        return ngettext("{count} player", "{count} players", info.min_players).format(count=info.min_players)
    return _("{low}–{high} players").format(low=info.min_players, high=info.max_players)


def status_line(setup: Setup, rules: Rules | None) -> str:
    """What will be played, for the bottom bar ("" while the setup cannot be played)."""
    if rules is None:
        return ""
    people = sum(1 for i in range(setup.players) if setup.seats[i]["kind"] == "human")
    who = _("computers only") if people == 0 else ngettext("{count} person", "{count} people", people).format(count=people)
    return _("{rule_set}: {seats}, {people}  ·  {tile_set}, {hand}").format(
        rule_set=title(setup.rule_id),
        seats=ngettext("{count} seat", "{count} seats", rules.players).format(count=rules.players),
        people=who,
        tile_set=_("double-nine") if rules.top == 9 else _("double-six"),
        hand=ngettext("{count} tile each", "{count} tiles each", rules.hand_size).format(count=rules.hand_size),
    )
