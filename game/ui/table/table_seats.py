"""The seats of a match at this screen, and the referee between them.

A person at this screen has a ``PersonSeat`` (the table offers the moves its
input makes); a computer a ``WorkerSeat`` thinking in the worker. The table
tells the referee when to ask a seat (``auto_ask=False``): a computer starts
thinking once the last tile has landed. Its listeners: the moves log, then
the caller's (the autosave through ``saving``, statistics and past matches).
"""

from __future__ import annotations

from typing import Callable, Sequence

from game.ai.levels import DEFAULT
from game.engine import Match, SeatView
from game.play.referee import ACTION, ROUND, UNDO, Event, Listener, Referee
from game.play.seat import PersonSeat, Seat, WorkerSeat
from game.play.thinker import Thinker


def table_referee(match: Match, thinker: Thinker, seed_for: Callable[[SeatView], int], listeners: Sequence[Listener]) -> Referee:
    seats: list[Seat] = []
    for index, player in enumerate(match.players):
        if player.is_human:
            seats.append(PersonSeat(index))
        else:
            seats.append(WorkerSeat(index, player.level or DEFAULT, thinker, seed_for=seed_for))
    return Referee(match, seats, listeners, auto_ask=False)


def saving(on_action: Callable[[Match], None]) -> Listener:
    """``on_action`` (the autosave) as a listener: after every action and undo, and
    as each round after the first is dealt (a match is saved from its first move)."""

    def listener(event: Event) -> None:
        if event.kind in (ACTION, UNDO) or (event.kind == ROUND and event.match.round_index > 0):
            on_action(event.match)

    return listener
