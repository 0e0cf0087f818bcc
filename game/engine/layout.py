"""What lies on the table: placements, arms and open ends (no rules of play, no words here)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import ARM_INDEX, ARMS
from game.engine.tiles import Tile, tile_name

W, E, N, S, WN, WS, EN, ES = range(8)
CROSS = -2  # an end showing both halves of a crosswise matador
CLOSED = -1  # an arm that does not exist yet

# The side arms a spinner opens, by the arm it lies on (-1: the lead).
SIDE_ARMS = {-1: (N, S), W: (WN, WS), E: (EN, ES)}

__all__ = ["ARMS", "ARM_INDEX", "Placement", "OpenEnd", "Spinner", "CROSS", "CLOSED", "SIDE_ARMS"]


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile on the table.

    ``arm`` is None for the lead. ``inner`` is the half towards the centre and
    ``outer`` the half facing out (for the lead: ``inner`` faces W, ``outer`` E).
    A crosswise matador has ``across`` set; its halves lie side by side.
    ``joins`` is the value of a crosswise end this tile was joined to.
    """

    tile: Tile
    arm: str | None
    inner: int
    outer: int
    across: bool
    joins: int | None
    seat: int
    double: bool
    index: int  # position on its arm, from the centre (0 = next to the lead)

    def __str__(self) -> str:
        where = "lead" if self.arm is None else f"{self.arm}[{self.index}]"
        how = " across" if self.across else ""
        return f"{tile_name(self.tile)} {where}{how}"


@dataclass(frozen=True, slots=True)
class Spinner:
    """Where the spinner lies: on the lead (``arm`` None) or at ``index`` on ``arm``."""

    arm: str | None
    index: int
    value: int
    sides: tuple[str, str]
    sides_open: bool


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An end that may be played now, and what it shows (what it needs, in words:
    ``game.words.ends.needs_text``)."""

    arm: str
    values: tuple[int, ...]  # one value, or both halves of a crosswise matador

    @property
    def crosswise(self) -> bool:
        return len(self.values) == 2


def arm_name(index: int) -> str:
    return ARMS[index]


def arm_index(name: str) -> int:
    return ARM_INDEX[name]
