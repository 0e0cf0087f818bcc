"""A table on the network, for the frame loop: the client runs on a thread of its
own and the scene polls it once a frame, so no frame ever waits on the network.

    session = Session.join("ws://kitchen-pc:47123/", table="K7QX-2M", name="Ann")
    session.start()
    ...                                  # every frame:
    for message in session.poll():       # what the server sent, and "link" news
        ...
    session.send({"type": "play", "action": {...}})
    ...
    session.close()

Besides the server's messages (docs/network.md: ``joined`` without the token, once
on every connection), ``poll`` gives ``{"type": "link",
"state": STATE, "reason": TEXT}`` whenever the connection changes: ``connecting``,
``open``, ``lost`` (it is trying again: the seat's token takes the seat back, for
``RECONNECT_FOR_S`` seconds), ``failed`` (it stopped trying; ``reason`` says why in a
line a player can read) and ``closed`` (``close`` was called).

Nothing here imports pygame.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.net.app.client import TIMEOUT_S, Client, Seated, ServerRefused, create_fields
from game.net.shared.loop_thread import LoopThread, call_in
from game.waking import wake

log = logging.getLogger("matador.net")

RECONNECT_FOR_S = 300.0  # a friend who returns within 5 minutes takes the seat back
BACKOFF_S = (0.25, 0.5, 1.0, 2.0, 4.0)  # between tries, the last one repeated
RECEIVE_SLICE_S = 30.0  # a receive wakes this often; websockets' pings find a dead peer
QUEUE_WAIT_S = 3600.0  # play now: how long a session waits in the server's queue at most

LINK_STATES = ("connecting", "open", "lost", "failed", "closed")


@dataclass
class Request:
    """How the session takes its seat on its first connection."""

    kind: str  # "create", "join" or "rejoin"
    fields: dict[str, Any] = field(default_factory=dict)


class Session(LoopThread):
    """One seat at one table, followed on a background thread."""

    def __init__(
        self,
        url: str,
        request: Request,
        remember: Callable[[Seated], None] | None = None,
        reconnect_for: float = RECONNECT_FOR_S,
        timeout: float = TIMEOUT_S,
        identity: bool = True,
    ) -> None:
        self.url = url
        self.identity = identity  # say who the app is on the server (game/net/app/identity_keys.py)
        self.who: dict[str, Any] | None = None  # what the server said of it (``id``, ``name``)
        self.request = request
        self.remember = remember  # told the seat (and its token) once it is taken
        self.reconnect_for = reconnect_for
        self.timeout = timeout
        self.seated: Seated | None = None
        self.watched = False  # watching the table (no seat): a lost connection watches it again
        self.state = "connecting"
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._pending: list[dict[str, Any]] = []  # sent before the loop was ready
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[dict[str, Any]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._left = False  # close() was called (not the server's doing)

    # The three ways to sit down -----------------------------------------------
    @classmethod
    def create(
        cls, url: str, rules: str, players: int, name: str, seats: list[str] | None = None, seat: int = 0,
        options: dict[str, Any] | None = None, listed: bool = False, **kw: Any,
    ) -> Session:
        return cls(url, Request("create", create_fields(rules, players, name, seats, seat, options, listed)), **kw)

    @classmethod
    def join(cls, url: str, table: str, name: str, seat: int | None = None, **kw: Any) -> Session:
        return cls(url, Request("join", {"table": table, "name": name, "seat": seat}), **kw)

    @classmethod
    def claim(cls, url: str, table: str, seat: int, name: str, **kw: Any) -> Session:
        """Ask the table's host for a free seat (its player away, or given to a
        computer): ``waiting`` comes while the host decides, then ``joined``."""
        return cls(url, Request("claim", {"table": table, "seat": seat, "name": name}), **kw)

    @classmethod
    def play_now(cls, url: str, rules: str, players: int, name: str, **kw: Any) -> Session:
        """Wait in the server's queue for ``rules`` at ``players`` (docs/network.md, "Play
        now"): ``queued`` comes at once, then ``joined`` once paired; what is sent
        meanwhile (``play_computer``, ``leave_queue``) goes at once. Closing leaves the queue."""
        return cls(url, Request("play_now", {"rules": rules, "players": players, "name": name}), **kw)

    @classmethod
    def watch(cls, url: str, table: str, **kw: Any) -> Session:
        """Watch ``table`` without a seat (docs/network.md, "Watching a table"):
        ``watching`` comes, then what a person without a hand may see; watched
        again after a lost connection."""
        return cls(url, Request("watch", {"table": table}), **kw)

    @classmethod
    def rejoin(cls, seated: Seated, **kw: Any) -> Session:
        session = cls(seated.url, Request("rejoin", {}), **kw)
        session.seated = seated
        return session

    # The frame loop's side ------------------------------------------------------
    def start(self) -> None:
        self._start_thread(self._run, "matador-net")

    def poll(self) -> list[dict[str, Any]]:
        """Every message that arrived since the last poll (never waits)."""
        found: list[dict[str, Any]] = []
        while True:
            try:
                found.append(self._inbox.get_nowait())
            except queue.Empty:
                return found

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the server (``play``, ``start``, ``react``...); sent
        once the connection is open, in order."""
        with self._lock:
            loop, outbox = self._loop, self._outbox
            if loop is None or outbox is None:
                self._pending.append(message)
                return
        call_in(loop, outbox.put_nowait, message)  # once the loop has ended, nothing is sent again

    def close(self, wait_s: float = 5.0) -> None:
        """Leave: the connection is closed (the seat's token still takes it back)."""
        self._closing = True
        self._left = True
        with self._lock:
            loop, task = self._loop, self._task
        call_in(loop, None if task is None else task.cancel)
        self.wait(wait_s)

    # The network thread ---------------------------------------------------------
    def _tell(self, message: dict[str, Any]) -> None:
        self._inbox.put(message)
        wake()  # a still screen polls it at once (game/waking.py)

    def _link(self, state: str, reason: str = "", code: str = "", params: dict[str, Any] | None = None) -> None:
        """The link's news; ``code`` says why it failed to a scene that words it
        (a refusal's code, ``unknown_host``, ``unreachable``, ``gave_up`` after trying
        again for its time, ``tls_untrusted``, ``tls_changed`` or ``tls_failed`` for a
        certificate not taken, or a ``closed`` message's), ``params`` what the code needs
        (a certificate's ``fingerprint`` and ``address``)."""
        self.state = state
        news: dict[str, Any] = {"type": "link", "state": state, "reason": reason}
        if code:
            news["code"] = code
        if params:
            news["params"] = params
        self._tell(news)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException:  # never a traceback from a background thread
            log.exception("the network session ended on an error")
            self._link("failed", "The connection failed unexpectedly.")

    async def _main(self) -> None:
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._outbox = asyncio.Queue()
            self._task = asyncio.current_task()
            for message in self._pending:
                self._outbox.put_nowait(message)
            self._pending.clear()
        try:
            await self._follow()
        except asyncio.CancelledError:
            pass
        if self._left:  # (a server that closed the seat has said so: the link stays failed)
            self._link("closed")

    async def _follow(self) -> None:
        lost_since: float | None = None
        tries = 0
        self._link("connecting")
        while not self._closing:
            try:
                async with Client.connect(self.url, timeout=self.timeout, identity=self.identity) as client:
                    self.who = client.identity or self.who
                    await self._sit(client)
                    lost_since, tries = None, 0
                    self._link("open")
                    await self._exchange(client)
                    return  # replaced by a newer connection of this seat
            except ServerRefused as refused:  # a certificate not taken too (game/net/shared/tls.py)
                if refused.code != "tls_failed" or self.seated is None:
                    self._link("failed", str(refused), refused.code, refused.params)
                    return
                # no TLS handshake with a server this seat was at: lost, tried again
                reason, unknown, unlooked = str(refused), None, None
            except Exception as err:  # OSError, timeouts, websockets' ConnectionClosed, a bad address...
                reason = _why(err)
                unknown = _unknown_host(err, self.url)
                unlooked = _lookup_failed(err, self.url)
            if self.seated is None and not self.watched:  # never sat down: nothing to come back to, say why at once
                if unknown is not None:
                    self._link("failed", f"No machine is called {unknown}.", "unknown_host")
                elif unlooked is not None:
                    self._link("failed", f"The name {unlooked} could not be looked up.", "lookup_failed")
                else:
                    self._link("failed", f"The table could not be reached ({reason}).", "unreachable")
                return
            now = time.monotonic()
            lost_since = now if lost_since is None else lost_since
            if now - lost_since > self.reconnect_for:
                self._link("failed", f"The table could not be reached again ({reason}).", "gave_up")
                return
            self._link("lost", reason)
            await asyncio.sleep(BACKOFF_S[min(tries, len(BACKOFF_S) - 1)])
            tries += 1

    async def _sit(self, client: Client) -> None:
        if self.seated is not None:
            await client.rejoin(self.seated)
        elif self.request.kind == "create":
            await client.create(**self.request.fields)
        elif self.request.kind == "join":
            await client.join(**self.request.fields)
        elif self.request.kind == "claim":
            client.on_message = self._tell  # the frame loop hears ``waiting`` while the host decides
            await client.claim(**self.request.fields)
        elif self.request.kind == "play_now":
            await self._queue(client)
        elif self.request.kind == "watch":
            answer = await client.watch(**self.request.fields)
            self.watched = True
            self._tell(answer)  # the frame loop hears ``watching``
            return
        else:
            raise ServerRefused("There is no seat to come back to.")
        self.seated = client.seated
        if self.seated is not None:  # the client took the server's ``joined``: the frame loop hears it too
            self._tell({"type": "joined", "table": self.seated.table, "seat": self.seated.seat})
        self._remember()

    def _remember(self) -> None:
        if self.seated is not None and self.remember is not None:
            try:
                self.remember(self.seated)
            except Exception:  # a seat that could not be remembered is still taken
                log.exception("could not remember the seat")

    async def _queue(self, client: Client) -> None:
        """Wait in the queue until seated, sending what the frame loop sends meanwhile."""
        assert self._outbox is not None
        client.on_message = self._tell  # the frame loop hears ``queued``
        outbox = self._outbox

        async def sending() -> None:
            while True:
                await client.send(await outbox.get())

        sender = asyncio.create_task(sending())
        try:
            fields = self.request.fields
            await client.play_now(fields["rules"], fields["name"], fields["players"])
            await client.paired(QUEUE_WAIT_S)
        finally:
            sender.cancel()

    async def _exchange(self, client: Client) -> None:
        """Pass messages both ways until the connection ends."""
        assert self._outbox is not None
        client.on_message = self._tell
        outbox = self._outbox

        async def sending() -> None:
            while True:
                await client.send(await outbox.get())

        sender = asyncio.create_task(sending())
        try:
            # ``close`` cancels this task; Python 3.11's ``wait_for`` can swallow a
            # cancel that comes as its slice ends, so the flag is looked at too
            while not self._closing:
                if sender.done():
                    sender.result()  # raises what ended it
                try:
                    message = await client.receive(RECEIVE_SLICE_S)
                except TimeoutError:
                    continue
                if message["type"] == "new_code" and client.seated is not None and client.seated != self.seated:
                    self.seated = client.seated  # the host gave the table a new code: kept under it
                    self._remember()
                if message["type"] == "new_code" and self.watched and isinstance(message.get("table"), str):
                    self.request.fields["table"] = message["table"]  # watched again under its new code
                if message["type"] == "closed":  # the seat is this connection's no more (or the host left)
                    self._closing = True
                    code = str(message.get("code") or message.get("by") or "")[:32]
                    self._link("failed", str(message.get("reason", "Your seat was taken by another connection.")), code)
                    return
        finally:
            sender.cancel()


def _unknown_host(err: BaseException, url: str) -> str | None:
    """The machine's name in ``url`` when no machine has that name (the reason
    connecting failed), else None."""
    import socket
    from urllib.parse import urlsplit

    if isinstance(err, socket.gaierror) and err.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
        try:
            return urlsplit(url).hostname or url
        except ValueError:
            return url
    return None


def _lookup_failed(err: BaseException, url: str) -> str | None:
    """The machine's name in ``url`` when it could not be looked up for now (no
    name server answers: an offline machine), else None."""
    import socket

    if isinstance(err, socket.gaierror) and err.errno in (socket.EAI_AGAIN, getattr(socket, "EAI_FAIL", socket.EAI_AGAIN)):
        return _unknown_host(socket.gaierror(socket.EAI_NONAME, ""), url)
    return None


def _why(err: BaseException) -> str:
    text = str(err).strip() or type(err).__name__
    return " ".join(text.split())[:160]


def unreached(err: BaseException, url: str) -> tuple[str, str]:
    """Why a server at ``url`` could not be asked (``err``: the connection's error),
    and its code: a machine nobody has, a name not looked up, else not reached."""
    unknown, unlooked = _unknown_host(err, url), _lookup_failed(err, url)
    if unknown is not None:
        return f"No machine is called {unknown}.", "unknown_host"
    if unlooked is not None:
        return f"The name {unlooked} could not be looked up.", "lookup_failed"
    return f"The server could not be reached ({_why(err)}).", "unreachable"
