"""What the table reads of a position (``Position``): a ``RoundState`` is one,
and so is what a table that holds only its seat's ``SeatView`` makes of it (a
remote table: the other hands empty, their counts from the view). No pygame."""

from __future__ import annotations

from typing import Protocol

from game.engine import Action, OpenEnd, Refusal, RoundState, SeatView
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

    def explain(self, action: Action) -> Refusal | None: ...


class ViewPosition:
    """A ``Position`` made from one seat's ``SeatView``: that seat's hand, every
    other hand empty (only its count is known), the table and the history as the
    view has them. What a table that is told only its seat's view shows (a
    remote table's mode returns one from ``position``)."""

    def __init__(self, view: SeatView):
        self.view = view

    @property
    def rules(self) -> Rules:
        return self.view.rules

    @property
    def current_player(self) -> int | None:
        return self.view.current_player

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def over(self) -> bool:
        return self.view.phase == "over"

    @property
    def history(self) -> list[tuple[int, Action]]:
        return self.view.history

    @property
    def placements(self) -> list[Placement]:
        return self.view.placements

    @property
    def spinner(self) -> Spinner | None:
        return self.view.spinner

    @property
    def boneyard_count(self) -> int:
        return self.view.boneyard_count

    @property
    def reserve_count(self) -> int:
        return self.view.reserve_count

    def hand(self, seat: int) -> list[int]:
        return self.view.hand if seat == self.view.seat else []

    def hand_count(self, seat: int) -> int:
        return self.view.hand_counts[seat]

    def open_ends(self) -> list[OpenEnd]:
        return self.view.open_ends()

    def legal_moves(self) -> list[Action]:
        return self.view.legal_moves()

    def explain(self, action: Action) -> Refusal | None:
        return self.view.explain(action)


def _positions(view: ViewPosition, state: RoundState) -> tuple[Position, Position]:
    return view, state  # the type checker holds both to the protocol
