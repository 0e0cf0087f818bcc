"""Undo and redo for one person against computers, by whole turns.

Undo goes back to the start of the person's previous turn (the computers'
replies are taken back with it); again and again, back to the person's first
turn of the round. Redo plays what was undone, the computers' replies
included, up to the start of the person's next turn. A new move forgets what
could be redone. The referee takes the moves back (``Referee.take_back``, which
allows it only for one person against computers) and plays them again
(``Referee.offer``), so the deal and the boneyard's order never change and the
listeners (the autosave) hear of both.
"""

from __future__ import annotations

from game.engine import Action, Match, RoundState
from game.play.referee import Referee


def turn_starts(state: RoundState, seat: int) -> list[int]:
    """The positions (history lengths) at which a turn of ``seat`` begins."""
    history = state.history
    starts = []
    for i in range(len(history) + 1):
        mover = history[i][0] if i < len(history) else state.current_player
        if mover == seat and (i == 0 or history[i - 1][0] != seat):
            starts.append(i)
    return starts


class TakeBacks:
    """The undo and redo of one seat's turns in the round in play."""

    def __init__(self, seat: int):
        self.seat = seat
        self.redo: list[Action] = []  # the moves undone, the next one to redo last
        self._round = -1

    def _follow_round(self, match: Match) -> None:
        if match.round_index != self._round:
            self._round = match.round_index
            self.redo.clear()

    def undo_target(self, match: Match) -> int | None:
        """The position an undo goes back to, or None when there is nothing to undo."""
        state = match.round
        if state.over:
            return None
        now = len(state.history)
        earlier = [i for i in turn_starts(state, self.seat) if i < now]
        return earlier[-1] if earlier else None

    def can_undo(self, match: Match) -> bool:
        return self.undo_target(match) is not None

    def can_redo(self, match: Match) -> bool:
        self._follow_round(match)
        return bool(self.redo) and not match.round.over

    def undo(self, referee: Referee) -> int:
        """Take the moves back to the start of the previous turn; how many were taken."""
        match = referee.match
        self._follow_round(match)
        target = self.undo_target(match)
        if target is None:
            return 0
        undone = referee.take_back(len(match.round.history) - target)  # the latest first
        self.redo.extend(undone)
        return len(undone)

    def redo_turn(self, referee: Referee) -> int:
        """Play the undone moves again, up to the start of the seat's next turn; how many."""
        match = referee.match
        self._follow_round(match)
        state = match.round
        played = 0
        while self.redo and not state.over and state.current_player is not None:
            if not referee.offer(state.current_player, self.redo[-1]).accepted:
                self.redo.clear()  # cannot happen: the very moves taken back
                break
            self.redo.pop()
            played += 1
            if state.current_player == self.seat and state.history[-1][0] != self.seat:
                break
        return played

    def forget(self, match: Match) -> None:
        """A new move was made: what was undone can no longer be redone."""
        self._follow_round(match)
        self.redo.clear()
