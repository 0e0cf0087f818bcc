"""The Statistics screen's rating section: a person's rating in each family of
rule sets (``game.rating.player_rating``: "1502 ± 84", provisional while the deviation
is large) with its history as a plot, drawn into the screen's scrolling table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.engine.rules import FAMILIES
from game.i18n import _, ngettext
from game.rating.player_rating import PROVISIONAL_RD, Ratings, Standing
from game.words.dates import short_date
from game.ui.drawing.plot import Series, draw_plot
from game.ui.scenes.info import ui_font
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.ratings import rating_words
from game.words.rule_sets import family_title

Put = Callable[[pygame.Surface, pygame.Rect, str, str], None]  # (picture, cell, align, label)
Fit = Callable[[str, int, int, tuple[int, int, int], bool], pygame.Surface]
LINE = (240, 207, 122)


@dataclass
class RatingPlots:
    """Where the section drew each family's points (tests read them)."""

    points: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


def section_height(px: Callable[[float], int], families: int) -> int:
    """At most how tall the section is (the picture is cut to what it took)."""
    return px(120) + families * px(330)


def draw_ratings(
    surface: pygame.Surface,
    x0: int,
    y: int,
    width: int,
    ratings: Ratings,
    name: str,
    px: Callable[[float], int],
    put: Put,
    fit: Fit,
) -> tuple[int, RatingPlots]:
    """The section for ``name`` from ``y`` down; returns where it ends and its plots."""
    plots = RatingPlots()
    heading = _("Rating")
    picture = fit(heading, px(20), width - px(12), GOLD, True)
    put(picture, pygame.Rect(x0, y, width, picture.get_height()), "left", heading)
    y += picture.get_height() + px(4)
    standings = [(family, ratings.standing(name, family)) for family in FAMILIES]
    shown = [(family, s) for family, s in standings if s is not None]
    if not shown:
        for words in (
            _("Not rated yet."),
            _("A finished two-player match against the computer, without hints or undo, rates you."),
        ):
            line = fit(words, px(15), width - px(12), DIM, False)
            put(line, pygame.Rect(x0, y, width, line.get_height()), "left", words)
            y += line.get_height()
        return y, plots
    for family, standing in shown:
        y = _family(surface, x0, y, width, family, standing, px, put, fit, plots)
    note = _("± the rating's deviation: provisional until it is under {limit}.").format(limit=round(PROVISIONAL_RD))
    line = fit(note, px(14), width - px(12), DIM, False)
    put(line, pygame.Rect(x0, y, width, line.get_height()), "left", note)
    return y + line.get_height(), plots


def _family(
    surface: pygame.Surface,
    x0: int,
    y: int,
    width: int,
    family: str,
    standing: Standing,
    px: Callable[[float], int],
    put: Put,
    fit: Fit,
    plots: RatingPlots,
) -> int:
    """One family: its rating in words, then its history plotted."""
    matches = ngettext("{count} rated match", "{count} rated matches", standing.matches).format(count=standing.matches)
    # TRANSLATORS: "Matador-like: 1502 ± 84 (provisional)  ·  12 rated matches".
    words = _("{family}: {rating}  ·  {matches}").format(family=family_title(family), rating=rating_words(standing.rating), matches=matches)
    line = fit(words, px(17), width - px(12), IVORY, True)
    put(line, pygame.Rect(x0, y, width, line.get_height()), "left", words)
    y += line.get_height() + px(4)
    history = standing.history
    if len(history) < 2:
        return y + px(10)
    area = pygame.Rect(x0 + px(6), y, width - px(12), px(220))
    size = px(14)
    drawn = draw_plot(
        surface,
        area,
        [Series([p.r for p in history], LINE, [p.rd for p in history])],
        font=lambda s, bold: ui_font(s, bold),
        size=size,
        y_label=_("Rating (the band: ± its deviation)"),
        x_label=_("rated matches, oldest to newest"),
        x_ends=(short_date(history[0].date), short_date(history[-1].date)),
        scale=px(100) / 100,
    )
    for label, spot in drawn.texts:
        put(_blank(spot.size), spot, "keep", label)  # already drawn: only declared
    plots.points[family] = drawn.points[0] if drawn.points else []
    return area.bottom + px(14)


def _blank(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


__all__ = ["RatingPlots", "draw_ratings", "section_height"]
