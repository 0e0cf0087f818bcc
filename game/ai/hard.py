"""The ``hard`` level: information-set Monte Carlo tree search.

Each iteration deals the unseen tiles afresh, consistently with all the seat has
seen (``sampling``), walks one shared tree of actions with UCB over the actions
legal in that deal (single-observer ISMCTS, with availability counts), adds one
node, and finishes the round with the fast playout policy. Each node keeps the
rewards of the seat that moved into it, so every seat plays for itself. The
action visited most at the root is played.

Trivial decisions are not searched: a single legal action, or actions that all
leave the same position up to mirror images. The search stops after
``iterations`` iterations, at the time cap, or as soon as the leader can no
longer be caught.
"""

from __future__ import annotations

import math
import random
import time

from game.ai.knowledge import read_knowledge
from game.ai.player import legal_or_fail
from game.ai.playout import play_out, rewards, special_tiles
from game.ai.sampling import Sampler
from game.ai.symmetry import distinct_moves
from game.engine import Action, RoundState, SeatView

ITERATIONS = 1200
EXPLORATION = 0.7
EPSILON = 0.1
MARGIN_WEIGHT = 0.05
CLOCK_EVERY = 8  # iterations between looks at the clock


class Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class HardPlayer:
    level = "hard"

    def __init__(
        self,
        iterations: int = ITERATIONS,
        exploration: float = EXPLORATION,
        epsilon: float = EPSILON,
        margin_weight: float = MARGIN_WEIGHT,
    ):
        self.iterations = iterations
        self.exploration = exploration
        self.epsilon = epsilon
        self.margin_weight = margin_weight

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        start = time.perf_counter()
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        sampler = Sampler(view, read_knowledge(view))
        moves = distinct_moves(view, moves)
        if len(moves) == 1:
            return moves[0]
        root = self.search(sampler, moves, rng, start + budget_s)
        return max(moves, key=lambda m: _rank(root.children.get(m)))

    def search(self, sampler: Sampler, moves: list[Action], rng: random.Random, deadline: float) -> Node:
        root = Node()
        allowed = set(moves)
        special = special_tiles(sampler.view.determinize(*sampler.deal(rng)))
        for i in range(self.iterations):
            if i % CLOCK_EVERY == 0 and i and (time.perf_counter() > deadline or _settled(root, self.iterations - i)):
                break
            self.iterate(root, sampler.state(rng), allowed, special, rng)
        return root

    def iterate(self, root: Node, state: RoundState, allowed: set[Action], special: int, rng: random.Random) -> None:
        path: list[tuple[Node, int]] = []
        node = root
        expanded = False
        while not state.over and not expanded:
            seat = state.current
            assert seat is not None
            legal = state.legal_moves()
            if node is root:
                legal = [m for m in legal if m in allowed]
            children = node.children
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
        play_out(state, rng, self.epsilon, special)
        result = rewards(state, self.margin_weight)
        for child, seat in path:
            child.visits += 1
            child.reward += result[seat]

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


def _rank(node: Node | None) -> tuple[int, float]:
    if node is None or node.visits == 0:
        return (0, 0.0)
    return (node.visits, node.reward / node.visits)


def _settled(root: Node, left: int) -> bool:
    """True when no other root action can catch up with the most visited one."""
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    return len(visits) >= 2 and visits[0] - visits[1] > left
