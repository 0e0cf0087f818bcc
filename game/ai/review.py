"""The review of a seat's play: every action of one seat in some rounds, assessed
by the coach, on all cores, in the background.

    analysis = Analysis(match, seat=0)          # every round; or rounds=[2]
    analysis.start()                            # worker processes begin
    ...each frame: for d in analysis.poll(): ...  # decisions as they finish
    analysis.finished, analysis.total           # for a progress bar
    analysis.cancel()                           # stops the workers
    analysis.summary()                          # mistakes, blunders, accuracy

or, blocking: ``analyse(match, seat, progress=callback) -> Summary``.

The match is replayed from its record, and each worker is handed only the
seat's view at the moment of the action (``SeatView``), the action and a seed
for that decision: never the match, never another hand. The seed of each
decision comes from the review's seed and the decision's place in the match,
so the same review gives the same figures however the work is spread.
"""

from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from game.ai.coach import BEST, DEFAULT_BUDGET, FORCED, Assessment, Budget, assess
from game.ai.reasons import reason
from game.ai.summary import Decision, Luck, Summary
from game.engine import Action, Match, SeatView, match_to_record, parse_tile
from game.workers import stop
from game.words.names import worded_all

if TYPE_CHECKING:  # the executors are imported when a review starts
    from concurrent.futures import Executor, Future

log = logging.getLogger(__name__)

PROCESS, THREAD, INLINE = "process", "thread", "inline"


@dataclass(frozen=True)
class Position:
    """One action of the reviewed seat: where it is in the match, and what the
    seat could see when it chose it."""

    round: int
    action: int  # index of the action in its round of the record
    view: SeatView
    played: Action


def positions(match: Match, seat: int, rounds: Iterable[int] | None = None) -> list[Position]:
    """Every action of ``seat`` in ``rounds`` (all by default), with the seat's
    view just before it. ``ValueError`` for a seat or round the match lacks."""
    if not 0 <= seat < match.rules.players:
        raise ValueError(f"there is no seat {seat}: seats are 0 to {match.rules.players - 1}")
    count = len(match.rounds)
    wanted = set(range(count)) if rounds is None else set(rounds)
    for r in sorted(wanted):
        if not 0 <= r < count:
            span = "the match has no rounds" if count == 0 else f"rounds are 0 to {count - 1}"
            raise ValueError(f"there is no round {r}: {span}")
    record = match_to_record(match)
    top = match.rules.top
    replay = Match(match.rules, match.players, match.seed)
    found: list[Position] = []
    for r, original in enumerate(match.rounds):
        if r > max(wanted, default=-1):
            break
        deal = record["rounds"][r]["deal"]
        hands = [[parse_tile(t, top) for t in hand] for hand in deal["hands"]]
        boneyard = [parse_tile(t, top) for t in deal["boneyard"]]
        replay.next_round(hands, boneyard)
        for a, (mover, action) in enumerate(original.history):
            if mover == seat and r in wanted:
                found.append(Position(r, a, replay.view(seat), action))
            replay.push(action)
    return found


def default_seat(match: Match) -> int:
    """The seat a review looks at unless told: the first person's, else seat 0."""
    return next((s for s, p in enumerate(match.players) if p.is_human), 0)


def decision_seed(seed: int, round_index: int, action_index: int) -> str:
    return f"matador-coach/{seed}/{round_index}/{action_index}"


def review_one(
    view: SeatView, played: Action, seed: str, budget: Budget, names: Sequence[str] | None = None
) -> tuple[Assessment, str | None]:
    """One decision (this runs in a worker): the assessment, and the reason in
    words when a better action was found."""
    assessment = assess(view, played, random.Random(seed), budget)
    words = None
    if assessment.mark not in (FORCED, BEST):
        words = reason(view, assessment.played, assessment.best, assessment.chance_played, assessment.chance_best, names)
    return assessment, words


def _background_priority() -> None:
    """Run a worker below the game's own priority, so frames stay smooth while
    every core reviews (where the system allows it)."""
    nice = getattr(os, "nice", None)
    if nice is not None:
        try:
            nice(5)
        except OSError:
            pass


class Analysis:
    """A review that runs in the background (worker processes by default).

    ``poll()`` never blocks: call it every frame. ``mode`` is ``process`` (all
    cores), ``thread`` (one background thread; slower) or ``inline`` (each
    ``poll()`` assesses one decision itself; for tests and tools)."""

    def __init__(
        self,
        match: Match,
        seat: int,
        rounds: Iterable[int] | None = None,
        *,
        budget: Budget = DEFAULT_BUDGET,
        seed: int = 0,
        workers: int | None = None,
        mode: str = PROCESS,
    ):
        self.seat = seat
        self.positions = positions(match, seat, rounds)
        self.names = worded_all(p.name for p in match.players)  # the coach's sentences name the seats
        self.players = match.rules.players
        self.budget = budget
        self.seed = seed
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.mode = mode
        self.started_at: float | None = None
        self.elapsed = 0.0  # seconds from start() to the last decision (so far)
        self._executor: Executor | None = None
        self._futures: list[tuple[int, Future[tuple[Assessment, str | None]]]] = []
        self._results: dict[int, Decision] = {}
        self._next_inline = 0
        self.cancelled = False
        self.error: str | None = None  # why the review stopped early, if it failed

    # Progress -----------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def finished(self) -> int:
        return len(self._results)

    @property
    def done(self) -> bool:
        return self.finished == self.total

    @property
    def fraction(self) -> float:
        return 1.0 if not self.total else self.finished / self.total

    def decision(self, round_index: int, action_index: int) -> Decision | None:
        """The verdict on one action, once it is ready."""
        for i, p in enumerate(self.positions):
            if p.round == round_index and p.action == action_index:
                return self._results.get(i)
        return None

    def summary(self) -> Summary:
        """The decisions finished so far, in match order."""
        return Summary(self.seat, tuple(self._results[i] for i in sorted(self._results)), self.players)

    def restore(self, decisions: Iterable[Decision]) -> int:
        """Take the verdicts of a review kept from before (``game.archive.reviews``) instead
        of working them out again: each one whose round, action and action played
        are those of a position of this review (before ``start``). Their reasons
        are written again, in the language of now. Returns how many were taken."""
        kept = {(d.round, d.action): d for d in decisions}
        taken = 0
        for i, p in enumerate(self.positions):
            d = kept.get((p.round, p.action))
            if d is None or d.played != p.played or i in self._results:
                continue
            a = d.assessment
            words = None
            if a.mark not in (FORCED, BEST):
                words = reason(p.view, a.played, a.best, a.chance_played, a.chance_best, self.names)
            self._results[i] = Decision(p.round, p.action, a, words)
            taken += 1
        return taken

    # Running --------------------------------------------------------------
    def start(self) -> None:
        if self.started_at is not None:
            return
        self.started_at = time.perf_counter()
        if self.mode == INLINE or self.done:
            return
        try:
            self._submit_all()
        except Exception as err:  # no worker processes here: one thread instead
            log.warning("the review cannot use worker processes (%s); using a thread", err)
            self._shutdown()
            self.mode = THREAD
            self._submit_all()

    def _submit_all(self) -> None:
        executor = self._pool()
        self._futures = [
            (
                i,
                executor.submit(
                    review_one, p.view, p.played, decision_seed(self.seed, p.round, p.action), self.budget, self.names
                ),
            )
            for i, p in enumerate(self.positions)
            if i not in self._results  # (kept from before: ``restore``)
        ]

    def _pool(self) -> Executor:
        if self._executor is None:
            from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

            if self.mode == PROCESS:
                import multiprocessing

                workers = min(self.workers, max(1, self.total))
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    max_workers=workers, mp_context=context, initializer=_background_priority
                )
            else:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matador-review")
        return self._executor

    def poll(self) -> list[Decision]:
        """The decisions finished since the last call (never blocks, except in
        ``inline`` mode, where it assesses the next decision itself)."""
        if self.started_at is None:
            self.start()
        if self.cancelled:
            return []
        fresh: list[Decision] = []
        if self.mode == INLINE:
            while self._next_inline in self._results:  # (kept from before: ``restore``)
                self._next_inline += 1
            if self._next_inline < self.total:
                i = self._next_inline
                self._next_inline += 1
                p = self.positions[i]
                fresh.append(self._store(i, review_one(p.view, p.played, self._seed_of(p), self.budget, self.names)))
        else:
            waiting = []
            for i, future in self._futures:
                if not future.done():
                    waiting.append((i, future))
                    continue
                try:
                    fresh.append(self._store(i, future.result()))
                except Exception as err:  # a worker failed or died: stop, keep what is done
                    log.exception("the review failed")
                    self.error = f"the review stopped: {err or type(err).__name__}"
                    self.cancel()
                    return fresh
            self._futures = waiting
            if self.done:
                self._shutdown()
        return fresh

    def __iter__(self) -> Iterator[Decision]:
        """Blocking: yields every decision as it finishes (starting the review)."""
        from concurrent.futures import as_completed

        self.start()
        if self.mode == INLINE:
            while not self.done and not self.cancelled:
                yield from self.poll()
            return
        by_future = {future: i for i, future in self._futures}
        for future in as_completed(list(by_future)):
            if self.cancelled:
                return
            i = by_future[future]
            self._futures = [(j, f) for j, f in self._futures if f is not future]
            yield self._store(i, future.result())
        self._shutdown()

    def _seed_of(self, p: Position) -> str:
        return decision_seed(self.seed, p.round, p.action)

    def _store(self, i: int, result: tuple[Assessment, str | None]) -> Decision:
        p = self.positions[i]
        decision = Decision(p.round, p.action, result[0], result[1])
        self._results[i] = decision
        if self.started_at is not None:
            self.elapsed = time.perf_counter() - self.started_at
        return decision

    def cancel(self) -> None:
        """Stop the review: queued decisions are dropped and running workers stopped."""
        self.cancelled = True
        for _, future in self._futures:
            future.cancel()
        self._futures = []
        self._shutdown()

    def _shutdown(self) -> None:
        executor, self._executor = self._executor, None
        if executor is None:
            return
        stop(executor)  # a decision may still run: it is stopped


def analyse(
    match: Match,
    seat: int,
    rounds: Iterable[int] | None = None,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    workers: int | None = None,
    mode: str = PROCESS,
    progress: Callable[[int, int, Decision], None] | None = None,
) -> Summary:
    """Review ``seat`` and wait for the result; ``progress(finished, total,
    decision)`` is called as each decision finishes."""
    analysis = Analysis(match, seat, rounds, budget=budget, seed=seed, workers=workers, mode=mode)
    try:
        for decision in analysis:
            if progress is not None:
                progress(analysis.finished, analysis.total, decision)
    finally:
        if not analysis.done:
            analysis.cancel()
    return analysis.summary()


__all__ = [
    "Luck",
    "Analysis",
    "Decision",
    "INLINE",
    "PROCESS",
    "Position",
    "Summary",
    "THREAD",
    "analyse",
    "decision_seed",
    "default_seat",
    "positions",
    "review_one",
]
