"""Accuracy and luck over time (from Past matches): for one person, every reviewed
match's error rate (the coach's points of winning chance lost per decision, as
GNU Backgammon's) and luck (the points the deal and the draws gave), each
plotted over the matches in order, so skill shows apart from luck. The reviews
are the ones kept with the matches (``game.archive.reviews.trend``)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.i18n import N_, _, ngettext
from game.archive.reviews import Figures, TrendPoint, trend
from game.ui.drawing.menu import wrap_lines
from game.ui.drawing.plot import Series, draw_plot
from game.ui.scenes.info import PictureInfoScene, ui_font
from game.words.dates import short_date
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import shown_name

ERROR_LINE = (236, 150, 110)
LUCK_LINE = (140, 200, 240)


def error_words(figures: Figures) -> str:
    """"2.3" points lost per decision ("—" without a decision of its own)."""
    return "—" if figures.error_rate is None else f"{figures.error_rate:.1f}"


def luck_points(luck: float) -> str:
    return f"{luck:+.0f}"


def figures_line(figures: Figures) -> str:
    """One reviewed match, in words (Past matches' detail)."""
    accuracy = "—" if figures.accuracy is None else _("{percent}%").format(percent=round(100 * figures.accuracy))
    # TRANSLATORS: a reviewed match's figures: "Coach: 2.3 points lost per decision  ·  accuracy 84%  ·  luck +12 points".
    return _("Coach: {error} points lost per decision  ·  accuracy {accuracy}  ·  luck {luck} points").format(
        error=error_words(figures), accuracy=accuracy, luck=luck_points(figures.luck)
    )


class AccuracyLuckScene(PictureInfoScene):
    """The plots of one person's reviewed matches; "Next person" when there are several."""

    title = N_("Accuracy and luck")

    def __init__(self, points: list[TrendPoint] | None = None, name: str | None = None) -> None:
        super().__init__()
        self.points = points
        self.name = name
        self.names: list[str] = []
        self.next_button: pygame_gui.elements.UIButton | None = None
        self.plotted: dict[str, list[tuple[int, int]]] = {}  # "error" and "luck": where each match's point was drawn

    def attach(self, app: Any) -> None:
        if self.points is None:
            self.points = trend()
        self.points = sorted(self.points, key=lambda p: (p.date, p.record, p.seat))
        counts: dict[str, int] = {}
        for point in self.points:
            counts[point.figures.name] = counts.get(point.figures.name, 0) + 1
        self.names = sorted(counts, key=lambda n: (-counts[n], n.casefold()))  # the most reviewed first
        if self.name not in self.names:
            self.name = self.names[0] if self.names else None
        super().attach(app)

    def mine(self) -> list[TrendPoint]:
        return [p for p in self.points or () if p.figures.name == self.name]

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        self.next_button = None
        if len(self.names) > 1:
            words = _("Next person")
            width = ui_font(self.px(17), True).size(words)[0] + self.px(36)
            back_h = self.back_button.relative_rect.height if self.back_button is not None else self.px(44)
            self.next_button = pygame_gui.elements.UIButton(
                pygame.Rect(self.panel.right - self.pad - width, self.panel.bottom - self.pad - back_h, width, back_h),
                words,
                self.gui,
                object_id=self.style("back"),
            )
        self.view = body
        self.paint_inset(body)
        self.make_picture()

    def make_picture(self) -> None:
        rect = self.view
        pad = self.px(14)
        width = rect.width - 2 * pad - self.column.bar_room
        tall = max(rect.height, self.px(760))
        out = pygame.Surface((rect.width, tall), pygame.SRCALPHA)
        texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        y = pad

        def line(words: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> None:
            """``words`` wrapped to the width (a long word made smaller)."""
            nonlocal y
            font = ui_font(size, bold)
            for part in wrap_lines(words, width, lambda s: font.size(s)[0]):
                shown = size
                while shown > 11 and ui_font(shown, bold).size(part)[0] > width:
                    shown -= 1
                picture = ui_font(shown, bold).render(part, True, colour)
                spot = picture.get_rect(topleft=(pad, y))
                out.blit(picture, spot)
                texts.append((part, spot, pygame.Rect(0, 0, rect.width, tall)))
                y = spot.bottom
            y += self.px(4)

        points = self.mine()
        self.plotted = {}
        if not points:
            line(_("No reviewed match yet"), self.px(24), GOLD, True)
            line(_("Every finished match is reviewed by the coach after it ends;"), self.px(16), IVORY)
            line(_("its accuracy and its luck appear here."), self.px(16), IVORY)
        else:
            count = ngettext("{count} reviewed match", "{count} reviewed matches", len(points)).format(count=len(points))
            line(f"{shown_name(self.name or '')}  ·  {count}", self.px(20), GOLD, True)
            rates = [p.figures.error_rate for p in points if p.figures.error_rate is not None]
            average = "—" if not rates else f"{sum(rates) / len(rates):.1f}"
            luck = sum(p.figures.luck for p in points) / len(points)
            line(
                _("On average {error} points of winning chance lost per decision, and luck {luck} points a match.").format(error=average, luck=luck_points(luck)),
                self.px(15),
                IVORY,
            )
            line(_("Skill is the first plot (lower is better); the second is what the deal and the draws gave."), self.px(14), DIM)
            y += self.px(6)
            room = rect.height - y - pad
            plot_h = max(self.px(190), room // 2 - self.px(8))
            ends = (short_date(points[0].date), short_date(points[-1].date))
            for key, label, values, colour in (
                ("error", _("Points lost per decision"), [p.figures.error_rate for p in points], ERROR_LINE),
                ("luck", _("Luck (points)"), [p.figures.luck for p in points], LUCK_LINE),
            ):
                area = pygame.Rect(pad, y, width, plot_h)
                drawn = draw_plot(
                    out, area, [Series(values, colour)], font=lambda s, b: ui_font(s, b), size=self.px(14),
                    y_label=label, x_label=_("reviewed matches, oldest to newest"), x_ends=ends,
                    y_range=(0.0, 1.0) if key == "error" else None, scale=self.px(100) / 100, zero_line=key == "luck",
                )
                texts += [(words, spot, area) for words, spot in drawn.texts]
                self.plotted[key] = drawn.points[0] if drawn.points else []
                y = area.bottom + self.px(16)
        height = max(rect.height, y + pad)
        self._picture = out.subsurface(pygame.Rect(0, 0, rect.width, min(tall, height))).copy()
        self._texts = texts
        self.column.set_view(rect, self._picture.get_height(), keep=False)

    def next_person(self) -> None:
        if len(self.names) > 1:
            self.sound("button")
            self.name = self.names[(self.names.index(self.name) + 1) % len(self.names)] if self.name in self.names else self.names[0]
            self.make_picture()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.next_button is not None and self.next_button.check_pressed():
            self.next_person()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:  # (the column never takes Tab)
            self.next_person()
            return True
        return super().handle_event(event)
