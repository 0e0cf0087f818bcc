"""The fonts the game draws with, which characters each has, and what can be typed.

Text is set in Noto Sans (pygame_gui's copy: Latin, Greek, Cyrillic and
Devanagari). What it lacks is drawn with the fallback fonts in ``fonts/``
(made by tools/subset_fonts.py: Hebrew, Arabic, and the common emoji), tried
in the order of ``FALLBACKS``. Which characters a font has is read from its
character map (``cmap``), once per file, here (a TrueType/OpenType file or a
WOFF one; no dependency but ``zlib``): pygame's ``Font.metrics`` gives the
empty box's measures for a character the font lacks, not None.

``drawable`` says whether a character can be shown; ``clean_typed`` keeps, of
what a player typed or pasted, only what can be (the text fields,
game/ui/drawing/text_fields.py).
"""

from __future__ import annotations

import logging
import struct
import zlib
from functools import lru_cache
from pathlib import Path

from game.ui.drawing.script_runs import hidden, invisible

log = logging.getLogger(__name__)

FALLBACKS = ("NotoSansHebrew-Regular.woff", "NotoSansArabic-Regular.woff", "NotoEmoji-Regular.woff")


def primary_dir() -> Path | None:
    """pygame_gui's data folder, where Noto Sans is (None if it cannot be found)."""
    try:
        import pygame_gui
    except ImportError:  # pragma: no cover - a dependency
        return None
    return Path(pygame_gui.__file__).resolve().parent / "data"


def fallback_paths() -> tuple[Path, ...]:
    """The fallback fonts that are there, in the order they are tried."""
    from game.resources import asset_dir

    try:
        folder = asset_dir("fonts")
    except FileNotFoundError:
        log.warning("the fallback fonts are missing: names in Hebrew, Arabic or with emoji will show empty boxes")
        return ()
    return tuple(folder / name for name in FALLBACKS if (folder / name).is_file())


def _tables(data: bytes) -> dict[bytes, bytes]:
    """The tables of a TrueType/OpenType or WOFF file, by tag (WOFF's inflated)."""
    tables: dict[bytes, bytes] = {}
    if data[:4] == b"wOFF":
        (count,) = struct.unpack_from(">H", data, 12)
        for i in range(count):
            tag, offset, packed, length, _sum = struct.unpack_from(">4sIIII", data, 44 + 20 * i)
            body = data[offset : offset + packed]
            tables[tag] = zlib.decompress(body) if packed < length else body
        return tables
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        tag, _sum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = data[offset : offset + length]
    return tables


def _format4(cmap: bytes, at: int) -> set[int]:
    (segments2,) = struct.unpack_from(">H", cmap, at + 6)
    n = segments2 // 2
    ends = struct.unpack_from(f">{n}H", cmap, at + 14)
    starts_at = at + 16 + segments2
    starts = struct.unpack_from(f">{n}H", cmap, starts_at)
    deltas = struct.unpack_from(f">{n}h", cmap, starts_at + segments2)
    ranges_at = starts_at + 2 * segments2
    range_offsets = struct.unpack_from(f">{n}H", cmap, ranges_at)
    points: set[int] = set()
    for i in range(n):
        if starts[i] == 0xFFFF:
            continue
        for point in range(starts[i], ends[i] + 1):
            if range_offsets[i] == 0:
                glyph = (point + deltas[i]) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(">H", cmap, ranges_at + 2 * i + range_offsets[i] + 2 * (point - starts[i]))
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                points.add(point)
    return points


def _format12(cmap: bytes, at: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", cmap, at + 12)
    points: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", cmap, at + 16 + 12 * i)
        points.update(range(first if glyph else first + 1, last + 1))
    return points


def read_cmap(data: bytes) -> frozenset[int]:
    """The code points a font file (its bytes) maps to a glyph."""
    cmap = _tables(data).get(b"cmap")
    if cmap is None:
        return frozenset()
    (count,) = struct.unpack_from(">H", cmap, 2)
    found: dict[int, int] = {}  # format -> where, the first Unicode subtable of each
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        if (platform, encoding) in ((3, 10), (3, 1), (0, 3), (0, 4), (0, 6)) or (platform == 0 and encoding < 3):
            (form,) = struct.unpack_from(">H", cmap, offset)
            found.setdefault(form, offset)
    if 12 in found:
        return frozenset(_format12(cmap, found[12]))
    if 4 in found:
        return frozenset(_format4(cmap, found[4]))
    return frozenset()


@lru_cache(maxsize=16)
def coverage(path: str) -> frozenset[int]:
    """The code points the font file at ``path`` draws (empty if it cannot be read)."""
    try:
        return read_cmap(Path(path).read_bytes())
    except (OSError, struct.error, zlib.error) as error:
        log.warning("cannot read the characters of %s: %s", path, error)
        return frozenset()


@lru_cache(maxsize=1)
def _typable() -> frozenset[int]:
    points: set[int] = set()
    folder = primary_dir()
    if folder is not None:
        for style in ("Regular", "Bold"):
            points |= coverage(str(folder / f"NotoSans-{style}.ttf"))
    for path in fallback_paths():
        points |= coverage(str(path))
    if not points:  # no font file at all (pygame's own font draws): the printable ASCII
        points = set(range(0x20, 0x7F))
    return frozenset(points)


def drawable(char: str) -> bool:
    """Whether a font the game ships draws ``char`` (a joiner or a variation selector
    counts: it shapes what it joins); never a control or an invisible character."""
    if len(char) != 1 or hidden(char):
        return False
    return invisible(char) or ord(char) in _typable()


def clean_typed(text: str) -> tuple[str, str]:
    """(what of ``text`` can be shown, what was left out)."""
    kept: list[str] = []
    dropped: list[str] = []
    for char in text:
        (kept if drawable(char) else dropped).append(char)
    return "".join(kept), "".join(dropped)
