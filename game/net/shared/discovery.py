"""Tables on the local network, found by themselves: mDNS/DNS-SD (``zeroconf``).

A server that listens beyond this machine announces itself as a
``_matador._tcp.local.`` service, with its protocol version in the TXT record;
*Join a table* browses for them (``Browser``, on zeroconf's own thread, so the
frame loop never waits). A server bound to 127.0.0.1 announces nothing: no one
else could reach it.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

from game.net.shared.protocol import PROTOCOL, ProtocolError, normal_code

log = logging.getLogger("matador.server")

SERVICE = "_matador._tcp.local."
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class Listing:
    """A server heard on the local network."""

    name: str  # the instance name, e.g. "Matador on kitchen-pc"
    address: str
    port: int
    protocol: int | None  # None: it did not say
    table: str | None = None  # a table the server announces (an app hosting one), by its code

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}/"


def should_announce(host: str) -> bool:
    return host not in LOOPBACK and not host.startswith("127.")


def lan_addresses(host: str) -> list[str]:
    """The addresses to announce for a server listening on ``host``."""
    if host in ("", "0.0.0.0"):
        import zeroconf

        found: list[str] = zeroconf.get_all_addresses()  # type: ignore[attr-defined]
        return [a for a in found if not a.startswith("127.")]
    return [host]


def service_info(port: int, addresses: list[str], name: str | None = None, table: str | None = None) -> Any:
    """The zeroconf ``ServiceInfo`` of a server on ``port`` at ``addresses`` (with the
    code of the one ``table`` it offers, for an app hosting a table)."""
    from zeroconf import ServiceInfo

    from game.version import version

    machine = socket.gethostname().split(".")[0] or "server"
    instance = " ".join((name or f"Matador on {machine}").replace(".", " ").split())[:60] or "Matador"
    properties = {"protocol": str(PROTOCOL), "version": version()}
    if table is not None:
        properties["table"] = table
    return ServiceInfo(
        SERVICE,
        f"{instance}.{SERVICE}",
        port=port,
        parsed_addresses=addresses,
        properties=properties,
        server=f"{machine}.local.",
    )


def listing_of(info: Any) -> Listing | None:
    """What a service's record says, or None when it names no address."""
    addresses = info.parsed_addresses()
    if not addresses or not info.port:
        return None
    properties = info.properties or {}
    raw = properties.get(b"protocol")
    try:
        protocol: int | None = int(raw.decode()) if isinstance(raw, bytes) else None
    except ValueError:
        protocol = None
    name = info.name[: -len(SERVICE) - 1] if info.name.endswith("." + SERVICE) else info.name
    code = properties.get(b"table")
    table: str | None = None
    if isinstance(code, bytes):
        try:
            table = normal_code(code.decode("ascii", "replace"))
        except ProtocolError:
            table = None
    return Listing(name, addresses[0], int(info.port), protocol, table)


class Announcer:
    """Announces one server while it runs (asyncio)."""

    def __init__(self, host: str, port: int, name: str | None = None, table: str | None = None):
        self.info = service_info(port, lan_addresses(host), name, table)
        self._zc: Any = None

    async def start(self) -> None:
        from zeroconf.asyncio import AsyncZeroconf

        self._zc = AsyncZeroconf(interfaces=self.info.parsed_addresses())
        # (zeroconf answers with an awaitable that ends once the announcements are
        # sent; waiting on it too makes sure they are)
        await (await self._zc.async_register_service(self.info))
        log.info("announced on the local network as %r", self.info.name)

    async def stop(self) -> None:
        """Say goodbye (browsers drop the table at once) and stop answering. The
        goodbye is awaited to the end: closing before it is sent would leave the
        table listed on friends' screens until its records expire."""
        if self._zc is not None:
            try:
                await (await self._zc.async_unregister_service(self.info))
            finally:
                await self._zc.async_close()
                self._zc = None


class Browser:
    """The servers heard on the local network, kept up to date on zeroconf's thread."""

    def __init__(self, zeroconf: Any = None):
        self._zc = zeroconf
        self._own = zeroconf is None
        self._browser: Any = None
        self._lock = threading.Lock()
        self._found: dict[str, Listing] = {}

    def start(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        if self._zc is None:
            self._zc = Zeroconf()
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self.changed])

    def changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's callback: a service appeared, changed or went away."""
        if getattr(state_change, "name", str(state_change)) == "Removed":
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=3000)
        listing = listing_of(info) if info is not None else None
        with self._lock:
            if listing is None:
                self._found.pop(name, None)
            else:
                self._found[name] = listing

    def listings(self) -> list[Listing]:
        with self._lock:
            return sorted(self._found.values(), key=lambda listing: listing.name.lower())

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        if self._own and self._zc is not None:
            self._zc.close()
        self._zc = None
