"""Cutting a line into runs and ordering them as they are seen (game/ui/drawing/script_runs.py),
and which characters the shipped fonts draw (game/ui/drawing/glyphs.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.drawing import glyphs
from game.ui.drawing.script_runs import bidi_class, hidden, layout, levels, visual_order

LATIN = frozenset(range(0x20, 0x7F))
HEBREW = frozenset([0x20, *range(0x05D0, 0x05EB)])
FONTS = [LATIN | frozenset(range(0x0300, 0x0370)), HEBREW]


def seen(text: str) -> list[tuple[str, bool]]:
    return [(run.text, run.rtl) for run in layout(text, FONTS)]


def test_a_line_of_one_script_is_one_run() -> None:
    assert seen("Ann Bo") == [("Ann Bo", False)]
    assert seen("שלום") == [("שלום", True)]


def test_right_to_left_words_are_seen_last_word_first() -> None:
    # two Hebrew words: the space between them (a neutral between right-to-left letters)
    # goes with them, and the stretch is turned round as a whole
    assert seen("Ann שלום עולם") == [("Ann ", False), ("שלום עולם", True)]
    runs = layout("שלום Ann עולם", FONTS)
    # around an English word the line reads left to right: each Hebrew word turned alone,
    # the spaces beside the English word left to right
    assert [(r.text, r.rtl) for r in runs] == [("שלום", True), (" ", False), ("Ann ", False), ("עולם", True)]
    assert [r.font for r in runs] == [1, 1, 0, 1]


def test_numbers_inside_right_to_left_text_keep_their_order() -> None:
    # the number's digits left to right (a run of its own), the words on either side turned round
    assert seen("שלום 12 עולם") == [("עולם", True), (" ", True), ("12", False), ("שלום ", True)]


def test_a_number_after_a_name_goes_with_the_sentence() -> None:
    assert seen("שרה · 12 pts") == [("שרה", True), (" ", False), ("· 12 pts", False)]  # (the space is the Hebrew font's)
    assert seen("Ann (שלום) 12") == [("Ann (", False), ("שלום", True), (") 12", False)]


def test_a_right_to_left_name_alone_reads_right_to_left() -> None:
    assert seen("אבי 2") == [("2", False), ("אבי ", True)]
    assert seen("(שרה)") == [(")", True), ("שרה", True), ("(", True)]  # drawn right to left: the brackets mirrored


def test_levels_follow_the_bidirectional_rules() -> None:
    assert levels(["L", "N", "R", "N", "R", "N", "L"]) == [0, 0, 1, 1, 1, 0, 0]
    assert levels(["R", "N", "EN"]) == [1, 1, 2]  # a number after right-to-left text
    assert levels(["L", "N", "EN"]) == [0, 0, 0]  # ... and after left-to-right text
    assert levels(["L", "R", "M", "N"]) == [0, 1, 1, 0]  # a mark is what it follows; the end is left to right
    assert levels(["R", "N", "EN", "N", "L"]) == [1, 0, 0, 0, 0]  # a number before left-to-right words goes with them
    assert visual_order([0, 1, 1, 2, 1, 0]) == [0, 4, 3, 2, 1, 5]


def test_classes_of_characters() -> None:
    assert [bidi_class(c) for c in "aש٣3 \u0301ا😀"] == ["L", "R", "AN", "EN", "N", "M", "R", "N"]
    for char in "\u202e\u200f\u0000\n\u200b\ufeff\ue000\U000e0041":
        assert hidden(char), hex(ord(char))
    for char in "a \u200dש😀":
        assert not hidden(char)


def test_hidden_characters_are_left_out_and_a_character_no_font_has_is_the_first_fonts() -> None:
    assert seen("a\u202eb") == [("ab", False)]
    assert layout("\u202e\u200f", FONTS) == []
    (run,) = layout("王", FONTS)
    assert run.font == 0  # the empty box of the first font (what is typed never gets here)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab 1(-.\u0301שלום٣٤۱\u200d\u202e\u200fא!?王"), max_size=30))
def test_every_character_shown_is_in_exactly_one_run(text: str) -> None:
    runs = layout(text, FONTS)
    shown = "".join(char for char in text if not hidden(char))
    assert sorted("".join(r.text for r in runs)) == sorted(shown)
    for run in runs:
        if any(c in "שלוםא" for c in run.text):
            assert run.rtl  # Hebrew letters are drawn right to left...
        if any(c in "ab13" for c in run.text):
            assert not run.rtl  # ...Latin letters and numbers left to right
        for char in run.text:
            # each character is drawn by a font that has it (marks and joiners ride along,
            # a character nobody has is the first font's box)
            assert ord(char) in FONTS[run.font] or bidi_class(char) == "M" or not any(ord(char) in f for f in FONTS)


def test_the_character_map_is_read_from_woff_and_truetype(tmp_path: Path) -> None:
    hebrew = glyphs.fallback_paths()[0]
    points = glyphs.coverage(str(hebrew))
    assert 0x05D0 in points and 0x05EA in points and 0x0041 not in points
    noto = glyphs.primary_dir()
    assert noto is not None
    latin = glyphs.coverage(str(noto / "NotoSans-Regular.ttf"))
    assert {ord(c) for c in "AzéΩЖक"} <= latin and 0x05D0 not in latin
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"\x00\x01\x00\x00garbage")
    assert glyphs.coverage(str(bad)) == frozenset()


def test_what_can_be_typed() -> None:
    for char in "aÅΩЖकשا😀\u0301\u200d\ufe0f":
        assert glyphs.drawable(char), hex(ord(char))
    for char in "\u202e\u200f\u200b\x00\x1b\n\t\ue000王ก\U000e0041":
        assert not glyphs.drawable(char), hex(ord(char))
    assert glyphs.clean_typed("A\u202enn 王😀") == ("Ann 😀", "\u202e王")
