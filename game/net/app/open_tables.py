"""The tables open to anyone on a dedicated server (created ``listed``), as the app
shows them: asked on a thread of its own, now and again every few seconds while
a screen shows them, and read once a frame (nothing waits on the network).

    lister = TableLister("ws://club.example.org:47123/")
    lister.start()
    ...                      # every frame
    lister.state             # asking, listed, failed
    lister.tables            # [OpenTable, ...] (the last answer)
    lister.failure, lister.code   # why it failed (a line for logs, a code to word)
    lister.ask()             # ask again now
    lister.close()

Each answer comes on a connection of its own (hello, ``list``, the answer, close):
a server closes a connection that holds no seat after its hello timeout, and a
list is a costly request, asked at most every ``REFRESH_S``. Any address can be
typed in, so the answer is read as a hostile server's would be: entries that
cannot be read are left out, and at most ``MAX_TABLES`` are kept.

No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass
from typing import Any

from game.engine import RuleError, Rules
from game.net.app.client import TIMEOUT_S, Client, ServerRefused
from game.net.shared.loop_thread import LoopThread, call_in
from game.net.shared.protocol import NAME_MAX, ProtocolError, normal_code
from game.net.app.session import _lookup_failed, _unknown_host, _why

log = logging.getLogger("matador.net")

REFRESH_S = 5.0  # asked again this often while shown
MAX_TABLES = 100  # the server sends at most as many
MAX_SEATS = 8


@dataclass(frozen=True)
class OpenTable:
    """A table open to anyone on the server: its code, rules, host's name and open seats."""

    code: str
    rules: Rules
    host: str
    open: tuple[int, ...]


def read_open_table(entry: Any) -> OpenTable | None:
    """One entry of a ``tables`` answer (None if it cannot be read)."""
    if not isinstance(entry, dict):
        return None
    try:
        code = normal_code(entry.get("table"))
        spec = entry.get("rules")
        if not isinstance(spec, dict) or not isinstance(spec.get("base"), str) or not isinstance(spec.get("players"), int):
            return None
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            return None
        rules = Rules.from_base(spec["base"], spec["players"], options)
    except (ProtocolError, RuleError, TypeError, ValueError, KeyError):
        return None
    host = entry.get("host")
    name = " ".join(host.split())[:NAME_MAX] if isinstance(host, str) else ""
    seats = entry.get("open")
    if not isinstance(seats, list):
        return None
    free = tuple(sorted({s for s in seats[:MAX_SEATS] if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.players}))
    if not free:
        return None
    return OpenTable(code, rules, name, free)


def read_tables(message: Any) -> list[OpenTable]:
    """A ``tables`` answer, read as a hostile server's would be."""
    entries = message.get("tables") if isinstance(message, dict) else None
    if not isinstance(entries, list):
        raise ProtocolError("the server's list of tables cannot be read")
    found: dict[str, OpenTable] = {}
    for entry in entries[:MAX_TABLES]:
        table = read_open_table(entry)
        if table is not None:
            found.setdefault(table.code, table)
    return list(found.values())


class TableLister(LoopThread):
    """A server's open tables, asked off the frame loop (see the module's doc)."""

    def __init__(self, url: str, refresh_s: float = REFRESH_S, timeout: float = TIMEOUT_S) -> None:
        self.url = url
        self.refresh_s = refresh_s
        self.timeout = timeout
        self.state = "asking"  # asking (no answer yet), listed, failed
        self.tables: list[OpenTable] = []
        self.failure = ""  # why the last ask failed, for logs
        self.code = ""  # and its code: unknown_host, unreachable, protocol, a refusal's, tls_untrusted...
        self.params: dict[str, str] = {}  # what the code needs (a certificate's fingerprint and address)
        self.answers = 0  # answers taken so far
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def start(self) -> None:
        self._start_thread(self._run, "matador-list")

    def ask(self) -> None:
        """Ask again now (not waiting for the next refresh)."""
        with self._lock:
            loop, wake = self._loop, self._wake
        call_in(loop, None if wake is None else wake.set)

    def close(self, wait_s: float = 0.0) -> None:
        """Stop asking; the thread ends at once (an ask under way is cancelled)."""
        with self._lock:
            self._closed = True
            loop, task = self._loop, self._task
        call_in(loop, None if task is None else task.cancel)
        if wait_s > 0:
            self.wait(wait_s)

    # The thread ---------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException:  # never a traceback from a background thread
            log.exception("listing a server's tables ended on an error")

    async def _main(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._loop = asyncio.get_running_loop()
            self._wake = asyncio.Event()
            self._task = asyncio.current_task()
        try:
            while not self._closed:
                await self._ask_once()
                wake = self._wake
                try:
                    await asyncio.wait_for(wake.wait(), self.refresh_s)
                except TimeoutError:
                    pass
                wake.clear()
        except asyncio.CancelledError:
            pass

    async def _ask_once(self) -> None:
        try:
            async with Client.connect(self.url, timeout=self.timeout) as client:
                await client.send({"type": "list"})
                tables = read_tables(await client.expect("tables", timeout=self.timeout))
        except ServerRefused as refused:
            self._failed(str(refused), refused.code or "refused", {str(k): str(v) for k, v in refused.params.items()})
        except ProtocolError as err:
            self._failed(str(err), "unreadable")
        except asyncio.CancelledError:
            raise
        except Exception as err:  # OSError, timeouts, websockets' ConnectionClosed, a bad address...
            unknown = _unknown_host(err, self.url)
            unlooked = _lookup_failed(err, self.url)
            if unknown is not None:
                self._failed(f"No machine is called {unknown}.", "unknown_host")
            elif unlooked is not None:
                self._failed(f"The name {unlooked} could not be looked up.", "lookup_failed")
            else:
                self._failed(f"The server could not be reached ({_why(err)}).", "unreachable")
        else:
            self.tables, self.failure, self.code, self.params = tables, "", "", {}
            self.answers += 1
            self.state = "listed"

    def _failed(self, reason: str, code: str, params: dict[str, str] | None = None) -> None:
        self.tables, self.failure, self.code = [], reason, code[:32]  # (a server that does not answer lists nothing)
        self.params = params or {}
        self.state = "failed"
