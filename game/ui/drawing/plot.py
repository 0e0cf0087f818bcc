"""A line plot drawn with pygame: the rating's history on Statistics, accuracy and
luck over time for Past matches.

``draw_plot`` draws one or more series against the same x axis (the matches, in
order) in a rectangle of a surface: a frame, gridlines at round values with
their numbers, the axes' labels, each series as a line through dots (and, where
given, a shaded band of ± its deviation). It returns where it put each point
and each word, so a screen can declare its drawn text (game.ui.drawing.layout_check)
and a test can find the points. Lines are drawn anti-aliased, one pixel wide at
100% and wider as the text grows, so the plot stays crisp at every size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from game.ui.drawing.text import DIM

Colour = tuple[int, int, int]
FontFor = Callable[[int, bool], pygame.font.Font]
GRID = (255, 255, 255, 26)
FRAME = (201, 168, 90)
NICE = (1.0, 2.0, 2.5, 5.0, 10.0)


@dataclass(frozen=True)
class Series:
    """One line of a plot: ``values`` in x order (None: no value there, the line
    breaks), optional ``band`` (± this much round each value, shaded)."""

    values: Sequence[float | None]
    colour: Colour
    band: Sequence[float] | None = None


@dataclass
class Drawn:
    """What ``draw_plot`` drew, in the surface's coordinates: each series' points
    (one per value that is not None), each word with its rectangle, and the
    inner rectangle where the data lies."""

    points: list[list[tuple[int, int]]] = field(default_factory=list)
    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    inner: pygame.Rect = field(default_factory=pygame.Rect)


def nice_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values from at most ``low`` to at least ``high``, at most ``most`` + 1 of
    them, a step of 1, 2, 2.5 or 5 times a power of ten apart."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0, 1.0]
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    raw = (high - low) / max(1, most)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(n * power for n in NICE if n * power >= raw - 1e-12)
    first = math.floor(low / step + 1e-9) * step
    last = math.ceil(high / step - 1e-9) * step
    count = int(round((last - first) / step))
    return [first + i * step for i in range(count + 1)]


def tick_words(value: float, step: float) -> str:
    """A tick's number: as many decimals as the step needs."""
    decimals = 0 if step >= 1 else min(3, int(math.ceil(-math.log10(step) - 1e-9)))
    text = f"{value:.{decimals}f}"
    return "0" if text.strip("-0.") == "" else text


def draw_plot(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: Sequence[Series],
    *,
    font: FontFor,
    size: int,
    y_label: str,
    x_label: str,
    x_ends: tuple[str, str] = ("", ""),
    y_range: tuple[float, float] | None = None,
    scale: float = 1.0,
    zero_line: bool = False,
) -> Drawn:
    """Draw ``series`` in ``rect`` of ``surface`` (see the module). ``size``: the
    words' size; ``x_ends``: the words under the first and the last x; ``y_range``:
    values the y axis must include (else the data's, bands included)."""
    drawn = Drawn()
    small = font(size, False)
    count = max((len(s.values) for s in series), default=0)
    values = [
        v + sign * (s.band[i] if s.band is not None and i < len(s.band) else 0.0)
        for s in series
        for i, v in enumerate(s.values)
        if v is not None
        for sign in (-1, 1)
    ]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if y_range is not None:
        low, high = min(low, y_range[0]), max(high, y_range[1])
    room_rows = max(2, (rect.height - 3 * small.get_linesize()) // max(1, 2 * small.get_linesize()))
    ticks = nice_ticks(low, high, min(5, room_rows))
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    numbers = [tick_words(t, step) for t in ticks]

    def put(words: str, picture: pygame.Surface, spot: pygame.Rect) -> None:
        surface.blit(picture, spot)
        drawn.texts.append((words, spot))

    # The y axis' label above the numbers, the x axis' label and ends below.
    title = _fitted(y_label, font, size, True, rect.width)
    put(y_label, title, title.get_rect(topleft=(rect.x, rect.y)))
    number_w = max(small.size(n)[0] for n in numbers)
    line_h = small.get_linesize()
    inner = pygame.Rect(rect.x + number_w + round(8 * scale), rect.y + title.get_height() + round(6 * scale), 0, 0)
    inner.width = rect.right - inner.x - round(6 * scale)
    inner.height = rect.bottom - inner.y - 2 * line_h - round(6 * scale)
    drawn.inner = inner
    if inner.width < 20 or inner.height < 20:
        return drawn
    span = ticks[-1] - ticks[0] or 1.0

    def y_of(value: float) -> int:
        return round(inner.bottom - (value - ticks[0]) / span * inner.height)

    def x_of(index: int) -> int:
        if count <= 1:
            return inner.centerx
        return round(inner.x + index * inner.width / (count - 1))

    grid = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for tick, words in zip(ticks, numbers):
        y = y_of(tick)
        pygame.draw.line(grid, GRID, (inner.x, y), (inner.right, y), 1)
        picture = small.render(words, True, DIM)
        put(words, picture, picture.get_rect(midright=(inner.x - round(5 * scale), y)))
    if zero_line and ticks[0] < 0 < ticks[-1]:
        pygame.draw.line(grid, (255, 255, 255, 70), (inner.x, y_of(0.0)), (inner.right, y_of(0.0)), 1)
    for s in series:  # the bands under the lines
        if s.band is None:
            continue
        upper = [(x_of(i), y_of(v + s.band[i])) for i, v in enumerate(s.values) if v is not None and i < len(s.band)]
        lower = [(x_of(i), y_of(v - s.band[i])) for i, v in enumerate(s.values) if v is not None and i < len(s.band)]
        if len(upper) > 1:
            pygame.draw.polygon(grid, (*s.colour, 40), upper + lower[::-1])
    surface.blit(grid, (0, 0))
    pygame.draw.rect(surface, FRAME, inner.inflate(2, 2), 1)
    width = max(1, round(scale * 1.5))
    dot = max(2, round(3 * scale))
    for s in series:
        points = [(x_of(i), y_of(v)) for i, v in enumerate(s.values) if v is not None]
        drawn.points.append(points)
        run: list[tuple[int, int]] = []
        for i, v in enumerate(s.values):  # a line through each run of values
            if v is None:
                _line(surface, s.colour, run, width)
                run = []
            else:
                run.append((x_of(i), y_of(v)))
        _line(surface, s.colour, run, width)
        if len(points) <= max(2, inner.width // (3 * dot)):  # dots while they stay apart
            for point in points:
                pygame.draw.circle(surface, s.colour, point, dot)
    below = inner.bottom + round(4 * scale)
    first, last = x_ends
    if first:
        picture = small.render(first, True, DIM)
        put(first, picture, picture.get_rect(topleft=(inner.x, below)))
    if last and count > 1:
        picture = small.render(last, True, DIM)
        put(last, picture, picture.get_rect(topright=(inner.right, below)))
    caption = _fitted(x_label, font, size, False, rect.width)
    spot = caption.get_rect(midtop=(inner.centerx, below + line_h))
    spot.x = max(inner.x, min(spot.x, rect.right - spot.width))
    put(x_label, caption, spot)
    return drawn


def _fitted(words: str, font: FontFor, size: int, bold: bool, width: int) -> pygame.Surface:
    """``words`` at ``size``, or smaller (down to 10) to fit ``width``."""
    while size > 10 and font(size, bold).size(words)[0] > width:
        size -= 1
    return font(size, bold).render(words, True, DIM)


def _line(surface: pygame.Surface, colour: Colour, run: list[tuple[int, int]], width: int) -> None:
    if len(run) < 2:
        return
    if width <= 1:
        pygame.draw.aalines(surface, colour, False, run)
    else:
        pygame.draw.lines(surface, colour, False, run, width)


__all__ = ["Drawn", "Series", "draw_plot", "nice_ticks", "tick_words"]
