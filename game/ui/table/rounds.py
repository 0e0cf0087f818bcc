"""Between rounds at the table: the round's summary once the table stands
still, a redeal, the next round, a new match with the same seats. The
referee deals (``Referee.start_round``), and its listeners hear of it.
Functions of the table scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.ui.table.round_end import RoundEndScene

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def after_round(table: TableScene, dt: float) -> None:
    """The round is over: once the table stands still, its summary shows (once), or
    after a redeal the tiles are dealt again."""
    if table.motion.blocking or table.motion.shift is not None or table.app is None:
        return  # the summary freezes the table beneath it: only once it stands still
    state = table.model.match.rounds[-1]  # the round in play
    outcome = state.outcome
    if outcome is None:
        return
    if outcome.end == "redeal":
        if table.round_wait == 0.0:
            table.motion.say(_("Nobody could lead: the tiles are dealt again"), 2.5)
        table.round_wait += dt
        if table.round_wait >= 1.5:
            table.round_wait = 0.0
            next_round(table)
        return
    if table.round_shown == table.model.match.round_index:
        return
    table.round_shown = table.model.match.round_index
    table.sound("match_won" if table.model.match.over else "round_won")
    table.app.push(RoundEndScene(table))


def next_round(table: TableScene) -> None:
    """Deal the next round (the engine decides who leads)."""
    if table.model.match.over or not table.model.state.over:
        return
    table.model.referee.start_round()
    new_deal(table)
    table.last_tile = None
    table.input.reset()
    table.motion.finish()
    table.aids.log_scroll = 0
    table.sync(force=True)


def new_match(table: TableScene) -> None:
    """The same seats and rules again, from a new shuffle."""
    table.model.new_match()
    table.aids.stop_thinking()
    table.round_shown = -1
    table.unit_cap = {}
    table.last_tile = None
    table.input.reset()
    table.motion.finish()
    table.sync(force=True)


def new_deal(table: TableScene) -> None:
    """New hands: with several people at the screen, the next one is handed the
    screen afresh; hints and what could be redone belong to the old hands."""
    table.model.new_deal()
    table.aids.stop_thinking()
