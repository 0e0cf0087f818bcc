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
from typing import Any, Callable, Sequence

from game.ai.hard import HardPlayer
from game.ai.heuristic import scratch_state, special_mask
from game.ai.playout import policy_for, weights_for
from game.ai.knowledge import read_knowledge
from game.ai.medium import MediumPlayer
from game.ai.sampling import Sampler
from game.ai.search import SURE_Z, Arm, Prune, paired_difference, paired_search, standard_error, win_share
from game.ai.symmetry import position_key
from game.engine import Action, RoundState, SeatView
from game.engine.fastplay import FastRound, Policy, from_state, play_policy, tables
from game.engine.tiles import hand_tiles
from game.i18n import _
from game.words.refusals import refusal_text

FORCED, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "forced", "best", "good", "inaccuracy", "mistake", "blunder"
MARKS = (FORCED, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
# One scale of points of winning chance lost, named the same everywhere (the review's
# card and summary, `game review`, docs/coach.md): best 0, good under 3 (an accurate
# choice), an inaccuracy from 3, a mistake from 10, a blunder from 25 (a mistake or
# blunder only if it holds beyond the estimate's noise: an inaccuracy otherwise).
ACCURATE_POINTS = 3.0  # a choice within this many points of the best is good (accurate)
MISTAKE_POINTS = 10.0  # points of winning chance lost that make a mistake
BLUNDER_POINTS = 25.0
_MEDIUM = MediumPlayer()


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


@dataclass(frozen=True)
class Option:
    """One candidate action: its estimated chance and the deals it rests on."""

    action: Action
    chance: float
    deals: int


@dataclass(frozen=True)
class Check:
    """A re-check of a would-be mistake: how the gap between the best action and
    the one played came out (``lost``, points) and its ``spread`` (two standard
    errors), evaluated another way (``name``: "reading lays", "medium")."""

    name: str
    lost: float
    spread: float


@dataclass(frozen=True)
class Assessment:
    """The coach's view of one decision (chances are between 0 and 1)."""

    seat: int
    played: Action
    best: Action
    chance_played: float
    chance_best: float
    mark: str
    options: tuple[Option, ...]  # every distinct candidate, the best first; the played one included
    deals: int  # deals the played action was played out on
    playouts: int
    spread: float = 0.0  # points: two standard errors of the paired difference best - played
    checks: tuple[Check, ...] = ()  # the re-checks a would-be mistake went through

    @property
    def lost(self) -> float:
        """Points of winning chance (0 to 100) the action played gave up."""
        return max(0.0, 100.0 * (self.chance_best - self.chance_played))

    @property
    def forced(self) -> bool:
        return self.mark == FORCED

    @property
    def accurate(self) -> bool:
        """Within ``ACCURATE_POINTS`` of the best: marked best or good (or forced)."""
        return self.lost < ACCURATE_POINTS


def verdict(lost: float, spread: float, checks: Sequence[Check] = ()) -> str:
    """The mark for a choice that lost ``lost`` points (± ``spread``) by the
    coach's estimate, after ``checks``. A mistake (or blunder) must hold
    beyond the noise of the estimate (``lost - spread`` clears its threshold)
    and no check may refute it (each check's gap, plus its own spread, reaches
    the threshold too); one that does not is marked a step lower, down to
    "inaccuracy" for a would-be mistake."""

    def holds(threshold: float) -> bool:
        return lost - spread >= threshold and all(c.lost + c.spread >= threshold for c in checks)

    mark = mark_for(lost)
    if mark == BLUNDER and not holds(BLUNDER_POINTS):
        mark = MISTAKE
    if mark == MISTAKE and not holds(MISTAKE_POINTS):
        mark = INACCURACY
    return mark


def mark_for(lost_points: float, forced: bool = False) -> str:
    """The mark for an action that lost ``lost_points`` (0 to 100) of winning chance."""
    if forced:
        return FORCED
    if lost_points >= BLUNDER_POINTS:
        return BLUNDER
    if lost_points >= MISTAKE_POINTS:
        return MISTAKE
    if lost_points >= ACCURATE_POINTS:
        return INACCURACY
    if lost_points > 0.0:
        return GOOD
    return BEST


def steps_of(view: SeatView, action: Action) -> list[Action]:
    """``action`` as the legal actions it is made of, one at a time: a record's
    ``draw`` of several tiles is that many draws, and a lead written with its
    lower half facing W is the same lead as the engine lists it. ``ValueError``
    if the action is not legal for the view's seat now."""
    legal = view.legal_moves()
    if not legal:
        raise ValueError(f"seat {view.seat} is not to move in this position")
    if action in legal:
        return [action]
    if action.kind == "draw" and action.count > 1 and Action("draw") in legal:
        return [Action("draw")] * action.count
    if action.kind == "lay" and action.arm is None:
        for move in legal:
            if move.kind == "lay" and move.arm is None and move.tile == action.tile:
                return [move]
    refusal = view.explain(action)
    reason = refusal_text(refusal) if refusal is not None else _("it is not one of the legal actions")
    raise ValueError(f"{action} cannot be played here: {reason}")


def candidates_for(view: SeatView, played: list[Action]) -> list[list[Action]]:
    """The actions to compare, each as its steps: the one played first, then
    every legal action that leaves a different position (mirror images of a
    line, say, are one candidate)."""
    legal = view.legal_moves()
    found = [played]
    state = scratch_state(view)

    def key(move: Action) -> Any:
        if move.kind != "lay":
            return ("not a lay", move)
        state.push_unchecked(move)
        k = position_key(state, view.seat)
        state.pop()
        return k

    seen = {key(played[0])} if len(played) == 1 else set()
    for move in legal:
        k = key(move)
        if k in seen:
            continue
        seen.add(k)
        found.append([move])
    return found


class Deals:
    """Deals of the unseen tiles consistent with one view, as the hard player
    samples them (``HardPlayer.sampler``: the certain knowledge, and the lays of
    the others weighed by sampling importance resampling), in the fast form:
    per other seat its hidden hand as a mask, and the boneyard still to be
    drawn as tile bits in drawing order. Only the kept deal's boneyard is
    shuffled; when the lays weigh every deal alike, no resampling is done."""

    PROBE = 64  # placements weighed to see whether the lays tell deals apart

    def __init__(self, view: SeatView, rng: random.Random, reading: bool = True):
        self.sampler = HardPlayer().sampler(view) if reading else Sampler(view, read_knowledge(view))
        evidence = self.sampler.evidence
        self.resample = evidence is not None and not evidence.pool
        if evidence is not None and self.resample:
            weights = [evidence.weight(self.sampler.placed(rng)[0]) for _ in range(self.PROBE)]
            if max(weights) - min(weights) <= 1e-12 * max(weights):
                self.resample = False

    def draw(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        sampler = self.sampler
        evidence = sampler.evidence
        if evidence is not None and evidence.pool:
            hands, boneyard = sampler.deal(rng)
            return {s: sum(1 << t for t in tiles) for s, tiles in hands.items()}, [1 << t for t in boneyard]
        if self.resample:
            assert evidence is not None
            options = [sampler.placed(rng) for _ in range(evidence.candidates)]
            weights = [evidence.weight(p) for p, _ in options]
            if not sum(weights) > 0:
                weights = [1.0] * len(options)
            placed, left = rng.choices(options, weights)[0]
        else:
            placed, left = sampler.placed(rng)
        masks: dict[int, int] = {}
        for seat, tile, _ in placed:
            masks[seat] = masks.get(seat, 0) | 1 << tile
        boneyard = [1 << t for t in hand_tiles(left)]
        rng.shuffle(boneyard)
        return masks, boneyard


class _Candidate(Arm[list[Action]]):
    """One candidate action: its steps (``item``), how a deal is played out
    after it, and its result on every deal it was tried on."""

    __slots__ = ("template", "fixed", "blocked", "draws", "generic", "own")

    def __init__(self, steps: list[Action]):
        super().__init__(steps)
        self.template: FastRound | None = None  # the position after the action, hidden tiles to fill in
        self.fixed: float | None = None  # the round is over, whatever the hidden tiles
        self.blocked = False  # the action blocks the round: the hidden hands decide who wins
        self.draws = 0  # tiles the action draws (from the front of the deal's boneyard)
        self.generic = False  # played out on a full RoundState (a draw for the lead's double)
        self.own = 0  # the seat's hand after the action

    @property
    def steps(self) -> list[Action]:
        return self.item

    def prepare(self, view: SeatView, scratch: RoundState) -> None:
        """Play the action on a copy of ``scratch`` (the view with its hidden
        tiles filled in at random and never read) and keep what does not depend
        on those tiles."""
        state = scratch.copy()
        for step in self.steps:
            if step.kind == "draw" and state.phase == "lead" and state.lead_kind == "draw-for-double":
                self.generic = True  # who leads depends on the tile drawn
                return
            state.push_unchecked(step)
        self.draws = sum(step.count for step in self.steps if step.kind == "draw")
        self.own = state.hands[view.seat]
        outcome = state.outcome
        if outcome is None:
            self.template = from_state(state)
        elif outcome.end == "blocked":
            self.blocked = True
        else:  # a domino by this seat, or a redeal
            self.fixed = win_share(outcome.end, outcome.winner, outcome.pips, view.seat)


class Playouts:
    """How one deal is played out after a candidate (``_Candidate``), for the
    seat of ``view``: the prepared position with the deal's hidden hands and
    boneyard filled in, finished by the playout policy; the seat's reward
    (``win_share``). ``playouts`` counts the policy playouts."""

    def __init__(self, view: SeatView, scratch: RoundState):
        self.view = view
        self.seat = view.seat
        self.tables = tables(view.rules)
        self.policy = policy_for(special_mask(view), weights_for(view.players))
        self.own = view.hand_mask
        self.prefix = [0] * (len(scratch.boneyard) - scratch.boneyard_count)  # tiles drawn before now
        self.playouts = 0

    def __call__(self, cand: _Candidate, deal: tuple[dict[int, int], list[int]], dice: int) -> float:
        hidden, boneyard = deal
        seat = self.seat
        if cand.fixed is not None:
            return cand.fixed
        if cand.template is not None:
            fr = cand.template.copy()
            hands = fr.hands
            for other, mask in hidden.items():
                hands[other] = mask
            if cand.draws:
                drawn = self.own
                for bit in boneyard[: cand.draws]:
                    drawn |= bit
                hands[seat] = drawn
            fr.boneyard = self.prefix + boneyard
            end, winner, pips, _ = play_policy(fr, random.Random(dice), self.policy)
            self.playouts += 1
            return win_share(end, winner, pips, seat)
        if cand.blocked:
            hands_now = [cand.own if s == seat else hidden.get(s, 0) for s in range(self.view.players)]
            end, winner, pips, _ = self.tables.outcome("blocked", None, hands_now)
            return win_share(end, winner, pips, seat)
        self.playouts += 1
        return _generic(self.view, cand.steps, hidden, boneyard, dice, self.policy)


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
    candidates = [_Candidate(s) for s in candidates_for(view, steps)]
    if forced:
        candidates = candidates[:1]
    scratch = scratch_state(view)
    for cand in candidates:
        cand.prepare(view, scratch)
    deals = Deals(view, rng, reading=False)
    total_deals = budget.forced_deals if len(candidates) == 1 else budget.deals
    evaluate = Playouts(view, scratch)

    rule = Prune(budget.drop_z, budget.screen, budget.step, budget.keep, budget.early or None)
    exact = _solved(view, candidates)
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
        pair = [_Candidate(mine.steps), _Candidate(best.steps)]
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
            strong = [_Candidate(mine.steps), _Candidate(best.steps)]

            def by_medium(cand: _Candidate, deal: tuple[dict[int, int], list[int]], dice: int) -> float:
                return _medium_playout(view, cand.steps, deal, dice)

            paired_search(strong, deals.draw, by_medium, rng, deals=budget.strong_deals)
            checks.append(_check("medium", strong))
    ranked = sorted(candidates, key=lambda c: (-len(c.results), -c.mean, candidates.index(c)))
    options = tuple(
        Option(_as_action(c.steps), c.mean, len(c.results)) for c in [best] + [c for c in ranked if c is not best]
    )
    return Assessment(
        seat=seat,
        played=played,
        best=played if best is mine else _as_action(best.steps),
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
    candidates = [_Candidate(s) for s in candidates_for(view, [legal[0]])]
    if len(candidates) == 1:
        return legal[0], []
    scratch = scratch_state(view)
    for cand in candidates:
        cand.prepare(view, scratch)
    exact = _solved(view, candidates, start + budget_s / 2)
    if exact is not None:
        for cand, value in zip(candidates, exact):
            cand.add(value)
        active: list[_Candidate] = candidates
    else:
        evaluate = Playouts(view, scratch)
        draw = Deals(view, rng, reading=False).draw
        active = paired_search(
            candidates, draw, evaluate, rng, deals=deals, rule=HINT_PRUNE, deadline=start + budget_s, until_one=True
        )
    best = max(active, key=lambda c: (c.mean, -candidates.index(c)))
    arms: list[Arm[Action]] = []
    for cand in candidates:
        arm: Arm[Action] = Arm(_as_action(cand.steps))
        for result in cand.results:
            arm.add(result)
        arms.append(arm)
    return _as_action(best.steps), arms


def _settled(
    mine: _Candidate, budget: Budget, thresholds: Sequence[tuple[float, float]], precise: bool
) -> Callable[[list[_Candidate]], bool]:
    """Whether a search about ``mine`` may stop (see ``Budget``): from
    ``budget.settle_from`` deals on, no threshold lies within its number of
    standard errors (``thresholds``: pairs of points and z) of the gap
    between any candidate and ``mine``, and, if ``precise``, the chance of
    ``mine`` is known to ``budget.precision``."""

    def settled(active: list[_Candidate]) -> bool:
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


SOLVE_NODES = 40000  # positions an exact endgame search may visit before it gives up


def _solved(view: SeatView, candidates: list[_Candidate], deadline: float | None = None) -> list[float] | None:
    """With two players and no boneyard left, the other hand is known: each
    candidate's exact worth with best play by both seats (a minimax over the
    round's reward), or None if that takes more than ``SOLVE_NODES`` positions
    or goes past ``deadline`` (``time.perf_counter()``)."""
    if view.players != 2 or view.boneyard_count != 0 or view.phase != "play":
        return None
    other = 1 - view.seat
    state = view.determinize({other: view.unseen()}, [])
    seat = view.seat
    memo: dict[Any, float] = {}
    budget = [SOLVE_NODES]

    def value(s: RoundState) -> float:
        outcome = s.outcome
        if outcome is not None:
            return win_share(outcome.end, outcome.winner, outcome.pips, seat)
        key = s.key()
        found = memo.get(key)
        if found is not None:
            return found
        budget[0] -= 1
        if budget[0] < 0 or (deadline is not None and budget[0] % 1000 == 0 and time.perf_counter() > deadline):
            raise _TooDeep
        results = []
        for move in s.legal_moves():
            s.push_unchecked(move)
            results.append(value(s))
            s.pop()
        found = max(results) if s.current_player == seat else min(results)
        memo[key] = found
        return found

    values = []
    try:
        for cand in candidates:
            s = state.copy()
            for step in cand.steps:
                s.push_unchecked(step)
            values.append(value(s))
    except _TooDeep:
        return None
    return values


class _TooDeep(Exception):
    """The endgame search ran out of positions."""


def _check(name: str, pair: list[_Candidate]) -> Check:
    played, best = pair
    _, se, _ = paired_difference(best, played)
    return Check(name, 100.0 * (best.mean - played.mean), 100.0 * SURE_Z * se)


def _medium_playout(view: SeatView, steps: list[Action], deal: tuple[dict[int, int], list[int]], dice: int) -> float:
    """One deal played out with the medium player for every seat, after ``steps``."""
    hidden, boneyard = deal
    hands = {s: hand_tiles(m) for s, m in hidden.items()}
    state = view.determinize(hands, [bit.bit_length() - 1 for bit in boneyard])
    for step in steps:
        state.push_unchecked(step)
    rng = random.Random(dice)
    while state.outcome is None:
        moves = state.legal_moves()
        seat = state.current
        assert seat is not None
        move = moves[0] if len(moves) == 1 else _MEDIUM.choose(state.view(seat), rng, 0.0)
        state.push_unchecked(move)
    outcome = state.outcome
    return win_share(outcome.end, outcome.winner, outcome.pips, view.seat)


def _generic(
    view: SeatView,
    steps: list[Action],
    hidden: dict[int, int],
    boneyard: list[int],
    dice: int,
    policy: Policy,
) -> float:
    """One deal played out the slow, sure way: the full position, the action
    pushed on it, then the fast policy."""
    hands = {s: hand_tiles(m) for s, m in hidden.items()}
    state = view.determinize(hands, [bit.bit_length() - 1 for bit in boneyard])
    for step in steps:
        state.push_unchecked(step)
    outcome = state.outcome
    if outcome is not None:
        return win_share(outcome.end, outcome.winner, outcome.pips, view.seat)
    end, winner, pips, _ = play_policy(from_state(state), random.Random(dice), policy)
    return win_share(end, winner, pips, view.seat)


def _as_action(steps: list[Action]) -> Action:
    if len(steps) > 1:
        return Action.draw(len(steps))
    return steps[0]


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
