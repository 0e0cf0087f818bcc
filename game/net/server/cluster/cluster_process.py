"""One process of a cluster of servers on Redis (``serve --redis URL``): any number
of them serve as one server (docs/network.md, "A cluster on Redis").

Each table is refereed by the process holding its lease (game/net/server/cluster/redis_store.py).
A connection that asks for a table's seat (join, rejoin, claim) at a process:

- that referees the table: it sits there, as on a lone server;
- when the table's lease is free (a new table, its referee gone): the process takes
  the lease, rebuilds the table from Redis (its actions replayed) and referees it;
- otherwise its messages are *relayed*: published on the table's channel
  (``m:in:CODE``, which its referee listens to), and what the referee tells that
  connection comes back on a channel of that connection alone (``m:out:ID``), so
  a seat's hand goes to its own connection only.

A relayed connection whose table changes referee (its lease lapses: the referee
was killed or stopped) is closed without a word, and the app comes back (its
reconnect) to a process that takes the table over. A message relayed to no one
(``PUBLISH`` counts no listener: the referee's process is gone) does the same, and
so does a relay its referee has not answered for a lease's life (a stopped process
keeps its subscriptions: ``PUBLISH`` still counts it) or whose table's lease is free.

Each process's housekeeping also puts away, by the lease (one process only), the
tables nobody referees whose time is up (``_sweep``); the per-address limits are
the cluster's (game/net/server/cluster/cluster_limits.py).

No pygame here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

from websockets.asyncio.server import broadcast
from websockets.protocol import State

from game.net.server.arrivals import list_answer
from game.net.server.cluster.cluster_limits import RedisAddresses
from game.net.server.cluster.cluster_queue import ClusterQueue
from game.net.server.conn import Conn
from game.net.server.endpoint import Server
from game.net.server.housekeeping import IDLE_LOBBY_S, IDLE_TABLE_S, OVER_ALONE_S
from game.net.server.cluster.lease_keeper import LeaseKeeper
from game.net.server.cluster.redis_store import LEASE_MS, RENEW_S, RedisStore
from game.net.server.store import StoreError
from game.net.server.table import Table
from game.net.shared.protocol import ProtocolError, encode, normal_code

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

log = logging.getLogger("matador.server")

MOVED = 1012  # the close code of a connection whose table moved to another process: connect again
SEATING = ("join", "rejoin", "claim", "watch")  # (a watcher is relayed as a seat is)
RELAY_TRIES = 40  # a relay's first message tried this many times (past a lease's life) ...
RELAY_WAIT_S = 0.1  # ... this long apart
SWEEP_BATCH = 200  # tables of m:live looked at by one sweep (--housekeeping)
UNANSWERED_S = LEASE_MS / 1000  # a relay its referee has not answered for this long is closed (the app comes back)


def in_channel(code: str) -> str:
    return f"m:in:{code}"


def out_channel(cid: str) -> str:
    return f"m:out:{cid}"


class _RelayedSocket:
    """What of a WebSocket a relayed connection is closed through (``Server._close``)."""

    def __init__(self, conn: RemoteConn):
        self.conn = conn

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.conn.publish("C" + json.dumps([code, reason]))


class RemoteConn(Conn):
    """A connection held by another process of the cluster, seated at a table
    refereed here: what it is told is published on its own channel."""

    def __init__(self, server: ClusterServer, cid: str, address: str, protocol: int):
        super().__init__(_RelayedSocket(self), address)  # type: ignore[arg-type]
        self.server = server
        self.cid = cid
        self.protocol = protocol

    def publish(self, text: str) -> None:
        if not self.server.redis.publish(out_channel(self.cid), text) and not self.closing:
            self.server.drop_remote(self.cid)  # its process is gone: the seat is away

    def send(self, message: dict[str, Any]) -> None:
        if self.allowed(message):
            self.publish("M" + encode(message))


class Relay:
    """A connection of this process whose table another process referees."""

    def __init__(self, code: str, holder: str | None):
        self.code = code
        self.holder = holder  # the lease's value when relaying began
        self.began = time.monotonic()
        self.opened = False  # its first message is published where someone listens
        self.answered = False  # the referee has said something to it


class ClusterServer(ClusterQueue, Server):
    """A server process of a cluster: its own tables, and relays to the others'
    (and one queue for Play now: game/net/server/cluster/cluster_queue.py)."""

    def __init__(self, store: RedisStore, *args: Any, **kwargs: Any):
        super().__init__(store, *args, **kwargs)
        self.redis = store
        self.shared = RedisAddresses(store, self.addresses.limits)  # the per-address limits of the whole cluster
        self.addresses = self.shared
        self.shared.alive()
        self.remote: dict[str, RemoteConn] = {}  # relayed connections sitting at tables refereed here
        self.relays: dict[str, tuple[Conn, Relay]] = {}  # this process's connections relayed elsewhere, by id
        self.cids: dict[int, str] = {}  # id(conn) -> its relay id
        self.pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.keeper: LeaseKeeper | None = None  # renews the leases from its own thread (once started)
        self._subscribe: asyncio.Queue[tuple[bool, str]] = asyncio.Queue()
        self.redis_up = True
        self._cursor = 0  # where the sweep of tables nobody referees goes on
        self._free_since: dict[str, float] = {}  # a table seen without a referee here since (``clock``)
        self.clock: Callable[[], float] = time.time  # the wall clock of the tables' ``updated`` (a test's own)
        self._cluster_queue()

    # Running -----------------------------------------------------------------------
    async def start(self) -> None:
        import redis.asyncio as aredis

        self._async = aredis.Redis.from_url(self.redis.url, socket_connect_timeout=1.0)
        self.pubsub = self._async.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(f"m:proc:{self.redis.process}")
        self.keeper = LeaseKeeper(self._keep_leases, self._lost, asyncio.get_running_loop())
        self.keeper.start()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._renewing())]

    async def stop(self) -> None:
        if self.keeper is not None:
            await asyncio.to_thread(self.keeper.stop)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            try:
                await task
            except BaseException:
                pass
        try:
            await self.pubsub.aclose()
            await self._async.aclose()
        except Exception:
            pass

    async def _listen(self) -> None:
        """Subscribe and unsubscribe as asked, and hand each message on; when Redis goes
        away, relayed connections are closed (they come back) and subscriptions renewed."""
        while True:
            try:
                while not self._subscribe.empty():
                    on, channel = self._subscribe.get_nowait()
                    await (self.pubsub.subscribe(channel) if on else self.pubsub.unsubscribe(channel))
                message = await self.pubsub.get_message(timeout=0.05)
                if message is not None and message.get("type") == "message":
                    self._heard(message["channel"].decode(), message["data"])
                if not self.redis_up:
                    self.redis_up = True
                    log.info("redis: reachable again")
            except asyncio.CancelledError:
                raise
            except Exception as err:
                if self.redis_up:
                    log.error("redis: cannot be reached: %s", err)
                self.redis_up = False
                for cid in list(self.relays):
                    self._end_relay(cid, close=True)
                await asyncio.sleep(0.5)
                try:
                    await self.pubsub.aclose()
                except Exception:
                    pass
                self.pubsub = self._async.pubsub(ignore_subscribe_messages=True)
                try:
                    channels = [f"m:proc:{self.redis.process}", *(in_channel(code) for code in self.tables)]
                    await self.pubsub.subscribe(*channels)
                except Exception:
                    pass

    async def _renewing(self) -> None:
        """The loop's part of renewing (the leases themselves: ``keeper``'s thread): it
        says it runs, and checks the connections relayed elsewhere."""
        while True:
            await asyncio.sleep(RENEW_S)
            if self.keeper is not None:
                self.keeper.beat_now()
            try:
                self._check_relays()
            except Exception:
                log.exception("checking the relayed connections failed")

    def _renew(self) -> None:
        """All of renewing at once, on the loop (a test's way in)."""
        self._lost(self._keep_leases())
        self._check_relays()

    def _keep_leases(self) -> list[str]:
        """This process lives, and its leases are renewed: the codes of those lost.
        Called from ``keeper``'s thread (RedisStore.renew keeps its books locked)."""
        self.shared.alive()
        try:
            return self.redis.renew()
        except StoreError:
            return []  # Redis away: the leases lapse by the clock, the tables tell nothing

    def _lost(self, codes: list[str]) -> None:
        for code in codes:
            self._give_up(code, "its lease went to another process")

    def _check_relays(self) -> None:
        """A connection relayed to a table whose referee changed, or that nobody
        referees, or that never answered, comes back (closed: it connects again)."""
        if not self.relays:
            return
        codes = sorted({relay.code for _conn, relay in self.relays.values()})
        try:
            pipe = self.redis.r.pipeline(transaction=False)
            for code in codes:
                pipe.get(self.redis.key("lease", code))
            holders = dict(zip(codes, pipe.execute()))
        except Exception:
            return
        for cid, (_conn, relay) in list(self.relays.items()):
            value = holders.get(relay.code)
            holder = value.decode() if isinstance(value, bytes) else None
            if holder is None or holder != relay.holder:  # its referee changed, or nobody referees it: come back
                self._end_relay(cid, close=True)
            elif not relay.answered and time.monotonic() - relay.began > UNANSWERED_S:  # heard by nobody: come back
                self._end_relay(cid, close=True)

    # Tables refereed here --------------------------------------------------------------
    def tidy(self) -> None:
        """The lone server's housekeeping; first, a halted table's actions are read
        again from its journal: a write whose answer was lost (Redis slow past the
        client's timeout) may be stored all the same, and play goes on after it."""
        for table in list(self.tables.values()):
            if table.halted is not None and table.halted != "fenced":
                self._reread(table)
        self._sweep()
        super().tidy()

    def _sweep(self) -> None:
        """Tables of ``m:live`` that no process referees (their referee died and nobody
        came back): one whose time is up by the lone server's rules (over and nobody
        there for OVER_ALONE_S, or nobody back for IDLE_TABLE_S, IDLE_LOBBY_S in its
        lobby: counted from its last write, or from when it was first seen without a
        referee here if later) is taken here, by one process only (its lease), and put
        away by the housekeeping that follows (rated as the lone server rates it).
        ``SWEEP_BATCH`` tables a sweep, on from where the last one stopped."""
        r = self.redis.r
        try:
            self._cursor, found = r.sscan(self.redis.key("live"), self._cursor, count=SWEEP_BATCH)
            codes = [c.decode() for c in found if c.decode() not in self.tables]
            if not codes:
                return
            pipe = r.pipeline(transaction=False)
            for code in codes:
                pipe.exists(self.redis.key("lease", code))
                pipe.hmget(self.redis.key("t", code), "state", "updated")
            answers = pipe.execute()
        except Exception:
            return  # Redis away: the next sweep
        now = self.clock()
        for i, code in enumerate(codes):
            leased, (state, updated) = answers[2 * i], answers[2 * i + 1]
            if leased or state is None:
                self._free_since.pop(code, None)
                continue
            since = max(float(updated or now), self._free_since.setdefault(code, now))
            idle_s = {"over": OVER_ALONE_S, "lobby": IDLE_LOBBY_S}.get(state.decode(), IDLE_TABLE_S)
            if now - since <= idle_s:
                continue
            try:
                table = self._take(code)
            except StoreError:
                return
            self._free_since.pop(code, None)
            if table is None:  # (another process took it first, or it is put away already)
                continue
            ago = time.monotonic() - (now - since)
            table.touched = ago  # nobody was there since: the housekeeping puts it away now
            if table.over_at is not None:
                table.over_at = ago

    def _reread(self, table: Table) -> None:
        try:
            row = self.redis.load(table.code)
        except StoreError:
            return  # Redis still away: tried again at the next sweep
        held = table.row.actions
        if row is not None and len(row.actions) > len(held) and row.actions[: len(held)] == held:
            log.warning("table %s: %d action(s) stored though their write seemed to fail", table.code, len(row.actions) - len(held))
            table.row.actions = row.actions
            table.row.state = row.state

    def _adopt(self, table: Table) -> Table:
        code = table.code
        table.gate = lambda: self.redis.may_tell(code)

        def fenced() -> None:
            asyncio.get_running_loop().call_soon(self._give_up, code, "its lease went to another process")

        table.on_fenced = fenced
        table.on_watchers = self._count_watchers
        self._subscribe.put_nowait((True, in_channel(code)))
        return super()._adopt(table)

    def _count_watchers(self, table: Table) -> None:
        """How many watch ``table``, in Redis for the cluster's list (a count that
        cannot be written is only the list's: play goes on)."""
        try:
            self.redis.set_watchers(table.code, len(table.watchers))
        except StoreError as err:
            log.warning("table %s: its watchers cannot be counted in Redis: %s", table.code, err)

    def _recoded(self, table: Table, old: str) -> None:
        """The table has a new code: its lease (moved by ``RedisStore.rename``), its gate and its channel follow."""
        self._subscribe.put_nowait((False, in_channel(old)))
        self._adopt(table)

    def _take(self, code: str) -> Table | None:
        """The table ``code`` refereed here from now on, if its lease is free."""
        if not self.redis.acquire(code):
            return None
        try:
            row = self.redis.load(code)
        except BaseException:  # (Redis away mid-way: the lease is let go, not kept renewed for no table)
            self.redis.release(code)
            raise
        if row is None:
            self.redis.release(code)
            return None
        table = Table(row, self.store, self.thinkers, owner=self.shared.owner(code))  # (its creator's address: its limits, its share of thinking)
        try:
            table.resume()
        except Exception as err:
            self.redis.release(code)
            self.event("unresumable", table=code, reason=err)
            return None
        self._adopt(table)
        self._count_watchers(table)  # (those of its last referee were dropped with it)
        self.event("resumed", table=code, state=row.state, actions=len(row.actions))
        return table

    def _give_up(self, code: str, why: str) -> None:
        """Referee ``code`` no more: its connections are closed without a word (they
        come back to the process that referees it now)."""
        table = self.tables.pop(code, None)
        self.redis.drop(code)
        self._subscribe.put_nowait((False, in_channel(code)))
        if table is None:
            return
        if table.halted != "fenced":
            table.fenced()
        self.event("given_up", table=code, why=why)
        for net in table.net.values():
            close = net.close
            net.send = net.close = None
            if close is not None:
                close(MOVED, "the table moved to another process: connect again")
        for watcher in list(table.watchers.values()):
            watcher.end_link(None, "the table moved to another process: connect again")
        table.watchers.clear()

    def _put_away(self, table: Table) -> None:
        super()._put_away(table)
        self.redis.release(table.code)
        self._subscribe.put_nowait((False, in_channel(table.code)))

    # Messages from other processes ----------------------------------------------------------
    def _heard(self, channel: str, data: bytes) -> None:
        if channel.startswith("m:proc:"):  # (the queue of Play now: game/net/server/cluster/cluster_queue.py)
            self._heard_queue(data)
            return
        if channel.startswith("m:out:"):
            entry = self.relays.get(channel[6:])
            if entry is not None:
                self._told(channel[6:], entry[0], data.decode())
            return
        if not channel.startswith("m:in:"):
            return
        try:
            msg = json.loads(data)
            cid, op = str(msg["c"]), msg["o"]
        except (ValueError, KeyError, TypeError):
            return
        if channel[5:] not in self.tables:
            return
        if op == "open":
            old = self.remote.pop(cid, None)
            if old is not None:
                self._unseat(old, "dropped")
            self.remote[cid] = RemoteConn(self, cid, str(msg.get("a", "?")), int(msg.get("p", 2)))
            identity = msg.get("i")  # (said by the process that heard its hello)
            self.remote[cid].identity = identity if isinstance(identity, str) else None
        elif op == "m":
            conn = self.remote.get(cid)
            if conn is not None and not conn.closing:
                self._receive(conn, str(msg.get("t", "")))
        elif op == "x":
            self.drop_remote(cid)

    def drop_remote(self, cid: str) -> None:
        conn = self.remote.pop(cid, None)
        if conn is not None:
            conn.closing = True
            self._unseat(conn, "dropped")

    def _told(self, cid: str, conn: Conn, data: str) -> None:
        """What the referee tells a connection of this process."""
        if data.startswith("C"):
            try:
                code, reason = json.loads(data[1:])
            except ValueError:
                code, reason = 1011, ""
            self._end_relay(cid, close=False)
            self._close(conn, int(code), str(reason))
            return
        text = data[1:]
        entry = self.relays.get(cid)
        if entry is not None:
            entry[1].answered = True
        if conn.ws.state is State.OPEN:
            broadcast([conn.ws], text)
        if ('"type":"joined"' in text or '"type":"watching"' in text) and conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
        elif text.startswith('{"type":"left"'):  # a watcher left: this connection may try another table
            self._end_relay(cid, close=False, tell=True)
            self._arm(conn, self.hello_timeout)
        elif '"type":"refused"' in text:
            try:
                about = json.loads(text).get("about")
            except ValueError:
                about = None
            if about in SEATING:  # not seated there: this connection may try another table
                self._end_relay(cid, close=False, tell=True)
                self._arm(conn, self.hello_timeout)

    # Connections of this process ----------------------------------------------------------
    def _dispatch(self, conn: Conn, kind: str, msg: dict[str, Any]) -> None:
        if kind in SEATING and conn.table is None and conn.claim is None and id(conn) not in self.cids and not isinstance(conn, RemoteConn):
            code = normal_code(msg.get("table"))
            if code not in self.tables and self._take(code) is None and self.redis.code_taken(code):
                holder = self.redis.holder(code)
                if holder is not None or self._take(code) is None:  # (its lease lapsed just now: taken here)
                    self.addresses.costly(conn.address)
                    self._relay(conn, code, msg, holder)
                    return
        super()._dispatch(conn, kind, msg)

    def _relay(self, conn: Conn, code: str, msg: dict[str, Any], holder: str | None) -> None:
        cid = f"{self.redis.process}-{secrets.token_hex(6)}"
        relay = Relay(code, holder)
        self.relays[cid] = (conn, relay)
        self.cids[id(conn)] = cid
        self._subscribe.put_nowait((True, out_channel(cid)))
        asyncio.get_running_loop().create_task(self._open(cid, conn, code, encode(msg)))

    async def _open(self, cid: str, conn: Conn, code: str, text: str) -> None:
        """Open the relay once this process listens to its answers. While nobody
        listens on the table's channel (its referee has not subscribed yet, or its
        process is gone and its lease not yet lapsed), tried again; a lease that
        lapses meanwhile is taken here, and the message handled here."""
        for _ in range(40):
            if self._subscribe.empty():
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.02)
        opened = json.dumps({"c": cid, "o": "open", "a": conn.address, "p": conn.protocol, "i": conn.identity})
        for _ in range(RELAY_TRIES):
            if conn.closing or cid not in self.relays:
                return
            if self.redis.publish(in_channel(code), opened) and self._forward(cid, code, text):
                self.relays[cid][1].opened = True
                return
            await asyncio.sleep(RELAY_WAIT_S)
            try:
                table = self.tables.get(code) or self._take(code)
            except StoreError:
                table = None
            if table is not None:
                self._end_relay(cid, close=False, tell=False)
                self._receive(conn, text)
                return
        self._end_relay(cid, close=True)  # nobody referees it now: come back

    def _forward(self, cid: str, code: str, text: str) -> bool:
        try:
            done = self.redis.r.publish(in_channel(code), json.dumps({"c": cid, "o": "m", "t": text}))
        except Exception:
            return False
        return bool(done)

    def _end_relay(self, cid: str, close: bool, tell: bool = True) -> None:
        entry = self.relays.pop(cid, None)
        if entry is None:
            return
        conn, relay = entry
        self.cids.pop(id(conn), None)
        self._subscribe.put_nowait((False, out_channel(cid)))
        if tell:
            self.redis.publish(in_channel(relay.code), json.dumps({"c": cid, "o": "x"}))
        if close:
            self._close(conn, MOVED, "the table moved to another process: connect again")

    def _receive(self, conn: Conn, text: str | bytes) -> None:
        cid = self.cids.get(id(conn))
        if cid is None:
            super()._receive(conn, text)
            return
        entry = self.relays.get(cid)
        if entry is not None and not conn.closing:
            if not self._forward(cid, entry[1].code, text if isinstance(text, str) else text.decode("utf-8", "replace")):
                self._end_relay(cid, close=True)

    async def handler(self, ws: ServerConnection) -> None:
        try:
            await super().handler(ws)
        finally:
            for cid, (conn, _relay) in list(self.relays.items()):
                if conn.ws is ws:
                    self._end_relay(cid, close=False)

    def _list(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The listed tables of the whole cluster (Redis's lists of them: in their
        lobby and being played), answered as a lone server answers (``list_answer``)."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'list'", "unknown_type")
        from game.engine import Rules

        try:
            rows = self.redis.listed()
        except StoreError as err:
            raise ProtocolError(f"the server cannot list its tables now ({err})", "store_failed") from None
        conn.send(list_answer((row, Rules.from_base(row.base, row.players, row.options), watching) for row, watching in rows))
