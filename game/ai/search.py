"""One search for every player and the coach: sampled deals, the same dice for
every candidate, a paired comparison, the clearly worse dropped.

The hard player, the coach and medium's look-ahead all ask the same question:
of these candidate actions, which does best for the seat, over the deals of
the hidden tiles it cannot tell apart? ``paired_search`` answers it with an
evaluation passed in (as OpenSpiel's MCTS bots take an evaluator): per deal
(``deal(rng)``, a sample consistent with the seat's view), one random seed for
the rest of the round (the *dice*), and every candidate still in the running
evaluated on that deal with those dice (``evaluate(arm, deal, dice)``, a
reward for the seat). Two candidates are thus compared on the same luck, and
their difference is far sharper than either estimate alone.

The reward (``win_share``): 1 for winning the round (a domino, or the lowest
count when blocked), 0 for losing it, 1/k for each of the k seats tied for the
lowest count of a blocked round, 1/n for a redeal (nobody has played; the
seats start again alike). Match totals play no part.

The prune rule (``Prune``): after ``first`` deals, and every ``every`` deals
after that, a candidate that trails the leader by more than ``z`` standard
errors of the paired difference (on the deals both were evaluated on) is
dropped; the ``protect``-ed candidate (the action a review is about) never is.
At the first look, ``keep`` may also cut the field to the best few. An
``early`` look (after fewer deals than ``first``) drops only by the same
``z`` rule: a candidate far behind on the first few dozen deals stops costing
playouts at once. After each look from ``first`` on, a caller's ``settled``
rule may end the search early (the coach's: its figures are sure enough for
the marks it gives).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

SURE_Z = 2.0  # standard errors of a paired difference that make a gap sure enough to state
T = TypeVar("T")
D = TypeVar("D")


def win_share(end: str, winner: int | None, pips: Sequence[int], seat: int) -> float:
    """What a finished round is worth to ``seat``: 1, 0, 1/k of a block tied
    by k seats, or 1/n for a redeal."""
    if end == "redeal":
        return 1.0 / len(pips)
    if winner is not None:
        return 1.0 if winner == seat else 0.0
    low = min(pips)
    if pips[seat] != low:
        return 0.0
    return 1.0 / sum(1 for p in pips if p == low)


@dataclass(frozen=True)
class Prune:
    """When a candidate is dropped (see the module's docstring)."""

    z: float
    first: int
    every: int
    keep: int | None = None
    early: int | None = None


class Arm(Generic[T]):
    """One candidate: what it is (``item``), and its reward on each deal it was
    evaluated on, in the order of the deals."""

    __slots__ = ("item", "results", "total")

    def __init__(self, item: T):
        self.item = item
        self.results: list[float] = []
        self.total = 0.0

    def add(self, result: float) -> None:
        self.results.append(result)
        self.total += result

    @property
    def mean(self) -> float:
        return self.total / len(self.results) if self.results else 0.0


def paired_difference(a: Arm[T], b: Arm[T]) -> tuple[float, float, int]:
    """The mean of ``a - b`` over the deals both were evaluated on, its
    standard error, and the number of those deals."""
    n = min(len(a.results), len(b.results))
    if n == 0:
        return 0.0, 0.0, 0
    total = squares = 0.0
    for x, y in zip(a.results[:n], b.results[:n]):
        d = x - y
        total += d
        squares += d * d
    mean = total / n
    if n < 2:
        return mean, 0.0, n
    var = max(0.0, squares - n * mean * mean) / (n - 1)
    return mean, math.sqrt(var / n), n


def standard_error(arm: Arm[T]) -> float:
    """The standard error of ``arm``'s mean reward (rewards between 0 and 1),
    never below that of a win rate with one more win and one more loss than
    seen (so that a run of equal rewards does not claim certainty)."""
    n = len(arm.results)
    if n < 2:
        return 1.0
    mean = arm.mean
    var = sum((x - mean) ** 2 for x in arm.results) / (n - 1)
    laplace = (arm.total + 1.0) / (n + 2.0)
    return math.sqrt(max(var, laplace * (1.0 - laplace)) / n)


def trails(leader: Arm[T], arm: Arm[T], z: float) -> bool:
    """Whether ``arm`` is behind ``leader`` by more than ``z`` standard errors
    of the paired difference."""
    mean, se, n = paired_difference(leader, arm)
    return n >= 2 and mean > 0 and mean > z * se


A = TypeVar("A", bound="Arm[Any]")


def prune(active: list[A], rule: Prune, protect: A | None, first: bool) -> list[A]:
    """The candidates left in the running after one look."""
    leader = max(active, key=lambda a: a.mean)
    kept = [a for a in active if a is protect or a is leader or not trails(leader, a, rule.z)]
    if first and rule.keep is not None:
        others = sorted((a for a in kept if a is not protect), key=lambda a: -a.mean)[: rule.keep]
        kept = [a for a in kept if a is protect or a in others]
    return kept


def paired_search(
    arms: Sequence[A],
    deal: Callable[[random.Random], D],
    evaluate: Callable[[A, D, int], float],
    rng: random.Random,
    *,
    deals: int,
    rule: Prune | None = None,
    protect: A | None = None,
    evaluations: int | None = None,
    deadline: float | None = None,
    until_one: bool = False,
    settled: Callable[[list[A]], bool] | None = None,
) -> list[A]:
    """Evaluate ``arms`` on up to ``deals`` sampled deals, pruning by ``rule``;
    the arms still in the running at the end. It also stops after about
    ``evaluations`` evaluations, at ``deadline`` (``time.perf_counter()``),
    with ``until_one`` once a single arm is left, and once ``settled(active)``
    says the figures are sure enough (asked after each of ``rule``'s looks)."""
    active = list(arms)
    done = spent = 0
    while done < deals:
        if until_one and len(active) <= 1:
            break
        if evaluations is not None and spent + len(active) > max(evaluations, len(active)):
            break
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        sample = deal(rng)
        dice = rng.getrandbits(64)
        for arm in active:
            arm.add(evaluate(arm, sample, dice))
        spent += len(active)
        done += 1
        if rule is not None and done == rule.early and len(active) > 1:
            active = prune(active, rule, protect, False)
        if rule is not None and done >= rule.first and (done - rule.first) % rule.every == 0:
            if len(active) > 1:
                active = prune(active, rule, protect, done == rule.first)
            if settled is not None and settled(active):
                break
    return active


__all__ = ["SURE_Z", "Arm", "Prune", "paired_difference", "paired_search", "prune", "standard_error", "trails", "win_share"]
