"""The tables open to anyone on a dedicated server (created ``listed``), as the app
shows them: asked on a thread of its own, now and again every few seconds while
a screen shows them, and read once a frame (nothing waits on the network).

    lister = TableLister("ws://club.example.org:47123/")
    lister.start()
    ...                      # every frame
    lister.state             # asking, listed, failed
    lister.tables            # [OpenTable, ...] (the last answer: lobbies, then tables being played)
    lister.failure, lister.code   # why it failed (a line for logs, a code to word)
    lister.ask()             # ask again now
    lister.who               # who the server says the app is there ({"id", "name"}), once heard
    lister.rename("Ann")     # take that name on the server (with the next ask); lister.name_refused if not
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
from dataclasses import dataclass
from typing import Any

from game.engine import RuleError, Rules
from game.net.app.client import TIMEOUT_S, Client, ServerRefused
from game.net.shared.loop_thread import AskingThread
from game.net.shared.protocol import NAME_MAX, ProtocolError, normal_code
from game.net.app.session import unreached

log = logging.getLogger("matador.net")

REFRESH_S = 5.0  # asked again this often while shown
MAX_TABLES = 100  # the server sends at most as many (of lobbies, and of tables being played)
MAX_SEATS = 8


@dataclass(frozen=True)
class OpenTable:
    """A table open to anyone on the server: its code, rules, host's name and open
    seats; its state (``lobby``: to join, ``playing``: its match under way, to
    watch), how many watch it, whether its host lets people watch, and (being
    played) its players' names."""

    code: str
    rules: Rules
    host: str
    open: tuple[int, ...]
    state: str = "lobby"
    watchers: int = 0
    watchable: bool = True
    names: tuple[str, ...] = ()

    @property
    def joinable(self) -> bool:
        """A lobby with a seat open (a table being played is only watched)."""
        return self.state == "lobby" and bool(self.open)


def _name(value: Any) -> str:
    return " ".join(value.split())[:NAME_MAX] if isinstance(value, str) else ""


def read_open_table(entry: Any, playing: bool = False) -> OpenTable | None:
    """One entry of a ``tables`` answer (None if it cannot be read); ``playing``: of
    its ``playing`` list (a table being played, to watch)."""
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
    watchers = entry.get("watchers", 0)
    watchers = watchers if isinstance(watchers, int) and not isinstance(watchers, bool) and 0 <= watchers < 10**6 else 0
    if playing:  # (an older server sends no state: its playing list is of tables being played)
        names = entry.get("names")
        who = tuple(_name(n) for n in names[:MAX_SEATS]) if isinstance(names, list) else ()
        return OpenTable(code, rules, _name(entry.get("host")), (), "playing", watchers, True, who)
    seats = entry.get("open")
    if not isinstance(seats, list):
        return None
    free = tuple(sorted({s for s in seats[:MAX_SEATS] if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.players}))
    if not free:
        return None
    return OpenTable(code, rules, _name(entry.get("host")), free, "lobby", watchers, entry.get("watchable") is not False)


def read_tables(message: Any) -> list[OpenTable]:
    """A ``tables`` answer, read as a hostile server's would be: the lobbies
    (``tables``), then the tables being played (``playing``, which an older server
    does not send), at most ``MAX_TABLES`` of each."""
    entries = message.get("tables") if isinstance(message, dict) else None
    if not isinstance(entries, list):
        raise ProtocolError("the server's list of tables cannot be read")
    played = message.get("playing")
    found: dict[str, OpenTable] = {}
    for kind, listed in ((False, entries), (True, played if isinstance(played, list) else [])):
        for entry in listed[:MAX_TABLES]:
            table = read_open_table(entry, kind)
            if table is not None:
                found.setdefault(table.code, table)
    return list(found.values())


class TableLister(AskingThread):
    """A server's open tables, asked off the frame loop (see the module's doc)."""

    failed_line = "listing a server's tables ended on an error"

    def __init__(self, url: str, refresh_s: float = REFRESH_S, timeout: float = TIMEOUT_S, identity: bool = True) -> None:
        super().__init__()
        self.url = url
        self.identity = identity  # say who the app is (game/net/app/identity_keys.py): the server says its name for you
        self.who: dict[str, Any] | None = None
        self.wanted_name: str | None = None  # a name to take on the server with the next ask
        self.name_refused: tuple[str, str, dict[str, str]] | None = None  # why the server refused it (reason, code, params)
        self.refresh_s = refresh_s
        self.timeout = timeout
        self.state = "asking"  # asking (no answer yet), listed, failed
        self.tables: list[OpenTable] = []
        self.failure = ""  # why the last ask failed, for logs
        self.code = ""  # and its code: unknown_host, unreachable, protocol, a refusal's, tls_untrusted...
        self.params: dict[str, str] = {}  # what the code needs (a certificate's fingerprint and address)
        self.answers = 0  # answers taken so far

    def start(self) -> None:
        self._start_thread(self._run, "matador-list")

    def rename(self, name: str) -> None:
        """Take ``name`` on the server (asked with the list, now)."""
        self.wanted_name, self.name_refused = name, None
        self.ask()

    def ask(self) -> None:
        """Ask again now (not waiting for the next refresh)."""
        self._wake_up()

    # The thread ---------------------------------------------------------------------
    async def _asking(self, wake: asyncio.Event) -> None:
        while not self._closed:
            await self._ask_once()
            try:
                await asyncio.wait_for(wake.wait(), self.refresh_s)
            except TimeoutError:
                pass
            wake.clear()

    async def _ask_once(self) -> None:
        try:
            async with Client.connect(self.url, timeout=self.timeout, identity=self.identity) as client:
                self.who = client.identity or self.who
                if self.wanted_name is not None and client.identity is not None:
                    await self._rename(client, self.wanted_name)
                await client.send({"type": "list"})
                tables = read_tables(await client.expect("tables", timeout=self.timeout))
        except ServerRefused as refused:
            self._failed(str(refused), refused.code or "refused", {str(k): str(v) for k, v in refused.params.items()})
        except ProtocolError as err:
            self._failed(str(err), "unreadable")
        except asyncio.CancelledError:
            raise
        except Exception as err:  # OSError, timeouts, websockets' ConnectionClosed, a bad address...
            self._failed(*unreached(err, self.url))
        else:
            self.tables, self.failure, self.code, self.params = tables, "", "", {}
            self.answers += 1
            self.state = "listed"

    async def _rename(self, client: Client, name: str) -> None:
        self.wanted_name = None
        await client.send({"type": "name", "name": name})
        try:
            answer = await client.expect("name", timeout=self.timeout)
        except ServerRefused as refused:
            self.name_refused = (str(refused), refused.code, {str(k): str(v)[:80] for k, v in refused.params.items()})
            return
        told = answer.get("name")
        if isinstance(told, str) and self.who is not None:
            self.who = {**self.who, "name": " ".join(told.split())[:NAME_MAX]}

    def _failed(self, reason: str, code: str, params: dict[str, str] | None = None) -> None:
        self.tables, self.failure, self.code = [], reason, code[:32]  # (a server that does not answer lists nothing)
        self.params = params or {}
        self.state = "failed"
