"""``python -m game bench WHAT``: performance figures, printed, never asserted."""

from __future__ import annotations

import argparse
import importlib


def run_bench(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"game.bench.{args.what}")
    result: int = module.main(args)
    return result
