"""``python -m game review RECORD.json [--round R] [--seat S] [--json]``.

The coach's review of one seat's play in a game record, printed as a table
(or, with ``--json``, one JSON object; see docs/coach.md). The table counts
rounds and the actions within a round from 1, as the screens do, and so does
``--round`` (``--round 1``: the first round); the JSON keeps the record's own
indexes, from 0. A record that cannot be read exits 2 with the same one-line
reason as ``replay`` (after ``review:``); a seat or round the record does not
have exits 2 with a line that says so.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TextIO

from game.ai.coach import BLUNDER, DEFAULT_BUDGET, INACCURACY, MISTAKE
from game.ai.review import Analysis, Summary, default_seat
from game.engine import Match, RecordError
from game.profile.saves import read_record
from game.words.names import worded


def percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def write_table(out: TextIO, match: Match, summary: Summary) -> None:
    seat = summary.seat
    name = worded(match.players[seat].name)
    info = f"{name} (seat {seat}), {match.rules.base}"
    out.write(f"The coach's review of {info}: the chance of winning the round after each action\n")
    out.write(f"{'round':>5} {'action':>6}  {'played':<32} {'chance':>6}  {'best':<32} {'chance':>6} {'lost':>9}  mark\n")
    for d in summary.decisions:
        best = "" if d.best == d.played else str(d.best)
        lost = f"{d.lost:.1f}±{d.assessment.spread:.1f}" if d.best != d.played else ""
        out.write(
            f"{d.round + 1:>5} {d.action + 1:>6}  {str(d.played):<32} {percent(d.chance_played):>6}  "
            f"{best:<32} {percent(d.chance_best) if best else '':>6} {lost:>9}  {d.mark}\n"
        )
        if d.mark in (INACCURACY, MISTAKE, BLUNDER) and d.reason:
            out.write(f"{'':>14}{d.reason}.\n")
        for check in d.assessment.checks:
            out.write(f"{'':>14}checked {check.name}: {check.lost:.1f}±{check.spread:.1f} points\n")
    accuracy = summary.accuracy
    choices = len(summary.choices)
    out.write(
        f"{name}: {choices} choice{'s' if choices != 1 else ''}, "
        f"{summary.inaccuracies} inaccurac{'ies' if summary.inaccuracies != 1 else 'y'}, "
        f"{summary.mistakes} mistake{'s' if summary.mistakes != 1 else ''}, "
        f"{summary.blunders} blunder{'s' if summary.blunders != 1 else ''}, "
        f"accuracy {'-' if accuracy is None else percent(accuracy)} "
        f"(choices marked best or good: within 3 points of the best)\n"
    )


def main(args: argparse.Namespace) -> int:
    if getattr(args, "lang", None):
        from game.i18n import set_language

        set_language(args.lang)  # the coach's reasons; the report around them stays English
    try:
        match = read_record(args.record)
    except RecordError as err:
        print(f"review: {err}", file=sys.stderr)
        return 2
    seat = default_seat(match) if args.seat is None else args.seat
    count = len(match.rounds)
    if args.round is not None and not 1 <= args.round <= count:
        held = "it has no rounds" if count == 0 else f"round 1 is its first, round {count} its last" if count > 1 else "round 1 is its only one"
        print(f"review: the record has no round {args.round}: {held}", file=sys.stderr)
        return 2
    rounds = None if args.round is None else [args.round - 1]  # the record's index, from 0
    budget = DEFAULT_BUDGET
    if args.deals == 0:
        print("review: --deals must be at least 1", file=sys.stderr)
        return 2
    if args.deals:
        budget = replace(budget, deals=args.deals, forced_deals=args.deals, screen=min(budget.screen, args.deals))
    try:
        analysis = Analysis(match, seat, rounds, budget=budget, seed=args.seed, workers=args.workers)
    except ValueError as err:
        print(f"review: {err}", file=sys.stderr)
        return 2
    show_progress = sys.stderr.isatty() and not args.json
    try:
        for _ in analysis:
            if show_progress:
                print(f"\rreviewing: {analysis.finished}/{analysis.total}", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        analysis.cancel()
        print("\nreview: interrupted", file=sys.stderr)
        return 130
    if show_progress:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr, flush=True)
    summary = analysis.summary()
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        write_table(sys.stdout, match, summary)
    return 0

