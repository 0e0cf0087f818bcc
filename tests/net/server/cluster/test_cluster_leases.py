"""A cluster process keeps its tables' leases while its event loop is busy (a
burst of moves, each waiting for Redis's fsync, held it past a lease's life: a
live referee lost a table under load), and lets them lapse once its loop has not
run for ``STALL_S`` (hung), so that its tables go to other processes as a killed
one's do. One process, its loop held by the test."""

from __future__ import annotations

import asyncio
import time

import pytest

from game.bench.cluster_bench import RedisServer
from game.net.server.cluster import lease_keeper
from game.net.server.cluster.cluster_process import ClusterServer
from game.net.server.cluster.redis_store import LEASE_MS, RedisStore
from tests.net.server.conftest import fresh_db


def test_a_busy_loop_keeps_its_leases_and_a_hung_one_lets_them_lapse(redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> None:
    url = redis_server.url(fresh_db(redis_server))
    store = RedisStore(url, "busy")
    held = 1.5 * LEASE_MS / 1000  # longer than a lease lives

    async def go() -> None:
        server = ClusterServer(store)
        await server.start()
        try:
            assert store.acquire("BUSY-01")
            value = store.leases["BUSY-01"]
            time.sleep(held)  # the loop busy (as a burst of fsynced writes holds it)
            assert store.r.get("m:lease:BUSY-01") == value.encode() and store.may_tell("BUSY-01")
            await asyncio.sleep(0.1)
            assert "BUSY-01" in store.leases  # not given up
            monkeypatch.setattr(lease_keeper, "STALL_S", 0.6)
            time.sleep(0.6 + held + 0.5)  # hung: no beat for longer than STALL_S, then past the lease
            assert store.r.get("m:lease:BUSY-01") is None and not store.may_tell("BUSY-01")
        finally:
            await server.stop()

    asyncio.run(go())
