"""The review of a round, as a mode of the table: positions come from the
round's record, stepped by a cursor, with every hand face up, while a fair
coach judges one seat's actions (its card and its moves are the mode's side
panels, ``review_card``).

The cursor stands *before* an action: the card says who does what next, and
for the reviewed seat's actions the coach's verdict, worked out from that
seat's view alone (``game.ai.review``): the chance of winning the round after
the action played and after the best one. A mistake or a blunder shows the
better action as a glowing ghost, with a short reason. The analysis runs in
worker processes on every core; the review can be stepped through meanwhile.

Keys: Left/Right step, Home/End jump, Page Up/Down change round, Tab changes
the reviewed seat, Esc leaves. The slider in the header moves the cursor. A
controller: the D-pad steps, the triggers jump, the shoulders change round, Y
the seat, B leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.ai.review import Analysis, Decision
from game.engine import Action, Match, RoundState, SeatView
from game.i18n import N_, _
from game.thinker import Thinker
from game.ui.table.log import LogLine, drew_words, position_at, round_log
from game.ui.table.look import PlayLook
from game.ui.table.mode import LiveSource, Watching
from game.ui.table.regions import TableRegions
from game.ui.table.review_card import NAMED, ReviewCard
from game.ui.table.review_graph import mark_word
from game.ui.table.scene import TableScene
from game.ui.words import is_you

if TYPE_CHECKING:
    from game.ui.table.model import TableModel
    from game.ui.gamepad import PadPress
    from game.ui.table.panels import PanelPart

TOOLS = {"first": "|<", "back": "<", "next": ">", "last": ">|", "seat": N_("Seat"), "close": N_("Close")}
ROUND_TOOLS = {"round_back": N_("< Round"), "round_next": N_("Round >")}


def review_table(
    match: Match,
    round_index: int,
    seat: int | None = None,
    *,
    thinker: Thinker | None = None,
    on_leave: Callable[[TableScene], None] | None = None,
    analysis_mode: str = "process",
    analysis_budget: object | None = None,
) -> TableScene:
    """The table replaying ``match``'s round ``round_index``, judging ``seat`` (the first person's by default)."""
    mode = ReviewMode(match, round_index, seat, analysis_mode, analysis_budget)
    return TableScene(match, thinker=thinker, on_leave=on_leave, on_pause=lambda scene: scene.leave(), mode=mode)


class ReviewMode:
    """A finished (or abandoned) match's round, replayed and judged: its cursor
    is the source, nobody moves, its tools and card show."""

    name = "review"

    def __init__(self, match: Match, round_index: int, seat: int | None, analysis_mode: str = "process", analysis_budget: object | None = None):
        self.source = ReviewSource(match, round_index, seat, analysis_mode, analysis_budget)
        self.moves = Watching()
        self.look = ReviewLook(self.source)

    def attach(self, table: TableScene) -> None:
        self.source.attach(table)
        self.look.attach(table)


class ReviewSource(LiveSource):
    """The round's record at the cursor, the coach's analyses of it."""

    def __init__(self, match: Match, round_index: int, seat: int | None, analysis_mode: str = "process", analysis_budget: object | None = None):
        super().__init__()
        humans = [s for s, p in enumerate(match.players) if p.is_human]
        self.match = match
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.round = max(0, min(round_index, len(match.rounds) - 1))
        self.cursor = 0
        self.analysis_mode = analysis_mode
        self.analysis_budget = analysis_budget
        self.analyses: dict[tuple[int, int], Analysis] = {}  # (seat, round) -> its analysis
        self.table: TableScene | None = None
        self._position: tuple[tuple[int, int], RoundState] | None = None
        self._marked: tuple[tuple[int, int, int, int | None], list[LogLine]] | None = None
        self.moved: list[Callable[[], None]] = []  # told when the cursor moves (the look's slider follows)

    def attach(self, table: TableScene) -> None:
        self.table = table
        table.model.show_to(self.seat)

    # The position at the cursor ----------------------------------------------------
    @property
    def round_state(self) -> RoundState:
        return self.match.rounds[self.round]

    def position(self, model: TableModel) -> RoundState:
        return self.state

    def record(self, model: TableModel) -> RoundState | None:
        return self.state

    def view(self, model: TableModel, seat: int) -> SeatView:
        """What ``seat`` knew as the round stood at the cursor."""
        return self.state.view(seat)

    @property
    def state(self) -> RoundState:
        """The round as it stood at the cursor."""
        key = (self.round, self.cursor)
        if self._position is None or self._position[0] != key:
            self._position = (key, position_at(self.round_state, self.cursor))
        return self._position[1]

    @property
    def _table(self) -> TableScene:
        assert self.table is not None, "the mode is given to a table first"
        return self.table

    @property
    def length(self) -> int:
        return len(self.round_state.history)

    def upcoming(self) -> tuple[int, Action] | None:
        """The action after the cursor: (seat, action)."""
        history = self.round_state.history
        return history[self.cursor] if self.cursor < len(history) else None

    def move_to(self, cursor: int) -> None:
        table = self._table
        self.cursor = max(0, min(self.length, cursor))
        table.jumped()
        for told in self.moved:
            told()

    def change_round(self, step: int) -> None:
        table = self._table
        target = max(0, min(len(self.match.rounds) - 1, self.round + step))
        if target != self.round:
            self.round = target
            self.cursor = 0
            table.jumped(new_layout=True)
            table.on_resize(table.size)  # the slider's range follows the round
            self.analysis()

    def change_seat(self) -> None:
        self.seat = (self.seat + 1) % self.match.rules.players
        self._table.model.show_to(self.seat)
        self._table.sync(force=True)
        self.analysis()

    # The coach ---------------------------------------------------------------------
    def analysis(self) -> Analysis:
        """The review of the chosen seat in this round (started once, then kept)."""
        key = (self.seat, self.round)
        found = self.analyses.get(key)
        if found is None:
            kwargs: dict[str, object] = {"rounds": [self.round], "mode": self.analysis_mode}
            if self.analysis_budget is not None:
                kwargs["budget"] = self.analysis_budget
            found = Analysis(self.match, self.seat, **kwargs)  # type: ignore[arg-type]
            found.start()
            self.analyses[key] = found
        return found

    def verdict(self) -> Decision | None:
        """The coach's verdict on the action after the cursor, if it is the reviewed seat's and ready."""
        upcoming = self.upcoming()
        if upcoming is None or upcoming[0] != self.seat:
            return None
        return self.analysis().decision(self.round, self.cursor)

    def close(self, table: TableScene) -> None:
        for analysis in self.analyses.values():
            analysis.cancel()

    def marked_log(self, upto: int | None = None) -> list[LogLine]:
        """The round's moves (with ``upto``, those on the board: draws in a row
        that run past it count only the tiles drawn before it), the reviewed
        seat's marked with the coach's word once known (made again only when the
        round, the seat or a verdict changes)."""
        analysis = self.analyses.get((self.seat, self.round))
        key = (self.round, self.seat, analysis.finished if analysis is not None else -1, None)
        if self._marked is None or self._marked[0] != key:
            self._marked = (key, self._mark(analysis, self.round_state))
        lines = self._marked[1]
        if upto is None:
            return lines
        shown = [line for line in lines if line.index < upto]
        later = next((line for line in lines if line.index >= upto), None)
        history = self.round_state.history
        if later is not None and history[later.index][1].kind == "draw" and upto > 0 and history[upto - 1] == (later.seat, history[upto - 1][1]):
            start = upto
            while start > 0 and history[start - 1][0] == later.seat and history[start - 1][1].kind == "draw":
                start -= 1
            count = upto - start
            if count:
                words = drew_words(self.match.players[later.seat].name, count)
                shown.append(LogLine(upto - 1, later.seat, words, later.tiles[:count]))
        return shown

    def _mark(self, analysis: Analysis | None, state: RoundState) -> list[LogLine]:
        lines = round_log(state, [p.name for p in self.match.players], frozenset(range(self.match.rules.players)))
        if analysis is None:
            return lines
        out = []
        for line in lines:
            decision = analysis.decision(self.round, line.index) if line.seat == self.seat else None
            if decision is not None and decision.mark in ("inaccuracy", "mistake", "blunder", "forced"):
                line = LogLine(line.index, line.seat, _("{move} ({mark})").format(move=line.text, mark=mark_word(decision.mark)), line.tiles)
            out.append(line)
        return out

    # The moves panel ------------------------------------------------------------------
    def log_lines(self, table: TableScene) -> list[LogLine]:
        """The moves on the board (a line per move, draws in a row on one), the
        reviewed seat's marked with the coach's word."""
        return self.marked_log(self.cursor)

    def log_title(self, table: TableScene) -> str:
        return _("Moves · round {round} of {count}").format(round=self.round + 1, count=len(self.match.rounds))

    def log_lit(self, table: TableScene) -> frozenset[int]:
        """The last move on the board."""
        lines = self.marked_log(self.cursor)
        return frozenset({lines[-1].index} if lines else ())

    # The table, as a replay --------------------------------------------------------
    def takes_back(self, model: TableModel) -> bool:
        return False

    def turn(self, table: TableScene, seat: int, dt: float) -> None:
        """Nobody moves in a review (and no cover: every hand is shown)."""

    def after_round(self, table: TableScene, dt: float) -> None:
        """No summary: the review shows the round's end itself."""

    def totals(self, model: TableModel) -> list[int]:
        """The totals as they stood when the round was dealt."""
        totals = [0] * self.match.rules.players
        for state in self.match.rounds[: self.round]:
            outcome = state.outcome
            if outcome is not None and outcome.end != "redeal":
                totals = [t + s for t, s in zip(totals, outcome.scores)]
        return totals


class ReviewLook(PlayLook):
    """What a review shows: every hand face up, the better move glowing, its
    tools and slider in the header, its moves and the coach's card."""

    def __init__(self, review: ReviewSource):
        self.review = review
        self.card = ReviewCard(review)
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        review.moved.append(self.follow_cursor)

    def follow_cursor(self) -> None:
        """The cursor moved: the slider shows where."""
        if self.slider is not None and self.slider.get_current_value() != self.review.cursor:
            self.slider.set_current_value(self.review.cursor)

    def hand_face_up(self, table: TableScene) -> bool:
        return True

    def revealed(self, table: TableScene, seat: int) -> tuple[int, ...] | None:
        return tuple(table.model.state.hand(seat))

    def hand_text(self, table: TableScene) -> str:
        name = table.model.names[self.review.seat]
        pips = self.review.state.pips(self.review.seat)
        words = _("Your tiles  ·  {pips} pips  ·  {points} pts before this round") if is_you(name) else _("{name}'s tiles  ·  {pips} pips  ·  {points} pts before this round")
        return words.format(name=name, pips=pips, points=self.review.totals(table.model)[self.review.seat])

    def header_text(self, table: TableScene) -> str:
        return ""  # the slider takes the header's place

    def seat_status(self, table: TableScene, seat: int, status: str) -> str:
        return _("to move") if status == _("thinking…") else status  # a replay: nobody is thinking

    def can_draw(self, table: TableScene) -> bool:
        """The boneyard glows when the coach's better action is a draw."""
        decision = self.review.verdict()
        return decision is not None and decision.mark in NAMED and decision.best.kind == "draw"

    def pointed_out(self, table: TableScene) -> list[Action]:
        """For every mark that names a better lay: that lay, as a glowing ghost
        (a better draw lights the boneyard instead: ``can_draw``)."""
        decision = self.review.verdict()
        if decision is None or decision.mark not in NAMED or decision.best.kind != "lay":
            return []
        return [decision.best]

    def tool_names(self, table: TableScene) -> list[str]:
        return []

    def tool_slots(self, table: TableScene) -> int:
        return len(TOOLS) + (len(ROUND_TOOLS) if len(self.review.match.rounds) > 1 else 0)

    def panel_shown(self, table: TableScene, name: str, wanted: bool) -> bool:
        """The moves always (up to the cursor), never what the table knows (every hand shows)."""
        return {"moves": True, "knowledge": False}.get(name, wanted)

    def cards(self) -> list[PanelPart]:
        return [self.card]

    def key(self, table: TableScene) -> tuple[object, ...]:
        analysis = self.review.analyses.get((self.review.seat, self.review.round))
        progress = (analysis.finished, analysis.total, analysis.done) if analysis is not None else None
        return (self.review.round, self.review.cursor, self.review.seat, progress)

    def build(self, table: TableScene, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        names = dict(TOOLS)
        if len(self.review.match.rounds) > 1:
            names = {**{k: v for k, v in TOOLS.items() if k != "close"}, **ROUND_TOOLS, "close": TOOLS["close"]}
        style = "#tool_l" if regions.scale >= 1.2 else "#tool"
        self.tools = {  # the arrows stay arrows; the words are the player's language's
            name: pygame_gui.elements.UIButton(rect, _(label) if any(c.isalpha() for c in label) else label, gui, object_id=style)
            for (name, label), rect in zip(names.items(), regions.tool_buttons)
        }
        header = regions.header
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(header.left, header.top, min(header.width, round(420 * regions.scale)), regions.tool_buttons[0].height if regions.tool_buttons else header.height),
            self.review.cursor,
            (0, max(1, self.review.length)),
            gui,
            click_increment=1,
        )
        self.card.forget()

    # Input -------------------------------------------------------------------------
    def handle_event(self, table: TableScene, event: pygame.event.Event) -> bool:
        card = table.board.regions.panels.get(ReviewCard.name)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and card is not None and self.card.overview:
            target = self.card.overview.jump((event.pos[0] - card.left, event.pos[1] - card.top))
            if target is not None:
                self.review.move_to(target)
                return True
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_LEFT: lambda: self.review.move_to(self.review.cursor - 1),
                pygame.K_RIGHT: lambda: self.review.move_to(self.review.cursor + 1),
                pygame.K_HOME: lambda: self.review.move_to(0),
                pygame.K_END: lambda: self.review.move_to(self.review.length),
                pygame.K_PAGEUP: lambda: self.review.change_round(-1),
                pygame.K_PAGEDOWN: lambda: self.review.change_round(1),
                pygame.K_TAB: self.review.change_seat,
                pygame.K_ESCAPE: table.leave,
            }
            action = moves.get(event.key)
            if action is not None:
                action()
                return True
        return False

    def handle_pad(self, table: TableScene, press: PadPress) -> bool:
        """A controller: left/right step (held, they run), the shoulders change the
        round, Y the seat under review, B or Start leaves."""
        button = press.button
        if button in ("left", "right"):
            self.review.move_to(self.review.cursor + (1 if button == "right" else -1))
        elif button in ("lb", "rb") and not press.repeat:
            self.review.change_round(1 if button == "rb" else -1)
        elif button in ("lt", "rt") and not press.repeat:
            self.review.move_to(0 if button == "lt" else self.review.length)
        elif button == "y" and not press.repeat:
            self.review.change_seat()
        elif button in ("b", "start") and not press.repeat:
            table.leave()
        return True

    def use_tool(self, table: TableScene, name: str) -> None:
        table.sound("button")
        steps: dict[str, Callable[[], None]] = {
            "first": lambda: self.review.move_to(0),
            "back": lambda: self.review.move_to(self.review.cursor - 1),
            "next": lambda: self.review.move_to(self.review.cursor + 1),
            "last": lambda: self.review.move_to(self.review.length),
            "seat": self.review.change_seat,
            "round_back": lambda: self.review.change_round(-1),
            "round_next": lambda: self.review.change_round(1),
            "close": table.leave,
        }
        steps[name]()

    def update(self, table: TableScene, dt: float) -> None:
        for name, button in list(self.tools.items()):
            if button.check_pressed():
                self.use_tool(table, name)
                return
        slider = self.slider
        if slider is not None and slider.has_moved_recently and int(slider.get_current_value()) != self.review.cursor:
            self.review.move_to(int(slider.get_current_value()))
        analysis = self.review.analysis()
        if analysis.poll():
            self.card.forget()  # a verdict came in
        for name, button in self.tools.items():
            enabled = {
                "first": self.review.cursor > 0,
                "back": self.review.cursor > 0,
                "next": self.review.cursor < self.review.length,
                "last": self.review.cursor < self.review.length,
                "round_back": self.review.round > 0,
                "round_next": self.review.round < len(self.review.match.rounds) - 1,
            }.get(name, True)
            if enabled != button.is_enabled:
                button.enable() if enabled else button.disable()  # type: ignore[no-untyped-call]
