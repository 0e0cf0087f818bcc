"""A match: rounds dealt from one seed, running totals, and the match's end."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.engine.actions import Action
from game.engine.errors import IllegalMoveError
from game.engine.rules import Rules
from game.engine.seal import Seal, deal_from_seed, round_seed
from game.engine.state import Opening, RoundOutcome, RoundState, SeatView
from game.engine.tiles import Tile

HUMAN, COMPUTER = "human", "computer"


@dataclass(frozen=True)
class PlayerInfo:
    """A seat: a person's name, or a computer player of some level (an id of
    ``game.ai.levels``: the engine keeps it and never reads it)."""

    name: str
    kind: str = HUMAN
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def deal(rules: Rules, seed: int, round_index: int) -> tuple[list[list[Tile]], list[Tile]]:
    """The deal of round ``round_index`` of a match with ``seed``: reproducible,
    made from the round's deal seed (``game.engine.seal``)."""
    return deal_from_seed(rules, round_seed(seed, round_index))


def opening_after(rules: Rules, previous: RoundState | None) -> Opening:
    """How the next round opens, given the last round that was played out."""
    if previous is None or previous.outcome is None or rules.next_lead == "as-first":
        return Opening(rules.lead)
    outcome = previous.outcome
    tied = outcome.winner is None
    leader = outcome.leader if outcome.leader is not None else 0
    if rules.next_lead == "loser-double-not-blank":
        seat = leader if tied else (outcome.winner + 1) % rules.players  # type: ignore[operator]
    else:  # winner-any-tile, winner-double-not-blank
        seat = leader if tied else outcome.winner  # type: ignore[assignment]
    return Opening(rules.next_lead, seat)


def match_result(
    rules: Rules, totals: Sequence[int], rounds_played: int, last_round: RoundOutcome | None = None
) -> tuple[bool, int | str | None]:
    """(over, winner) for the totals after ``rounds_played`` complete rounds.

    With ``target_score`` null the match is one round, and its winner is the winner
    of that round (``last_round``; a round without a winner draws the match), even
    one who scored nothing (a domino against a lone 0-0). Without ``last_round``
    the totals decide.
    """
    if rounds_played == 0:
        return False, None
    target = rules.target_score
    if target is None and last_round is not None:
        return True, last_round.winner if last_round.winner is not None else "draw"
    if target is not None and max(totals) < target:
        return False, None
    best = max(totals) if rules.match_end == "first-to-target-wins" else min(totals)
    holders = [s for s, t in enumerate(totals) if t == best]
    return True, holders[0] if len(holders) == 1 else "draw"


class Match:
    """Rounds of one rule set between the same seats, until the match ends."""

    def __init__(self, rules: Rules, players: Sequence[PlayerInfo], seed: int | None = None):
        if len(players) != rules.players:
            raise ValueError(f"the rules are for {rules.players} players, not {len(players)}")
        self.rules = rules
        self.players = list(players)
        # 63 random bits unless given: the round's secrets come from it, so a
        # commitment cannot be worked back to its deal by trying seeds.
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.rounds: list[RoundState] = []
        # Per round: its deal's commitment (and secrets), or None for a round
        # dealt by hand (a lesson, a test) or read from a record without one.
        self.seals: list[Seal | None] = []
        self.totals = [0] * rules.players
        self.over = False
        self.winner: int | str | None = None
        # A move was taken back, or a hint asked for: the match is "assisted" (the
        # statistics count it apart; the record keeps the flag).
        self.assisted = False

    # Rounds -----------------------------------------------------------------
    @property
    def round(self) -> RoundState:
        """The round being played (start one with ``next_round``)."""
        if not self.rounds:
            self.next_round()
        return self.rounds[-1]

    @property
    def round_index(self) -> int:
        return len(self.rounds) - 1

    @property
    def completed_rounds(self) -> list[RoundState]:
        return [r for r in self.rounds if r.outcome is not None and r.outcome.end != "redeal"]

    @property
    def needs_next_round(self) -> bool:
        return not self.over and (not self.rounds or self.rounds[-1].over)

    def next_round(
        self,
        hands: Sequence[Sequence[Tile]] | None = None,
        boneyard: Sequence[Tile] | None = None,
        seal: Seal | None = None,
    ) -> RoundState:
        """Deal the next round: from the seed, committed to (``seals``), unless
        ``hands`` and ``boneyard`` are given (then ``seal`` is the commitment
        that came with them, if any)."""
        if self.over:
            raise IllegalMoveError("match-over")
        if self.rounds and not self.rounds[-1].over:
            raise IllegalMoveError("round-not-over")
        if hands is None or boneyard is None:
            seal = Seal.of(self.seed, len(self.rounds))
            assert seal.seed is not None
            hands, boneyard = deal_from_seed(self.rules, seal.seed)
        played = self.completed_rounds
        opening = opening_after(self.rules, played[-1] if played else None)
        state = RoundState(self.rules, hands, boneyard, opening)
        self.rounds.append(state)
        self.seals.append(seal)
        self._settle(state)
        return state

    def seal(self, round_index: int) -> Seal | None:
        """The commitment of round ``round_index``'s deal (None: dealt by hand)."""
        return self.seals[round_index] if 0 <= round_index < len(self.seals) else None

    def push(self, action: Action) -> None:
        """Play ``action`` in the current round (checked by the engine)."""
        state = self.round
        state.push(action)
        self._settle(state)

    def take_back(self) -> Action:
        """Undo the last action of the round in play and return it.

        The deal is untouched: a tile drawn goes back to the front of the
        boneyard, so the match stays the one its seed and record describe.
        A finished round is final (its scores are counted).
        """
        state = self.round
        if state.over:
            raise IllegalMoveError("round-over-final")
        if not state.history:
            raise IllegalMoveError("nothing-to-take-back")
        return state.pop()

    def _settle(self, state: RoundState) -> None:
        outcome = state.outcome
        if outcome is None or outcome.end == "redeal":
            return
        for seat, score in enumerate(outcome.scores):
            self.totals[seat] += score
        self.over, self.winner = match_result(self.rules, self.totals, len(self.completed_rounds), outcome)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of the current round, with the match totals."""
        return SeatView.of(self.round, seat, self.totals)
