"""The ``hard`` level: information-set Monte Carlo tree search with a paired root.

Each round of the search deals the unseen tiles afresh, consistently with all
the seat has seen (``sampling``). On that one deal, every root action still in
the running is tried, each with the same dice for the rest of the round, so the
actions are compared on equal luck (paired samples). Below each root action a
single-observer ISMCTS tree (UCB over the actions legal in the current deal,
with availability counts) picks the replies, adds one node per visit, and the
round is finished with the fast playout policy (``playout``). Each tree node
keeps the rewards of the seat that moved into it, so every seat plays for
itself; a reward is 1 for a win, 1/2 for a tied block, 0 for a loss, plus a
small pip-margin term.

Root actions that are clearly worse than the best (paired difference beyond
``PRUNE_Z`` standard errors) drop out; the search ends when one action is
left, after ``iterations`` playouts, or at the time cap. Trivial decisions are
not searched: a single legal action, or actions that all leave the same
position up to mirror images.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable

from game.ai.heuristic import Weights, special_mask
from game.ai.inference import BETA, Evidence, LayEvidence
from game.ai.knowledge import read_knowledge
from game.ai.player import legal_or_fail
from game.ai.playout import policy_for, rewards, special_tiles, weights_for
from game.ai.sampling import Sampler
from game.ai.search import Arm, Prune, paired_search
from game.ai.symmetry import distinct_moves
from game.engine import Action, RoundState, SeatView
from game.engine.fastplay import Policy, from_state, play_policy

ITERATIONS = 1200  # playouts per decision at most
EXPLORATION = 0.7
EPSILON = 0.0
MARGIN_WEIGHT = 0.05
PRUNE_Z = 2.5  # standard errors of the paired difference to drop a root action
PRUNE_MIN_DEALS = 12  # deals before any action may be dropped
PRUNE_EVERY = 4  # deals between looks at the paired differences
POOL_SHARE = 0.5  # of the budget, at most, for weighing the pool of deals (three or more players) before the search


class Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class Root:
    """A root action and the single-observer tree below it."""

    __slots__ = ("move", "node")

    def __init__(self, move: Action) -> None:
        self.move = move
        self.node = Node()


class HardPlayer:
    level = "hard"

    def __init__(
        self,
        iterations: int = ITERATIONS,
        exploration: float = EXPLORATION,
        epsilon: float = EPSILON,
        margin_weight: float = MARGIN_WEIGHT,
        weights: Weights | None = None,
        prune_z: float = PRUNE_Z,
        beta: float = BETA,
    ):
        self.iterations = iterations
        self.exploration = exploration
        self.epsilon = epsilon
        self.margin_weight = margin_weight
        self.weights = weights  # the playout policy's; None: by the number of players
        self.prune_z = prune_z
        self.beta = beta

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        return self.think(view, rng, budget_s)[0]

    def think(self, view: SeatView, rng: random.Random, budget_s: float) -> tuple[Action, list[Arm[Root]]]:
        """The action, and the root actions still in the running when the search
        stopped, with their rewards per deal (none if nothing needed a search)."""
        start = time.perf_counter()
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0], []
        moves = distinct_moves(view, moves)
        if len(moves) == 1:
            return moves[0], []
        sampler = self.sampler(view)
        sampler.deadline = start + POOL_SHARE * budget_s  # its pool of weighed deals leaves the search time
        arms = self.search(sampler.state, view.players, view.seat, moves, rng, start + budget_s)
        best = max(arms, key=lambda a: (a.mean, -moves.index(a.item.move)))
        return best.item.move, arms

    def sampler(self, view: SeatView) -> Sampler:
        """Deals for ``view``, weighed by the lays the others chose: as whole
        lays with three or more players, by their tiles alone with two."""
        special = special_mask(view)
        if view.players == 2:
            knowledge = read_knowledge(view)
            return Sampler(view, knowledge, Evidence(knowledge, special, self.beta))
        knowledge = read_knowledge(view, options=True)
        every = sum(1 << t for t in view.rules.all_tiles)
        return Sampler(view, knowledge, LayEvidence(knowledge, special, view.players, every))

    def search(
        self,
        deal: Callable[[random.Random], RoundState],
        players: int,
        seat: int,
        moves: list[Action],
        rng: random.Random,
        deadline: float,
    ) -> list[Arm[Root]]:
        """The root actions still in the running when the search stops (``search.paired_search``:
        each deal (``deal(rng)``, a sampler's) evaluated by one ISMCTS visit below every root
        action, with the same dice)."""
        weights = self.weights or weights_for(players)
        policies: list[Policy] = []

        def evaluate(arm: Arm[Root], deal: RoundState, dice: int) -> float:
            if not policies:
                policies.append(policy_for(special_tiles(deal), weights, self.epsilon))
            state = deal.copy()
            state.push_unchecked(arm.item.move)
            return self.descend(arm.item.node, state, policies[0], random.Random(dice))[seat]

        arms = [Arm(Root(m)) for m in moves]
        rule = Prune(self.prune_z, PRUNE_MIN_DEALS, PRUNE_EVERY)
        return paired_search(
            arms,
            deal,
            evaluate,
            rng,
            deals=self.iterations,
            rule=rule,
            evaluations=self.iterations,
            deadline=deadline,
            until_one=True,
        )

    def descend(
        self, node: Node, state: RoundState, policy: Policy, rng: random.Random
    ) -> list[float]:
        """One ISMCTS visit below a root action: select, expand one node, play out, back up."""
        path: list[tuple[Node, int]] = []
        expanded = False
        node.visits += 1
        while not state.over and not expanded:
            seat = state.current
            assert seat is not None
            legal = state.legal_moves()
            children = node.children
            if len(legal) == 1:
                move = legal[0]
                child = children.get(move)
                if child is None:
                    child = children[move] = Node()
                    expanded = True
            else:
                untried = [m for m in legal if m not in children]
                if untried:
                    move = untried[rng.randrange(len(untried))]
                    child = children[move] = Node()
                    expanded = True
                else:
                    move = self._select(node, legal)
                    child = children[move]
                for m in legal:
                    if m in children:
                        children[m].avail += 1
            state.push_unchecked(move)
            path.append((child, seat))
            node = child
        outcome = state.outcome
        if outcome is None:
            end, winner, pips, _ = play_policy(from_state(state), rng, policy)
        else:
            end, winner, pips = outcome.end, outcome.winner, outcome.pips
        result = rewards(state.players, end, winner, pips, self.margin_weight)
        for child, seat in path:
            child.visits += 1
            child.reward += result[seat]
        return result

    def _select(self, node: Node, legal: list[Action]) -> Action:
        best = legal[0]
        best_value = -1e9
        c = self.exploration
        for m in legal:
            child = node.children[m]
            value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = m, value
        return best
