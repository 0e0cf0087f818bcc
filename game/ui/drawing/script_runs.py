"""A line of text cut into runs that one font draws in one direction, in the order they are seen.

pygame's fonts draw a string with one font file, left to right, shaped as one
script: a name in Hebrew came out with its letters reversed, Arabic unjoined,
and a script the font lacks as empty boxes. ``layout`` cuts a line into runs,
each drawn by the first of the fonts that has its characters, in one script and
one direction, and puts the runs in the order they are seen:

- a line reads left to right (the game's languages all do) unless it has no
  left-to-right letter at all (a Hebrew or Arabic name on its own); a stretch
  of right-to-left letters (Hebrew, Arabic), with the spaces and signs between
  them, is turned around as a whole; numbers inside it keep their own order
  (the rules of Unicode's bidirectional algorithm without embeddings: W1-W7,
  N1-N2, I1-I2 and L2, on classes read from the ranges below, but for a number
  after a name: see ``levels``);
- each run is shaped by HarfBuzz (through SDL_ttf) as its script and drawn in
  its direction: a right-to-left run comes out right to left, joined;
- marks, joiners and variation selectors stay with the character before them.

Character classes come from code point ranges here, not from ``unicodedata``
(left out of the desktop app: 1.1 MB). What no font can draw is for
``game.ui.drawing.glyphs`` to say; a control character, a bidirectional control (the
order is worked out here; a right-to-left override is not followed) and a
character nobody should see are never put in a run: they are ``hidden``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Container, Sequence

# (first, last) code points, sorted; the classes of Unicode's bidirectional algorithm, simplified
_MARKS = (
    (0x0300, 0x036F), (0x0483, 0x0489), (0x0591, 0x05BD), (0x05BF, 0x05BF), (0x05C1, 0x05C2), (0x05C4, 0x05C5),
    (0x05C7, 0x05C7), (0x0610, 0x061A), (0x064B, 0x065F), (0x0670, 0x0670), (0x06D6, 0x06DC), (0x06DF, 0x06E4),
    (0x06E7, 0x06E8), (0x06EA, 0x06ED), (0x0900, 0x0903), (0x093A, 0x093C), (0x093E, 0x094F), (0x0951, 0x0957),
    (0x0962, 0x0963), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x200C, 0x200D), (0x20D0, 0x20FF), (0xFE00, 0xFE0F),
    (0xFE20, 0xFE2F), (0x1F3FB, 0x1F3FF), (0xE0100, 0xE01EF),
)
_EUROPEAN_DIGITS = ((0x0030, 0x0039), (0x00B2, 0x00B3), (0x00B9, 0x00B9), (0x06F0, 0x06F9), (0x2070, 0x2079), (0x2080, 0x2089), (0xFF10, 0xFF19))
_ARABIC_DIGITS = ((0x0660, 0x0669), (0x066B, 0x066C))
_RIGHT_TO_LEFT = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
_NEUTRAL = (
    (0x0000, 0x002F), (0x003A, 0x0040), (0x005B, 0x0060), (0x007B, 0x00A9), (0x00AB, 0x00B4), (0x00B6, 0x00B9),
    (0x00BB, 0x00BF), (0x00D7, 0x00D7), (0x00F7, 0x00F7), (0x02C2, 0x02C5), (0x02D2, 0x02DF), (0x2000, 0x206F),
    (0x20A0, 0x20CF), (0x2190, 0x2BFF), (0x3000, 0x3004), (0x3008, 0x3020), (0xFE10, 0xFE1F), (0xFE30, 0xFE6F),
    (0xFF01, 0xFF0F), (0xFF1A, 0xFF20), (0xFF3B, 0xFF40), (0xFF5B, 0xFF65), (0x1F000, 0x1FAFF),
)
# never drawn: C0 and C1 controls, bidirectional controls, separators of lines, invisible
# spaces and marks, the private use areas, tags, noncharacters and lone surrogates
HIDDEN_RANGES = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x061C, 0x061C), (0x180E, 0x180E), (0x200B, 0x200B),
    (0x200E, 0x200F), (0x2028, 0x202E), (0x2060, 0x206F), (0xD800, 0xF8FF), (0xFDD0, 0xFDEF), (0xFEFF, 0xFEFF),
    (0xFFF0, 0xFFFB), (0xFFFE, 0xFFFF), (0xE0000, 0xE007F), (0xF0000, 0x10FFFF),
)
# the scripts HarfBuzz must be told (it is told nothing for the others: Latin, Greek,
# Cyrillic and the signs are drawn as the font has always drawn them)
_SCRIPTS = (((0x0590, 0x05FF), "Hebr"), ((0xFB1D, 0xFB4F), "Hebr"), ((0x0600, 0x08FF), "Arab"), ((0xFB50, 0xFDFF), "Arab"), ((0xFE70, 0xFEFF), "Arab"), ((0x0900, 0x097F), "Deva"), ((0xA8E0, 0xA8FF), "Deva"))


def _table(ranges: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]]:
    ordered = sorted(ranges)
    return [a for a, _ in ordered], [b for _, b in ordered]


def _inside(table: tuple[list[int], list[int]], point: int) -> bool:
    starts, ends = table
    at = bisect_right(starts, point) - 1
    return at >= 0 and point <= ends[at]


_MARK_T, _EN_T, _AN_T, _R_T, _N_T, _HIDDEN_T = (_table(r) for r in (_MARKS, _EUROPEAN_DIGITS, _ARABIC_DIGITS, _RIGHT_TO_LEFT, _NEUTRAL, HIDDEN_RANGES))
_SCRIPT_STARTS = sorted((a, b, s) for (a, b), s in _SCRIPTS)


@lru_cache(maxsize=4096)
def hidden(char: str) -> bool:
    """Whether ``char`` is never drawn (see the module's docstring)."""
    return _inside(_HIDDEN_T, ord(char))


def invisible(char: str) -> bool:
    """A joiner or a variation selector: shaping reads it, nothing is drawn for it."""
    point = ord(char)
    return point in (0x200C, 0x200D) or 0xFE00 <= point <= 0xFE0F or 0xE0100 <= point <= 0xE01EF


@lru_cache(maxsize=4096)
def bidi_class(char: str) -> str:
    """"M" (a mark or joiner: as the character before), "EN", "AN", "R", "N" (neutral) or "L"."""
    point = ord(char)
    if _inside(_MARK_T, point):
        return "M"
    if _inside(_EN_T, point):
        return "EN"
    if _inside(_AN_T, point):
        return "AN"
    if _inside(_R_T, point):
        return "R"
    if _inside(_N_T, point):
        return "N"
    return "L"


@lru_cache(maxsize=4096)
def script_of(char: str) -> str:
    """The ISO 15924 code HarfBuzz must be given for ``char``, or "" (none needed)."""
    point = ord(char)
    for first, last, script in _SCRIPT_STARTS:
        if first <= point <= last:
            return script
    return ""


def levels(classes: Sequence[str]) -> list[int]:
    """Each character's embedding level: 0 left to right, 1 right to left, 2 a number
    inside right-to-left text.

    A line with no left-to-right letter at all (a name in Hebrew or Arabic on its own)
    reads right to left as a whole; any other reads left to right (the game's sentences
    do). Where it reads left to right, a number after right-to-left words belongs with
    them only if more right-to-left words follow: the sentences put numbers after names
    ("Sarah · 12 pts"), and Unicode's rule (W7) would have put the 12 before the name.
    """
    resolved: list[str] = []
    last = "L"
    for kind in classes:  # W1: a mark is what it follows
        kind = last if kind == "M" else kind
        resolved.append(kind)
        last = kind
    if "L" not in resolved and ("R" in resolved or "AN" in resolved):
        return [2 if kind in ("EN", "AN") else 1 for kind in resolved]  # every neutral between right-to-left ends
    ahead: list[str] = []
    strong = "L"  # the end of the line: left to right
    for kind in reversed(resolved):
        ahead.append(strong)
        if kind in ("L", "R"):
            strong = kind
    ahead.reverse()
    strong = "L"
    for i, kind in enumerate(resolved):  # W2, W7 (and what follows, see above)
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and (strong == "L" or ahead[i] == "L"):
            resolved[i] = "L"
    n = len(resolved)
    i = 0
    while i < n:  # N1, N2: neutrals take the direction around them when both sides agree
        if resolved[i] != "N":
            i += 1
            continue
        j = i
        while j < n and resolved[j] == "N":
            j += 1
        before = "L" if i == 0 else ("R" if resolved[i - 1] in ("R", "EN", "AN") else "L")
        after = "L" if j == n else ("R" if resolved[j] in ("R", "EN", "AN") else "L")
        fill = before if before == after else "L"
        resolved[i:j] = [fill] * (j - i)
        i = j
    return [0 if kind == "L" else 1 if kind == "R" else 2 for kind in resolved]  # I1


def visual_order(run_levels: Sequence[int]) -> list[int]:
    """L2: the runs' indexes in the order they are seen, from their levels."""
    order = list(range(len(run_levels)))
    top = max(run_levels, default=0)
    for level in range(top, 0, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and run_levels[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return order


@dataclass(frozen=True)
class Run:
    """Characters drawn by one font (an index in the fonts given), in one script and direction."""

    text: str
    font: int
    script: str  # "" when the font's own is right (see ``script_of``)
    rtl: bool


def first_font(char: str, coverage: Sequence[Container[int]]) -> int | None:
    """The index of the first font whose characters (``coverage``) include ``char``."""
    point = ord(char)
    return next((i for i, chars in enumerate(coverage) if point in chars), None)


def layout(text: str, coverage: Sequence[Container[int]]) -> list[Run]:
    """``text``'s runs, in the order they are seen. ``coverage`` holds, for each font in
    the order they are tried, the code points it draws; a character no font draws is the
    first font's (its empty box: ``game.ui.drawing.glyphs`` keeps such characters out of what is
    typed); a ``hidden`` one is left out. A mark, joiner or selector goes with the character
    before it when that character's font has it (a joiner or selector always), and so
    does a neutral (a space, a sign)."""
    chars: list[str] = []
    fonts: list[int] = []
    scripts: list[str] = []
    for char in text:
        if hidden(char):
            continue
        kind = bidi_class(char)
        follows = bool(chars) and (invisible(char) or (kind in ("M", "N") and ord(char) in coverage[fonts[-1]]))
        if follows:
            font, script = fonts[-1], scripts[-1]
        else:
            own = first_font(char, coverage)
            font, script = (0, "") if own is None else (own, script_of(char))  # none: the first font's empty box
        chars.append(char)
        fonts.append(font)
        scripts.append(script)
    if not chars:
        return []
    char_levels = levels([bidi_class(c) for c in chars])
    runs: list[Run] = []
    run_levels: list[int] = []
    start = 0
    for i in range(1, len(chars) + 1):
        if i == len(chars) or (fonts[i], scripts[i], char_levels[i]) != (fonts[start], scripts[start], char_levels[start]):
            runs.append(Run("".join(chars[start:i]), fonts[start], scripts[start], char_levels[start] % 2 == 1))
            run_levels.append(char_levels[start])
            start = i
    return [runs[i] for i in visual_order(run_levels)]
