"""The end of a match: who won (or that it is drawn), the scores of every round
for every seat with the totals, then Play again (same seats and rules) or Title.
At a network table (``network``) a match is played once: Past matches (where it
is kept), Review and Title instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import N_, _
from game.ui.drawing.menu import MenuOverlay, blit_centred, panel, scale_for, shadowed, style
from game.ui.shell import match_end
from game.ui.drawing.access import text_factor
from game.ui.drawing.text import DIM, GOLD, IVORY, least_size
from game.words.rule_sets import title as rule_set_title
from game.ui.table import sheet_picture
from game.words.seat_words import goal_note, match_title

if TYPE_CHECKING:
    from game.engine import Match
    from game.ui.table.api import TableAPI

UIButton = pygame_gui.elements.UIButton
OPAQUE = (20, 32, 26, 255)
ASSISTED = N_("Assisted: moves were taken back or hints asked for (counted apart in the statistics)")


def headline(match: Match) -> str:
    """"Ann wins the match!", "You win the match!" or "The match is drawn"."""
    return match_title(match, exclaim=True) or _("The match is over")


class MatchOverScene(MenuOverlay):
    """Over the table whose match has just ended."""

    def __init__(self, table: TableAPI, match: Match | None = None, network: bool = False):
        super().__init__()
        self.table = table
        self.finished = match  # the match shown (the table's unless given: a network table's record)
        self.network = network
        self.picture: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rating_lines: list[str] = []  # what it says of the ratings (tests read it)
        self.level_lines: list[str] = []  # a rating that passed a computer level's: "try Hard" (tests read it)

    @property
    def match(self) -> Match:
        return self.finished if self.finished is not None else self.table.model.match

    def build_widgets(self) -> None:
        assert self.gui is not None
        match = self.match
        w, h = self.size
        s = scale_for(self.size)
        pad = int(26 * s)
        width = min(w - 24, int(1000 * s))
        height = min(h - 24, int(720 * s))
        self.panel_rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        title = shadowed(self.text, headline(match), int(56 * s), GOLD, width - 2 * pad)
        rules = rule_set_title(match.rules.base)
        sub = self.text.fit(_("{rule_set}  -  {goal}").format(rule_set=rules, goal=goal_note(match)), width - 2 * pad, max(14, int(21 * s)), DIM)
        box = panel(self.panel_rect.size, 18, OPAQUE)  # the chart is read on it: nothing shows through
        y = pad // 2
        blit_centred(box, title, width // 2, y)
        y += title.get_height()
        blit_centred(box, sub, width // 2, y)
        y += sub.get_height() + int(6 * s)
        if match.assisted:
            note = self.text.fit(_(ASSISTED), width - 2 * pad, max(14, int(19 * s)), GOLD, True)
            blit_centred(box, note, width // 2, y)
            y += note.get_height() + int(4 * s)
        self.rating_lines = match_end.rating_lines(self.app.services, match) if self.app is not None else []
        if self.rating_lines:  # each person's rating, before and after (or why it did not move)
            line = self.text.fit("   ·   ".join(self.rating_lines), width - 2 * pad, max(14, int(20 * s)), IVORY, True)
            blit_centred(box, line, width // 2, y)
            y += line.get_height() + int(4 * s)
        self.level_lines = match_end.level_lines(self.app.services, match) if self.app is not None else []
        if self.level_lines:  # a rating that rose past a level's: the next one to try
            line = self.text.fit("   ·   ".join(self.level_lines), width - 2 * pad, max(14, int(20 * s)), GOLD, True)
            blit_centred(box, line, width // 2, y)
            y += line.get_height() + int(4 * s)
        y += int(10 * s)
        bh = int(50 * s)
        sheet = (width - 2 * pad, height - y - bh - pad - int(16 * s))
        box.blit(sheet_picture(match, sheet, self.text, s, least=least_size(text_factor(self.size))), (pad, y))
        self.picture = box

        row = [("past", _("Past matches")), ("review", _("Review")), ("title", _("Title"))] if self.network else [("again", _("Play again")), ("title", _("Title"))]
        gap = int(20 * s)
        room = width - 2 * pad - gap * (len(row) - 1)
        bw = min(int((240 if len(row) == 2 else 300) * s), room // len(row))
        kinds = ["title_primary" if i == 0 else "title_button" for i in range(len(row))]
        theme = self.gui.get_theme()
        needs = [theme.get_font([style(kind, self.size)]).size(words)[0] + 10 for kind, (_name, words) in zip(kinds, row)]
        widths = [bw] * len(row)
        if max(needs) > bw and sum(needs) <= room:  # a narrow window: each button as wide as its words need
            widths = [need + (room - sum(needs)) // len(row) for need in needs]
        by = self.panel_rect.bottom - pad // 2 - bh
        x = self.panel_rect.centerx - (sum(widths) + (len(row) - 1) * gap) // 2
        for (name, words), kind, button_w in zip(row, kinds, widths):
            self.buttons[name] = UIButton(pygame.Rect(x, by, button_w, bh), words, self.gui, object_id=style(kind, self.size))
            x += button_w + gap

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "past" if self.network else "again")

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
        elif name == "past":  # over this screen: closing the list comes back here
            table.sound("button")
            app.routes.open_past_matches()
        elif name == "review":
            table.sound("button")
            seat = table.model.viewer if table.model.viewer is not None else 0
            app.routes.open_review(self.match, 0, seat)

    def on_escape(self) -> None:
        self.on_button("title")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.panel_rect.topleft)
