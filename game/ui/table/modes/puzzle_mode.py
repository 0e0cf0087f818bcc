"""A puzzle, as a mode of the table: one of the player's own mistakes
(``game.archive.puzzles``), the position from that seat's view alone, "find a better
move".

The player moves as at any table (drag, click then click, the keys, a
controller); the engine says whether the move is allowed there
(``SeatView.explain``), and an allowed one is judged by the review's figures
(``PuzzleSource.attempt``): not better, and the card says what it was worth;
within the coach's tolerance of the best, solved, and the card explains (the
best move, how often each move wins the round, why). Nothing is ever played:
the position stands, Try again starts it afresh. Next puzzle, Try again and
Back are the card's buttons and the toolbar's (Enter, T and Esc; a
controller's A, Y and B); Page Up/Down (or the wheel) scroll the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.engine import Action, Match
from game.i18n import _
from game.archive.puzzles import Puzzle
from game.play.thinker import Thinker
from game.ui.table.input import plain
from game.ui.table.modes.look import PlayLook
from game.ui.table.modes.mode import REFUSED, LiveMoves
from game.ui.table.modes.puzzle_card import PuzzleCard
from game.ui.table.modes.puzzle_source import PuzzleSource, Tally, Tried
from game.ui.table.felt.regions import TableRegions, table_scale
from game.ui.table.table_scene import TableScene
from game.ui.table.panels.toolbar import tool_names
from game.ui.table.table_words import header_line, hand_line, lead_words

if TYPE_CHECKING:
    from game.engine import SeatView
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import PanelPart, Table

def words(name: str) -> str:
    """A button's words."""
    return {"answer": _("Show the answer"), "next": _("Next puzzle"), "again": _("Try again"), "back": _("Back")}[name]


def puzzle_table(
    puzzle: Puzzle,
    view: SeatView,
    *,
    players: Match,
    on_try: Tried | None = None,
    tally: Tally | None = None,
    on_next: Callable[[Table], None] | None = None,
    on_leave: Callable[[Table], None] | None = None,
    animation_speed: str = "normal",
    hints: bool = True,
) -> TableScene:
    """The table showing ``puzzle`` at ``view`` (its seat's, before the move
    played). ``players``: its match, of which the table takes only the rules and
    the players (a stand-in match, never dealt, holds them)."""
    stand_in = Match(players.rules, players.players, seed=0)
    return TableScene(
        stand_in,
        thinker=Thinker("thread"),  # nobody thinks here
        animation_speed=animation_speed,
        hints=hints,
        on_leave=on_leave,
        on_pause=lambda scene: scene.leave(),  # Esc goes back
        mode=PuzzleMode(puzzle, view, on_try, tally, on_next),
    )


class PuzzleMode:
    """One puzzle: its seat's view is the source, a move is judged not played, its card and buttons show."""

    name = "puzzle"

    def __init__(self, puzzle: Puzzle, view: SeatView, on_try: Tried | None = None, tally: Tally | None = None, on_next: Callable[[Table], None] | None = None):
        self.source = PuzzleSource(puzzle, view, on_try, tally)
        self.moves = PuzzleMoves(self.source)
        self.look = PuzzleLook(self.source, on_next)

    def attach(self, table: Table) -> None:
        self.source.attach(table)
        self.look.attach(table)


class PuzzleMoves(LiveMoves):
    """A move the engine allows is judged, never played; undo, redo and the hint are off."""

    def __init__(self, source: PuzzleSource):
        self.puzzle = source

    def may_act(self, table: Table) -> bool:
        return not self.puzzle.answered

    def aids_on(self, table: Table) -> bool:
        return False  # a hint would be the answer

    def submit(self, table: Table, seat: int, action: Action) -> str:
        """The engine's reason if the move is not allowed here; else the move is
        judged (and said); either way nothing is played."""
        refusal = self.puzzle.seat_view.explain(action)
        if refusal is not None:
            table.motion.say(plain(refusal), 4.0, warning=True)
            table.sound("refused")
            return REFUSED
        judgement = self.puzzle.attempt(action)
        if judgement.solved:
            table.motion.say(_("Solved! The card says why."), 4.0)
            table.sound("round_won")
        else:
            if self.puzzle.better_than_played(judgement):
                table.motion.say(_("Better than the move played, but not the best: try another one."), 4.0, warning=True)
            else:
                table.motion.say(_("Not better than the move played: try another one."), 4.0, warning=True)
            table.sound("refused")
        table.sync(force=True)
        return REFUSED


class PuzzleLook(PlayLook):
    """What a puzzle shows: its card in the column, its buttons, the moves panel's tool."""

    def __init__(self, source: PuzzleSource, on_next: Callable[[Table], None] | None):
        self.puzzle = source
        self.on_next = on_next
        self.card = PuzzleCard(source)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def tool_names(self, table: Table) -> list[str]:
        return tool_names(False, puzzle=True)  # the tools said to show at a puzzle (the moves)

    def cards(self) -> list[PanelPart]:
        return [self.card]

    def key(self, table: Table) -> tuple[object, ...]:
        return (len(self.puzzle.tries), self.puzzle.answered)

    def tool_slots(self, table: Table) -> int:
        return len(self.tool_names(table)) + 1  # and Back, at the row's end

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        """The card's buttons at its foot: side by side where their words fit, else
        one above the other; Back at the toolbar's row's end."""
        card = regions.panels.get(self.card.name) or regions.panel or pygame.Rect(0, 0, 200, 200)
        k = regions.scale
        pad, inset = round(8 * k), round(12 * k)
        width = card.width - 2 * inset
        theme = gui.get_theme()
        self.buttons = {}
        for answered, names in ((False, ("answer",)), (True, ("next", "again"))):
            fonts = {name: theme.get_font(["#primary" if name == "next" else "button", "button"]) for name in names}
            bh = max(round(30 * k), max(f.size(words(name))[1] for name, f in fonts.items()) + round(14 * k))
            half = (width - pad) // 2
            side = all(fonts[name].size(words(name))[0] + round(20 * k) <= half for name in names)
            rows = 1 if side or len(names) == 1 else len(names)
            foot = rows * bh + (rows + 1) * pad
            self.card.foot[answered] = foot
            for i, name in enumerate(names):
                if side and len(names) > 1:
                    rect = pygame.Rect(card.left + inset + i * (half + pad), card.bottom - foot + pad, half, bh)
                else:
                    rect = pygame.Rect(card.left + inset, card.bottom - foot + pad + i * (bh + pad), width, bh)
                self.buttons[name] = pygame_gui.elements.UIButton(rect, words(name), gui, object_id="#primary" if name == "next" else None)
        if regions.tool_buttons:
            style = "#tool_l" if table_scale(regions.size) >= 1.2 else "#tool"  # as the toolbar's own
            self.buttons["back"] = pygame_gui.elements.UIButton(regions.tool_buttons[-1], words("back"), gui, object_id=style)
        self.card.forget()
        self._show()

    def _show(self) -> None:
        answered = self.puzzle.answered
        for key, button in self.buttons.items():
            wanted = key == "back" or (key in ("next", "again")) == answered
            if wanted and not button.visible:
                button.show()  # type: ignore[no-untyped-call]
            elif not wanted and button.visible:
                button.hide()  # type: ignore[no-untyped-call]

    def press(self, table: Table, name: str) -> None:
        table.sound("button")
        if name == "back":
            table.leave()
        elif name == "answer":
            self.puzzle.give_up()
            table.controls.input.reset()
            table.sync(force=True)
        elif name == "again":
            self.puzzle.again()
            table.sync(force=True)
        elif name == "next" and self.on_next is not None:
            self.on_next(table)

    # What shows -----------------------------------------------------------------------
    def header_text(self, table: Table) -> str:
        return header_line(table.model.match.rules, self.puzzle.puzzle.round + 1)

    def lead_text(self, table: Table) -> str:
        view = self.puzzle.seat_view
        if view.phase != "lead" or view.current_player is None:
            return ""
        kind, tile = view.lead
        return lead_words(kind, tile, table.model.names[view.current_player])

    def hand_text(self, table: Table) -> str:
        model = table.model
        if self.puzzle.answered and model.viewer is not None:
            return hand_line(model.names[model.viewer], model.totals()[model.viewer], _("read the card: Next puzzle, Try again or Back"))
        return super().hand_text(table)

    def shown_moves(self) -> list[Action]:
        """Once answered: the best move, and the one that solved it."""
        if not self.puzzle.answered:
            return []
        moves = [self.puzzle.puzzle.best]
        if self.puzzle.solved is not None and self.puzzle.tries and self.puzzle.tries[-1][0] not in moves:
            moves.append(self.puzzle.tries[-1][0])
        return moves

    def pointed_out(self, table: Table) -> list[Action]:
        return [m for m in self.shown_moves() if m.kind == "lay"]

    def can_draw(self, table: Table) -> bool:
        if self.puzzle.answered:
            return any(m.kind == "draw" for m in self.shown_moves())
        return super().can_draw(table)

    # Input ----------------------------------------------------------------------------
    def handle_event(self, table: Table, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False  # (Esc puts a tile down, as at any table, else goes back: ``on_pause``)
        if self.puzzle.answered and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.press(table, "next")
            return True
        if self.puzzle.answered and event.key == pygame.K_t:
            self.press(table, "again")
            return True
        return bool(event.key == pygame.K_s)  # no score sheet: the rounds before are not the puzzle's

    def handle_pad(self, table: Table, press: PadPress) -> bool:
        """A controller: A goes to the next puzzle and Y tries again once it is
        answered; B or Start goes back; the rest plays as at any table (no hint)."""
        if press.repeat:
            return press.button in ("ls",)
        if self.puzzle.answered and press.button in ("a", "y"):
            self.press(table, "next" if press.button == "a" else "again")
            return True
        if press.button in ("b", "start") and (self.puzzle.answered or press.button == "start"):
            table.leave()
            return True
        return press.button == "ls"

    def update(self, table: Table, dt: float) -> None:
        for name, button in list(self.buttons.items()):
            if button.check_pressed():
                self.press(table, name)
                if table.app is None or table.app.top is not table:
                    return
        self._show()
