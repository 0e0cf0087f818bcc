"""*Leaderboard* of a server (from *On a server*): a family of rule sets chosen above
(the families of the rule sets' registry), the server's top 100 in it (place,
name, rating, rated matches; a provisional rating marked "?", explained by the
legend below), your own row in gold, and your place apart below the rows when
you are not among them; above the rows, your rating on that server beside the
one this machine keeps (game/rating/player_rating.py). The server is asked with
the ``leaderboard`` message on a thread of its own (game/net/app/leaderboard.py)
each time a family is chosen.

Keys: Left/Right (or Tab) walk the families and Back, Enter chooses; Up/Down,
Page Up/Page Down, Home/End and the mouse wheel scroll the rows; Esc goes back.
The screen is still but while it waits for the server's answer.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton

from game.engine.rules import FAMILIES
from game.i18n import _
from game.net.app.leaderboard import Board, BoardAsker, BoardRow
from game.rating.glicko2 import Rating
from game.rating.player_rating import Ratings, load_ratings
from game.ui.drawing.menu import MenuScene, blit_centred, panel, scale_for, shadowed, style, wrap
from game.ui.drawing.surface_cache import trimmed
from game.ui.drawing.text import DIM, GOLD, IVORY, RED
from game.ui.scenes.friends.friends_words import BACK
from game.ui.scenes.friends.leaderboard_words import (
    ASKING,
    LEADERBOARD,
    MATCHES,
    NAME,
    NOBODY,
    PLACE,
    RATING,
    board_rating_words,
    legend_words,
    you_words,
)
from game.words.link_words import failure_line
from game.words.rule_sets import family_title

DrawnText = tuple[str, pygame.Rect, pygame.Rect]
SCROLL_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


class LeaderboardScene(MenuScene):
    """A server's best players by family, and your place among them."""

    def __init__(self, url: str, address: str = "", name: str = "", make_asker: Callable[[str], BoardAsker] | None = None) -> None:
        """``url``: the server's; ``address``: as shown; ``name``: the player's (for the
        rating this machine keeps); ``make_asker``: what asks the server (tests: a stand-in)."""
        super().__init__()
        self.url, self.address, self.name = url, address or url, name
        self.make_asker = make_asker or BoardAsker
        self.asker: BoardAsker | None = None
        self.family = FAMILIES[0]
        self.seen = -1  # the asker's answers shown so far
        self.local = Ratings()
        self.first = 0  # the first row shown (the rows scroll)
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)
        self.rows_art: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)  # where the rows show
        self.row_h = 1
        self.columns: list[tuple[int, str]] = []  # each column's edge and alignment ("left" or "right")
        self.drawn: list[DrawnText] = []
        self.rows_drawn: list[DrawnText] = []

    # Setup -------------------------------------------------------------------------
    def attach(self, app: Any) -> None:
        self.local = load_ratings()[0]  # (read once: the screen shows it, it changes nothing)
        super().attach(app)
        self.asker = self.make_asker(self.url)
        self.asker.start()
        self.asker.ask(self.family)

    @property
    def board(self) -> Board | None:
        board = self.asker.board if self.asker is not None else None
        return board if board is not None and board.family == self.family else None

    @property
    def drawn_text(self) -> list[DrawnText]:
        """What the screen draws itself, where it shows (game.ui.drawing.layout_check)."""
        return self.drawn + self.rows_drawn

    def rows(self) -> list[BoardRow]:
        return list(self.board.top) if self.board is not None else []

    def apart(self) -> BoardRow | None:
        """Your own row, shown below the others when you are rated but not among them."""
        board = self.board
        if board is None or board.place is None or board.you is None or any(row.you for row in board.top):
            return None
        return BoardRow(board.place, self.name or _(NAME), board.you, True)

    def note(self) -> tuple[str, tuple[int, int, int]] | None:
        """What the rows' place says when there are no rows to show."""
        asker = self.asker
        if asker is not None and asker.state == "failed":
            return failure_line(asker.failure, self.address, "", self.name, asker.code, asker.params), RED
        if self.board is None:
            return _(ASKING), DIM
        if not self.board.top:
            return _(NOBODY), DIM
        return None

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        pad = max(8, int(20 * s))
        gap = max(4, int(10 * s))
        width = min(w - 24, int(920 * s))
        theme = self.gui.get_theme()
        small, plain, primary = style("title_small", self.size), style("title_button", self.size), style("title_primary", self.size)
        bh = max(theme.get_font([plain]).size(_(BACK))[1], theme.get_font([small]).size("Mg")[1]) + 16
        bh = max(bh, min(int(48 * s), h // 12))
        back = pygame.Rect(0, 0, min(width, max(int(260 * s), theme.get_font([plain]).size(_(BACK))[0] + 32)), bh)
        back.midbottom = (w // 2, h - max(6, int(12 * s)))
        box = pygame.Rect((w - width) // 2, max(6, int(10 * s)), width, back.top - gap - max(6, int(10 * s)))
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(panel(box.size, 18), box.topleft)
        self.drawn = []
        inner = box.inflate(-2 * pad, 0)
        y = box.top + pad // 2
        head = shadowed(self.text, _(LEADERBOARD), max(26, int(50 * s)), width=inner.width)
        self.drawn.append((_(LEADERBOARD), blit_centred(picture, head, w // 2, y), box))
        y += head.get_height() + gap
        # The families, side by side
        self.buttons = {}
        cell = (inner.width - gap * (len(FAMILIES) - 1)) // len(FAMILIES)
        # The families in one size of letters, the chosen one in the gold of a first
        # choice (its larger letters beside the others' small ones looked like another
        # kind of button): the title's size where every family's name holds in its cell.
        fits = all(theme.get_font([plain]).size(family_title(f))[0] <= cell - 24 for f in FAMILIES)
        chosen, other = (primary, plain) if fits else (style("title_small_primary", self.size), small)
        for i, family in enumerate(FAMILIES):
            rect = pygame.Rect(inner.left + i * (cell + gap), y, cell, bh)
            self.buttons[f"family{i}"] = UIButton(rect, family_title(family), self.gui, object_id=chosen if family == self.family else other)
        y += bh + gap
        size = max(15, int(19 * s))
        board = self.board
        local = self.local.standing(self.name, self.family) if self.name else None
        words = you_words(board.place if board is not None else None, board.count if board is not None else 0,
                          board.you if board is not None else None, local.rating if local is not None else None)  # fmt: skip
        if board is None and self.asker is not None and self.family in self.asker.ratings:
            here = self.asker.ratings[self.family]
            words = you_words(None, 0, here if here.matches else None, local.rating if local is not None else None)
        for line in wrap(self.text, words, inner.width, size, IVORY):
            self.drawn.append((words, blit_centred(picture, line, w // 2, y), box))
            y += line.get_height()
        y += gap
        legend = legend_words()
        legend_lines = wrap(self.text, legend, inner.width, max(15, int(16 * s)), DIM)
        legend_h = sum(line.get_height() for line in legend_lines)
        legend_top = ly = box.bottom - pad // 2 - legend_h
        for line in legend_lines:
            self.drawn.append((legend, blit_centred(picture, line, w // 2, ly), box))
            ly += line.get_height()
        # The columns' heads, then the rows' view
        font = self.text.font(size)
        self.row_h = font.get_linesize() + max(2, int(6 * s))
        place_w = max(font.size("9999")[0], self.text.font(size, True).size(_(PLACE))[0])
        rating_w = max(font.size("8888?")[0], self.text.font(size, True).size(_(RATING))[0])
        matches_w = max(font.size("99999")[0], self.text.font(size, True).size(_(MATCHES))[0])
        bar = max(6, int(8 * s))
        right = inner.right - bar - gap
        self.columns = [
            (inner.left + place_w, "right"),
            (inner.left + place_w + 2 * gap, "left"),
            (right - matches_w - 2 * gap, "right"),
            (right, "right"),
        ]
        heads = (_(PLACE), _(NAME), _(RATING), _(MATCHES))
        name_room = self.columns[2][0] - rating_w - gap - self.columns[1][0]
        for (edge, align), words in zip(self.columns, heads):
            art = self.text.fit(words, name_room if align == "left" else rating_w + gap, size, DIM, True)
            at = (edge, y) if align == "left" else (edge - art.get_width(), y)
            self.drawn.append((words, pygame.Rect(at, art.get_size()), box))
            picture.blit(art, at)
        y += self.row_h
        self.view = pygame.Rect(inner.left, y, inner.width, max(self.row_h, legend_top - gap - y))
        self.picture, self.picture_at = trimmed(picture)
        self.buttons["back"] = UIButton(back, _(BACK), self.gui, object_id=plain)
        self.scroll_to(self.first)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, f"family{FAMILIES.index(self.family)}")

    # The rows ---------------------------------------------------------------------------
    def shown_rows(self) -> int:
        """How many of the top rows the view holds (less two rows for your own, apart)."""
        room = self.view.height // self.row_h
        return max(1, room - 2) if self.apart() is not None else max(1, room)

    def scroll_to(self, first: int) -> None:
        """Show the rows from ``first`` on (kept within the list) and draw them."""
        rows = self.rows()
        self.first = max(0, min(first, len(rows) - self.shown_rows()))
        self.rows_art, self.rows_drawn = self.draw_rows(rows)

    def draw_rows(self, rows: list[BoardRow]) -> tuple[pygame.Surface, list[DrawnText]]:
        """The rows in view (and your own, apart), or the note in their place."""
        s = scale_for(self.size)
        size = max(15, int(19 * s))
        art = pygame.Surface(self.view.size, pygame.SRCALPHA)
        drawn: list[DrawnText] = []
        said = self.note()
        if said is not None:
            words, colour = said
            y = 0
            for line in wrap(self.text, words, self.view.width, size, colour):
                at = pygame.Rect(self.view.left + (self.view.width - line.get_width()) // 2, self.view.top + y, *line.get_size())
                art.blit(line, (at.left - self.view.left, y))
                drawn.append((words, at, self.view))
                y += line.get_height()
            return art, drawn
        shown = self.shown_rows()
        y = 0
        for row in rows[self.first : self.first + shown]:
            self._row(art, drawn, row, y, size)
            y += self.row_h
        mine = self.apart()
        if mine is not None:
            dots = "…"
            dot = self.text.render(dots, size, DIM)
            art.blit(dot, (self.columns[0][0] - dot.get_width() - self.view.left, shown * self.row_h))
            self._row(art, drawn, mine, (shown + 1) * self.row_h, size)
        if len(rows) > shown:  # where the rows in view are among all of them
            bar = max(6, int(8 * s))
            track = pygame.Rect(self.view.width - bar, 0, bar, shown * self.row_h)
            pygame.draw.rect(art, (40, 60, 46), track, border_radius=bar // 2)
            knob_h = max(bar * 2, track.height * shown // len(rows))
            knob_y = (track.height - knob_h) * self.first // max(1, len(rows) - shown)
            pygame.draw.rect(art, GOLD, pygame.Rect(track.left, knob_y, bar, knob_h), border_radius=bar // 2)
        return art, drawn

    def _row(self, art: pygame.Surface, drawn: list[DrawnText], row: BoardRow, y: int, size: int) -> None:
        colour = GOLD if row.you else IVORY
        cells = (str(row.place), row.name, board_rating_words(row.standing), str(row.standing.matches))
        name_room = self.columns[2][0] - self.text.font(size).size("8888?")[0] - 12 - self.columns[1][0]
        digits = self.text.font(size, row.you).size(str(round(row.standing.rating)))[0]
        for column, ((edge, align), words) in enumerate(zip(self.columns, cells)):
            picture = self.text.fit(words, name_room if align == "left" else 10_000, size, colour, row.you)
            x = edge if align == "left" else edge - (digits if column == 2 else picture.get_width())  # (a provisional mark hangs past the digits)
            at = pygame.Rect(x, self.view.top + y, *picture.get_size())
            art.blit(picture, (x - self.view.left, y))
            drawn.append((words, at, self.view))

    # Events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        rows = len(self.rows())
        if event.type == pygame.MOUSEWHEEL and rows:
            self.scroll_to(self.first - 3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS and rows > self.shown_rows():
            page = self.shown_rows()
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_HOME: -rows, pygame.K_END: rows}
            self.scroll_to(self.first + steps[event.key])
            return True
        return super().handle_event(event)

    def on_button(self, name: str) -> None:
        if name == "back":
            self.on_escape()
        elif name.startswith("family"):
            self.choose(FAMILIES[int(name[6:])])

    def choose(self, family: str) -> None:
        """Show ``family``'s leaderboard (asked of the server again)."""
        self.family, self.first = family, 0
        if self.asker is not None:
            self.asker.ask(family)
        self.rebuild()

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.pop()

    def next_change(self) -> float | None:
        """Waiting for the server's answer: looked at 10 times a second; still otherwise."""
        if self.asker is not None and self.asker.state == "asking":
            return 0.1
        return self.widgets_change()

    def update(self, dt: float) -> None:
        super().update(dt)
        asker = self.asker
        if asker is not None and asker.answers != self.seen and asker.state != "asking":
            self.seen = asker.answers
            self.rebuild()

    def close(self) -> None:
        if self.asker is not None:
            self.asker.close()
            self.asker = None
        super().close()

    # Drawing -------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.rows_art is not None:
            surface.blit(self.rows_art, self.view.topleft)


__all__ = ["LeaderboardScene"]
