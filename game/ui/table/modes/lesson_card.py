"""The lesson's card, in the side panels' column (drawn over the table's
messages): the lesson, the step, what it says, what to do now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

import pygame
from pygame import Rect

from game.i18n import _
from game.ui.drawing.menu import wrap
from game.ui.table.panels.panel import CARD, Panel, scrolled_card
from game.ui.table.felt.regions import PanelSpec
from game.ui.drawing.text import DIM, GOLD, IVORY

if TYPE_CHECKING:
    from game.ui.table.modes.lesson_source import LessonSource
    from game.ui.table.protocols import Table


class LessonCard(Panel):
    """The lesson's card in the side panels' column: the lesson, the step, what it says, what to do."""

    name = "lesson"
    over = True

    def __init__(self, mode: LessonSource):
        super().__init__()
        self.mode = mode
        self._card: tuple[Hashable, pygame.Surface] | None = None
        self.offset = 0  # how far its words are scrolled up (taller than the room above its buttons)
        self.tall = 0  # how tall its words are, all of them
        self.view = 0  # how much of the card they may take (above its buttons)
        self.step_shown = -1  # the step whose words are shown: a new step starts at its top

    def forget(self) -> None:
        self._card = None

    def is_open(self, table: Table) -> bool:
        return True

    def spec(self, table: Table) -> PanelSpec:
        return PanelSpec(self.name)

    def content(self, table: Table, rect: Rect) -> Hashable:
        mode = self.mode
        if mode.step_index != self.step_shown:
            self.step_shown, self.offset = mode.step_index, 0
        return (mode.step_index, rect.size, table.board.regions.scale, mode.waits_for_next(), tuple(table.model.names), self.offset)

    def scroll_by(self, pixels: int) -> bool:
        """Scroll its words ``pixels`` down (negative: up); False at that end already."""
        offset = max(0, min(self.tall - self.view, self.offset + pixels))
        if offset == self.offset:
            return False
        self.offset = offset
        return True

    @staticmethod
    def buttons_height(width: int, k: float) -> int:
        """The room its buttons take at its foot (mode_lesson.LessonLook.build puts them there)."""
        bh, pad = round(38 * k), round(10 * k)
        narrow = (width - 3 * pad) // 2 < round(150 * k)  # one above the other
        return bh + 2 * pad + (bh + pad if narrow else 0)

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        if self._card is None or self._card[0] != content:
            self._card = (content, self.paint(content))
        surface.blit(self._card[1], rect.topleft)

    def paint(self, content: Hashable) -> pygame.Surface:
        assert self.text is not None and isinstance(content, tuple)
        _step, size, k, waits, names, offset = content
        text = self.text
        mode = self.mode
        lesson = mode.lesson
        w, h = size
        out = pygame.Surface((w, max(h, round(1200 * k))), pygame.SRCALPHA)  # all its words, then the part in view shown
        pad = round(12 * k)
        y = pad
        for head in wrap(text, _("Lesson {number}: {title}").format(number=mode.number, title=lesson.title), w - 2 * pad, max(15, round(19 * k)), GOLD):
            out.blit(head, (pad, y))
            y += head.get_height()
        y += round(2 * k)
        count = text.render(_("Step {number} of {count}").format(number=min(mode.step_index + 1, len(lesson.steps)), count=len(lesson.steps)), max(14, round(15 * k)), DIM)
        out.blit(count, (pad, y))
        y += count.get_height() + round(10 * k)
        step = mode.step
        if step is not None:
            for line in wrap(text, step.say, w - 2 * pad, max(15, round(18 * k)), IVORY):
                out.blit(line, (pad, y))
                y += line.get_height() + 1
            prompt = self.prompt(names, waits)
            if prompt:
                y += round(8 * k)
                for line in wrap(text, prompt, w - 2 * pad, max(14, round(16 * k)), GOLD):
                    out.blit(line, (pad, y))
                    y += line.get_height()
        self.tall = y + pad
        self.view = max(pad * 3, h - self.buttons_height(w, k))
        self.offset = max(0, min(offset, self.tall - self.view))
        return scrolled_card(out, self.tall, size, self.offset, pad, CARD, self.view)

    def prompt(self, names: Sequence[str], waits: bool) -> str:
        """The card's last line: what the learner does now, in the step's own terms."""
        mode = self.mode
        step = mode.step
        if step is None or step.action is None:
            return ""  # the button says Next or Finish
        if mode.computers_step():
            return _("Press Next to see {name} play it.").format(name=names[step.seat or 0]) if waits else ""
        kind = step.action.kind
        if kind == "draw":
            return _("Your move: the boneyard glows. Click it, or press D.")
        if kind in ("pass", "refuse"):
            return _("Your move: press P, or the button below your hand.")
        if mode.chooses():
            return _("Your move: choose the better of the two, then lay its tile there.")
        return _("Your move: the tile is lifted and its place glows.")
