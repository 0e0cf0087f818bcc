"""The server process: killed with -9 and started again it resumes its tables;
no one acts for another seat; hostile clients are refused or dropped while a
table plays on undisturbed."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.engine import load_record
from game.net.app.client import Client, ServerRefused, random_choice
from tests.net.conftest import ServerProcess


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def drain(client: Client, seconds: float = 0.2) -> None:
    try:
        while True:
            await client.receive(seconds)
    except TimeoutError:
        pass


async def until_seen(clients: tuple[Client, ...], actions: int, timeout: float = 60.0) -> None:
    """Receive until every client's view holds ``actions`` actions (not until a
    silence: on a busy machine the server's answer may come after any pause)."""
    for client in clients:
        deadline = time.monotonic() + timeout
        while client.followed.view is None or len(client.followed.view["history"]) < actions:
            await client.receive(max(0.1, deadline - time.monotonic()))


def test_a_server_killed_with_minus_9_resumes_its_tables(server: Any) -> None:
    async def before() -> tuple[list[Any], list[dict[str, Any]]]:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as bob:
            seated = [await ann.create("matador", 2, "Ann"), None]
            seated[1] = await bob.join(seated[0].table, "Bob")
            await ann.start()
            await until_seen((ann, bob), 0)
            rng = random.Random(2)
            for done in range(12):  # twelve actions, then the server dies
                mover = ann if ann.my_turn() else bob
                view = mover.followed.view
                assert view is not None and mover.my_turn()
                await mover.play(random_choice(view, rng))
                await until_seen((ann, bob), done + 1)
            views = [c.followed.view for c in (ann, bob)]
            return seated, views  # type: ignore[return-value]

    seated, views = run(before())
    server.kill()
    server.start()  # the same data folder, a new port
    assert "resumed (playing, 12 actions)" in server.log_text()

    async def after() -> dict[str, Any]:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as bob:
            for client, where in zip((ann, bob), seated):
                where.url = server.url
                await client.rejoin(where)
                await client.expect("round")
            for client, view in zip((ann, bob), views):
                assert client.followed.view == view  # exactly where it was
            results = await asyncio.gather(
                ann.play_match(random_choice, random.Random(1), timeout=30),
                bob.play_match(random_choice, random.Random(2), timeout=30),
            )
            assert results[0] == results[1]
            return results[0]  # type: ignore[no-any-return]

    over = run(after())
    match = load_record(over["record"])
    assert match.over
    first_round = over["record"]["rounds"][0]["actions"]
    assert first_round[: len(views[0]["history"])] == views[0]["history"]


def test_no_one_acts_for_another_seat_or_out_of_turn(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as bob:
            table = (await ann.create("leyden", 2, "Ann")).table
            bob_seat = await bob.join(table, "Bob")
            with pytest.raises(ServerRefused, match="only the host"):
                await bob.start()
                await bob.expect("never")
            await ann.start()
            await until_seen((ann, bob), 0)
            mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
            view = mover.followed.view
            assert view is not None
            history = len(view["history"])
            legal = view["legal"][0]
            refusals = {
                "for another seat": (mover, {**legal, "player": 1 - view["seat"]}, "you play seat"),
                "out of turn": (other, {k: v for k, v in legal.items() if k != "player"}, "not your turn"),
                "illegal": (mover, {"lay": "9-9", "on": "W", "touch": 9}, "action"),
                "nonsense": (mover, {"fly": True}, "exactly one of"),
            }
            for what, (client, action, reason) in refusals.items():
                await client.play(action)
                refused = await client.expect("refused")
                assert reason in refused["reason"], (what, refused)
            await drain(ann)
            await drain(bob)
            for client in (ann, bob):
                assert client.followed.view is not None and len(client.followed.view["history"]) == history
            # Another seat's token does not seat anyone: to its holder the table is no table.
            async with Client.connect(server.url) as thief:
                with pytest.raises(ServerRefused, match="there is no table"):
                    await thief.rejoin(type(bob_seat)(server.url, table, 0, bob_seat.token))
            # Reactions: three words, nothing else.
            await ann.react("well-played")
            assert (await bob.expect("reaction"))["reaction"] == "well-played"
            await ann.react("you are bad")
            assert "reaction must be" in (await ann.expect("refused"))["reason"]

    run(go())


async def raw(url: str, source: str = "127.0.0.1") -> Any:
    return await connect(url, open_timeout=60, compression=None, max_size=None, local_addr=(source, 0))


def test_hostile_clients_are_refused_and_dropped_while_a_table_plays_on(tmp_path: Path) -> None:
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home)
    try:
        _hostile_clients_while_a_table_plays_on(server)
    finally:
        server.stop()


def _hostile_clients_while_a_table_plays_on(server: Any) -> None:
    async def hostile() -> None:
        # Another protocol version: a clear refusal, then the door.
        async with await raw(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 99}))
            refused = json.loads(await ws.recv())
            assert refused["type"] == "refused" and "protocol 2, not 99" in refused["reason"]
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
        # Not a hello first.
        async with await raw(server.url) as ws:
            await ws.send("{nonsense")
            assert "first message must be" in json.loads(await ws.recv())["reason"]
        # Malformed JSON, unknown types and binary frames are answered, not fatal.
        async with await raw(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1}))
            assert json.loads(await ws.recv())["type"] == "hello"
            for bad, reason in (("{not json", "not valid JSON"), ('{"type": "teleport"}', "unknown message type"), ("[1, 2]", "JSON object"), (b"\x00\x01", "not binary"), ('{"type": "play"}', "create or join")):
                await ws.send(bad)
                answer = json.loads(await ws.recv())
                assert answer["type"] == "refused" and reason in answer["reason"], answer
            # Over 64 KB: closed with 1009 (message too big).
            await ws.send(json.dumps({"type": "react", "reaction": "x" * 70_000}))
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # An idle connection that never says hello is closed after the hello timeout (2 s here).
        started = time.monotonic()  # before the server accepts: its timer starts later
        async with await raw(server.url) as ws:
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4008  # the hello timeout
            assert time.monotonic() - started >= 1.9  # not before it ran out (however busy the machine)
        # A flood: rate-limited, then closed.
        async with await raw(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1}))
            await ws.recv()
            await ws.send(json.dumps({"type": "create", "rules": "matador", "players": 2, "name": "Flood"}))
            for _ in range(1500):
                await ws.send('{"type": "react", "reaction": "nice"}')
            answers = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    answers.append(json.loads(await ws.recv()))
            assert any("slow down" in a.get("reason", "") for a in answers)
            assert sum(1 for a in answers if a["type"] == "reaction") <= 60  # the burst, and a little more
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    async def crowd(count: int) -> list[Any]:
        """Connections that say hello and then sit there (the hello timeout is for joining),
        from 10 addresses of 127.0.0.0/8 (one address may open only so many)."""
        held: list[Any] = []
        for first in range(0, count, 50):  # fifty at a time: each handshake within the (short) hello timeout here
            held += await asyncio.gather(*(raw(server.url, f"127.0.0.{20 + n % 10}") for n in range(first, min(count, first + 50))))
        return held

    async def go() -> None:
        idle = await crowd(300)
        try:
            async with Client.connect(server.url) as ann, Client.connect(server.url) as bob:
                table = (await ann.create("all-sevens", 2, "Ann")).table
                await bob.join(table, "Bob")
                await ann.start()
                game = asyncio.gather(
                    ann.play_match(random_choice, random.Random(1), timeout=30),
                    bob.play_match(random_choice, random.Random(2), timeout=30),
                )
                await asyncio.gather(hostile(), game)
                over = game.result()[0]
                assert load_record(over["record"]).over  # played to the end (how fast: python -m game bench net)
        finally:
            await asyncio.gather(*(ws.close() for ws in idle), return_exceptions=True)

    run(go())
    assert server.alive()
    assert "Traceback" not in server.log_text()
