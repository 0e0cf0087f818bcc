"""Architecture checks: the engine and the AI never import pygame, and the
engine passes mypy --strict."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_and_ai_sources_never_import_pygame() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+pygame", re.MULTILINE)
    for package in ("engine", "ai"):
        for path in (ROOT / "game" / package).rglob("*.py"):
            assert not pattern.search(path.read_text()), path


def test_importing_engine_and_replay_loads_no_pygame() -> None:
    code = "import sys, game.engine, game.engine.replay; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_engine_passes_mypy_strict() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "game/engine"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
