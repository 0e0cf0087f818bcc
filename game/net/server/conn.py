"""One client connection of the server, and the seat it holds, if any.

No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.protocol import State

from game.net.server.limits import SYNC_BURST, SYNC_RATE, Bucket
from game.net.shared.protocol import encode

if TYPE_CHECKING:
    from game.net.server.table import Table
    from game.net.server.table_api import Claim

log = logging.getLogger("matador.server")

WRITE_LIMIT = 512 * 1024  # bytes waiting to be sent to a client that does not read
SEND_BUFFER = 64 * 1024  # the kernel's send buffer per connection (it would grow to megabytes on its own)


class Conn:
    """One client connection, and the seat it holds, if any."""

    def __init__(self, ws: ServerConnection, address: str):
        self.ws = ws
        self.address = address
        self.protocol = 0  # the version agreed in ``hello``
        self.identity: str | None = None  # who it is on this server, once ``hello`` gave it (game/net/server/identities.py)
        self.table: Table | None = None
        self.seat = -1
        self.claim: tuple[Table, Claim] | None = None
        self.watching: Table | None = None  # the table it watches without a seat (game/net/server/watchers.py)
        self.bucket = Bucket()
        self.syncs = Bucket(SYNC_RATE, SYNC_BURST)
        self.strikes = 0
        self.dropped = 0
        self.closing = False
        self.timer: asyncio.TimerHandle | None = None

    def allowed(self, message: dict[str, Any]) -> bool:
        """Whether the table this connection sits at may tell it ``message`` now
        (``Table.may_tell``: a cluster's referee whose lease may have lapsed tells nothing)."""
        table = self.table
        return table is None or table.may_tell(message)

    def send(self, message: dict[str, Any]) -> None:
        if not self.allowed(message):
            return
        ws = self.ws
        if ws.state is not State.OPEN:
            return
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > WRITE_LIMIT:
            log.warning("dropping a client that does not read [%s]", self.address)
            transport.abort()
            return
        broadcast([ws], encode(message))


def small_send_buffer(ws: ServerConnection) -> None:
    """Keep the kernel's buffer for this connection small: a client that stops
    reading then holds kilobytes of the machine's memory, not megabytes."""
    transport = ws.transport
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        except OSError:
            pass
