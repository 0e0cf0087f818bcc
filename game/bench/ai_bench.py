"""``python -m game bench ai [--json] [--quick]``: think time per decision, by level.

Every level plays real rounds against itself (all seats), cycling through the
rule sets, with its own time cap per decision (its registry budget,
``levels.budget_s``: what a table gives it); the times of decisions with more
than one legal action are collected ("choices"), and those of every decision
including forced ones ("all"). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from game.ai import levels, make_player
from game.engine import Match, PlayerInfo, Rules

TABLES = (
    ("matador", 2),
    ("leyden", 2),
    ("matador", 4),
    ("family", 3),
    ("all-sevens", 2),
    ("wild-doubles", 3),
    ("leyden-senst", 2),
    ("family", 6),
)
GOAL_HARD_MEDIAN_S = 0.3
GOAL_STRONGEST_MEDIAN_S = 1.0  # the strongest offered level (the last in the registry's order): median
GOAL_STRONGEST_P99_S = 2.0  # and 99th percentile per choice


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def think_times(level: str, choices_wanted: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """(times of real choices, times of all decisions) for ``level``, in seconds."""
    player = make_player(level)
    rng = random.Random(f"bench/{level}/{seed}")
    choices: list[float] = []
    every: list[float] = []
    game = 0
    while len(choices) < choices_wanted:
        base, players = TABLES[game % len(TABLES)]
        rules = Rules.from_base(base, players)
        match = Match(rules, [PlayerInfo(f"{level} {s}", "computer", level) for s in range(players)], seed * 1000 + game)
        state = match.next_round()
        while not state.over and len(choices) < choices_wanted:
            seat = state.current_player
            assert seat is not None
            view = match.view(seat)
            forced = len(view.legal_moves()) == 1
            start = time.perf_counter()
            action = player.choose(view, rng, levels.budget_s(level))
            spent = time.perf_counter() - start
            every.append(spent)
            if not forced:
                choices.append(spent)
            state.push(action)
        game += 1
    return choices, every


def summary(times: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(1000 * statistics.median(times), 2) if times else 0.0,
        "p99_ms": round(1000 * percentile(times, 0.99), 2),
        "max_ms": round(1000 * max(times), 2) if times else 0.0,
        "decisions": len(times),
    }


def main(args: argparse.Namespace) -> int:
    wanted = 60 if getattr(args, "quick", False) else 300
    result: dict[str, Any] = {"levels": {}}
    for level in levels.ids():
        choices, every = think_times(level, wanted)
        result["levels"][level] = {"budget_s": levels.budget_s(level), "choices": summary(choices), "all": summary(every)}
    hard = result["levels"]["hard"]["choices"]["median_ms"] / 1000
    result["goal_hard_median_s"] = GOAL_HARD_MEDIAN_S
    result["hard_median_ok"] = hard < GOAL_HARD_MEDIAN_S
    strongest = levels.offered()[-1]
    top = result["levels"][strongest]["choices"]
    result["strongest"] = strongest
    result["strongest_ok"] = top["median_ms"] <= 1000 * GOAL_STRONGEST_MEDIAN_S and top["p99_ms"] <= 1000 * GOAL_STRONGEST_P99_S
    if getattr(args, "json", False):
        print(json.dumps(result))
        return 0
    print("think time per decision (each level's own time cap; 'choices': more than one legal action)")
    print(f"{'level':<9} {'cap s':>5} {'kind':<8} {'decisions':>9} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}")
    for level, figures in result["levels"].items():
        for kind in ("choices", "all"):
            f = figures[kind]
            print(
                f"{level:<9} {figures['budget_s']:>5g} {kind:<8} {f['decisions']:>9} {f['median_ms']:>10.2f} {f['p99_ms']:>9.2f} {f['max_ms']:>9.2f}"
            )
    verdict = "met" if result["hard_median_ok"] else "NOT met"
    print(f"goal: hard median under {GOAL_HARD_MEDIAN_S:g} s per choice: {verdict}")
    verdict = "met" if result["strongest_ok"] else "NOT met"
    print(
        f"goal: {strongest} (the strongest offered) median at most {GOAL_STRONGEST_MEDIAN_S:g} s, "
        f"p99 at most {GOAL_STRONGEST_P99_S:g} s per choice: {verdict}"
    )
    return 0
