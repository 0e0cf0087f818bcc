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

Keys: Left/Right step, Home/End jump, Up/Down scroll the coach's card (so does
the wheel over it), Page Up/Down scroll the moves (so does the wheel over them),
Ctrl+Page Up/Down change round, Tab changes the reviewed seat, C checks the
round's deal (Check this deal, at the card's foot once the round is over), Esc
leaves. The slider in the header moves the cursor. A controller: the D-pad's
left and right step, its up and down scroll the card, the right stick scrolls
the moves, the triggers jump, the shoulders change round, Y the seat, B leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.engine import Action, Match
from game.i18n import N_, _
from game.play.thinker import Thinker
from game.ui.drawing.menu import first_pressed
from game.ui.table.modes.look import PlayLook
from game.ui.table.modes.mode import Watching
from game.ui.table.felt.regions import TableRegions
from game.ui.table.modes.review_card import NAMED, ReviewCard
from game.ui.table.modes.review_source import ReviewSource
from game.ui.table.table_scene import TableScene
from game.ui.table.panels.toolbar import tool_button
from game.words.seat_words import is_you

if TYPE_CHECKING:
    from game.ui.table.protocols import PanelPart, Table
    from game.ui.shell.gamepad import PadPress

TOOLS = {"first": "|<", "back": "<", "next": ">", "last": ">|", "seat": N_("Seat"), "close": N_("Close")}
SCROLL_STEP = 40  # pixels (at 100% text) the wheel, Up/Down or the D-pad scroll the coach's card
ROUND_TOOLS = {"round_back": N_("< Round"), "round_next": N_("Round >")}


ARROWS = ("first", "back", "next", "last")
ARROW_W = 44  # an arrow's button at 1280x800: narrower than a word's, leaving the slider its room


def tool_rects(regions: TableRegions, names: list[str]) -> list[pygame.Rect]:
    """The review's buttons in the toolbar's row, right-aligned as the row's: the
    arrows narrower than the words' buttons (at 640x480 with eight buttons the
    slider beside them kept 12 px)."""
    slots = regions.tool_buttons
    if not slots:
        return []
    arrow = min(slots[0].width, max(round(ARROW_W * regions.scale), 40))
    widths = [arrow if name in ARROWS else slot.width for name, slot in zip(names, slots)]
    right, out = slots[-1].right, []
    for width in reversed(widths):
        out.append(pygame.Rect(right - width, slots[0].top, width, slots[0].height))
        right -= width + 4
    return out[::-1]


def review_table(
    match: Match,
    round_index: int,
    seat: int | None = None,
    *,
    thinker: Thinker | None = None,
    on_leave: Callable[[Table], None] | None = None,
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

    def attach(self, table: Table) -> None:
        self.source.attach(table)
        self.look.attach(table)


class ReviewLook(PlayLook):
    """What a review shows: every hand face up, the better move glowing, its
    tools and slider in the header, its moves and the coach's card."""

    def __init__(self, review: ReviewSource):
        self.review = review
        self.card = ReviewCard(review)
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.tools: dict[str, pygame_gui.elements.UIButton] = {}
        self.check_button: pygame_gui.elements.UIButton | None = None  # Check this deal, at the card's foot
        review.moved.append(self.follow_cursor)

    def follow_cursor(self) -> None:
        """The cursor moved: the slider shows where."""
        if self.slider is not None and self.slider.get_current_value() != self.review.cursor:
            self.slider.set_current_value(self.review.cursor)

    def hand_face_up(self, table: Table) -> bool:
        return True

    def revealed(self, table: Table, seat: int) -> tuple[int, ...] | None:
        return tuple(table.model.state.hand(seat))

    def hand_text(self, table: Table) -> str:
        name = table.model.names[self.review.seat]
        pips = self.review.state.pips(self.review.seat)
        words = _("Your tiles  ·  {pips} pips  ·  {points} pts before this round") if is_you(name) else _("{name}'s tiles  ·  {pips} pips  ·  {points} pts before this round")
        return words.format(name=name, pips=pips, points=self.review.totals(table.model)[self.review.seat])

    def header_text(self, table: Table) -> str:
        return ""  # the slider takes the header's place

    def deal_text(self, table: Table) -> str:
        return ""  # the card tells the deal, and Check this deal checks it

    def seat_status(self, table: Table, seat: int, status: str) -> str:
        return _("to move") if status == _("thinking…") else status  # a replay: nobody is thinking

    def can_draw(self, table: Table) -> bool:
        """The boneyard glows when the coach's better action is a draw."""
        decision = self.review.verdict()
        return decision is not None and decision.mark in NAMED and decision.best.kind == "draw"

    def pointed_out(self, table: Table) -> list[Action]:
        """For every mark that names a better lay: that lay, as a glowing ghost
        (a better draw lights the boneyard instead: ``can_draw``)."""
        decision = self.review.verdict()
        if decision is None or decision.mark not in NAMED or decision.best.kind != "lay":
            return []
        return [decision.best]

    def tool_names(self, table: Table) -> list[str]:
        return []

    def tool_slots(self, table: Table) -> int:
        return len(TOOLS) + (len(ROUND_TOOLS) if len(self.review.match.rounds) > 1 else 0)

    def panel_shown(self, table: Table, name: str, wanted: bool) -> bool:
        """The moves always (up to the cursor), never what the table knows (every hand shows)."""
        return {"moves": True, "knowledge": False}.get(name, wanted)

    def cards(self) -> list[PanelPart]:
        return [self.card]

    def key(self, table: Table) -> tuple[object, ...]:
        analysis = self.review.analyses.get((self.review.seat, self.review.round))
        progress = (analysis.finished, analysis.total, analysis.done) if analysis is not None else None
        return (self.review.round, self.review.cursor, self.review.seat, progress)

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        names = dict(TOOLS)
        if len(self.review.match.rounds) > 1:
            names = {**{k: v for k, v in TOOLS.items() if k != "close"}, **ROUND_TOOLS, "close": TOOLS["close"]}
        large = regions.scale >= 1.2
        rects = tool_rects(regions, list(names))
        self.tools = {  # the arrows stay arrows; the words are the player's language's
            name: tool_button(rect, _(label) if any(c.isalpha() for c in label) else label, gui, large)
            for (name, label), rect in zip(names.items(), rects)
        }
        header = regions.header
        room = (rects[0].left - round(12 * regions.scale) - header.left) if rects else header.width
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(header.left, header.top, min(room, round(420 * regions.scale)), rects[0].height if rects else header.height),
            self.review.cursor,
            (0, max(1, self.review.length)),
            gui,
            click_increment=1,
        )
        self.check_button = None
        self.card.reserve = 0
        card = regions.panels.get(ReviewCard.name)
        if card is not None and any(self.review.match.seal(r) is not None for r in range(len(self.review.match.rounds))):
            k = regions.scale
            height, pad = round(32 * k), round(6 * k)
            self.check_button = tool_button(  # smaller letters where a long language's words need them
                pygame.Rect(card.left + pad, card.bottom - pad - height, card.width - 2 * pad, height), _("Check this deal"), gui, large
            )
            self.card.reserve = height + pad
            self.show_check()
        self.card.forget()

    def show_check(self) -> None:
        """Check this deal shows at the round's end (its seed and salt revealed),
        leaving the card's room to the coach's verdicts before it."""
        button = self.check_button
        if button is not None and button.visible != (self.review.upcoming() is None):
            button.show() if self.review.upcoming() is None else button.hide()  # type: ignore[no-untyped-call]

    def check_deal(self, table: Table) -> None:
        """The round's deal checked as ``python -m game verify`` checks it, said in words."""
        if table.app is not None:
            table.sound("button")
            table.app.routes.open_deal_check(self.review.match, self.review.round)

    # Input -------------------------------------------------------------------------
    def handle_event(self, table: Table, event: pygame.event.Event) -> bool:
        card = table.board.regions.panels.get(ReviewCard.name)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and card is not None and card.collidepoint(event.pos):
            target = self.card.jump((event.pos[0] - card.left, event.pos[1] - card.top))
            if target is not None:
                self.review.move_to(target)
                return True
        if event.type == pygame.MOUSEWHEEL and card is not None and card.collidepoint(table.controls.input.pointer):
            self.scroll_card(table, -event.y * SCROLL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not ctrl:
                return False  # the moves panel's: it scrolls (Ctrl changes the round)
            moves: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.review.move_to(self.review.cursor - 1),
                pygame.K_RIGHT: lambda: self.review.move_to(self.review.cursor + 1),
                pygame.K_UP: lambda: self.scroll_card(table, -SCROLL_STEP),
                pygame.K_DOWN: lambda: self.scroll_card(table, SCROLL_STEP),
                pygame.K_HOME: lambda: self.review.move_to(0),
                pygame.K_END: lambda: self.review.move_to(self.review.length),
                pygame.K_PAGEUP: lambda: self.review.change_round(-1),
                pygame.K_PAGEDOWN: lambda: self.review.change_round(1),
                pygame.K_TAB: self.review.change_seat,
                pygame.K_ESCAPE: table.leave,
                pygame.K_c: lambda: self.check_deal(table),
            }
            action = moves.get(event.key)
            if action is not None:
                action()
                return True
        return False

    def scroll_card(self, table: Table, step: float) -> None:
        """The coach's card scrolled ``step`` (of its text size) down, negative up."""
        card = table.board.regions.panels.get(ReviewCard.name)
        if card is not None and self.card.scroll_by(round(step * table.board.regions.scale), card.height):
            table.jumped()

    def handle_pad(self, table: Table, press: PadPress) -> bool:
        """A controller: left/right step (held, they run), the shoulders change the
        round, the right stick scrolls the moves, Y the seat under review, B or
        Start leaves."""
        button = press.button
        moves = table.panel("moves")
        if button in ("rs-up", "rs-down") and moves is not None:
            moves.handle_pad(press, table)
        elif button in ("left", "right"):
            self.review.move_to(self.review.cursor + (1 if button == "right" else -1))
        elif button in ("up", "down"):
            self.scroll_card(table, SCROLL_STEP if button == "down" else -SCROLL_STEP)
        elif button in ("lb", "rb") and not press.repeat:
            self.review.change_round(1 if button == "rb" else -1)
        elif button in ("lt", "rt") and not press.repeat:
            self.review.move_to(0 if button == "lt" else self.review.length)
        elif button == "y" and not press.repeat:
            self.review.change_seat()
        elif button in ("b", "start") and not press.repeat:
            table.leave()
        return True

    def use_tool(self, table: Table, name: str) -> None:
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

    def update(self, table: Table, dt: float) -> None:
        name = first_pressed(self.tools.items())
        if name is not None:
            self.use_tool(table, name)
            return
        if self.check_button is not None and self.check_button.check_pressed():
            self.check_deal(table)
            return
        self.show_check()
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
