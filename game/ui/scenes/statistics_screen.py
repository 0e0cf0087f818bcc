"""The Statistics screen: for each player name, per rule set, matches and rounds
played and won and the best round (``game.profile.stats``)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.engine import RULE_SETS
from game.i18n import N_, _
from game.profile.stats import Record, Statistics, load_stats
from game.engine.rules import FAMILIES
from game.rating.player_rating import Ratings, load_ratings
from game.ui.scenes.settings_screen import InfoScene, ui_font
from game.ui.scenes.statistics_rating import RatingPlots, draw_ratings, section_height
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import shown_name
from game.words.rule_sets import title

Colour = tuple[int, int, int]
COLUMNS = (  # two header lines: a group over its columns
    (N_("Matches"), N_("played")),
    ("", N_("won")),
    (N_("Rounds"), N_("played")),
    ("", N_("won")),
    (N_("Best"), N_("round")),
)
ROW_SHADE = (255, 255, 255, 14)
HEAD_LEAST = 13  # the columns' heads (15 px) shrink to this in a narrow window, never cut
TOTAL_SHADE = (240, 207, 122, 40)


def _fit(text: str, size: int, width: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` at ``size`` or smaller, cut short with "…" if it still does not fit."""
    while size > 11 and ui_font(size, bold).size(text)[0] > width:
        size -= 1
    font = ui_font(size, bold)
    if font.size(text)[0] > width:
        while len(text) > 1 and font.size(text + "…")[0] > width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return font.render(text, True, colour)


class StatisticsScene(InfoScene):
    """A table of results per player name and rule set."""

    title = N_("Statistics")

    def __init__(self, stats: Statistics | None = None, message: str | None = None, ratings: Ratings | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.ratings = ratings
        self.rating_plots = RatingPlots()  # where the selected person's rating history was drawn
        self._rating_start = 0  # the first of the table's words that are the rating section's
        self.message = message
        self.names: list[str] = []
        self.shown_names: dict[str, str] = {}  # what the list shows -> the name
        self.selected: str | None = None
        self.name_list: pygame_gui.elements.UISelectionList | None = None
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self._table: pygame.Surface | None = None
        self._table_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self._empty: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._empty_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self.table_column = ScrollColumn(self.px)  # the table, when it is longer than its place
        self.table_column.wheel_anywhere = False  # (the names' list takes the wheel over it)

    def attach(self, app: Any) -> None:
        if self.stats is None:
            self.stats, message = load_stats()
            self.message = self.message or message
        if self.ratings is None:
            self.ratings, message = load_ratings()
            self.message = self.message or message
        self.names = self.stats.names()
        if self.names and self.selected is None:
            self.selected = self.names[0]
        super().attach(app)

    # Building ------------------------------------------------------------------
    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        note_h = self.px(44) if self.message else 0
        if self.message:
            self.message_lines(self.message, pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        area = pygame.Rect(body.x, body.y, body.width, body.height - note_h - (self.px(8) if note_h else 0))
        self._empty, self._empty_text = [], []
        self.name_list = None
        self._table = None
        self._table_text = []
        if not self.names:
            self.table_rect = area
            self.paint_inset(area)
            self.layout_empty(area)
            return
        self.shown_names = {}
        limit = 22
        for name in self.names:
            word = shown_name(name)  # a default name in the language of the moment
            shown = word if len(word) <= limit else word[: limit - 1].rstrip() + "…"
            while shown in self.shown_names:
                shown += " "
            self.shown_names[shown] = name
        font = self.gui.get_theme().get_font([f"{self.style('names')}.@selection_list_item"])
        widest = max(font.size(shown)[0] for shown in self.shown_names) + self.px(28)  # its words, padding and edge
        list_w = min(self.px(190), max(area.width // 4 + 20, widest))  # a narrow window: the names still whole
        if area.width - list_w - self.px(18) - 2 * self.px(16) >= self.table_need():
            self.make_name_list(pygame.Rect(area.x, area.y, list_w, area.height))
            self.table_rect = pygame.Rect(area.x + list_w + self.px(18), area.y, 0, area.height)
            self.table_rect.width = area.right - self.table_rect.x
        else:  # a narrow window (640x480): the names above the table, which takes the width for its heads whole
            row_h = int(str(self.gui.get_theme().get_misc_data("list_item_height", [self.style("names")]) or 36))
            list_h = min(area.height // 3, row_h * len(self.shown_names) + 2)  # (inside its edge)
            self.make_name_list(pygame.Rect(area.x, area.y, area.width, list_h))
            top = area.y + list_h + self.px(10)
            self.table_rect = pygame.Rect(area.x, top, area.width, area.bottom - top)
        self.paint_inset(self.table_rect)
        self.make_table()

    def column_need(self) -> int:
        """How wide a figures' column must be for its heads and figures to show whole."""
        heads = [ui_font(self.px(HEAD_LEAST)).size(_(c[1]))[0] for c in COLUMNS]  # (a head may shrink that far)
        groups = [ui_font(self.px(HEAD_LEAST), True).size(_(c[0]))[0] // (2 if c is not COLUMNS[-1] else 1) for c in COLUMNS if c[0]]
        figures = ui_font(self.px(16), True).size("8888")[0] + self.px(4)
        return max(*heads, *groups, figures) + self.px(8)

    def table_need(self) -> int:
        """The table's inner width for its rule sets' names and its heads whole."""
        titles = [ui_font(self.px(16), True).size(t)[0] for t, _rec in self.rows()] or [0]
        return max(titles) + self.px(12) + len(COLUMNS) * self.column_need()

    def make_name_list(self, rect: pygame.Rect) -> None:
        """The list of names, with the selected one marked."""
        assert self.gui is not None
        if self.name_list is not None:
            self.name_list.kill()
        default = next((s for s, n in self.shown_names.items() if n == self.selected), None)
        self.name_list = pygame_gui.elements.UISelectionList(
            rect, list(self.shown_names), self.gui, default_selection=default, object_id=self.style("names")
        )

    def layout_empty(self, area: pygame.Rect) -> None:
        lines = [
            (_fit(_("No games recorded yet"), self.px(30), area.width - 40, GOLD, True), 0),
            (_fit(_("Play a round and every player's results appear here,"), self.px(18), area.width - 40, IVORY), 0),
            (_fit(_("one line per rule set."), self.px(18), area.width - 40, IVORY), 0),
        ]
        total = sum(s.get_height() for s, _offset in lines) + self.px(12)
        y = area.centery - total // 2
        for i, (surface, _offset) in enumerate(lines):
            pos = (area.centerx - surface.get_width() // 2, y)
            self._empty.append((surface, pos))
            self._empty_text.append(("empty state", pygame.Rect(pos, surface.get_size()), area))
            y += surface.get_height() + (self.px(12) if i == 0 else 0)

    def rows(self) -> list[tuple[str, Record]]:
        """(rule set title, record) for the selected name, with a total row when there are several."""
        assert self.stats is not None
        if self.selected is None:
            return []
        sets = self.stats.table.get(self.selected, {})
        order = [r for r in RULE_SETS if r in sets] + sorted(r for r in sets if r not in RULE_SETS)
        rows = [(title(r), sets[r]) for r in order]
        if len(rows) > 1:
            total = Record()
            for _title, rec in rows:
                total.matches_played += rec.matches_played
                total.matches_won += rec.matches_won
                total.rounds_played += rec.rounds_played
                total.rounds_won += rec.rounds_won
                total.best_round = max(total.best_round, rec.best_round)
                total.assisted_matches_played += rec.assisted_matches_played
                total.assisted_matches_won += rec.assisted_matches_won
                total.assisted_rounds_played += rec.assisted_rounds_played
                total.assisted_rounds_won += rec.assisted_rounds_won
            rows.append((_("All rule sets"), total))
        return rows

    def make_table(self) -> None:
        """Draw the selected player's table once (it is only blitted each frame); when it is
        longer than its place (more rule sets, larger text, a low window) it scrolls."""
        surface, texts, height = self.table_picture()  # (the bar, when it scrolls, lies in its right margin)
        self._table = surface.subsurface(pygame.Rect(0, 0, self.table_rect.width, height)).copy()
        self._table_text = texts
        self.table_column.set_view(self.table_rect, height, keep=False)

    def table_picture(self) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect, pygame.Rect]], int]:
        """The table, its words' places and its height."""
        rect = self.table_rect
        pad = self.px(16)
        inner = rect.inflate(-2 * pad, -2 * pad)
        rows = self.rows()
        tall = rect.height + (len(rows) + 4) * self.px(34) + self.px(400) + section_height(self.px, len(FAMILIES))  # cut to what it took
        surface = pygame.Surface((rect.width, tall), pygame.SRCALPHA)
        texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        bottom = 0

        def put(picture: pygame.Surface, cell: pygame.Rect, align: str, label: str) -> None:
            spot = picture.get_rect()
            spot.centery = cell.centery
            if align == "keep":  # drawn already where it stands (the plot's words)
                spot = cell.copy()
            elif align == "right":
                spot.right = cell.right - self.px(6)
            elif align == "centre":
                spot.centerx = cell.centerx
            else:
                spot.x = cell.x + self.px(6)
            nonlocal bottom
            surface.blit(picture, spot)
            texts.append((label, spot, cell))  # in the table's own coordinates (``drawn_text`` moves them)
            bottom = max(bottom, spot.bottom, cell.bottom)

        name = self.selected or ""
        y = inner.y - rect.y
        x0 = inner.x - rect.x
        kind = _("computer player") if self.stats is not None and self.stats.is_computer(name) else ""
        kind_w = ui_font(self.px(15)).size(kind)[0] + self.px(12) if kind else 0
        heading = shown_name(name)
        title = _fit(heading, self.px(26), inner.width - kind_w, GOLD, True)
        put(title, pygame.Rect(x0 - self.px(6), y, inner.width, title.get_height()), "left", heading)
        if kind:  # a computer's results: the list shows the people first
            kind_line = _fit(kind, self.px(15), kind_w, DIM)
            put(kind_line, pygame.Rect(x0, y, inner.width, title.get_height()), "right", kind)
        y += title.get_height() + self.px(10)
        first_w = max(self.px(150), inner.width * 34 // 100)
        col_w = (inner.width - first_w) // len(COLUMNS)
        if col_w < self.column_need():  # the heads whole: the rule sets' names give way first
            col_w = self.column_need()
            first_w = max(self.px(100), inner.width - col_w * len(COLUMNS))
        row_h = self.px(34)
        size = self.px(16)
        # two header lines: the groups, then each column
        for index in (0, 1):
            for c, column in enumerate(COLUMNS):
                label = _(column[index]) if column[index] else ""
                if not label:
                    continue
                span = 2 if index == 0 and c + 1 < len(COLUMNS) and not COLUMNS[c + 1][0] else 1
                cell = pygame.Rect(x0 + first_w + c * col_w, y, col_w * span, self.px(22))
                colour = GOLD if index == 0 else DIM
                picture = _fit(label, self.px(15), cell.width - self.px(8), colour, index == 0)
                put(picture, cell, "centre" if index == 0 else "right", label)
            y += self.px(22)
        y += self.px(4)
        pygame.draw.line(surface, (201, 168, 90), (x0, y), (x0 + inner.width, y), 1)
        y += self.px(4)
        for i, (set_title, rec) in enumerate(rows):
            total = len(rows) > 1 and i == len(rows) - 1
            band = pygame.Rect(x0, y, inner.width, row_h)
            if total:
                pygame.draw.rect(surface, TOTAL_SHADE, band, border_radius=self.px(6))
            elif i % 2 == 0:
                pygame.draw.rect(surface, ROW_SHADE, band, border_radius=self.px(6))
            colour = GOLD if total else IVORY
            cell = pygame.Rect(x0, y, first_w, row_h)
            put(_fit(set_title, size, first_w - self.px(12), colour, True), cell, "left", set_title)
            values = (rec.matches_played, rec.matches_won, rec.rounds_played, rec.rounds_won, rec.best_round)
            for c, value in enumerate(values):
                cell = pygame.Rect(x0 + first_w + c * col_w, y, col_w, row_h)
                put(_fit(str(value), size, col_w - self.px(12), colour, total), cell, "right", str(value))
            y += row_h
        if rows:
            rec = rows[-1][1]
            share = f"{round(100 * rec.matches_won / rec.matches_played)}%" if rec.matches_played else "–"
            rounds = f"{round(100 * rec.rounds_won / rec.rounds_played)}%" if rec.rounds_played else "–"
            summary = _("Matches won: {share}   ·   Rounds won: {rounds}").format(share=share, rounds=rounds)
            y += self.px(14)
            line = _fit(summary, self.px(17), inner.width - self.px(12), IVORY, True)
            put(line, pygame.Rect(x0, y, inner.width, line.get_height()), "left", summary)
            y += line.get_height() + self.px(6)
            if rec.assisted_matches_played or rec.assisted_rounds_played:  # two lines: readable, not shrunk
                for assisted in (
                    _("Assisted (undo or hints), counted apart:"),
                    _("{matches_won} of {matches} matches and {rounds_won} of {rounds} rounds won").format(
                        matches_won=rec.assisted_matches_won,
                        matches=rec.assisted_matches_played,
                        rounds_won=rec.assisted_rounds_won,
                        rounds=rec.assisted_rounds_played,
                    ),
                ):
                    line = _fit(assisted, self.px(15), inner.width - self.px(12), DIM)
                    put(line, pygame.Rect(x0, y, inner.width, line.get_height()), "left", assisted)
                    y += line.get_height()
                y += self.px(4)
            note = _("Best round: the most points a single won round brought.")
            line = _fit(note, self.px(14), inner.width - self.px(12), DIM)
            put(line, pygame.Rect(x0, y, inner.width, line.get_height()), "left", note)
            y += line.get_height() + self.px(18)
        self._rating_start = len(texts)
        if self.ratings is not None and not kind:  # a person's rating and its history
            _end, self.rating_plots = draw_ratings(surface, x0, y, inner.width, self.ratings, name, self.px, put, _fit)
        return surface, texts, max(rect.height, bottom + pad)

    def rating_words(self) -> list[str]:
        """The rating section's words, in or out of view."""
        return [label for label, _spot, _cell in self._table_text[self._rating_start :]]

    @property
    def drawn_text(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """What the screen draws itself (game.ui.drawing.layout_check): the empty state's lines,
        and the table's that show whole at its scroll (the others are out of view)."""
        column = self.table_column
        shown = []
        for label, spot, cell in self._table_text:
            if column.shows(spot):
                shown.append((label, column.to_screen(spot), column.to_screen(cell).clip(self.table_rect)))
        return self._empty_text + shown

    @drawn_text.setter
    def drawn_text(self, value: list[tuple[str, pygame.Rect, pygame.Rect]]) -> None:
        self._empty_text = [t for t in value if t[0] == "empty state"]

    # Input -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self or self.name_list is None:
            return
        shown = self.name_list.get_single_selection()
        if isinstance(shown, tuple):
            shown = shown[0]
        name = self.shown_names.get(shown) if shown is not None else None
        if name is not None and name != self.selected:
            self.selected = name
            self.sound("button")
            self.make_table()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._table is not None and self.table_column.handle_event(event):
            return True  # the wheel over the table, Page Up/Down, Home/End, its bar
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.names:
            index = self.names.index(self.selected) if self.selected in self.names else 0
            index = max(0, min(len(self.names) - 1, index + (1 if event.key == pygame.K_DOWN else -1)))
            if self.names[index] != self.selected and self.name_list is not None:
                self.selected = self.names[index]
                self.make_name_list(pygame.Rect(self.name_list.relative_rect))  # shows the new selection
                self.make_table()
            return True
        return super().handle_event(event)

    # Drawing -----------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        if self._table is not None:
            column = self.table_column
            surface.blit(self._table, self.table_rect.topleft, pygame.Rect(0, column.offset, self.table_rect.width, self.table_rect.height))
            column.draw(surface)
        for picture, pos in self._empty:
            surface.blit(picture, pos)
