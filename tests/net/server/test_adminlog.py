"""The admin's log of a real server: one JSON object a line with ``--log-json``,
each event with the client's address and the player's name, seats counted from
1, refused joins with their reason and code, a periodic status line with the
tables, connections and memory, and a summary when the server stops; and the
same events as lines of words without the option."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from game.net.app.client import Client, ServerRefused
from tests.net.conftest import ServerProcess


async def until_logged(server: ServerProcess, event: str, within_s: float = 30.0) -> None:
    """Wait until the server's JSON log holds an ``event`` line (fail after ``within_s``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within_s
    while loop.time() < deadline:
        for line in server.log_text().splitlines():
            try:
                if json.loads(line).get("event") == event:
                    return
            except ValueError:
                continue  # a line being written
        await asyncio.sleep(0.1)
    raise AssertionError(f"no {event!r} line in the server's log within {within_s:g} s")


def test_the_admin_s_log_as_json_lines(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    server = ServerProcess(home, "--log-json", "--housekeeping", "0.3", "--status", "0.6")

    async def go() -> None:
        async with Client.connect(server.url, source="127.0.0.7") as ann:
            table = (await ann.create("matador", 2, "Ann")).table
            async with Client.connect(server.url, source="127.0.0.8") as bo:
                await bo.join(table, "Bo")
            async with Client.connect(server.url, source="127.0.0.9") as eve:
                with pytest.raises(ServerRefused):
                    await eve.join("ZZZZ-ZZ", "Eve")
            await until_logged(server, "status")  # a status line (every 0.6 s; on a loaded machine later)

    asyncio.run(go())
    server.stop()
    lines = [json.loads(line) for line in server.log_text().splitlines() if line.strip()]
    events: dict[str, list[dict[str, Any]]] = {}
    for entry in lines:
        assert {"time", "level", "event", "message"} <= set(entry)
        events.setdefault(entry["event"], []).append(entry)
    (created,) = events["created"]
    assert created["name"] == "Ann" and created["address"] == "127.0.0.7" and created["message"].startswith(f"table {created['table']}: created by Ann [127.0.0.7]")
    seated = {e["name"]: e for e in events["seated"]}
    assert seated["Ann"]["seat"] == 1 and seated["Bo"]["seat"] == 2 and seated["Bo"]["address"] == "127.0.0.8"  # counted from 1
    (dropped,) = [e for e in events["dropped"] if e["name"] == "Bo"]
    assert dropped["seat"] == 2 and dropped["message"].endswith("Bo (seat 2) dropped [127.0.0.8]")
    (refused,) = events["refused"]
    assert refused["about"] == "join" and refused["code"] == "no_table" and refused["address"] == "127.0.0.9" and "ZZZZ-ZZ" in refused["reason"]
    status = events["status"][0]
    assert status["tables"] == 1 and status["lobby"] == 1 and isinstance(status["rss_mb"], float) and status["rss_mb"] > 5
    (stopped,) = events["stopped"]
    assert stopped["created"] == 1 and stopped["refused"] == 1 and stopped["peak_connections"] >= 2


def test_the_admin_s_log_in_words(server: Any) -> None:
    async def go() -> str:
        async with Client.connect(server.url) as ann:
            return (await ann.create("leyden", 2, "Ann")).table

    table = asyncio.run(go())
    server.stop()
    text = server.log_text()
    assert f"table {table}: created by Ann [127.0.0.1] (leyden, 2 players)" in text
    assert f"table {table}: Ann takes seat 1 [127.0.0.1]" in text and f"table {table}: Ann (seat 1) dropped [127.0.0.1]" in text
    assert "stopped after" in text and "tables created 1" in text
