"""The host's side of a network table as the app follows it: starting the
match, removing a seat's taker in the lobby, answering a person who asks for a
free seat, and giving the seat of a player away for 5 minutes to a computer (with
the countdown to that moment). ``Mirror`` (game/net/app/mirror.py) has these.

No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.net.app.mirror_reads import Reads
from game.net.shared.protocol import GIVEN_SEAT_LEVEL, RETURN_S

if TYPE_CHECKING:
    from game.net.shared.lobby import Lobby



class HostSide(Reads):
    """What ``Mirror`` adds for the host (its fields are the mirror's)."""

    hosting: bool
    seat: int | None
    lobby: Lobby | None
    source: Any
    clock: Callable[[], float]
    give_at: dict[int, float]
    away_since: dict[int, float]

    def give_countdown(self, seat: int) -> float | None:
        """Seconds before the host may give ``seat`` (its player away) to a computer;
        None if its player is not away."""
        at = self.give_at.get(seat)
        if at is None:
            since = self.away_since.get(seat)
            if since is None:
                return None
            at = since + RETURN_S  # a server that does not say (protocol 1): counted from when this screen saw the drop
        return max(0.0, at - self.clock())

    def may_give_seat(self, seat: int) -> bool:
        """The host may give the seat of a player away for 5 minutes to a computer."""
        left = self.give_countdown(seat)
        return self.hosting and seat != self.seat and left is not None and left <= 0

    def start(self) -> bool:
        """The host starts the table once every seat is taken."""
        if not self.hosting or self.lobby is None or not self.lobby.full or self.started or self.source is None:
            return False
        self.source.send({"type": "start"})
        return True

    def remove(self, seat: int) -> bool:
        """The host frees a seat another person took, before the match starts."""
        if not self.hosting or self.started or self.lobby is None or self.source is None or seat == self.seat:
            return False
        if not 0 <= seat < len(self.lobby.seats) or self.lobby.seats[seat].kind != "remote":
            return False
        self.source.send({"type": "remove", "seat": seat})
        return True

    def answer_claim(self, seat: int, approve: bool) -> bool:
        """The host lets the person asking for ``seat`` take it, or not."""
        if not self.hosting or self.lobby is None or self.source is None or seat not in dict(self.lobby.claims):
            return False
        self.source.send({"type": "answer_claim", "seat": seat, "approve": approve})
        return True

    def give_seat(self, seat: int, level: str = GIVEN_SEAT_LEVEL) -> bool:
        if not self.may_give_seat(seat) or self.source is None:
            return False
        self.source.send({"type": "give_seat", "seat": seat, "level": level})
        return True
