"""The computer players never touch pygame (they run in worker processes and threads)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AI = ROOT / "game" / "ai"
PATTERN = re.compile(r"^\s*(import\s+pygame|from\s+pygame)", re.MULTILINE)


def test_no_pygame_import_in_source() -> None:
    files = sorted(AI.glob("*.py"))
    assert files
    for path in files:
        assert not PATTERN.search(path.read_text(encoding="utf-8")), path


def test_importing_the_players_loads_no_pygame() -> None:
    code = (
        "import sys\n"
        "import game.ai, game.ai.hard, game.ai.medium, game.ai.easy, game.ai.random_player, game.ai.tournament\n"
        "for level in game.ai.levels.ids(): game.ai.make_player(level)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
