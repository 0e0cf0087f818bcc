"""Actions: what a player does on a turn. Small, frozen and hashable."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.tiles import Tile, tile_name

ARMS: tuple[str, ...] = ("W", "E", "N", "S", "WN", "WS", "EN", "ES")
ARM_INDEX = {name: i for i, name in enumerate(ARMS)}


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``kind`` is ``lay``, ``draw``, ``pass`` or ``refuse``.

    For a lay: ``arm`` is the arm extended (None for the lead), ``touch`` the half
    touching the end (for the lead: the half facing W), ``across`` a crosswise
    matador, ``joins`` the value of a crosswise end that the tile joins.
    """

    kind: str
    tile: Tile | None = None
    arm: str | None = None
    touch: int | None = None
    across: bool = False
    joins: int | None = None
    count: int = 1

    @staticmethod
    def lay(
        tile: Tile, arm: str | None = None, touch: int | None = None, across: bool = False, joins: int | None = None
    ) -> Action:
        return Action("lay", tile, arm, touch, across, joins)

    @staticmethod
    def draw(count: int = 1) -> Action:
        return Action("draw", count=count)

    @staticmethod
    def pass_() -> Action:
        return Action("pass")

    @staticmethod
    def refuse() -> Action:
        return Action("refuse")

    @property
    def is_lay(self) -> bool:
        return self.kind == "lay"

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {self.count}"
        if self.kind != "lay" or self.tile is None:
            return self.kind
        text = f"lay {tile_name(self.tile)}"
        if self.arm is None:
            return text if self.touch is None else f"{text} (lead, {self.touch} facing W)"
        text += f" on {self.arm}"
        if self.across:
            return text + " across"
        if self.touch is not None:
            text += f" touch {self.touch}"
        if self.joins is not None:
            text += f" joins {self.joins}"
        return text
