"""Past matches: every finished or abandoned match, newest first (date, rule set,
seats, result); Review opens one in the review of its rounds.

The list reads the small index ``game.past_matches`` keeps, never every record;
a record that cannot be read is moved aside with a message, as saves are."""

from __future__ import annotations

import pygame
import pygame_gui

from game.past_matches import PastMatch, list_matches, load
from game.ui.scenes.settings import INSET_FILL, InfoScene, panel_surface, ui_font
from game.ui.text import DIM, GOLD, IVORY


def row_words(past: PastMatch) -> str:
    """One line of the list: "25 Nov 21:03  ·  Leyden  ·  You v Hard  ·  You won 102-87"."""
    seats = " v ".join(seat.name for seat in past.seats)
    return f"{past.date.strftime('%d %b %H:%M')}  ·  {past.title}  ·  {seats}  ·  {past.result}"


class PastMatchesScene(InfoScene):
    """The kept matches; Review opens the selected one."""

    title = "Past matches"

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
        self._inset: pygame.Surface | None = None

    def attach(self, app: object) -> None:
        self.messages = []
        self.matches = list_matches(self.messages)
        super().attach(app)  # type: ignore[arg-type]

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        note_h = self.px(44) if self.messages else 0
        if self.messages:
            self.message_lines(" ".join(self.messages), pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        area = pygame.Rect(body.x, body.y, body.width, body.height - note_h)
        self.rows = {}
        self.match_list = None
        self.review_button = None
        if not self.matches:
            self.detail_rect = area
            self._inset = panel_surface(area.size, INSET_FILL, edge=False)
            self._detail = self.empty_picture(area.size)
            return
        for i, past in enumerate(self.matches):
            words = row_words(past)
            while words in self.rows:
                words += " "
            self.rows[words] = i
        detail_h = self.px(120)
        list_rect = pygame.Rect(area.x, area.y, area.width, area.height - detail_h - self.px(10))
        default = next((w for w, i in self.rows.items() if i == self.selected), None)
        self.match_list = pygame_gui.elements.UISelectionList(
            list_rect, list(self.rows), self.gui, default_selection=default, object_id=self.style("names")
        )
        self.detail_rect = pygame.Rect(area.x, list_rect.bottom + self.px(10), area.width, detail_h)
        self._inset = panel_surface(self.detail_rect.size, INSET_FILL, edge=False)
        button_w, button_h = self.px(170), self.px(44)
        self.review_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.detail_rect.right - button_w - self.px(14), self.detail_rect.centery - button_h // 2, button_w, button_h),
            "Review",
            self.gui,
            object_id=self.style("back"),
        )
        self._detail = self.detail_picture()

    def empty_picture(self, size: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(size, pygame.SRCALPHA)
        lines = [
            ui_font(self.px(28), True).render("No match kept yet", True, GOLD),
            ui_font(self.px(18)).render("Every finished or abandoned match appears here,", True, IVORY),
            ui_font(self.px(18)).render("ready to be reviewed move by move.", True, IVORY),
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
        head = ui_font(self.px(20), True).render(f"{past.title}: {past.result}", True, GOLD)
        out.blit(head, (pad, pad))
        seats = ", ".join(seat.words for seat in past.seats)
        line = ui_font(self.px(16)).render(f"{seats}  ·  {past.rounds} round{'s' if past.rounds != 1 else ''} dealt", True, IVORY)
        out.blit(line, (pad, pad + head.get_height() + 4))
        when = ui_font(self.px(15)).render(past.date.strftime("%A %d %B %Y, %H:%M"), True, DIM)
        out.blit(when, (pad, pad + head.get_height() + line.get_height() + 8))
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

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.matches:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.review()
                return True
        return super().handle_event(event)

    def select(self, index: int) -> None:
        self.selected = max(0, min(len(self.matches) - 1, index))
        self.on_resize(self.size)  # the list shows the new selection

    def review(self) -> None:
        """Open the selected match in the review (its first round)."""
        if self.app is None or not self.matches:
            return
        self.sound("button")
        match, message = load(self.matches[self.selected].path)
        if match is None:
            self.messages = [message or "That match cannot be read."]
            self.matches = list_matches(self.messages)
            self.selected = 0
            self.on_resize(self.size)
            return
        self.app.routes.open_review(match, 0)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self._inset is not None:
            surface.blit(self._inset, self.detail_rect.topleft)
        if self._detail is not None:
            surface.blit(self._detail, self.detail_rect.topleft)
