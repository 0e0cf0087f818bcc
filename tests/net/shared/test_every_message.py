"""Every message type of a seated connection (``server.SEATED``, read when the
tests are collected: a message registered there is tested here with nothing
else added) has its handler, is refused to a connection without a seat, and
meets malformed input (its fields any hostile JSON value) with a refusal that
has a code, or with nothing, but never a server error: the connection still
answers afterwards. A real server in this process, on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from game.net.app.client import Client
from game.net.server.serve import listening
from game.net.server.endpoint import SEATED, Server
from game.net.server.store import Store

# What a hostile client may put in any field: the types a handler does not expect.
HOSTILE: list[Any] = [None, "x" * 300, -1, 2**40, 1.5, True, [], [0, 1], {}, {"tile": ["6-6"]}]
FIELDS = ("seat", "action", "reaction", "name", "accept", "to", "kind", "round")  # every field a handler reads today, and more


def malformed(kind: str) -> list[dict[str, Any]]:
    """Messages of ``kind`` with every field set to one hostile value in turn."""
    return [{"type": kind, **{field: value for field in FIELDS}} for value in HOSTILE]


async def answers_until_listed(client: Client) -> list[dict[str, Any]]:
    """Every message the server sends until it answers ``list`` (it still answers)."""
    await client.send({"type": "list"})
    seen: list[dict[str, Any]] = []
    while True:
        message = await client.receive(10.0)
        if message["type"] == "tables":
            return seen
        seen.append(message)


@pytest.mark.parametrize("kind", list(SEATED))
def test_every_seated_message_has_a_handler_and_refuses_what_is_malformed(tmp_path: Path, kind: str) -> None:
    assert callable(SEATED[kind])

    async def go() -> None:
        server = Server(Store(tmp_path / "tables.sqlite3"))
        async with listening(server, "127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}/"
            async with Client.connect(url) as stranger, Client.connect(url) as ann:
                await stranger.send({"type": kind})
                assert (await stranger.expect("refused", "tables"))["code"] == "not_seated"
                await ann.create("matador", 2, "Ann", seats=["open", "random"])
                for message in malformed(kind):
                    await ann.send(message)
                seen = await answers_until_listed(ann)
                refusals = [m for m in seen if m["type"] == "refused"]
                assert all(isinstance(m.get("code"), str) and m["code"] for m in refusals), refusals
                assert not any(m["code"] == "server_error" for m in refusals), refusals  # a handler's bug, not the client's fault
        server.close()

    asyncio.run(go())
