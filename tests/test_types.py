"""The whole package passes ``mypy --strict`` (docs/architecture.md: every function typed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_whole_game_package_passes_mypy_strict(tmp_path: Path) -> None:
    # A cache of its own (a fresh one, in this test's temporary folder): runs of
    # the suite side by side, or a developer's mypy, never share one.
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy-cache"), "game"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success: no issues found" in out.stdout
