"""Learn to play: the lessons to choose from, each with what it teaches; a lesson
finished is marked done (game.learning.lessons keeps which, in the user data).

Up/Down (or Tab) and Enter work as well as the mouse; Esc goes back."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _
from game.learning.lessons import Lesson, LessonError, lessons_done, load_lessons
from game.ui.drawing.menu import MenuScene, blit_centred, panel, scale_for, shadowed, style, wrap
from game.ui.drawing.access import text_factor
from game.ui.drawing.text import DIM, GOLD, IVORY, RED, least_size
from game.ui.drawing.surface_cache import trimmed


class LessonsScene(MenuScene):
    """The list of lessons, then Back."""

    def __init__(self) -> None:
        super().__init__()
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where ``picture``, cut to what is drawn, lies in the window
        self.problem: str | None = None
        try:
            self.lessons: list[Lesson] = load_lessons()
        except LessonError as err:  # a damaged install: say so, never crash
            self.lessons = []
            self.problem = _("The lessons cannot be loaded ({reason}).").format(reason=err)

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        width = min(w - 40, int(760 * s))
        pad = int(24 * s)
        title = shadowed(self.text, _("Learn to play"), int(64 * s))
        intro = wrap(self.text, _("Short lessons on fixed deals against an easy computer. Leave one at any time with Esc."), width - 2 * pad, max(14, int(20 * s)), DIM)
        bh, gap = int(50 * s), int(10 * s)
        rows: list[tuple[pygame.Surface, list[pygame.Surface]]] = []
        for number, lesson in enumerate(self.lessons, 1):
            summary = wrap(self.text, lesson.summary, width - 2 * pad, max(15, int(20 * s)), IVORY)
            rows.append((self.text.fit(_("Lesson {number}").format(number=number), width, max(least_size(text_factor(self.size)), int(16 * s)), GOLD, True), summary))
        body_h = sum(bh + gap + sum(line.get_height() for line in summary) + int(14 * s) for _heading, summary in rows)
        if self.problem:
            body_h += int(60 * s)
        height = pad + title.get_height() + sum(line.get_height() for line in intro) + int(16 * s) + body_h + bh + pad
        top = max(8, (h - height) // 2)
        box_rect = pygame.Rect((w - width) // 2, top, width, min(height, h - 16))
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(panel(box_rect.size, 18), box_rect.topleft)
        y = top + pad // 2
        blit_centred(picture, title, w // 2, y)
        y += title.get_height()
        for line in intro:
            blit_centred(picture, line, w // 2, y)
            y += line.get_height()
        y += int(16 * s)
        if self.problem:
            for line in wrap(self.text, self.problem, width - 2 * pad, max(14, int(18 * s)), RED):
                blit_centred(picture, line, w // 2, y)
                y += line.get_height()
            y += int(20 * s)
        self.buttons = {}
        done = lessons_done()
        for (number, lesson), (_heading, summary) in zip(enumerate(self.lessons, 1), rows):
            rect = pygame.Rect(box_rect.left + pad, y, width - 2 * pad, bh)
            # TRANSLATORS: a lesson of Learn to play that the player has finished
            words = _("{number}. {title} · done") if lesson.id in done else _("{number}. {title}")
            self.buttons[f"lesson:{number - 1}"] = pygame_gui.elements.UIButton(
                rect, words.format(number=number, title=lesson.title), self.gui, object_id=style("title_button", self.size)
            )
            y += bh + gap // 2
            for line in summary:
                picture.blit(line, (rect.left + int(8 * s), y))
                y += line.get_height()
            y += int(14 * s)
        back_w = int(200 * s)
        self.buttons["back"] = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - back_w // 2, min(y, h - bh - 12), back_w, bh), _("Back"), self.gui, object_id=style("title_button", self.size)
        )
        self.picture, self.picture_at = trimmed(picture)  # (the see-through rest of the window: 33 MB at 3840x2160)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None and self.focus.order:
            self.focus.reset(self.focus.order, self.buttons, self.focus.order[0])

    def let_go_pictures(self) -> None:
        super().let_go_pictures()
        self.picture = None

    def enter(self) -> None:
        """Back from a lesson: the one just finished is marked done."""
        if self.rested:
            self.revive()  # laid out again (the lesson marked)
        elif self.app is not None:
            self.rebuild()

    def on_button(self, name: str) -> None:
        if self.app is None:
            return
        if name == "back":
            self.on_escape()
        elif name.startswith("lesson:"):
            index = int(name.split(":", 1)[1])
            self.app.routes.start_lesson(index)

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
