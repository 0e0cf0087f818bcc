"""What a table shows: the ``look`` of its mode. ``PlayLook`` is live play's,
the base every mode's look narrows: the toolbar's buttons, which side panels
show, the mode's own parts and widgets, whose hand is face up, what glows,
and every line of words on the table (the header, the lead, the hand's
label, the plaques). It reads the table (its model, its motion), and changes
nothing of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Action
from game.engine.tiles import halves
from game.i18n import _
from game.ui.table.felt.animation import Glide, centre_of
from game.ui.table.log import news_words
from game.ui.table.panels.toolbar import tool_names
from game.ui.table.felt.show import seat_anchor
from game.ui.table.table_words import deal_text, hand_line, header_text, lead_text, passed_text, refused_text, tiles_text, turn_text, your_turn_text

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.shell.gamepad import PadPress
    from game.ui.table.felt.regions import TableRegions
    from game.ui.table.protocols import PanelPart, Part, Table

SeatInfo = tuple[str, int, int, bool, str]  # name, tiles held, match total, to move, status line


class PlayLook:
    """What live play shows at this screen."""

    def attach(self, table: Table) -> None:
        """The table this look is given to (once, as the table is made)."""

    # The toolbar, the panels, the mode's own parts and widgets --------------------------
    def tool_names(self, table: Table) -> list[str]:
        """The toolbar's buttons: undo and redo only where moves may be taken back."""
        return tool_names(table.model.takebacks is not None)

    def tool_slots(self, table: Table) -> int:
        """How many buttons the toolbar's row has room for."""
        return len(self.tool_names(table))

    def panel_shown(self, table: Table, name: str, wanted: bool) -> bool:
        """Whether the side panel ``name`` shows, when it would by itself (``wanted``):
        a mode may hide a panel, or keep one open; it never lists them."""
        return wanted

    def cards(self) -> list[PanelPart]:
        """The mode's own side panels, at the column's foot under the table's (a review's coach)."""
        return []

    def parts(self, table: Table) -> list[Part]:
        """The mode's own parts, drawn over the table's."""
        return []

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        """The mode's widgets, for the window's size (the toolbar is the table's)."""

    def key(self, table: Table) -> tuple[object, ...]:
        """What of the mode the picture shows, besides the position (the snapshot's key)."""
        return ()

    # The position's picture ------------------------------------------------------------
    def hand_face_up(self, table: Table) -> bool:
        """Whether the hand at the bottom shows its faces: the person whose turn it
        is, or the one person here (with several people, never under the cover)."""
        model = table.model
        if model.viewer is None or table.controls.handoff_open:
            return False
        if len(model.people) <= 1:
            return True
        return model.state.current_player == model.viewer or model.state.over

    def revealed(self, table: Table, seat: int) -> tuple[int, ...] | None:
        """The tiles of ``seat``'s plaque shown face up; None while they are hidden."""
        return None

    def can_draw(self, table: Table) -> bool:
        """Whether the boneyard glows: a draw is the person's move."""
        return table.can_act() and any(a.kind == "draw" for a in table.model.legal)

    def pointed_out(self, table: Table) -> list[Action]:
        """Moves shown as glowing ghosts without a tile in hand."""
        return []

    def show(self, table: Table, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        """What ``seat``'s ``action`` looks like as it lands (the referee let it
        through, and the board is arranged for it): the tile gliding from its seat
        (or from where it was dropped, ``origin``) to its place, drawn tiles flying
        from the boneyard (``before``: the hand before), the words for a pass or a
        refusal, the sounds. It changes only the table's motion, never the game."""
        board, motion, model = table.board, table.motion, table.model
        layout, regions, glide_s = board.layout, board.regions, table.options.glide_s
        human = model.is_person(seat)
        if action.kind == "lay" and action.tile is not None:
            board.laid(action.tile)
            spot = layout.spot(action.tile)
            if spot is not None:
                start = origin if origin is not None else seat_anchor(regions, seat)
                duration = 0.14 if origin is not None else (glide_s if not human else 0.25)
                face = (spot.first, spot.second, spot.vertical, 2 * layout.unit)
                motion.add(Glide(start, centre_of(spot.rect), duration, face, 2 * layout.unit, spot.vertical, action.tile))
            table.sound("crosswise" if action.across else "lay")
        elif action.kind == "draw":
            drawn = set(model.state.hand(seat)) - before
            end = seat_anchor(regions, seat)
            length = max(24, 2 * layout.unit)
            face_up = seat == model.viewer and self.hand_face_up(table)
            for tile in drawn:
                rect = board.hand_rect(tile) if face_up else None
                target = centre_of(rect) if rect is not None else end
                shown: tuple[int, int, bool, int] | None = None
                if rect is not None:
                    shown = (*halves(tile), True, rect.height)
                motion.add(Glide(centre_of(regions.boneyard), target, glide_s * 0.8, shown, length, True, tile if rect else None, blocks=not human))
            table.sound("draw")
        elif action.kind == "pass":
            motion.say(passed_text(model.names[seat]), 2.0)
            table.sound("pass")
        elif action.kind == "refuse":
            motion.say(refused_text(model.names[seat]), 2.5)
            table.sound("pass")

    # Words ---------------------------------------------------------------------------------
    def header_text(self, table: Table) -> str:
        """The line above the felt: the rule set, the round, the goal."""
        return header_text(table.model.match)

    def deal_text(self, table: Table) -> str:
        """The round's deal by its commitment's fingerprint ("deal 3f9a c2d1"; ""
        for a deal set by hand, as a lesson's)."""
        match = table.model.match
        seal = match.seal(match.round_index) if match.rounds else None
        return deal_text(seal.commitment if seal is not None else None)

    def lead_text(self, table: Table) -> str:
        """Who leads with what, in the middle of the empty table."""
        record = table.model.record
        return lead_text(record, table.model.names) if record is not None else ""

    def hand_text(self, table: Table) -> str:
        """The hand's label in play: whose hand, its points, whose turn."""
        model = table.model
        if model.viewer is None:
            return _("Waiting for the first player")
        seat = model.state.current_player
        if seat is None:
            status = _("the round is over")
        elif seat == model.viewer and model.is_person(seat):
            status = your_turn_text({a.kind for a in model.legal}, table.controls.plays_by_pad(seat))
        else:
            status = turn_text(model.names[seat], thinking=not model.is_person(seat))
        return hand_line(model.names[model.viewer], model.totals()[model.viewer], status)

    def seat_info(self, table: Table, seat: int) -> SeatInfo:
        """(name, tiles held, match total, to move, status line) for a seat's plaque."""
        model = table.model
        state = model.state
        to_move = state.current_player == seat
        count = state.hand_count(seat)
        news = table.board.news
        if to_move and not model.is_person(seat) and not table.motion.blocking:
            status = _("thinking…")
        elif to_move:
            status = _("to move")
        elif seat in news:  # what it did since the person at the screen last moved
            status = news_words(state.history[news[seat]][1])
        else:
            status = tiles_text(count)
        return model.names[seat], count, model.totals()[seat], to_move, self.seat_status(table, seat, status)

    def seat_status(self, table: Table, seat: int, status: str) -> str:
        """A plaque's status line as this mode says it (``status``: live play's)."""
        return status

    # Input and the frame -------------------------------------------------------------------
    def handle_event(self, table: Table, event: pygame.event.Event) -> bool:
        """True if ``event`` was the mode's (before the table's parts see it)."""
        return False

    def handle_pad(self, table: Table, press: PadPress) -> bool:
        """True if a controller's press was the mode's."""
        return False

    def update(self, table: Table, dt: float) -> None:
        """After the table's frame: the mode's widgets."""
