"""What a table scene reads of a network table as the app follows it: the rules
and names, whose turn it is, this seat's legal moves, who is connected, the
reactions showing, whether the table is gone, the status in words, and the
match as a record. ``Mirror`` (game/net/app/mirror.py) has these.

No pygame here.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from game.engine import Action, Match, RecordError, Rules, SeatView, load_record
from game.net.app.mirror_status import status, status_text
from game.net.app.round_end import known_record

if TYPE_CHECKING:
    from game.net.shared.lobby import Lobby

log = logging.getLogger("matador.net")

REACTION_S = 4.0  # how long a reaction shows


class Reads:
    """What ``Mirror`` gives a scene to read (its fields are the mirror's)."""

    lobby: Lobby | None
    view: SeatView | None
    view_data: dict[str, Any] | None
    over: dict[str, Any] | None
    seat: int | None
    round_index: int
    reactions: list[tuple[int, str, float]]
    finished: dict[int, dict[str, Any]]
    host_left: bool
    removed: bool
    seat_given: bool
    taken_over: bool
    link: str
    halted: str | None
    clock: Callable[[], float]
    _sent_at: tuple[int, int] | None

    @property
    def rules(self) -> Rules | None:
        return self.lobby.rules if self.lobby is not None else None

    @property
    def names(self) -> list[str]:
        return self.lobby.names if self.lobby is not None else []

    @property
    def to_move(self) -> int | None:
        """The seat to move (None between rounds, after the match, or before it starts)."""
        if self.view is None or self.over is not None:
            return None
        return self.view.current_player

    @property
    def my_turn(self) -> bool:
        return self.to_move is not None and self.to_move == self.seat and self.view is not None and not self.sent

    @property
    def sent(self) -> bool:
        """A move of this seat is on its way (until the server answers)."""
        return self._sent_at is not None and self._sent_at == self._position()

    def _position(self) -> tuple[int, int]:
        return (self.round_index, len(self.view_data["history"]) if self.view_data else -1)

    @property
    def legal(self) -> list[Action]:
        """This seat's legal actions now (none unless it is its turn), from the view."""
        if self.view is None or not self.my_turn:
            return []
        return self.view.legal_moves()

    @property
    def history(self) -> list[tuple[int, Action]]:
        return self.view.history if self.view is not None else []

    @property
    def started(self) -> bool:
        return self.lobby is not None and self.lobby.state != "lobby"

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` is at the table now (computers always are)."""
        if self.lobby is None or not 0 <= seat < len(self.lobby.seats):
            return False
        entry = self.lobby.seats[seat]
        return entry.kind == "computer" or (entry.kind == "remote" and entry.connected)

    def shown_reactions(self) -> list[tuple[int, str]]:
        now = self.clock()
        return [(seat, kind) for seat, kind, at in self.reactions if now - at < REACTION_S]

    @property
    def table_gone(self) -> bool:
        """The table will not go on: its host left, or it stopped answering for
        good (the session gave up) after this seat sat down at it."""
        if self.over is not None:
            return False
        if self.host_left or self.removed or self.seat_given:
            return True
        return self.link == "failed" and not self.taken_over and self.seat is not None and self.lobby is not None

    def status(self) -> tuple[str, int | None]:
        """What the table is waiting for (``mirror_status.status``)."""
        return status(self)

    def status_text(self) -> str:
        """The status in a player's words, one line (``mirror_status.status_text``)."""
        return status_text(self)

    def record(self) -> Match | None:
        """The finished match, from the record the server sent at its end (seed included)."""
        if self.over is None:
            return None
        try:
            return load_record(self.over["record"])
        except (RecordError, KeyError, TypeError, ValueError) as err:
            log.warning("the match record could not be read: %s", err)
            return None

    def known_record(self) -> dict[str, Any] | None:
        """The match as far as this seat knows it, as a record (``round_end.known_record``)."""
        return known_record(self.lobby, self.over, self.finished)
