"""The coach's candidates and how a deal is played out after each.

``steps_of`` reads an action as the legal steps it is made of; ``candidates_for``
lists the distinct actions to compare (mirror images merged); ``Candidate``
holds one, prepared once per decision; ``Deals`` samples the hidden tiles as
the fast kernel wants them; ``Playouts`` plays a deal out after a candidate
with the playout policy, and ``medium_playout`` with the medium player for
every seat (a re-check). No pygame here.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.hard import HardPlayer
from game.ai.heuristic import scratch_state, special_mask
from game.ai.knowledge import read_knowledge
from game.ai.medium import MediumPlayer
from game.ai.playout import policy_for, weights_for
from game.ai.sampling import Sampler
from game.ai.search import Arm, win_share
from game.ai.symmetry import position_key
from game.engine import Action, RoundState, SeatView
from game.engine.fastplay import FastRound, Policy, from_state, play_policy, tables
from game.engine.tiles import hand_tiles
from game.i18n import _
from game.words.refusals import refusal_text

_MEDIUM = MediumPlayer()


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


def same_position(view: SeatView, first: Action, second: Action) -> bool:
    """Whether two actions of the seat of ``view`` leave the same position (one
    action, or two lays that mirror each other, as ``candidates_for`` merges them)."""
    if first == second:
        return True
    if first.kind != "lay" or second.kind != "lay":
        return False
    state = scratch_state(view)
    keys = []
    for move in (first, second):
        state.push_unchecked(move)
        keys.append(position_key(state, view.seat))
        state.pop()
    return keys[0] == keys[1]


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


class Candidate(Arm[list[Action]]):
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
    """How one deal is played out after a candidate (``Candidate``), for the
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

    def __call__(self, cand: Candidate, deal: tuple[dict[int, int], list[int]], dice: int) -> float:
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
        return generic_playout(self.view, cand.steps, hidden, boneyard, dice, self.policy)


def medium_playout(view: SeatView, steps: list[Action], deal: tuple[dict[int, int], list[int]], dice: int) -> float:
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


def generic_playout(
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


def as_action(steps: list[Action]) -> Action:
    if len(steps) > 1:
        return Action.draw(len(steps))
    return steps[0]


__all__ = ["Candidate", "Deals", "Playouts", "as_action", "candidates_for", "generic_playout", "medium_playout", "same_position", "steps_of"]
