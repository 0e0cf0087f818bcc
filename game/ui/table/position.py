"""What the table reads of a position (``Position``): a ``RoundState`` is one,
and so is what a table that holds only its seat's ``SeatView`` makes of it (a
remote table: the other hands empty, their counts from the view). No pygame."""

from __future__ import annotations

from typing import Protocol

from game.engine import Action, OpenEnd
from game.engine.layout import Placement, Spinner
from game.engine.rules import Rules


class Position(Protocol):
    """The part of a round the table reads to draw and to judge input. A
    ``RoundState`` is one; a remote mode gives one made from its seat's
    ``SeatView`` (the other hands empty, counts from ``hand_counts``)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def over(self) -> bool: ...

    @property
    def history(self) -> list[tuple[int, Action]]: ...

    @property
    def placements(self) -> list[Placement]: ...

    @property
    def spinner(self) -> Spinner | None: ...

    @property
    def boneyard_count(self) -> int: ...

    @property
    def reserve_count(self) -> int: ...

    def hand(self, seat: int) -> list[int]: ...

    def hand_count(self, seat: int) -> int: ...

    def open_ends(self) -> list[OpenEnd]: ...

    def legal_moves(self) -> list[Action]: ...

    def explain(self, action: Action) -> str | None: ...
