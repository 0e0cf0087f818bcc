"""The review card's overview of a round: the biggest mistakes (a list to jump
to), the graph of the reviewed seat's chance of winning move by move, and the
luck line. Pure drawing: what it returns says where each thing was drawn, so
a click can be turned into a jump; nothing is changed here."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ai.review import Decision, Summary
from game.i18n import N_, _, ngettext
from game.ui.drawing.menu import wrap
from game.words.seat_words import is_you
from game.ui.drawing.text import DIM, GOLD, IVORY, RED, TextCache, least_size

AMBER = (226, 170, 70)
LINE = (150, 200, 160)
GRID = (70, 92, 76)
MARK_COLOURS = {"blunder": RED, "mistake": RED, "inaccuracy": AMBER}
# TRANSLATORS: the coach's verdicts on a move, from the best to the worst.
MARKS = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder"), "forced": N_("forced")}


def mark_word(mark: str, capital: bool = False) -> str:
    """The coach's verdict in the player's language: "mistake" ("Mistake")."""
    word = _(MARKS[mark]) if mark in MARKS else mark
    return word[:1].upper() + word[1:] if capital else word


def next_words(name: str, kind: str, place: str) -> str:
    """The move about to be shown in the review: "Next: Ann lays 6-1 on the 4", "Next: You draw"."""
    if is_you(name):
        words = {
            "lead": _("Next: You lead {place}"), "lay": _("Next: You lay {place}"), "draw": _("Next: You draw"),
            "pass": _("Next: You pass"), "refuse": _("Next: You refuse to lead"),
        }
    else:
        words = {
            "lead": _("Next: {name} leads {place}"), "lay": _("Next: {name} lays {place}"), "draw": _("Next: {name} draws"),
            "pass": _("Next: {name} passes"), "refuse": _("Next: {name} refuses to lead"),
        }
    return words.get(kind, kind).format(name=name, place=place)


@dataclass(frozen=True)
class Overview:
    """Where the overview put things (card coordinates): per entry of the
    mistakes list its rectangle and the action it jumps to, and the graph's
    rectangle with the round's length (x = action index)."""

    entries: tuple[tuple[pygame.Rect, int], ...]
    graph: pygame.Rect | None
    length: int
    bottom: int

    def jump(self, pos: tuple[int, int]) -> int | None:
        """The action a click at ``pos`` (card coordinates) jumps to, if any."""
        for rect, action in self.entries:
            if rect.collidepoint(pos):
                return action
        graph = self.graph
        if graph is not None and graph.collidepoint(pos) and self.length:
            return round((pos[0] - graph.left) / max(1, graph.width) * self.length)
        return None


def tally(summary: Summary) -> str:
    """"1 inaccuracy, 2 mistakes, no blunders"."""

    def count(n: int, none: str, some: str) -> str:
        return none if n == 0 else some.format(count=n)

    return ", ".join(
        (
            count(summary.inaccuracies, _("no inaccuracies"), ngettext("{count} inaccuracy", "{count} inaccuracies", summary.inaccuracies)),
            count(summary.mistakes, _("no mistakes"), ngettext("{count} mistake", "{count} mistakes", summary.mistakes)),
            count(summary.blunders, _("no blunders"), ngettext("{count} blunder", "{count} blunders", summary.blunders)),
        )
    )


def lost_words(d: Decision) -> str:
    # TRANSLATORS: one of the biggest mistakes of a round: "blunder at move 12: −9 points".
    return _("{mark} at move {number}: −{points} points").format(mark=mark_word(d.mark), number=d.action + 1, points=f"{d.lost:.0f}")


def luck_words(summary: Summary, name: str, result: float | None) -> str:
    """"Luck: +12 (the deal +9, 3 draws +3); luck-adjusted result 38" in words."""
    luck = summary.luck(result)
    draws = len(luck.draws)
    drawn = sum(points for _, _, points in luck.draws)
    if draws:
        # TRANSLATORS: where a seat's luck came from: the tiles dealt, then the tiles drawn ("the deal +9, 3 draws +3").
        parts = ngettext("the deal {deal}, {count} draw {drawn}", "the deal {deal}, {count} draws {drawn}", draws)
    else:
        parts = _("the deal {deal}")
    parts = parts.format(deal=f"{luck.deal:+.0f}", count=draws, drawn=f"{drawn:+.0f}")
    figures = {"name": name, "total": f"{luck.total:+.0f}", "parts": parts, "result": f"{luck.adjusted or 0:.0f}"}
    if luck.adjusted is not None:
        if is_you(name):
            return _("Your luck: {total} points ({parts}); luck-adjusted result {result} of 100").format(**figures)
        return _("{name}'s luck: {total} points ({parts}); luck-adjusted result {result} of 100").format(**figures)
    return (_("Your luck: {total} points ({parts})") if is_you(name) else _("{name}'s luck: {total} points ({parts})")).format(**figures)


def draw_overview(
    out: pygame.Surface,
    text: TextCache,
    summary: Summary,
    length: int,
    cursor: int,
    x: int,
    y: int,
    width: int,
    bottom: int,
    scale: float,
    luck: str,
) -> Overview:
    """The list, the graph and the luck line, from ``y`` down to ``bottom`` at
    most (what does not fit is left out, the luck line first, then the graph,
    then the list's tail); where they went."""
    least = least_size(scale)  # (never smaller than the text size allows)
    small = max(least, round(14 * scale))
    line_h = text.font(small).get_linesize()
    graph_h = max(36, round(56 * scale))
    luck_lines = wrap(text, luck, width, small, IVORY)
    entries: list[tuple[pygame.Rect, int]] = []
    biggest = summary.biggest(3)
    rows = min(len(biggest), max(0, (bottom - y) // line_h - 1))
    if (bottom - y) < line_h:
        return Overview((), None, length, y)
    head = text.fit(_("Biggest mistakes (click to jump):") if biggest else _("No mistakes in this round."), width, small, GOLD)
    out.blit(head, (x, y))
    y += head.get_height()
    for d in biggest[:rows]:
        line = text.fit(f"  {lost_words(d)}", width, small, MARK_COLOURS.get(d.mark, IVORY))
        out.blit(line, (x, y))
        entries.append((pygame.Rect(x, y, width, line.get_height()), d.action))
        y += line.get_height()
    graph = None
    if bottom - y >= graph_h + line_h + 4:
        graph = pygame.Rect(x, y + 4, width, graph_h)
        _graph(out, graph, summary, length, cursor)
        y = graph.bottom + 1
        for label in wrap(text, _("the chance of winning, move by move (click to jump)"), width, max(least, small - 2), DIM):
            out.blit(label, (x, y))
            y += label.get_height()
        y += round(3 * scale)
    if bottom - y >= line_h * len(luck_lines):
        for line in luck_lines:
            out.blit(line, (x, y))
            y += line.get_height()
    return Overview(tuple(entries), graph, length, y)


def _graph(out: pygame.Surface, rect: pygame.Rect, summary: Summary, length: int, cursor: int) -> None:
    pygame.draw.rect(out, (24, 36, 28), rect, border_radius=4)
    mid = rect.top + rect.height // 2
    for gx in range(rect.left + 2, rect.right - 2, 8):
        pygame.draw.line(out, GRID, (gx, mid), (gx + 3, mid))

    def at(action: int, chance: float) -> tuple[int, int]:
        px = rect.left + round(action / max(1, length) * (rect.width - 1))
        py = rect.bottom - 1 - round(chance * (rect.height - 3))
        return px, py

    points = [at(d.action, d.chance_played) for d in summary.decisions]
    if len(points) >= 2:
        pygame.draw.lines(out, LINE, False, points, 2)
    for d, point in zip(summary.decisions, points):
        colour = MARK_COLOURS.get(d.mark)
        if colour is not None:
            pygame.draw.circle(out, colour, point, 3)
    cx = rect.left + round(cursor / max(1, length) * (rect.width - 1))
    pygame.draw.line(out, GOLD, (cx, rect.top + 1), (cx, rect.bottom - 2))
    pygame.draw.rect(out, GRID, rect, 1, border_radius=4)
