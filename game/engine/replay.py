"""The outcome of a replayed match, as RECORD.md's ``replay`` prints it (the command
itself, which reads the file as the game reads its own, is ``game.commands.cli.replay``)."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match


def summary(match: Match) -> dict[str, Any]:
    """The outcome as RECORD.md specifies it."""
    rounds: list[dict[str, Any]] = []
    for state in match.rounds:
        outcome = state.outcome
        if outcome is None:
            pips = [state.pips(s) for s in range(state.players)]
            rounds.append({"end": "in_progress", "winner": None, "pips": pips, "scores": [0] * state.players})
        else:
            rounds.append(
                {
                    "end": outcome.end,
                    "winner": outcome.winner,
                    "pips": list(outcome.pips),
                    "scores": list(outcome.scores),
                }
            )
    return {
        "rounds": rounds,
        "totals": list(match.totals),
        "match": {"over": match.over, "winner": match.winner},
    }
