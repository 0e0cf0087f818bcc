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


def test_serve_help_gives_every_default_and_the_data_folder(tmp_path: Path) -> None:
    import os

    from game.net.shared.protocol import DEFAULT_PORT
    from game.net.server.endpoint import HELLO_TIMEOUT_S, MAX_CONNECTIONS, MAX_TABLES

    out = subprocess.run(
        [sys.executable, "-m", "game", "serve", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "MATADOR_HOME": str(tmp_path)}, check=True,
    )
    text = " ".join(out.stdout.split())  # (argparse wraps the lines)
    for option, default in (("--port", DEFAULT_PORT), ("--max-tables", MAX_TABLES), ("--max-connections", MAX_CONNECTIONS), ("--hello-timeout", f"{HELLO_TIMEOUT_S:g}")):
        said = text.rsplit(f" {option} ", 1)[-1].split(" --", 1)[0]  # the option's own help (its last mention)
        assert f"(default {default}" in said, (option, said)
    assert str(tmp_path / "data" / "server") in "".join(out.stdout.split()) and "MATADOR_HOME" in text  # (wrapped at a hyphen, maybe)
