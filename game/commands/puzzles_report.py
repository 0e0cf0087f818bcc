"""``python -m game puzzles [--json] [--review]``: the puzzles in your Past matches.

Each puzzle of a kept review (``game.archive.puzzles``: its mistakes and blunders, or,
in a match without, its costliest moves, whatever their mark): the position from
that seat's view (as the network protocol writes a seat's view: nothing
hidden), the move played, the best move and the points of winning chance
between them; the lines count rounds and actions from 1 (the JSON keeps the
record's indexes, from 0). ``--review`` first reviews the kept matches that have no review
yet (as the game does in the background after each match). The report is in
English, like the other commands'.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from game.engine.record import action_to_json
from game.words.names import worded


def review_unreviewed(workers: int | None) -> int:
    """Review every finished kept match without a review; how many were kept."""
    import os

    from game.archive import past_matches
    from game.archive.reviewer import Reviewer

    reviewer = Reviewer(workers=workers or os.cpu_count() or 1)
    queued = reviewer.add_unreviewed(m.path for m in past_matches.list_matches() if not m.abandoned)
    done = 0
    show = sys.stderr.isatty()
    try:
        while reviewer.busy:
            done += len(reviewer.poll())
            if show:
                print(f"\rreviewing past matches: {done} of {queued}", end="", file=sys.stderr, flush=True)
            time.sleep(0.05)
    except KeyboardInterrupt:
        reviewer.cancel()
        raise
    if show:
        print(file=sys.stderr)
    return done


def main(args: argparse.Namespace) -> int:
    from game.net.shared.protocol import view_json
    from game.archive.puzzles import all_puzzles, load_progress, position

    if args.review:
        try:
            review_unreviewed(args.workers)
        except KeyboardInterrupt:
            print("puzzles: interrupted", file=sys.stderr)
            return 130
    messages: list[str] = []
    puzzles = all_puzzles(messages)
    for message in messages:
        print(f"puzzles: {message}", file=sys.stderr)
    progress, trouble = load_progress()
    if trouble:
        print(f"puzzles: {trouble}", file=sys.stderr)
    entries: list[dict[str, Any]] = []
    for puzzle in puzzles:
        found = position(puzzle)
        if found is None:
            continue
        _, view = found
        entries.append(
            {
                "id": puzzle.id,
                "match": puzzle.record.name,
                "date": puzzle.date.isoformat(timespec="seconds"),
                "rules": puzzle.rules,
                "name": worded(puzzle.name),
                "seat": puzzle.seat,
                "round": puzzle.round,
                "action": puzzle.action,
                "mark": puzzle.decision.mark,
                "position": view_json(view, puzzle.round),
                "played": action_to_json(puzzle.seat, puzzle.played),
                "best": action_to_json(puzzle.seat, puzzle.best),
                "lost": round(puzzle.lost, 1),
                "spread": round(puzzle.decision.assessment.spread, 1),
                "solved": puzzle.id in progress.solved,
            }
        )
    solved = sum(1 for e in entries if e["solved"])
    if args.json:
        print(json.dumps({"puzzles": entries, "solved": solved, "to_do": len(entries) - solved}))
        return 0
    for e in entries:
        played = _words(e["played"])
        best = _words(e["best"])
        state = "solved" if e["solved"] else "to do"
        print(
            f"{e['date'][:10]} {e['rules']:<12} {e['name']}, round {e['round'] + 1} action {e['action'] + 1}: "
            f"played {played}; better {best}: {e['lost']:.1f} points ({e['mark']}, {state})"
        )
    print(f"{len(entries)} puzzles: {solved} solved, {len(entries) - solved} to do")
    return 0


def _words(action: dict[str, Any]) -> str:
    if "lay" in action:
        where = f" on {action['on']}" if "on" in action else ""
        return f"{action['lay']}{where}"
    if "draw" in action:
        return f"draw {action['draw']}"
    return "pass" if "pass" in action else "refuse"
