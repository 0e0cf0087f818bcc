"""The headless core and the server never load pygame (mypy --strict over the
whole package: tests/test_types.py); ``serve`` at its edges: a port it cannot
listen on, a bad flag, a data folder another server holds (and one a killed
server left), and a Ctrl+C (or SIGTERM) that stops it without a word from its workers."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.app.client import Client, random_choice
from tests.net.conftest import ServerProcess

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


def test_a_second_server_on_a_data_folder_in_use_exits_and_a_killed_one_s_lock_does_not_stop_a_restart(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    folder = home / "data" / "server"
    first = ServerProcess(home)
    try:
        assert first.proc is not None
        pid = first.proc.pid

        async def create() -> str:
            async with Client.connect(first.url) as ann:
                return (await ann.create("matador", 2, "Ann")).table

        table = asyncio.run(create())
        # a second server on the same folder, on another port (any free one): it stops at once
        env = {**os.environ, "MATADOR_HOME": str(home)}
        second = subprocess.run(
            [sys.executable, "-m", "game", "serve", "--port", "0"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert second.returncode == 1 and second.stdout == ""
        (line,) = second.stderr.strip().splitlines()
        assert line == (
            f"serve: the data folder {folder} is in use by another server (process {pid}); stop it, or give this one another MATADOR_HOME"
        )
        assert first.alive() and f"table {table}: resumed" not in first.log_text()
        # kill -9 leaves the lock file, with the dead server's pid: a restart takes it over
        first.kill()
        assert (folder / "serve.lock").read_text().strip() == str(pid)
        first.start()
        assert first.proc is not None and first.alive()
        assert (folder / "serve.lock").read_text().strip() == str(first.proc.pid)

        async def back() -> None:  # the restarted server has the table
            async with Client.connect(first.url) as bo:
                await bo.join(table, "Bo")

        asyncio.run(back())
    finally:
        first.stop()
    assert f"table {table}: resumed" in first.log_text()


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_to_the_group_stops_the_server_and_its_workers_without_a_traceback(tmp_path: Path, stop: signal.Signals) -> None:
    """Ctrl+C reaches the whole process group of the terminal: the server and its
    thinking workers (once one has thought a computer's move, so they are up); so
    does a service manager's SIGTERM (systemd's, to the whole group)."""
    env = {**os.environ, "MATADOR_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--port", "0"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[1]

        async def a_computer_moves() -> None:
            async with Client.connect(url) as ann:
                await ann.create("matador", 2, "Ann", seats=["open", "medium"])
                await ann.start()
                rng = random.Random(1)
                while True:
                    view = ann.followed.view
                    if view is not None and any(action.get("player") == 1 for action in view["history"]):
                        return  # the medium computer thought in a worker process
                    if ann.my_turn() and view is not None:
                        await ann.play(random_choice(view, rng))
                    await ann.receive()

        asyncio.run(a_computer_moves())
        os.killpg(proc.pid, stop)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    assert proc.returncode == 0, err
    assert err.count("stopped after") == 1
    for word in ("Traceback", "Process SpawnProcess", "KeyboardInterrupt"):
        assert word not in err, err
