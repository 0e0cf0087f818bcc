"""``python -m game bench WHAT``: performance figures, printed, never asserted.

``BENCHES`` is the registry: each benchmark's name on the command line and the
module that runs it (its ``main(args)``); ``python -m game bench``'s choices
come from it, so a new benchmark is one module and one entry here."""

from __future__ import annotations

import argparse
import importlib
import os

BENCHES: dict[str, str] = {
    "engine": "game.bench.engine_bench",
    "ai": "game.bench.ai_bench",
    "ui": "game.bench.ui_bench",
    "idle": "game.bench.idle_bench",
    "startup": "game.bench.startup_bench",
    "hint": "game.bench.hint_bench",
    "review": "game.bench.review_bench",
    "net": "game.bench.net_bench",
    "coach": "game.bench.coach_bench",
    "soak": "game.bench.soak_bench",
    "cluster": "game.bench.cluster_bench",
    "queue": "game.bench.queue_bench",
}


def run_bench(args: argparse.Namespace) -> int:
    # a benchmark's traffic stays on this machine: hosts listen on 127.0.0.1 and announce nothing
    os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")
    module = importlib.import_module(BENCHES[args.what])
    result: int = module.main(args)
    return result
