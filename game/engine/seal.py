"""Deals anyone can check: every round is dealt from a seed committed to before play.

A match's seed gives each round two secrets of 128 bits, one way: the round's
*deal seed* and a *salt* (the first 32 hex digits of SHA-256 of
``matador-round-seed/SEED/ROUND`` and ``matador-round-salt/SEED/ROUND``, the
match seed written in decimal and the round from 0). Neither tells the match
seed, nor another round's secrets.

- The deal is made from the deal seed alone (``deal_from_seed``): the tiles of
  the set in index order (0-0, 1-0, 1-1, 2-0, 2-1, 2-2, 3-0, ...) are shuffled
  by Fisher-Yates (for ``i`` from the last place down to 1, swap place ``i``
  with a place ``j`` drawn uniformly from 0 to ``i``), the numbers drawn from
  SHA-256 in counter mode: block ``k`` (from 0) is SHA-256 of
  ``matador-deal/1/DEALSEED/k``, read as eight 32-bit big-endian unsigned
  numbers, used in order; a number ``u`` gives ``u mod n`` unless it is at least
  ``2**32 - 2**32 mod n`` (then the next number is drawn, so every place is
  equally likely). Seat 0 takes the first ``hand size`` tiles, seat 1 the next,
  and so on; the rest is the boneyard, in drawing order.
- The commitment is SHA-256 of ``matador-deal/1/SALT/DEALSEED`` (hex, 64
  digits): made when the round is dealt, before its first action, and kept in
  the record; the deal seed and the salt are written in the record only once
  the round is over (the network server sends them with the round's end).

Every string is ASCII; SHA-256 is taken of its bytes. No pygame here.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Sequence

from game.engine.rules import Rules
from game.engine.tiles import Tile

SCHEME = "matador-deal/1"
SECRET_HEX = 32  # hex digits of a deal seed or a salt (128 bits)
SECRET = re.compile(r"[0-9a-f]{32}")
COMMITMENT = re.compile(r"[0-9a-f]{64}")
_TWO32 = 1 << 32


def round_seed(match_seed: int, round_index: int) -> str:
    """The deal seed of round ``round_index`` of a match with ``match_seed``."""
    return hashlib.sha256(f"matador-round-seed/{match_seed}/{round_index}".encode()).hexdigest()[:SECRET_HEX]


def round_salt(match_seed: int, round_index: int) -> str:
    """The salt of round ``round_index``'s commitment."""
    return hashlib.sha256(f"matador-round-salt/{match_seed}/{round_index}".encode()).hexdigest()[:SECRET_HEX]


def commitment(deal_seed: str, salt: str) -> str:
    """SHA-256 (hex) of ``matador-deal/1/SALT/DEALSEED``."""
    return hashlib.sha256(f"{SCHEME}/{salt}/{deal_seed}".encode()).hexdigest()


def fingerprint(commit: str) -> str:
    """The commitment's first eight hex digits, as a person reads them: ``3f2a 9c1e``."""
    return f"{commit[:4]} {commit[4:8]}"


class _Stream:
    """Uniform numbers below ``n`` from SHA-256 in counter mode (see the module)."""

    def __init__(self, deal_seed: str):
        self.seed = deal_seed
        self.block = 0
        self.numbers: list[int] = []

    def _next(self) -> int:
        if not self.numbers:
            digest = hashlib.sha256(f"{SCHEME}/{self.seed}/{self.block}".encode()).digest()
            self.block += 1
            self.numbers = [int.from_bytes(digest[i : i + 4], "big") for i in range(28, -1, -4)]
        return self.numbers.pop()

    def below(self, n: int) -> int:
        limit = _TWO32 - _TWO32 % n
        while True:
            u = self._next()
            if u < limit:
                return u % n


def shuffled(tiles: Sequence[Tile], deal_seed: str) -> list[Tile]:
    """``tiles`` in the order the deal seed shuffles them to."""
    order = list(tiles)
    stream = _Stream(deal_seed)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal_from_seed(rules: Rules, deal_seed: str) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands (each sorted) and the boneyard (in drawing order) of ``deal_seed``."""
    tiles = shuffled(sorted(rules.all_tiles), deal_seed)
    size = rules.hand_size
    hands = [sorted(tiles[i * size : (i + 1) * size]) for i in range(rules.players)]
    return hands, tiles[rules.players * size :]


@dataclass(frozen=True)
class Seal:
    """A round's commitment, and its secrets where they are known: the match
    that dealt the round knows them from the start (and reveals them in its
    record once the round is over); a round read from a record knows them once
    the record reveals them."""

    commitment: str
    seed: str | None = None
    salt: str | None = None

    @staticmethod
    def of(match_seed: int, round_index: int) -> Seal:
        seed, salt = round_seed(match_seed, round_index), round_salt(match_seed, round_index)
        return Seal(commitment(seed, salt), seed, salt)

    @property
    def known(self) -> bool:
        """The secrets are known and match the commitment."""
        return self.seed is not None and self.salt is not None and commitment(self.seed, self.salt) == self.commitment


__all__ = [
    "COMMITMENT",
    "SCHEME",
    "SECRET",
    "Seal",
    "commitment",
    "deal_from_seed",
    "fingerprint",
    "round_salt",
    "round_seed",
    "shuffled",
]
