"""Who the app is on each server, kept in the user's files
(game/net/app/identity_keys.py): one secret per server address, written
atomically, sent in hello; a broken file is kept aside (never written over) and
said, and a secret the server gives again is kept."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

from game.net.app import identity_keys
from game.net.app.client import Client
from tests.net.conftest import ServerProcess

SECRET = "ab" * 32
ID = "0123456789abcdef"


def test_a_secret_is_kept_per_server_and_moves_with_the_files(_isolated_home: Path) -> None:
    assert identity_keys.secret_for("ws://127.0.0.1:47123/") is None
    identity_keys.keep("ws://127.0.0.1:47123/", SECRET, ID, "Ann")
    assert identity_keys.secret_for("wss://127.0.0.1:47123") == SECRET  # one server, whichever scheme
    assert identity_keys.secret_for("127.0.0.1") == SECRET  # the default port
    assert identity_keys.secret_for("ws://127.0.0.1:47124/") is None  # another server
    identity_keys.keep("ws://127.0.0.1:47123/", None, ID, "Annie")  # no new secret: the old one kept
    assert identity_keys.entry_for("ws://127.0.0.1:47123/") == {"secret": SECRET, "id": ID, "name": "Annie"}
    data = json.loads(identity_keys.path().read_text())
    assert data["format"] == identity_keys.FORMAT and list(data["servers"]) == ["127.0.0.1:47123"]
    assert not list(identity_keys.path().parent.glob(".*.tmp"))  # written atomically
    if os.name == "posix":
        assert identity_keys.path().stat().st_mode & 0o077 == 0  # the user's alone


def test_a_corrupt_file_is_kept_aside_and_said_before_a_new_identity(_isolated_home: Path) -> None:
    path = identity_keys.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for broken in ("{not json", json.dumps({"format": identity_keys.FORMAT, "servers": {"h:1": {"secret": "short"}}}), "[]"):
        path.write_text(broken)
        assert identity_keys.secret_for("ws://h:1/") is None
        said = identity_keys.problem()
        assert said is not None and "could not be read" in said and "kept as" in said
        assert identity_keys.problem() is None  # told once
        kept = sorted(path.parent.glob(f"{path.name}.broken-*"), key=lambda p: p.stat().st_mtime)
        assert kept and kept[-1].read_text() == broken  # nothing lost
        identity_keys.keep("ws://h:1/", SECRET, ID, None)  # only then a new file
        assert identity_keys.secret_for("ws://h:1/") == SECRET
        path.unlink()


def test_what_a_server_says_is_checked_before_it_is_kept(_isolated_home: Path) -> None:
    url = "ws://127.0.0.1:9/"
    for hostile in (None, "x", {"id": "../../etc"}, {"id": ID, "secret": "not hex"}, {"id": ID, "secret": SECRET * 10}, {"id": 5}):
        assert identity_keys.heard(url, hostile) is None
    assert identity_keys.secret_for(url) is None
    assert identity_keys.heard(url, {"id": ID, "name": "x" * 1000, "secret": SECRET}) == {"id": ID, "name": None}
    assert identity_keys.secret_for(url) == SECRET


def test_the_app_says_who_it_is_and_is_the_same_after_a_restart(tmp_path: Path) -> None:
    with socket.socket() as probe:  # one port for both runs: the secret is kept by the server's address
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home, "--port", str(port))
    try:
        _same_after_a_restart(server)
    finally:
        server.stop()


def _same_after_a_restart(server: ServerProcess) -> None:
    async def connect() -> dict[str, Any] | None:
        async with Client.connect(server.url, identity=True) as client:
            if client.identity is not None and client.identity["name"] is None:
                await client.create("matador", 2, "Ann")
            return client.identity

    first = asyncio.run(connect())
    assert first is not None and first["name"] is None
    secret = identity_keys.secret_for(server.url)
    assert secret is not None
    server.stop()
    server.start()
    again = asyncio.run(connect())
    assert again is not None and {k: again[k] for k in ("id", "name")} == {"id": first["id"], "name": "Ann"}
    assert again["ratings"]["matador"]["matches"] == 0  # (and its ratings there: game/net/app/leaderboard.py reads them)
    assert identity_keys.secret_for(server.url) == secret


def test_the_app_s_session_says_who_it_is_on_its_own(server: Any) -> None:
    from game.net.app.session import Session

    session = Session.create(server.url, "matador", 2, "Ann")
    session.start()
    try:
        end = time.monotonic() + 30
        while session.seated is None:
            assert time.monotonic() < end and session.state != "failed"
            time.sleep(0.01)
        assert session.who is not None and identity_keys.entry_for(server.url) is not None
        assert identity_keys.entry_for(server.url)["id"] == session.who["id"]  # type: ignore[index]
    finally:
        session.close()
