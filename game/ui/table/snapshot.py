"""The table as it is to be drawn: one frozen ``TableSnapshot``, made once per
change of the position, the window, the mode or the aids (``take``), never
per frame. Every part draws from it, plus what moves every frame: the
``Motion`` (glides, the shift, messages) and the ``TableInput`` (a tile held,
the places it lights), together the ``Live``.

Nothing here reaches a ``RoundState`` after the snapshot is made: a table fed
from a seat's view (a remote table) makes the same snapshot from what its mode
gives (see ``position.Position``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable, Mapping

from pygame import Rect

from game.engine import Action, OpenEnd
from game.i18n import _
from game.ui.table.animation import Motion
from game.ui.table.geometry import TableLayout
from game.ui.table.input import InputContext, TableInput
from game.ui.table.regions import TableRegions
from game.ui.table.who_plays import plays_by_pad
from game.words.ends import needs_text

if TYPE_CHECKING:
    from game.ui.table.panels import PanelPart
    from game.ui.table.scene import TableScene

SeatInfo = tuple[str, int, int, bool, str]  # name, tiles held, match total, to move, status line


@dataclass(frozen=True)
class Plaque:
    """A seat's plaque: its words, and its tiles face up when they are shown (a review)."""

    info: SeatInfo
    faces: tuple[int, ...] | None


@dataclass(frozen=True)
class Pane:
    """An open side panel: its part, its rectangle and what it shows (equal contents, equal pictures)."""

    part: PanelPart
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

    def content_of(self, name: str) -> Hashable | None:
        """What the open panel ``name`` shows (None: it is not open)."""
        return next((pane.content for pane in self.panes if pane.part.name == name), None)


@dataclass(frozen=True)
class Live:
    """What changes every frame: the motion and the input (read, never changed, by drawing)."""

    motion: Motion
    input: TableInput
    hidden: frozenset[int]  # tiles gliding: not drawn in their place yet


def take(table: TableScene) -> TableSnapshot:
    """The table's snapshot now (``TableScene.snapshot`` keeps it until something changes)."""
    state = table.state
    rules = state.rules
    regions = table.regions
    history = state.history
    news = tuple(sorted(table.news.items()))
    panes = tuple(
        Pane(part, regions.panels[part.name], part.content(table, regions.panels[part.name]))
        for part in table.open_panels()
        if part.name in regions.panels
    )
    return TableSnapshot(
        regions=regions,
        layout=table.layout,
        names=tuple(table.names),
        header=table.header_text(),
        lead=table.lead_text(),
        hand_label=table.hand_text(),
        hand=tuple(table.hand),
        hand_face_up=table.hand_face_up,
        can_act=table.can_act(),
        can_draw=table.can_draw(),
        playable=None if (p := table.playable_tiles()) is None else frozenset(p),
        legal=tuple(table.legal),
        open_ends=tuple(table.open_ends),
        end_labels={end.arm: needs_text(end.values, rules.target, rules.matadors, rules.wild_doubles) for end in table.open_ends},
        news=news,
        news_actions=tuple((seat, history[index][1]) for seat, index in news),
        plaques={seat: Plaque(table.seat_info(seat), table.revealed(seat)) for seat in regions.seats},
        boneyard_count=state.boneyard_count,
        reserve_count=state.reserve_count,
        boneyard_caption=(_("Boneyard: {count}") if state.rules.drawing != "none" else _("Set aside: {count}")).format(count=state.boneyard_count),
        last_tile=table.last_tile,
        pointed_out=tuple(table.pointed_out()),
        phase=state.phase,
        context=table.input_context(),
        panes=panes,
    )


def snapshot_key(table: TableScene) -> tuple[object, ...]:
    """Everything a snapshot is made from, besides the position's version."""
    seat = table.state.current_player
    return (
        table.version, id(table.regions), id(table.layout), table.motion.blocking, table.handoff_open, table.viewer,
        table.hints, table.last_tile, plays_by_pad(table, seat), table.show_knowledge, table.aids.key(), table.mode.key(table),
    )

