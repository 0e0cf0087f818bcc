"""The review's card (a side panel of ``ReviewLook``, at the column's foot under
the moves): who does what next, the coach's verdict and progress, and once the
round is judged its overview (the biggest mistakes, a graph; a click on one
jumps there)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.ai.review import Analysis, Decision
from game.ai.search import win_share
from game.engine import Action
from game.i18n import _
from game.ui.drawing.cues import MISTAKE
from game.ui.drawing.menu import wrap
from game.ui.table.log import place_words
from game.ui.table.panels.panel import CARD, Panel, card_surface, scrolled_card
from game.ui.table.felt.regions import PanelSpec
from game.ui.table.modes.review_graph import AMBER, Overview, draw_overview, luck_words, mark_word, next_words, tally
from game.ui.drawing.text import DIM, GOLD, IVORY
from game.words.seat_words import is_you, said_name, said_names, shown_name
from game.words.deals import deal_words

if TYPE_CHECKING:
    from game.ui.table.modes.review_source import ReviewSource
    from game.ui.table.protocols import Table

NAMED = ("good", "inaccuracy", "mistake", "blunder")  # marks that name a better action


def card_height(column: Rect, scale: float) -> int:
    """The coach's card: up to 420 px (at 1280x800), leaving the moves above it
    130 px (five lines), or half the column in a low window (at 640x480 four
    lines of moves, not two; the card scrolls)."""
    wanted = round(420 * scale)
    moves = max(round(90 * scale), min(column.height // 2, round(130 * scale)))
    return max(0, min(wanted, column.height - moves))


class ReviewCard(Panel):
    """The coach's card, at the column's foot (drawn over the table's messages)."""

    name = "card"
    over = True

    def __init__(self, mode: ReviewSource) -> None:
        super().__init__()
        self.mode = mode
        self.overview: Overview | None = None  # where the card's list and graph were drawn (on the whole, unscrolled card)
        self.offset = 0  # how far the card's words are scrolled up (its words taller than its place)
        self.tall = 0  # how tall its words are, all of them
        self._card: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.reserve = 0  # the height kept free at the card's foot (for a button there)

    def forget(self) -> None:
        """Paint the card again when next drawn (a verdict came in, the window changed)."""
        self._card = None

    def is_open(self, table: Table) -> bool:
        return True

    def spec(self, table: Table) -> PanelSpec:
        return PanelSpec(self.name, card_height)

    def content(self, table: Table, rect: Rect) -> Hashable:
        mode = self.mode
        analysis = mode.analyses.get((mode.seat, mode.round))
        progress = (analysis.finished, analysis.total) if analysis is not None else (0, 0)
        return (mode.round, mode.cursor, mode.seat, rect.size, progress, self.offset, table.board.regions.scale)

    def scroll_by(self, pixels: int, height: int) -> bool:
        """Scroll the card's words ``pixels`` down (negative: up) in a card
        ``height`` tall; False when it is already at that end (or all shows)."""
        most = max(0, self.tall - height)
        offset = max(0, min(most, self.offset + pixels))
        if offset == self.offset:
            return False
        self.offset = offset
        return True

    def jump(self, pos: tuple[int, int]) -> int | None:
        """The action a click at ``pos`` (on the card, as shown) jumps to, if any."""
        if self.overview is None:
            return None
        return self.overview.jump((pos[0], pos[1] + self.offset))

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        surface.blit(self.card(rect.size, content), rect.topleft)

    def card(self, size: tuple[int, int], key: Hashable) -> pygame.Surface:
        if self._card is not None and self._card[0] == key:
            return self._card[1]
        mode = self.mode
        assert self.text is not None and isinstance(key, tuple)
        text = self.text
        names = said_names(p.name for p in mode.match.players)
        k = key[-1]
        assert isinstance(k, float)
        analysis = mode.analyses.get((mode.seat, mode.round))
        w, shown_h = size
        if mode.upcoming() is None:
            shown_h = max(1, shown_h - self.reserve)  # the round's end: Check this deal stands at the card's foot
        h = max(shown_h, round(900 * k))  # all its words, then the part scrolled into view is shown
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        pad = round(10 * k)
        small = max(12, round(15 * k))
        body = max(13, round(17 * k))
        y = pad
        title = text.fit(_("Review: {name} · round {round}").format(name=shown_name(names[mode.seat]), round=mode.round + 1), w - 2 * pad, max(14, round(18 * k)), GOLD, True)
        out.blit(title, (pad, y))
        y += title.get_height() + round(4 * k)
        if analysis is not None:
            y = self.progress(out, analysis, pad, y, w - 2 * pad, small)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        upcoming = mode.upcoming()
        if upcoming is None:
            outcome = mode.round_state.outcome
            ends = {"domino": _("The end of the round: domino."), "blocked": _("The end of the round: blocked.")}
            lines.append((_("The end of the round.") if outcome is None else ends.get(outcome.end, _("The end of the round.")), IVORY))
            seal = mode.match.seal(mode.round)
            if seal is not None and seal.seed is not None and seal.salt is not None:  # revealed once the round is over
                lines.append((
                    _("{deal}, revealed after the round: seed {seed}, salt {salt}").format(
                        deal=deal_words(seal.commitment), seed=seal.seed[:8] + "…", salt=seal.salt[:8] + "…"
                    ),
                    DIM,
                ))
        else:
            mover, action = upcoming
            lines.append((self.next_words(mover, action), IVORY))
            lines += self.verdict_lines(mover, mode.verdict())
        for words, colour in lines:  # the verdict on the move at hand comes first
            for line in wrap(text, words, w - 2 * pad, small if colour is DIM else body, colour):
                out.blit(line, (pad, y))
                y += line.get_height()
            y += round(2 * k)
        self.overview = None
        if analysis is not None and analysis.done and not analysis.error:  # then the round's overview, room allowing
            luck = luck_words(analysis.summary(), names[mode.seat], self.result())
            self.overview = draw_overview(out, text, analysis.summary(), mode.length, mode.cursor, pad, y + round(4 * k), w - 2 * pad, h - pad, k, luck)
            y = self.overview.bottom
        self.tall = y + pad
        self.offset = max(0, min(self.offset, self.tall - shown_h))
        card = scrolled_card(out, self.tall, (w, shown_h), self.offset, pad, CARD)
        if shown_h < size[1]:  # the button's room below the words, on the card's ground
            whole = card_surface(size, CARD)
            whole.blit(card, (0, 0))
            card = whole
        self._card = (key, card)
        return card

    def progress(self, out: pygame.Surface, analysis: Analysis, x: int, y: int, width: int, size: int) -> int:
        """The coach's progress bar, then the seat's tally so far."""
        assert self.text is not None
        bar = pygame.Rect(x, y, width, max(6, size // 2))
        pygame.draw.rect(out, (40, 56, 44), bar, border_radius=3)
        filled = bar.copy()
        filled.width = round(bar.width * analysis.fraction)
        if filled.width:
            pygame.draw.rect(out, GOLD, filled, border_radius=3)
        y = bar.bottom + 4
        summary = analysis.summary()
        if analysis.error:
            words = _("The coach stopped: {error}").format(error=analysis.error)
        elif not analysis.done:
            words = _("The coach is looking: {done} of {count} actions").format(done=analysis.finished, count=analysis.total)
        else:
            accuracy = summary.accuracy
            share = "—" if accuracy is None else _("{percent}%").format(percent=round(100 * accuracy))
            words = _("{tally}; accuracy {share} (choices marked best or good: within 3 points of the best)").format(tally=tally(summary), share=share)
        for line in wrap(self.text, words, width, size, DIM):
            if y + line.get_height() > out.get_height():
                break  # a short card: whole lines only
            out.blit(line, (x, y))
            y += line.get_height()
        return y + 6

    def result(self) -> float | None:
        """What the round was worth to the reviewed seat (1 a win, a share of a tie)."""
        outcome = self.mode.round_state.outcome
        if outcome is None:
            return None
        return win_share(outcome.end, outcome.winner, outcome.pips, self.mode.seat)

    def next_words(self, mover: int, action: Action) -> str:
        kind = ("lead" if action.arm is None else "lay") if action.kind == "lay" else action.kind
        place = place_words(action, self.mode.state) if action.kind == "lay" else ""
        return next_words(said_name(self.mode.match.players[mover].name), kind, place)

    def verdict_lines(self, mover: int, decision: Decision | None) -> list[tuple[str, tuple[int, int, int]]]:
        mode = self.mode
        if mover != mode.seat:
            name = said_name(mode.match.players[mover].name)
            other = _("(You are not the seat under review: Tab changes it)") if is_you(name) else _("({name} is not the seat under review: Tab changes it)")
            return [(other.format(name=name), DIM)]
        if decision is None:
            return [(_("The coach is still thinking about this one…"), DIM)]
        chances = _("chance of winning the round {percent}%").format(percent=round(100 * decision.chance_played))
        if decision.mark == "forced":
            return [(_("Forced: there was nothing else to do."), DIM)]
        if decision.mark == "best":
            return [(_("Best: the coach agrees ({chances}).").format(chances=chances), GOLD)]
        colour = {"good": IVORY, "inaccuracy": AMBER}.get(decision.mark, MISTAKE)  # with its word first: never colour alone
        kinds = {"draw": _("draw"), "pass": _("pass"), "refuse": _("refuse to lead")}
        better = place_words(decision.best, mode.state) if decision.best.kind == "lay" else kinds.get(decision.best.kind, decision.best.kind)
        spread = decision.assessment.spread
        lines = [
            (
                # TRANSLATORS: the coach's verdict on a move, the better move, and the points it lost.
                _("{mark}: {chances}; better {better} ({percent}%), {lost} ± {spread} points.").format(
                    mark=mark_word(decision.mark, capital=True), chances=chances, better=better,
                    percent=round(100 * decision.chance_best), lost=f"{decision.lost:.0f}", spread=f"{spread:.0f}",
                ),
                colour,
            ),
        ]
        if decision.reason:
            lines.append((decision.reason, IVORY))
        return lines
