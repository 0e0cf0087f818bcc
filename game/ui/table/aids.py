"""The table's play aids, as a part of ``TableScene``: undo and redo by whole
turns, the hint, the moves panel, the score sheet and what the table knows.

``PlayAids`` holds only methods; the state they use (the match, the input, the
motion, the takebacks...) is the table scene's own, named below for the type
checker.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Callable

import pygame

from game.engine import Action, Match, RoundState
from game.i18n import _
from game.ui.app import App
from game.ui.table.animation import Motion
from game.ui.table.input import TableInput
from game.ui.table.knowledge import SeatKnowledge, table_knowledge
from game.ui.table.log import LogLine, MovesLog, place_words
from game.ui.table.moves import targets_for
from game.ui.table.panel import PanelContent
from game.ui.table.regions import TableRegions
from game.ui.table.score_sheet import ScoreSheetScene
from game.ui.table.undo import TakeBacks
from game.ui.table.words import wait_text
from game.referee import Referee
from game.thinker import Thinker, suggest_move

if TYPE_CHECKING:
    from game.ai.hint import Hint  # the worker imports the AI; the drawing process need not
    from game.ui.table.scene import TableScene

log = logging.getLogger(__name__)


class PlayAids:
    """Undo, redo, the hint, the moves, the scores: methods of the table scene."""

    # The table scene's state these methods use.
    app: App | None
    match: Match
    referee: Referee
    moves_log: MovesLog
    viewer: int | None
    thinker: Thinker
    legal: list[Action]
    input: TableInput
    motion: Motion
    regions: TableRegions
    news: dict[int, int]
    last_tile: int | None
    show_knowledge: bool
    on_pause: Callable[[TableScene], None] | None
    takebacks: TakeBacks | None
    helped: set[int]
    hint_budget_s: float
    hinted: tuple[tuple[int, int], Action, str] | None
    moves_open: bool
    log_scroll: int
    _hint_future: Future[Hint] | None
    _hint_at: tuple[int, int] | None
    _known: tuple[tuple[int, int, int], tuple[SeatKnowledge, ...], int] | None
    handoff_open: bool

    if TYPE_CHECKING:

        @property
        def state(self) -> RoundState: ...

        @property
        def names(self) -> list[str]: ...

        @property
        def people(self) -> list[int]: ...

        def can_act(self) -> bool: ...

        def sync(self, force: bool = False) -> None: ...

        def sound(self, name: str) -> None: ...

    def aid_event(self, event: pygame.event.Event) -> bool:
        """Keys and the wheel for the aids; True if the event was one of theirs."""
        if event.type == pygame.MOUSEWHEEL and self.regions.panel is not None and self.regions.panel.collidepoint(self.input.pointer):
            self.scroll_log(event.y)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if ctrl and event.key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl:
            return False
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_l:
            self.toggle_moves()
        elif event.key == pygame.K_s:
            self.open_scores()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.moves_open:
            self.scroll_log(3 if event.key == pygame.K_PAGEUP else -3)
        elif event.key in (pygame.K_HOME, pygame.K_END) and self.moves_open:
            self.scroll_log(10_000 if event.key == pygame.K_HOME else -10_000)
        else:
            return False
        return True

    def use_tool(self, name: str) -> None:
        self.sound("button")
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.ask_hint()
        elif name == "moves":
            self.toggle_moves()
        elif name == "scores":
            self.open_scores()
        elif name == "menu" and self.on_pause is not None:
            self.on_pause(self)  # type: ignore[arg-type]

    def can_undo(self) -> bool:
        return self.takebacks is not None and not self.handoff_open and self.takebacks.can_undo(self.match)

    def can_redo(self) -> bool:
        return self.takebacks is not None and not self.handoff_open and self.takebacks.can_redo(self.match)

    def undo(self) -> None:
        """Back to the start of the person's previous turn (the computers' replies too)."""
        if self.takebacks is None:
            return
        if not self.can_undo():
            self.motion.say(_("The round is over: its moves stand") if self.state.over else _("Nothing to undo"), 2.5)
            return
        self.stop_thinking()
        self.takebacks.undo(self.referee)  # the referee takes the moves back (and marks the match assisted)
        self.helped.add(self.takebacks.seat)
        self._jumped(_("Undone: your turn again"))

    def redo(self) -> None:
        """Play again what was undone, up to the start of the person's next turn."""
        if self.takebacks is None:
            return
        if not self.can_redo():
            self.motion.say(_("Nothing to redo"), 2.0)
            return
        self.stop_thinking()
        self.takebacks.redo_turn(self.referee)
        self._jumped(_("Redone"))

    def stop_thinking(self) -> None:
        """A computer's decision or a hint under way is cancelled, its answer discarded."""
        self.referee.cancel()
        self._hint_future = None
        self._hint_at = None
        self.hinted = None

    def _jumped(self, message: str) -> None:
        """The position changed by undo or redo: redraw it at once (the referee's
        listeners, the autosave among them, were told)."""
        self.input.reset()
        self.motion.finish()
        self.last_tile = None
        self.sync(force=True)
        self.motion.say(message, 2.0)

    def hint_seed(self) -> int:
        return hash((self.match.seed, self.match.round_index, len(self.state.history), 7919)) & 0x7FFFFFFF

    def ask_hint(self) -> None:
        """The hard player thinks from the person's own seat; the tile lifts, its place glows."""
        if not self.can_act() or self.viewer is None:
            seat = self.state.current_player
            self.motion.say(wait_text(self.names[seat]) if seat is not None else _("The round is over"), 2.0)
            return
        at = (self.match.round_index, len(self.state.history))
        if self.hinted is not None and self.hinted[0] == at:
            self.show_hint()
            return
        if self._hint_future is not None and self._hint_at == at:
            return  # already thinking about it
        self.match.assisted = True
        self.helped.add(self.viewer)
        view = self.match.view(self.viewer)
        self._hint_future = self.thinker.run(suggest_move, view, self.hint_seed(), self.names, self.hint_budget_s)
        self._hint_at = at
        self.motion.say(_("Thinking of a hint…"), 1.5)

    def _poll_hint(self) -> None:
        future = self._hint_future
        if future is None or not future.done():
            return
        self._hint_future = None
        at = (self.match.round_index, len(self.state.history))
        if self._hint_at != at:
            return  # the position moved on: the answer is of no use
        try:
            hint = future.result()
        except Exception as err:
            log.warning("the hint failed: %s", err)
            self.motion.say(_("No hint this time"), 2.0)
            return
        action, reason = hint.action, hint.reason
        self.hinted = (at, action, reason)
        self.show_hint()

    def show_hint(self) -> None:
        if self.hinted is None:
            return
        _at, action, reason = self.hinted
        self.point_at(action)
        if action.kind == "lay" and action.tile is not None:
            what = place_words(action, self.state)
            text = _("Hint: lead {move}").format(move=what) if action.arm is None else _("Hint: {move}").format(move=what)
        else:
            text = {"draw": _("Hint: draw"), "pass": _("Hint: pass"), "refuse": _("Hint: refuse to lead")}.get(action.kind, _("Hint"))
        # TRANSLATORS: the hint, then the coach's reason for it.
        self.motion.say(_("{hint} — {reason}").format(hint=text, reason=reason), 6.0)

    def point_at(self, action: Action) -> None:
        """Show where ``action`` goes: its tile lifts from the hand, its place glows
        (turned as ``action`` lays it). Nothing is played."""
        self.input.reset()
        if action.kind != "lay" or action.tile is None:
            return
        for index, target in enumerate(targets_for(action.tile, self.legal)):
            if action in target.actions:
                self.input.pick(action.tile, index, target.actions.index(action))

    def hinted_action(self) -> Action | None:
        """The hint for the position on the table, if one was asked for and is still good."""
        if self.hinted is None or self.hinted[0] != (self.match.round_index, len(self.state.history)):
            return None
        return self.hinted[1]

    def toggle_moves(self) -> None:
        self.moves_open = not self.moves_open
        self.log_scroll = 0
        self.input.reset()
        self.motion.finish()
        self.sync(force=True)

    def scroll_log(self, lines: int) -> None:
        most = max(0, len(self.log_lines()) - 1)
        self.log_scroll = max(0, min(most, self.log_scroll + lines))

    def open_scores(self) -> None:
        if self.app is not None:
            self.input.reset()
            self.app.push(ScoreSheetScene(self.match))

    def log_lines(self) -> list[LogLine]:
        """The round's moves in words (made again only when the round moves on)."""
        state = self.state
        face_up = frozenset({self.viewer}) if self.viewer is not None and len(self.people) <= 1 else frozenset()
        return self.moves_log.lines(state, self.names, face_up)

    def knowledge(self) -> tuple[tuple[SeatKnowledge, ...], int]:
        """What the table knows of each other seat, from the person at the screen's
        view, and how many tiles that person cannot see (worked out once a position)."""
        if self.viewer is None or self.handoff_open:
            return (), 0
        key = (self.match.round_index, len(self.state.history), self.viewer)
        if self._known is None or self._known[0] != key:
            view = self.match.view(self.viewer)
            self._known = (key, tuple(table_knowledge(view)), len(view.unseen()))
        return self._known[1], self._known[2]

    def panel_content(self) -> PanelContent | None:
        panel = self.regions.panel
        if panel is None:
            return None
        view_ok = self.viewer is not None and not self.handoff_open
        knowledge, unseen = self.knowledge() if self.show_knowledge and view_ok else (None, 0)
        special = "matador" if self.match.rules.matadors else "wild double"
        return PanelContent(
            panel.size,
            self.regions.scale,
            tuple(self.log_lines()) if self.moves_open else None,
            tuple(self.names),
            frozenset(self.news.values()),
            self.log_scroll,
            knowledge,
            unseen,
            special,
            _("Moves · round {round}").format(round=self.match.round_index + 1),
        )
