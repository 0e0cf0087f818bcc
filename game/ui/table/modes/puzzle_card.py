"""The puzzle's card, in the side panels' column (drawn over the table's
messages): the move played in the match, "find a better move", what each try
was worth, and once solved (or the answer asked for) the coach's explanation:
the best move, the chance of winning the round of each move, why the best was
better. Its buttons (Show the answer; Next puzzle, Try again, Back) are the
look's (puzzle_mode.py), in the card's foot (``foot``: the room they take)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.engine import Action
from game.engine.tiles import tile_name
from game.i18n import _, ngettext
from game.ui.drawing.cues import MISTAKE
from game.ui.drawing.menu import wrap
from game.ui.table.panels.panel import CARD, Panel, card_surface
from game.ui.table.felt.regions import PanelSpec
from game.ui.table.modes.review_card import card_height
from game.ui.table.modes.review_graph import mark_word
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import is_you, said_name
from game.words.puzzle_words import tally_words
from game.words.rule_sets import title as rule_set_title

if TYPE_CHECKING:
    from game.ai.reasons import Explainer
    from game.ui.table.modes.puzzle_source import PuzzleSource
    from game.ui.table.protocols import Table

Line = tuple[str, tuple[int, int, int], bool]  # words, colour, bold
MAX_OPTIONS = 8  # moves listed with their chance, the best first


class PuzzleCard(Panel):
    """The puzzle's card, in the column on the felt's right."""

    name = "puzzle"
    over = True

    def __init__(self, source: PuzzleSource):
        super().__init__()
        self.source = source
        self._card: tuple[Hashable, pygame.Surface] | None = None
        self._explainer: Explainer | None = None
        self.scroll = 0  # pixels of what it says scrolled past (when it is longer than the card)
        self.overflow = 0  # how far it can scroll
        self.foot = {False: 0, True: 0}  # the room its buttons take at its foot, unanswered and answered (the look's)
        source.changed.append(self.forget)

    def forget(self) -> None:
        """Paint it again (something new to say: from its top)."""
        self._card = None
        self.scroll = 0

    def is_open(self, table: Table) -> bool:
        return True

    def spec(self, table: Table) -> PanelSpec:
        return PanelSpec(self.name, card_height)

    def content(self, table: Table, rect: Rect) -> Hashable:
        source = self.source
        tally = source.tally() if source.tally is not None else None
        return (len(source.tries), source.answered, rect.size, table.board.regions.scale, tally, tuple(table.model.names), self.scroll)

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        if self._card is None or self._card[0] != content:
            self._card = (content, self.paint(content))
        surface.blit(self._card[1], rect.topleft)

    def key(self) -> Hashable:
        return self.scroll

    def handle_event(self, event: pygame.event.Event, table: Table, rect: Rect | None) -> bool:
        """The wheel over the card, or Page Up/Down, scroll what it says when it is longer than the card."""
        if rect is None or not self.overflow:
            return False
        step = round(48 * table.board.regions.scale)
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_by((1 if event.key == pygame.K_PAGEDOWN else -1) * 3 * step)
            return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.overflow, self.scroll + pixels))

    def paint(self, content: Hashable) -> pygame.Surface:
        assert self.text is not None and isinstance(content, tuple)
        _tries, answered, size, k, tally, names, _scroll = content
        text = self.text
        w, h = size
        out = card_surface(size, CARD)
        pad = round(12 * k)
        y = pad
        for line in wrap(text, _("Find a better move"), w - 2 * pad, max(15, round(20 * k)), GOLD):
            out.blit(line, (pad, y))
            y += line.get_height()
        puzzle = self.source.puzzle
        where = _("{rule_set}  ·  round {round}").format(rule_set=rule_set_title(puzzle.rules), round=puzzle.round + 1)
        if tally is not None:
            where += "  ·  " + tally_words(*tally)
        for line in wrap(text, where, w - 2 * pad, max(13, round(15 * k)), DIM):
            out.blit(line, (pad, y))
            y += line.get_height()
        y += round(8 * k)
        room = Rect(pad, y, w - 2 * pad, h - self.foot[bool(answered)] - y)
        body = self.body(list(names), room.width, k)
        self.overflow = max(0, body.get_height() - room.height)
        self.scroll = min(self.scroll, self.overflow)
        out.blit(body, room.topleft, pygame.Rect(0, self.scroll, room.width, room.height))
        if self.overflow:  # a bar at the card's edge: there is more (the wheel, Page Up/Down)
            track = Rect(w - round(7 * k), room.top, max(3, round(4 * k)), room.height)
            thumb = Rect(track.left, 0, track.width, max(round(16 * k), track.height * room.height // body.get_height()))
            thumb.top = track.top + (track.height - thumb.height) * self.scroll // self.overflow
            pygame.draw.rect(out, (60, 74, 62), track, border_radius=2)
            pygame.draw.rect(out, GOLD, thumb, border_radius=2)
        return out

    def body(self, names: list[str], width: int, k: float) -> pygame.Surface:
        """What the card says under its heading, as one picture as tall as it needs."""
        assert self.text is not None
        text = self.text
        body, small = max(14, round(17 * k)), max(13, round(15 * k))
        pieces: list[tuple[pygame.Surface, int]] = []  # each line and the space after it
        for words, colour, bold in self.lines(names):
            size_ = small if colour == DIM else body
            lines = wrap(text, words, width, size_, colour) if not bold else [text.fit(words, width, size_, colour, True)]
            for i, line in enumerate(lines):
                pieces.append((line, round(4 * k) if i == len(lines) - 1 else 0))
        out = pygame.Surface((width, max(1, sum(p.get_height() + after for p, after in pieces))), pygame.SRCALPHA)
        y = 0
        for line, after in pieces:
            out.blit(line, (0, y))
            y += line.get_height() + after
        return out

    # Words -------------------------------------------------------------------------------
    def move_words(self, action: Action) -> str:
        """A move of the puzzle's seat, as the coach words it ("6-1 on the 4", "5-2
        on the 1 (5 touching)", "leading 6-6"), or "draw from the boneyard", "pass"."""
        if action.kind == "lay" and action.tile is not None and action.arm is None:
            return tile_name(action.tile)  # the lead
        if action.kind == "lay" and action.tile is not None:
            from game.ai.reasons import Explainer

            if self._explainer is None:
                self._explainer = Explainer(self.source.seat_view)
            return self._explainer.words(action)
        kinds = {"draw": _("draw from the boneyard"), "pass": _("pass"), "refuse": _("refuse to lead")}
        return kinds.get(action.kind, action.kind)

    def lines(self, names: list[str]) -> list[Line]:
        source = self.source
        puzzle = source.puzzle
        decision = puzzle.decision
        name = names[puzzle.seat] if 0 <= puzzle.seat < len(names) else said_name(puzzle.name)
        played = self.move_words(puzzle.played)
        if not source.answered:
            lost, mark = f"{decision.lost:.0f}", mark_word(decision.mark)
            if is_you(name):
                said = _("In the match you played {move} ({mark}): {lost} points of winning chance lost.")
            else:
                said = _("In the match {name} played {move} ({mark}): {lost} points of winning chance lost.")
            out: list[Line] = [(said.format(name=name, move=played, mark=mark, lost=lost), IVORY, False)]
            if source.tries:
                action, judgement = source.tries[-1]
                if action == puzzle.played:
                    words = _("{move} is the move played in the match. Try another one.").format(move=self.move_words(action))
                else:
                    words = (
                        _("Better, but not enough: {move} wins the round {percent}% of the time, the best {best}%. Try another move.")
                        if source.better_than_played(judgement)
                        else _("Not better: {move} wins the round {percent}% of the time, the best {best}%. Try another move.")
                    ).format(
                        move=self.move_words(action), percent=round(100 * judgement.chance), best=round(100 * judgement.best_chance)
                    )
                tries = ngettext("{count} try so far", "{count} tries so far", len(source.tries)).format(count=len(source.tries))
                out[:0] = [(words, MISTAKE, False), (tries, DIM, False)]  # the last try's verdict first
            else:
                out.append((_("Play it as at the table: drag a tile to its place, or draw or pass."), GOLD, False))
            return out
        best = decision.assessment.best
        best_chance = max(o.chance for o in decision.assessment.options)
        out = []
        if source.solved is not None:
            action = source.tries[-1][0]
            out.append((_("Solved!"), GOLD, True))
            if action == best or source.solved.chance >= best_chance:
                found = _("{move} is the coach's best move: it wins the round {percent}% of the time.")
            else:
                found = _("{move} wins the round {percent}% of the time, within 3 points of the coach's best, {best} ({best_percent}%).")
            out.append((found.format(move=self.move_words(action), percent=round(100 * source.solved.chance), best=self.move_words(best), best_percent=round(100 * best_chance)), GOLD, False))
        else:
            out.append((_("The coach's best move: {move}, which wins the round {percent}% of the time.").format(move=self.move_words(best), percent=round(100 * best_chance)), GOLD, False))
        if is_you(name):
            match_words = _("In the match you played {move}, which wins the round {percent}% of the time.")
        else:
            match_words = _("In the match {name} played {move}, which wins the round {percent}% of the time.")
        out.append((match_words.format(name=name, move=played, percent=round(100 * decision.chance_played)), IVORY, False))
        reason = self.reason(names)
        if reason:
            out.append((reason, IVORY, False))
        out.append((_("Each move, and how often it wins the round:"), DIM, False))
        out += self.options(action=source.tries[-1][0] if source.solved is not None else None)
        return out

    def reason(self, names: list[str]) -> str:
        """Why the best move was better than the one played (the coach's words, from the seat's view)."""
        from game.ai.reasons import reason

        decision = self.source.puzzle.decision
        a = decision.assessment
        try:
            return reason(self.source.seat_view, a.played, a.best, a.chance_played, a.chance_best, names)
        except Exception:  # the figures stand without their sentence
            return ""

    def options(self, action: Action | None) -> list[Line]:
        """Each move the coach weighed, the best first: its chance, and which was
        played in the match, and which solved the puzzle."""
        puzzle = self.source.puzzle
        ranked = sorted(puzzle.decision.assessment.options, key=lambda o: -o.chance)
        out: list[Line] = []
        for option in ranked[:MAX_OPTIONS]:
            tags = []
            if option.action == puzzle.played:
                tags.append(_("played in the match"))
            if action is not None and option.action == action:
                tags.append(_("your answer"))
            words = _("{percent}%  {move}").format(percent=round(100 * option.chance), move=self.move_words(option.action))
            if tags:
                words = _("{move} ({which})").format(move=words, which=", ".join(tags))
            out.append((words, MISTAKE if option.action == puzzle.played else IVORY, False))
        return out
