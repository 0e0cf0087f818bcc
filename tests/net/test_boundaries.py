"""The headless core and the server never load pygame (mypy --strict over the
whole package: tests/test_types.py)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_server_and_the_referee_load_no_pygame() -> None:
    code = "import sys, game.net.server.endpoint, game.net.app.client, game.play.referee, game.commands.cli; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_serve_says_clearly_when_it_cannot_listen(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "game", "serve", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=20,
            env={"MATADOR_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
    assert out.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr


def test_serve_refuses_a_bad_flag() -> None:
    for flags, words in ((["--port", "many"], "--port"), (["--hello-timeout", "-1"], "--hello-timeout must be")):
        out = subprocess.run([sys.executable, "-m", "game", "serve", *flags], cwd=ROOT, capture_output=True, text=True)
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr
