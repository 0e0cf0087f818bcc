"""What the table says of the seats: the hand's label in play, and each seat's
plaque (name, tiles, points, status). Functions of the table scene; a mode
may change them (``Mode.hand_text``, ``Mode.seat_status``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.ui.table.log import news_words
from game.ui.table.who_plays import plays_by_pad
from game.ui.table.words import hand_line, tiles_text, turn_text, your_turn_text

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def hand_words(table: TableScene) -> str:
    """The hand's label in play: whose hand, its points, whose turn."""
    state = table.model.state
    if table.model.viewer is None:
        return _("Waiting for the first player")
    seat = state.current_player
    if seat is None:
        status = _("the round is over")
    elif seat == table.model.viewer and table.model.is_person(seat):
        status = your_turn_text({a.kind for a in table.model.legal}, plays_by_pad(table, seat))
    else:
        status = turn_text(table.model.names[seat], thinking=not table.model.is_person(seat))
    return hand_line(table.model.names[table.model.viewer], table.model.totals()[table.model.viewer], status)


def seat_words(table: TableScene, seat: int) -> tuple[str, int, int, bool, str]:
    """(name, tiles held, match total, to move, status line) for a seat's plaque."""
    state = table.model.state
    to_move = state.current_player == seat
    count = state.hand_count(seat)
    if to_move and not table.model.is_person(seat) and not table.motion.blocking:
        status = _("thinking…")
    elif to_move:
        status = _("to move")
    elif seat in table.news:  # what it did since the person at the screen last moved
        status = news_words(state.history[table.news[seat]][1])
    else:
        status = tiles_text(count)
    return table.model.names[seat], count, table.model.totals()[seat], to_move, table.mode.seat_status(table, seat, status)

