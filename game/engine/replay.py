"""``python -m game replay RECORD.json``: replay a record, print its outcome."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from game.engine.match import Match
from game.engine.record import RecordError, load_record_text


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


def read_record(path: str) -> Match:
    """The match a record file holds (``-``: standard input); ``RecordError``
    with a one-line reason if it cannot be read or replayed."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RecordError(f"cannot read {path}: {reason}") from None
    try:
        return load_record_text(text)
    except RecordError as err:
        raise RecordError(" ".join(str(err).split())) from None


def main(path: str) -> int:
    try:
        match = read_record(path)
    except RecordError as err:
        print(str(err), file=sys.stderr)
        return 2
    print(json.dumps(summary(match)))
    return 0
