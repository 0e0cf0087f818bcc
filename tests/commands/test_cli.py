"""The command line: sub-commands, help, and one-line errors for bad flags."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_help_lists_subcommands() -> None:
    out = run_game("--help")
    assert out.returncode == 0
    for name in ("play", "replay", "review", "bench", "tournament"):
        assert name in out.stdout


def test_each_subcommand_has_help() -> None:
    for name in ("play", "replay", "review", "bench", "tournament"):
        out = run_game(name, "--help")
        assert out.returncode == 0, name
        assert "usage" in out.stdout.lower()


def test_bad_flag_is_one_line_exit_2() -> None:
    for args in (["--no-such-flag"], ["play", "--rules", "chess"], ["bench", "nothing"], ["play", "--seed", "x"]):
        out = run_game(*args)
        assert out.returncode == 2, args
        assert out.stdout == ""
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1, out.stderr
        assert "Traceback" not in out.stderr


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = 'python -m pip install ".[test]" && python -m pytest'
    assert command in readme
    assert command in ci.splitlines()
