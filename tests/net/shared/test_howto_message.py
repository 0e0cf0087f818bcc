"""docs/architecture.md, "A network message", made in a test: a message of the
test's own ("nudge": a seated player asks another seat to hurry; that seat is
told ``nudged``) that is one entry in the server's list of a seated
connection's messages (``server.register_seated``). A real server in this
process, on an ephemeral port of 127.0.0.1, and two headless clients: the
message reaches the seat it names and no other, bad ones are refused with a
code (and count as strikes, as every bad message does), and once taken out it
is an unknown type again. The client needs no change to receive it (every
message reaches ``Client.expect`` and the app's ``on_message``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.net.app.client import Client
from game.net.server.conn import Conn
from game.net.shared.protocol import ProtocolError
from game.net.server.serve import listening
from game.net.server.endpoint import SEATED, Server, register_seated
from game.net.server.store import Store
from game.net.server.table import Table


def nudge(server: Server, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
    seat = msg.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat == conn.seat or seat not in table.net:
        raise ProtocolError("nudge another seat of this table", "bad_seat")
    table.net[seat].tell({"type": "nudged", "by": conn.seat})


@pytest.fixture
def nudging() -> Iterator[None]:
    remove = register_seated("nudge", nudge)
    yield
    remove()
    assert "nudge" not in SEATED


async def refused(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    await client.send(message)
    answer = await client.expect("refused")
    return answer


def test_a_registered_message_reaches_the_seat_it_names(tmp_path: Path, nudging: None) -> None:
    async def go() -> None:
        server = Server(Store(tmp_path / "tables.sqlite3"))
        async with listening(server, "127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}/"
            async with Client.connect(url) as ann, Client.connect(url) as bo, Client.connect(url) as stranger:
                assert (await refused(stranger, {"type": "nudge", "seat": 0}))["code"] == "not_seated"
                seated = await ann.create("matador", 3, "Ann", seats=["open", "open", "easy"])
                await bo.join(seated.table, "Bo")
                await ann.send({"type": "nudge", "seat": 1})
                told = await bo.expect("nudged")
                assert told["by"] == 0
                for bad in (0, 2, 7, "1", True, None):  # herself, a computer's seat, no seat, not a number
                    answer = await refused(ann, {"type": "nudge", "seat": bad})
                    assert answer["code"] == "bad_seat" and answer["about"] == "nudge", (bad, answer)
                await bo.send({"type": "nudge", "seat": 0})
                assert (await ann.expect("nudged"))["by"] == 1
                # Bo heard one nudge only: a refused one tells nobody
                await bo.send({"type": "react", "reaction": "well-played"})
                heard = [m["type"] for m in await until(bo, "reaction")]
                assert "nudged" not in heard

    asyncio.run(go())


async def until(client: Client, kind: str) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    while True:
        message = await client.receive()
        seen.append(message)
        if message["type"] == kind:
            return seen


def test_a_message_nobody_registered_is_an_unknown_type(tmp_path: Path) -> None:
    async def go() -> None:
        server = Server(Store(tmp_path / "tables.sqlite3"))
        async with listening(server, "127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}/"
            async with Client.connect(url) as ann:
                await ann.create("matador", 2, "Ann", seats=["open", "easy"])
                answer = await refused(ann, {"type": "nudge", "seat": 1})
                assert answer["code"] == "unknown_type"
                for odd in (["nudge"], {"a": 1}, 3):  # a type that is no string: refused, never a server error
                    assert (await refused(ann, {"type": odd}))["code"] in ("bad_message", "unknown_type")

    asyncio.run(go())


def test_a_message_cannot_be_registered_over_another() -> None:
    for kind in ("play", "join", "list"):
        with pytest.raises(ValueError):
            register_seated(kind, nudge)
    assert SEATED["play"] is not nudge and "join" not in SEATED
