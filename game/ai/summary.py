"""A reviewed seat's decisions and their tally: marks, accuracy, the error rate,
the luck of the deal and the draws; and the stored form of a review's
decisions (``stored``/``restored``: a review kept with its match opens at
once). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.marks import BLUNDER, FORCED, INACCURACY, MARKS, MISTAKE, Assessment, Check, Option
from game.ai.search import win_share
from game.engine import Action, Match, Rules, action_from_json
from game.engine.record import action_to_json


@dataclass(frozen=True)
class Decision:
    """The coach's verdict on one action."""

    round: int
    action: int
    assessment: Assessment
    reason: str | None  # why the better action was better; None if the action played was the best

    @property
    def played(self) -> Action:
        return self.assessment.played

    @property
    def best(self) -> Action:
        return self.assessment.best

    @property
    def mark(self) -> str:
        return self.assessment.mark

    @property
    def chance_played(self) -> float:
        return self.assessment.chance_played

    @property
    def chance_best(self) -> float:
        return self.assessment.chance_best

    @property
    def lost(self) -> float:
        """Points of winning chance (0 to 100) given up."""
        return self.assessment.lost

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "action": self.action,
            "played": str(self.played),
            "best": str(self.best),
            "chance_played": round(self.chance_played, 4),
            "chance_best": round(self.chance_best, 4),
            "mark": self.mark,
            "spread": round(self.assessment.spread / 100.0, 4),
            "checks": [
                {"by": c.name, "lost": round(c.lost / 100.0, 4), "spread": round(c.spread / 100.0, 4)}
                for c in self.assessment.checks
            ],
        }


@dataclass(frozen=True)
class Luck:
    """Points of winning chance the deal and the draws gave a seat (``Summary.luck``):
    ``draws`` holds (round, action, points) per draw; ``adjusted`` is the result
    (100 for a win) less the luck."""

    deal: float
    draws: tuple[tuple[int, int, float], ...]
    total: float
    adjusted: float | None


@dataclass(frozen=True)
class Summary:
    """A reviewed seat's decisions (in match order) and their tally."""

    seat: int
    decisions: tuple[Decision, ...]
    players: int = 2

    @property
    def choices(self) -> list[Decision]:
        """The decisions that were not forced."""
        return [d for d in self.decisions if d.mark != FORCED]

    @property
    def inaccuracies(self) -> int:
        return sum(1 for d in self.decisions if d.mark == INACCURACY)

    @property
    def mistakes(self) -> int:
        return sum(1 for d in self.decisions if d.mark == MISTAKE)

    @property
    def blunders(self) -> int:
        return sum(1 for d in self.decisions if d.mark == BLUNDER)

    def biggest(self, count: int = 3) -> list[Decision]:
        """The marked choices (inaccuracies, mistakes, blunders) that lost the most, biggest first."""
        marked = [d for d in self.decisions if d.mark in (INACCURACY, MISTAKE, BLUNDER)]
        return sorted(marked, key=lambda d: (-d.lost, d.round, d.action))[:count]

    def luck(self, result: float | None = None) -> Luck:
        """How much the deal and each draw moved the seat's chance, from its view:
        the chance after a draw (the best at its next decision, in the same turn)
        less the chance of drawing (the chance expected before the tile is seen);
        the deal's share is the chance at the seat's first decision less an even
        share. ``result``: the round's worth to the seat (1, 0, a share), for the
        luck-adjusted result."""
        decisions = self.decisions
        draws: list[tuple[int, int, float]] = []
        for d, after in zip(decisions, decisions[1:]):
            if d.played.kind == "draw" and after.round == d.round and after.action == d.action + 1:
                draws.append((d.round, d.action, 100.0 * (after.chance_best - d.chance_played)))
        firsts: dict[int, Decision] = {}
        for d in decisions:
            firsts.setdefault(d.round, d)
        deal = sum(100.0 * (d.chance_best - 1.0 / self.players) for d in firsts.values())
        total = deal + sum(points for _, _, points in draws)
        adjusted = None if result is None else 100.0 * result - total
        return Luck(deal, tuple(draws), total, adjusted)

    @property
    def error_rate(self) -> float | None:
        """Points of winning chance lost per choice, on average (as GNU Backgammon's
        error rate: the forced decisions left out); None without choices."""
        choices = self.choices
        if not choices:
            return None
        return sum(d.lost for d in choices) / len(choices)

    @property
    def accuracy(self) -> float | None:
        """The share of the choices marked best or good (within 3 points of the best);
        None without choices."""
        choices = self.choices
        if not choices:
            return None
        return sum(1 for d in choices if d.assessment.accurate) / len(choices)

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {
            "seat": self.seat,
            "decisions": [d.to_json() for d in self.decisions],
            "accuracy": None if accuracy is None else round(accuracy, 4),
        }


def match_result(match: Match, seat: int) -> float:
    """What the rounds played out were worth to ``seat`` (1 a win, 1/k of a
    block tied by k, 0 a loss; redeals count for nothing): the result the
    luck is set against."""
    total = 0.0
    for state in match.rounds:
        outcome = state.outcome
        if outcome is not None and outcome.end != "redeal":
            total += win_share(outcome.end, outcome.winner, outcome.pips, seat)
    return total


# Stored ------------------------------------------------------------------------------
def stored(decision: Decision) -> dict[str, Any]:
    """One decision as a review file keeps it (the reason is not kept: it is
    written again, in the player's language, when the review is opened)."""
    a = decision.assessment
    seat = a.seat
    return {
        "round": decision.round,
        "action": decision.action,
        "played": action_to_json(seat, a.played),
        "best": action_to_json(seat, a.best),
        "chance_played": a.chance_played,
        "chance_best": a.chance_best,
        "mark": a.mark,
        "options": [[action_to_json(seat, o.action), o.chance, o.deals] for o in a.options],
        "deals": a.deals,
        "playouts": a.playouts,
        "spread": a.spread,
        "checks": [[c.name, c.lost, c.spread] for c in a.checks],
    }


def restored(data: Any, rules: Rules, seat: int) -> Decision:
    """A decision as ``stored`` wrote it; ``ValueError`` (or ``TypeError``,
    ``KeyError``) for anything else."""
    if not isinstance(data, dict):
        raise ValueError("a decision must be an object")

    def action(value: Any) -> Action:
        mover, act = action_from_json(value, rules)
        if mover != seat:
            raise ValueError("a decision of another seat")
        return act

    def chance(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise ValueError("a chance must be between 0 and 1")
        return float(value)

    def count(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
            raise ValueError("a count must be a whole number")
        return value

    def points(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1000.0 <= value <= 1000.0:
            raise ValueError("points out of range")
        return float(value)

    mark = data["mark"]
    if mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r}")
    options = tuple(Option(action(o[0]), chance(o[1]), count(o[2])) for o in data["options"])
    checks = tuple(Check(str(c[0])[:40], points(c[1]), points(c[2])) for c in data["checks"])
    assessment = Assessment(
        seat=seat,
        played=action(data["played"]),
        best=action(data["best"]),
        chance_played=chance(data["chance_played"]),
        chance_best=chance(data["chance_best"]),
        mark=mark,
        options=options,
        deals=count(data["deals"]),
        playouts=count(data["playouts"]),
        spread=points(data["spread"]),
        checks=checks,
    )
    return Decision(count(data["round"]), count(data["action"]), assessment, None)


__all__ = ["Decision", "Luck", "Summary", "match_result", "restored", "stored"]
