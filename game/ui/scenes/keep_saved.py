"""New game over a saved match: the title asks first, saying that the match in
progress will be kept among the past matches (it always is), and opens the
new-game setup only when the player goes on. Back or Esc leaves things as they
were.
"""

from __future__ import annotations

import pygame

from game.engine import Match
from game.i18n import _
from game.words.seat_words import shown_name
from game.ui.drawing.menu import MenuOverlay, blit_centred, button_column, panel, scale_for, shadowed, style, wrap
from game.ui.drawing.text import IVORY


def names_words(names: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def saved_match_words(match: Match) -> str:
    """"Your match against Hard, round 2, will be kept in Past matches." """
    people = [shown_name(p.name) for p in match.players if p.is_human]
    others = [shown_name(p.name) for p in match.players if not p.is_human]
    round_number = max(1, len(match.rounds))
    if len(people) == 1 and others:
        return _("Your match against {names}, round {round}, will be kept in Past matches.").format(
            names=names_words(others), round=round_number
        )
    return _("The match of {names}, round {round}, will be kept in Past matches.").format(
        names=names_words([shown_name(p.name) for p in match.players]), round=round_number
    )


class KeepSavedScene(MenuOverlay):
    """Over the title: New game with a match saved."""

    def __init__(self, saved: Match):
        super().__init__()
        self.words = saved_match_words(saved)
        self.picture: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        labels: list[tuple[str, str, str | None]] = [
            ("new", _("Start a new game"), style("title_primary", self.size)),
            ("back", _("Back"), style("title_button", self.size)),
        ]
        bw, bh, gap = int(300 * s), int(50 * s), int(12 * s)
        pad = int(28 * s)
        width = min(w - 30, max(bw + 2 * pad, int(560 * s)))
        title = shadowed(self.text, _("New game"), int(56 * s))
        lines = wrap(self.text, self.words, width - 2 * pad, max(15, int(21 * s)), IVORY)
        text_h = sum(line.get_height() for line in lines)
        height = pad + title.get_height() + int(10 * s) + text_h + int(22 * s) + len(labels) * (bh + gap) - gap + pad
        self.panel_rect = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, height)
        box = panel(self.panel_rect.size, 18)
        y = pad
        blit_centred(box, title, width // 2, y)
        y += title.get_height() + int(10 * s)
        for line in lines:
            blit_centred(box, line, width // 2, y)
            y += line.get_height()
        y += int(22 * s)
        self.picture = box
        self.buttons = button_column(self.gui, labels, w // 2, self.panel_rect.top + y, bw, bh, gap)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "new")

    def on_button(self, name: str) -> None:
        app = self.app
        if app is None:
            return
        app.pop()
        if name == "new":
            app.routes.open_new_game()

    def on_escape(self) -> None:
        self.on_button("back")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.panel_rect.topleft)
