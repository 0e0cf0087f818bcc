"""*Play now* across the processes of a cluster on Redis (``serve --redis``): one
queue for the whole cluster, whichever process a person's connection reached.

Each process keeps its own connections' tickets (``Matchmaking``'s ``queue``:
who waits here, left at once) and writes each in Redis (``m:queue``, ticket id
-> its fields, with the wall clock's time it came and the process it waits
at). Pairing is done by one process at a time (``m:queue:lock``, taken for a
second with ``SET NX PX``): it reads every ticket, pairs them as a lone server
does (``matchmaking.Queue``: the windows, closest first, whom each met last,
``m:queue:met``), takes the tickets of each table out (``HDEL``: a ticket gone
meanwhile puts the others back) and tells the process of the longest waiting
person (``m:proc:PROCESS``, which each process listens to). That process creates
the table (it referees it), then tells each other person's process to join it
by its code (the cluster's ordinary join: relayed to the referee when it is
another process's), and starts it once every seat is taken. Made unlisted (a
stranger must not take a seat meant for a partner), the table is listed once
started: in the server's list being played, to be watched.

No pygame here.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Hashable

from game.net.server.matchmaking import Queue, Ticket
from game.net.shared.protocol import ProtocolError, refusal

if TYPE_CHECKING:
    from game.net.server.conn import Conn
    from game.net.server.cluster.redis_store import RedisStore
    from game.net.server.table import Table

log = logging.getLogger("matador.server")

LOCK_MS = 1000  # the pairing lock's life (a process that dies holding it holds it no longer)
START_WITHIN_S = 10.0  # a table made by the queue starts once full; a seat still open after this long goes to a computer
MET_S = 24 * 3600  # whom each met is kept this long
# The tickets of one table taken out of the queue all at once, or none if one is gone.
TAKE_ALL = """
for i, tid in ipairs(ARGV) do
  if redis.call('HEXISTS', KEYS[1], tid) == 0 then return 0 end
end
redis.call('HDEL', KEYS[1], unpack(ARGV))
return 1
"""


class ClusterQueue:
    """What ``ClusterServer`` (game/net/server/cluster/cluster_process.py) does with *Play now*."""

    redis: RedisStore
    queue: Queue
    tables: dict[str, Table]
    hello_timeout: float

    if TYPE_CHECKING:  # (the server's, which comes after this class: no stand-ins here)

        def _create(self, conn: Conn, msg: dict[str, Any]) -> None: ...

        def _dispatch(self, conn: Conn, kind: str, msg: dict[str, Any]) -> None: ...

        def _arm(self, conn: Conn, seconds: float) -> None: ...

    def _cluster_queue(self) -> None:
        self.tids: dict[Hashable, str] = {}  # a connection waiting here -> its ticket's id in Redis
        self.by_tid: dict[str, Conn] = {}
        self.starting: dict[str, tuple[float, str]] = {}  # tables made by the queue here, to start once full -> (since, level)

    # This process's tickets ----------------------------------------------------------
    def _queued_here(self, conn: Conn, ticket: Ticket) -> None:
        tid = f"{self.redis.process}-{secrets.token_hex(6)}"
        fields = {
            "person": ticket.person, "rules": ticket.rules, "players": ticket.players, "rating": ticket.rating,
            "since": time.time(), "name": ticket.name, "level": ticket.level, "process": self.redis.process,
        }
        self.redis.r.hset(self.redis.key("queue"), tid, json.dumps(fields))
        self.tids[conn] = tid
        self.by_tid[tid] = conn

    def _make_tables(self) -> None:
        self._pair_cluster()

    def _keep_pairing(self) -> bool:
        return bool(len(self.queue) or self.starting)

    def _left_here(self, conn: Conn) -> None:
        tid = self.tids.pop(conn, None)
        if tid is not None:
            self.by_tid.pop(tid, None)
            try:
                self.redis.r.hdel(self.redis.key("queue"), tid)
            except Exception as err:  # Redis away: the ticket's process is told of a pairing it then ignores
                log.warning("play now: a ticket could not be taken out of redis: %s", err)

    def _met_nobody(self, person: str) -> None:
        try:
            self.redis.r.hdel(self.redis.key("queue", "met"), person)
        except Exception as err:  # Redis away: they may wait a little longer for someone new
            log.warning("play now: whom %s met could not be forgotten in redis: %s", person, err)

    # Pairing (one process at a time) ---------------------------------------------------
    def _pair_cluster(self) -> None:
        self._start_full()
        r, key = self.redis.r, self.redis.key("queue")
        try:
            if not r.set(self.redis.key("queue", "lock"), self.redis.process, nx=True, px=LOCK_MS):
                return
            raw = r.hgetall(key)
        except Exception as err:
            log.warning("play now: redis cannot be reached: %s", err)
            return
        queue = Queue(time.time)
        process_of: dict[str, str] = {}
        for tid, text in raw.items():
            try:
                fields = json.loads(text)
                ticket = Ticket(tid.decode(), str(fields["person"]), str(fields["rules"]), int(fields["players"]), float(fields["rating"]),
                                float(fields["since"]), str(fields["name"]), str(fields["level"]))
            except (ValueError, KeyError, TypeError):
                continue
            process_of[tid.decode()] = str(fields.get("process", ""))
            queue.tickets[ticket.key] = ticket
        if len(queue.tickets) < 2:
            return
        people = {t.person for t in queue.tickets.values()}
        met = r.hmget(self.redis.key("queue", "met"), sorted(people))
        for person, value in zip(sorted(people), met):
            if value is not None:
                queue.last_met[person] = frozenset(json.loads(value))
        for made in queue.pairs():
            tids = [str(t.key) for t in made.tickets]
            if not r.eval(TAKE_ALL, 1, key, *tids):  # someone left meanwhile: the others wait on
                log.info("play now: someone left as their table was being made; the others wait on")
                continue
            pipe = r.pipeline(transaction=False)
            for ticket in made.tickets:
                pipe.hset(self.redis.key("queue", "met"), ticket.person, json.dumps(sorted(queue.last_met.get(ticket.person, ()))))
            pipe.expire(self.redis.key("queue", "met"), MET_S)
            pipe.execute()
            host = made.tickets[0]
            pair = {
                "o": "pair", "rules": host.rules, "players": host.players, "level": host.level,
                "tickets": [[str(t.key), process_of[str(t.key)], t.name, raw[str(t.key).encode()].decode()] for t in made.tickets],
            }
            r.publish(f"m:proc:{process_of[str(host.key)]}", json.dumps(pair))

    # Told by the pairing process ---------------------------------------------------------
    def _heard_queue(self, data: bytes) -> None:
        try:
            msg = json.loads(data)
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        try:
            if msg.get("o") == "pair":
                self._host_pair(msg)
            elif msg.get("o") == "join":
                self._join_pair(msg)
        except Exception:  # a bug, or a message of another build: logged, and the process's channels go on
            log.exception("play now: a message between processes could not be followed")

    def _host_pair(self, msg: dict[str, Any]) -> None:
        tickets = msg.get("tickets") or []
        from game.net.server.matchmaking import unique_names

        names = unique_names([str(t[2]) for t in tickets])
        host_tid = str(tickets[0][0])
        conn = self.by_tid.get(host_tid)
        if conn is None or conn.closing:  # gone meanwhile: the others wait on, their tickets as they were
            log.info("play now: the host of a pairing left before its table was made")
            self._wait_again(tickets[1:])
            return
        self._forget(conn)
        try:
            self._create(conn, {"rules": msg["rules"], "players": msg["players"], "name": names[0]})
        except ProtocolError as err:
            conn.send(refusal("play_now", err))
            self._arm(conn, self.hello_timeout)
            self._wait_again(tickets[1:])
            return
        table = conn.table
        if table is None:
            return
        self.starting[table.code] = (time.monotonic(), str(msg.get("level") or ""))
        for entry, name in zip(tickets[1:], names[1:]):
            tid, process = entry[0], entry[1]
            self.redis.r.publish(f"m:proc:{process}", json.dumps({"o": "join", "tid": tid, "table": table.code, "name": name}))

    def _join_pair(self, msg: dict[str, Any]) -> None:
        conn = self.by_tid.get(str(msg.get("tid")))
        if conn is None or conn.closing:
            return
        self._forget(conn)
        try:
            self._dispatch(conn, "join", {"type": "join", "table": msg.get("table"), "name": msg.get("name")})
        except ProtocolError as err:
            conn.send(refusal("play_now", err))
            self._arm(conn, self.hello_timeout)

    def _wait_again(self, tickets: list[Any]) -> None:
        """The tickets of a table that could not be made, back in the queue as they were."""
        try:
            for entry in tickets:
                self.redis.r.hsetnx(self.redis.key("queue"), str(entry[0]), str(entry[3]))
        except Exception as err:
            log.warning("play now: tickets could not be put back: %s", err)

    def _forget(self, conn: Conn) -> None:
        """``conn`` was paired: out of this process's queue (its Redis ticket is gone already)."""
        self.queue.leave(conn)
        tid = self.tids.pop(conn, None)
        if tid is not None:
            self.by_tid.pop(tid, None)

    def _start_full(self) -> None:
        """Start the tables the queue made here once every seat is taken; a seat still
        open after ``START_WITHIN_S`` (its person left as the table was made) goes to a
        computer of the host's level, and the table starts."""
        now = time.monotonic()
        for code, (since, level) in list(self.starting.items()):
            table = self.tables.get(code)
            if table is None or table.state != "lobby":
                del self.starting[code]
                continue
            late = now - since > START_WITHIN_S
            if not late and any(s.kind == "open" for s in table.row.seats):
                continue
            del self.starting[code]
            try:
                if late:
                    from game.net.server.new_table import level_name
                    from game.net.server.store import SeatRow

                    for seat, row in enumerate(table.row.seats):
                        if row.kind == "open" and level:
                            given = SeatRow(level_name(level), "computer", level)
                            table.write(table.store.set_seat, seat, given)
                            table.row.seats[seat] = given
                table.start(table.row.host)
                # Listed only now, being played (to be watched): listed while its seats
                # were being taken from other processes, its lobby could have taken a stranger.
                table.write(table.store.set_listed)
                table.row.listed = True
            except ProtocolError as err:
                log.warning("play now: table %s could not start: %s", code, err)
