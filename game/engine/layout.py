"""What lies on the table: placements, arms and open ends (no rules of play here)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import ARM_INDEX, ARMS
from game.engine.tiles import Tile, tile_name
from game.i18n import NP_, _, pgettext

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
# TRANSLATORS: a direction of the table, as it names an arm of the cross ("the north arm").
DIRECTIONS = {
    "W": NP_("direction", "west"),
    "E": NP_("direction", "east"),
    "N": NP_("direction", "north"),
    "S": NP_("direction", "south"),
}


def end_name(arm: str, shown: tuple[int, ...], layout: str) -> str:
    """An end as a player names it: in a plain line by what it shows ("the 6",
    "the blank"), elsewhere by its arm ("the north arm", "the east spinner's
    south arm"). ``shown``: what the end shows (two values after a crosswise matador).
    It is said after a preposition ("6-1 on the 6"): its translation takes that form."""
    if layout == "line" and len(shown) == 1:
        # TRANSLATORS: an end of the line, after a preposition: "6-1 on the blank".
        return _("the blank") if shown[0] == 0 else _("the {value}").format(value=shown[0])
    if len(arm) == 2:
        # TRANSLATORS: an arm of a second spinner, after a preposition: "4-3 across the east spinner's south arm".
        return _("the {spinner} spinner's {arm} arm").format(
            spinner=pgettext("direction", DIRECTIONS[arm[0]]), arm=pgettext("direction", DIRECTIONS[arm[1]])
        )
    if arm not in DIRECTIONS:
        return arm
    # TRANSLATORS: an arm of the cross, after a preposition: "4-3 across the north arm".
    return _("the {arm} arm").format(arm=pgettext("direction", DIRECTIONS[arm]))


def needs_text(values: tuple[int, ...], target: int, matadors: bool, wild_doubles: bool = False) -> str:
    """What an end asks for, as the table labels it: "needs 4", "matador only"..."""
    wanted = sorted({target - v for v in values if 0 < target - v < target})
    if not wanted:
        if matadors:
            return _("matador only")
        return _("doubles only") if wild_doubles else _("closed")
    if len(wanted) == 1:
        text = _("needs {value}, or a double") if wild_doubles else _("needs {value}")
        return text.format(value=wanted[0])
    text = _("needs {first} or {second}, or a double") if wild_doubles else _("needs {first} or {second}")
    return text.format(first=wanted[0], second=" / ".join(str(w) for w in wanted[1:]))


def arm_name(index: int) -> str:
    return ARMS[index]


def arm_index(name: str) -> int:
    return ARM_INDEX[name]
