"""``python -m game serve``: the network server, headless (no pygame).

One WebSocket endpoint at ``ws://HOST:PORT/``; JSON messages (docs/network.md).
Every connection is held to limits so that no client can hurt the others:
messages over 64 KB close it, bad messages are answered and counted, floods are
rate-limited (a token bucket per connection), a connection that does not say
hello and sit at a table in time is closed, the number of connections is capped,
and a client that does not read what it is sent is dropped. Tables live in
SQLite (game/net/store.py) and are resumed when the server starts.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import secrets
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Collection

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.net.discovery import Announcer, should_announce
from game.net.protocol import (
    HOST_LEFT,
    MAX_MESSAGE,
    PROTOCOL,
    ProtocolError,
    decode,
    encode,
    new_code,
    normal_code,
    player_name,
    refusal_json,
)
from game.net.store import LIVE_STATES, Store, TableStore
from game.net.table import Table
from game.version import version

log = logging.getLogger("matador.server")

RATE = 20.0  # messages per second a connection may send, on average
BURST = 40  # and at once
FLOOD_CLOSE = 400  # messages dropped for flooding before the connection is closed
STRIKES = 50  # bad messages before the connection is closed
WRITE_LIMIT = 1 << 20  # bytes waiting to be sent to a client that does not read
IDLE_TABLE_S = 3600.0  # a table nobody is connected to is put away after this long
IDLE_LOBBY_S = 600.0  # or, before it started, after this long


class Bucket:
    """A token bucket: ``RATE`` tokens a second, at most ``BURST``."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        """Give back the token of a message that did its job (a move the game accepted:
        the game itself paces those)."""
        self.tokens = min(self.burst, self.tokens + 1)


class Conn:
    """One client connection, and the seat it holds, if any."""

    def __init__(self, ws: ServerConnection):
        self.ws = ws
        self.table: Table | None = None
        self.seat = -1
        self.bucket = Bucket()
        self.strikes = 0
        self.dropped = 0
        self.closing = False

    def send(self, message: dict[str, Any]) -> None:
        ws = self.ws
        if ws.state is not State.OPEN:
            return
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > WRITE_LIMIT:
            log.warning("dropping a client that does not read (%s)", ws.remote_address)
            transport.abort()
            return
        broadcast([ws], encode(message))


class Server:
    """The tables of one server process and the connections to them."""

    def __init__(self, store: TableStore, max_tables: int = 1000, max_connections: int = 10000, hello_timeout: float = 10.0):
        self.store = store
        self.max_tables = max_tables
        self.max_connections = max_connections
        self.hello_timeout = hello_timeout
        self.tables: dict[str, Table] = {}
        self.connections = 0
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="matador-ai")
        self._closing: set[asyncio.Task[None]] = set()
        self.ended: set[str] = set()  # tables the host closed in this run: a seat that comes back is told so

    def resume(self, only: Collection[str] | None = None) -> None:
        """Every table the store holds in the lobby or in play, as it was; with
        ``only`` (an app hosting again), those tables only: the others are closed
        (the host chose not to take them back)."""
        for row in self.store.live_tables():
            if only is not None and row.code not in only:
                self.store.set_state(row.code, "closed")
                self.ended.add(row.code)
                log.info("table %s: closed (the host did not take it back)", row.code)
                continue
            table = Table(row, self.store, self.pool)
            try:
                table.resume()
            except Exception as err:  # one broken table must not keep the others down
                log.error("table %s cannot be resumed: %s", row.code, err)
                continue
            self.tables[row.code] = table
            log.info("table %s: resumed (%s, %d actions)", row.code, row.state, len(row.actions))

    # Connections ------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        if self.connections >= self.max_connections:
            await ws.close(1013, "the server is full: try again later")
            return
        self.connections += 1
        conn = Conn(ws)
        try:
            await self._session(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            if conn.table is not None:
                conn.table.disconnect(conn.seat, conn.send)

    async def _session(self, conn: Conn) -> None:
        ws = conn.ws
        deadline = asyncio.get_running_loop().time() + self.hello_timeout
        try:
            async with asyncio.timeout_at(deadline):
                self._hello(conn, await ws.recv())
                while conn.table is None and not conn.closing:
                    await self._receive(conn, await ws.recv())
        except TimeoutError:
            self._close(conn, 4008, f"say hello and join a table within {self.hello_timeout:g} s")
        async for text in ws:  # after a close begins, what still comes is read and dropped
            if not conn.closing:
                await self._receive(conn, text)

    def _close(self, conn: Conn, code: int, reason: str) -> None:
        """Begin closing ``conn`` without waiting (its unread messages must still be
        read for the closing handshake to get through)."""
        if conn.closing:
            return
        conn.closing = True
        task = asyncio.create_task(conn.ws.close(code, reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def _hello(self, conn: Conn, text: str | bytes) -> None:
        try:
            msg = decode(text)
        except ProtocolError:
            msg = {"type": None}
        if msg.get("type") != "hello":
            reason = 'the first message must be {"type": "hello", "protocol": 1}'
        elif msg.get("protocol") != PROTOCOL:
            reason = (
                f"this server speaks protocol {PROTOCOL}, not {str(msg.get('protocol'))[:20]}: "
                "use the same version of Matador as the server"
            )
        else:
            conn.send({"type": "hello", "protocol": PROTOCOL, "server": f"Matador {version()}"})
            return
        conn.send({"type": "refused", "about": "hello", "reason": reason, "protocol": PROTOCOL})
        self._close(conn, 4000, "protocol refused")

    async def _receive(self, conn: Conn, text: str | bytes) -> None:
        if not conn.bucket.take():
            conn.dropped += 1
            if conn.dropped == 1 or conn.dropped % 100 == 0:
                conn.send({"type": "error", "reason": "too many messages: slow down (some were ignored)"})
            if conn.dropped >= FLOOD_CLOSE:
                self._close(conn, 1008, "too many messages")
            return
        kind: Any = None
        try:
            msg = decode(text)
            kind = msg["type"]
            self._dispatch(conn, kind, msg)
            if kind == "play":
                conn.bucket.refund()
        except ProtocolError as err:
            conn.strikes += 1
            refused: dict[str, Any] = {"type": "refused", "about": str(kind)[:32] if kind is not None else None, "reason": str(err)}
            if err.refusal is not None:  # the engine's or the referee's: the client says it in its player's language
                refused["refusal"] = refusal_json(err.refusal)
            conn.send(refused)
            if conn.strikes >= STRIKES:
                self._close(conn, 1008, "too many bad messages")
        except Exception:  # a bug, not the client's fault: said, logged, and the server goes on
            log.exception("a %s message failed", str(kind)[:32])
            conn.send({"type": "refused", "about": str(kind)[:32], "reason": "the server could not do this (its log says why)"})

    def _dispatch(self, conn: Conn, kind: str, msg: dict[str, Any]) -> None:
        table = conn.table
        if kind in ("create", "join", "rejoin"):
            if table is not None:
                raise ProtocolError("this connection already has a seat: open another to join another table")
            {"create": self._create, "join": self._join, "rejoin": self._rejoin}[kind](conn, msg)
            return
        if kind not in ("start", "play", "react", "give_seat", "leave", "sync"):
            raise ProtocolError(f"unknown message type {str(kind)[:32]!r}")
        if table is None:
            raise ProtocolError("create or join a table first")
        if kind == "start":
            table.start(conn.seat)
        elif kind == "play":
            table.play(conn.seat, msg)
        elif kind == "react":
            table.react(conn.seat, msg)
        elif kind == "give_seat":
            table.give_seat(conn.seat, msg)
        elif kind == "sync":
            table.sync(conn.seat)
        else:
            table.disconnect(conn.seat, conn.send)
            conn.table = None

    def _seat(self, conn: Conn, table: Table, seat: int, token: str | None) -> None:
        conn.table, conn.seat = table, seat
        joined: dict[str, Any] = {"type": "joined", "table": table.code, "seat": seat, "host": seat == table.row.host}
        if token is not None:
            joined["token"] = token
        conn.send(joined)
        table.connect(seat, conn.send)

    def _create(self, conn: Conn, msg: dict[str, Any]) -> None:
        if sum(1 for t in self.tables.values() if t.state != "over") >= self.max_tables:
            raise ProtocolError(f"this server holds {self.max_tables} tables, its most: try again later")
        name = player_name(msg.get("name"))
        code = new_code()
        while code in self.tables or self.store.code_taken(code):
            code = new_code()
        row = Table.new_row(code, msg, secrets.randbits(128))  # the secret seed of every deal
        self.store.create(row)
        table = Table(row, self.store, self.pool)
        self.tables[code] = table
        log.info("table %s: created (%s, %d players)", code, row.base, row.players)
        seat, token = table.take_seat(row.host, name)
        self._seat(conn, table, seat, token)

    def _find(self, msg: dict[str, Any]) -> Table:
        code = normal_code(msg.get("table"))
        table = self.tables.get(code)
        if table is None and code in self.ended:
            raise ProtocolError(HOST_LEFT)
        if table is None:
            raise ProtocolError(f"there is no table {code} on this server")
        return table

    def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(msg)
        seat = msg.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ProtocolError("seat must be a seat number")
        seat, token = table.take_seat(seat, player_name(msg.get("name")))
        self._seat(conn, table, seat, token)

    def _rejoin(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(msg)
        seat = table.check_token(msg.get("seat"), msg.get("token"))
        self._seat(conn, table, seat, None)

    def say_goodbye(self, reason: str) -> None:
        """Tell every seat connected that its table is closed for good (a server
        hosted by an app that leaves: nobody should wait for it to come back)."""
        for table in self.tables.values():
            table.tell_all({"type": "closed", "by": "host", "reason": reason})

    def end_tables(self) -> None:
        """Close every table for good (the app hosting them leaves): their journals
        say so, and they are not resumed."""
        for code, table in list(self.tables.items()):
            if table.state in LIVE_STATES:
                self.store.set_state(code, "closed")
            self.ended.add(code)
            if table.referee is not None:
                table.referee.cancel()
            del self.tables[code]

    def close(self) -> None:
        """After the last connection closed: stop the computers' thinking, close the store."""
        for table in self.tables.values():
            if table.referee is not None:
                table.referee.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # Housekeeping -------------------------------------------------------------------
    async def sweep(self, every_s: float = 10.0) -> None:
        """Checkpoint the store; put away tables that are over or that nobody has come back to."""
        while True:
            await asyncio.sleep(every_s)
            try:
                await asyncio.to_thread(self.store.checkpoint)
            except Exception as err:  # sqlite3.Error, a full disk: the log keeps growing until the next try
                log.warning("store checkpoint failed: %s", err)
            now = time.monotonic()
            for code, table in list(self.tables.items()):
                present = any(seat.send is not None for seat in table.net.values())
                if present:
                    table.touched = now
                    continue
                idle_s = IDLE_LOBBY_S if table.state == "lobby" else IDLE_TABLE_S
                if table.state == "over" or now - table.touched > idle_s:
                    if table.state != "over":
                        self.store.set_state(code, "abandoned")
                        log.info("table %s: abandoned (nobody came back for %d minutes)", code, idle_s // 60)
                    if table.referee is not None:
                        table.referee.cancel()
                    del self.tables[code]


async def announce(host: str, port: int) -> Announcer | None:
    """Announce the server on the local network when others can reach it."""
    if not should_announce(host):
        return None
    try:
        announcer = Announcer(host, port)
        await announcer.start()
    except Exception as err:  # no multicast here, or no network: play by address and code
        log.warning("not announced on the local network: %s", err)
        return None
    return announcer


def store_path() -> Path:
    from game.resources import user_data_dir

    return user_data_dir() / "server" / "tables.sqlite3"


@asynccontextmanager
async def listening(server: Server, host: str, port: int) -> AsyncIterator[int]:
    """``server`` listening on ``host:port`` (port 0: any free one) and keeping
    house; yields the port it listens on. Leaving closes every connection."""
    async with serve(
        server.handler,
        host,
        port,
        max_size=MAX_MESSAGE,
        max_queue=8,
        open_timeout=server.hello_timeout,
        ping_interval=20,
        ping_timeout=20,
        compression=None,  # per-message deflate costs memory per connection; the messages are small
        write_limit=64 * 1024,
        close_timeout=2.0,  # a stop never waits long on a client that does not answer the close
    ) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        sweeper = asyncio.create_task(server.sweep())
        try:
            yield bound
        finally:
            sweeper.cancel()


async def run_server(args: argparse.Namespace, ready: asyncio.Event | None = None) -> None:
    store = Store(store_path())
    server = Server(store, args.max_tables, args.max_connections, args.hello_timeout)
    server.resume()
    # What is alive now lives as long as the server; the cyclic collector need not
    # walk it again and again (its full passes are the server's longest pauses).
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 50)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform or thread
            pass
    async with listening(server, args.host, args.port) as port:
        print(f"serving ws://{args.host}:{port}/ (data: {store.path})", flush=True)
        log.info("server listening on %s:%d with %d tables resumed", args.host, port, len(server.tables))
        if ready is not None:
            ready.set()
        announcer = await announce(args.host, port)
        await stop.wait()
        if announcer is not None:
            await announcer.stop()
    server.close()
    log.info("server stopped")


def main(args: argparse.Namespace) -> int:
    if not args.hello_timeout > 0:
        print(f"matador serve: --hello-timeout must be a number of seconds above 0, not {args.hello_timeout:g}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of connections
    except (ImportError, ValueError, OSError):
        pass
    try:
        asyncio.run(run_server(args))
    except OSError as err:
        print(f"matador serve: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0
