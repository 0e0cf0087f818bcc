"""Where the computers of a server's tables think, shared fairly between clients.

A server has a few workers (``WORKERS``); every computer seat's decision is a job
for one of them. Jobs wait in one queue per *owner* (the address that created
the table), and the workers take them from the owners in turn (round robin), so
one client's many tables of hard computers cannot keep another table's computer
waiting behind them: a job waits at most for one job of each other owner that is
waiting too. Each decision has a time budget that the players hold to: every
level thinks its own budget (``Level.budget_s``) times the server's share
(``share``, ``SHARE`` unless ``serve --think-share`` says otherwise), the same
rule for every level, so a level that thinks twice as long as another at a
table of this machine does so at a server too (docs/network.md has the figures).

A dedicated server thinks in worker *processes* (``processes=True``), so the
event loop, which answers every connection, never waits for the interpreter's
lock while a computer searches, and the workers run at a lower priority than the
server (``WORKER_NICE``), so a search takes the processors the event loop leaves;
the app hosting a table thinks in threads (its
tables are a few friends'). The levels that do not search (``inline``: a budget
of ``INLINE_BUDGET_S`` or less, as random's and easy's) decide in microseconds, on the event loop, queued behind nobody.

No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from contextlib import contextmanager, nullcontext
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from game.ai import levels
from game.net.shared.loop_thread import call_in
from game.play.thinker import choose_action
from game.workers import stop

log = logging.getLogger("matador.server")

WORKERS = 2
SHARE = 0.3  # a computer at a server table thinks this share of its level's budget (hard: 1 s at a table here, 0.3 s there)
# Levels whose budget is this or less decide in microseconds (no search): decided on
# the event loop at once, never queued behind another table's searches (sending the
# view to a worker would cost more than deciding).
INLINE_BUDGET_S = 0.1


def server_budget_s(level: str, share: float = SHARE) -> float:
    """Seconds a computer of ``level`` thinks per decision at a server table: its
    level's own budget times the server's ``share`` (every level alike)."""
    return levels.budget_s(level) * share


def inline(level: str) -> bool:
    """Whether ``level`` decides on the event loop (a level that does not search:
    its budget is ``INLINE_BUDGET_S`` or less)."""
    return levels.budget_s(level) <= INLINE_BUDGET_S


@dataclass
class Job:
    """One decision: a computer seat's move, for ``owner``'s table."""

    owner: str
    level: str
    view: Any  # the seat's SeatView (its own hand only)
    seed: int
    budget_s: float
    done: Callable[[Any | None], None]  # called on the event loop with the action (None: it failed)
    number: int = 0  # jobs started before it was queued, all owners (for the fairness figures)
    own: int = 0  # and of its owner
    queued_at: float = field(default_factory=time.monotonic)
    cancelled: bool = False


@dataclass
class Figures:
    """What the pool did: jobs run, and how long and behind how many others they waited."""

    jobs: int = 0  # decisions made by the workers
    inline: int = 0  # and at once, on the event loop
    # The most jobs of *other* owners started while one job waited, per job of its own
    # owner started meanwhile (and itself): at most the number of other owners waiting
    # too, when owners are served in turn.
    most_ahead: float = 0.0
    waits_s: deque[float] = field(default_factory=lambda: deque(maxlen=4096))
    owners: set[str] = field(default_factory=set)


WORKER_NICE = 10  # a search yields the processor to the event loop, which answers every connection


def lower_priority() -> None:
    """Run in each worker process as it starts: below the server's own priority, and
    deaf to SIGINT (Ctrl+C reaches every process of the terminal's group: the server
    stops its workers itself, with no worker's ``KeyboardInterrupt`` in its log)."""
    import os
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):  # not on this platform
        pass


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while worker processes are started: a process started meanwhile
    begins deaf to it (Python leaves an ignored SIGINT ignored), before its
    ``lower_priority`` runs. Only on the main thread (elsewhere: nothing changes)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class ThinkPool:
    """Computer seats' decisions, ``workers`` at once, owners served in turn."""

    def __init__(self, workers: int = WORKERS, processes: bool = False, executor: Executor | None = None, share: float = SHARE):
        self.workers = workers
        self.share = share
        self.processes = processes
        self._executor = executor
        self._owned = executor is None
        self.queues: OrderedDict[str, deque[Job]] = OrderedDict()
        self.running = 0
        self.started = 0  # jobs handed to a worker so far
        self.started_by: dict[str, int] = {}  # and by owner
        self.figures = Figures()

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            if self.processes:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=lower_priority
                )
            else:
                self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="matador-ai")
        return self._executor

    def warm_up(self) -> None:
        """Start the workers now (a process imports the players once), so the first
        computer's move does not wait for it."""
        from game.play.thinker import _warm_up

        with sigint_ignored() if self.processes else nullcontext():
            for _ in range(self.workers):  # (one process started by each while none is idle)
                self.executor.submit(_warm_up)

    def think(self, owner: str, level: str, view: Any, seed: int, done: Callable[[Any | None], None]) -> Job:
        """Queue a decision; ``done(action)`` is called on this event loop once it is made
        (soon, for a level that does not search)."""
        budget = server_budget_s(level, self.share)
        job = Job(owner, level, view, seed, budget, done, self.started, self.started_by.get(owner, 0))
        if inline(level):
            asyncio.get_running_loop().call_soon(self._inline, job)
            return job
        self.queues.setdefault(owner, deque()).append(job)
        self._next()
        return job

    def cancel(self, job: Job) -> None:
        """Drop a decision no longer wanted (a running one finishes, unheard)."""
        job.cancelled = True
        queue = self.queues.get(job.owner)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self.queues[job.owner]

    def waiting(self) -> int:
        return sum(len(q) for q in self.queues.values())

    def _next(self) -> None:
        """Hand queued jobs to free workers, one owner after another."""
        while self.running < self.workers and self.queues:
            owner, queue = next(iter(self.queues.items()))
            job = queue.popleft()
            if queue:
                self.queues.move_to_end(owner)  # its next job waits for the other owners' turns
            else:
                del self.queues[owner]
            self._start(job)

    def _start(self, job: Job) -> None:
        figures = self.figures
        figures.jobs += 1
        figures.waits_s.append(time.monotonic() - job.queued_at)
        own = self.started_by.get(job.owner, 0)
        ahead_own = own - job.own
        figures.most_ahead = max(figures.most_ahead, ((self.started - job.number) - ahead_own) / (ahead_own + 1))
        figures.owners.add(job.owner)
        self.started += 1
        self.started_by[job.owner] = own + 1
        self.running += 1
        loop = asyncio.get_running_loop()
        try:
            future: Future[Any] = self.executor.submit(choose_action, job.level, job.view, job.seed, job.budget_s)
        except Exception as err:  # a broken pool (a worker killed): the seat still moves, at random
            log.error("a computer could not think (%s): it plays a random move", err)
            self.running -= 1
            loop.call_soon(self._finish, job, None)
            return
        future.add_done_callback(lambda f: call_in(loop, self._finished, job, f))

    def _finished(self, job: Job, future: Future[Any]) -> None:
        self.running -= 1
        action: Any | None = None
        if not future.cancelled():
            err = future.exception()
            if err is None:
                action = future.result()
            else:
                log.error("a computer's thinking failed (%s): it plays a random move", err)
        self._finish(job, action)
        self._next()

    def _inline(self, job: Job) -> None:
        if job.cancelled:
            return
        self.figures.inline += 1
        try:
            action = choose_action(job.level, job.view, job.seed, job.budget_s)
        except Exception as err:  # the seat still moves, at random
            log.error("a computer's decision failed (%s): it plays a random move", err)
            action = None
        self._finish(job, action)

    def _finish(self, job: Job, action: Any | None) -> None:
        if not job.cancelled:
            job.done(action)

    def shutdown(self) -> None:
        self.queues.clear()
        if self._executor is not None and self._owned:
            stop(self._executor)
        self._executor = None
