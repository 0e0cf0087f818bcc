"""The app hosting a table: the network server (game/net/server/endpoint.py) on a thread of
this process, with an asyncio loop of its own, so that the frame loop never waits
for it.

    hosted = HostedServer(visible=False)        # 127.0.0.1: this machine only
    hosted.start()
    ...                                         # every frame:
    if hosted.state == "ready": ...             # hosted.port, hosted.url
    if hosted.state == "failed": ...            # hosted.error: one line
    hosted.announce("K7QX-2M", "Ann's table")   # visible ones: on the local network
    hosted.stop()                               # leaving the screen, or quitting

``visible`` binds every address (0.0.0.0) and announces the table on the local
network (zeroconf); otherwise the server listens on 127.0.0.1 only and nothing is
announced. It listens on ``port`` (``DEFAULT_PORT`` unless the host chose
another); with ``fallback`` (the table taken back after a crash), on any free
port when that one is taken, else it fails with ``problem`` set to
``port_taken`` (``port_free`` asks before). Its tables live in the user data folder (``hosted/``, a file per table:
game/net/server/journal.py), as a dedicated server's live in SQLite, and a restart of the
server resumes them.

No pygame here.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import socket
import threading
from pathlib import Path
from typing import Collection

from game.net.shared.discovery import Announcer, lan_addresses
from game.net.shared.loop_thread import LoopThread, call_in
from game.net.shared.protocol import DEFAULT_PORT, HOST_LEFT  # (HOST_LEFT: what every seat is told when the app stops hosting)
from game.net.server.journal import JournalStore
from game.net.server.serve import listening
from game.net.server.endpoint import Server
from game.net.server.thinking import ThinkPool

log = logging.getLogger("matador.server")

STATES = ("idle", "starting", "ready", "failed", "stopped")
STOP_WAIT_S = 3.0  # stop() waits at most this long for the thread
PORTS = (1024, 65535)  # the ports a host may choose (below: the system's own)


def port_free(host: str, port: int) -> bool:
    """Whether ``host:port`` can be listened on now (bound as the server binds:
    SO_REUSEADDR on POSIX, so a port a closed server left in TIME_WAIT counts free).
    Port 0 is always free. Never waits."""
    if port == 0:
        return True
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        if os.name == "posix":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
            probe.listen(1)
        except OSError:
            return False
    return True


def hosted_store_path() -> Path:
    """The folder of the tables this app hosts (a file each: game/net/server/journal.py)."""
    from game.resources import user_data_dir

    return user_data_dir() / "hosted"


class HostedServer(LoopThread):
    """One network server for the tables this app hosts, on a thread of its own."""

    def __init__(
        self,
        visible: bool = False,
        port: int = DEFAULT_PORT,
        store_path: Path | None = None,
        max_tables: int = 20,
        keep: Collection[str] | None = None,
        fallback: bool = True,
    ):
        """``keep``: the tables of the store to resume (None: every one left in
        play; an app hosting a new table passes none, one taking its table back
        passes its code): the others are closed for good, and a friend coming
        back to one is told the host left."""
        self.visible = visible
        self.keep = None if keep is None else frozenset(keep)
        self.close_tables = False  # stop(): the host leaves, its tables are closed
        self.host = "0.0.0.0" if visible else "127.0.0.1"
        self.wanted_port = port
        self.fallback = fallback  # another port if that one is taken (else: failed, ``port_taken``)
        self.store_path = store_path or hosted_store_path()
        self.max_tables = max_tables
        self.state = "idle"
        self.error = ""
        self.problem = ""  # with "failed": "port_taken" (the port is in use), "listen" (another reason), "" (not listening)
        self.port: int | None = None
        self.announced = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._announcer: Announcer | None = None
        self._lock = threading.Lock()

    # The frame loop's side ---------------------------------------------------------
    def start(self) -> None:
        """Start the thread (returns at once; ``state`` says how it goes)."""
        if self._thread is None:
            self.state = "starting"
            self._start_thread(self._run, "matador-host")

    @property
    def url(self) -> str:
        """Where this app's own session connects (always this machine)."""
        return f"ws://127.0.0.1:{self.port}/"

    def addresses(self) -> list[str]:
        """``host:port`` for friends to type: this machine's network addresses when
        visible, else 127.0.0.1 (a friend on this machine only)."""
        if self.port is None:
            return []
        if not self.visible:
            return [f"127.0.0.1:{self.port}"]
        try:
            found = lan_addresses("0.0.0.0")
        except Exception as err:  # no zeroconf, no interfaces: the machine's name still works
            log.warning("the network addresses could not be listed: %s", err)
            found = []
        named = [f"{a}:{self.port}" for a in found if ":" not in a]
        return named or [f"{socket.gethostname()}:{self.port}"]

    def announce(self, table: str, name: str) -> None:
        """Announce ``table`` on the local network as ``name`` (visible servers only;
        a network without multicast is logged, and friends join by address)."""
        with self._lock:
            loop = self._loop
        if not self.visible or loop is None or self.port is None or self.announced:
            return
        self.announced = True
        try:
            asyncio.run_coroutine_threadsafe(self._announce(table, name), loop)
        except RuntimeError:  # the loop has ended
            pass

    def stop(self, wait_s: float = STOP_WAIT_S, close_tables: bool = False) -> None:
        """Close every connection, stop announcing, end the thread (waits at most
        ``wait_s``); the tables stay in the store, unless ``close_tables`` (the host
        leaves its table: it is closed for good, never resumed). A process killed
        without stopping leaves its tables in play, to be taken back."""
        self.close_tables = self.close_tables or close_tables
        with self._lock:
            loop, stop = self._loop, self._stop
        call_in(loop, None if stop is None else stop.set)
        if wait_s > 0:
            self.wait(wait_s)
            if self.running:
                log.warning("the hosted server did not stop within %.1f s", wait_s)
        if self.state != "failed":
            self.state = "stopped"

    # The server's thread -----------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as err:  # the port is taken, the address cannot be bound
            self.error = f"cannot listen on {self.host}:{self.wanted_port}: {err.strerror or err}"
            self.problem = "port_taken" if err.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)) else "listen"
            self.state = "failed"
            log.warning("the hosted server failed: %s", self.error)
        except Exception as err:  # a broken store, a bug: said, logged, never a traceback on the frame loop
            log.exception("the hosted server failed")
            self.error = " ".join(str(err).split())[:160] or type(err).__name__
            self.state = "failed"
        finally:
            with self._lock:
                self._loop = None

    async def _main(self) -> None:
        stop = asyncio.Event()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._stop = stop
        store = JournalStore(self.store_path)
        server = Server(store, max_tables=self.max_tables, max_connections=200, thinkers=ThinkPool(1))
        try:
            server.resume(self.keep)
            try:
                await self._serve(server, self.wanted_port, stop)
            except OSError as err:
                if self.wanted_port == 0 or self.port is not None or not self.fallback:
                    raise
                log.info("port %d is taken (%s): hosting on another", self.wanted_port, err.strerror or err)
                await self._serve(server, 0, stop)  # friends are told the address, whatever the port
        finally:
            server.close()
        log.info("hosting stopped")

    async def _serve(self, server: Server, port: int, stop: asyncio.Event) -> None:
        from game.net.app import identity_keys

        async with listening(server, self.host, port) as bound:
            self.port = bound
            identity_keys.hosting_at(self.url, self.store_path)  # the host is the same one whatever the port
            self.state = "ready"
            log.info("hosting on %s:%d (%d tables resumed)", self.host, bound, len(server.tables))
            await stop.wait()
            identity_keys.hosting_at(self.url, self.store_path, hosting=False)
            server.say_goodbye(HOST_LEFT)
            if self.close_tables:
                server.end_tables()
            if self._announcer is not None:
                try:
                    await asyncio.wait_for(self._announcer.stop(), 2.0)
                except Exception as err:
                    log.warning("stopping the announcement failed: %s", err)

    async def _announce(self, table: str, name: str) -> None:
        assert self.port is not None
        try:
            announcer = Announcer(self.host, self.port, name, table)
            await announcer.start()
            self._announcer = announcer
        except Exception as err:  # no multicast here: friends join by address and code
            log.warning("not announced on the local network: %s", err)

