"""The table's roles, as the table asks them (a ``Mode`` is the three together):

- ``Source``: where the positions come from, and the table's pace;
- ``Moves``: what a move does (``submit``) and who may move;
- ``Look``: what shows.

Live play's are in mode.py and look.py; every other mode narrows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.table.model import Positions

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from game.engine import Action
    from game.ui.gamepad import PadPress
    from game.ui.table.input import Intent
    from game.ui.table.log import LogLine
    from game.ui.table.panels import PanelPart
    from game.ui.table.parts import Part
    from game.ui.table.regions import TableRegions
    from game.ui.table.scene import TableScene
    from game.ui.table.score_sheet import Sheet

SeatInfo = tuple[str, int, int, bool, str]  # name, tiles held, match total, to move, status line


class Source(Positions, Protocol):
    """Where the positions come from (what the model reads: ``Positions``), and
    the table's pace: whose turn is asked, a round's end, the next round."""

    def attach(self, table: TableScene) -> None: ...

    def log_lines(self, table: TableScene) -> list[LogLine]:
        """The round's moves in words (the moves panel)."""
        ...

    def log_title(self, table: TableScene) -> str:
        """The moves panel's title."""
        ...

    def log_lit(self, table: TableScene) -> frozenset[int]:
        """The moves lit in the panel (by their index in the round's history)."""
        ...

    def sheet(self, table: TableScene) -> Sheet:
        """What the score sheet shows."""
        ...

    def start(self, table: TableScene) -> None:
        """The table is shown (deal a round if one is due)."""
        ...

    def turn(self, table: TableScene, seat: int, dt: float) -> None:
        """``seat`` is to move and the table stands still."""
        ...

    def after_round(self, table: TableScene, dt: float) -> None:
        """The round is over (its summary, a redeal)."""
        ...

    def next_round(self, table: TableScene) -> None:
        """The round's summary was closed."""
        ...

    def new_match(self, table: TableScene) -> None:
        """Play again, the same seats and rules."""
        ...

    def update(self, table: TableScene, dt: float) -> None:
        """Every frame the table is on top."""
        ...

    def close(self, table: TableScene) -> None:
        """The table is closed."""
        ...


class Moves(Protocol):
    """What a move does, and who may move."""

    def may_act(self, table: TableScene) -> bool: ...

    def aids_on(self, table: TableScene) -> bool: ...

    def submit(self, table: TableScene, seat: int, action: Action) -> str:
        """``seat``'s ``action``: ``PLAYED`` here, ``SENT`` away, or ``REFUSED`` (the reason said)."""
        ...

    def follow(self, table: TableScene, intent: Intent) -> bool: ...

    def request(self, table: TableScene, action: Action) -> bool: ...

    def played(self, table: TableScene, seat: int, action: Action) -> None: ...

    def refused_drop(self, table: TableScene) -> None: ...


class Look(Protocol):
    """What shows: the tools, the panels, the mode's parts and widgets, the words."""

    def attach(self, table: TableScene) -> None: ...

    def tool_names(self, table: TableScene) -> list[str]: ...

    def tool_slots(self, table: TableScene) -> int: ...

    def panel_shown(self, table: TableScene, name: str, wanted: bool) -> bool: ...

    def cards(self) -> list[PanelPart]: ...

    def parts(self, table: TableScene) -> list[Part]: ...

    def build(self, table: TableScene, gui: pygame_gui.UIManager, regions: TableRegions) -> None: ...

    def key(self, table: TableScene) -> tuple[object, ...]: ...

    def show(self, table: TableScene, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None: ...

    def hand_face_up(self, table: TableScene) -> bool: ...

    def revealed(self, table: TableScene, seat: int) -> tuple[int, ...] | None: ...

    def can_draw(self, table: TableScene) -> bool: ...

    def pointed_out(self, table: TableScene) -> list[Action]: ...

    def header_text(self, table: TableScene) -> str: ...

    def lead_text(self, table: TableScene) -> str: ...

    def hand_text(self, table: TableScene) -> str: ...

    def seat_info(self, table: TableScene, seat: int) -> SeatInfo: ...

    def seat_status(self, table: TableScene, seat: int, status: str) -> str: ...

    def handle_event(self, table: TableScene, event: pygame.event.Event) -> bool: ...

    def handle_pad(self, table: TableScene, press: PadPress) -> bool: ...

    def update(self, table: TableScene, dt: float) -> None: ...


class Mode(Protocol):
    """What a table is for: its three roles."""

    @property
    def name(self) -> str: ...

    @property
    def source(self) -> Source: ...

    @property
    def moves(self) -> Moves: ...

    @property
    def look(self) -> Look: ...

    def attach(self, table: TableScene) -> None:
        """The table this mode is given to (once, as the table is made)."""
        ...
