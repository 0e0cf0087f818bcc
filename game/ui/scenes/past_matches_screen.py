"""Past matches: every finished or abandoned match, newest first (date, rule set,
seats, result); Review opens one in the review of its rounds.

The list reads the small index ``game.archive.past_matches`` keeps, never every record;
a record that cannot be read is moved aside with a message, as saves are."""

from __future__ import annotations

import logging
from typing import Callable

import pygame
import pygame_gui

from game.ai import levels
from game.i18n import N_, _, ngettext, pgettext
from game.archive.past_matches import PastMatch, Seat, list_matches, load
from game.words.dates import MONTHS
from game.archive.reviews import TrendPoint, trend
from game.ui.scenes.accuracy_luck import figures_line
from game.ui.scenes.settings_screen import InfoScene, ui_font
from game.ui.drawing.menu import wrap_lines
from game.ui.drawing.scroll import select_item, show_item
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import shown_name
from game.words.rule_sets import WORDS, title

log = logging.getLogger(__name__)

MONTH_NAMES = (
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
    N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)  # fmt: skip
DAY_NAMES = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"), N_("Sunday"))


def title_words(past: PastMatch) -> str:
    """The rule set's name in the player's language, "(custom)" if options were changed."""
    name = title(past.rules) if past.rules in WORDS else past.title
    return _("{rule_set} (custom)").format(rule_set=name) if past.custom else name


def result_words(past: PastMatch) -> str:
    """"Ann won 102-87", "drawn 100-100", "abandoned in round 3"."""
    scores = "-".join(str(t) for t in past.scores)
    if past.abandoned:
        return _("abandoned in round {round}").format(round=max(1, past.rounds))
    if past.winner is None:
        return _("drawn {scores}").format(scores=scores)
    return _("{name} won {scores}").format(name=shown_name(past.winner), scores=scores)


def seat_words(seat: Seat) -> str:
    """``Ann`` or ``Cpu (hard)``."""
    if seat.kind == "human" or not seat.level:
        return shown_name(seat.name)
    level = levels.get(seat.level)
    return _("{name} ({level})").format(name=shown_name(seat.name), level=_(level.label) if level is not None else seat.level)


def row_words(past: PastMatch) -> str:
    """One line of the list: "25 Nov 21:03  ·  Leyden  ·  You v Hard  ·  You won 102-87"."""
    seats = _(" v ").join(shown_name(seat.name) for seat in past.seats)
    when = _("{day} {month} {time}").format(day=past.date.day, month=pgettext("short month", MONTHS[past.date.month - 1]), time=past.date.strftime("%H:%M"))
    return f"{when}  ·  {title_words(past)}  ·  {seats}  ·  {result_words(past)}"


def long_date(past: PastMatch) -> str:
    """"Tuesday 25 November 2026, 21:03"."""
    date = past.date
    return _("{weekday} {day} {month} {year}, {time}").format(
        weekday=_(DAY_NAMES[date.weekday()]),
        day=date.day,
        month=_(MONTH_NAMES[date.month - 1]),
        year=date.year,
        time=date.strftime("%H:%M"),
    )


class PastMatchesScene(InfoScene):
    """The kept matches; Review opens the selected one."""

    title = N_("Past matches")

    def __init__(self) -> None:
        super().__init__()
        self.matches: list[PastMatch] = []
        self.messages: list[str] = []
        self.rows: dict[str, int] = {}  # the list's text -> index in ``matches``
        self.selected = 0
        self.match_list: pygame_gui.elements.UISelectionList | None = None
        self.review_button: pygame_gui.elements.UIButton | None = None
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self._detail: pygame.Surface | None = None
        self.trend_button: pygame_gui.elements.UIButton | None = None
        self.reviewed: dict[str, list[TrendPoint]] = {}  # a record's file name -> its reviewed seats

    def attach(self, app: object) -> None:
        self.messages = []
        self.matches = list_matches(self.messages)
        self.reviewed = {}
        try:
            for point in trend():
                self.reviewed.setdefault(point.record, []).append(point)
        except Exception as err:  # the list shows without its figures
            log.warning("the reviews' figures could not be read: %s", err)
        super().attach(app)  # type: ignore[arg-type]

    def figures_words(self, past: PastMatch) -> str:
        """The coach's figures of the selected match (the seat played here), or why there are none."""
        points = self.reviewed.get(past.path.name, [])
        seat = past.played_seat
        point = next((p for p in points if seat is None or p.seat == seat), None)
        if point is not None:
            words = figures_line(point.figures)
            return words if len(points) < 2 else _("{name}: {figures}").format(name=shown_name(point.figures.name), figures=words)
        if past.abandoned or not any(s.kind == "human" for s in past.seats):
            return ""
        return _("Not reviewed yet: the coach reviews a finished match soon after it ends.")

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        note_h = self.px(44) if self.messages else 0
        if self.messages:
            self.message_lines(" ".join(self.messages), pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        area = pygame.Rect(body.x, body.y, body.width, body.height - note_h)
        self.rows = {}
        self.match_list = None
        self.review_button = None
        self.trend_button = None
        if self.reviewed:  # beside Back: the plot of accuracy and luck over time
            words = _("Accuracy and luck")
            width = ui_font(self.px(17), True).size(words)[0] + self.px(36)
            back = self.back_button.relative_rect if self.back_button is not None else pygame.Rect(0, 0, 0, self.px(44))
            self.trend_button = pygame_gui.elements.UIButton(
                pygame.Rect(self.panel.right - self.pad - width, back.y, width, back.height), words, self.gui, object_id=self.style("back")
            )
        if not self.matches:
            self.detail_rect = area
            self.paint_inset(area)
            self._detail = self.empty_picture(area.size)
            return
        detail_h = self.px(146)
        list_rect = pygame.Rect(area.x, area.y, area.width, area.height - detail_h - self.px(10))
        fit = self.row_fitter(list_rect)
        for i, past in enumerate(self.matches):
            words = row_words(past)
            shown, same = fit(words, 0), 0
            while shown in self.rows:  # the same words: trailing spaces tell the rows apart
                same += 1
                shown = fit(words, same) + " " * same
            self.rows[shown] = i
        default = next((w for w, i in self.rows.items() if i == self.selected), None)
        self.match_list = pygame_gui.elements.UISelectionList(
            list_rect, list(self.rows), self.gui, default_selection=default, object_id=self.style("names")
        )
        self.detail_rect = pygame.Rect(area.x, list_rect.bottom + self.px(10), area.width, detail_h)
        self.paint_inset(self.detail_rect)
        button_w, button_h = self.px(170), self.px(44)
        self.review_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.detail_rect.right - button_w - self.px(14), self.detail_rect.centery - button_h // 2, button_w, button_h),
            _("Review"),
            self.gui,
            object_id=self.style("back"),
        )
        self._detail = self.detail_picture()

    def row_fitter(self, list_rect: pygame.Rect) -> Callable[[str, int], str]:
        """``fit(words, spaces)``: a row's words, cut short with "…" where they would run
        past the list's edge (a narrow window; the panel below tells the whole match),
        leaving room for ``spaces`` trailing spaces."""
        assert self.gui is not None
        theme = self.gui.get_theme()
        item = [f"{self.style('names')}.@selection_list_item"]
        font = theme.get_font(item)
        pad = int(str(theme.get_misc_data("text_horiz_alignment_padding", item) or 0))
        item_h = int(str(theme.get_misc_data("list_item_height", [self.style("names")]) or 36))
        scrollbar = self.px(20) if len(self.matches) * item_h > list_rect.height - 2 else 0
        room = list_rect.width - 2 - scrollbar - 2 * pad - 2

        def fit(words: str, spaces: int) -> str:
            width = room - font.size(" " * spaces)[0]
            if font.size(words)[0] <= width:
                return words
            while len(words) > 1 and font.size(words.rstrip(" ·") + "…")[0] > width:
                words = words[:-1]
            return words.rstrip(" ·") + "…"

        return fit

    def empty_picture(self, size: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(size, pygame.SRCALPHA)
        lines = [
            ui_font(self.px(28), True).render(_("No match kept yet"), True, GOLD),
            ui_font(self.px(18)).render(_("Every finished or abandoned match appears here,"), True, IVORY),
            ui_font(self.px(18)).render(_("ready to be reviewed move by move."), True, IVORY),
        ]
        y = (size[1] - sum(line.get_height() + 8 for line in lines)) // 2
        for line in lines:
            out.blit(line, ((size[0] - line.get_width()) // 2, y))
            y += line.get_height() + 8
        return out

    def detail_picture(self) -> pygame.Surface:
        """The selected match: its seats and how it went."""
        rect = self.detail_rect
        out = pygame.Surface(rect.size, pygame.SRCALPHA)
        if not self.matches:
            return out
        past = self.matches[self.selected]
        pad = self.px(14)
        head = ui_font(self.px(20), True).render(
            _("{rule_set}: {result}").format(rule_set=title_words(past), result=result_words(past)), True, GOLD
        )
        out.blit(head, (pad, pad))
        seats = ", ".join(seat_words(seat) for seat in past.seats)
        dealt = ngettext("{count} round dealt", "{count} rounds dealt", past.rounds).format(count=past.rounds)
        line = ui_font(self.px(16)).render(f"{seats}  ·  {dealt}", True, IVORY)
        out.blit(line, (pad, pad + head.get_height() + 4))
        when = ui_font(self.px(15)).render(long_date(past), True, DIM)
        y = pad + head.get_height() + line.get_height() + 8
        out.blit(when, (pad, y))
        figures = self.figures_words(past)
        if figures:
            room = int(self.review_button.relative_rect.x - self.detail_rect.x if self.review_button is not None else rect.width) - 2 * pad
            font = ui_font(self.px(14))
            y += when.get_height() + 4
            for part in wrap_lines(figures, room, lambda s: font.size(s)[0])[:2]:  # two lines at most, never smaller
                out.blit(font.render(part, True, IVORY), (pad, y))
                y += font.get_linesize()
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        if self.match_list is not None:
            chosen = self.match_list.get_single_selection()
            if isinstance(chosen, tuple):  # (text, object id) lists
                chosen = chosen[0]
            if chosen is not None and self.rows.get(chosen, self.selected) != self.selected:
                self.selected = self.rows[chosen]
                self._detail = self.detail_picture()
        if self.review_button is not None and self.review_button.check_pressed():
            self.review()
        if self.trend_button is not None and self.trend_button.check_pressed() and self.app is not None:
            from game.ui.scenes.accuracy_luck import AccuracyLuckScene

            self.sound("button")
            self.app.push(AccuracyLuckScene([p for points in self.reviewed.values() for p in points]))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.matches:
            page = max(1, self.visible_rows() - 1)
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                    pygame.K_HOME: -len(self.matches), pygame.K_END: len(self.matches)}.get(event.key)
            if step is not None:  # (a controller's D-pad and shoulders are these keys)
                self.select(self.selected + step)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.review()
                return True
        return super().handle_event(event)

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(self.matches) - 1, index))
        if self.match_list is None or self.gui is None:
            return
        select_item(self.match_list, self.selected)  # the list shows the new selection, scrolled into view
        self._detail = self.detail_picture()

    def visible_rows(self) -> int:
        """How many rows the list shows at once."""
        if self.match_list is None:
            return 1
        item_h = int(getattr(self.match_list, "list_item_height", 0) or 36)
        return max(1, int(self.match_list.relative_rect.height) // max(1, item_h))

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if self.match_list is not None and self.gui is not None:
            show_item(self.match_list, self.selected)
            self.gui.update(0.0)

    def review(self) -> None:
        """Open the selected match in the review (its first round; a network match at
        the seat played on this machine)."""
        if self.app is None or not self.matches:
            return
        self.sound("button")
        past = self.matches[self.selected]
        match, message = load(past.path)
        if match is None:
            self.messages = [message or _("That match cannot be read.")]
            self.matches = list_matches(self.messages)
            self.selected = 0
            self.on_resize(self.size)
            return
        self.app.routes.open_review(match, 0, past.played_seat)  # a network match: the seat played here

    def draw_body(self, surface: pygame.Surface) -> None:
        if self._detail is not None:
            surface.blit(self._detail, self.detail_rect.topleft)
