"""The benchmarks' registry (``game.bench.BENCHES``): every entry runs a module with
a ``main(args)``, every benchmark module is an entry, and the command line offers
exactly its names."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from game.bench import BENCHES
from game.commands.cli import build_parser

BENCH = Path(__file__).resolve().parents[2] / "game" / "bench"


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_every_benchmark_of_the_registry_has_a_main(name: str) -> None:
    module = importlib.import_module(BENCHES[name])
    assert callable(getattr(module, "main", None)), f"{BENCHES[name]} has no main(args)"
    assert (module.__doc__ or "").startswith(f"``python -m game bench {name}"), "its docstring starts with its command"


def test_every_benchmark_module_is_in_the_registry() -> None:
    found = {f"game.bench.{p.stem}" for p in BENCH.glob("*_bench.py")} | {f"game.bench.{p.parent.name}" for p in BENCH.glob("*_bench/__init__.py")}
    assert found == set(BENCHES.values())


def test_the_command_line_offers_every_benchmark() -> None:
    parser = build_parser()
    for name in BENCHES:
        assert parser.parse_args(["bench", name]).what == name
