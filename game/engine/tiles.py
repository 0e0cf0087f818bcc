"""Tiles as small integers.

A tile with halves ``a >= b`` has the index ``a * (a + 1) // 2 + b``, so the 28
double-six tiles are 0..27 and the 55 double-nine tiles 0..54 (the double-six
tiles keep their indices). Hands are bitmasks over these indices.
"""

from __future__ import annotations

Tile = int

MAX_TOP = 9
TILE_COUNT = {6: 28, 9: 55}

HALVES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(MAX_TOP + 1) for b in range(a + 1))
HIGH: tuple[int, ...] = tuple(a for a, _ in HALVES)
LOW: tuple[int, ...] = tuple(b for _, b in HALVES)
PIPS: tuple[int, ...] = tuple(a + b for a, b in HALVES)
DOUBLE: tuple[bool, ...] = tuple(a == b for a, b in HALVES)
NAMES: tuple[str, ...] = tuple(f"{a}-{b}" for a, b in HALVES)
# HAS[v]: the tiles (a bitmask) with a half showing v.
HAS: tuple[int, ...] = tuple(sum(1 << t for t, (a, b) in enumerate(HALVES) if v in (a, b)) for v in range(MAX_TOP + 1))
DOUBLES_MASK = sum(1 << t for t, d in enumerate(DOUBLE) if d)


def tile_of(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def halves(tile: Tile) -> tuple[int, int]:
    """The halves of ``tile``, higher first."""
    return HALVES[tile]


def is_double(tile: Tile) -> bool:
    return DOUBLE[tile]


def pips(tile: Tile) -> int:
    return PIPS[tile]


def other_half(tile: Tile, half: int) -> int:
    """The half of ``tile`` that is not ``half`` (``half`` must be one of them)."""
    a, b = HALVES[tile]
    return b if half == a else a


def tile_name(tile: Tile) -> str:
    """``"a-b"`` with the higher half first, as the game record writes it."""
    return NAMES[tile]


def parse_tile(text: str, top: int = MAX_TOP) -> Tile:
    """Read ``"6-1"`` or ``"1-6"``; ``ValueError`` with a reason otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"a tile must be written as a string like \"6-1\", not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a tile (expected two numbers like \"6-1\")")
    a, b = int(parts[0]), int(parts[1])
    if a > top or b > top:
        raise ValueError(f"{text!r} is not a tile of the double-{'six' if top == 6 else 'nine'} set")
    return tile_of(a, b)


def hand_tiles(mask: int) -> list[Tile]:
    """The tiles of a bitmask hand, lowest index first."""
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(low.bit_length() - 1)
        mask ^= low
    return tiles


def hand_pips(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total
