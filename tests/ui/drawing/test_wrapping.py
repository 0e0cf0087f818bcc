"""Breaking words into lines (game/ui/drawing/menu.py): ``wrap_lines`` fills each
line; ``balanced_lines`` keeps that many lines and sets them as even as they go,
so that no last line is one short word left alone. Measured in characters here;
random sentences check what holds for any."""

from __future__ import annotations

from hypothesis import given, strategies as st

from game.ui.drawing.menu import balanced_lines, wrap_lines

SAID = "This name has 26 letters: type one of up to 24."


def test_a_reason_is_not_left_with_its_last_word_alone() -> None:
    assert wrap_lines(SAID, 44, len) == ["This name has 26 letters: type one of up to", "24."]
    assert balanced_lines(SAID, 44, len) == ["This name has 26 letters:", "type one of up to 24."]
    assert balanced_lines(SAID, 80, len) == [SAID]  # one line: as it is
    assert balanced_lines("aaa a a", 1, len) == ["aaa", "a", "a"]  # (a word wider than the width: as many lines still)


words = st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=12), min_size=1, max_size=30).map(" ".join)


@given(words, st.integers(min_value=1, max_value=60))
def test_balanced_lines_are_as_many_no_wider_and_keep_every_word_in_order(text: str, width: int) -> None:
    filled, even = wrap_lines(text, width, len), balanced_lines(text, width, len)
    assert len(even) == len(filled)
    assert " ".join(even).split() == text.split()
    assert max(map(len, even)) <= max(map(len, filled))  # (a word wider than the width keeps a line of its own)
    assert all(len(line) <= width or " " not in line for line in even)
