"""The table as it is to be drawn: one frozen ``TableSnapshot``, made once per
change of the position, the window, the mode or the panels (picture.py), never
per frame. Every part draws from it, plus what moves every frame: the
``Motion`` (glides, the shift, messages) and the ``TableInput`` (a tile held,
the places it lights), together the ``Live``.

Nothing here reaches a ``RoundState`` after the snapshot is made: a table fed
from a seat's view (a remote table) makes the same snapshot from what its mode
gives (see ``position.Position``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Protocol

import pygame
from pygame import Rect

from game.engine import Action, OpenEnd
from game.ui.table.felt.animation import Motion
from game.ui.table.felt.tile_places import TableLayout
from game.ui.table.input import InputContext, TableInput
from game.ui.table.felt.regions import TableRegions

SeatInfo = tuple[str, int, int, bool, str]  # name, tiles held, match total, to move, status line


@dataclass(frozen=True)
class Plaque:
    """A seat's plaque: its words, and its tiles face up when they are shown (a review)."""

    info: SeatInfo
    faces: tuple[int, ...] | None


class Painter(Protocol):
    """A side panel as its picture needs it (``protocols.PanelPart`` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def over(self) -> bool: ...

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None: ...


@dataclass(frozen=True)
class Pane:
    """An open side panel: its part, its rectangle and what it shows (equal contents, equal pictures)."""

    part: Painter
    rect: Rect
    content: Hashable


@dataclass(frozen=True, eq=False)
class TableSnapshot:
    """Everything the table draws that changes only when the game, the window,
    the mode or the aids do."""

    regions: TableRegions
    layout: TableLayout
    names: tuple[str, ...]
    header: str  # the line above the felt
    lead: str  # who leads with what, on an empty table
    hand_label: str  # the line above the hand
    hand: tuple[tuple[int, Rect], ...]  # the bottom hand: each tile and where it stands
    hand_face_up: bool
    can_act: bool  # the person at the screen may move now
    can_draw: bool  # the boneyard glows
    playable: frozenset[int] | None  # tiles with a place now (None: not this hand's turn, or hints off)
    legal: tuple[Action, ...]
    open_ends: tuple[OpenEnd, ...]
    end_labels: Mapping[str, str]  # what each open end needs, in words, by arm ("needs 4")
    news: tuple[tuple[int, int], ...]  # (seat, history index) of other seats' moves not answered yet
    news_actions: tuple[tuple[int, Action], ...]  # (seat, action) of those moves
    plaques: Mapping[int, Plaque]
    boneyard_count: int
    reserve_count: int
    boneyard_caption: str  # "Boneyard: 7" (or the tiles set aside), in the player's language
    last_tile: int | None  # the tile laid last: it glows
    pointed_out: tuple[Action, ...]  # moves shown as glowing ghosts without a tile in hand
    phase: str
    context: InputContext  # what the input needs of this position (the places a held tile lights)
    panes: tuple[Pane, ...]  # the open side panels, top to bottom
    deal: str = ""  # the deal's fingerprint, at the header's end ("deal 3f9a c2d1")
    deal_first: bool = False  # before the round's first action: the header makes room for it

    def content_of(self, name: str) -> Hashable | None:
        """What the open panel ``name`` shows (None: it is not open)."""
        return next((pane.content for pane in self.panes if pane.part.name == name), None)


@dataclass(frozen=True)
class Live:
    """What changes every frame: the motion and the input (read, never changed, by drawing)."""

    motion: Motion
    input: TableInput
    hidden: frozenset[int]  # tiles gliding: not drawn in their place yet
