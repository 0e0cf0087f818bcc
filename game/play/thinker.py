"""Computer players at the table.

A computer player thinks off the drawing thread, in a worker process (or a
thread, for tests), so the window keeps drawing while it thinks. It is handed
only ``state.view(seat)``, never the state itself.

No pygame here: the worker process imports this module.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from game.workers import stop

if TYPE_CHECKING:  # the executors, the engine and the players are imported when first needed (a faster start)
    from concurrent.futures import Executor, Future

    from game.engine import Action, SeatView

    from game.ai.hint import Hint
    from game.ai.player import Player  # the one protocol every computer player follows

log = logging.getLogger(__name__)
T = TypeVar("T")

_PLAYERS: dict[object, Player | None] = {}  # per process: one player object per level (its registry entry)


def _player_for(level: str) -> Player | None:
    """This process's player of ``level`` (of the default level for one this
    version lacks; None if the players cannot be imported: then moves are random)."""
    try:
        from game.ai import levels
    except ImportError:
        return None
    entry = levels.get(level)
    if entry is None:
        entry = levels.resolve(level)
        if level not in _PLAYERS:
            _PLAYERS[level] = None  # said once
            log.warning("no computer level %r here: the %s player plays its seat", level, entry.id)
    if entry not in _PLAYERS:
        _PLAYERS[entry] = entry.make()
    return _PLAYERS[entry]


def choose_action(level: str, view: SeatView, seed: int, budget_s: float) -> Action:
    """A computer player's decision (runs in the worker)."""
    rng = random.Random(seed)
    legal = view.legal_moves()
    player = _player_for(level)
    if player is not None:
        action = player.choose(view, rng, budget_s)
        if action in legal or view.explain(action) is None:
            return action
        log.warning("the %s player chose an illegal move %s; playing a random one", level, action)
    return rng.choice(legal)


def suggest_move(view: SeatView, seed: int, names: list[str], budget_s: float) -> Hint:
    """A hint for the person at ``view``'s seat (runs in the worker)."""
    from game.ai.hint import suggest

    return suggest(view, seed, names, budget_s)


def _warm_up() -> bool:
    """Run once in a new worker so its imports are done before the first move."""
    from game.ai import levels

    for level in levels.ids():
        _player_for(level)
    return True


class Thinker:
    """Where computer players think: a worker process (default) or a thread."""

    def __init__(self, mode: str = "process"):
        self.mode = mode
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

            if self.mode == "process":
                import multiprocessing

                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(max_workers=1, mp_context=context)
            else:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matador-ai")
        return self._executor

    def warm_up(self) -> None:
        """Start the worker now, so the first move does not wait for it."""
        try:
            self._pool().submit(_warm_up)
        except Exception as err:  # a broken pool: fall back to threads
            self._fall_back(err)

    def submit(self, level: str, view: SeatView, seed: int, budget_s: float) -> Future[Action]:
        return self.run(choose_action, level, view, seed, budget_s)

    def run(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """``work(*args)`` in the worker (a module-level function, for a process)."""
        try:
            return self._pool().submit(work, *args)
        except Exception as err:
            self._fall_back(err)
            return self._pool().submit(work, *args)

    def _fall_back(self, err: Exception) -> None:
        log.warning("computer players cannot use a worker process (%s); using a thread", err)
        self.shutdown()
        self.mode = "thread"

    def shutdown(self) -> None:
        executor, self._executor = self._executor, None
        if executor is None:
            return
        stop(executor)  # a search may still run: it is stopped


class ComputerController:
    """One computer seat: starts a decision and is polled for it every frame."""

    def __init__(self, seat: int, level: str, thinker: Thinker):
        self.seat = seat
        self.level = level
        self.thinker = thinker
        self._future: Future[Action] | None = None
        self._view: SeatView | None = None
        self._seed = 0

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def start(self, view: SeatView, seed: int) -> None:
        """Begin deciding for ``view`` (what this seat may know, nothing more)."""
        self.cancel()
        self._view, self._seed = view, seed
        from game.ai.levels import budget_s

        self._future = self.thinker.submit(self.level, view, seed, budget_s(self.level))

    def poll(self) -> Action | None:
        """The decision once it is ready (then the controller is idle again)."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        try:
            return future.result()
        except Exception as err:  # the worker failed: still move, legally
            log.warning("the %s player failed (%s); playing a random move", self.level, err)
            assert self._view is not None
            return random.Random(self._seed).choice(self._view.legal_moves())

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None

