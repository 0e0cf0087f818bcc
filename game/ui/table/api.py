"""The table as the screens around it see it (``TableAPI``): the routes, the
pause menu, the match-over screen, the round's summary. A leaf: it imports
nothing of the table but its model, so that a screen may name the table
without importing it (``game.ui.table.table_scene.TableScene`` is one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.ui.table.table_model import TableModel
    from game.ui.table.undo import TakeBacks


class AidsAPI(Protocol):
    """Undo and redo, as the pause menu offers them; who was helped (statistics)."""

    @property
    def helped(self) -> set[int]:
        """The seats that took a move back or asked for a hint."""
        ...

    @property
    def takebacks(self) -> TakeBacks | None:
        """Undo and redo of the person's turns (None: moves cannot be taken back here)."""
        ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...


class TableAPI(Protocol):
    """One match at the table (``TableScene``), as other screens use it."""

    @property
    def model(self) -> TableModel:
        """The match, its referee, the position, who sees it."""
        ...

    @property
    def aids(self) -> AidsAPI: ...

    def sound(self, name: str) -> None: ...

    def next_round(self) -> None:
        """The round's summary was closed: the next round."""
        ...

    def new_match(self) -> None:
        """Play again: the same seats and rules, from a new shuffle."""
        ...

    def leave(self) -> None:
        """The player leaves the table (its ``on_leave``: the routes decide where to)."""
        ...

    def apply_settings(self, settings: object) -> None:
        """Follow changed settings."""
        ...
