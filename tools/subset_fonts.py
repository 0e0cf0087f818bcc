"""Make the fallback fonts in fonts/: the scripts Noto Sans does not draw, cut small.

    python tools/subset_fonts.py SOURCES   # writes fonts/*.woff, prints each size

Noto Sans (pygame_gui's, the game's typeface) draws Latin, Greek, Cyrillic and
Devanagari. A name may be typed in other scripts; the game draws those with the
fallback fonts made here (game/ui/drawing/glyphs.py), each a subset of a Noto font
(SIL Open Font License, fonts/OFL.txt), without hinting (FreeType's own is used),
stored as WOFF (zlib: the game reads its character map with the standard
library, FreeType opens it as it is):

- Noto Sans Hebrew: the Hebrew block (letters, points, punctuation);
- Noto Sans Arabic: the Arabic block and its supplement (Arabic, Persian, Urdu);
- Noto Emoji (the one-colour emoji): the faces, hands, hearts and a choice of
  symbols, animals and things people put in a name (EMOJI below).

Each keeps its shaping tables (joining forms, marks) and only regular weight:
bold text makes them bold with FreeType's emboldening.

SOURCES is a folder holding NotoSansHebrew-Regular.ttf and NotoSansArabic-Regular.ttf
(Debian's fonts-noto-core: /usr/share/fonts/truetype/noto) and noto-emoji-emoji-400-normal.woff
(the npm package @fontsource/noto-emoji, files/). Needs fontTools (``pip install fonttools``),
used here only: the game does not import it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fonts"

COMMON = [0x20, 0x2D, 0x2E, 0x200C, 0x200D, 0x25CC]  # space, hyphen, full stop, the joiners, the dotted circle

HEBREW = [*range(0x0591, 0x05C8), *range(0x05D0, 0x05EB), *range(0x05EF, 0x05F5), *range(0xFB1D, 0xFB50)]
ARABIC = [*range(0x0600, 0x0700), *range(0x0750, 0x0780)]

# one-colour emoji: every face, hand and heart, and a choice of the rest
EMOJI = [
    *range(0x1F600, 0x1F650),  # emoticons
    *range(0x1F910, 0x1F930), *range(0x1F970, 0x1F980), *range(0x1F9D0, 0x1F9D4),  # more faces
    *range(0x1F440, 0x1F452), 0x1F47B, 0x1F47D, 0x1F47E, 0x1F480, 0x1F4A9, 0x1F4AA,  # hands, crowns, ghosts
    0x1F44F, 0x1F64C, 0x1F64F, 0x270A, 0x270B, 0x270C, 0x261D, 0x1F918, 0x1F919, 0x1F91D, 0x1F91E, 0x1F91F,
    0x2764, 0x2763, *range(0x1F493, 0x1F4A0), 0x1F5A4, 0x1F90D, 0x1F90E, 0x1F9E1,  # hearts
    0x2B50, 0x1F31F, 0x2728, 0x1F525, 0x26A1, 0x2600, 0x2601, 0x2614, 0x2744, 0x1F308, 0x1F319, 0x1F30D,
    0x1F389, 0x1F38A, 0x1F381, 0x1F3B2, 0x1F3AE, 0x1F3AF, 0x1F3B5, 0x1F3B6, 0x1F3B8, 0x1F3C6, 0x1F3C5, 0x1F947,
    0x1F0CF, 0x1F004, 0x265F, 0x26BD, 0x1F3C0, 0x1F3BE, 0x1F6B2, 0x1F680, 0x2708, 0x1F697, 0x1F3E0, 0x1F30A,
    0x1F436, 0x1F431, 0x1F42D, 0x1F439, 0x1F430, 0x1F98A, 0x1F43B, 0x1F43C, 0x1F428, 0x1F42F, 0x1F981,
    0x1F42E, 0x1F437, 0x1F438, 0x1F435, 0x1F414, 0x1F427, 0x1F426, 0x1F989, 0x1F984, 0x1F41D, 0x1F98B,
    0x1F422, 0x1F40D, 0x1F419, 0x1F42C, 0x1F433, 0x1F988, 0x1F409, 0x1F996, 0x1F43A, 0x1F417, 0x1F434,
    0x1F339, 0x1F338, 0x1F33B, 0x1F337, 0x1F340, 0x1F332, 0x1F335, 0x1F344, 0x1F33F,
    0x1F34E, 0x1F34A, 0x1F34B, 0x1F34C, 0x1F349, 0x1F347, 0x1F353, 0x1F352, 0x1F351, 0x1F951, 0x1F955,
    0x1F355, 0x1F354, 0x1F35F, 0x1F32E, 0x1F363, 0x1F366, 0x1F369, 0x1F36A, 0x1F370, 0x1F382, 0x1F36B,
    0x2615, 0x1F375, 0x1F37A, 0x1F37B, 0x1F377, 0x1F378, 0x1F379, 0x1F964,
    0x1F4A1, 0x1F4A3, 0x1F4A4, 0x1F4A5, 0x1F4AB, 0x1F4AC, 0x1F4AF, 0x1F4B0, 0x1F48E, 0x1F511, 0x1F512,
    0x1F514, 0x1F3A9, 0x1F453, 0x1F576, 0x1F916, 0x1F47C, 0x1F385, 0x1F9D9, 0x1F9DB, 0x1F9DC, 0x1F9DF,
    0x1F383, 0x1F384, 0x1F380, 0x1F388, 0x1F3A8, 0x1F3AD, 0x1F4DA, 0x1F4D6, 0x270F, 0x1F52E, 0x1F9E9,
    0x2705, 0x274C, 0x2757, 0x2753, 0x1F6A9, 0x1F3C1, 0x1F451, 0x1F48B, 0x1F4A2, 0x1F4A6, 0x1F4A8,
    0xFE0F,  # the emoji variation selector (shown as nothing)
]

FONTS = (
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Regular.woff", HEBREW),
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Regular.woff", ARABIC),
    ("noto-emoji-emoji-400-normal.woff", "NotoEmoji-Regular.woff", EMOJI),
)


def subset(source: Path, target: Path, codepoints: list[int]) -> int:
    """``source`` cut to ``codepoints`` (and what its shaping reaches from them), written to
    ``target`` as WOFF; its size in bytes."""
    from fontTools import subset as ft_subset  # type: ignore[import-untyped]  # (a tool's dependency)

    options = ft_subset.Options()
    options.flavor = "woff"
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # names, version, licence
    options.notdef_outline = True
    options.drop_tables += ["STAT", "vhea", "vmtx", "DSIG", "meta"]
    font = ft_subset.load_font(str(source), options)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(set(codepoints + COMMON)))
    subsetter.subset(font)
    ft_subset.save_font(font, str(target), options)
    return target.stat().st_size


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2])
        return 2
    sources = Path(argv[0])
    OUT.mkdir(exist_ok=True)
    total = 0
    for source, target, codepoints in FONTS:
        size = subset(sources / source, OUT / target, codepoints)
        total += size
        print(f"{target}: {size} bytes")
    print(f"fallback fonts: {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
