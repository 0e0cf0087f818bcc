"""What lies on the table: placements, arms and open ends (no rules of play here)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import ARM_INDEX, ARMS
from game.engine.tiles import Tile, tile_name

W, E, N, S, WN, WS, EN, ES = range(8)
CROSS = -2  # an end showing both halves of a crosswise matador
CLOSED = -1  # an arm that does not exist yet

# The side arms a spinner opens, by the arm it lies on (-1: the lead).
SIDE_ARMS = {-1: (N, S), W: (WN, WS), E: (EN, ES)}

__all__ = ["ARMS", "ARM_INDEX", "Placement", "OpenEnd", "Spinner", "CROSS", "CLOSED", "SIDE_ARMS", "end_name"]


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
    """An end that may be played now, and what it needs."""

    arm: str
    values: tuple[int, ...]  # one value, or both halves of a crosswise matador
    text: str

    @property
    def crosswise(self) -> bool:
        return len(self.values) == 2


COMPASS = {"W": "west", "E": "east", "N": "north", "S": "south"}


def end_name(arm: str, shown: tuple[int, ...], layout: str) -> str:
    """An end as a player names it: in a plain line by what it shows ("the 6",
    "the blank"), elsewhere by its arm ("the north arm", "the east spinner's
    south arm"). ``shown``: what the end shows (two values after a crosswise matador)."""
    if layout == "line" and len(shown) == 1:
        return "the blank" if shown[0] == 0 else f"the {shown[0]}"
    if len(arm) == 2:
        return f"the {COMPASS[arm[0]]} spinner's {COMPASS[arm[1]]} arm"
    return f"the {COMPASS.get(arm, arm)} arm"


def needs_text(values: tuple[int, ...], target: int, matadors: bool) -> str:
    """What an end asks for, as the table labels it: "needs 4", "matador only"..."""
    wanted = [target - v for v in values if 0 < target - v < target]
    if not wanted:
        return "matador only" if matadors else "closed"
    text = "needs " + " or ".join(str(w) for w in sorted(set(wanted)))
    return text


def arm_name(index: int) -> str:
    return ARMS[index]


def arm_index(name: str) -> int:
    return ARM_INDEX[name]
