"""The coach: how much winning chance one action of a seat gave up.

``assess(view, played, rng, budget)`` looks at one decision from the seat's
own view at that moment (a ``SeatView``: its hand, the table, the public
history; never the hidden hands). It estimates the seat's chance of winning
the round after the action it played and after every alternative, and marks
the action:

* ``forced``: it was the only legal action;
* ``best``: no alternative was better (within the estimate);
* ``good``: the best alternative was better by less than 3 points of chance
  (an accurate choice);
* ``inaccuracy``: better by 3 points or more (or by 10 or more, not beyond the
  estimate's noise: see ``verdict``);
* ``mistake``: better by 10 points or more; ``blunder``: by 25 or more.

How the chance is estimated: deals of the unseen tiles are sampled uniformly
among those consistent with everything the seat has seen (``sampling.py``:
what the deal, the draws, passes and forced draws rule out; the soft reading
of the lays the others chose, ``inference.py``, only re-checks a would-be
mistake). On each deal every
candidate action is played and the round is finished by the playout policy
(``playout.py``, the fast kernel's chooser: shed heavy tiles, keep matadors,
leave ends the next hand is unlikely to answer by what the mover may know,
never draw when a tile fits), for every seat, with the same dice for
every candidate: common random numbers, so two actions are compared on the
same luck and their difference is sharp. Candidates that are clearly worse
than the leader are dropped along the way (never the action played); the
played action and the best ones see every deal, and the search stops once
its figures are settled (``Budget``). ``choose`` is the same search with no
action to protect, for the hint.

"Winning the round": the seat wins (a domino, or the lowest count when the
round is blocked); a blocked round tied for the lowest count counts as a
share, 1/k for each of the k seats tied (half a win with two players); a
redeal counts 1/n (nobody has played; the seats start again alike). With
three or more players the chance is that of being the round's winner.

The chance is what the seat could expect against opponents who play on
sensibly; it is an estimate, and ``Assessment.deals`` says on how many deals
it rests. The same position with different seeds agrees to within a few
points at the default budget (``tests/ai/test_coach.py`` measures it).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from game.ai.candidates import Candidate, Deals, Playouts, as_action, candidates_for, medium_playout, steps_of
from game.ai.endgame import solve
from game.ai.heuristic import scratch_state
from game.ai.marks import (
    ACCURATE_POINTS,
    BEST,
    BLUNDER,
    BLUNDER_POINTS,
    FORCED,
    GOOD,
    INACCURACY,
    MARKS,
    MISTAKE,
    MISTAKE_POINTS,
    Assessment,
    Check,
    Option,
    mark_for,
    verdict,
)
from game.ai.search import SURE_Z, Arm, Prune, paired_difference, paired_search, standard_error
from game.engine import Action, SeatView


@dataclass(frozen=True)
class Budget:
    """How hard the coach looks at one decision.

    ``deals``: sampled deals that the action played and the best alternatives
    are each played out on. ``forced_deals``: deals for the chance after an
    action that was the only one. ``screen``: deals after which the
    candidates are first compared (after ``early`` deals already, when only
    a candidate that trails the leader by more than ``drop_z`` standard
    errors is dropped); then at most ``keep`` of the others stay
    (the best by then), and every ``step`` deals a candidate that trails the
    leader by more than ``drop_z`` standard errors of the paired difference
    is dropped. The search stops before ``deals`` once it is settled (from
    ``settle_from`` deals on): the chance of the action played is known to
    ``precision`` points (one standard error), and neither a mistake's nor a
    blunder's threshold (10, 25 points) lies within two standard errors of
    the gap between it and any candidate still in the running, nor an
    accurate choice's (3 points) within one. A would-be mistake's re-check by the
    reading of lays stops likewise once 10 and 25 points lie outside its
    gap's two standard errors."""

    deals: int = 4000
    forced_deals: int = 4000
    screen: int = 100
    keep: int = 2
    step: int = 100
    drop_z: float = 3.0
    early: int = 30  # deals after which a candidate more than drop_z standard errors behind is dropped already
    precision: float = 1.0  # points: one standard error of the chance of the action played
    settle_from: int = 300
    check_deals: int = 2000  # a would-be mistake: played against best with the others' lays read
    strong_deals: int = 60  # ... and played out by the medium player for every seat (0: not)


DEFAULT_BUDGET = Budget()


def assess(
    view: SeatView, played: Action, rng: random.Random, budget: Budget = DEFAULT_BUDGET
) -> Assessment:
    """The coach's assessment of ``played`` (an action of ``view.seat``, whose
    turn it is) from what the seat could know. Uses only ``view`` and ``rng``."""
    seat = view.seat
    steps = steps_of(view, played)
    # One legal action: forced. A record's draw of several tiles is forced too
    # where a seat may only draw for want of a tile that fits.
    forced = len(view.legal_moves()) == 1 and (
        len(steps) == 1 or view.rules.drawing in ("until-playable", "one-then-pass")
    )
    candidates = [Candidate(s) for s in candidates_for(view, steps)]
    if forced:
        candidates = candidates[:1]
    scratch = scratch_state(view)
    for cand in candidates:
        cand.prepare(view, scratch)
    deals = Deals(view, rng, reading=False)
    total_deals = budget.forced_deals if len(candidates) == 1 else budget.deals
    evaluate = Playouts(view, scratch)

    rule = Prune(budget.drop_z, budget.screen, budget.step, budget.keep, budget.early or None)
    exact = solve(view, [c.steps for c in candidates])
    if exact is not None:  # nothing hidden is left to guess: the round is solved, not sampled
        total_deals = 1
        for cand, value in zip(candidates, exact):
            cand.add(value)
    else:
        thresholds = ((ACCURATE_POINTS, 1.0), (MISTAKE_POINTS, SURE_Z), (BLUNDER_POINTS, SURE_Z))
        settled = _settled(candidates[0], budget, thresholds, True)
        paired_search(
            candidates, deals.draw, evaluate, rng, deals=total_deals, rule=rule, protect=candidates[0], settled=settled
        )
    mine = candidates[0]
    best = max(
        (c for c in candidates if len(c.results) == len(mine.results)), key=lambda c: (c.mean, c is mine)
    )
    lost = 100.0 * (best.mean - mine.mean)
    _, se, _ = paired_difference(best, mine)
    spread = 100.0 * SURE_Z * se
    checks: list[Check] = []
    if not forced and best is not mine and lost - spread >= MISTAKE_POINTS and exact is None:
        # Verify before accusing: the same two actions with the others' lays
        # read (as the hard player reads them), then played out by a stronger
        # player than the fast policy. A would-be mistake whose gap does not
        # clear 10 points beyond its own noise is an inaccuracy whatever the
        # checks say (``verdict``): it is not checked.
        pair = [Candidate(mine.steps), Candidate(best.steps)]
        for cand in pair:
            cand.prepare(view, scratch)
        # The thresholds the check can move the mark across: 25 points only
        # for a would-be blunder that holds beyond its noise (else it is a
        # mistake at most, whatever the check says).
        at_stake = ((MISTAKE_POINTS, SURE_Z),) + (((BLUNDER_POINTS, SURE_Z),) if lost - spread >= BLUNDER_POINTS else ())
        paired_search(
            pair,
            Deals(view, rng).draw,
            evaluate,
            rng,
            deals=budget.check_deals,
            rule=Prune(math.inf, budget.settle_from, budget.step),
            settled=_settled(pair[0], budget, at_stake, False),
        )
        checks.append(_check("reading lays", pair))
        if budget.strong_deals and checks[-1].lost >= MISTAKE_POINTS:
            strong = [Candidate(mine.steps), Candidate(best.steps)]

            def by_medium(cand: Candidate, deal: tuple[dict[int, int], list[int]], dice: int) -> float:
                return medium_playout(view, cand.steps, deal, dice)

            paired_search(strong, deals.draw, by_medium, rng, deals=budget.strong_deals)
            checks.append(_check("medium", strong))
    ranked = sorted(candidates, key=lambda c: (-len(c.results), -c.mean, candidates.index(c)))
    options = tuple(
        Option(as_action(c.steps), c.mean, len(c.results)) for c in [best] + [c for c in ranked if c is not best]
    )
    return Assessment(
        seat=seat,
        played=played,
        best=played if best is mine else as_action(best.steps),
        chance_played=mine.mean,
        chance_best=best.mean,
        mark=FORCED if forced else verdict(lost, spread, checks),
        options=options,
        deals=len(mine.results),
        playouts=evaluate.playouts,
        spread=spread,
        checks=tuple(checks),
    )


HINT_DEALS = 6000  # the hint's deals at most (its time budget usually ends it first)
HINT_PRUNE = Prune(2.5, 60, 30)  # the hint drops a candidate 2.5 standard errors behind the leader


def choose(
    view: SeatView, rng: random.Random, budget_s: float, deals: int = HINT_DEALS
) -> tuple[Action, list[Arm[Action]]]:
    """The action the coach rates best from ``view``, searched for about
    ``budget_s`` seconds: the same candidates, deals, playouts and exact
    endgame as ``assess``, with no action to protect, stopping once one
    candidate is left. The hint's choice, so that the review does not call
    a hint a mistake but for the noise of a short search. Returns the action
    and every candidate with its rewards (a dropped one's on the deals it saw)."""
    start = time.perf_counter()
    legal = view.legal_moves()
    if not legal:
        raise ValueError(f"seat {view.seat} is not to move in this position")
    candidates = [Candidate(s) for s in candidates_for(view, [legal[0]])]
    if len(candidates) == 1:
        return legal[0], []
    scratch = scratch_state(view)
    for cand in candidates:
        cand.prepare(view, scratch)
    exact = solve(view, [c.steps for c in candidates], start + budget_s / 2)
    if exact is not None:
        for cand, value in zip(candidates, exact):
            cand.add(value)
        active: list[Candidate] = candidates
    else:
        evaluate = Playouts(view, scratch)
        draw = Deals(view, rng, reading=False).draw
        active = paired_search(
            candidates, draw, evaluate, rng, deals=deals, rule=HINT_PRUNE, deadline=start + budget_s, until_one=True
        )
    best = max(active, key=lambda c: (c.mean, -candidates.index(c)))
    arms: list[Arm[Action]] = []
    for cand in candidates:
        arm: Arm[Action] = Arm(as_action(cand.steps))
        for result in cand.results:
            arm.add(result)
        arms.append(arm)
    return as_action(best.steps), arms


def _settled(
    mine: Candidate, budget: Budget, thresholds: Sequence[tuple[float, float]], precise: bool
) -> Callable[[list[Candidate]], bool]:
    """Whether a search about ``mine`` may stop (see ``Budget``): from
    ``budget.settle_from`` deals on, no threshold lies within its number of
    standard errors (``thresholds``: pairs of points and z) of the gap
    between any candidate and ``mine``, and, if ``precise``, the chance of
    ``mine`` is known to ``budget.precision``."""

    def settled(active: list[Candidate]) -> bool:
        if len(mine.results) < budget.settle_from:
            return False
        if precise and 100.0 * standard_error(mine) > budget.precision:
            return False
        for cand in active:
            if cand is mine:
                continue
            gap, se, _ = paired_difference(cand, mine)
            if any(abs(100.0 * gap - points) <= 100.0 * z * se for points, z in thresholds):
                return False
        return True

    return settled


def _check(name: str, pair: list[Candidate]) -> Check:
    played, best = pair
    _, se, _ = paired_difference(best, played)
    return Check(name, 100.0 * (best.mean - played.mean), 100.0 * SURE_Z * se)


__all__ = [
    "ACCURATE_POINTS",
    "Assessment",
    "BEST",
    "BLUNDER",
    "BLUNDER_POINTS",
    "Budget",
    "DEFAULT_BUDGET",
    "Deals",
    "FORCED",
    "GOOD",
    "INACCURACY",
    "Check",
    "MARKS",
    "MISTAKE",
    "MISTAKE_POINTS",
    "Option",
    "assess",
    "choose",
    "candidates_for",
    "mark_for",
    "verdict",
    "steps_of",
]
