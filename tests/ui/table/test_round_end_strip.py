"""The round summary shows every revealed hand without tiles overlapping."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.table import hand_strip


@given(count=st.integers(0, 30), room=st.integers(120, 600), row_h=st.integers(20, 60))
def test_revealed_tiles_never_overlap_and_stay_in_their_row(count: int, room: int, row_h: int) -> None:
    spots = hand_strip(count, room, row_h)
    assert len(spots) == count
    boxes = [(x, y, x + length, y + length // 2) for x, y, length in spots]
    for i, a in enumerate(boxes):
        assert a[1] >= 0 and a[3] <= row_h
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    if count and room // count >= 30:
        assert all(x + length <= room for x, _, length in spots)


def test_a_long_hand_takes_two_rows_rather_than_tiny_tiles() -> None:
    spots = hand_strip(10, 350, 46)
    assert len({y for _, y, _ in spots}) == 1 and spots[0][2] >= 24  # ten still fit on one row
    spots = hand_strip(14, 350, 46)
    assert len({y for _, y, _ in spots}) == 2 and all(x + length <= 350 for x, _, length in spots)
