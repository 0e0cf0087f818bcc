"""The table's picture (``Picture``, the scene's ``picture``): its frozen
``TableSnapshot`` (snapshot.py), made again only when what it is made of
changes (``key``: the board's arrangement, the motion blocking or not, the
viewer, the cover, the options, the panels' and the mode's own state), from
the model, the board, the panels and the mode's look (``take``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.ui.table.felt.snapshot import Pane, Plaque, TableSnapshot
from game.words.ends import needs_text

if TYPE_CHECKING:
    from game.ui.table.protocols import Table


class Picture:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._made: tuple[tuple[object, ...], TableSnapshot] | None = None

    def current(self) -> TableSnapshot:
        """The snapshot of the table now (the last one, unless its key changed)."""
        key = self.key()
        if self._made is None or self._made[0] != key:
            self._made = (key, self.take())
        return self._made[1]

    def key(self) -> tuple[object, ...]:
        """Everything a snapshot is made from, besides the position's version."""
        table = self.table
        board, controls, model, options = table.board, table.controls, table.model, table.options
        seat = model.state.current_player
        return (
            board.version, id(board.regions), id(board.layout), table.motion.blocking, controls.handoff_open, model.viewer,
            options.hints, board.last_tile, controls.plays_by_pad(seat), options.show_knowledge, model.takebacks is not None,
            tuple(panel.key() for panel in table.panel_parts), table.mode.look.key(table),
        )

    def playable(self) -> frozenset[int] | None:
        """Tiles with a legal place now (None when it is not this hand's turn, or hints are off)."""
        table = self.table
        if not table.options.hints or not table.can_act():
            return None
        return frozenset(a.tile for a in table.model.legal if a.kind == "lay" and a.tile is not None)

    def take(self) -> TableSnapshot:
        """The table's snapshot now."""
        table = self.table
        board, model, look = table.board, table.model, table.mode.look
        state = model.state
        rules = state.rules
        regions = board.regions
        history = state.history
        news = tuple(sorted(board.news.items()))
        panes = tuple(
            Pane(part, regions.panels[part.name], part.content(table, regions.panels[part.name]))
            for part in table.open_panels()
            if part.name in regions.panels
        )
        return TableSnapshot(
            regions=regions,
            layout=board.layout,
            names=tuple(model.names),
            header=look.header_text(table),
            deal=look.deal_text(table),
            deal_first=not history,
            lead=look.lead_text(table),
            hand_label=look.hand_text(table),
            hand=tuple(board.hand),
            hand_face_up=look.hand_face_up(table),
            can_act=table.can_act(),
            can_draw=look.can_draw(table),
            playable=self.playable(),
            legal=tuple(model.legal),
            open_ends=tuple(board.open_ends),
            end_labels={end.arm: needs_text(end.values, rules.target, rules.matadors, rules.wild_doubles) for end in board.open_ends},
            news=news,
            news_actions=tuple((seat, history[index][1]) for seat, index in news),
            plaques={seat: Plaque(look.seat_info(table, seat), look.revealed(table, seat)) for seat in regions.seats},
            boneyard_count=state.boneyard_count,
            reserve_count=state.reserve_count,
            boneyard_caption=(_("Boneyard: {count}") if rules.drawing != "none" else _("Set aside: {count}")).format(count=state.boneyard_count),
            last_tile=board.last_tile,
            pointed_out=tuple(look.pointed_out(table)),
            phase=state.phase,
            context=table.controls.input_context(),
            panes=panes,
        )
