"""A table of a cluster whose referee died and that nobody comes back to is put
away by exactly one process, by the lone server's rules (game/net/server/housekeeping.py):
over and nobody there for a minute, "done"; in play and nobody back for an hour,
"abandoned"; its finished match's record (its journal) kept in Redis. A table
still leased, or whose time is not up, is left alone. Two processes of the
cluster in this one, on Redis, with a clock of the test's own."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.bench.cluster_bench import RedisServer
from game.net.server.cluster.cluster_process import ClusterServer
from game.net.server.housekeeping import IDLE_TABLE_S
from game.net.server.cluster.redis_store import RedisStore
from game.net.server.table import Table
from game.net.shared.protocol import action_json
from tests.net.server.conftest import fresh_db


def _played(store: RedisStore, code: str, moves: int | None) -> Table:
    """A two-seat table played ``moves`` moves (None: to its match's end)."""
    row = Table.new_row(code, {"rules": "matador", "players": 2, "options": {"target_score": 30}}, 7)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, lambda message: None)
    table.start(0)
    done = 0
    while table.match is not None and not table.match.over and (moves is None or done < moves):
        assert table.referee is not None and table.referee.to_move is not None
        mover = table.referee.to_move
        table.play(mover, {"action": action_json(mover, table.match.round.legal_moves()[0])})
        done += 1
    return table


def test_a_table_whose_referee_died_is_put_away_by_one_process_and_its_record_kept(redis_server: RedisServer) -> None:
    url = redis_server.url(fresh_db(redis_server))
    dead = RedisStore(url, "dead")  # the referee, then killed: its leases lapse
    over, left, recent, leased = _played(dead, "OVER-AA", None), _played(dead, "LEFT-AA", 5), _played(dead, "RCNT-AA", 5), _played(dead, "HELD-AA", 5)
    assert over.state == "over"
    journal = dead.r.xlen("m:j:OVER-AA")
    for code in ("OVER-AA", "LEFT-AA", "RCNT-AA"):
        dead.r.delete(f"m:lease:{code}")
    dead.r.pexpire("m:lease:HELD-AA", 60_000)  # (its referee lives on)
    servers = [ClusterServer(RedisStore(url, name)) for name in ("one", "two")]
    put_away: list[tuple[int, str]] = []
    now = time.time()
    for i, server in enumerate(servers):
        server.event = lambda kind, i=i, **fields: put_away.append((i, fields["table"])) if kind == "put_away" else None  # type: ignore[method-assign]
        server.clock = lambda: now
    for server in servers:
        server.tidy()  # seen without a referee: their time starts
    assert put_away == []
    dead.r.hset("m:t:RCNT-AA", "updated", str(now + IDLE_TABLE_S))  # (written to since, by the clock below)
    now += IDLE_TABLE_S + 1
    for server in servers * 2:
        server.tidy()
    assert sorted(code for _i, code in put_away) == ["LEFT-AA", "OVER-AA"]  # each by one process only
    states = {code: dead.r.hget(f"m:t:{code}", "state") for code in ("OVER-AA", "LEFT-AA", "RCNT-AA", "HELD-AA")}
    assert states == {"OVER-AA": b"done", "LEFT-AA": b"abandoned", "RCNT-AA": b"playing", "HELD-AA": b"playing"}
    assert {c.decode() for c in dead.r.smembers("m:live")} == {"RCNT-AA", "HELD-AA"}
    assert dead.r.xlen("m:j:OVER-AA") == journal  # the finished match's record, kept
    assert all(not s.tables and not s.redis.leases for s in servers)  # (and their leases let go)
