"""The network server's connections and tables (headless, no pygame); run by
``python -m game serve`` (game/net/server/serve.py) and by the app hosting a table
(game/net/app/hosting.py).

One WebSocket endpoint at ``ws://HOST:PORT/``; JSON messages (docs/network.md).
Every connection is held to limits so that no client can hurt the others
(game/net/server/limits.py): messages over 64 KB close it, bad messages are answered
and counted, floods are refused (a token bucket per connection), a connection
that does not sit at a table in time (or no longer holds a seat) is closed, a
client that does not read what it is sent is dropped, and each address may hold
only so many connections, tables and computers, and try only so many codes.
Tables live in a store (game/net/server/store.py, game/net/server/journal.py) and are resumed
when the server starts.
"""

from __future__ import annotations

import asyncio
import logging
from http import HTTPStatus
from typing import Any, Callable, Collection

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.server import host_powers
from game.net.server.adminlog import AdminLog
from game.net.server.arrivals import Arrivals
from game.net.server.conn import Conn, small_send_buffer
from game.net.server.housekeeping import Housekeeping
from game.net.server.identities import Identities
from game.net.server.limits import Addresses, Limits
from game.net.server.matchmaking import QUEUE_MESSAGES, Matchmaking, Queue
from game.net.server.new_table import computers
from game.net.server.server_ratings import ServerRatings, leaderboard_answer, ratings_json
from game.net.shared.protocol import SUPPORTED, ProtocolError, decode, refusal
from game.net.server.store import StoreError, TableStore
from game.net.server.table import Table
from game.net.server.thinking import ThinkPool
from game.net.server import watchers
from game.version import version

log = logging.getLogger("matador.server")

MAX_TABLES = 1000  # tables held at once, finished ones included (serve --max-tables)
MAX_CONNECTIONS = 10000  # connections at once (serve --max-connections)
HELLO_TIMEOUT_S = 10.0  # a new connection's time to take a seat (serve --hello-timeout)
FLOOD_CLOSE = 400  # messages refused for flooding before the connection is closed
STRIKES = 50  # bad messages before the connection is closed
UNSEATED = ("create", "join", "rejoin", "claim")  # the messages that sit a connection at a table (and "list")
NOT_THEIR_FAULT = frozenset(("halted", "store_failed", "busy", "slow_down", "host_away", "claim_pending"))  # refusals that are no strike


class Server(Arrivals, Housekeeping, Matchmaking):
    """The tables of one server process and the connections to them."""

    def __init__(
        self,
        store: TableStore,
        max_tables: int = MAX_TABLES,
        max_connections: int = MAX_CONNECTIONS,
        hello_timeout: float = HELLO_TIMEOUT_S,
        limits: Limits | None = None,
        thinkers: ThinkPool | None = None,
        code_length: int = 6,
    ):
        self.store = store
        self.max_tables = max_tables
        self.max_connections = max_connections
        self.hello_timeout = hello_timeout
        self.forwarded_for = False  # a proxy on this machine says who the client is (serve --forwarded-for)
        self.code_length = code_length
        self.tables: dict[str, Table] = {}
        self.connections = 0
        self.addresses = Addresses(limits)
        self.thinkers = thinkers or ThinkPool()
        self.admin = AdminLog()
        self._closing: set[asyncio.Task[None]] = set()
        self.ended: set[str] = set()  # tables the host closed in this run: a seat that comes back is told so
        self.moved: dict[str, str] = {}  # old code -> new code of tables given a new code in this run
        self.identities = Identities.of(store)  # who each connection is on this server (docs/network.md)
        self.ratings = ServerRatings.of(store)  # each identity's rating per family (docs/network.md)
        self.queue = Queue()  # the people waiting to play now (game/net/server/matchmaking.py)

    def event(self, kind: str, **fields: Any) -> None:
        level = logging.DEBUG if kind == "action" else logging.ERROR if kind == "halted" else logging.INFO
        self.admin.event(kind, level, **fields)

    def _adopt(self, table: Table) -> Table:
        table.on_event = self.event
        table.on_settle = self._rate
        self.tables[table.code] = table
        if table.state == "over":  # resumed over: rated now if it was not (a crash in between)
            table.settle()
        return table

    def _rate(self, table: Table, leavers: frozenset[int]) -> None:
        """The match's end, or people leaving it: the server's ratings (server_ratings.py)."""
        if table.match is None:
            return
        try:
            changes = self.ratings.settle(table.code, table.match, table.row.seats, leavers)
        except StoreError as err:  # the match is not rated; play goes on
            log.error("table %s: its ratings cannot be stored: %s", table.code, err)
            return
        for change in changes:
            self.event("rated", table=table.code, identity=change.identity, family=change.family,
                       rating=f"{change.before.r:.0f} -> {change.after.r:.0f}", games=change.games, left=bool(leavers))  # fmt: skip

    def resume(self, only: Collection[str] | None = None) -> None:
        """Every table the store holds in the lobby, in play or just over, as it was;
        with ``only`` (an app hosting again), those tables only: the others are
        closed (the host chose not to take them back)."""
        for row in self.store.live_tables():
            if only is not None and row.code not in only:
                self.store.set_state(row.code, "closed")
                self.ended.add(row.code)
                self.event("put_away", table=row.code, why="the host did not take it back")
                continue
            table = Table(row, self.store, self.thinkers)
            try:
                table.resume()
            except Exception as err:  # one broken table must not keep the others down
                self.event("unresumable", table=row.code, reason=err)
                continue
            self._adopt(table)
            self.event("resumed", table=row.code, state=row.state, actions=len(row.actions))

    # Connections ------------------------------------------------------------------
    def client_address(self, peer: Any, headers: Any) -> str:
        """The client's address: the connection's, or, with ``forwarded_for`` and a
        connection from this machine (a reverse proxy terminating TLS in front of the
        server, docs/network.md), the last address of its ``X-Forwarded-For``."""
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.forwarded_for or address not in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
            return address
        forwarded = headers.get("X-Forwarded-For") if headers is not None else None
        if not isinstance(forwarded, str) or not forwarded.strip():
            return address
        import ipaddress

        try:
            return str(ipaddress.ip_address(forwarded.split(",")[-1].strip()))
        except ValueError:
            return address

    def process_request(self, connection: ServerConnection, request: Any) -> Any:
        """Before the WebSocket handshake: an address that holds its most connections,
        or opens them too fast, is answered 503 at once (cheaper than a connection)."""
        address = self.client_address(connection.remote_address, getattr(request, "headers", None))
        if self.connections >= self.max_connections or not self.addresses.may_open(address):
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "too many connections: try again later\n")
        return None

    async def handler(self, ws: ServerConnection) -> None:
        address = self.client_address(ws.remote_address, ws.request.headers if ws.request is not None else None)
        if self.connections >= self.max_connections:
            await ws.close(1013, "the server is full: try again later")
            return
        if not self.addresses.connect(address):
            self.event("closed_conn", address=address, reason="too many connections from this address")
            await ws.close(1013, "too many connections from your address: try again later")
            return
        self.connections += 1
        self.admin.connections(self.connections)
        conn = Conn(ws, address)
        small_send_buffer(ws)
        self._arm(conn, self.hello_timeout)
        try:
            async for text in ws:  # after a close begins, what still comes is read and dropped
                if not conn.closing:
                    self._receive(conn, text)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            self.addresses.disconnect(address)
            if conn.timer is not None:
                conn.timer.cancel()
            self._unseat(conn, "dropped")

    def _arm(self, conn: Conn, seconds: float) -> None:
        """Close ``conn`` unless it holds a seat within ``seconds``."""
        if conn.timer is not None:
            conn.timer.cancel()
        reason = f"say hello and join a table within {self.hello_timeout:g} s"
        conn.timer = asyncio.get_running_loop().call_later(seconds, self._close, conn, 4008, reason)

    def _unseat(self, conn: Conn, how: str) -> None:
        self._unwatch(conn)
        table, conn.table = conn.table, None
        if table is not None and table.disconnect(conn.seat, conn.send):
            self.event(how, table=table.code, seat=conn.seat, name=table.row.seats[conn.seat].name, address=conn.address)
        if conn.claim is not None:
            claim_table, claim = conn.claim
            conn.claim = None
            host_powers.withdraw(claim_table, claim)
        self._unqueue(conn)

    def _close(self, conn: Conn, code: int, reason: str) -> None:
        """Begin closing ``conn`` without waiting (its unread messages must still be
        read for the closing handshake to get through)."""
        if conn.closing:
            return
        conn.closing = True
        task = asyncio.create_task(conn.ws.close(code, reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        number = msg.get("protocol")
        if msg.get("type") != "hello":
            raise ProtocolError('the first message must be {"type": "hello", "protocol": 2}', "hello_first")
        if number not in SUPPORTED or isinstance(number, bool):
            shown = str(number)[:20] if isinstance(number, (int, str)) and len(str(number)) <= 20 else "another"
            conn.send({"type": "refused", "about": "hello", "code": "protocol", "reason": (
                f"this server speaks protocol {SUPPORTED[-1]}, not {shown}: use the same version of Matador as the server"
            ), "protocol": SUPPORTED[-1], "protocols": list(SUPPORTED)})
            self._close(conn, 4000, "protocol refused")
            return
        answer: dict[str, Any] = {"type": "hello", "protocol": number, "server": f"Matador {version()}"}
        if "identity" in msg:  # a client that knows identities (an older one sends none, and is served as before)
            answer["identity"] = self._identify(conn, msg.get("identity"))
        conn.protocol = number
        conn.send(answer)

    def _identify(self, conn: Conn, secret: Any) -> dict[str, Any]:
        """``hello``'s ``identity``: who the secret says, or a fresh identity (a
        fresh one costs its address as a costly request does)."""
        if not isinstance(secret, str) or len(secret) > 64:
            secret = None  # garbage, or oversized: never looked at further
        if self.identities.known(secret) is None:
            self.addresses.costly(conn.address)  # (before a fresh one is stored)
        identity, fresh = self.identities.identify(secret)
        conn.identity = identity
        told: dict[str, Any] = {"id": identity, "name": self.identities.name_of(identity)}
        try:  # its rating per family here (server_ratings.py): the app shows it beside its own
            told["ratings"] = ratings_json(self.ratings, identity)
        except StoreError as err:  # (the hello goes on without them)
            log.error("the ratings cannot be read: %s", err)
        if fresh is not None:
            told["secret"] = fresh
            self.event("identity", identity=identity, address=conn.address, why="unknown" if secret is not None else "new")
        return told

    def _receive(self, conn: Conn, text: str | bytes) -> None:
        kind: Any = None
        if not conn.protocol:  # the first message: hello, or the door
            try:
                first = decode(text)
            except ProtocolError:
                first = {"type": None}
            try:
                self._hello(conn, first)
            except ProtocolError as err:
                conn.send(refusal("hello", err))
                self._close(conn, 4000, "protocol refused")
            return
        if not conn.bucket.take():
            conn.dropped += 1
            if len(text) < 512 and isinstance(text, str):
                try:
                    kind = decode(text).get("type")
                except ProtocolError:
                    pass
            conn.send(refusal(kind, ProtocolError("too many messages: slow down (this one was not read)", "slow_down")))
            if conn.dropped >= FLOOD_CLOSE:
                self._close(conn, 1008, "too many messages")
            return
        try:
            msg = decode(text)
            kind = msg["type"]
            self._dispatch(conn, kind, msg)
            if kind == "play":
                conn.bucket.refund()
        except ProtocolError as err:
            conn.strikes += err.code not in NOT_THEIR_FAULT
            conn.send(refusal(kind, err))
            if kind in ("join", "rejoin", "claim", "create"):
                if self.addresses.say_refusal(conn.address):
                    self.event("refused", about=kind, address=conn.address, reason=err, code=err.code)
                else:
                    self.admin.counts["refused"] += 1
                    self.admin.counts["refused_quietly"] += 1
            if conn.strikes >= STRIKES:
                self._close(conn, 1008, "too many bad messages")
            elif err.code == "too_many_tries":  # still guessing after being told: the door (and 503 for a while)
                self._close(conn, 1008, "too many tries")
        except Exception:  # a bug, not the client's fault: said, logged, and the server goes on
            log.exception("a %s message failed", str(kind)[:32])
            conn.send(refusal(kind, ProtocolError("the server could not do this (its log says why)", "server_error")))

    def _dispatch(self, conn: Conn, kind: str, msg: dict[str, Any]) -> None:
        table = conn.table
        if kind == "list":
            self.addresses.costly(conn.address)
            self._list(conn, msg)
            return
        if kind == "name":  # seated or not: the identity's name on this server
            self._rename(conn, msg)
            return
        if kind == "leaderboard":  # seated or not: a family's top and the identity's place
            self.addresses.costly(conn.address)
            conn.send(leaderboard_answer(self, conn, msg))
            return
        if conn.watching is not None:  # a watcher may leave or ask for the whole view again, no more
            self._watcher_says(conn, kind, msg)
            return
        if kind in UNSEATED or kind in QUEUE_MESSAGES or kind == "watch":
            if table is not None or conn.claim is not None:
                raise ProtocolError("this connection already has a seat: open another to join another table", "seated")
            if kind in QUEUE_MESSAGES:  # play now (game/net/server/matchmaking.py)
                self.addresses.costly(conn.address)
                QUEUE_MESSAGES[kind](self, conn, msg)
                return
            if conn in self.queue.tickets:
                raise ProtocolError("you are waiting to play now: leave_queue first", "queued")
            self.addresses.costly(conn.address)
            {"create": self._create, "join": self._join, "rejoin": self._rejoin, "claim": self._claim, "watch": self._watch}[kind](conn, msg)
            return
        handler = SEATED.get(kind) if isinstance(kind, str) else None  # (a type of any JSON value: unknown)
        if handler is None:
            raise ProtocolError(f"unknown message type {str(kind)[:32]!r}", "unknown_type")
        if table is None:
            raise ProtocolError("create or join a table first", "not_seated")
        handler(self, conn, table, msg)

    def _seat(self, conn: Conn, table: Table, seat: int, token: str | None) -> None:
        conn.table, conn.seat = table, seat
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
        joined: dict[str, Any] = {"type": "joined", "table": table.code, "seat": seat, "host": seat == table.row.host}
        if token is not None:
            joined["token"] = token
        conn.send(joined)
        if table.connect(seat, conn.send, lambda code, reason: self._lost_seat(conn, code, reason)):
            self.event("back", table=table.code, seat=seat, name=table.row.seats[seat].name, address=conn.address)

    # Watchers (game/net/server/watchers.py) ---------------------------------------------
    def _watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        """``watch``: the connection follows the table without a seat."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'watch'", "unknown_type")
        table = self._find(conn, msg)
        address = self.addresses.of(conn.address)
        watchers.may_watch(table, conn.address, address.watching)
        watcher = watchers.Watcher(id(conn), conn.address, conn.send, lambda code, reason: self._lost_watch(conn, code, reason))
        conn.watching = table
        address.watching += 1
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
        self.event("watching", table=table.code, address=conn.address, watchers=len(table.watchers) + 1)
        conn.send({"type": "watching", "table": table.code})
        table.watch(watcher)

    def _unwatch(self, conn: Conn) -> bool:
        """The connection watches no more (it left, dropped, or was dropped)."""
        table, conn.watching = conn.watching, None
        if table is None:
            return False
        address = self.addresses.of(conn.address)
        address.watching = max(0, address.watching - 1)
        table.unwatch(id(conn))
        return True

    def _lost_watch(self, conn: Conn, code: int, reason: str) -> None:
        """The table dropped ``conn``'s watching (its host closed it to watchers): closed."""
        self._unwatch(conn)
        self._close(conn, code, reason)

    def _watcher_says(self, conn: Conn, kind: str, msg: dict[str, Any]) -> None:
        table = conn.watching
        assert table is not None
        if kind == "leave":
            self._unwatch(conn)
            conn.send({"type": "left", "table": table.code})
            self._arm(conn, self.hello_timeout)
            return
        if kind == "sync":
            if not conn.syncs.take():
                raise ProtocolError("too many requests for the whole view: slow down", "slow_down")
            self.addresses.costly(conn.address)
            watcher = table.watchers.get(id(conn))
            if watcher is not None:
                table.watch_sync(watcher)
            return
        if not isinstance(kind, str) or (kind not in SEATED and kind not in UNSEATED and kind not in QUEUE_MESSAGES and kind != "watch"):
            raise ProtocolError(f"unknown message type {str(kind)[:32]!r}", "unknown_type")
        raise ProtocolError("you are watching this table without a seat: leave it first", "watching")

    def _lost_seat(self, conn: Conn, code: int, reason: str) -> None:
        """``conn`` holds its seat no longer (taken over, removed, given away): closed."""
        conn.table = None
        self._close(conn, code, reason)

    def _live(self) -> int:
        return len(self.tables)


# The messages of a connection that holds a seat, each one entry: its type and what
# the server does with it (the server, the connection, its table, the message). A
# handler refuses with ``ProtocolError``; what it sends goes through the table
# (``Table.deliver``, ``Table.tell_all``) or the connection (``conn.send``).
Seated = Callable[[Server, Conn, Table, dict[str, Any]], None]


def _give_seat(server: Server, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
    host_powers.give_seat(table, conn.seat, msg)
    server.addresses.computers_changed(table.owner, table.code, computers(table.row))


def _stop(server: Server, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
    """The match stopped by those still at a table whose host is away: put away."""
    host_powers.stop_match(table, conn.seat)
    server.ended.add(table.code)
    server._put_away(table)


def _sync(server: Server, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
    if not conn.syncs.take():
        raise ProtocolError("too many requests for the whole view: slow down", "slow_down")
    server.addresses.costly(conn.address)
    table.sync(conn.seat)


def _leave(server: Server, conn: Conn, table: Table, msg: dict[str, Any]) -> None:
    server._unseat(conn, "left")
    server._arm(conn, server.hello_timeout)


SEATED: dict[str, Seated] = {
    "start": lambda server, conn, table, msg: table.start(conn.seat, nobody_away=True),
    "play": lambda server, conn, table, msg: table.play(conn.seat, msg),
    "react": lambda server, conn, table, msg: table.react(conn.seat, msg),
    "give_seat": _give_seat,
    "stop": _stop,
    "leave": _leave,
    "sync": _sync,
    "remove": lambda server, conn, table, msg: host_powers.remove(table, conn.seat, msg),
    "answer_claim": lambda server, conn, table, msg: host_powers.answer(table, conn.seat, msg),
    "new_code": lambda server, conn, table, msg: server._new_code(conn, table),
    "watchers": lambda server, conn, table, msg: watchers.set_watchable(table, conn.seat, msg),
}


def register_seated(kind: str, handler: Seated) -> Callable[[], None]:
    """Let a seated connection send messages of type ``kind`` (``handler`` does
    what they ask); the function returned takes it out again."""
    if kind in SEATED or kind in UNSEATED or kind in QUEUE_MESSAGES or kind in ("list", "name", "leaderboard", "watch"):
        raise ValueError(f"{kind!r} is a message already")
    SEATED[kind] = handler

    def unregister() -> None:
        if SEATED.get(kind) is handler:
            del SEATED[kind]

    return unregister
