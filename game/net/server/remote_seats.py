"""The seats of a server table: a player over the network (``NetSeat``) and a
computer thinking in the server's pool (``PoolSeat``).

A seat's messages are made from the ``SeatView`` the referee hands it, so a
connection can only ever be sent its own hand. They go through the table
(``Table.deliver``), which holds them back until the action they tell of is
stored (write before you tell) and drops them when the table is halted.

No pygame here.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Protocol

from game.engine import Action, SeatView
from game.net.shared.protocol import action_message, view_json
from game.play.seat import RemoteSeat, turn_seed

if TYPE_CHECKING:
    from game.net.server.thinking import Job, ThinkPool

Send = Callable[[dict[str, Any]], None]
Close = Callable[[int, str], None]  # a close code and its reason: the connection is ended

REPLACED = 4009  # the close code of a connection that no longer holds its seat


class SeatsTable(Protocol):
    """What of its table (``game.net.server.table.Table``) a seat uses: named here, so that
    the table imports its seats and they do not import it back."""

    halted: str | None
    owner: str
    thinkers: ThinkPool

    @property
    def round_index(self) -> int: ...

    def deliver(self, net: NetSeat, message: dict[str, Any]) -> None: ...

    def wake(self) -> None: ...


class NetSeat(RemoteSeat):
    """A player connected over the network (or away, for a while)."""

    def __init__(self, index: int, table: SeatsTable):
        super().__init__(index)
        self.table = table
        self.send: Send | None = None
        self.close: Close | None = None
        self.away_since: float | None = None
        self._just_played: tuple[int, Action] | None = None  # told with the turn that follows it

    def turn(self, view: SeatView) -> None:
        super().turn(view)
        r = self.table.round_index
        if self._just_played is None:  # the round's first turn, or a turn given back: the whole view
            self.tell({"type": "turn", "view": view_json(view, r)})
            return
        seat, action = self._just_played
        self._just_played = None
        self.tell(action_message("turn", seat, action, view, r))

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        super().heard(seat, action, view)
        if view.current_player == self.index:  # ``turn`` follows with the same view: one message, not two
            self._just_played = (seat, action)
            return
        self.tell(action_message("played", seat, action, view, self.table.round_index))

    def tell(self, message: dict[str, Any]) -> None:
        """Send ``message`` once the table lets it go (after the store has what it tells)."""
        self.table.deliver(self, message)

    def deliver(self, message: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(message)

    def end_link(self, message: dict[str, Any] | None, reason: str) -> None:
        """Tell the connection holding this seat ``message`` and close it: it holds
        the seat no longer (taken over, removed, given to a computer)."""
        send, close = self.send, self.close
        self.send = self.close = None
        if send is not None and message is not None:
            send(message)
        if close is not None:
            close(REPLACED, reason)


class PoolSeat:
    """A computer at a server table: thinks in the server's pool (``ThinkPool``),
    its turn queued with the other computers of the same owner's tables."""

    kind = "computer"

    def __init__(self, index: int, level: str, seed: int, table: SeatsTable):
        self.index = index
        self.level = level
        self.seed = seed
        self.table = table
        self._job: Job | None = None
        self._decided: Action | None = None

    def turn(self, view: SeatView) -> None:
        self.cancel()
        if self.table.halted is not None:
            return
        seed = turn_seed(self.seed, view)

        def done(action: Any | None) -> None:
            if self._job is not job:
                return
            self._job = None
            self._decided = action if action is not None else random.Random(seed).choice(view.legal_moves())
            self.table.wake()

        job = self._job = self.table.thinkers.think(self.table.owner, self.level, view, seed, done)

    def answer(self) -> Action | None:
        action, self._decided = self._decided, None
        return action

    def cancel(self) -> None:
        if self._job is not None:
            self.table.thinkers.cancel(self._job)
        self._job = None
        self._decided = None

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        pass
