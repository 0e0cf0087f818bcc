"""No client can hurt the others (a real server process on 127.0.0.1, clients from
several addresses of 127.0.0.0/8 as from several machines): one client's hard
computers and another table's easy computer share the thinking fairly; a huge
match target is refused; guessing codes is slowed down, and a table that has
started looks like no table to a stranger; each address holds only so many
connections and tables; a dropped or flooded request is answered; a replaced
connection is closed; a connection without a seat does not stay; a hello whose
version has thousands of digits is refused like any other."""

from __future__ import annotations

import asyncio
import json
import random
import re
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net.app.client import Client, ServerRefused, random_choice
from game.net.server.thinking import ThinkPool
from tests.net.conftest import ServerProcess

VICTIM, ATTACKER, OTHER = "127.0.0.2", "127.0.0.3", "127.0.0.4"


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    started: list[ServerProcess] = []

    def start(*extra: str) -> ServerProcess:
        home = tmp_path / f"home-{len(started)}"
        home.mkdir()
        started.append(ServerProcess(home, *extra))
        return started[-1]

    yield start
    for process in started:
        process.stop()


async def raw(url: str, source: str = VICTIM) -> Any:
    return await connect(url, open_timeout=5, compression=None, max_size=None, local_addr=(source, 0))


async def hello(ws: Any) -> None:
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    assert json.loads(await ws.recv())["type"] == "hello"


async def refusal(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "refused":
            return message  # type: ignore[no-any-return]


# Computers ------------------------------------------------------------------------------
def test_one_client_s_hard_computers_do_not_take_another_table_s_turns(serve: Callable[..., ServerProcess]) -> None:
    """The victim's computer is a medium one, which searches in the workers like
    the attacker's hard ones (one that does not search decides at once, queued behind nobody:
    the next test)."""
    server = serve("--think-workers", "2")
    victim_moves = 0

    async def attacker_table(client: Client, stop: asyncio.Event) -> None:
        rng = random.Random(1)
        while not stop.is_set() and client.followed.over is None:
            view = client.followed.view
            if client.my_turn() and view is not None:
                await client.play(random_choice(view, rng))
            try:
                await client.receive(0.2)
            except TimeoutError:
                pass

    async def go() -> None:
        nonlocal victim_moves
        stop = asyncio.Event()
        attackers: list[Client] = []
        contexts = []
        for _ in range(4):  # 4 tables of 3 hard computers: the address's most (12)
            context = Client.connect(server.url, source=ATTACKER)
            client = await context.__aenter__()
            contexts.append(context)
            await client.create("matador", 4, "Mallory", seats=["open", "hard", "hard", "hard"], options={"target_score": 200})
            await client.start()
            attackers.append(client)
        async with Client.connect(server.url, source=ATTACKER) as greedy:
            with pytest.raises(ServerRefused, match="computers at most"):
                await greedy.create("matador", 4, "Mallory", seats=["open", "hard", "hard", "hard"])
        flood = [asyncio.create_task(attacker_table(c, stop)) for c in attackers]
        async with Client.connect(server.url, source=VICTIM) as ann:
            await ann.create("matador", 2, "Ann", seats=["open", "medium"], options={"target_score": 200})
            await ann.start()
            rng = random.Random(2)
            seen = 0
            while victim_moves < 12 and ann.followed.over is None:
                view = ann.followed.view
                if ann.my_turn() and view is not None:
                    await ann.play(random_choice(view, rng))
                message = await ann.receive(30)
                if message["type"] in ("played", "turn") and message.get("action", {}).get("player") == 1:
                    victim_moves += 1
                seen += 1
        stop.set()
        await asyncio.gather(*flood)
        for context in contexts:
            await context.__aexit__(None, None, None)

    asyncio.run(go())
    assert victim_moves >= 12
    server.stop()
    summary = re.search(r"computer decisions (\d+) in the workers for (\d+) clients and \d+ at once, a decision waiting behind at most ([\d.]+)", server.log_text())
    assert summary is not None, server.log_text()[-2000:]
    decisions, owners, most_ahead = int(summary[1]), int(summary[2]), float(summary[3])
    assert owners == 2 and decisions > 12
    assert most_ahead <= 1.0  # two clients served in turn: at most one of the other's per decision of one's own


def test_a_computer_that_does_not_search_decides_at_once_whatever_the_workers_are_doing() -> None:
    from game.ai import levels
    from game.net.server.thinking import inline

    quick = next(level.id for level in levels.levels() if inline(level.id))  # the registry's (random: budget 0)

    class Stuck:
        def submit(self, fn: Any, *args: Any) -> Future[Any]:
            return Future()  # never done: every worker busy for ever

    async def go() -> list[Any]:
        pool = ThinkPool(1, executor=Stuck())  # type: ignore[arg-type]
        pool.think("mallory", "hard", None, 0, lambda action: None)  # takes the only worker
        pool.think("mallory", "hard", None, 0, lambda action: None)  # waits for it
        from game.engine import Match, PlayerInfo, Rules

        match = Match(Rules.from_base("matador", 2), [PlayerInfo("A", "human"), PlayerInfo("B", "computer", quick)], 3)
        match.next_round()
        seat = match.round.current_player
        assert seat is not None
        decided: list[Any] = []
        pool.think("ann", quick, match.view(seat), 1, decided.append)
        await asyncio.sleep(0.01)
        assert pool.figures.inline == 1 and pool.waiting() == 1
        return decided

    (action,) = asyncio.run(go())
    assert action is not None


def test_the_thinking_pool_serves_owners_in_turn() -> None:
    """In process, with a pool whose work ends when the test says: 20 decisions of
    one owner queued first, then one of another: the other's starts next."""

    class Manual:
        def __init__(self) -> None:
            self.running: list[Future[Any]] = []
            self.order: list[str] = []

        def submit(self, fn: Any, *args: Any) -> Future[Any]:
            future: Future[Any] = Future()
            self.order.append("ann" if args[0] == "medium" else "mallory")  # (the level says whose it is here)
            self.running.append(future)
            return future

    async def go() -> list[str]:
        manual = Manual()
        pool = ThinkPool(2, executor=manual)  # type: ignore[arg-type]
        for _ in range(20):
            pool.think("mallory", "hard", None, 0, lambda action: None)
        pool.think("ann", "medium", None, 0, lambda action: None)
        for _ in range(8):
            manual.running.pop(0).set_result(None)
            await asyncio.sleep(0.01)
        assert pool.figures.most_ahead <= 1.0
        return manual.order

    order = asyncio.run(go())
    # Two of Mallory's were running when Ann's came; one more of Mallory's (first in
    # line then) started before it, and no other.
    assert order[:4] == ["mallory", "mallory", "mallory", "ann"] and order.count("ann") == 1


# Bounded options ----------------------------------------------------------------------
def test_a_huge_match_target_and_options_no_rule_set_offers_are_refused(serve: Callable[..., ServerProcess]) -> None:
    server = serve()

    async def go() -> None:
        async with Client.connect(server.url, source=VICTIM) as ann:
            for options, said in (
                ({"target_score": 10**18}, "target_score"),
                ({"target_score": 201}, "target_score"),
                ({"hand_size": 14}, "hand_size"),
                ({"sneaky": 1}, "cannot be set"),
            ):
                with pytest.raises(ServerRefused, match=said):
                    await ann.create("matador", 2, "Ann", options=options)
            seated = await ann.create("matador", 2, "Ann", options={"target_score": 200})
            assert seated.seat == 0

    asyncio.run(go())


# Guessing -----------------------------------------------------------------------------
def test_guessing_codes_is_slowed_down_and_a_started_table_looks_like_no_table(serve: Callable[..., ServerProcess]) -> None:
    server = serve()

    async def go() -> None:
        async with Client.connect(server.url, source=VICTIM) as ann, Client.connect(server.url, source=OTHER) as bob:
            table = (await ann.create("matador", 2, "Ann")).table
            bob_seat = await bob.join(table, "Bob")
            await ann.start()
            ws = await raw(server.url, ATTACKER)
            await hello(ws)
            reasons = []
            for n in range(21):
                await ws.send(json.dumps({"type": "join", "table": f"ZZZZ-{n:02d}".replace("0", "A").replace("1", "B"), "name": "Eve"}))
                reasons.append((await refusal(ws))["code"])
            assert reasons[:20] == ["no_table"] * 20 and reasons[20] == "too_many_tries"
            with pytest.raises(ConnectionClosed) as closed:  # still guessing after being told: the door
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            # Even the right code is refused to that address for now.
            ws = await raw(server.url, ATTACKER)
            await hello(ws)
            await ws.send(json.dumps({"type": "join", "table": table, "name": "Eve"}))
            assert (await refusal(ws))["code"] == "too_many_tries"
            await ws.close()
            # To another stranger, the started table is no table: as a code that leads nowhere.
            fresh = await raw(server.url, "127.0.0.5")
            await hello(fresh)
            for request in (
                {"type": "join", "table": table, "name": "Eve"},
                {"type": "rejoin", "table": table, "seat": 1, "token": "0" * 32},
                {"type": "join", "table": "ZZZZ-ZZ", "name": "Eve"},
            ):
                await fresh.send(json.dumps(request))
                answer = await refusal(fresh)
                assert answer["code"] == "no_table" and answer["reason"].startswith("there is no table"), answer
            await fresh.close()
            assert bob_seat.seat == 1

    asyncio.run(go())


# Per-address caps ---------------------------------------------------------------------
def test_one_address_holds_only_so_many_connections_and_tables(serve: Callable[..., ServerProcess]) -> None:
    server = serve("--per-address-connections", "6", "--per-address-tables", "2")

    async def go() -> None:
        held = [await raw(server.url, ATTACKER) for _ in range(6)]
        for ws in held:
            await hello(ws)
        with pytest.raises(InvalidStatus) as refused:  # answered before its handshake
            await raw(server.url, ATTACKER)
        assert refused.value.response.status_code == 503
        for ws in held[:3]:
            await ws.send(json.dumps({"type": "create", "rules": "matador", "players": 2, "name": "Mallory"}))
        answers = [json.loads(await held[i].recv()) for i in range(3)]
        assert [a["type"] for a in answers].count("joined") == 2
        assert any(a.get("code") == "address_tables" for a in answers)
        async with Client.connect(server.url, source=VICTIM) as ann:  # another address still can
            assert (await ann.create("matador", 2, "Ann")).seat == 0
        for ws in held:
            await ws.close()

    asyncio.run(go())


def test_finished_tables_count_against_the_table_cap(serve: Callable[..., ServerProcess]) -> None:
    server = serve("--max-tables", "1")

    async def go() -> None:
        async with Client.connect(server.url, source=VICTIM) as ann:
            await ann.create("leyden", 2, "Ann", seats=["open", "random"], options={"target_score": None})
            await ann.start()
            await ann.play_match(random_choice, random.Random(1), timeout=60)
            async with Client.connect(server.url, source=OTHER) as bob:
                with pytest.raises(ServerRefused, match="its most"):
                    await bob.create("leyden", 2, "Bob")

    asyncio.run(go())


# Answers, closes ----------------------------------------------------------------------
def test_every_message_of_a_flood_is_answered_and_sync_is_rate_limited(serve: Callable[..., ServerProcess]) -> None:
    server = serve()

    async def go() -> None:
        async with Client.connect(server.url, source=VICTIM) as ann, Client.connect(server.url, source=OTHER) as bob:
            table = (await ann.create("matador", 2, "Ann")).table
            await bob.join(table, "Bob")
            await ann.start()
            await asyncio.sleep(0.3)
            waiting = bob if ann.my_turn() else ann
            for _ in range(45):  # not its turn: each play is refused, by the game or by the rate limit
                await waiting.ws.send(json.dumps({"type": "play", "action": {"pass": True}}))
            codes = []
            while len(codes) < 45:
                message = await waiting.receive(5)
                if message["type"] == "refused":
                    codes.append(message["code"])
            assert "slow_down" in codes and "illegal" in codes
            await asyncio.sleep(2.5)  # the bucket fills again
            for _ in range(10):
                await waiting.ws.send(json.dumps({"type": "sync"}))
            rounds = refused = 0
            while rounds + refused < 10:
                message = await waiting.receive(5)
                rounds += message["type"] == "round"
                refused += message.get("code") == "slow_down"
            assert 1 <= rounds <= 6 and refused >= 4

    asyncio.run(go())


def test_a_replaced_connection_is_closed_and_a_connection_without_a_seat_does_not_stay(serve: Callable[..., ServerProcess]) -> None:
    server = serve()

    async def go() -> None:
        async with Client.connect(server.url, source=VICTIM) as ann, Client.connect(server.url, source=OTHER) as bob:
            table = (await ann.create("matador", 2, "Ann")).table
            seated = await bob.join(table, "Bob")
            async with Client.connect(server.url, source=OTHER) as bob_again:
                await bob_again.rejoin(seated)
                closed = await bob.expect("closed")
                assert closed["by"] == "seat"
                with pytest.raises(ConnectionClosed) as ended:
                    while True:
                        await bob.receive(5)
                assert ended.value.rcvd is not None and ended.value.rcvd.code == 4009
            # Ann leaves her seat: the connection, holding none, is closed after the hello timeout (2 s here).
            await ann.send({"type": "leave"})
            with pytest.raises(ConnectionClosed) as ended:
                while True:
                    await ann.receive(10)
            assert ended.value.rcvd is not None and ended.value.rcvd.code == 4008

    asyncio.run(go())


def test_a_hello_with_a_version_of_thousands_of_digits_is_refused_like_any_other(serve: Callable[..., ServerProcess]) -> None:
    server = serve()

    async def go() -> None:
        for digits in (5000, 4000):
            ws = await raw(server.url)
            await ws.send('{"type": "hello", "protocol": ' + "9" * digits + "}")
            answer = json.loads(await ws.recv())
            assert answer["type"] == "refused" and answer["about"] == "hello"
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
        ws = await raw(server.url)  # an older client (protocol 1) is still served
        await ws.send(json.dumps({"type": "hello", "protocol": 1}))
        assert json.loads(await ws.recv()) == {"type": "hello", "protocol": 1, "server": json.loads(await _server_hello(server.url))["server"]}
        await ws.close()

    asyncio.run(go())
    assert "Traceback" not in server.log_text()


async def _server_hello(url: str) -> str:
    ws = await raw(url)
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    text: str = await ws.recv()
    await ws.close()
    return text
