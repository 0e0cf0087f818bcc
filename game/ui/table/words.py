"""The words the table shows: the header, whose turn, how a round ended.

Every sentence naming a seat reads right for "You" too (``game.ui.words``).
"""

from __future__ import annotations

from game.engine import RULE_SETS, Match, RoundState
from game.engine.tiles import tile_name
from game.ui.words import object_name, says, whose


def header_text(match: Match) -> str:
    rules = match.rules
    title = RULE_SETS[rules.base].title if rules.base in RULE_SETS else rules.base
    if rules.target_score is None:
        goal = "one round"
    elif rules.match_end == "first-to-target-loses":
        goal = f"the first to {rules.target_score} loses"
    elif rules.match_end == "lowest-when-target-reached":
        goal = f"lowest total when someone reaches {rules.target_score}"
    else:
        goal = f"first to {rules.target_score}"
    tiles = "double-nine" if rules.top == 9 else "double-six"
    played = len(match.completed_rounds) + (0 if match.rounds and match.rounds[-1].over else 1)
    return f"{title}  ·  round {max(1, played)}  ·  {goal}  ·  {tiles}, ends add up to {rules.target}"


def lead_text(state: RoundState, names: list[str]) -> str:
    """What the lead asks for, shown in the middle of the empty table."""
    if state.phase != "lead" or state.current_player is None:
        return ""
    who = names[state.current_player]
    kind = state.lead_kind
    if kind == "forced" and state.lead_tile is not None:
        return says(who, "lead", f"with {tile_name(state.lead_tile)}")
    if kind == "draw-for-double":
        return "Nobody holds a double: " + says(who, "draw", "for one")
    if kind == "refusable":
        return f"{who} may lead a double (not 0-0), draw for one, or refuse"
    return says(who, "lead", "any tile")


def outcome_title(match: Match, state: RoundState) -> str:
    names = [p.name for p in match.players]
    outcome = state.outcome
    if outcome is None:
        return ""
    if outcome.end == "redeal":
        return "Nobody could lead: the tiles are dealt again"
    if outcome.end == "domino" and outcome.winner is not None:
        return f"Domino! {names[outcome.winner]} laid the last tile"
    if outcome.winner is not None:
        return "Blocked: " + says(names[outcome.winner], "hold", "the lowest count")
    return "Blocked, and the lowest counts tie: nobody wins the round"


def turn_text(name: str, thinking: bool) -> str:
    """Whose turn it is, from the hand's label: "Bo is thinking…", "Ann's turn", "Your turn"."""
    return says(name, "be", "thinking…") if thinking else f"{whose(name, capital=True)} turn"


def wait_text(name: str) -> str:
    """Said to a player who acts out of turn."""
    return f"Wait: it is {whose(name)} turn"


def passed_text(name: str) -> str:
    return says(name, "pass")


def refused_text(name: str) -> str:
    return says(name, "refuse", "to lead")


def handoff_title(name: str) -> str:
    """The cover between turns of a couch game: "Pass to Ann"."""
    return f"Pass to {object_name(name)}"


def handoff_prompt(name: str, pad: str | None = None) -> str:
    """How the cover lifts: any key or click, or A on the seat's own controller ``pad``."""
    if pad is not None:
        return f"Press A on {pad} when {says(name, 'be', 'looking', mid=True)}"
    return f"Click or press any key when {says(name, 'be', 'looking', mid=True)}"


def played_with_text(name: str, label: str) -> str:
    """Said to an input that is not the one of the seat to move: "Bob's turn: Controller 2 plays it"."""
    return f"{whose(name, capital=True)} turn: {label} plays it"


def pad_missing_title(label: str) -> str:
    return f"{label} is unplugged"


def pad_missing_text(name: str, label: str) -> tuple[str, str]:
    """What the game waits for while a seat's controller is gone, and the ways on."""
    return (
        f"The game waits for {whose(name)} seat: plug {label} back in.",
        "Or press A on another controller to play the seat with it, or play it with the keyboard and mouse:",
    )


def your_turn_text(kinds: set[str], pad: bool) -> str:
    """What the person to move may do, by the kinds of their legal actions."""
    if "lay" in kinds:
        if pad:
            return "your turn: the D-pad chooses a tile and a lit place, A lays it (X turns a matador)"
        return "your turn: drag a tile to a lit place (R turns a matador)"
    if "draw" in kinds:
        return "your turn: no tile fits, Y draws from the boneyard" if pad else "your turn: no tile fits, draw from the boneyard"
    if "pass" in kinds:
        return "your turn: no tile fits, B passes" if pad else "your turn: no tile fits, pass"
    return "your turn"


def tiles_text(count: int) -> str:
    return f"{count} tile{'s' if count != 1 else ''}"
