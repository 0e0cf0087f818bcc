"""Limits that keep one client from hurting the others: a token bucket per
connection for its messages and for its costly requests, and per address (one
machine, or one network behind one address) caps on connections, tables and
computer seats, and a slow bucket for table codes that lead nowhere (guessing).

No pygame here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.net.shared.protocol import ProtocolError

RATE = 20.0  # messages per second a connection may send, on average
BURST = 40  # and at once
SYNC_RATE, SYNC_BURST = 1.0, 5  # a connection's requests for its whole view
COSTLY_RATE, COSTLY_BURST = 10.0, 40  # an address's costly requests (create, join, rejoin, claim, sync)
GUESS_RATE, GUESS_BURST = 1 / 3, 20  # an address's codes or tokens that lead nowhere: 20 a minute
OPEN_RATE, OPEN_BURST = 10.0, 40  # an address's new connections
SAID_RATE, SAID_BURST = 5 / 60, 5  # an address's refusals written to the log, each (the others are counted)


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst``."""

    def __init__(self, rate: float = RATE, burst: float = BURST):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._fill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def has(self) -> bool:
        self._fill()
        return self.tokens >= 1

    def full(self) -> bool:
        self._fill()
        return self.tokens >= self.burst

    def refund(self) -> None:
        """Give back the token of a message that did its job (a move the game accepted:
        the game itself paces those)."""
        self.tokens = min(self.burst, self.tokens + 1)


@dataclass
class Limits:
    """The per-address caps (``python -m game serve`` options)."""

    connections: int = 64  # open at once from one address
    tables: int = 10  # tables created from one address, not yet put away
    computers: int = 12  # computer seats at those tables


@dataclass
class Address:
    """What one address holds and may still do."""

    connections: int = 0
    tables: set[str] = field(default_factory=set)
    computers: dict[str, int] = field(default_factory=dict)  # table code -> its computer seats
    guesses: Bucket = field(default_factory=lambda: Bucket(GUESS_RATE, GUESS_BURST))
    costly: Bucket = field(default_factory=lambda: Bucket(COSTLY_RATE, COSTLY_BURST))
    opens: Bucket = field(default_factory=lambda: Bucket(OPEN_RATE, OPEN_BURST))
    said: Bucket = field(default_factory=lambda: Bucket(SAID_RATE, SAID_BURST))  # refusals written to the log
    watching: int = 0  # tables its connections watch (game/net/server/watchers.py: PER_ADDRESS)


class Addresses:
    """Every address heard from, with what it holds."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.known: dict[str, Address] = {}

    def of(self, host: str) -> Address:
        found = self.known.get(host)
        if found is None:
            found = self.known[host] = Address()
        return found

    def may_open(self, host: str) -> bool:
        """Whether ``host`` may open one more connection now (asked before its
        handshake: a refusal costs an HTTP answer, not a WebSocket)."""
        address = self.of(host)
        return address.connections < self.limits.connections and address.opens.take()

    def connect(self, host: str) -> bool:
        """Count one more connection from ``host``; False if it holds its most."""
        address = self.of(host)
        if address.connections >= self.limits.connections:
            return False
        address.connections += 1
        return True

    def disconnect(self, host: str) -> None:
        address = self.of(host)
        address.connections = max(0, address.connections - 1)

    def may_create(self, host: str, computers: int) -> None:
        address = self.of(host)
        if len(address.tables) >= self.limits.tables:
            raise ProtocolError(f"your address holds {len(address.tables)} tables, its most: finish one first", "address_tables", most=self.limits.tables)
        if computers and sum(address.computers.values()) + computers > self.limits.computers:
            raise ProtocolError(
                f"the tables of your address may hold {self.limits.computers} computers at most", "address_computers", most=self.limits.computers
            )

    def created(self, host: str, code: str, computers: int) -> None:
        address = self.of(host)
        address.tables.add(code)
        if computers:
            address.computers[code] = computers

    def computers_changed(self, host: str, code: str, computers: int) -> None:
        address = self.known.get(host)
        if address is not None and code in address.tables:
            address.computers[code] = computers

    def put_away(self, host: str, code: str) -> None:
        address = self.known.get(host)
        if address is not None:
            address.tables.discard(code)
            address.computers.pop(code, None)

    def may_guess(self, host: str) -> None:
        """Refuse a code or token from an address that has tried too many wrong ones."""
        if not self.of(host).guesses.has():
            raise ProtocolError("too many tries with codes that lead nowhere: wait a minute", "too_many_tries")

    def guessed_wrong(self, host: str) -> None:
        self.of(host).guesses.take()

    def say_refusal(self, host: str) -> bool:
        """Whether a refusal to ``host`` gets a line of the log (5 a minute each; the
        others are counted in the status line)."""
        return self.of(host).said.take()

    def costly(self, host: str) -> None:
        if not self.of(host).costly.take():
            raise ProtocolError("too many requests: slow down", "slow_down")

    def tidy(self) -> None:
        """Forget addresses that hold nothing and owe nothing."""
        for host in [h for h, a in self.known.items() if not a.connections and not a.tables and not a.watching and a.guesses.full() and a.costly.full() and a.opens.full() and a.said.full()]:
            del self.known[host]
