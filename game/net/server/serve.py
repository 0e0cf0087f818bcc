"""``python -m game serve``: the network server process (headless, no pygame).

It locks its data folder (``<user data>/server``: one server per folder, see
``lock_folder``), opens its store (``tables.sqlite3`` there; a data folder that
cannot be written is said at once, and the server does not start), resumes the
tables it holds, listens, announces itself on the local network when others can
reach it, keeps house every ``SWEEP_S`` (checkpoints, halted tables tried again,
idle and finished tables put away), logs a status line every minute and a
summary when it stops (SIGINT, SIGTERM).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import gc
import logging
import os
import signal
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from websockets.asyncio.server import serve

from game.net.server.adminlog import STATUS_S, setup
from game.net.shared.discovery import Announcer, should_announce
from game.net.server.limits import Limits
from game.net.shared.protocol import DEFAULT_PORT, MAX_MESSAGE
from game.net.server.endpoint import HELLO_TIMEOUT_S, MAX_CONNECTIONS, MAX_TABLES, Server
from game.net.server.cluster.redis_store import RedisStore
from game.net.server.store import Store, StoreError, TableStore, private_folder, why
from game.net.server.thinking import SHARE, WORKERS, ThinkPool

log = logging.getLogger("matador.server")

SWEEP_S = 10.0
LOCK_NAME = "serve.lock"  # in the data folder: locked by the server using the folder, and its process id
LOCK_AT = 1 << 20  # the byte locked on Windows (past the pid, which the next server reads)
HELD = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK)  # a lock another process holds (flock; msvcrt)


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


class FolderInUse(Exception):
    """Another server holds the data folder's lock (``pid``: its process id, "" if
    it has not written it yet)."""

    def __init__(self, folder: Path, pid: str):
        super().__init__(f"{folder} is in use by process {pid or '?'}")
        self.folder = folder
        self.pid = pid


def lock_folder(folder: Path) -> int:
    """Take the lock of ``folder`` for this process, or ``FolderInUse``; returns the
    lock file's descriptor, held open while the server runs (closing it, or the
    process ending in any way, kill -9 included, lets the lock go: the operating
    system's lock, ``fcntl.flock`` or ``msvcrt.locking``, not the file's being
    there). The file holds the process id of the server holding it, for the
    next one to name; a file left by a killed server is taken over.
    ``OSError`` if the folder cannot be made or the file opened."""
    private_folder(folder)
    path = folder / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _lock(fd)
    except OSError as err:
        if err.errno not in HELD:  # (a file system without locks, say: not another server)
            os.close(fd)
            raise
        try:
            pid = os.pread(fd, 32, 0) if hasattr(os, "pread") else _read_start(fd)
        finally:
            os.close(fd)
        raise FolderInUse(folder, pid.decode("ascii", "replace").strip()) from None
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except OSError:
        os.close(fd)
        raise
    return fd


def _lock(fd: int) -> None:
    """The lock of the file ``fd``, at once (``OSError`` if another process holds it)."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, LOCK_AT, os.SEEK_SET)  # (Windows' locks keep others from reading what they cover)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        os.lseek(fd, 0, os.SEEK_SET)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _read_start(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 32)


async def sweep(server: Server, every_s: float = SWEEP_S, status_s: float = STATUS_S) -> None:
    """Checkpoint the store, keep house, and say how the server is, now and then."""
    since_status = 0.0
    while True:
        await asyncio.sleep(every_s)
        try:
            await asyncio.to_thread(server.store.checkpoint)
        except Exception as err:  # sqlite3.Error, a full disk: the log keeps growing until the next try
            log.warning("store checkpoint failed: %s", err)
        try:
            server.tidy()
        except Exception:  # a bug: said, and the housekeeping goes on
            log.exception("housekeeping failed")
        since_status += every_s
        if since_status >= status_s:
            since_status = 0.0
            server.admin.status(server.counts(), server.connections, server.thinkers.waiting() + server.thinkers.running)


@asynccontextmanager
async def listening(
    server: Server, host: str, port: int, sweep_s: float = SWEEP_S, status_s: float = STATUS_S, tls: Any = None, reuse_port: bool = False,
) -> AsyncIterator[int]:
    """``server`` listening on ``host:port`` (port 0: any free one) and keeping
    house; yields the port it listens on. Leaving closes every connection.
    ``tls``: an ``ssl.SSLContext`` to serve ``wss://`` with (game/net/shared/tls.py)."""
    async with serve(
        server.handler,
        host,
        port,
        process_request=server.process_request,
        max_size=MAX_MESSAGE,
        max_queue=8,
        open_timeout=server.hello_timeout,
        ping_interval=20,
        ping_timeout=20,
        compression=None,  # per-message deflate costs memory per connection; the messages are small
        write_limit=64 * 1024,
        close_timeout=2.0,  # a stop never waits long on a client that does not answer the close
        ssl=tls,
        reuse_port=reuse_port or None,  # processes of a cluster may share one port (SO_REUSEPORT)
    ) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()[1]
        sweeper = asyncio.create_task(sweep(server, sweep_s, status_s))
        try:
            yield bound
        finally:
            sweeper.cancel()


async def run_server(args: argparse.Namespace, store: TableStore, ready: asyncio.Event | None = None, tls: Any = None) -> None:
    limits = Limits(args.per_address_connections, args.per_address_tables, args.per_address_computers)
    thinkers = ThinkPool(args.think_workers, processes=args.think_in == "processes", share=args.think_share)
    server: Server
    cluster = None
    if isinstance(store, RedisStore):
        from game.net.server.cluster.cluster_process import ClusterServer

        server = cluster = ClusterServer(store, args.max_tables, args.max_connections, args.hello_timeout, limits, thinkers, 8 if args.long_codes else 6)
        await cluster.start()
    else:
        server = Server(store, args.max_tables, args.max_connections, args.hello_timeout, limits, thinkers, 8 if args.long_codes else 6)
    server.forwarded_for = bool(getattr(args, "forwarded_for", False))
    server.resume()
    if server.tables or thinkers.processes:
        thinkers.warm_up()
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
    try:
        async with listening(server, args.host, args.port, args.housekeeping, args.status, tls, reuse_port=cluster is not None) as port:
            where = f"cluster process {store.process} on {store.url}" if isinstance(store, RedisStore) else f"data: {store.path}"
            print(f"serving {'wss' if tls is not None else 'ws'}://{args.host}:{port}/ ({where})", flush=True)
            server.event("listening", address=f"{args.host}:{port}", tables=len(server.tables), data=store.url if isinstance(store, RedisStore) else store.path)
            if ready is not None:
                ready.set()
            announcer = await announce(args.host, port)
            await stop.wait()
            if announcer is not None:
                await announcer.stop()
    finally:
        figures = thinkers.figures
        if cluster is not None:
            await cluster.stop()
        server.close()
        server.admin.summary(figures.jobs, len(figures.owners), figures.most_ahead, figures.inline)


def main(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"serve: --port must be from 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    for option, value in (("--hello-timeout", args.hello_timeout), ("--housekeeping", args.housekeeping), ("--status", args.status)):
        if not 0 < value < 1e6:
            print(f"serve: {option} must be a number of seconds above 0, not {value:g}", file=sys.stderr)
            return 2
    tls = None
    if args.tls_cert is not None or args.tls_key is not None:
        from game.net.shared.tls import TLSFileError, server_context

        if args.tls_cert is None or args.tls_key is None:
            print("serve: --tls-cert and --tls-key go together: give both files, or neither", file=sys.stderr)
            return 2
        try:
            tls = server_context(args.tls_cert, args.tls_key)
        except TLSFileError as err:
            print(f"serve: {err}", file=sys.stderr)
            return 2
    setup(args.verbose, args.log_json)
    open_files_to_the_hard_limit()  # thousands of connections
    if args.redis is not None:
        return _cluster_main(args, tls)
    path = store_path()
    try:
        lock = lock_folder(path.parent)
    except FolderInUse as err:
        other = f"process {err.pid}" if err.pid else "a process that is starting"
        print(f"serve: the data folder {err.folder} is in use by another server ({other}); stop it, or give this one another MATADOR_HOME", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"serve: cannot write the data folder {path.parent}: {why(err)}", file=sys.stderr)
        return 1
    try:
        try:
            store = Store(path)
        except StoreError as err:
            print(f"serve: cannot write the data folder {path.parent}: {err}", file=sys.stderr)
            return 1
        return _run(args, store, tls)
    finally:
        os.close(lock)  # the lock goes with it


def _cluster_main(args: argparse.Namespace, tls: Any) -> int:
    """A process of a cluster on Redis: its tables are in Redis, not in a data folder."""
    try:
        store = RedisStore(args.redis)
    except ImportError:
        print("serve: --redis needs the redis package: pip install \".[server]\" in the game's folder", file=sys.stderr)
        return 1
    except StoreError as err:
        print(f"serve: {err} at {args.redis}", file=sys.stderr)
        return 1
    return _run(args, store, tls)


def _run(args: argparse.Namespace, store: Any, tls: Any) -> int:
    """Serve ``store``'s tables until stopped: 0, or 1 with one line when the port cannot be listened on."""
    try:
        asyncio.run(run_server(args, store, tls=tls))
    except OSError as err:
        print(f"serve: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 1
    return 0


def _share(text: str) -> float:
    """A share of a level's budget: a number above 0, at most 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value <= 10:
        raise argparse.ArgumentTypeError(f"must be above 0 and at most 10, not {value:g}")
    return value


def add_arguments(serve_parser: argparse.ArgumentParser, number: Callable[[str], int]) -> None:
    """The options of ``python -m game serve`` (game/commands/cli.py makes the parser); the
    help gives every default, read from the constants the server uses."""
    serve_parser.description = (
        f"Run a network server for tables played by code (headless). Its tables are kept in its data folder, "
        f"{store_path().parent} (MATADOR_HOME=DIR puts it in DIR/data/server instead); one server per data folder. "
        "SIGINT (Ctrl+C) or SIGTERM stops it, with a summary in the log."
    )
    add = serve_parser.add_argument
    add("--host", default="127.0.0.1", help="address to listen on (default %(default)s: this machine only; 0.0.0.0: every address)")
    add("--port", metavar="PORT", type=number, default=DEFAULT_PORT, help="port to listen on (default %(default)s; 0: any free port)")
    add("--max-tables", metavar="N", type=number, default=MAX_TABLES, help="most tables held at once, finished ones included (default %(default)s)")
    add("--max-connections", metavar="N", type=number, default=MAX_CONNECTIONS, help="most connections at once (default %(default)s)")
    add("--hello-timeout", metavar="S", type=float, default=HELLO_TIMEOUT_S, help="seconds a new connection has to join a table (default %(default)g)")
    add("--per-address-connections", metavar="N", type=number, default=Limits.connections, help="most connections from one address (default %(default)s)")
    add("--per-address-tables", metavar="N", type=number, default=Limits.tables, help="most tables created from one address and not yet put away (default %(default)s)")
    add("--per-address-computers", metavar="N", type=number, default=Limits.computers, help="most computer seats at those tables (default %(default)s)")
    add("--think-workers", metavar="N", type=number, default=WORKERS, help="computers thinking at once (default %(default)s)")
    add("--think-share", metavar="SHARE", type=_share, default=SHARE, help="share of its level's budget a computer thinks per decision (default %(default)g)")
    add("--think-in", choices=("processes", "threads"), default="processes", help="where computers think (default %(default)s: worker processes)")
    add("--long-codes", action="store_true", help="table codes of 8 characters instead of 6 (a server open to the internet; default off)")
    add("--housekeeping", metavar="S", type=float, default=SWEEP_S, help="seconds between checkpoints and tries of halted tables (default %(default)g)")
    add("--status", metavar="S", type=float, default=STATUS_S, help="seconds between the log's status lines (default %(default)g)")
    add("--log-json", action="store_true", help="log one JSON object a line (default off: lines of words)")
    add("--verbose", action="store_true", help="log every action too (default off)")
    add("--tls-cert", metavar="FILE", help="serve wss:// with this certificate (PEM, its chain after it; default: ws://, no TLS)")
    add("--tls-key", metavar="FILE", help="the certificate's private key (PEM), with --tls-cert")
    add("--redis", metavar="URL", default=None,
        help="run as one process of a cluster whose tables are in Redis, redis://HOST:PORT/DB (processes may share --port); "
        "needs the server extra, pip install \".[server]\" (default: off, one process and its data folder)")
    add("--forwarded-for", action="store_true",
        help="behind a reverse proxy on this machine: a client's address is the last of X-Forwarded-For (default: off)")


def open_files_to_the_hard_limit() -> None:
    """Let this process open as many files (connections) as the system allows it
    (the soft limit raised to the hard one; nothing where that cannot be done)."""
    try:
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass
