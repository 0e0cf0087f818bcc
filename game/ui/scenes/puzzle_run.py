"""The puzzles of one visit to the Puzzles screen (``PuzzleRun``): every puzzle
of the kept reviews (``game.archive.puzzles``), the progress, and which comes next:
never the one shown last, the ones to do first. Every move judged is noted in
the progress file at once (written atomically). No pygame here: the flow
(game/ui/shell/flow.py) opens a puzzle's table with what it picks.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from game.archive.puzzles import Judgement, Progress, Puzzle, all_puzzles, load_progress, position, save_progress

if TYPE_CHECKING:
    from game.engine import Match, SeatView

log = logging.getLogger(__name__)


class PuzzleRun:
    """The puzzles to choose from and the progress, for one visit."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()
        self.puzzles: list[Puzzle] = []
        self.progress = Progress()

    def load(self, messages: list[str] | None = None) -> None:
        """Read the puzzles of the kept reviews and the progress (what could not
        be read goes to ``messages``)."""
        self.puzzles = all_puzzles(messages)
        self.progress, trouble = load_progress()
        if trouble and messages is not None:
            messages.append(trouble)

    def pick(self) -> tuple[Puzzle, Match, SeatView] | None:
        """The next puzzle (its match and the seat's view when the mistake was
        made), noted as the one shown last; None when there is none (a puzzle
        whose match is no longer kept is left out)."""
        while self.puzzles:
            puzzle = self.progress.next(self.puzzles, self.rng)
            if puzzle is None:
                return None
            found = position(puzzle)
            if found is None:
                self.puzzles.remove(puzzle)
                continue
            self._save()
            match, view = found
            return puzzle, match, view
        return None

    def tried(self, puzzle: Puzzle, judgement: Judgement) -> None:
        """A move was judged: noted (solved, if it did), and kept."""
        self.progress.note(puzzle, judgement)
        self._save()

    def tally(self) -> tuple[int, int]:
        """(solved, to do) among the puzzles."""
        return self.progress.counts(self.puzzles)

    def _save(self) -> None:
        try:
            save_progress(self.progress)
        except OSError as err:  # the puzzle goes on; the progress is kept next time it can be
            log.warning("the puzzles' progress could not be saved: %s", err)
