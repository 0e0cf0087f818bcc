"""``python -m game bench engine [--json] [--quick]``.

Random full games per second for each rule set at 2 and 4 players and the
largest count the set allows: a random full game is one round from a fresh
uniform deal to its end, every action chosen uniformly among the legal ones
(``game.engine.fastplay.random_games``, which plays exactly the rules of
``RoundState``; tests/engine/test_fastplay.py checks it action by action).

Each figure is the median of 5 runs. "All cores" runs one worker process per
core, each playing the same number of games, and divides all the games by the
wall-clock time of the run; "one core" is the same in this process alone, and
"per CPU-s" divides by this process's CPU time instead (steadier when other
work shares the machine). Deals are shuffled with numpy when it is installed;
2-player Matador is also timed with deals shuffled in Python. For comparison,
the reference ``RoundState`` loop (``legal_moves`` + ``_apply``, deals from
``game.engine.match.deal``) is timed for 2-player Matador. Figures are printed,
never asserted.
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
from game.engine.fastplay import has_numpy, random_games

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


Job = tuple[str, int, int, int, "bool | None"]


def _work(job: Job) -> int:
    """A worker's share of one run: ``count`` random games."""
    base, players, count, seed, use_numpy = job
    return random_games(Rules.from_base(base, players), count, seed, use_numpy)


def _one_core_rate(job: Job) -> tuple[float, float]:
    """Games per second of wall-clock time and per second of this process's CPU time."""
    start, cpu = time.perf_counter(), time.process_time()
    _work(job)
    return job[2] / (time.perf_counter() - start), job[2] / max(1e-9, time.process_time() - cpu)


def _all_cores_rate(pool: Any, workers: int, job: Job) -> float:
    base, players, count, seed, use_numpy = job
    jobs = [(base, players, count, seed * 1000 + w, use_numpy) for w in range(workers)]
    start = time.perf_counter()
    pool.map(_work, jobs, chunksize=1)
    return workers * count / (time.perf_counter() - start)


def rates(pool: Any, workers: int, base: str, players: int, seconds: float, use_numpy: bool | None) -> dict[str, int]:
    """Medians of ``RUNS`` runs of about ``seconds`` each: one core (wall clock and CPU
    time) and all cores (wall clock)."""
    _work((base, players, 50, 0, use_numpy))  # build the tables, warm up
    probe, _ = _one_core_rate((base, players, 50 if seconds < 0.1 else 400, 1, use_numpy))
    count = max(50, int(probe * seconds))
    singles = [_one_core_rate((base, players, count, 10 + r, use_numpy)) for r in range(RUNS)]
    one = round(statistics.median(wall for wall, _ in singles))
    cpu = round(statistics.median(cpu for _, cpu in singles))
    if pool is None:
        return {"one": one, "cpu": cpu, "all": one}
    pool.map(_work, [(base, players, 20, w, use_numpy) for w in range(workers)])  # warm the workers
    every = statistics.median(_all_cores_rate(pool, workers, (base, players, count, 20 + r, use_numpy)) for r in range(RUNS))
    return {"one": one, "cpu": cpu, "all": round(every)}


def reference_rate(count: int, seed: int) -> tuple[float, float]:
    """2-player matador with RoundState, one core: the speed-up's baseline
    (games per second of wall-clock time and of CPU time)."""
    from game.engine.match import deal
    from game.engine.state import Opening, RoundState

    rules = Rules.from_base("matador", 2)
    rng = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(count):
        hands, boneyard = deal(rules, seed, i)
        state = RoundState(rules, hands, boneyard, Opening(rules.lead))
        while state.phase != "over":
            moves = state.legal_moves()
            state._apply(moves[rng.randrange(len(moves))])
    return count / (time.perf_counter() - start), count / max(1e-9, time.process_time() - cpu)


def measure(quick: bool) -> dict[str, Any]:
    try:
        load = round(os.getloadavg()[0], 2)  # other work before we start
    except (AttributeError, OSError):  # not on this platform
        load = -1.0
    seconds = 0.015 if quick else 0.5  # the length of one run
    workers = cores()
    figures: dict[str, dict[str, dict[str, int]]] = {"all": {}, "one": {}, "cpu": {}}
    pool: Any = None
    methods = multiprocessing.get_all_start_methods()
    # Fork where there is one: nothing is re-imported. A frozen bundle without fork
    # would start its own main program in each worker: one core only there.
    if workers > 1 and ("fork" in methods or not getattr(sys, "frozen", False)):
        try:
            pool = multiprocessing.get_context("fork" if "fork" in methods else None).Pool(workers)
        except (OSError, ValueError):  # no processes here: one core only
            pool = None
    try:
        for base in RULE_SETS:
            for players in player_counts(base):
                got = rates(pool, workers, base, players, seconds, None)
                for key, rate in got.items():
                    figures[key].setdefault(base, {})[str(players)] = rate
        numpy_deals = has_numpy()
        pure = rates(pool, workers, "matador", 2, seconds, False) if numpy_deals else None
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    ref_count = 60 if quick else 1500
    refs = [reference_rate(ref_count, 30 + r) for r in range(RUNS)]
    reference = round(statistics.median(wall for wall, _ in refs))
    reference_cpu = round(statistics.median(cpu for _, cpu in refs))
    result: dict[str, Any] = {
        "unit": "games/s",
        "load_average_before": load,
        "cores": workers if pool is not None else 1,
        "runs": RUNS,
        "statistic": "median",
        "deals": "numpy" if numpy_deals else "python",
        "results": figures["all"],
        "one_core": figures["one"],
        "one_core_cpu_time": figures["cpu"],
        "reference_round_state_one_core": {"matador": {"2": reference}},
        "reference_round_state_cpu_time": {"matador": {"2": reference_cpu}},
        "speedup_one_core_cpu_time": round(figures["cpu"]["matador"]["2"] / reference_cpu, 1),
        "goal": {"matador": {"2": GOAL}},
        "quick": quick,
    }
    if pure is not None:
        result["python_deals"] = {"matador": {"2": {"one_core": pure["one"], "cpu_time": pure["cpu"], "all_cores": pure["all"]}}}
    return result


def print_table(result: dict[str, Any]) -> None:
    print(
        f"Random full games per second, median of {result['runs']} runs "
        f"(all cores = {result['cores']} worker processes; deals shuffled by {result['deals']})"
    )
    print(f"{'rule set':<14} {'players':>7} {'all cores':>10} {'one core':>10} {'per CPU-s':>10}")
    for base, by_players in result["results"].items():
        for players, rate in by_players.items():
            single = result["one_core"][base][players]
            cpu = result["one_core_cpu_time"][base][players]
            print(f"{base:<14} {players:>7} {rate:>10,} {single:>10,} {cpu:>10,}")
    if "python_deals" in result:
        pure = result["python_deals"]["matador"]["2"]
        print(f"{'matador (a)':<14} {2:>7} {pure['all_cores']:>10,} {pure['one_core']:>10,} {pure['cpu_time']:>10,}")
    ref = result["reference_round_state_one_core"]["matador"]["2"]
    ref_cpu = result["reference_round_state_cpu_time"]["matador"]["2"]
    print(f"{'RoundState (b)':<14} {2:>7} {'-':>10} {ref:>10,} {ref_cpu:>10,}")
    if "python_deals" in result:
        print("(a) deals shuffled in Python, as without numpy")
    print("(b) the reference: matador, RoundState.legal_moves() and _apply(), deals from match.deal")
    print(f"fast kernel per CPU-second: x{result['speedup_one_core_cpu_time']} the reference")
    goal = result["goal"]["matador"]["2"]
    got = result["results"]["matador"]["2"]
    verdict = "met" if got >= goal else "NOT met"
    print(f"goal: {goal:,} 2-player matador games/s on all cores: {verdict} ({got:,})")
    load = result["load_average_before"]
    if load >= 0:
        note = " (the machine was busy just before: wall-clock figures may be low)" if load > 0.5 else ""
        print(f"load average before the runs: {load}{note}")
    if result["quick"]:
        print("(--quick: short runs, rough figures)")


def main(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    as_json = bool(getattr(args, "json", False))
    result = measure(quick)
    if as_json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0
