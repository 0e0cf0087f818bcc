"""The Glicko-2 rating system, as Mark Glickman's paper "Example of the
Glicko-2 system" (Boston University, 2013) sets it out, step by step.

A rating is ``r`` (1500 for a newcomer), its deviation ``rd`` (350 for a
newcomer: the standard deviation of what the rating may really be) and its
volatility ``vol`` (0.06: how much the player's strength is expected to
move). ``update`` takes one rating period's games, each the opponent's
rating and deviation and the score (1 a win, 0.5 a draw, 0 a loss), and
returns the rating after it. The scale is Elo's: an expected score of
``1 / (1 + 10 ** ((r_opponent - r) / 400))`` for a certain opponent (the
paper's 173.7178 is 400 / ln 10).

No pygame, no files: the player's ratings are kept by ``game.rating.player_rating``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

SCALE = 400.0 / math.log(10.0)  # 173.7178: Glicko points per unit of the Glicko-2 scale
BASE = 1500.0
NEW_RD = 350.0
NEW_VOL = 0.06
TAU = 0.5  # the system constant: how much the volatility may change (the paper suggests 0.3 to 1.2)
EPSILON = 1e-6  # the convergence tolerance of step 5


@dataclass(frozen=True)
class Rating:
    r: float = BASE
    rd: float = NEW_RD
    vol: float = NEW_VOL


@dataclass(frozen=True)
class Game:
    """One game of a rating period: the opponent's rating and deviation, and the score."""

    opponent: float
    opponent_rd: float
    score: float


def g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def expected_score(r: float, opponent: float, opponent_rd: float = 0.0) -> float:
    """The expected score against an opponent of ``opponent`` ± ``opponent_rd``."""
    return expected((r - BASE) / SCALE, (opponent - BASE) / SCALE, opponent_rd / SCALE)


def update(rating: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The rating after one rating period of ``games`` (steps 1 to 8 of the paper).
    With no games only the deviation grows (step 6)."""
    mu = (rating.r - BASE) / SCALE  # step 2
    phi = rating.rd / SCALE
    sigma = rating.vol
    if not games:
        return Rating(rating.r, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    inv_v = 0.0
    total = 0.0
    for game in games:
        mu_j = (game.opponent - BASE) / SCALE
        phi_j = game.opponent_rd / SCALE
        g_j = g(phi_j)
        e_j = expected(mu, mu_j, phi_j)
        inv_v += g_j * g_j * e_j * (1.0 - e_j)  # step 3
        total += g_j * (game.score - e_j)
    v = 1.0 / inv_v
    delta = v * total  # step 4
    sigma_new = _volatility(delta, phi, v, sigma, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * total
    return Rating(BASE + SCALE * mu_new, SCALE * phi_new, sigma_new)  # step 8


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


__all__ = ["BASE", "Game", "NEW_RD", "NEW_VOL", "Rating", "SCALE", "TAU", "expected_score", "update"]
