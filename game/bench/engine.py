"""``python -m game bench engine [--json] [--quick]``.

Random full games per second for each rule set at 2 and 4 players and the
largest count the set allows: a random full game is one round from a fresh
uniform deal to its end, every action chosen uniformly among the legal ones
(``game.engine.fastplay.random_games``, which plays exactly the rules of
``RoundState``; tests/engine/test_fastplay.py proves it action by action).

Each figure is the median of 5 runs. "All cores" runs one worker process per
core, each playing the same number of games, and divides all the games by the
wall-clock time of the run; "one core" is the same in this process alone. For
comparison, the reference ``RoundState`` loop (``legal_moves`` + ``_apply``,
deals from ``game.engine.match.deal``) is timed for 2-player Matador.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import Any

from game.engine import RULE_SETS, Rules
from game.engine.fastplay import random_games

GOAL = 60_000  # 2-player matador games per second on a 2-core machine
RUNS = 5


def player_counts(base: str) -> list[int]:
    info = RULE_SETS[base]
    return sorted(p for p in {2, 4, info.max_players} if info.min_players <= p <= info.max_players)


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _work(job: tuple[str, int, int, int]) -> int:
    """A worker's share of one run: ``count`` random games."""
    base, players, count, seed = job
    return random_games(Rules.from_base(base, players), count, seed)


def _one_core_rate(base: str, players: int, count: int, seed: int) -> float:
    start = time.perf_counter()
    _work((base, players, count, seed))
    return count / (time.perf_counter() - start)


def _all_cores_rate(pool: Any, workers: int, base: str, players: int, count: int, seed: int) -> float:
    jobs = [(base, players, count, seed * 1000 + w) for w in range(workers)]
    start = time.perf_counter()
    pool.map(_work, jobs, chunksize=1)
    return workers * count / (time.perf_counter() - start)


def reference_rate(count: int, seed: int) -> float:
    """2-player matador with RoundState, one core: the speed-up's baseline."""
    from game.engine.match import deal
    from game.engine.state import Opening, RoundState

    rules = Rules.from_base("matador", 2)
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(count):
        hands, boneyard = deal(rules, seed, i)
        state = RoundState(rules, hands, boneyard, Opening(rules.lead))
        while state.phase != "over":
            moves = state.legal_moves()
            state._apply(moves[rng.randrange(len(moves))])
    return count / (time.perf_counter() - start)


def measure(quick: bool, progress: bool) -> dict[str, Any]:
    seconds = 0.04 if quick else 0.6  # the length of one run
    workers = cores()
    one: dict[str, dict[str, float]] = {}
    every: dict[str, dict[str, float]] = {}
    pool: Any = None
    if workers > 1:
        try:
            pool = multiprocessing.get_context().Pool(workers)
        except (OSError, ValueError):
            pool = None
    try:
        for base in RULE_SETS:
            for players in player_counts(base):
                _work((base, players, 50, 0))  # build the tables, warm up
                probe = _one_core_rate(base, players, 100 if quick else 400, 1)
                count = max(50, int(probe * seconds))
                singles = [_one_core_rate(base, players, count, 10 + r) for r in range(RUNS)]
                one.setdefault(base, {})[str(players)] = round(statistics.median(singles))
                if pool is not None:
                    pool.map(_work, [(base, players, 20, w) for w in range(workers)])  # warm the workers
                    per = max(50, count)
                    rates = [_all_cores_rate(pool, workers, base, players, per, 20 + r) for r in range(RUNS)]
                    every.setdefault(base, {})[str(players)] = round(statistics.median(rates))
                else:
                    every.setdefault(base, {})[str(players)] = one[base][str(players)]
                if progress:
                    print(f"  {base} {players}: done", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    ref_count = 60 if quick else 1500
    reference = statistics.median(reference_rate(ref_count, 30 + r) for r in range(RUNS))
    return {
        "unit": "games/s",
        "cores": workers if pool is not None else 1,
        "runs": RUNS,
        "statistic": "median",
        "results": every,
        "one_core": one,
        "reference_round_state": {"matador": {"2": round(reference)}},
        "speedup_one_core": round(one["matador"]["2"] / reference, 1),
        "goal": {"matador": {"2": GOAL}},
        "quick": quick,
    }


def print_table(result: dict[str, Any]) -> None:
    print(f"Random full games per second (median of {result['runs']} runs; all cores = {result['cores']})")
    print(f"{'rule set':<14} {'players':>7} {'all cores':>10} {'one core':>10}")
    for base, by_players in result["results"].items():
        for players, rate in by_players.items():
            single = result["one_core"][base][players]
            print(f"{base:<14} {players:>7} {rate:>10,} {single:>10,}")
    ref = result["reference_round_state"]["matador"]["2"]
    print(f"reference RoundState, matador 2 players, one core: {ref:,} games/s")
    print(f"fast kernel speed-up on one core: x{result['speedup_one_core']}")
    goal = result["goal"]["matador"]["2"]
    got = result["results"]["matador"]["2"]
    verdict = "met" if got >= goal else "NOT met"
    print(f"goal {goal:,} 2-player matador games/s on all cores: {verdict} ({got:,})")
    if result["quick"]:
        print("(--quick: short runs, rough figures)")


def main(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    as_json = bool(getattr(args, "json", False))
    result = measure(quick, progress=False)
    if as_json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0
