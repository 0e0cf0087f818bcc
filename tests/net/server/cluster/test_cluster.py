"""A cluster of server processes on Redis (``serve --redis``), on loopback: a match
played by seats connected to different processes; the referee's process killed
with -9 mid-match, and the match goes on with the same hands and turn and no told
move lost; the referee stopped (SIGSTOP) past its lease, and no seat is ever told
two different moves for one place of a round; Redis restarted mid-match.

Needs ``redis-server`` on PATH (Debian's package; .ci/redis.sh installs it on CI,
where its absence fails) and the ``redis`` client (the ``test`` extra)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.bench.cluster_bench import Cluster, Figures, RedisServer, one_table
from game.net.app.client import Client
from tests.net.server.conftest import fresh_db, has_redis_client

@pytest.fixture
def cluster(redis_server: RedisServer, tmp_path: Path) -> Iterator[Cluster]:
    db = fresh_db(redis_server)
    with Cluster(tmp_path, 3, redis_server, db) as running:
        yield running


async def _when_played(cluster: Cluster, actions: int, timeout: float = 30.0) -> str:
    """The code of the cluster's one table once ``actions`` are in its journal, or
    once its match is over (a match to 100 of random moves may end in fewer than
    40 actions: about 1 in 200 do, at 23 the fewest)."""
    import redis.asyncio as aredis

    r = aredis.Redis.from_url(cluster.redis.url(cluster.db))
    try:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            codes = [c.decode() for c in await r.smembers("m:live")]
            if codes and (await r.xlen(f"m:j:{codes[0]}") >= actions or await r.hget(f"m:t:{codes[0]}", "state") == b"over"):
                return codes[0]
            await asyncio.sleep(0.02)
        raise TimeoutError(f"the table did not reach {actions} actions")
    finally:
        await r.aclose()


def _checked(figures: Figures) -> None:
    assert figures.finished == figures.tables == 1, figures.lost_examples
    assert figures.lost_told_moves == 0 and figures.two_referees == 0, figures.lost_examples
    # a round has at least 13 moves (the 7 lays of the one who empties a hand, the
    # 6 moves of the other between them), each told at least to its mover; more
    # depends on the server's shuffle (a bound of 50 failed once on a short match)
    assert figures.told >= 13 and figures.told >= figures.actions


def test_a_match_is_played_by_seats_connected_to_different_processes(cluster: Cluster) -> None:
    async def go() -> None:
        figures = Figures()
        async with Client.connect(cluster.procs[0].url) as ann, Client.connect(cluster.procs[2].url) as carol:
            seated = await ann.create("matador", 2, "Ann", listed=True)
            listed = await carol.open_tables()  # listed at another process than its referee's
            assert [t["table"] for t in listed] == [seated.table]
        seats = await one_table(cluster, 0, figures, [], target=100)  # Ann at process 0, Bob at process 1
        _checked(figures)
        assert seats[0].over == seats[1].over
        assert figures.comebacks == 0

    asyncio.run(go())
    assert ": resumed (" not in cluster.logs()  # one referee from start to end
    assert "tables resumed (data: redis://127.0.0.1:" in cluster.logs()  # (the admin's log names Redis's URL whole)


def test_the_referee_killed_mid_match_another_process_takes_over_with_the_same_hands_and_turn(cluster: Cluster) -> None:
    async def go() -> None:
        figures = Figures()
        kills: list[float] = []
        match = asyncio.create_task(one_table(cluster, 0, figures, kills, target=100, think=(0.0, 0.02)))
        code = await _when_played(cluster, 12)
        referee = cluster.referee(code)
        assert referee is not None
        kills.append(time.monotonic())
        referee.signal(signal.SIGKILL)
        await match
        _checked(figures)
        assert figures.comebacks >= 1
        after = cluster.referee(code)
        assert after is None or after is not referee

    asyncio.run(go())
    assert ": resumed (" in cluster.logs()


def test_a_referee_stopped_past_its_lease_tells_nothing_when_it_continues(cluster: Cluster) -> None:
    async def go() -> None:
        figures = Figures()
        kept: list[tuple[Any, Client]] = []  # the connections left at the stopped process
        match = asyncio.create_task(one_table(cluster, 0, figures, [], target=100, think=(0.0, 0.02), kept=kept))
        code = await _when_played(cluster, 12)
        referee = cluster.referee(code)
        assert referee is not None
        referee.signal(signal.SIGSTOP)
        await _when_played(cluster, 40)  # another process referees it now, and play goes on
        assert any(client.url == referee.url for _c, client in kept), "no seat was connected to the stopped process"
        referee.signal(signal.SIGCONT)
        await match
        _checked(figures)
        assert cluster.referee(code) is not referee
        heard = []
        for context, client in kept:  # what the stopped process said once it went on: no move
            try:
                while client.url == referee.url:
                    heard.append((await client.receive(1.0))["type"])
            except Exception:  # closed without a word, or silent
                pass
            try:
                await context.__aexit__(None, None, None)
            except Exception:
                pass
        assert not set(heard) & {"played", "turn", "round", "round_over", "match_over", "rounds"}, heard

    asyncio.run(go())
    assert ": given up (" in cluster.logs()


@pytest.mark.slow
def test_redis_restarted_mid_match_halts_the_table_and_it_goes_on_where_it_was(tmp_path: Path) -> None:
    if RedisServer.found() is None or not has_redis_client():
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server and the redis client must be on CI")
        pytest.skip("redis-server is not on PATH, or the redis client is not installed")
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    try:
        with Cluster(tmp_path, 3, redis) as cluster:

            async def go() -> None:
                figures = Figures()
                match = asyncio.create_task(one_table(cluster, 0, figures, [], target=100, think=(0.0, 0.02)))
                await _when_played(cluster, 12)
                redis.stop()
                await asyncio.sleep(1.0)
                await asyncio.to_thread(redis.start)
                await match
                _checked(figures)

            asyncio.run(go())
            assert "halted" in cluster.logs() or "cannot be reached" in cluster.logs()
    finally:
        redis.stop()
