"""``python -m game bench WHAT``: performance figures, printed, never asserted."""

from __future__ import annotations

import argparse
import importlib
import os


def run_bench(args: argparse.Namespace) -> int:
    # a benchmark's traffic stays on this machine: hosts listen on 127.0.0.1 and announce nothing
    os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")
    module = importlib.import_module(f"game.bench.{args.what}_bench")  # bench WHAT is game/bench/WHAT_bench(.py)
    result: int = module.main(args)
    return result
