"""A table of a cluster never stalls at a takeover: a move Redis stored though its
answer was lost (Redis slow past the client's timeout) is read back from the
journal and play goes on after it, where it would halt the table at every retry;
a relay to a referee that answers nothing (its process stopped, its subscription
to the table's channel still counted by ``PUBLISH``) or to a table nobody referees
is closed, so that the app comes back to a process that takes the table over.

In one process, on Redis (``redis-server`` on PATH, as tests/net/server/conftest.py says)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import redis

from game.bench.cluster_bench import RedisServer
from game.net.server.cluster.cluster_process import UNANSWERED_S, ClusterServer, Relay, in_channel
from game.net.server.conn import Conn
from game.net.server.cluster.redis_store import RedisStore
from game.net.server.table import Table
from game.net.shared.protocol import ProtocolError, action_json
from tests.net.server.conftest import fresh_db
from tests.net.server.cluster.test_cluster_fencing import _table


def _move(table: Table) -> None:
    """The seat to move plays its first legal action."""
    assert table.referee is not None and table.match is not None
    mover = table.referee.to_move
    assert mover is not None
    table.play(mover, {"action": action_json(mover, table.match.round.legal_moves()[0])})


def test_a_move_stored_whose_answer_was_lost_is_read_back_and_play_goes_on(redis_server: RedisServer) -> None:
    store = RedisStore(redis_server.url(fresh_db(redis_server)), "here")
    server = ClusterServer(store)
    table, _sent = _table(store, "LOST-AK")
    server._adopt(table)
    for _ in range(3):
        _move(table)
    real = store._add_action

    def answer_lost(*args: Any, **kwargs: Any) -> Any:
        real(*args, **kwargs)  # Redis stores it ...
        raise redis.TimeoutError("Timeout reading from socket")  # ... and its answer never comes

    store._add_action = answer_lost
    with pytest.raises(ProtocolError):  # (the move is refused: the table halts)
        _move(table)
    store._add_action = real
    assert table.halted is not None  # (a write that seemed to fail)
    stored = store.load("LOST-AK")
    assert stored is not None and len(stored.actions) == len(table.row.actions) + 1
    store.renew()
    server.tidy()  # the sweep: the halted table tried again
    assert table.halted is None and table.row.actions == stored.actions
    for _ in range(3):  # play goes on after the move stored (it would halt again at each)
        _move(table)
        assert table.halted is None
    again = store.load("LOST-AK")
    assert again is not None and again.actions[: len(stored.actions)] == stored.actions and len(again.actions) == len(stored.actions) + 3


class _Socket:
    """What of a WebSocket a connection relayed by the server is closed through."""

    def __init__(self) -> None:
        self.closed: list[int] = []

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed.append(code)


def test_a_relay_nobody_answers_or_to_a_table_nobody_referees_is_closed(redis_server: RedisServer) -> None:
    url = redis_server.url(fresh_db(redis_server))
    stopped = RedisStore(url, "stopped")  # a process stopped: its subscriptions stay counted
    listener = redis.Redis.from_url(url).pubsub()
    listener.subscribe(in_channel("SILE-NT"), in_channel("NOBO-DY"))
    assert stopped.acquire("SILE-NT")  # its lease on one table still runs; on the other it lapsed

    async def go() -> None:
        server = ClusterServer(RedisStore(url, "here"))  # (not started: the test says when it renews)
        sockets = {}
        for code, holder in (("SILE-NT", stopped.leases["SILE-NT"]), ("NOBO-DY", None)):
            sockets[code] = _Socket()
            conn = Conn(sockets[code], "127.0.0.1")  # type: ignore[arg-type]
            conn.protocol = 2
            server._relay(conn, code, {"type": "rejoin", "table": code, "seat": 0, "token": "x"}, holder)
        for _ in range(200):  # the relays open: the silent one's message counted as heard
            if all(relay.opened for _conn, relay in server.relays.values()):
                break
            await asyncio.sleep(0.02)
        for _conn, relay in server.relays.values():
            if relay.code == "SILE-NT":
                relay.began -= UNANSWERED_S  # (its referee has said nothing for this long; the other one just opened)
        stopped.renew()  # the lease is still the stopped process's (it lapses only later)
        server._renew()
        await asyncio.sleep(0)
        assert server.relays == {}
        assert sockets["SILE-NT"].closed == sockets["NOBO-DY"].closed == [1012]  # come back (to a process that takes it)

    asyncio.run(go())
    heard = [json.loads(m["data"])["o"] for m in iter(lambda: listener.get_message(timeout=0.2), None) if m["type"] == "message"]
    assert heard.count("open") == 2 and heard.count("m") == 2  # (the stopped one was sent it: PUBLISH counted it)
    listener.close()
