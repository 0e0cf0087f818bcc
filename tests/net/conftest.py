"""Real processes on 127.0.0.1: a server (``python -m game serve --port 0``) and
headless players (``python -m game.net.app.bot``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """``python -m game serve`` on an ephemeral port of 127.0.0.1."""

    def __init__(self, home: Path, *extra: str):
        self.home = home
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.start()

    def start(self) -> None:
        env = {**os.environ, "MATADOR_HOME": str(self.home)}
        self.log = open(self.home.parent / f"server-{time.monotonic_ns()}.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--port", "0", "--hello-timeout", "2", *self.extra],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # "serving ws://127.0.0.1:PORT/ (data: ...)" (wss:// with --tls-cert)
        assert line.startswith(("serving ws://127.0.0.1:", "serving wss://127.0.0.1:")), line
        self.url = line.split()[1]

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log_text(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return Path(self.log.name).read_text()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    home = tmp_path / "server-home"
    home.mkdir()
    process = ServerProcess(home)
    yield process
    process.stop()


@pytest.fixture
def bot() -> type[Bot]:
    """The class of a bot process: ``bot(server.url, "--join", code, ...)``."""
    return Bot


class Bot:
    """``python -m game.net.app.bot``: one headless player in its own process."""

    def __init__(self, url: str, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.net.app.bot", url, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def line(self, word: str, timeout: float = 30.0) -> dict[str, Any]:
        """The data of the next line starting with ``word`` (the bot's stdout)."""
        assert self.proc.stdout is not None
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.proc.stdout.readline()
            if not text:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise AssertionError(f"the bot ended before {word}: {err[-2000:]}")
            if text.startswith(word + " "):
                data: dict[str, Any] = json.loads(text.split(" ", 1)[1])
                return data
        raise AssertionError(f"no {word} line in {timeout} s")

    def finish(self, timeout: float = 60.0) -> dict[str, Any]:
        over = self.line("OVER", timeout)
        assert self.proc.wait(timeout) == 0
        return over

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(5)
