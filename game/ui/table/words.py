"""The words the table shows: the header, whose turn, how a round ended."""

from __future__ import annotations

from game.engine import RULE_SETS, Match, RoundState
from game.engine.tiles import tile_name


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
        return f"{who} leads with {tile_name(state.lead_tile)}"
    if kind == "draw-for-double":
        return f"Nobody holds a double: {who} draws for one"
    if kind == "refusable":
        return f"{who} leads a double (not 0-0), draws for one, or refuses"
    return f"{who} leads any tile"


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
        return f"Blocked: {names[outcome.winner]} holds the lowest count"
    return "Blocked, and the lowest counts tie: nobody wins the round"


def match_title(match: Match) -> str:
    if not match.over:
        return ""
    if match.winner == "draw":
        return "The match is drawn"
    if isinstance(match.winner, int):
        return f"{match.players[match.winner].name} wins the match"
    return "The match is over"


def goal_note(match: Match) -> str:
    rules = match.rules
    if rules.target_score is None:
        return "One round only."
    if rules.match_end == "first-to-target-loses":
        return f"Points are bad: the first to reach {rules.target_score} loses."
    if rules.match_end == "lowest-when-target-reached":
        return f"When someone reaches {rules.target_score}, the lowest total wins."
    return f"The first to reach {rules.target_score} wins."
