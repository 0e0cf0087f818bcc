"""A table's lobby as its ``table`` message tells it, for the app: who sits where,
who is connected, how long an away player's seat is still held for them (the
5-minute hold's countdown), and who is asking the host for a free seat.

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import Rules, RuleError
from game.i18n import _
from game.net.protocol import ProtocolError


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby tells it: ``kind`` is ``open``, ``remote`` or ``computer``;
    ``give_in``: for a player who is away, the seconds (when the message was sent)
    before the host may give the seat to a computer (a server of protocol 2)."""

    seat: int
    name: str | None
    kind: str
    connected: bool = True
    level: str | None = None
    give_in: float | None = None

    @property
    def taken(self) -> bool:
        return self.kind != "open"


@dataclass(frozen=True)
class Lobby:
    """The table as its ``table`` message tells it."""

    table: str
    rules: Rules
    host: int
    state: str  # lobby, playing, over
    seats: tuple[LobbySeat, ...]
    claims: tuple[tuple[int, str], ...] = ()  # (seat, name): people asking the host for a free seat

    @property
    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "open"]

    @property
    def full(self) -> bool:
        return not self.open_seats

    @property
    def names(self) -> list[str]:
        return [s.name or _("Seat {number}").format(number=s.seat + 1) for s in self.seats]


def _give_in(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 24 * 3600:
        return float(value)
    return None


def read_lobby(message: dict[str, Any]) -> Lobby:
    """A ``table`` message as a ``Lobby`` (``ProtocolError`` if it cannot be read)."""
    try:
        spec = message["rules"]
        rules = Rules.from_base(spec["base"], spec["players"], spec.get("options") or {})
        seats = tuple(
            LobbySeat(int(s["seat"]), s.get("name"), str(s["kind"]), bool(s.get("connected", True)), s.get("level"), _give_in(s.get("give_in")))
            for s in message["seats"]
        )
        claims = tuple((int(c["seat"]), str(c["name"])[:64]) for c in (message.get("claims") or ())[:16])
        return Lobby(str(message["table"]), rules, int(message["host"]), str(message["state"]), seats, claims)
    except (KeyError, TypeError, ValueError, RuleError) as err:
        raise ProtocolError(f"the table's description cannot be read: {err}") from None
