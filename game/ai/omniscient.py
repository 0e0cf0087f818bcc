"""The ``omniscient`` player: the ceiling, not a level anyone plays against.

It sees every hand (never the order of the tiles left to draw, which nobody
knows: each deal it searches shuffles them), so it measures how much a seat
could gain from knowing the hidden tiles. The ladder rates it
(``python -m game ladder``) to say how much of the gap from medium to it the
strongest fair level recovers (docs/ai.md). The registry marks it
``sees_all`` and ``offered=False``: it is in no seat's list, no network
table's kinds and none of the fairness tests' levels, and only the
tournament's games (``game.ai.tournament.play_match``) hand it the whole
round, through ``choose_seeing``; its ``choose``, given a seat's view, refuses.

With two players, once nothing more can be drawn the round is a game of
perfect information and it is solved exactly (``endgame.Solver``, within a
share of the budget). Elsewhere it runs hard's paired-root search
(``game.ai.hard``) on deals with the true hands and a fresh shuffle of the
boneyard, with fewer playouts than hard (``ITERATIONS``: the true hands
leave only the draws to chance; a ceiling found cheaply, which a longer
search could only raise).
"""

from __future__ import annotations

import random
import time

from game.ai.endgame import Solver, TooDeep
from game.ai.expert import SOLVE_SHARE
from game.ai.hard import HardPlayer
from game.ai.symmetry import distinct_moves
from game.engine import Action, RoundState, SeatView
from game.engine.tiles import hand_tiles


ITERATIONS = 800  # playouts per decision at most: the true hands leave only the draws to chance


class OmniscientPlayer(HardPlayer):
    level = "omniscient"

    def __init__(self, iterations: int = ITERATIONS):
        super().__init__(iterations=iterations)

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        raise ValueError("the omniscient player sees every hand: it plays only in the ladder's games (choose_seeing)")

    def choose_seeing(self, state: RoundState, seat: int, rng: random.Random, budget_s: float) -> Action:
        """One legal action for ``seat`` (the seat to move) in the whole round ``state``."""
        start = time.perf_counter()
        view = state.view(seat)
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        moves = distinct_moves(view, moves)
        if len(moves) == 1:
            return moves[0]
        if state.players == 2 and state.phase == "play" and view.drawable <= 0:
            solver = Solver(seat, deadline=start + SOLVE_SHARE * budget_s)
            try:
                values = []
                for move in moves:
                    after = state.copy()
                    after.push_unchecked(move)
                    values.append(solver.value(after))
                return moves[max(range(len(moves)), key=lambda i: (values[i], -i))]
            except TooDeep:
                pass
        hands = {s: hand_tiles(state.hands[s]) for s in range(state.players) if s != seat}
        left = list(state.boneyard[state.drawn :])

        def deal(rng: random.Random) -> RoundState:
            order = list(left)
            rng.shuffle(order)
            return view.determinize(hands, order)

        arms = self.search(deal, state.players, seat, moves, rng, start + budget_s)
        return max(arms, key=lambda a: (a.mean, -moves.index(a.item.move))).item.move
