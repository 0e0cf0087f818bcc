"""The app reads a server's ratings and leaderboard (game/net/app/leaderboard.py) as a
hostile server's: rows that cannot be read are left out, names are cut, at most
100 rows are kept, and an answer for another family, or none, is refused."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.rules import FAMILIES
from game.net.app.leaderboard import MAX_ROWS, Standing, read_board, read_ratings, read_standing
from game.net.shared.protocol import NAME_MAX, ProtocolError

GOOD = {"rating": 1523.4, "rd": 80.0, "provisional": False, "matches": 12}


def test_a_standing_is_read_only_when_every_field_is_what_it_should_be() -> None:
    assert read_standing(GOOD) == Standing(1523.4, 80.0, False, 12)
    for broken in (None, [], "1500", {**GOOD, "rating": "1500"}, {**GOOD, "rating": float("nan")}, {**GOOD, "rd": -1},
                   {**GOOD, "provisional": 1}, {**GOOD, "matches": True}, {**GOOD, "matches": -3}, {**GOOD, "rating": 10**9}):
        assert read_standing(broken) is None, broken


def test_hello_s_ratings_keep_the_families_this_app_knows() -> None:
    told: dict[str, Any] = {FAMILIES[0]: GOOD, "chess": GOOD}
    if len(FAMILIES) > 1:
        told[FAMILIES[1]] = {"rating": "x"}
    assert read_ratings(told) == {FAMILIES[0]: Standing(1523.4, 80.0, False, 12)}
    assert read_ratings("garbage") == {} and read_ratings(None) == {}


def test_a_leaderboard_is_read_as_a_hostile_server_s() -> None:
    family = FAMILIES[0]
    rows: list[Any] = [{"place": i + 1, "name": f"P{i}", **GOOD} for i in range(150)]
    rows[3] = "garbage"
    rows[4] = {"place": 5, "name": 7, **GOOD}
    rows[5] = {"place": 0, "name": "Zero", **GOOD}
    rows[6] = {"place": 7, "name": "  Long\n" + "x" * 500, **GOOD, "you": True}
    board = read_board({"type": "leaderboard", "family": family, "count": "many", "top": rows, "you": {"place": 7, **GOOD}}, family)
    assert len(board.top) == MAX_ROWS - 3  # the first 100 rows, three of them unreadable
    assert [r.place for r in board.top] == sorted(r.place for r in board.top)
    long = next(r for r in board.top if r.place == 7)
    assert long.you and long.name.startswith("Long x") and len(long.name) == NAME_MAX
    assert board.count == len(board.top) and board.place == 7 and board.you == Standing(1523.4, 80.0, False, 12)
    for wrong in (None, [], {"family": family}, {"family": "chess", "top": []}, {"family": family, "top": "x"}):
        with pytest.raises(ProtocolError):
            read_board(wrong, family)
    empty = read_board({"family": family, "top": [], "you": "x"}, family)
    assert empty.top == () and empty.place is None and empty.you is None
