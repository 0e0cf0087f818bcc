"""The table as its pieces see it: the protocols every module of the table
names instead of the scene, so that no module imports the scene back and no
import circle remains (type-only imports included: tests/test_imports.py).

- ``Table``: the table (``TableScene`` is the one), as its parts, panels,
  modes, aids, input and overlays use it; ``api.TableAPI`` is its part the
  screens around the table use;
- its pieces that themselves reach the table: ``Controls`` (the input,
  controls.py), ``Aids`` (aids.py), ``PanelPart`` (a side panel, panel.py),
  ``Part`` (parts.py);
- a ``Mode``'s three roles: ``Source`` (where positions come from, the pace:
  the model reads its ``model.Positions`` part), ``Moves`` (what a move does),
  ``Look`` (what shows). Live play's are mode.py's and look.py's; every other
  mode narrows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Protocol

from game.ui.shell.stage import Screen
from game.ui.table.api import AidsAPI, TableAPI
from game.ui.table.table_model import Positions

if TYPE_CHECKING:
    import pygame
    import pygame_gui
    from pygame import Rect

    from game.engine import Action
    from game.ui.shell.stage import Stage
    from game.ui.shell.gamepad import PadPress
    from game.ui.shell.seat_inputs import SeatInputs
    from game.ui.table.felt.animation import Motion
    from game.ui.table.felt.board import Board
    from game.ui.table.input import InputContext, Intent, TableInput
    from game.ui.table.log import LogLine
    from game.ui.table.options import TableOptions
    from game.ui.table.felt.regions import PanelSpec, TableRegions
    from game.ui.table.panels.score_sheet import Sheet
    from game.ui.table.felt.snapshot import Live, TableSnapshot
    from game.ui.table.panels.toolbar import Toolbar
    from game.ui.drawing.text import TextCache
    from game.ui.drawing.tile_art import TileArt

SeatInfo = tuple[str, int, int, bool, str]  # name, tiles held, match total, to move, status line


class Table(TableAPI, Screen, Protocol):
    """One match at the table, as its pieces see it."""

    @property
    def app(self) -> Stage | None: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def controls(self) -> Controls: ...

    @property
    def aids(self) -> Aids: ...

    @property
    def board(self) -> Board: ...

    @property
    def options(self) -> TableOptions: ...

    @property
    def motion(self) -> Motion: ...

    @property
    def toolbar(self) -> Toolbar: ...

    @property
    def text(self) -> TextCache: ...

    @property
    def panel_parts(self) -> list[PanelPart]: ...

    @property
    def frames(self) -> int:
        """Frames run (a computer thinks from the second: the first is drawn first)."""
        ...

    @property
    def on_leave(self) -> Callable[[Table], None] | None: ...

    @property
    def on_pause(self) -> Callable[[Table], None] | None: ...

    @property
    def snapshot(self) -> TableSnapshot: ...

    def can_act(self) -> bool:
        """Whether the person at the screen may move now."""
        ...

    def sync(self, force: bool = False) -> None:
        """Arrange the board again after the game or the window changed."""
        ...

    def jumped(self, *, forget_last: bool = False, new_layout: bool = False) -> None:
        """The position jumped rather than moved: drawn again at once."""
        ...

    def play(self, action: Action, origin: tuple[int, int] | None) -> bool:
        """Submit the seat to move's ``action`` (True: it was played here)."""
        ...

    def played(self, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        """The referee let ``seat``'s ``action`` through: the picture follows."""
        ...

    def open_panels(self) -> list[PanelPart]: ...

    def panels_here(self) -> list[PanelPart]: ...

    def panel(self, name: str) -> PanelPart | None: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...


class Controls(Protocol):
    """The table's input (controls.py), as the rest of the table uses it."""

    @property
    def input(self) -> TableInput: ...

    @property
    def seats(self) -> SeatInputs: ...

    @property
    def handoff_open(self) -> bool:
        """The hand-off cover is up: no hand shows."""
        ...

    def plays_by_pad(self, seat: int | None) -> bool: ...

    def input_context(self) -> InputContext: ...

    def follow(self, intent: Intent) -> None: ...

    def request(self, action: Action) -> None: ...

    def point_at(self, action: Action) -> None:
        """Show where ``action`` goes (its tile lifted, its place lit); nothing is played."""
        ...

    def give_seat(self, seat: int, source: int | None) -> None: ...

    def hand_over(self, seat: int) -> None:
        """With several people at the screen, the screen is handed to ``seat``'s person."""
        ...

    def keep_pad_focus(self) -> None: ...


class Aids(AidsAPI, Protocol):
    """The play aids (aids.py), as the rest of the table uses them."""

    def stop_thinking(self) -> None: ...

    def ask_hint(self) -> None: ...

    def open_scores(self) -> None: ...

    def hinted_action(self) -> Action | None:
        """The hint shown for the position on the table, if still good."""
        ...


class PanelPart(Protocol):
    """A side panel, as the table and the regions see it (``panel.Panel`` is the base)."""

    @property
    def name(self) -> str: ...

    @property
    def over(self) -> bool:
        """Drawn over the table's messages (a card), not under its plaques."""
        ...

    def attach(self, art: TileArt, text: TextCache) -> None: ...

    def is_open(self, table: Table) -> bool: ...

    def spec(self, table: Table) -> PanelSpec: ...

    def key(self) -> Hashable: ...

    def content(self, table: Table, rect: Rect) -> Hashable: ...

    def handle_event(self, event: pygame.event.Event, table: Table, rect: Rect | None) -> bool: ...

    def handle_pad(self, press: PadPress, table: Table) -> bool: ...

    def use_tool(self, name: str, table: Table) -> bool: ...

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None: ...


class Part(Protocol):
    """One part of the table screen (parts.py)."""

    def rect(self, snap: TableSnapshot) -> Rect | None:
        """Where it is on the screen (None: nowhere now)."""
        ...

    def handle_event(self, event: pygame.event.Event, table: Table) -> bool:
        """True if ``event`` was this part's (the table passes it on otherwise)."""
        ...

    def update(self, dt: float, table: Table) -> None: ...

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        """Paint it (changes nothing)."""
        ...


class Source(Positions, Protocol):
    """Where the positions come from (what the model reads: ``Positions``), and
    the table's pace: whose turn is asked, a round's end, the next round."""

    def attach(self, table: Table) -> None: ...

    def log_lines(self, table: Table) -> list[LogLine]:
        """The round's moves in words (the moves panel)."""
        ...

    def log_title(self, table: Table) -> str:
        """The moves panel's title."""
        ...

    def log_lit(self, table: Table) -> frozenset[int]:
        """The moves lit in the panel (by their index in the round's history)."""
        ...

    def sheet(self, table: Table) -> Sheet:
        """What the score sheet shows."""
        ...

    def start(self, table: Table) -> None:
        """The table is shown (deal a round if one is due)."""
        ...

    def turn(self, table: Table, seat: int, dt: float) -> None:
        """``seat`` is to move and the table stands still."""
        ...

    def after_round(self, table: Table, dt: float) -> None:
        """The round is over (its summary, a redeal)."""
        ...

    def next_round(self, table: Table) -> None:
        """The round's summary was closed."""
        ...

    def new_match(self, table: Table) -> None:
        """Play again, the same seats and rules."""
        ...

    def update(self, table: Table, dt: float) -> None:
        """Every frame the table is on top."""
        ...

    def next_change(self, table: Table) -> float | None:
        """The table's pace while nothing on it moves (``Scene.next_change``): 0.0
        while someone else is to move or something is awaited, None while it waits
        for a person at this screen."""
        ...

    def close(self, table: Table) -> None:
        """The table is closed."""
        ...


class Moves(Protocol):
    """What a move does, and who may move."""

    def may_act(self, table: Table) -> bool: ...

    def aids_on(self, table: Table) -> bool: ...

    def submit(self, table: Table, seat: int, action: Action) -> str:
        """``seat``'s ``action``: ``PLAYED`` here, ``SENT`` away, or ``REFUSED`` (the reason said)."""
        ...

    def follow(self, table: Table, intent: Intent) -> bool: ...

    def request(self, table: Table, action: Action) -> bool: ...

    def played(self, table: Table, seat: int, action: Action) -> None: ...

    def refused_drop(self, table: Table) -> None: ...


class Look(Protocol):
    """What shows: the tools, the panels, the mode's parts and widgets, the words."""

    def attach(self, table: Table) -> None: ...

    def tool_names(self, table: Table) -> list[str]: ...

    def tool_slots(self, table: Table) -> int: ...

    def panel_shown(self, table: Table, name: str, wanted: bool) -> bool: ...

    def cards(self) -> list[PanelPart]: ...

    def parts(self, table: Table) -> list[Part]: ...

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None: ...

    def key(self, table: Table) -> tuple[object, ...]: ...

    def show(self, table: Table, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None: ...

    def hand_face_up(self, table: Table) -> bool: ...

    def revealed(self, table: Table, seat: int) -> tuple[int, ...] | None: ...

    def can_draw(self, table: Table) -> bool: ...

    def pointed_out(self, table: Table) -> list[Action]: ...

    def header_text(self, table: Table) -> str: ...

    def deal_text(self, table: Table) -> str: ...

    def lead_text(self, table: Table) -> str: ...

    def hand_text(self, table: Table) -> str: ...

    def seat_info(self, table: Table, seat: int) -> SeatInfo: ...

    def seat_status(self, table: Table, seat: int, status: str) -> str: ...

    def handle_event(self, table: Table, event: pygame.event.Event) -> bool: ...

    def handle_pad(self, table: Table, press: PadPress) -> bool: ...

    def update(self, table: Table, dt: float) -> None: ...


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

    def attach(self, table: Table) -> None:
        """The table this mode is given to (once, as the table is made)."""
        ...
