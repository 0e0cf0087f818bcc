"""One process of a cluster of servers on Redis (``serve --redis URL``): any number
of them serve as one server (docs/network.md, "A cluster on Redis").

Each table is refereed by the process holding its lease (game/net/server/redis_store.py).
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
(``PUBLISH`` counts no listener: the referee's process is gone) does the same.

No pygame here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import broadcast
from websockets.protocol import State

from game.net.server.conn import Conn
from game.net.server.endpoint import Server
from game.net.server.redis_store import RENEW_S, RedisStore
from game.net.server.store import StoreError
from game.net.server.table import Table
from game.net.shared.protocol import ProtocolError, encode, normal_code

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

log = logging.getLogger("matador.server")

MOVED = 1012  # the close code of a connection whose table moved to another process: connect again
SEATING = ("join", "rejoin", "claim")
RELAY_TRIES = 40  # a relay's first message tried this many times (past a lease's life) ...
RELAY_WAIT_S = 0.1  # ... this long apart


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


class ClusterServer(Server):
    """A server process of a cluster: its own tables, and relays to the others'."""

    def __init__(self, store: RedisStore, *args: Any, **kwargs: Any):
        super().__init__(store, *args, **kwargs)
        self.redis = store
        self.remote: dict[str, RemoteConn] = {}  # relayed connections sitting at tables refereed here
        self.relays: dict[str, tuple[Conn, Relay]] = {}  # this process's connections relayed elsewhere, by id
        self.cids: dict[int, str] = {}  # id(conn) -> its relay id
        self.pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribe: asyncio.Queue[tuple[bool, str]] = asyncio.Queue()
        self.redis_up = True

    # Running -----------------------------------------------------------------------
    async def start(self) -> None:
        import redis.asyncio as aredis

        self._async = aredis.Redis.from_url(self.redis.url, socket_connect_timeout=1.0)
        self.pubsub = self._async.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(f"m:proc:{self.redis.process}")
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._renewing())]

    async def stop(self) -> None:
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
        while True:
            await asyncio.sleep(RENEW_S)
            try:
                self._renew()
            except Exception:
                log.exception("renewing the leases failed")

    def _renew(self) -> None:
        try:
            lost = self.redis.renew()
        except StoreError:
            return  # Redis away: the leases lapse by the clock, the tables tell nothing
        for code in lost:
            self._give_up(code, "its lease went to another process")
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
            if holder != relay.holder:  # its referee changed (or is gone): come back
                self._end_relay(cid, close=True)

    # Tables refereed here --------------------------------------------------------------
    def _adopt(self, table: Table) -> Table:
        code = table.code
        table.gate = lambda: self.redis.may_tell(code)

        def fenced() -> None:
            asyncio.get_running_loop().call_soon(self._give_up, code, "its lease went to another process")

        table.on_fenced = fenced
        self._subscribe.put_nowait((True, in_channel(code)))
        return super()._adopt(table)

    def _take(self, code: str) -> Table | None:
        """The table ``code`` refereed here from now on, if its lease is free."""
        if not self.redis.acquire(code):
            return None
        row = self.redis.load(code)
        if row is None:
            self.redis.release(code)
            return None
        table = Table(row, self.store, self.thinkers)
        try:
            table.resume()
        except Exception as err:
            self.redis.release(code)
            self.event("unresumable", table=code, reason=err)
            return None
        self._adopt(table)
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

    def _put_away(self, table: Table) -> None:
        super()._put_away(table)
        self.redis.release(table.code)
        self._subscribe.put_nowait((False, in_channel(table.code)))

    # Messages from other processes ----------------------------------------------------------
    def _heard(self, channel: str, data: bytes) -> None:
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
        if conn.ws.state is State.OPEN:
            broadcast([conn.ws], text)
        if '"type":"joined"' in text and conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
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
                self.addresses.costly(conn.address)
                self._relay(conn, code, msg)
                return
        super()._dispatch(conn, kind, msg)

    def _relay(self, conn: Conn, code: str, msg: dict[str, Any]) -> None:
        cid = f"{self.redis.process}-{secrets.token_hex(6)}"
        relay = Relay(code, self.redis.holder(code))
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
        opened = json.dumps({"c": cid, "o": "open", "a": conn.address, "p": conn.protocol})
        for _ in range(RELAY_TRIES):
            if conn.closing or cid not in self.relays:
                return
            if self.redis.publish(in_channel(code), opened) and self._forward(cid, code, text):
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
        """The open tables of the whole cluster (Redis's list of them)."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'list'", "unknown_type")
        from game.engine import Rules

        found = []
        try:
            rows = self.redis.listed()
        except StoreError as err:
            raise ProtocolError(f"the server cannot list its tables now ({err})", "store_failed") from None
        for row in rows:
            open_seats = [i for i, s in enumerate(row.seats) if s.kind == "open"]
            if not open_seats:
                continue
            rules = Rules.from_base(row.base, row.players, row.options)
            found.append({"table": row.code, "rules": {"base": rules.base, "players": rules.players, "options": rules.overrides()},
                          "host": row.seats[row.host].name, "open": open_seats})  # fmt: skip
            if len(found) >= 100:
                break
        conn.send({"type": "tables", "tables": found})

