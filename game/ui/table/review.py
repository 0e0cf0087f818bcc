"""The review of a round: the table replays it from its record with every hand
face up, step by step, while a fair coach judges one seat's actions.

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

from typing import Callable

import pygame
import pygame_gui

from game.ai.review import Analysis, Decision
from game.ai.search import win_share
from game.engine import Action, Match, RoundState
from game.i18n import N_, _
from game.ui.menu import wrap
from game.ui.table.log import LogLine, drew_words, place_words, position_at, round_log
from game.ui.table.panel import CARD, PanelContent, card_surface
from game.ui.table.regions import TableRegions, compute_regions
from game.ui.table.review_graph import AMBER, Overview, draw_overview, luck_words, mark_word, next_words, tally
from game.ui.table.scene import TableScene
from game.ui.cues import MISTAKE
from game.ui.text import DIM, GOLD, IVORY
from game.ui.gamepad import PadPress
from game.thinker import Thinker
from game.ui.words import is_you, shown_name

TOOLS = {"first": "|<", "back": "<", "next": ">", "last": ">|", "seat": N_("Seat"), "close": N_("Close")}
ROUND_TOOLS = {"round_back": N_("< Round"), "round_next": N_("Round >")}
NAMED = ("good", "inaccuracy", "mistake", "blunder")  # marks that name a better action


class ReviewScene(TableScene):
    """A finished (or abandoned) match's round, replayed and judged."""

    def __init__(
        self,
        match: Match,
        round_index: int,
        seat: int | None = None,
        *,
        thinker: Thinker | None = None,
        on_leave: Callable[[TableScene], None] | None = None,
        analysis_mode: str = "process",
        analysis_budget: object | None = None,
    ):
        super().__init__(match, thinker=thinker, on_leave=on_leave, on_pause=lambda scene: scene.leave())
        humans = [s for s, p in enumerate(match.players) if p.is_human]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.viewer = self.seat
        self.round = max(0, min(round_index, len(match.rounds) - 1))
        self.cursor = 0
        self.takebacks = None
        self.analysis_mode = analysis_mode
        self.analysis_budget = analysis_budget
        self.analyses: dict[tuple[int, int], Analysis] = {}  # (seat, round) -> its analysis
        self._position: tuple[tuple[int, int], RoundState] | None = None
        self._card: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._marked: tuple[tuple[int, int, int, int | None], list[LogLine]] | None = None
        self._overview: Overview | None = None  # where the card's list and graph were drawn
        self._slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self._review_tools: dict[str, pygame_gui.elements.UIButton] = {}
        self.moves_open = True

    # The position at the cursor ----------------------------------------------------
    @property
    def round_state(self) -> RoundState:
        return self.match.rounds[self.round]

    @property
    def state(self) -> RoundState:
        key = (self.round, self.cursor)
        if self._position is None or self._position[0] != key:
            self._position = (key, position_at(self.round_state, self.cursor))
        return self._position[1]

    @property
    def length(self) -> int:
        return len(self.round_state.history)

    def upcoming(self) -> tuple[int, Action] | None:
        """The action after the cursor: (seat, action)."""
        history = self.round_state.history
        return history[self.cursor] if self.cursor < len(history) else None

    def move_to(self, cursor: int) -> None:
        self.cursor = max(0, min(self.length, cursor))
        self.input.reset()
        self.motion.finish()
        self.sync(force=True)
        if self._slider is not None and self._slider.get_current_value() != self.cursor:
            self._slider.set_current_value(self.cursor)

    def change_round(self, step: int) -> None:
        target = max(0, min(len(self.match.rounds) - 1, self.round + step))
        if target != self.round:
            self.round = target
            self.cursor = 0
            self.unit_cap = {}
            self.on_resize(self.size)  # the slider's range follows the round
            self.analysis()

    def change_seat(self) -> None:
        self.seat = (self.seat + 1) % self.match.rules.players
        self.viewer = self.seat
        self.sync(force=True)
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

    def close(self) -> None:
        for analysis in self.analyses.values():
            analysis.cancel()
        super().close()

    # The table, as a replay --------------------------------------------------------
    @property
    def hand_face_up(self) -> bool:
        return True

    def revealed(self, seat: int) -> tuple[int, ...] | None:
        return tuple(self.state.hand(seat))

    def can_act(self) -> bool:
        return False

    def totals(self) -> list[int]:
        """The totals as they stood when the round was dealt."""
        totals = [0] * self.match.rules.players
        for state in self.match.rounds[: self.round]:
            outcome = state.outcome
            if outcome is not None and outcome.end != "redeal":
                totals = [t + s for t, s in zip(totals, outcome.scores)]
        return totals

    def hand_text(self) -> str:
        name = self.names[self.seat]
        pips = self.state.pips(self.seat)
        words = _("Your tiles  ·  {pips} pips  ·  {points} pts before this round") if is_you(name) else _("{name}'s tiles  ·  {pips} pips  ·  {points} pts before this round")
        return words.format(name=name, pips=pips, points=self.totals()[self.seat])

    def tool_names(self) -> list[str]:
        return []

    def compute_regions(self, viewer: int | None = None) -> TableRegions:
        tools = len(TOOLS) + (len(ROUND_TOOLS) if len(self.match.rounds) > 1 else 0)
        return compute_regions(self.size, self.match.rules.players, self.seat, tools, True)

    def build_gui(self) -> None:
        super().build_gui()
        assert self.gui is not None
        regions = self.compute_regions()
        names = dict(TOOLS)
        if len(self.match.rounds) > 1:
            names = {**{k: v for k, v in TOOLS.items() if k != "close"}, **ROUND_TOOLS, "close": TOOLS["close"]}
        style = "#tool_l" if regions.scale >= 1.2 else "#tool"
        self._review_tools = {
            name: pygame_gui.elements.UIButton(rect, _(label) if any(c.isalpha() for c in label) else label, self.gui, object_id=style)
            for (name, label), rect in zip(names.items(), regions.tool_buttons)
        }
        header = regions.header
        self._slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(header.left, header.top, min(header.width, round(420 * regions.scale)), regions.tool_buttons[0].height if regions.tool_buttons else header.height),
            self.cursor,
            (0, max(1, self.length)),
            self.gui,
            click_increment=1,
        )
        self._card = None

    def header_text(self) -> str:
        return ""  # the slider takes the header's place

    def seat_info(self, seat: int) -> tuple[str, int, int, bool, str]:
        name, count, total, to_move, status = super().seat_info(seat)
        if status == _("thinking…"):
            status = _("to move")  # a replay: nobody is thinking
        return name, count, total, to_move, status

    def can_draw(self) -> bool:
        """The boneyard glows when the coach's better action is a draw."""
        decision = self.verdict()
        return decision is not None and decision.mark in NAMED and decision.best.kind == "draw"

    def _computer_turn(self, seat: int, dt: float) -> None:
        """Nobody moves in a review."""

    def _human_turn(self, seat: int) -> None:
        """Nobody moves in a review (and no cover: every hand is shown)."""

    def _after_round(self, dt: float) -> None:
        """No summary: the review shows the round's end itself."""

    def panel_content(self) -> PanelContent | None:
        panel = self.regions.panel
        if panel is None:
            return None
        card_h = self.card_height()
        # The moves on the board (a line per move, draws in a row on one), the last one lit.
        lines = tuple(self.marked_log(self.cursor))
        return PanelContent(
            (panel.width, max(60, panel.height - card_h)),
            self.regions.scale,
            lines,
            tuple(self.names),
            frozenset({lines[-1].index} if lines else ()),
            0,
            None,
            0,
            "matador",
            _("Moves · round {round} of {count}").format(round=self.round + 1, count=len(self.match.rounds)),
        )

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
                shown.append(LogLine(upto - 1, later.seat, drew_words(self.names[later.seat], count), later.tiles[:count]))
        return shown

    def _mark(self, analysis: Analysis | None, state: RoundState) -> list[LogLine]:
        lines = round_log(state, self.names, frozenset(range(self.match.rules.players)))
        if analysis is None:
            return lines
        out = []
        for line in lines:
            decision = analysis.decision(self.round, line.index) if line.seat == self.seat else None
            if decision is not None and decision.mark in ("inaccuracy", "mistake", "blunder", "forced"):
                line = LogLine(line.index, line.seat, _("{move} ({mark})").format(move=line.text, mark=mark_word(decision.mark)), line.tiles)
            out.append(line)
        return out

    def card_height(self) -> int:
        panel = self.regions.panel
        wanted = round(420 * self.regions.scale)
        return wanted if panel is None else max(panel.height // 2, min(wanted, panel.height - round(90 * self.regions.scale)))

    # Input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        panel = self.regions.panel
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and panel is not None and self._overview:
            top = panel.bottom - self.card_height()
            target = self._overview.jump((event.pos[0] - panel.left, event.pos[1] - top))
            if target is not None:
                self.move_to(target)
                return True
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_LEFT: lambda: self.move_to(self.cursor - 1),
                pygame.K_RIGHT: lambda: self.move_to(self.cursor + 1),
                pygame.K_HOME: lambda: self.move_to(0),
                pygame.K_END: lambda: self.move_to(self.length),
                pygame.K_PAGEUP: lambda: self.change_round(-1),
                pygame.K_PAGEDOWN: lambda: self.change_round(1),
                pygame.K_TAB: self.change_seat,
                pygame.K_ESCAPE: self.leave,
            }
            action = moves.get(event.key)
            if action is not None:
                action()
                return True
        return super().handle_event(event)

    def handle_pad(self, press: PadPress) -> None:
        """A controller: left/right step (held, they run), the shoulders change the
        round, Y the seat under review, B or Start leaves."""
        button = press.button
        if button in ("left", "right"):
            self.move_to(self.cursor + (1 if button == "right" else -1))
        elif button in ("lb", "rb") and not press.repeat:
            self.change_round(1 if button == "rb" else -1)
        elif button in ("lt", "rt") and not press.repeat:
            self.move_to(0 if button == "lt" else self.length)
        elif button == "y" and not press.repeat:
            self.change_seat()
        elif button in ("b", "start") and not press.repeat:
            self.leave()

    def use_review_tool(self, name: str) -> None:
        self.sound("button")
        if name == "first":
            self.move_to(0)
        elif name == "back":
            self.move_to(self.cursor - 1)
        elif name == "next":
            self.move_to(self.cursor + 1)
        elif name == "last":
            self.move_to(self.length)
        elif name == "seat":
            self.change_seat()
        elif name == "round_back":
            self.change_round(-1)
        elif name == "round_next":
            self.change_round(1)
        elif name == "close":
            self.leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        for name, button in list(self._review_tools.items()):
            if button.check_pressed():
                self.use_review_tool(name)
                return
        slider = self._slider
        if slider is not None and slider.has_moved_recently and int(slider.get_current_value()) != self.cursor:
            self.move_to(int(slider.get_current_value()))
        analysis = self.analysis()
        if analysis.poll():
            self._card = None  # a verdict came in
        for name, button in self._review_tools.items():
            enabled = {
                "first": self.cursor > 0,
                "back": self.cursor > 0,
                "next": self.cursor < self.length,
                "last": self.cursor < self.length,
                "round_back": self.round > 0,
                "round_next": self.round < len(self.match.rounds) - 1,
            }.get(name, True)
            if enabled != button.is_enabled:
                button.enable() if enabled else button.disable()  # type: ignore[no-untyped-call]

    # Drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The replayed table (with the better move's ghost), the coach's card (changes nothing)."""
        assert self.renderer is not None
        self.renderer.draw(surface, self)
        panel = self.regions.panel
        if panel is not None:
            card_h = self.card_height()
            surface.blit(self.card((panel.width, card_h)), (panel.left, panel.bottom - card_h))
        self.draw_gui(surface)

    def pointed_out(self) -> list[Action]:
        """For every mark that names a better lay: that lay, as a glowing ghost
        (a better draw lights the boneyard instead: ``can_draw``)."""
        decision = self.verdict()
        if decision is None or decision.mark not in NAMED or decision.best.kind != "lay":
            return []
        return [decision.best]

    def card(self, size: tuple[int, int]) -> pygame.Surface:
        analysis = self.analyses.get((self.seat, self.round))
        progress = (analysis.finished, analysis.total) if analysis is not None else (0, 0)
        key: tuple[object, ...] = (self.round, self.cursor, self.seat, size, progress, self.regions.scale)
        if self._card is not None and self._card[0] == key:
            return self._card[1]
        k = self.regions.scale
        w, h = size
        out = card_surface(size, CARD)
        pad = round(10 * k)
        small = max(12, round(15 * k))
        body = max(13, round(17 * k))
        y = pad
        title = self.text.fit(_("Review: {name} · round {round}").format(name=shown_name(self.names[self.seat]), round=self.round + 1), w - 2 * pad, max(14, round(18 * k)), GOLD, True)
        out.blit(title, (pad, y))
        y += title.get_height() + round(4 * k)
        if analysis is not None:
            y = self.progress(out, analysis, pad, y, w - 2 * pad, small)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        upcoming = self.upcoming()
        if upcoming is None:
            outcome = self.round_state.outcome
            ends = {"domino": _("The end of the round: domino."), "blocked": _("The end of the round: blocked.")}
            lines.append((_("The end of the round.") if outcome is None else ends.get(outcome.end, _("The end of the round.")), IVORY))
        else:
            mover, action = upcoming
            lines.append((self.next_words(mover, action), IVORY))
            lines += self.verdict_lines(mover, self.verdict())
        for text, colour in lines:  # the verdict on the move at hand comes first
            for line in wrap(self.text, text, w - 2 * pad, small if colour is DIM else body, colour):
                if y + line.get_height() > h - pad:
                    break
                out.blit(line, (pad, y))
                y += line.get_height()
            y += round(2 * k)
        self._overview = None
        if analysis is not None and analysis.done and not analysis.error:  # then the round's overview, room allowing
            luck = luck_words(analysis.summary(), self.names[self.seat], self.result())
            self._overview = draw_overview(
                out, self.text, analysis.summary(), self.length, self.cursor, pad, y + round(4 * k), w - 2 * pad, h - pad, k, luck
            )
        self._card = (key, out)
        return out

    def progress(self, out: pygame.Surface, analysis: Analysis, x: int, y: int, width: int, size: int) -> int:
        """The coach's progress bar, then the seat's tally so far."""
        bar = pygame.Rect(x, y, width, max(6, size // 2))
        pygame.draw.rect(out, (40, 56, 44), bar, border_radius=3)
        filled = bar.copy()
        filled.width = round(bar.width * analysis.fraction)
        if filled.width:
            pygame.draw.rect(out, GOLD, filled, border_radius=3)
        y = bar.bottom + 4
        summary = analysis.summary()
        if analysis.error:
            words = _("The coach stopped: {error}").format(error=analysis.error)
        elif not analysis.done:
            words = _("The coach is looking: {done} of {count} actions").format(done=analysis.finished, count=analysis.total)
        else:
            accuracy = summary.accuracy
            share = "—" if accuracy is None else _("{percent}%").format(percent=round(100 * accuracy))
            words = _("{tally}; accuracy {share} (choices within 3 points of the best)").format(tally=tally(summary), share=share)
        for line in wrap(self.text, words, width, size, DIM):
            out.blit(line, (x, y))
            y += line.get_height()
        return y + 6

    def result(self) -> float | None:
        """What the round was worth to the reviewed seat (1 a win, a share of a tie)."""
        outcome = self.round_state.outcome
        if outcome is None:
            return None
        return win_share(outcome.end, outcome.winner, outcome.pips, self.seat)

    def next_words(self, mover: int, action: Action) -> str:
        kind = ("lead" if action.arm is None else "lay") if action.kind == "lay" else action.kind
        return next_words(self.names[mover], kind, place_words(action, self.state) if action.kind == "lay" else "")

    def verdict_lines(self, mover: int, decision: Decision | None) -> list[tuple[str, tuple[int, int, int]]]:
        if mover != self.seat:
            other = _("(You are not the seat under review: Tab changes it)") if is_you(self.names[mover]) else _("({name} is not the seat under review: Tab changes it)")
            return [(other.format(name=self.names[mover]), DIM)]
        if decision is None:
            return [(_("The coach is still thinking about this one…"), DIM)]
        chances = _("chance of winning the round {percent}%").format(percent=round(100 * decision.chance_played))
        if decision.mark == "forced":
            return [(_("Forced: there was nothing else to do."), DIM)]
        if decision.mark == "best":
            return [(_("Best: the coach agrees ({chances}).").format(chances=chances), GOLD)]
        colour = {"good": IVORY, "inaccuracy": AMBER}.get(decision.mark, MISTAKE)  # with its word first: never colour alone
        kinds = {"draw": _("draw"), "pass": _("pass"), "refuse": _("refuse to lead")}
        better = place_words(decision.best, self.state) if decision.best.kind == "lay" else kinds.get(decision.best.kind, decision.best.kind)
        spread = decision.assessment.spread
        lines = [
            (
                # TRANSLATORS: the coach's verdict on a move, the better move, and the points it lost.
                _("{mark}: {chances}; better {better} ({percent}%), {lost} ± {spread} points.").format(
                    mark=mark_word(decision.mark, capital=True), chances=chances, better=better,
                    percent=round(100 * decision.chance_best), lost=f"{decision.lost:.0f}", spread=f"{spread:.0f}",
                ),
                colour,
            ),
        ]
        if decision.reason:
            lines.append((decision.reason, IVORY))
        return lines
