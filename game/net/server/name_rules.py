"""Players' names at a network table: one written form, never invisible, never a
look-alike of another seat's name or of a computer's.

``clean_name`` takes a name as a client sends it and returns its one written form
(Unicode NFKC, runs of white space as one space, invisible format characters
dropped) or refuses it (``ProtocolError`` with a code): control characters,
direction marks and unassigned code points are refused, and so is a name that
shows nothing (only fillers, blanks and marks: the Hangul fillers, the Braille
blank, a combining grapheme joiner...).

``skeleton`` is what a name looks like, after Unicode TR39's idea of a confusables
skeleton: two names with the same skeleton would be taken for one another on a
screen. It is built from Python's ``unicodedata`` (NFKC folds the full-width,
mathematical, circled and other compatibility forms; NFD splits letters from
their accents, which stay) and the table ``LOOKALIKES`` below, which maps the
Cyrillic, Greek, Armenian and Cherokee letters that are drawn like Latin ones,
the digits and signs drawn like letters (0, 1, |) and a few Latin variants
(dotless i, small capitals, the script g) to the Latin letter they look like;
then "rn" reads as "m" and "vv" as "w", and case is ignored (Ann, ANN and аnn
are one name at a table). It does not cover every script's look-alikes (TR39's
full table has some 6,000 entries): letters of other scripts that are not in
the table keep their own skeleton, so they are never taken for Latin ones.

The desktop app ships without Python's Unicode database (``unicodedata``, 1.1 MB:
build.spec); a table it hosts checks names with what Python has built in
instead: full-width letters folded, control and format characters refused by
``str.isprintable``, combining marks known by their blocks, no decomposition
(an accented letter then stays one letter in the skeleton).

No pygame here.
"""

from __future__ import annotations

from typing import Iterable

try:
    import unicodedata as _ucd
except ImportError:  # the desktop app (build.spec leaves the database out)
    _ucd = None  # type: ignore[assignment]

from game.net.shared.protocol import NAME_MAX, ProtocolError

# Invisible by definition (Unicode's Default_Ignorable_Code_Point, as ranges):
# dropped from a name, and left out of its skeleton.
IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
KEPT_JOINERS = frozenset("\u200c\u200d\ufe0e\ufe0f")  # zero-width (non-)joiners and emoji presentation: part of how some names are written
DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")  # could reorder what a screen shows
BLANKS = frozenset("\u2800\u3164\uffa0\u115f\u1160")  # letters or symbols that are drawn as nothing
REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))  # (the invisible format characters are dropped before)

# What a letter looks like: each pair is a character and the Latin letter (or
# letters) it is drawn like. Upper and lower case are listed apart where both
# look like Latin letters; case is ignored after the mapping.
LOOKALIKES = dict(
    pair.split(":")
    for pair in (
        # Cyrillic
        "а:a в:b е:e һ:h і:i ј:j к:k м:m о:o п:n р:p с:c т:t у:y х:x ѕ:s ԁ:d ԛ:q ԝ:w ӏ:l ү:y ҳ:x "
        "А:A В:B Е:E К:K М:M Н:H О:O Р:P С:C Т:T Х:X У:Y Ѕ:S І:l Ј:J Ԛ:Q Ԝ:W Ӏ:l Ү:Y Һ:h Ԍ:G Ԁ:d "
        # Greek
        "α:a ο:o ν:v ι:i κ:k ρ:p υ:u γ:y ϲ:c ϳ:j χ:x ω:w "
        "Α:A Β:B Ε:E Ζ:Z Η:H Ι:l Κ:K Μ:M Ν:N Ο:O Ρ:P Τ:T Υ:Y Χ:X Ϲ:C Ϳ:J "
        # Armenian
        "օ:o ս:u ց:g հ:h ո:n զ:q Օ:O Տ:S Ս:U "
        # Cherokee capitals drawn like Latin ones
        "Ꭺ:A Ᏼ:B Ꮯ:C Ꭼ:E Ꮋ:H Ꭻ:J Ꮶ:K Ꮇ:M Ꮲ:P Ꮪ:S Ꭲ:T Ꮃ:W Ꮓ:Z "
        # Latin variants, digits and signs drawn like letters
        "ı:i ȷ:j ɑ:a ɡ:g ɩ:i ʏ:y ᴀ:a ʙ:b ᴄ:c ᴅ:d ᴇ:e ɢ:g ʜ:h ɪ:i ᴊ:j ᴋ:k ʟ:l ᴍ:m ɴ:n ᴏ:o ᴘ:p ʀ:r ꜱ:s ᴛ:t ᴜ:u ᴠ:v ᴡ:w ᴢ:z "
        "0:o 1:l I:l |:l ǀ:l ∣:l"
    ).split()
)
DIGRAPHS = (("rn", "m"), ("vv", "w"))



MARK_BLOCKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))


def _nfkc(text: str) -> str:
    if _ucd is not None:
        return _ucd.normalize("NFKC", text)
    # Without the database: full-width forms and the ideographic space, the compatibility forms a keyboard sends
    return "".join(chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else " " if c == "\u3000" else c for c in text)


def _nfd(text: str) -> str:
    return _ucd.normalize("NFD", text) if _ucd is not None else text


def _category(c: str) -> str:
    """The character's general category (two letters); without the database, what
    ``str`` methods and the mark blocks tell: "Lo" (shows), "Mn", "Zs" or "Cc"."""
    if _ucd is not None:
        return _ucd.category(c)
    if any(low <= ord(c) <= high for low, high in MARK_BLOCKS):
        return "Mn"
    if c.isspace():
        return "Zs"
    return "Lo" if c.isprintable() else "Cc"


def _ignorable(c: str) -> bool:
    code = ord(c)
    return any(low <= code <= high for low, high in IGNORABLE)


def clean_name(value: object) -> str:
    """A player's name in its one written form (``ProtocolError`` with the reason)."""
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError("name must be a non-empty string", "name_empty")
    if len(value) > 8 * NAME_MAX:  # not even worth normalising
        raise ProtocolError(f"name must be at most {NAME_MAX} characters", "name_long", most=NAME_MAX)
    text = _nfkc(value)
    for c in text:
        if c in DIRECTION_MARKS:
            raise ProtocolError("a name may not hold direction marks", "name_control")
    text = "".join(c for c in text if c in KEPT_JOINERS or not _ignorable(c))
    for c in text:
        if c not in KEPT_JOINERS and _category(c) in REFUSED_CATEGORIES and not c.isspace():
            raise ProtocolError("a name may not hold control characters", "name_control")
    name = " ".join(text.split())
    if len(name) > NAME_MAX:
        raise ProtocolError(f"name must be at most {NAME_MAX} characters", "name_long", most=NAME_MAX)
    if not any(_shows(c) for c in name):
        raise ProtocolError("a name must show something: this one is blank", "name_blank")
    return _nfkc(name)


def _shows(c: str) -> bool:
    """Whether ``c`` draws something of its own (not a space, mark, blank or joiner)."""
    return not (c.isspace() or c in BLANKS or c in KEPT_JOINERS or _ignorable(c) or _category(c).startswith(("M", "C", "Z")))


def skeleton(name: str) -> str:
    """What ``name`` looks like: names with one skeleton are taken for one another."""
    text = _nfd(_nfkc(name))
    mapped = "".join(LOOKALIKES.get(c, c) for c in text if not (_ignorable(c) or c in KEPT_JOINERS or c in BLANKS))
    folded = mapped.casefold()
    for pair, one in DIGRAPHS:
        folded = folded.replace(pair, one)
    return " ".join(_nfd(folded).split())


def level_names() -> frozenset[str]:
    """The skeletons of every computer level's id and name (the level registry,
    game/ai/levels.py), in every language Matador speaks: a person may not take
    one (a person called "Easy" reads like a computer seat)."""
    global _LEVELS
    if _LEVELS is None:
        import logging

        from game.ai import levels
        from game.i18n import in_every_language

        i18n_log = logging.getLogger("game.i18n")
        was = i18n_log.level
        i18n_log.setLevel(logging.ERROR)  # a server run from a clone without compiled catalogs: English is enough, said nowhere
        try:
            words: set[str] = set()
            for level in levels.levels():
                words.add(level.id)
                words.update(in_every_language(level.name))
        finally:
            i18n_log.setLevel(was)
        _LEVELS = frozenset(skeleton(w) for w in words)
    return _LEVELS


_LEVELS: frozenset[str] | None = None


def check_name(name: str, others: Iterable[str | None]) -> None:
    """Refuse ``name`` (already clean) if it looks like a computer's or like one of ``others``."""
    if name.startswith("@"):  # the game's own default names are codes that begin so (game.words.names)
        raise ProtocolError(f"{name} begins with @, which only the game's own names do: choose another name", "name_code", name=name)
    shape = skeleton(name)
    if shape in level_names():
        raise ProtocolError(f"{name} is the name of a computer level: choose another name", "name_level", name=name)
    for other in others:
        if other is None:
            continue
        if other == name:
            raise ProtocolError(f"someone at this table is already called {name}", "name_taken", name=name)
        if skeleton(other) == shape:
            raise ProtocolError(f"{name} looks like {other}, who is at this table: choose another name", "name_lookalike", name=name, other=other)
