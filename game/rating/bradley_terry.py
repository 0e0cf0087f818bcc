"""Ratings from a batch of results: the Bradley-Terry model fitted by maximum
likelihood, on the Elo scale (logistic, 400 points for odds of 10 to 1, the
scale Glicko-2 uses too).

Each player ``i`` has a strength ``theta_i``; ``i`` scores against ``j`` with
probability ``1 / (1 + exp(theta_j - theta_i))``. Given, for each pair, the
games played and the score of one side (a draw counts half), the strengths
that make the results most likely are found by Newton's method on the
log-likelihood, with one player (``anchor``) held at a fixed rating: only
differences are determined. Their standard errors come from the inverse of
the information matrix (the negative Hessian at the maximum), so each
rating's 95% interval (1.96 standard errors either side) is relative to the
anchor, whose own is nil by definition.

No pygame, no numpy: the systems solved are a handful of unknowns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from game.rating.glicko2 import SCALE

Z95 = 1.959963984540054
MAX_STEPS = 100
TOLERANCE = 1e-10


class FitError(ValueError):
    """The results determine no finite ratings (a player won or lost every
    game it played, or the players fall into groups that never met)."""


@dataclass(frozen=True)
class Pair:
    """Games between ``a`` and ``b``: ``games`` of them, of which ``a`` scored ``score``."""

    a: str
    b: str
    games: int
    score: float


@dataclass(frozen=True)
class Fitted:
    """One player's fitted rating, its standard error and 95% interval."""

    name: str
    rating: float
    se: float

    @property
    def low(self) -> float:
        return self.rating - Z95 * self.se

    @property
    def high(self) -> float:
        return self.rating + Z95 * self.se


def fit(names: Sequence[str], pairs: Sequence[Pair], anchor: str, anchor_rating: float = 1500.0) -> dict[str, Fitted]:
    """The maximum-likelihood ratings of ``names`` from ``pairs`` (see the module);
    ``FitError`` if there are none."""
    if anchor not in names:
        raise ValueError(f"the anchor {anchor!r} is not one of the players")
    index = {name: i for i, name in enumerate(names)}
    for pair in pairs:
        if pair.a not in index or pair.b not in index or pair.a == pair.b:
            raise ValueError(f"a pair of unknown or equal players: {pair.a!r}, {pair.b!r}")
        if not 0 <= pair.score <= pair.games:
            raise ValueError(f"{pair.a} scored {pair.score} in {pair.games} games")
    free = [name for name in names if name != anchor]
    theta = {name: 0.0 for name in names}
    for _ in range(MAX_STEPS):
        gradient, information = _derivatives(free, theta, pairs)
        step = _solve(information, gradient)
        for name, change in zip(free, step):
            theta[name] += change
        if any(abs(t) > 50.0 for t in theta.values()):
            raise FitError("some player won or lost every game: no finite rating fits")
        if max((abs(s) for s in step), default=0.0) < TOLERANCE:
            break
    else:
        raise FitError("the fit did not converge")
    _, information = _derivatives(free, theta, pairs)
    covariance = _inverse(information)
    result = {anchor: Fitted(anchor, anchor_rating, 0.0)}
    for i, name in enumerate(free):
        result[name] = Fitted(name, anchor_rating + SCALE * theta[name], SCALE * math.sqrt(max(covariance[i][i], 0.0)))
    return {name: result[name] for name in names}


def _derivatives(free: list[str], theta: dict[str, float], pairs: Sequence[Pair]) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and the information matrix (its negative
    Hessian) in the free players' strengths."""
    at = {name: i for i, name in enumerate(free)}
    n = len(free)
    gradient = [0.0] * n
    information = [[0.0] * n for _ in range(n)]
    for pair in pairs:
        p = 1.0 / (1.0 + math.exp(theta[pair.b] - theta[pair.a]))
        residual = pair.score - pair.games * p
        weight = pair.games * p * (1.0 - p)
        i, j = at.get(pair.a), at.get(pair.b)
        if i is not None:
            gradient[i] += residual
            information[i][i] += weight
        if j is not None:
            gradient[j] -= residual
            information[j][j] += weight
        if i is not None and j is not None:
            information[i][j] -= weight
            information[j][i] -= weight
    return gradient, information


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise FitError("the players fall into groups that never met: no ratings fit")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


__all__ = ["FitError", "Fitted", "Pair", "Z95", "fit"]
