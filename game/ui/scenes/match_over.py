"""The end of a match: who won (or that it is drawn), the scores of every round
for every seat with the totals, then Play again (same seats and rules) or Title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import RULE_SETS
from game.ui.menu import MenuOverlay, blit_centred, panel, scale_for, shadowed, style
from game.ui.text import DIM, GOLD, IVORY
from game.ui.words import goal_note, match_title

if TYPE_CHECKING:
    from game.engine import Match
    from game.ui.table import TableScene

UIButton = pygame_gui.elements.UIButton


def headline(match: Match) -> str:
    """"Ann wins the match!", "You win the match!" or "The match is drawn"."""
    return match_title(match, exclaim=True) or "The match is over"


def round_rows(match: Match, fit: int) -> list[tuple[str, list[int]]]:
    """(label, score per seat) for each played round; early rounds summed into one
    row when more than ``fit`` rows would not fit."""
    rows = [(f"Round {i + 1}", list(r.outcome.scores)) for i, r in enumerate(match.completed_rounds) if r.outcome is not None]
    if len(rows) > fit >= 2:
        keep = fit - 1
        early = rows[: len(rows) - keep]
        summed = [sum(scores[seat] for _, scores in early) for seat in range(match.rules.players)]
        rows = [(f"Rounds 1-{len(early)}", summed), *rows[len(rows) - keep :]]
    return rows


class MatchOverScene(MenuOverlay):
    """Over the table whose match has just ended."""

    def __init__(self, table: TableScene):
        super().__init__()
        self.table = table
        self.picture: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def match(self) -> Match:
        return self.table.match

    def build_widgets(self) -> None:
        assert self.gui is not None
        match = self.match
        w, h = self.size
        s = scale_for(self.size)
        pad = int(26 * s)
        seats = match.rules.players
        width = min(w - 24, int(260 * s) + seats * int(150 * s) + 2 * pad, int(1300 * s))
        title = shadowed(self.text, headline(match), int(60 * s), GOLD, width - 2 * pad)
        rules = RULE_SETS[match.rules.base].title if match.rules.base in RULE_SETS else match.rules.base
        sub = self.text.fit(f"{rules}  -  {goal_note(match)}", width - 2 * pad, max(14, int(21 * s)), DIM)
        bh = int(50 * s)
        cell_size = max(14, int(21 * s))
        row_h = self.text.font(cell_size).get_height() + int(12 * s)
        fixed = pad + title.get_height() + sub.get_height() + int(20 * s) + 2 * row_h + int(24 * s) + bh + pad
        fit = max(2, (h - 24 - fixed) // row_h)
        rows = round_rows(match, min(fit, 12))
        height = fixed + len(rows) * row_h
        self.panel_rect = pygame.Rect((w - width) // 2, max(12, (h - height) // 2), width, height)
        box = panel(self.panel_rect.size, 18)
        y = pad
        blit_centred(box, title, width // 2, y)
        y += title.get_height()
        blit_centred(box, sub, width // 2, y)
        y += sub.get_height() + int(20 * s)

        # the table of scores: a column per seat, a row per round, the totals
        first_w = int(170 * s)
        col_w = (width - 2 * pad - first_w) // max(1, seats)
        x_of = [pad + first_w + col_w * seat for seat in range(seats)]
        winner = match.winner if isinstance(match.winner, int) else None
        if winner is not None:
            column = pygame.Rect(x_of[winner] + 4, y - 4, col_w - 8, (len(rows) + 2) * row_h + 8)
            glow = pygame.Surface(column.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (140, 90, 28, 120), glow.get_rect(), border_radius=10)
            box.blit(glow, column.topleft)
            pygame.draw.rect(box, GOLD, column, 1, border_radius=10)
        for seat, player in enumerate(match.players):
            name = self.text.fit(player.name, col_w - 12, cell_size, GOLD if seat == winner else IVORY, True)
            box.blit(name, (x_of[seat] + (col_w - name.get_width()) // 2, y + (row_h - name.get_height()) // 2))
        y += row_h
        pygame.draw.line(box, (201, 168, 90), (pad, y - 2), (width - pad, y - 2), 1)
        for label, scores in rows:
            words = self.text.fit(label, first_w - 8, cell_size, DIM)
            box.blit(words, (pad, y + (row_h - words.get_height()) // 2))
            for seat, score in enumerate(scores):
                cell = self.text.render(str(score), cell_size, IVORY)
                box.blit(cell, (x_of[seat] + (col_w - cell.get_width()) // 2, y + (row_h - cell.get_height()) // 2))
            y += row_h
        pygame.draw.line(box, (201, 168, 90), (pad, y + 2), (width - pad, y + 2), 2)
        words = self.text.render("Total", cell_size, GOLD, True)
        box.blit(words, (pad, y + (row_h - words.get_height()) // 2 + 4))
        for seat, total in enumerate(match.totals):
            cell = self.text.render(str(total), cell_size + 2, GOLD, True)
            box.blit(cell, (x_of[seat] + (col_w - cell.get_width()) // 2, y + (row_h - cell.get_height()) // 2 + 4))
        self.picture = box

        bw = min(int(240 * s), (width - 3 * pad) // 2)
        by = self.panel_rect.bottom - pad - bh
        cx = self.panel_rect.centerx
        gap = int(20 * s)
        self.buttons["again"] = UIButton(pygame.Rect(cx - gap // 2 - bw, by, bw, bh), "Play again", self.gui, object_id=style("title_primary", self.size))
        self.buttons["title"] = UIButton(pygame.Rect(cx + gap // 2, by, bw, bh), "Title", self.gui, object_id=style("title_button", self.size))

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "again")

    def on_button(self, name: str) -> None:
        app, table = self.app, self.table
        if app is None:
            return
        if name == "again":
            table.sound("button")
            app.pop()
            table.new_match()
        elif name == "title":
            app.routes.open_title()

    def on_escape(self) -> None:
        self.on_button("title")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.panel_rect.topleft)
