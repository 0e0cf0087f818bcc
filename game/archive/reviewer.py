"""Reviews made in the background: ``Reviewer`` reviews kept matches one after
another (``game.archive.reviews`` keeps each), in a worker process below the game's
priority, polled once a frame so that a frame never waits. No pygame here.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from game.archive.reviews import REVIEW_SEED, keep, reviewed, seats_to_review

if TYPE_CHECKING:
    from game.ai.review import Analysis
    from game.ai.summary import Summary
    from game.engine import Match

log = logging.getLogger(__name__)


class Reviewer:
    """Reviews kept matches one after another in the background: ``add`` a kept
    record, ``poll`` once a frame (it never blocks); one worker process below
    the game's priority by default, so the table keeps a core."""

    def __init__(self, *, workers: int = 1, mode: str = "process", budget: Any = None, wait_s: float = 0.0):
        from game.ai.coach import DEFAULT_BUDGET

        self.wait_s = wait_s  # a match is reviewed from this long after it was added (the match-over screen first)
        self.added: dict[Path, float] = {}
        self.workers = workers
        self.mode = mode
        self.budget = budget if budget is not None else DEFAULT_BUDGET
        self.queue: list[Path] = []
        self.current: tuple[Path, Match, list[int], dict[int, Summary]] | None = None
        self.analysis: Analysis | None = None
        self.done: list[Path] = []

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, record: Path) -> None:
        if record not in self.queue and (self.current is None or self.current[0] != record):
            self.queue.append(record)
            self.added[record] = time.monotonic()

    def add_unreviewed(self, records: Iterable[Path]) -> int:
        """Queue those of ``records`` (kept matches) without a review; how many."""
        count = 0
        for record in records:
            if not reviewed(record):
                self.add(record)
                count += 1
        return count

    def poll(self) -> list[Path]:
        """The records whose review was kept since the last call."""
        finished: list[Path] = []
        for _ in range(4):  # a few steps: a match with nothing to review is passed at once
            if self.current is None and not self._next():
                break
            if not self._step(finished):
                break
        return finished

    def _next(self) -> bool:
        from game.archive.past_matches import load

        while self.queue:
            if time.monotonic() - self.added.get(self.queue[0], 0.0) < self.wait_s:
                return False
            record = self.queue.pop(0)
            self.added.pop(record, None)
            match, message = load(record)
            if match is None or not match.over:
                continue
            seats = seats_to_review(match, record)
            if seats:
                self.current = (record, match, seats, {})
                return True
        return False

    def _step(self, finished: list[Path]) -> bool:
        """Advance the review under way; True if it moved on (a seat or a match done)."""
        from game.ai.review import Analysis

        assert self.current is not None
        record, match, seats, summaries = self.current
        if self.analysis is None:
            seat = seats[len(summaries)]
            self.analysis = Analysis(match, seat, budget=self.budget, seed=REVIEW_SEED, workers=self.workers, mode=self.mode)
            self.analysis.start()
        analysis = self.analysis
        analysis.poll()
        if analysis.error is not None or analysis.cancelled:
            log.warning("the review of %s stopped: %s", record.name, analysis.error)
            self.analysis, self.current = None, None
            return True
        if not analysis.done:
            return False
        summaries[analysis.seat] = analysis.summary()
        self.analysis = None
        if len(summaries) < len(seats):
            return True
        self.current = None
        try:
            keep(record, match, summaries)
        except OSError as err:
            log.warning("the review of %s could not be kept: %s", record.name, err)
            return True
        finished.append(record)
        self.done.append(record)
        return True

    def cancel(self) -> None:
        """Stop: the review under way is dropped (made again next time)."""
        if self.analysis is not None:
            self.analysis.cancel()
        self.analysis, self.current = None, None
        self.queue.clear()


__all__ = ["Reviewer"]
