"""Watching a table through a real server on 127.0.0.1 (``python -m game serve``):
every message a watcher is sent, over whole matches of every rule set of the
registry, names no hidden tile before the round's end reveals the deal; watchers
are bounded per table and per address; the host closes a table to watchers (kept
after a restart); a watcher leaves mid-match and costs the table nothing; hostile
``watch`` messages get a clear refusal."""

from __future__ import annotations

import asyncio
import json
import random
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.engine import RULE_SETS, NO_SEAT, Rules, parse_tile
from game.net.app.client import Client, ServerRefused, random_choice
from game.net.server.watchers import PER_ADDRESS, PER_TABLE
from game.net.shared.protocol import apply_change, reveal_holds
from tests.net.server.test_play import laid, tiles_in


def check_watcher_wire(lines: list[str], rules: Rules) -> int:
    """Every message a watcher was sent before a round's end names only tiles
    already on the table (and a forced lead, public by the rules), never the deal's
    seed or salt, and its view holds no hand and no move; each deal revealed is
    the one committed to. Returns how many messages were checked."""
    lines = [line for line in lines if line.strip()]
    messages = [json.loads(line) for line in lines]
    reveals = {m["round"]: m for m in messages if m["type"] == "round_over"}
    commitments = {m["view"]["round"]: m["commitment"] for m in messages if m["type"] == "round"}
    for r, reveal in reveals.items():
        assert reveal_holds(rules, commitments[r], reveal), f"round {r}: the deal is not the one committed to"
        told_at = next(i for i, m in enumerate(messages) if m["type"] == "round_over" and m["round"] == r)
        for line in lines[:told_at]:
            assert reveal["deal_seed"] not in line and reveal["salt"] not in line, f"round {r}'s secrets were sent early"
    checked, r, history = 0, -1, 0
    full: dict[str, Any] | None = None
    for message, line in zip(messages, lines):
        if message["type"] in ("round_over", "match_over", "rounds"):  # rounds over: their deals are no secret
            continue
        view = message.get("view")
        if view is not None:
            assert view["seat"] == NO_SEAT and view["hand"] == [] and view["legal"] == [], line[:300]
            full = view if "history" in view else apply_change(full, message) if full is not None else None
            assert full is not None
            view = full
            r, history = view["round"], len(view["history"])
        if r < 0:
            assert not tiles_in(line), line
            continue
        public = reveals[r]["actions"][:history]
        if view is not None:
            assert view["history"] == public
        allowed = laid(public)
        if view is not None and "lead" in view:  # a forced lead, announced: the tile laid first
            first = next(parse_tile(a["lay"]) for a in reveals[r]["actions"] if "lay" in a)
            assert parse_tile(view["lead"]) == first
            allowed.add(first)
        leaked = tiles_in(line) - allowed
        assert not leaked, f"a watcher was sent {sorted(leaked)} in {line[:300]}"
        checked += 1
    return checked


async def until(client: Client, kind: str, timeout: float = 10.0, where: Any = None) -> dict[str, Any]:
    while True:
        message = await client.receive(timeout)
        if message["type"] == kind and (where is None or where(message)):
            return message


async def keep_reading(client: Client) -> None:
    while True:
        await client.receive(60)


async def told(client: Client, holds: Any, timeout: float = 30.0) -> None:
    """Until the lobby the client last heard (read by ``keep_reading``) is as ``holds`` says."""
    for _ in range(int(timeout / 0.02)):
        lobby = client.followed.lobby
        if lobby is not None and holds(lobby):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the lobby is still {client.followed.lobby}")


async def watch_to_the_end(watcher: Client, timeout: float = 120.0) -> None:
    while watcher.followed.over is None:
        await watcher.receive(timeout)


def test_a_watcher_of_every_rule_set_sees_no_hidden_tile_over_whole_matches(server: Any) -> None:
    async def one(index: int, base: str, players: int) -> tuple[list[str], dict[str, Any], int]:
        source = f"127.0.0.{10 + index}"  # each table from an address of its own (its computers' share)
        wire: list[str] = []
        async with Client.connect(server.url, source=source) as host, Client.connect(server.url, wire, source=f"127.0.1.{10 + index}") as watcher:
            seated = await host.create(base, players, "Host", seats=["open"] + ["easy"] * (players - 1), listed=True)
            await watcher.watch(seated.table)
            lobby = await until(host, "table", where=lambda m: m["watchers"] == 1)
            assert lobby["watchers"] == 1  # the seats are told how many watch
            await host.start()
            over = await host.play_match(random_choice, random.Random(index), timeout=120.0)
            await watch_to_the_end(watcher)
            assert watcher.followed.over is not None and watcher.followed.over["totals"] == over["totals"]
            return wire, over, len(watcher.followed.rounds)

    async def go() -> list[tuple[str, int, tuple[list[str], dict[str, Any], int]]]:
        games = [(base, info.max_players if info.max_players <= 4 else info.min_players + 1) for base, info in RULE_SETS.items()]
        done = [await one(i, base, players) for i, (base, players) in enumerate(games)]  # one table after another
        return [(base, players, result) for (base, players), result in zip(games, done)]

    results = asyncio.run(go())
    assert {base for base, _, _ in results} == set(RULE_SETS)
    for base, players, (wire, over, rounds) in results:
        rules = Rules.from_base(base, players)
        # every message checked, at least one for each move of the match (a short match is short)
        assert check_watcher_wire(wire, rules) > sum(len(r["actions"]) for r in over["record"]["rounds"])
        assert rounds == len(over["record"]["rounds"])  # every round's end was told, its deal revealed
    # The inspection itself would see a leak: a hand's tile slipped into the watcher's stream.
    wire = results[0][2][0]
    first = next(json.loads(line) for line in wire if '"round_over"' in line)
    at = next(i for i, line in enumerate(wire) if line.startswith('{"type":"round"'))
    hidden = first["deal"]["hands"][1][-1]
    leak = json.dumps({"type": "reaction", "seat": 1, "reaction": hidden})
    with pytest.raises(AssertionError, match="was sent"):
        check_watcher_wire(wire[: at + 1] + [leak] + wire[at + 1 :], Rules.from_base(results[0][0], results[0][1]))


def test_watchers_are_bounded_per_table_and_per_address_and_may_leave_mid_match(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as host:
            # (one round: the match goes on to its end after its watcher left, as a long one would)
            table = (await host.create("leyden", 2, "Host", seats=["open", "easy"], options={"target_score": None})).table
            reading = asyncio.create_task(keep_reading(host))  # the host reads all it is told (a client that does not read is dropped)
            # Per table: PER_TABLE watchers, from addresses that each stay under their own bound.
            async with AsyncExitStack() as stack:
                for i in range(PER_TABLE):
                    client = await stack.enter_async_context(Client.connect(server.url, source=f"127.0.2.{1 + i // PER_ADDRESS}"))
                    await client.watch(table)
                    # each reads what it is told, as an app does (a client whose unread messages
                    # fill its queue reads its close only at the close's 2 s timeout)
                    stack.callback(asyncio.create_task(keep_reading(client)).cancel)
                one_too_many = await stack.enter_async_context(Client.connect(server.url, source="127.0.3.1"))
                with pytest.raises(ServerRefused) as refused:
                    await one_too_many.watch(table)
                assert refused.value.code == "watchers_full"
                await told(host, lambda lobby: lobby["watchers"] == PER_TABLE)
            await told(host, lambda lobby: lobby["watchers"] == 0)  # gone with their connections
            # Per address: PER_ADDRESS tables watched at once, then a refusal.
            tables = [table] + [(await _table(server.url, f"127.0.4.{i}")) for i in range(PER_ADDRESS)]
            async with AsyncExitStack() as stack:
                opened = []
                for code in tables[:-1]:
                    opened.append(await stack.enter_async_context(Client.connect(server.url, source="127.0.5.1")))
                    await opened[-1].watch(code)
                last = await stack.enter_async_context(Client.connect(server.url, source="127.0.5.1"))
                with pytest.raises(ServerRefused) as refused:
                    await last.watch(tables[-1])
                assert refused.value.code == "address_watching"
                await opened[0].send({"type": "leave"})  # one leaves: the address may watch another
                await until(opened[0], "left")
                await last.watch(tables[-1])
                # A watcher may not play, start nor take a seat.
                for message in ({"type": "play", "action": {"draw": 1}}, {"type": "start"}, {"type": "join", "table": table, "name": "Wat"}):
                    await opened[1].send(message)
                    assert (await until(opened[1], "refused"))["code"] == "watching"
            reading.cancel()
            # A watcher who leaves mid-match costs the table nothing: the match goes on to its end.
            async with Client.connect(server.url) as watcher:
                await watcher.watch(table)
                await host.start()
                playing = asyncio.create_task(host.play_match(random_choice, random.Random(3), timeout=120.0))
                await until(watcher, "played")
                await watcher.send({"type": "leave"})
                await until(watcher, "left")
                over = await playing
                assert over["winner"] is not None and host.followed.lobby is not None and host.followed.lobby["watchers"] == 0

    asyncio.run(go())


async def _table(url: str, source: str) -> str:
    """A table left in its lobby (its creator's connection closed: the seat held)."""
    async with Client.connect(url, source=source) as host:
        return (await host.create("leyden", 2, "Host", seats=["open", "easy"])).table


def test_the_host_closes_a_table_to_watchers_and_it_stays_closed_after_a_restart(server: Any) -> None:
    async def first() -> tuple[str, Any]:
        async with Client.connect(server.url) as host, Client.connect(server.url) as watcher, Client.connect(server.url) as guest:
            seated = await host.create("matador", 3, "Host", seats=["open", "open", "easy"], listed=True)
            await guest.join(seated.table, "Guest")
            await watcher.watch(seated.table)
            await guest.send({"type": "watchers", "open": False})
            assert (await until(guest, "refused"))["code"] == "host_only"
            await host.send({"type": "watchers", "open": "no"})
            assert (await until(host, "refused"))["code"] == "bad_message"
            await host.send({"type": "watchers", "open": False})
            closed = await until(watcher, "closed")
            assert closed["code"] == "unwatched" and "closed this table to watchers" in closed["reason"]
            with pytest.raises(ConnectionClosed):
                while True:
                    await watcher.receive(5)
            lobby = await until(guest, "table", where=lambda m: m.get("watchable") is False)
            assert lobby["watchers"] == 0
            async with Client.connect(server.url) as again:
                with pytest.raises(ServerRefused) as refused:
                    await again.watch(seated.table)
                assert refused.value.code == "unwatched"
            return seated.table, seated

    table, seated = asyncio.run(first())
    server.stop()
    server.start()

    async def second() -> None:
        async with Client.connect(server.url) as again:
            with pytest.raises(ServerRefused) as refused:
                await again.watch(table)
            assert refused.value.code == "unwatched"  # the store kept it
        async with Client.connect(server.url) as host, Client.connect(server.url) as watcher:
            await host.rejoin(seated)
            await host.send({"type": "watchers", "open": True})
            await until(host, "table", where=lambda m: "watchable" not in m)
            await watcher.watch(table)
            lobby = await until(watcher, "table")
            assert lobby["watchers"] == 1

    asyncio.run(second())


def test_hostile_watch_messages_get_a_clear_refusal(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as client:
            for message, code in (
                ({"type": "watch"}, "bad_code"),
                ({"type": "watch", "table": 12}, "bad_code"),
                ({"type": "watch", "table": "x" * 5000}, "bad_code"),
                ({"type": "watch", "table": ["K7QX-2M"]}, "bad_code"),
                ({"type": "watch", "table": "ZZZZ-ZZ"}, "no_table"),
            ):
                await client.send(message)
                refused = await until(client, "refused")
                assert refused["about"] == "watch" and refused["code"] == code and refused["reason"], refused
                assert len(refused["reason"]) < 200
            await client.send({"type": "leave"})  # watching nothing: nothing to leave
            assert (await until(client, "refused"))["code"] == "not_seated"

    asyncio.run(go())


async def listed_playing(url: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ``tables`` answer of the server at ``url``: (its lobbies, its tables being played)."""
    async with Client.connect(url) as asker:
        await asker.send({"type": "list"})
        answer = await until(asker, "tables")
        return answer["tables"], answer["playing"]


async def list_then_watch(host_url: str, list_urls: list[str], watch_url: str) -> None:
    """A listed table being played is listed (at every url of ``list_urls``) with its
    state and how many watch it, a watcher picks it from the list and follows its
    match with no hand, the count follows; closed to watchers, it is listed no more
    (and a listed lobby closed to watchers says so)."""
    async with Client.connect(host_url) as host, Client.connect(host_url) as lobby_host:
        table = (await host.create("leyden", 2, "Host", seats=["open", "easy"], listed=True)).table
        waiting = (await lobby_host.create("matador", 2, "Lobby", listed=True)).table
        for url in list_urls:  # in its lobby: listed to join, not to watch
            lobbies, playing = await listed_playing(url)
            assert [(t["table"], t["state"], t["watchers"]) for t in lobbies] == [(waiting, "lobby", 0)] and playing == []
        await host.start()
        await until(host, "round")
        for url in list_urls:
            lobbies, playing = await listed_playing(url)
            assert [t["table"] for t in lobbies] == [waiting]
            assert [(t["table"], t["state"], t["watchers"], t["host"]) for t in playing] == [(table, "playing", 0, "Host")]
            assert playing[0]["names"][0] == "Host" and playing[0]["rules"]["base"] == "leyden"
        async with Client.connect(watch_url) as watcher:
            _lobbies, playing = await listed_playing(watch_url)
            assert (await watcher.watch(playing[0]["table"]))["table"] == table  # watched from the list
            round_told = await until(watcher, "round")
            assert round_told["view"]["seat"] == NO_SEAT and round_told["view"]["hand"] == []
            await until(host, "table", where=lambda m: m["watchers"] == 1)
            for url in list_urls:  # the count, as the table's referee holds it
                assert [t["watchers"] for t in (await listed_playing(url))[1]] == [1]
            await host.send({"type": "watchers", "open": False})  # closed to watchers: listed to watch no more
            assert (await until(watcher, "closed"))["code"] == "unwatched"
        await lobby_host.send({"type": "watchers", "open": False})
        await until(lobby_host, "table", where=lambda m: m.get("watchable") is False)
        for url in list_urls:
            lobbies, playing = await listed_playing(url)
            assert playing == [] and [(t["table"], t.get("watchable")) for t in lobbies] == [(waiting, False)]
        await host.send({"type": "watchers", "open": True})  # open again: listed again
        await until(host, "table", where=lambda m: m.get("watchable") is not False)
        for url in list_urls:
            assert [(t["table"], t["watchers"]) for t in (await listed_playing(url))[1]] == [(table, 0)]


def test_the_listed_tables_being_played_are_listed_to_watch(server: Any) -> None:
    asyncio.run(list_then_watch(server.url, [server.url], server.url))


def test_a_cluster_lists_its_tables_being_played_at_every_process(redis_server: Any, tmp_path: Path) -> None:
    from game.bench.cluster_bench import Cluster
    from tests.net.server.conftest import fresh_db

    with Cluster(tmp_path, 3, redis_server, fresh_db(redis_server)) as cluster:
        urls = [proc.url for proc in cluster.procs]
        asyncio.run(list_then_watch(urls[0], urls, urls[2]))  # refereed at 0, listed at all three, watched from 2


def test_the_store_keeps_whether_a_table_is_open_to_watchers_and_listed(tmp_path: Path) -> None:
    from game.net.server.journal import JournalStore
    from game.net.server.store import SeatRow, Store, TableRow

    for opened in (lambda: Store(tmp_path / "s.db"), lambda: JournalStore(tmp_path / "journal")):
        store = opened()
        row = TableRow("K7QX-2M", "leyden", 2, {}, 5, 0, "lobby", [SeatRow("Ann", "remote"), SeatRow(None, "open")])
        store.create(row)
        assert store.live_tables()[0].watchable is True and store.live_tables()[0].listed is False
        store.set_watchable("K7QX-2M", False)
        store.set_listed("K7QX-2M")  # (a cluster's Play now table, once started)
        assert store.live_tables()[0].watchable is False and store.live_tables()[0].listed is True
        store.close()
        store = opened()  # read again from its file
        assert store.live_tables()[0].watchable is False and store.live_tables()[0].listed is True
        store.close()


def test_a_watcher_at_another_process_of_a_cluster_is_relayed_and_sees_no_hand(redis_server: Any, tmp_path: Path) -> None:
    from game.bench.cluster_bench import Cluster
    from tests.net.server.conftest import fresh_db

    with Cluster(tmp_path, 2, redis_server, fresh_db(redis_server)) as cluster:

        async def go() -> None:
            wire: list[str] = []
            async with Client.connect(cluster.procs[0].url) as host, Client.connect(cluster.procs[1].url, wire) as watcher:
                seated = await host.create("matador", 2, "Host", seats=["open", "easy"], listed=True)
                await watcher.watch(seated.table)  # relayed to the referee, process 0
                await until(host, "table", where=lambda m: m["watchers"] == 1)
                await host.start()
                over = await host.play_match(random_choice, random.Random(5), timeout=120.0)
                await watch_to_the_end(watcher)
                assert watcher.followed.over is not None and watcher.followed.over["totals"] == over["totals"]
                assert check_watcher_wire(wire, Rules.from_base("matador", 2)) > 10
                await host.send({"type": "watchers", "open": False})  # the host closes it: the relayed watcher is dropped
                closed = await until(watcher, "closed")
                assert closed["code"] == "unwatched"
                with pytest.raises(ConnectionClosed):
                    while True:
                        await watcher.receive(5)
            async with Client.connect(cluster.procs[1].url) as again:
                with pytest.raises(ServerRefused) as refused:
                    await again.watch(seated.table)
                assert refused.value.code == "unwatched"

        asyncio.run(go())


def test_a_cluster_s_list_counts_no_watcher_the_dead_referee_had(redis_server: Any, tmp_path: Path) -> None:
    """The referee killed (-9) with one watching: its table is still listed being
    played, watched by nobody (no lease, no count); taken by another process (its
    host back there) still nobody; a watcher there counts 1 again."""
    import signal

    from game.bench.cluster_bench import Cluster
    from tests.net.server.conftest import fresh_db

    with Cluster(tmp_path, 2, redis_server, fresh_db(redis_server)) as cluster:
        first, second = (proc.url for proc in cluster.procs)

        async def counts(url: str) -> list[tuple[str, int]]:
            return [(t["table"], t["watchers"]) for t in (await listed_playing(url))[1]]

        async def until_counts(url: str, wanted: list[tuple[str, int]]) -> None:
            for _ in range(40):  # (a lease lives 2 s; asked a few times a second, well within the address's limits)
                if await counts(url) == wanted:
                    return
                await asyncio.sleep(0.25)
            assert await counts(url) == wanted

        async def go() -> None:
            dying = AsyncExitStack()  # (their connections die with the process)
            host = await dying.enter_async_context(Client.connect(first))
            watcher = await dying.enter_async_context(Client.connect(first))
            seated = await host.create("leyden", 2, "Host", seats=["open", "easy"], listed=True)
            await host.start()
            await until(host, "round")
            await watcher.watch(seated.table)
            await until(host, "table", where=lambda m: m["watchers"] == 1)
            await until_counts(second, [(seated.table, 1)])  # (the other process reads the count from Redis: a moment later)
            cluster.procs[0].signal(signal.SIGKILL)
            await until_counts(second, [(seated.table, 0)])  # its lease lapsed: nobody referees it, nobody watches
            async with Client.connect(second) as back:
                await back.rejoin(seated)  # taken at the second process: its count written again
                assert await counts(second) == [(seated.table, 0)]
                async with Client.connect(second) as again:
                    await again.watch(seated.table)
                    await until(back, "table", where=lambda m: m["watchers"] == 1)
                    await until_counts(second, [(seated.table, 1)])
            try:
                await dying.aclose()
            except Exception:  # (closing a connection to a killed process)
                pass

        asyncio.run(go())
