"""What the table knows (the setting): for each other seat, the numbers it is
known to lack, from the person at the screen's view, and how many tiles that
person cannot see. Alone it fills the column; above the moves it is as tall
as its words (up to ``MOST`` of the column).

Its words, when taller than its place, scroll with the wheel over it, with
Shift+Page Up/Down and Shift+Home/End (Page Up/Down and Home/End alone too
while the moves panel is closed: those are the moves' when it is open), and
with a controller's right stick (the shoulders scroll the moves)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.i18n import _, ngettext
from game.ui.drawing.menu import wrap
from game.ui.table.panels.hand_knowledge import SeatKnowledge, knowledge_words, table_knowledge
from game.ui.table.panels.panel import EDGE, Panel, card_surface, scrolled_card
from game.ui.table.felt.regions import PanelSpec
from game.ui.table.table_words import tiles_text
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import shown_name

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import Table

MOST = 0.55  # of the column, with another panel below
STEP = 40  # pixels (at 100% text) the wheel, the right stick scroll its words; a page key three times that
KEYS = {pygame.K_PAGEUP: -3 * STEP, pygame.K_PAGEDOWN: 3 * STEP, pygame.K_HOME: -100_000, pygame.K_END: 100_000}


@dataclass(frozen=True)
class KnowledgeContent:
    """What the panel shows; equal contents paint the same picture."""

    size: tuple[int, int]
    scale: float
    names: tuple[str, ...]
    knowledge: tuple[SeatKnowledge, ...] | None  # None: nobody's view to tell from (the cover is up)
    unseen: int  # tiles the person at the screen cannot see
    special_word: str  # "matador" or "wild double", as the rules name their special tiles
    rule: bool = True  # a line under its words (alone in the column)
    offset: int = 0  # how far its words are scrolled up (taller than its place: the wheel over it)


class KnowledgePanel(Panel):
    name = "knowledge"

    def __init__(self) -> None:
        super().__init__()
        self._known: tuple[tuple[int, int, int], tuple[SeatKnowledge, ...], int] | None = None
        self._picture: tuple[KnowledgeContent, pygame.Surface] | None = None
        self._height: tuple[KnowledgeContent, int] | None = None
        self.offset = 0  # how far its words are scrolled up
        self.tall = 0  # how tall its words are, all of them (as last painted)

    def is_open(self, table: Table) -> bool:
        return table.options.show_knowledge

    def spec(self, table: Table) -> PanelSpec:
        def height(column: Rect, scale: float) -> int:
            most = int(column.height * MOST)
            if self.text is None:
                return most
            return min(most, self.height(self._content(table, column.size, scale, False)))

        return PanelSpec(self.name, height)

    def content(self, table: Table, rect: Rect) -> Hashable:
        alone = [part.name for part in table.open_panels()] == [self.name]
        return replace(self._content(table, rect.size, table.board.regions.scale, alone), offset=self.offset)

    def key(self) -> Hashable:
        return self.offset

    def handle_event(self, event: pygame.event.Event, table: Table, rect: Rect | None) -> bool:
        """The wheel over it, Shift+Page Up/Down and Shift+Home/End (without Shift
        while the moves panel is closed) scroll its words."""
        if rect is None:
            return False
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(table.controls.input.pointer):
            self.scroll_by(table, -event.y * STEP)
            return True
        if event.type == pygame.KEYDOWN and event.key in KEYS and not event.mod & pygame.KMOD_CTRL:
            moves_open = any(panel.name == "moves" for panel in table.open_panels())
            if event.mod & pygame.KMOD_SHIFT or not moves_open:
                self.scroll_by(table, KEYS[event.key])
                return True
        return False

    def handle_pad(self, press: PadPress, table: Table) -> bool:
        """The right stick's up and down scroll its words (while it is open)."""
        if press.button not in ("rs-up", "rs-down") or self.name not in table.board.regions.panels:
            return False
        self.scroll_by(table, STEP if press.button == "rs-down" else -STEP)
        return True

    def scroll_by(self, table: Table, pixels: int) -> None:
        """Its words ``pixels`` (at 100% text) further down, negative up, within them."""
        rect = table.board.regions.panels.get(self.name)
        room = rect.height if rect is not None else 0
        step = round(pixels * table.board.regions.scale)
        self.offset = max(0, min(self.tall - room, self.offset + step))

    def knowledge(self, table: Table) -> tuple[tuple[SeatKnowledge, ...], int]:
        """What the table knows of each other seat, from the person at the screen's
        view, and how many tiles that person cannot see (worked out once a position)."""
        model = table.model
        if model.viewer is None or table.controls.handoff_open:
            return (), 0
        key = (model.round_index, len(model.state.history), model.viewer)
        if self._known is None or self._known[0] != key:
            view = model.view(model.viewer)
            self._known = (key, tuple(table_knowledge(view)), len(view.unseen()))
        return self._known[1], self._known[2]

    def _content(self, table: Table, size: tuple[int, int], scale: float, rule: bool) -> KnowledgeContent:
        """``rule``: the line under its words (when it fills the column alone)."""
        view_ok = table.model.viewer is not None and not table.controls.handoff_open
        knowledge, unseen = self.knowledge(table) if view_ok else (None, 0)
        special = "matador" if table.model.state.rules.matadors else "wild double"
        return KnowledgeContent(size, scale, tuple(table.model.names), knowledge, unseen, special, rule)

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        assert isinstance(content, KnowledgeContent)
        surface.blit(self.picture(content), rect.topleft)

    def picture(self, content: KnowledgeContent) -> pygame.Surface:
        """The panel's card with ``content`` on it (painted again only when it changes)."""
        if self._picture is None or self._picture[0] != content:
            pad = round(10 * content.scale)
            if content.knowledge is None:
                out = card_surface(content.size)
            else:
                self.tall = self.height(replace(content, offset=0))
                if self.tall - content.size[1] <= pad:  # only its bottom margin is left out: nothing to scroll
                    self.tall = content.size[1]
                whole = pygame.Surface((content.size[0], max(self.tall, content.size[1])), pygame.SRCALPHA)
                self.paint(whole, content, pad, pad)
                offset = max(0, min(content.offset, self.tall - content.size[1]))
                out = scrolled_card(whole, self.tall, content.size, offset, pad)
            self._picture = (content, out)
        return self._picture[1]

    def height(self, c: KnowledgeContent) -> int:
        """How tall the card is, its words all shown."""
        if c.knowledge is None:
            return round(40 * c.scale)
        if self._height is None or self._height[0] != c:
            scratch = pygame.Surface((c.size[0], round(60 * c.scale) * (len(c.knowledge) + 2)), pygame.SRCALPHA)
            self._height = (c, self.paint(scratch, c, round(10 * c.scale), round(10 * c.scale)))
        return self._height[1]

    def paint(self, out: pygame.Surface, c: KnowledgeContent, pad: int, y: int) -> int:
        """The words onto ``out`` from ``y`` down; where they end."""
        assert self.text is not None
        text = self.text
        k = c.scale
        w = out.get_width() - 2 * pad
        size = max(15, round(17 * k))
        assert c.knowledge is not None
        heading = text.render(_("What the table knows"), max(16, round(19 * k)), GOLD, True)
        out.blit(heading, (pad, y))
        y += heading.get_height() + round(4 * k)
        for known in c.knowledge:
            head = text.fit(_("{name}  ·  {tiles}").format(name=shown_name(c.names[known.seat]), tiles=tiles_text(known.holds)), w, size, IVORY, True)
            out.blit(head, (pad, y))
            y += head.get_height()
            for line in wrap(text, knowledge_words(known, c.special_word), w - round(10 * k), size, DIM):
                out.blit(line, (pad + round(10 * k), y))
                y += line.get_height()
            y += round(4 * k)
        unseen = text.render(ngettext("Unseen: {count} tile (other hands and boneyard)", "Unseen: {count} tiles (other hands and boneyard)", c.unseen).format(count=c.unseen), max(14, size - 2), DIM)
        if unseen.get_width() > w:
            unseen = text.fit(ngettext("Unseen: {count} tile", "Unseen: {count} tiles", c.unseen).format(count=c.unseen), w, max(14, size - 2), DIM)
        out.blit(unseen, (pad, y))
        y += unseen.get_height() + round(8 * k)
        if not c.rule:
            return y
        pygame.draw.line(out, EDGE, (pad, y), (pad + w, y), 1)
        return y + round(8 * k)
