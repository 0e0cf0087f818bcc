"""The score sheet: the match so far, round by round, and a chart of the
running totals against the target. Shown over the table (S) and on the
match-over screen.

A ``Sheet`` is what it shows: the rows of the rounds known, the totals, and
how many rounds before the first row are not known here (a network seat that
came back mid-match was not told them); a local match's is ``match_sheet``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import Match
from game.i18n import _, ngettext
from game.ui.drawing import access
from game.ui.shell.scene import Overlay
from game.ui.drawing.text import DIM, GOLD, IVORY, TextCache, least_size
from game.words.seat_words import goal_note, shown_name

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress

# A colour per seat for the chart (and the seat's name above its column).
SEAT_COLOURS = [
    (240, 207, 122),
    (132, 196, 238),
    (236, 132, 112),
    (150, 214, 140),
    (206, 160, 232),
    (240, 170, 90),
    (120, 220, 210),
    (230, 230, 230),
]
LINE_COLOUR = (201, 168, 90)


@dataclass(frozen=True)
class ScoreRow:
    """One round: how it ended, who won, and per seat pips left, score, running total."""

    number: int  # 1, 2, ... (redeals count as rounds dealt)
    end: str  # domino, blocked, redeal
    winner: int | None
    pips: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]

    def how(self, names: list[str]) -> str:
        if self.end == "redeal":
            return _("redealt")
        if self.winner is None:
            return _("blocked, tie")
        # TRANSLATORS: who won a round on the score sheet, and how: "Ann, domino", "Ann, blocked".
        words = _("{name}, domino") if self.end == "domino" else _("{name}, blocked")
        return words.format(name=shown_name(names[self.winner]))


@dataclass(frozen=True)
class Sheet:
    """What the score sheet shows of ``match`` (its rules and players): ``rows``,
    the rounds known, oldest first; ``totals``, the match's now; ``unseen``, the
    rounds before the first row that are not known here (not shown, and not
    guessed: the totals stay the table's)."""

    match: Match
    rows: tuple[ScoreRow, ...]
    totals: tuple[int, ...]
    unseen: int = 0

    @property
    def start(self) -> tuple[int, ...]:
        """The totals before the first row (zero, unless earlier rounds are unseen)."""
        if not self.rows or not self.unseen:
            return (0,) * len(self.totals)
        first = self.rows[0]
        return tuple(t - s for t, s in zip(first.totals, first.scores))


def match_sheet(match: Match) -> Sheet:
    """The sheet of a match held whole here (every round played)."""
    return Sheet(match, tuple(score_rows(match)), tuple(match.totals))


def score_rows(match: Match) -> list[ScoreRow]:
    """Every finished round of ``match``, oldest first, with running totals."""
    rows: list[ScoreRow] = []
    totals = [0] * match.rules.players
    for state in match.rounds:
        outcome = state.outcome
        if outcome is None:
            continue
        if outcome.end != "redeal":
            totals = [t + s for t, s in zip(totals, outcome.scores)]
        scores = tuple(outcome.scores) if outcome.end != "redeal" else (0,) * len(totals)
        rows.append(ScoreRow(len(rows) + 1, outcome.end, outcome.winner, tuple(outcome.pips), scores, tuple(totals)))
    return rows


def sheet_picture(
    match: Match, size: tuple[int, int], text: TextCache, scale: float = 1.0, chart: bool = True, sheet: Sheet | None = None,
    least: int | None = None,
) -> pygame.Surface:
    """The sheet drawn on a transparent surface of ``size``: a table of rounds
    (the latest that fit), then the chart of running totals if there is room.
    ``sheet``: what to show (``match_sheet(match)`` unless given); ``least``: the
    least size of its words (the text size's least at ``scale`` unless given)."""
    least = least_size(scale) if least is None else least
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    if sheet is None:
        sheet = match_sheet(match)
    names = [p.name for p in match.players]
    rows = list(sheet.rows)
    seats = len(names)
    cell = max(15, least + 2, round(18 * scale))  # the body: at least 15, headers 14 (and the text size's least)
    row_h = text.font(cell).get_height() + round(8 * scale)
    chart_h = max(0, min(round(170 * scale), h // 3)) if chart and rows else 0
    first_w = round(70 * scale)
    how_w = min(round(190 * scale), w // 4)
    col_w = max(40, (w - first_w - how_w) // max(1, seats))
    x_of = [first_w + col_w * s for s in range(seats)]
    y = 0
    for seat, name in enumerate(names):  # the seats' names, in their chart colours
        label = text.fit(shown_name(name), col_w - 8, cell, SEAT_COLOURS[seat % len(SEAT_COLOURS)], True)
        out.blit(label, (x_of[seat] + (col_w - label.get_width()) // 2, y))
    head = text.render(_("round"), cell - 1, DIM)
    out.blit(head, (0, y + 2))
    how = text.render(_("won by"), cell - 1, DIM)
    out.blit(how, (w - how_w + 6, y + 2))
    y += row_h
    sub = text.render(_("pips · scored · total"), max(14, least, cell - 2), DIM)
    for seat in range(seats):
        if sub.get_width() <= col_w - 4:
            out.blit(sub, (x_of[seat] + (col_w - sub.get_width()) // 2, y))
    y += row_h - round(4 * scale)
    pygame.draw.line(out, LINE_COLOUR, (0, y), (w, y), 1)
    y += 4
    room = max(1, (h - chart_h - y - row_h - 8) // row_h)
    shown = rows[-room:] if len(rows) > room else rows
    if sheet.unseen:
        # TRANSLATORS: on the score sheet of a network table this screen came back to mid-match.
        words = ngettext(
            "round 1: played before you came back, not shown here", "rounds 1-{last}: played before you came back, not shown here", sheet.unseen
        ).format(last=sheet.unseen)
        out.blit(text.fit(words, w, cell - 2, DIM), (0, y))
        y += row_h
        room = max(1, room - 1)
        shown = rows[-room:] if len(rows) > room else rows
    if len(shown) < len(rows):
        shown = shown[1:]
        if sheet.unseen:
            words = _("rounds {first}-{last} above").format(first=rows[0].number, last=shown[0].number - 1 if shown else rows[-1].number)
        else:
            words = _("rounds 1-{last} above").format(last=len(rows) - len(shown))  # counted once the line takes its row
        out.blit(text.render(words, cell - 2, DIM), (0, y))
        y += row_h
    if not rows and not sheet.unseen:
        none = text.render(_("No round finished yet."), cell, DIM)
        out.blit(none, (0, y))
        y += row_h
    for row in shown:
        out.blit(text.render(str(row.number), cell, DIM), (6, y))
        for seat in range(seats):
            won = row.winner == seat
            if row.end == "redeal":
                words = "—"
            else:
                scored = f"+{row.scores[seat]}" if row.scores[seat] else "0"
                words = f"{row.pips[seat]} · {scored} · {row.totals[seat]}"
            line = text.fit(words, col_w - 6, cell, GOLD if won else IVORY, won)
            out.blit(line, (x_of[seat] + (col_w - line.get_width()) // 2, y))
        out.blit(text.fit(row.how(names), how_w - 8, cell, DIM), (w - how_w + 6, y))
        y += row_h
    pygame.draw.line(out, LINE_COLOUR, (0, y + 2), (w, y + 2), 1)
    y += 6
    out.blit(text.render(_("total"), cell, GOLD, True), (6, y))
    for seat in range(seats):
        total = text.render(str(sheet.totals[seat]), cell + 2, GOLD, True)
        out.blit(total, (x_of[seat] + (col_w - total.get_width()) // 2, y))
    y += row_h + round(10 * scale)
    if chart_h and h - y >= round(80 * scale):
        draw_chart(out, pygame.Rect(0, y, w, h - y), match, rows, text, scale, sheet.start, least)
    return out


def draw_chart(
    surface: pygame.Surface, rect: pygame.Rect, match: Match, rows: list[ScoreRow], text: TextCache, scale: float, start: tuple[int, ...] = (),
    least: int = 14,
) -> None:
    """Running totals per seat after each round, against the target (from
    ``start``, the totals before the first row: zero unless rounds are unseen),
    its words at ``least`` or larger."""
    target = match.rules.target_score
    start = start or (0,) * match.rules.players
    top = max([target or 0, *[t for row in rows for t in row.totals], *start, 1])
    small = max(14, least, round(15 * scale))
    label_w = text.font(small).size(str(top))[0] + 8
    area = pygame.Rect(rect.left + label_w, rect.top + 4, rect.width - label_w - 8, rect.height - small - 12)
    pygame.draw.rect(surface, (255, 255, 255, 18), area, border_radius=4)
    steps = max(1, len(rows))

    def point(i: int, value: int) -> tuple[int, int]:
        return area.left + area.width * i // steps, area.bottom - area.height * value // top

    if target:
        y = point(0, target)[1]
        for x in range(area.left, area.right, 12):  # a dashed line at the target
            pygame.draw.line(surface, LINE_COLOUR, (x, y), (min(x + 6, area.right), y), 1)
        words = _("loses at {target}") if match.rules.match_end == "first-to-target-loses" else _("target {target}")
        label = text.render(words.format(target=target), small, LINE_COLOUR)
        surface.blit(label, (area.right - label.get_width() - 4, max(area.top, y - label.get_height() - 2)))
    zero = text.render("0", small, DIM)
    surface.blit(zero, (rect.left, area.bottom - zero.get_height() // 2))
    peak = text.render(str(top), small, DIM)
    surface.blit(peak, (rect.left, area.top - 2))
    for seat in range(match.rules.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        points = [point(0, start[seat])] + [point(i + 1, row.totals[seat]) for i, row in enumerate(rows)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, max(2, round(2 * scale)))
        for p in points[1:]:
            pygame.draw.circle(surface, colour, p, max(3, round(3 * scale)))
    caption = text.render(_("running totals after each round"), small, DIM)
    surface.blit(caption, (area.left, area.bottom + 4))


class ScoreSheetScene(Overlay):
    """The score sheet over the table; S, Esc, Enter or a click closes it (on a
    controller A, B, Start or a trigger)."""

    def __init__(self, match: Match, sheet: Sheet | None = None):
        super().__init__()
        self.match = match
        self.sheet = sheet  # what it shows (the match's own rounds unless given)
        self.text = TextCache()
        self.panel: pygame.Surface | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0  # its words' size, the text size setting's included
        self.least = 14  # the least size of its words: the text size setting's in this window

    def build_gui(self) -> None:
        w, h = self.size
        pw, ph = access.points((w, h))
        # the window's room, the pixels per point and the text size setting (the table's own words grow by it too)
        k = max(0.8, min(1.4, min(pw / 1280, ph / 800))) * access.CURRENT.pixel_ratio * access.text_choice((w, h))
        self.scale = k
        self.least = max(14, least_size(access.text_factor((w, h))))  # k shrinks with a small window; the words do not
        width = min(w - 30, round(980 * k))
        height = min(h - 30, round(680 * k))
        self.panel_rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.panel = self.make_panel(k)

    def make_panel(self, k: float) -> pygame.Surface:
        rect = self.panel_rect
        match = self.match
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (18, 32, 24, 255), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 2, border_radius=14)
        pad = round(22 * k)
        title = self.text.render(_("Score sheet"), round(34 * k), GOLD, True)
        panel.blit(title, (pad, pad // 2))
        note = self.text.fit(goal_note(match), rect.width - 3 * pad - title.get_width(), max(self.least, round(18 * k)), DIM, least=self.least)
        panel.blit(note, (rect.width - pad - note.get_width(), pad // 2 + title.get_height() - note.get_height() - 4))
        close = self.text.fit(_("S, Esc or a click closes this (on a controller: A, B or a trigger)"), rect.width - 2 * pad, max(self.least, round(15 * k)), DIM, least=self.least)
        panel.blit(close, ((rect.width - close.get_width()) // 2, rect.height - close.get_height() - pad // 2))
        top = pad // 2 + title.get_height() + round(12 * k)
        body = (rect.width - 2 * pad, rect.height - top - close.get_height() - pad)
        panel.blit(sheet_picture(match, body, self.text, k, sheet=self.sheet, least=self.least), (pad, top))
        return panel

    def handle_event(self, event: pygame.event.Event) -> bool:
        closing = (event.type == pygame.KEYDOWN and event.key in (pygame.K_s, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1
        )
        if closing and self.app is not None:
            self.app.pop()
        return True  # the table underneath gets nothing while this is up

    def handle_pad(self, press: PadPress) -> None:
        if press.button in ("a", "b", "start", "back", "lt", "rt") and not press.repeat and self.app is not None:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the sheet over the frozen table (changes nothing)."""
        self.draw_backdrop(surface)
        if self.panel is not None:
            surface.blit(self.panel, self.panel_rect.topleft)
