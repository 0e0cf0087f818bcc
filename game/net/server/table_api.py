"""A server table as the modules around it see it: ``TableAPI``, what the
host's powers (host_powers.py), a halt (halting.py) and the lobby's message
(lobby.py) read and change of a ``game.net.server.table.Table``; and ``Claim``, a
person asking the host for a free seat, and ``Watcher``, a connection watching
without a seat (game/net/server/watchers.py), that the table holds.

A leaf: it names the table's parts for annotations and imports no module that
works on a table, so that ``table.py`` imports those modules and none of them
imports ``table.py`` back (tests/test_imports.py). No pygame here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Collection, Protocol

if TYPE_CHECKING:
    from game.engine import Rules
    from game.net.shared.protocol import ProtocolError
    from game.net.server.remote_seats import NetSeat
    from game.net.server.store import TableRow, TableStore
    from game.play.referee import Referee


@dataclass
class Claim:
    """A person asking for a free seat, and how to tell them the answer."""

    seat: int
    name: str
    granted: Callable[[int, str], None]  # (seat, token): the claimant sits down
    refused: Callable[[ProtocolError], None]
    at: float = field(default_factory=time.monotonic)
    identity: str | None = None  # the claimant's, if its connection has one: the seat's once granted


WATCHER_CLOSED = 4009  # the close code of a watcher dropped (as of a seat taken away: game/net/server/remote_seats.py)
WatcherSend = Callable[[dict[str, Any]], None]
WatcherClose = Callable[[int, str], None]


class Watcher:
    """One connection watching a table."""

    def __init__(self, key: int, address: str, send: WatcherSend, close: WatcherClose | None = None):
        self.key = key  # its connection's (id of the Conn)
        self.address = address
        self.send: WatcherSend | None = send
        self.close = close

    def deliver(self, message: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(message)

    def end_link(self, message: dict[str, Any] | None, reason: str) -> None:
        """Tell the watcher ``message`` and close its connection."""
        send, close = self.send, self.close
        self.send = self.close = None
        if send is not None and message is not None:
            send(message)
        if close is not None:
            close(WATCHER_CLOSED, reason)


class TableAPI(Protocol):
    """What of a server table (``game.net.server.table.Table``) the modules it calls use."""

    code: str
    row: TableRow
    store: TableStore
    rules: Rules
    referee: Referee | None
    net: dict[int, NetSeat]
    claims: dict[int, Claim]
    watchers: dict[int, Watcher]  # who watches without a seat (game/net/server/watchers.py)
    halted: str | None  # why play stopped (a write failed), until a write works again

    @property
    def state(self) -> str: ...

    def say(self, event: str, **fields: Any) -> None: ...

    def tell_all(self, message: dict[str, Any]) -> None: ...

    def watchers_changed(self) -> None: ...

    def write(self, write: Any, *args: Any) -> None: ...

    def lobby(self) -> dict[str, Any]: ...

    def names(self, leaving_out: int | None = None) -> list[str | None]: ...

    def forget_held(self) -> None: ...

    def rebuild(self) -> None: ...

    def sync(self, seat: int) -> None: ...

    def wake(self) -> None: ...

    def settle(self, leavers: Collection[int] = ()) -> None: ...
