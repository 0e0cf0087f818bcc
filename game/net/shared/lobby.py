"""A table's lobby as its ``table`` message tells it, for the app: who sits where,
who is connected, how long an away player's seat is still held for them (the
5-minute hold's countdown), and who is asking the host for a free seat.

No pygame here.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import Rules, RuleError
from game.ai import levels
from game.words.names import level_code, player_code
from game.net.shared.protocol import RETURN_S, ProtocolError

if TYPE_CHECKING:
    from game.net.server.table_api import TableAPI


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
    listed: bool = False  # open to anyone on the server (its lobby is in the server's list)
    watchers: int = 0  # how many watch the table without a seat (game/net/server/watchers.py)
    watchable: bool = True  # whether the host lets people watch it

    @property
    def away(self) -> list[int]:
        """The seats whose player is away (their seat held for them)."""
        return [s.seat for s in self.seats if s.kind == "remote" and not s.connected]

    @property
    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "open"]

    @property
    def full(self) -> bool:
        return not self.open_seats

    @property
    def names(self) -> list[str]:
        """Each seat's name, a seat nobody named yet by its code (``@player:N``), and a
        computer by its level's (``@medium``, ``@medium:2`` for a second one), each
        worded by the screens in their language (the server names computers in
        English: "Medium" at a German screen had stayed so)."""
        known = set(levels.ids())
        count: dict[str, int] = {}
        out = []
        for s in self.seats:
            if s.kind == "computer" and s.level in known:
                count[s.level] = count.get(s.level, 0) + 1
                out.append(level_code(s.level, count[s.level]))
            else:
                out.append(s.name or player_code(s.seat + 1))
        return out


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
        listed = message.get("listed") is True
        watchers = message.get("watchers", 0)
        watchers = watchers if isinstance(watchers, int) and not isinstance(watchers, bool) and 0 <= watchers < 10**6 else 0
        watchable = message.get("watchable") is not False
        return Lobby(str(message["table"]), rules, int(message["host"]), str(message["state"]), seats, claims, listed, watchers, watchable)
    except (KeyError, TypeError, ValueError, RuleError) as err:
        raise ProtocolError(f"the table's description cannot be read: {err}") from None


def lobby_json(table: TableAPI) -> dict[str, Any]:
    """A server table's ``table`` message (what ``read_lobby`` reads): its seats, who
    is connected, for an away player the seconds before the host may give the seat
    to a computer (``give_in``), the claims waiting for the host, how many watch
    (``watchers``) and, if the host closed the table to watchers, ``watchable: false``."""
    seats = []
    now = time.monotonic()
    for index, s in enumerate(table.row.seats):
        net = table.net.get(index)
        entry: dict[str, Any] = {"seat": index, "name": s.name, "kind": s.kind}
        if s.kind == "remote":
            entry["connected"] = net is not None and net.send is not None
            if net is not None and net.away_since is not None:  # the host may give the seat away in this many seconds
                entry["give_in"] = math.ceil(max(0.0, RETURN_S - (now - net.away_since)) * 10) / 10  # never early: the server refuses a give before its time
        if s.kind == "computer":
            entry["level"] = s.level
        seats.append(entry)
    lobby: dict[str, Any] = {
        "type": "table",
        "table": table.code,
        "rules": {"base": table.rules.base, "players": table.rules.players, "options": table.rules.overrides()},
        "host": table.row.host,
        "state": table.state,
        "seats": seats,
    }
    if table.row.listed:
        lobby["listed"] = True
    lobby["watchers"] = len(table.watchers)
    if not table.row.watchable:
        lobby["watchable"] = False
    if table.claims:
        from game.net.server.host_powers import claims_json

        lobby["claims"] = claims_json(table)
    return lobby
