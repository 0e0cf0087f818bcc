"""The per-address limits of a cluster hold across its processes (in Redis,
game/net/server/cluster/cluster_limits.py): an address's connections, tables, computer
seats and wrong codes are counted once for the whole cluster; a process that dies
takes its counts with it; Redis away, each process counts its own (as a lone
server, whose limits stay in memory: tests/net/server/test_hostile.py).

Two processes: ``RedisAddresses`` of two stores on one Redis, and two real
``serve --redis`` processes on loopback."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.bench.cluster_bench import RedisServer, ServeProcess
from game.net.app.client import Client
from game.net.server.cluster.cluster_limits import RedisAddresses
from game.net.server.limits import GUESS_BURST, Limits
from game.net.server.cluster.redis_store import RedisStore
from game.net.shared.protocol import ProtocolError
from tests.net.server.conftest import fresh_db

HOST = "127.0.9.9"


def _two(redis_server: RedisServer, limits: Limits) -> tuple[RedisAddresses, RedisAddresses]:
    url = redis_server.url(fresh_db(redis_server))
    one, two = RedisAddresses(RedisStore(url, "one"), limits), RedisAddresses(RedisStore(url, "two"), limits)
    one.alive()
    two.alive()
    return one, two


def test_an_address_s_connections_are_counted_across_processes_and_lapse_with_a_dead_one(redis_server: RedisServer) -> None:
    one, two = _two(redis_server, Limits(connections=3))
    assert one.connect(HOST) and one.connect(HOST) and two.connect(HOST)
    assert not two.may_open(HOST) and not two.connect(HOST) and not one.connect(HOST)  # 3 in all: its most
    assert one.connect("127.0.9.10")  # (another address is another count)
    two.disconnect(HOST)
    assert two.may_open(HOST) and two.connect(HOST)
    assert not one.connect(HOST)
    one.r.delete("m:alive:one")  # process one dies (killed: its word that it lives lapses)
    assert two.connect(HOST) and two.connect(HOST)  # its two connections count no more
    assert not two.connect(HOST)


def test_an_address_s_tables_and_computers_are_counted_across_processes_and_freed_by_any(redis_server: RedisServer) -> None:
    one, two = _two(redis_server, Limits(tables=2, computers=3))
    one.may_create(HOST, 2)
    one.created(HOST, "AAAA-AA", 2)
    with pytest.raises(ProtocolError) as err:
        two.may_create(HOST, 2)  # 2 + 2 computers > 3, though process two made none
    assert err.value.code == "address_computers"
    two.may_create(HOST, 1)
    two.created(HOST, "BBBB-BB", 1)
    with pytest.raises(ProtocolError) as err:
        one.may_create(HOST, 0)
    assert err.value.code == "address_tables"
    assert one.owner("BBBB-BB") == HOST and one.owner("NONE-NE") == ""  # (a takeover's referee knows whose it is)
    two.put_away("BBBB-BB", "AAAA-AA")  # put away by another process than its creator's (a takeover: its owner unknown there)
    one.may_create(HOST, 2)  # one table and one computer left
    two.computers_changed(HOST, "BBBB-BB", 3)
    with pytest.raises(ProtocolError):
        one.may_create(HOST, 1)


def test_wrong_codes_are_counted_across_processes(redis_server: RedisServer) -> None:
    one, two = _two(redis_server, Limits())
    for i in range(GUESS_BURST):
        (one if i % 2 else two).may_guess(HOST)
        (one if i % 2 else two).guessed_wrong(HOST)
    for addresses in (one, two):
        with pytest.raises(ProtocolError) as err:
            addresses.may_guess(HOST)
        assert err.value.code == "too_many_tries"
    one.may_guess("127.0.9.10")


def test_redis_away_each_process_counts_its_own(redis_server: RedisServer) -> None:
    one, _two_ = _two(redis_server, Limits(connections=2, tables=1))
    one.r.connection_pool.connection_kwargs["port"] = 1  # (nothing listens there)
    one.r.connection_pool.disconnect()
    assert one.connect(HOST) and one.connect(HOST) and not one.connect(HOST)
    one.may_create(HOST, 0)
    one.created(HOST, "CCCC-CC", 0)
    with pytest.raises(ProtocolError):
        one.may_create(HOST, 0)


def test_two_serve_processes_hold_an_address_to_its_connections_and_tables_together(redis_server: RedisServer, tmp_path: Path) -> None:
    url = redis_server.url(fresh_db(redis_server))
    procs = [ServeProcess(url, tmp_path / f"serve-{i}.log", "--per-address-connections", "2", "--per-address-tables", "1") for i in range(2)]
    try:
        for proc in procs:
            proc.start()

        async def go() -> None:
            async with Client.connect(procs[0].url, source=HOST) as ann, Client.connect(procs[1].url, source=HOST) as bob:
                await ann.create("matador", 2, "Ann")
                refused = None
                try:
                    await bob.create("matador", 2, "Bob")
                except Exception as err:  # ServerRefused: the address holds its one table, made at the other process
                    refused = err
                assert refused is not None and getattr(refused, "code", None) == "address_tables", refused
                with pytest.raises(Exception):  # a third connection from the address, at either process
                    async with Client.connect(procs[1].url, source=HOST, timeout=5):
                        pass
            async with Client.connect(procs[1].url, source="127.0.9.10"):  # (another address may)
                pass

        asyncio.run(go())
    finally:
        for proc in procs:
            proc.stop()
