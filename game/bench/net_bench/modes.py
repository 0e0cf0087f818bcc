"""``python -m game bench net`` with ``--kills N``, ``--attacks`` or ``--idle N``:
the server's guarantees measured (game/bench/net_bench/kills.py, attacks.py,
idle.py), each against a server process of its own on a throw-away data
folder. Figures are printed, never asserted; the machine's load average is
printed with them.

No pygame here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from game.bench.net_bench.procs import cpu_s, rss_mb, start_server

GOAL_LOST = 0
GOAL_RATIO = 2.0
GOAL_IDLE_RSS_MB = 300.0


def load() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def run_mode(args: argparse.Namespace) -> int:
    began_load = load()
    with tempfile.TemporaryDirectory(prefix="matador-bench-net-") as home:
        if args.kills:
            result = _kills(Path(home), args.kills, args.quick)
        elif args.attacks:
            result = _attacks(Path(home), args.quick)
        else:
            result = _idle(Path(home), args.idle, args.quick)
    result["load_average"] = [began_load, load()]
    if args.json:
        print(json.dumps(result))
        return 0
    for key, value in result.items():
        print(f"{key}: {value}")
    return 0


def _kills(home: Path, kills: int, quick: bool) -> dict[str, Any]:
    from game.bench.net_bench.kills import campaign

    began = time.monotonic()
    figures = asyncio.run(campaign(home, kills, tables=3 if quick else 6))
    restart = sorted(figures.restart_s)
    return {
        "mode": "kills",
        "kills": figures.kills,
        "comebacks_checked": figures.checks,
        "told_moves_compared": figures.told,
        "told_moves_lost": figures.lost,
        "lost_examples": figures.lost_examples,
        "matches_finished": figures.matches,
        "ends_told_after_a_restart": figures.ends_told_after_kill,
        "restart_s_p50": round(restart[len(restart) // 2], 2) if restart else None,
        "restart_s_max": round(restart[-1], 2) if restart else None,
        "seconds": round(time.monotonic() - began, 1),
        "goal_met": figures.lost == GOAL_LOST,
    }


def _attacks(home: Path, quick: bool) -> dict[str, Any]:
    from game.bench.net_bench.attacks import ATTACKS, campaign

    proc, url = start_server(home, 200)

    def sample() -> dict[str, Any]:
        return {"cpu_s": cpu_s(proc.pid), "rss_mb": rss_mb(proc.pid)}

    try:
        results = asyncio.run(campaign(url, 6.0 if quick else 12.0, sample))
    finally:
        proc.terminate()
        proc.wait(20)
    log = (home / "server.log").read_text()
    worst = max(max(results[a].get("rtt_p99_x", 0), results[a].get("pace_p99_x", 0)) for a in ATTACKS)
    return {
        "mode": "attacks",
        **results,
        "worst_p99_ratio": worst,
        "server_tracebacks": log.count("Traceback"),
        "goal_met": worst <= GOAL_RATIO,
    }


def _idle(home: Path, connections: int, quick: bool) -> dict[str, Any]:
    from game.bench.net_bench.idle import SEATS, hold

    proc, url = start_server(home, connections // SEATS, "--max-connections", str(connections + 100))
    try:
        result = asyncio.run(hold(url, connections, 10.0 if quick else 45.0, lambda: rss_mb(proc.pid)))
    finally:
        proc.terminate()
        proc.wait(60)
    peak = result.get("server_rss_mb_peak") or 0.0
    return {"mode": "idle", **result, "goal_met": result["connections"] >= connections and peak <= GOAL_IDLE_RSS_MB}
