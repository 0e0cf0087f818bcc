"""The end of a round, over the table: every hand shown with its pips, the round's
scores and the match totals; then the next round, or the end of the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine.tiles import halves
from game.i18n import _
from game.ui.drawing import access
from game.ui.drawing.menu import Focus, first_pressed, tile_art
from game.ui.shell.scene import Overlay
from game.ui.drawing.text import DIM, GOLD, IVORY, TextCache
from game.ui.table.table_words import outcome_title
from game.words.seat_words import goal_note, match_title, shown_name

if TYPE_CHECKING:
    from game.ui.table.protocols import Table

AUTO_CONTINUE_S = 3.0  # with nobody at the screen, the game plays on by itself
ROW_H = 46


class RoundEndScene(Overlay):

    def __init__(self, table: Table):
        super().__init__()
        self.table = table
        self.text = TextCache()
        self.panel: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.waited = 0.0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.focus = Focus()  # the keys' and controllers' choice among the buttons

    def build_gui(self) -> None:
        assert self.gui is not None
        self.panel_rect = self.panel_bounds()
        k = self.scale
        bottom = self.panel_rect.bottom - round(58 * k)
        row: list[tuple[str, str, str | None]]
        if self.table.model.match.over and self.table.on_leave is not None:
            # the match-over screen follows (final scores, play again, the title)
            row = [("leave", _("Final scores"), "#primary")]
        elif self.table.model.match.over:
            row = [("again", _("Play again"), "#primary"), ("leave", _("Leave the table"), None)]
        else:
            row = [("next", _("Next round"), "#primary")]
        row.insert(0, ("review", _("Review this round"), None))
        gap = round(16 * k)
        width = min(round(220 * k), (self.panel_rect.width - round(40 * k) - gap * (len(row) - 1)) // len(row))
        left = self.panel_rect.centerx - (len(row) * width + (len(row) - 1) * gap) // 2
        self.buttons = {
            name: pygame_gui.elements.UIButton(pygame.Rect(left + i * (width + gap), bottom, width, round(44 * k)), text, self.gui, object_id=style)
            for i, (name, text, style) in enumerate(row)
        }
        self.panel = self.make_panel()
        # keys or a controller in use: the focus shows on what Enter (A) would pick
        shown = self.app is not None and self.app.last_input != "mouse"
        self.focus.reset(list(self.buttons), self.buttons, self.focus.name or (self.finish_choice() if shown else None))

    @property
    def scale(self) -> float:
        """Its words' and spaces' size: the text size setting's (and the pixels per point)."""
        return access.text_factor(self.size)

    def panel_bounds(self) -> pygame.Rect:
        w, h = self.size
        k = self.scale
        rows = self.table.model.match.rules.players
        height = min(h - 20, round((150 + rows * ROW_H + 80) * k))
        width = min(w - 30, round(820 * k))
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def make_panel(self) -> pygame.Surface:
        match = self.table.model.match
        state = self.table.model.match.rounds[-1]  # the round in play (the summary is live play's)
        outcome = state.outcome
        rect = self.panel_rect
        k = self.scale

        def px(value: float) -> int:
            return round(value * k)

        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (18, 32, 24, 255), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 2, border_radius=14)
        title = match_title(match) or outcome_title(match, state)
        line = self.text.fit(title, rect.width - px(40), px(34), GOLD, True)
        panel.blit(line, ((rect.width - line.get_width()) // 2, px(16)))
        sub = outcome_title(match, state) if match.over else goal_note(match)
        line = self.text.fit(sub, rect.width - px(40), px(20), DIM)
        panel.blit(line, ((rect.width - line.get_width()) // 2, px(56)))
        columns = {"pips": rect.width - px(250), "scored": rect.width - px(160), "total": rect.width - px(70)}
        y = px(92)
        for key, x in columns.items():
            head = self.text.render({"pips": _("pips"), "scored": _("this round"), "total": _("total")}[key], px(17), DIM)
            panel.blit(head, (x - head.get_width() // 2, y))
        y += px(24)
        art = tile_art(self) if self.app is not None else None  # the table's own (the app's one tile art)
        row_h = min(px(ROW_H), (rect.height - y - px(76)) // max(1, match.rules.players))
        for seat, player in enumerate(match.players):
            winner = outcome is not None and outcome.winner == seat
            name = self.text.fit(shown_name(player.name), px(150), px(21), GOLD if winner else IVORY, True)
            panel.blit(name, (px(20), y + (row_h - name.get_height()) // 2))
            tiles = state.hand(seat)
            x = px(180)
            room = columns["pips"] - px(40) - x
            if art is not None:
                for tile, spot in zip(tiles, hand_strip(len(tiles), room, row_h)):
                    a, b = halves(tile)
                    panel.blit(art.face(a, b, spot[2], False), (x + spot[0], y + spot[1]))
            if not tiles:
                # TRANSLATORS: in the round's summary, a seat that laid all its tiles.
                out = self.text.render(_("out!"), px(19), GOLD, True)
                panel.blit(out, (x, y + (row_h - out.get_height()) // 2))
            pips = outcome.pips[seat] if outcome is not None else state.pips(seat)
            scored = outcome.scores[seat] if outcome is not None else 0
            for key, value in (("pips", str(pips)), ("scored", f"+{scored}" if scored else "0"), ("total", str(match.totals[seat]))):
                cell = self.text.render(value, px(22), GOLD if key == "total" else IVORY, key == "total")
                panel.blit(cell, (columns[key] - cell.get_width() // 2, y + (row_h - cell.get_height()) // 2))
            y += row_h
        return panel

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus.name or self.finish_choice())
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if event.key == pygame.K_LEFT else 1, self.buttons)
            else:
                self.focus.handle(event, self.buttons)
        return True  # the table underneath gets nothing while this is up

    def next_change(self) -> float | None:
        """With nobody at the screen it closes itself after ``AUTO_CONTINUE_S``; still otherwise."""
        widgets = self.widgets_change()
        if self.table.model.people:
            return widgets
        left = max(0.0, AUTO_CONTINUE_S - self.waited)
        return left if widgets is None else min(widgets, left)

    def update(self, dt: float) -> None:
        super().update(dt)
        name = first_pressed(self.buttons.items())
        if name is not None:
            self.choose(name)
            return
        if not self.table.model.people:
            self.waited += dt
            if self.waited >= AUTO_CONTINUE_S:
                self.choose(self.finish_choice())

    def finish_choice(self) -> str:
        """What Enter (or waiting, with nobody at the screen) picks."""
        if not self.table.model.match.over:
            return "next"
        return "leave" if "leave" in self.buttons and "again" not in self.buttons else "again"

    def choose(self, name: str) -> None:
        app, table = self.app, self.table
        table.sound("button")
        if name == "review":  # over this summary: closing the review comes back here
            if app is not None:
                seat = table.model.viewer if table.model.viewer is not None else (table.model.people[0] if table.model.people else 0)
                app.routes.open_review(table.model.match, table.model.match.round_index, seat)
            return
        if app is not None:
            app.pop()
        if name == "next":
            table.next_round()
        elif name == "again":
            table.new_match()
        elif name == "leave":
            table.leave()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the summary over the table (changes nothing)."""
        self.draw_backdrop(surface)
        if self.panel is not None:
            surface.blit(self.panel, self.panel_rect.topleft)
        self.draw_gui(surface)


def hand_strip(count: int, room: int, row_h: int, gap: int = 3) -> list[tuple[int, int, int]]:
    """Where a revealed hand's tiles go in a summary row ``room`` wide and
    ``row_h`` high: (x, y, length) of each, lying flat (``length // 2`` high),
    never overlapping. One row while the tiles stay a good size, else two rows.
    """
    if count == 0:
        return []
    full = max(16, min(40, row_h - 8))

    def fit(per_row: int, tallest: int) -> int:
        length = max(8, min(full, (room + gap) // per_row - gap, tallest))
        return length - length % 2

    rows, length = 1, fit(count, full)
    if length < 24 and count > 1:
        two = fit(-(-count // 2), row_h - gap - 2)
        if two > length:
            rows, length = 2, two
    per_row = -(-count // rows)
    height = length // 2
    top = (row_h - rows * height - (rows - 1) * gap) // 2
    return [((i % per_row) * (length + gap), top + (i // per_row) * (height + gap), length) for i in range(count)]
