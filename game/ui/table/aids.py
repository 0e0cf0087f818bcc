"""The table's play aids, as an object the table holds (``table.aids``): undo
and redo by whole turns, the hint and the score sheet (the moves and what the
table knows are side panels: moves_panel.py, knowledge_panel.py).

The aids change the game only through the referee (undo and redo), and the
picture only through the table (its motion, its input, ``sync``).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.engine import Action
from game.engine.tiles import tile_name
from game.i18n import _
from game.ui.table.log import place_words
from game.ui.table.moves import targets_for
from game.ui.table.panels.score_sheet import ScoreSheetScene
from game.ui.table.undo import TakeBacks
from game.ui.table.table_words import wait_text
from game.play.thinker import suggest_move

if TYPE_CHECKING:
    from game.ai.hint import Hint  # the worker imports the AI; the drawing process need not
    from game.ui.table.protocols import Table

log = logging.getLogger(__name__)

HINT_BUDGET_S = 0.8  # the hard player's thinking for a hint: the answer comes within a second


class TableAids:
    """Undo, redo, the hint and the scores, for one table."""

    def __init__(self, table: Table):
        self.table = table
        self.hint_budget_s = HINT_BUDGET_S
        self.helped: set[int] = set()  # the seats that took a move back or asked for a hint (statistics)
        self.hinted: tuple[tuple[int, int], Action, str] | None = None  # (position, action, reason)
        self._hint_future: Future[Hint] | None = None
        self._hint_at: tuple[int, int] | None = None

    @property
    def takebacks(self) -> TakeBacks | None:
        """Undo and redo of the person's turns (None: moves cannot be taken back here)."""
        return self.table.model.takebacks

    def aid_event(self, event: pygame.event.Event, helps: bool = True) -> bool:
        """Keys for the aids (the moves panel's are its own); True if the
        event was one of theirs. Without ``helps`` (a table of several people over
        the network) undo, redo and the hint are not the aids' keys; the moves and
        the scores are."""
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if not helps and (ctrl or event.key == pygame.K_h):
            return False
        if ctrl and event.key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl:
            return False
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_s:
            self.open_scores()
        else:
            return False
        return True

    def use_tool(self, name: str) -> None:
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.ask_hint()
        elif name == "scores":
            self.open_scores()
        elif name == "menu" and self.table.on_pause is not None:
            self.table.on_pause(self.table)

    def can_undo(self) -> bool:
        return self.takebacks is not None and not self.table.controls.handoff_open and self.takebacks.can_undo(self.table.model.match)

    def can_redo(self) -> bool:
        return self.takebacks is not None and not self.table.controls.handoff_open and self.takebacks.can_redo(self.table.model.match)

    def undo(self) -> None:
        """Back to the start of the person's previous turn (the computers' replies too)."""
        if self.takebacks is None:
            return
        if not self.can_undo():
            self.table.motion.say(_("The round is over: its moves stand") if self.table.model.state.over else _("Nothing to undo"), 2.5)
            return
        self.stop_thinking()
        self.takebacks.undo(self.table.model.referee)  # the referee takes the moves back (and marks the match assisted)
        self.helped.add(self.takebacks.seat)
        self._jumped(_("Undone: your turn again"))

    def redo(self) -> None:
        """Play again what was undone, up to the start of the person's next turn."""
        if self.takebacks is None:
            return
        if not self.can_redo():
            self.table.motion.say(_("Nothing to redo"), 2.0)
            return
        self.stop_thinking()
        self.takebacks.redo_turn(self.table.model.referee)
        self._jumped(_("Redone"))

    def stop_thinking(self) -> None:
        """A computer's decision or a hint under way is cancelled, its answer discarded."""
        self.table.model.referee.cancel()
        self._hint_future = None
        self._hint_at = None
        self.hinted = None

    def _jumped(self, message: str) -> None:
        """The position changed by undo or redo: redraw it at once (the referee's
        listeners, the autosave among them, were told)."""
        self.table.jumped(forget_last=True)
        self.table.motion.say(message, 2.0)

    def hint_seed(self) -> int:
        return hash((self.table.model.match.seed, self.round_index(), len(self.table.model.state.history), 7919)) & 0x7FFFFFFF

    def round_index(self) -> int:
        return self.table.model.round_index

    def ask_hint(self) -> None:
        """The hard player thinks from the person's own seat; the tile lifts, its place glows."""
        if not self.table.can_act() or self.table.model.viewer is None:
            seat = self.table.model.state.current_player
            self.table.motion.say(wait_text(self.table.model.names[seat]) if seat is not None else _("The round is over"), 2.0)
            return
        at = (self.round_index(), len(self.table.model.state.history))
        if self.hinted is not None and self.hinted[0] == at:
            self.show_hint()
            return
        if self._hint_future is not None and self._hint_at == at:
            return  # already thinking about it
        self.table.model.match.assisted = True
        self.helped.add(self.table.model.viewer)
        view = self.table.model.view(self.table.model.viewer)
        self._hint_future = self.table.model.thinker.run(suggest_move, view, self.hint_seed(), self.table.model.names, self.hint_budget_s)
        self._hint_at = at
        self.table.motion.say(_("Thinking of a hint…"), 1.5)

    @property
    def hint_awaited(self) -> bool:
        """A hint is being thought of (its answer is polled every frame)."""
        return self._hint_future is not None

    def poll_hint(self) -> None:
        future = self._hint_future
        if future is None or not future.done():
            return
        self._hint_future = None
        at = (self.round_index(), len(self.table.model.state.history))
        if self._hint_at != at:
            return  # the position moved on: the answer is of no use
        try:
            hint = future.result()
        except Exception as err:
            log.warning("the hint failed: %s", err)
            self.table.motion.say(_("No hint this time"), 2.0)
            return
        action, reason = hint.action, hint.reason
        self.hinted = (at, action, reason)
        self.show_hint()

    def show_hint(self) -> None:
        if self.hinted is None:
            return
        _at, action, reason = self.hinted
        self.point_at(action)
        record = self.table.model.record
        if action.kind == "lay" and action.tile is not None:
            what = place_words(action, record) if record is not None else tile_name(action.tile)
            text = _("Hint: lead {move}").format(move=what) if action.arm is None else _("Hint: {move}").format(move=what)
        else:
            text = {"draw": _("Hint: draw"), "pass": _("Hint: pass"), "refuse": _("Hint: refuse to lead")}.get(action.kind, _("Hint"))
        # TRANSLATORS: the hint, then the coach's reason for it.
        self.table.motion.say(_("{hint} — {reason}").format(hint=text, reason=reason), 6.0)

    def point_at(self, action: Action) -> None:
        """Show where ``action`` goes: its tile lifts from the hand, its place glows
        (turned as ``action`` lays it). Nothing is played."""
        self.table.controls.input.reset()
        if action.kind != "lay" or action.tile is None:
            return
        for index, target in enumerate(targets_for(action.tile, self.table.model.legal)):
            if action in target.actions:
                self.table.controls.input.pick(action.tile, index, target.actions.index(action))

    def hinted_action(self) -> Action | None:
        """The hint for the position on the table, if one was asked for and is still good."""
        if self.hinted is None or self.hinted[0] != (self.round_index(), len(self.table.model.state.history)):
            return None
        return self.hinted[1]

    def open_scores(self) -> None:
        if self.table.app is not None:
            self.table.controls.input.reset()
            self.table.app.push(ScoreSheetScene(self.table.model.match, self.table.mode.source.sheet(self.table)))
