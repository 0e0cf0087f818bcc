"""A headless client of the network server (asyncio): create, join or rejoin a
table, follow it, and play a seat. Every wait has a timeout.

    async with Client.connect("ws://127.0.0.1:47123/") as client:
        joined = await client.join("K7QX-2M", "Ann")
        await client.play_match(lambda view, rng: rng.choice(view["legal"]))

No pygame here; the table scene runs it on a thread of its own.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable

from websockets.asyncio.client import ClientConnection, connect

from game.net.shared import tls

from game.net.shared.protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, apply_change, decode, encode, normal_code

log = logging.getLogger("matador.net")

TIMEOUT_S = 10.0
CLAIM_WAIT_S = 150.0  # the host has 2 minutes to answer a claim (game/net/server/host_powers.py), and a little more
Chooser = Callable[[dict[str, Any], random.Random], dict[str, Any]]


class ServerRefused(Exception):
    """The server refused a message; the text is its reason, ``code`` its code
    (a server of protocol 2; "" otherwise) and ``params`` what the code needs."""

    def __init__(self, reason: str, code: str = "", params: dict[str, Any] | None = None):
        super().__init__(reason)
        self.code = code
        self.params = params or {}

    @staticmethod
    def of(message: dict[str, Any]) -> ServerRefused:
        params = message.get("params")
        return ServerRefused(str(message.get("reason", message)), str(message.get("code") or "")[:32], params if isinstance(params, dict) else None)


@dataclass
class Seated:
    """Where a client sits: enough to come back after a lost connection."""

    url: str
    table: str
    seat: int
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "table": self.table, "seat": self.seat, "token": self.token}


@dataclass
class Followed:
    """What a client has learnt of its table."""

    lobby: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    commitments: dict[int, str] = field(default_factory=dict)
    rounds: list[dict[str, Any]] = field(default_factory=list)  # round_over messages
    over: dict[str, Any] | None = None  # the match_over message
    reactions: list[tuple[int, str]] = field(default_factory=list)


def create_fields(
    rules: str, players: int, name: str, seats: list[str] | None = None, seat: int = 0, options: dict[str, Any] | None = None,
    listed: bool = False,
) -> dict[str, Any]:
    """A ``create`` message's fields (docs/network.md): what is left at its default is left out."""
    fields: dict[str, Any] = {"rules": rules, "players": players, "name": name, "seat": seat}
    if listed:
        fields["listed"] = True
    if seats is not None:
        fields["seats"] = seats
    if options:
        fields["options"] = options
    return fields


class Client:
    """One connection to a server, holding at most one seat."""

    def __init__(self, ws: ClientConnection, url: str, wire: list[str] | None = None):
        self.ws = ws
        self.url = url
        self.wire = wire  # every message received, as sent, when given a list
        self.seated: Seated | None = None
        self.followed = Followed()
        self.on_message: Callable[[dict[str, Any]], None] | None = None
        self.identity: dict[str, Any] | None = None  # who the server says this app is (``id``, ``name``), if asked

    @staticmethod
    @asynccontextmanager
    async def connect(
        url: str, wire: list[str] | None = None, timeout: float = TIMEOUT_S, source: str | None = None,
        known: Callable[[str], str | None] | None = None, identity: bool = False,
    ) -> AsyncIterator[Client]:
        """``source``: the local address to connect from (the tests and benchmarks play
        from several addresses of 127.0.0.0/8, as clients of several machines).
        A ``wss://`` server's certificate is checked (game/net/shared/tls.py: a
        ``CertificateRefused`` if it is not taken); ``known``: the fingerprint
        trusted by hand at an address (default: the user's known servers);
        ``identity``: say who the app is on this server (the secret the user's files
        keep for it, game/net/app/identity_keys.py; a first one is asked for and kept)."""
        # close_timeout: leaving never waits long on a server that does not answer the close
        # never through a proxy: a friend's table is reached directly (game/net/shared/standins.py)
        extra: dict[str, Any] = {"local_addr": (source, 0)} if source else {}
        ws = await _open(url, timeout, extra, known)
        async with ws:
            client = Client(ws, url, wire)
            hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "client": "matador-headless"}
            if identity:
                from game.net.app import identity_keys

                hello["identity"] = identity_keys.secret_for(url)
            await client.send(hello)
            reply = await client.receive(timeout)
            if reply.get("type") != "hello":
                raise ServerRefused.of(reply)
            if identity:
                client.identity = identity_keys.heard(url, reply.get("identity"))
            yield client

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(encode(message))

    async def receive(self, timeout: float = TIMEOUT_S) -> dict[str, Any]:
        """The next message (``TimeoutError`` after ``timeout`` seconds)."""
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        if self.wire is not None:
            self.wire.append(text if isinstance(text, str) else text.decode("utf-8", "replace"))
        message = decode(text)
        try:
            self._follow(message)
        except ProtocolError:  # a message was missed: ask for the whole view again
            self.followed.view = None
            await self.send({"type": "sync"})
        if self.on_message is not None:
            self.on_message(message)
        return message

    def _follow(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        followed = self.followed
        if kind == "table":
            followed.lobby = message
        elif kind == "round":
            followed.view = message["view"]
            followed.commitments[message["view"]["round"]] = message["commitment"]
        elif kind in ("turn", "played"):
            if "history" in message["view"]:  # a whole view
                followed.view = message["view"]
            elif followed.view is not None:
                followed.view = apply_change(followed.view, message)
        elif kind == "round_over":
            followed.rounds.append(message)
        elif kind == "match_over":
            followed.over = message
        elif kind == "reaction":
            followed.reactions.append((message["seat"], message["reaction"]))
        elif kind == "new_code" and self.seated is not None and isinstance(message.get("table"), str):
            try:  # the host gave the table a new code: the seat is there now
                self.seated = Seated(self.seated.url, normal_code(message["table"]), self.seated.seat, self.seated.token)
            except ProtocolError:
                pass

    async def expect(self, *kinds: str, timeout: float = TIMEOUT_S) -> dict[str, Any]:
        """Messages until one of ``kinds``; ``ServerRefused`` if the server refuses first."""
        end = time.monotonic() + timeout
        while True:
            message = await self.receive(max(0.001, end - time.monotonic()))
            if message["type"] in kinds:
                return message
            if message["type"] == "refused":
                raise ServerRefused.of(message)

    async def _sit(self, request: dict[str, Any], token: str | None = None) -> Seated:
        await self.send(request)
        joined = await self.expect("joined")
        self.seated = Seated(self.url, joined["table"], joined["seat"], joined.get("token", token or ""))
        return self.seated

    async def create(
        self, rules: str, players: int, name: str, seats: list[str] | None = None, seat: int = 0, options: dict[str, Any] | None = None,
        listed: bool = False,
    ) -> Seated:
        """Create a table and sit at ``seat``; ``listed``: open to anyone on this
        server (its lobby is in the server's ``list``)."""
        return await self._sit({"type": "create", **create_fields(rules, players, name, seats, seat, options, listed)})

    async def open_tables(self) -> list[dict[str, Any]]:
        """The tables open to anyone on this server, in their lobby with a seat open."""
        await self.send({"type": "list"})
        tables: list[dict[str, Any]] = (await self.expect("tables"))["tables"]
        return tables

    async def join(self, table: str, name: str, seat: int | None = None) -> Seated:
        return await self._sit({"type": "join", "table": table, "name": name, "seat": seat})

    async def rejoin(self, seated: Seated) -> Seated:
        return await self._sit({"type": "rejoin", "table": seated.table, "seat": seated.seat, "token": seated.token}, seated.token)

    async def claim(self, table: str, seat: int, name: str, timeout: float = CLAIM_WAIT_S) -> Seated:
        """Ask the host for a free seat (its player away, or given to a computer):
        seated once the host lets this client in (``ServerRefused`` if not)."""
        await self.send({"type": "claim", "table": table, "seat": seat, "name": name})
        joined = await self.expect("joined", timeout=timeout)
        self.seated = Seated(self.url, joined["table"], joined["seat"], joined.get("token", ""))
        return self.seated

    async def watch(self, table: str) -> dict[str, Any]:
        """Watch ``table`` without a seat (docs/network.md, "Watching a table"): the
        ``watching`` answer; the table's messages follow as no seat sees them."""
        await self.send({"type": "watch", "table": table})
        return await self.expect("watching")

    async def play_now(self, rules: str, name: str, players: int = 2) -> dict[str, Any]:
        """Wait to be paired with someone of one's rating on this server (docs/network.md,
        "Play now"): the ``queued`` answer; ``paired`` then waits for the table."""
        await self.send({"type": "play_now", "rules": rules, "players": players, "name": name})
        return await self.expect("queued")

    async def paired(self, timeout: float = TIMEOUT_S) -> Seated:
        """Seated once the queue made a table (it starts at once)."""
        joined = await self.expect("joined", timeout=timeout)
        self.seated = Seated(self.url, joined["table"], joined["seat"], joined.get("token", ""))
        return self.seated

    async def start(self) -> None:
        await self.send({"type": "start"})

    async def play(self, action: dict[str, Any]) -> None:
        await self.send({"type": "play", "action": action})

    async def react(self, reaction: str) -> None:
        await self.send({"type": "react", "reaction": reaction})

    def my_turn(self) -> bool:
        view = self.followed.view
        return view is not None and view["current"] == view["seat"] and bool(view["legal"]) and self.followed.over is None

    async def play_match(
        self,
        choose: Chooser,
        rng: random.Random | None = None,
        think: Callable[[], float] = lambda: 0.0,
        timeout: float = 60.0,
    ) -> dict[str, Any]:
        """Play this seat until the match is over; the ``match_over`` message."""
        rng = rng or random.Random(0)
        end = time.monotonic() + timeout
        acted_at: tuple[int, int] | None = None
        while self.followed.over is None:
            view = self.followed.view
            if self.my_turn() and view is not None and (view["round"], len(view["history"])) != acted_at:
                acted_at = (view["round"], len(view["history"]))
                delay = think()
                if delay > 0:
                    await asyncio.sleep(delay)
                await self.play(choose(view, rng))
            message = await self.receive(max(0.001, end - time.monotonic()))
            if message["type"] == "refused":
                raise ServerRefused.of(message)
        return self.followed.over


async def _open(url: str, timeout: float, extra: dict[str, Any], known: Callable[[str], str | None] | None) -> ClientConnection:
    """The WebSocket connection to ``url``; for ``wss://``, with its certificate
    checked: signed by an authority the system (or certifi) trusts, or the one
    trusted by hand at that address, else ``CertificateRefused`` and no connection
    (nothing of the game is sent before the check)."""
    options: dict[str, Any] = {
        "open_timeout": timeout, "close_timeout": 2.0, "max_size": 4 * MAX_MESSAGE, "compression": None, "proxy": None, **extra,
    }
    if not url[:6].lower() == "wss://":
        return await connect(url, **options)
    address = tls.address_key(url)
    pinned = (known or tls.known_for)(url)
    if pinned is not None:  # trusted by hand: that certificate and no other
        try:
            ws = await connect(url, ssl=tls.pinned_context(), **options)
        except OSError as err:
            if tls.is_tls_error(err) or isinstance(err, ConnectionResetError):
                raise _failed(address, _tls_why(err)) from None
            raise
        found = tls.peer_fingerprint(ws.transport)
        if found == pinned:
            return ws
        await ws.close()
        try:  # a certificate an authority signed is taken (the club got one since)
            return await connect(url, ssl=tls.verifying_context(), **options)
        except OSError as err:
            if tls.is_tls_error(err):
                raise _changed(address, found or "?", pinned) from None
            raise
    try:
        return await connect(url, ssl=tls.verifying_context(), **options)
    except OSError as err:
        if tls.is_verify_error(err):
            found = await tls.fetch_fingerprint(url, timeout)
            if found is not None:
                raise _untrusted(address, found) from None
        if tls.is_tls_error(err) or isinstance(err, ConnectionResetError):  # (a plain server drops a TLS hello)
            raise _failed(address, _tls_why(err)) from None
        raise


def _tls_why(err: BaseException) -> str:
    text = str(getattr(err, "verify_message", "") or getattr(err, "reason", "") or err or type(err).__name__)
    return " ".join(text.split())[:120]


class CertificateRefused(ServerRefused):
    """A ``wss://`` server whose certificate this client does not take (game/net/shared/tls.py):
    ``code`` (tls_untrusted, tls_changed, tls_failed) and ``params`` say why."""


def _untrusted(address: str, found: str) -> CertificateRefused:
    return CertificateRefused(
        f"The certificate of {address} is not signed by a known authority (fingerprint {found}).",
        "tls_untrusted",
        {"fingerprint": found, "address": address},
    )


def _changed(address: str, found: str, known: str) -> CertificateRefused:
    log.warning(
        "THE CERTIFICATE OF %s HAS CHANGED: it was %s, it is now %s. Someone may be listening in (or the server has a new certificate): "
        "not connected. Forget the old certificate only if its owner says it changed.",
        address, known, found,
    )
    return CertificateRefused(
        f"The certificate of {address} has changed (it was {known}, it is now {found}): not connected.",
        "tls_changed",
        {"fingerprint": found, "known": known, "address": address},
    )


def _failed(address: str, why: str) -> CertificateRefused:
    return CertificateRefused(f"No secure connection with {address} ({why}).", "tls_failed", {"address": address})


def random_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random player's choice among the legal actions the server listed."""
    legal: list[dict[str, Any]] = view["legal"]
    return legal[rng.randrange(len(legal))]
