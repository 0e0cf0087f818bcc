"""Scripted deals with known outcomes, one rule of RULES.md at a time."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import Action, IllegalMoveError, Match, OpenEnd, PlayerInfo, Refusal, Rules, parse_tile
from game.engine.state import Opening, RoundState
from game.engine.tiles import tile_name
from game.words.ends import needs_text
from game.words.refusals import error_text, refusal_text


def t(name: str) -> int:
    return parse_tile(name)


def said(refusal: Refusal | None) -> str | None:
    """A refusal in the words the player reads (the engine gives a code)."""
    return None if refusal is None else refusal_text(refusal)


def label(s: RoundState, end: OpenEnd) -> str:
    return needs_text(end.values, s.rules.target, s.rules.matadors, s.rules.wild_doubles)


def state(
    base: str,
    hands: list[str],
    boneyard: str = "",
    opening: Opening | None = None,
    **options: Any,
) -> RoundState:
    """A round with exactly these hands (space-separated tiles) and boneyard."""
    rules = Rules.from_base(base, len(hands), options or None)
    tiles = [[t(x) for x in h.split()] for h in hands]
    bone = [t(x) for x in boneyard.split()]
    return RoundState(rules, tiles, bone, opening or Opening(rules.lead))


def lay(name: str, arm: str | None = None, touch: int | None = None, **kw: Any) -> Action:
    return Action.lay(t(name), arm, touch, **kw)


def lays_of(s: RoundState) -> set[str]:
    return {str(m) for m in s.legal_moves() if m.kind == "lay"}


# Rule of seven, matadors, blank ends -------------------------------------------
def test_rule_of_seven_and_the_reason_for_a_wrong_tile() -> None:
    s = state("matador", ["6-6 3-2 1-0", "5-5 6-1 4-4"], "2-0 3-3")
    assert s.legal_moves() == [lay("6-6", touch=6)]  # highest double leads
    s.push(lay("6-6"))
    assert s.current_player == 1
    # 6 needs 1: 6-1 is a matador anyway; 5-5 and 4-4 cannot join.
    assert lays_of(s) == {"lay 6-1 on W touch 6", "lay 6-1 on W touch 1", "lay 6-1 on E touch 6", "lay 6-1 on E touch 1"}
    with pytest.raises(IllegalMoveError) as err:
        s.push(lay("5-5", "E"))
    assert err.value.refusal == Refusal("needs-or-matador", {"tile": "5-5", "arm": "E", "end": 6, "need": 1})
    assert refusal_text(err.value.refusal) == "5-5 cannot join E: the end shows 6 and needs 1, or a matador"
    s.push(lay("6-1", "E", touch=6))
    assert [e.values for e in s.open_ends()] == [(6,), (1,)]
    assert [label(s, e) for e in s.open_ends()] == ["needs 1", "needs 6"]
    s.push(lay("1-0", "W", touch=1))  # 1 + 6 = 7
    assert s.end_values("W") == (0,)


def test_blank_end_takes_only_a_matador() -> None:
    s = state("matador", ["6-6 1-0 5-2 3-1", "6-1 4-4 2-2 3-3"], "6-5 5-5")
    s.push(lay("6-6"))
    s.push(lay("6-1", "W", touch=6))  # W shows 1
    s.push(lay("1-0", "E", touch=1))  # E shows 0: blank
    ends = {e.arm: e for e in s.open_ends()}
    assert label(s, ends["E"]) == "matador only"
    assert label(s, ends["W"]) == "needs 6"
    assert said(s.explain(lay("4-4", "E"))) == "4-4 cannot join E: the end is blank and only a matador can open it"
    s.push(Action.draw())  # player 1 holds 4-4 2-2 3-3: nothing fits 1 or 0
    assert s.hand(1) == sorted([t("4-4"), t("2-2"), t("3-3"), t("6-5")])
    s.push(lay("6-5", "W", touch=6))  # drawn 6-5 joins 1
    assert s.current_player == 0
    assert "lay 5-2 on E touch 5" in lays_of(s) and "lay 5-2 on E touch 2" in lays_of(s)
    s.push(lay("5-2", "E", touch=5))
    assert s.end_values("E") == (2,)


def test_blank_end_is_closed_without_matadors() -> None:
    s = state("all-sevens", ["6-6 4-4", "1-0 3-3"], "5-5 2-2")
    s.push(lay("6-6"))
    s.push(lay("1-0", "E", touch=1))  # E shows 0
    assert {e.arm: label(s, e) for e in s.open_ends()} == {"W": "needs 1", "E": "closed"}
    assert said(s.explain(lay("4-4", "E"))) == "4-4 cannot join E: the end is blank and no tile can join it"


def test_matador_in_line_both_ways() -> None:
    s = state("matador", ["6-6 3-2", "5-2 4-4"], "1-1")
    s.push(lay("6-6"))
    moves = lays_of(s)
    assert moves == {"lay 5-2 on W touch 5", "lay 5-2 on W touch 2", "lay 5-2 on E touch 5", "lay 5-2 on E touch 2"}
    s.push(lay("5-2", "W", touch=2))
    assert s.end_values("W") == (5,)
    s.pop()
    s.push(lay("5-2", "W", touch=5))
    assert s.end_values("W") == (2,)
    # A matador needs its touching half named when both could touch.
    s.pop()
    assert "say which half" in (said(s.explain(lay("5-2", "W"))) or "")


def test_double_blank_matador_leaves_a_blank_end() -> None:
    s = state("matador", ["6-6 3-2", "0-0 4-4"], "1-1")
    s.push(lay("6-6"))
    s.push(lay("0-0", "E"))  # touch follows: a double
    assert s.end_values("E") == (0,)


# Crosswise matadors (Leyden) -------------------------------------------------
def leyden_opening() -> RoundState:
    s = state("leyden", ["1-1 4-3 2-1 5-0 3-3 6-6", "5-5 6-1 2-2 4-0 3-1 6-5"], "3-0 6-3 4-4 5-2 6-2 5-4 3-2 4-1 6-0 5-1 1-0 0-0 6-4 4-2 2-0 5-3")
    s.push(lay("1-1"))
    return s


def test_leyden_lowest_double_leads_and_sides_come_first() -> None:
    s = leyden_opening()
    assert s.spinner is not None and s.spinner.arm is None and s.spinner.value == 1
    arms = {m.arm for m in s.legal_moves() if m.kind == "lay"}
    assert arms == {"N", "S"}
    assert said(s.explain(lay("6-1", "W", touch=6))) == "6-1 cannot go on W: only N, S may be played now"
    s.push(lay("6-5", "N", touch=6))
    assert {m.arm for m in s.legal_moves() if m.kind == "lay"} == {"S"}
    s.push(lay("4-3", "S", across=True))
    assert {m.arm for m in s.legal_moves() if m.kind == "lay"} == {"W", "E", "N", "S"}


def test_crosswise_matador_and_the_choice_at_its_end() -> None:
    s = leyden_opening()
    s.push(lay("6-5", "N", touch=6))
    assert "lay 4-3 on S across" in lays_of(s)
    s.push(lay("4-3", "S", across=True))
    end = next(e for e in s.open_ends() if e.arm == "S")
    assert end.values == (4, 3) and end.crosswise and label(s, end) == "needs 3 or 4"
    s.push(Action.draw())  # player 1 draws 3-0 (voluntary: free drawing)
    # 3-1 joins 4 with its 3; 4-0 joins 3 with its 4; 6-1 (matador) may join either value in line only.
    on_s = {str(m) for m in s.legal_moves() if m.arm == "S"}
    assert "lay 3-1 on S touch 3 joins 4" in on_s
    assert "lay 4-0 on S touch 4 joins 3" in on_s
    assert "lay 3-0 on S touch 3 joins 4" in on_s
    assert {"lay 6-1 on S touch 6 joins 4", "lay 6-1 on S touch 1 joins 3"} <= on_s
    assert not any(m.across for m in s.legal_moves() if m.arm == "S")
    assert (said(s.explain(lay("6-1", "S", across=True))) or "").endswith("the next tile on a crosswise matador goes in line")
    s.push(lay("4-0", "S", touch=4))  # joins 3 follows from touch 4
    assert s.placements[-1].joins == 3
    assert s.end_values("S") == (0,)


def test_crosswise_wrong_tile_reason() -> None:
    s = leyden_opening()
    s.push(lay("6-5", "N", touch=6))
    s.push(lay("4-3", "S", across=True))
    assert said(s.explain(lay("5-5", "S"))) == "5-5 cannot join S: the end shows 4 and 3 and needs 3 or 4, or a matador"


def test_record_example_of_RECORD_md() -> None:
    s = leyden_opening()
    for a in (lay("6-5", "N", 6), lay("4-3", "S", across=True), lay("2-2", "N"), lay("3-3", "S", joins=4), Action.draw(), lay("4-0", "S", 4), lay("6-6", "W")):
        s.push(a)
    assert s.pips(0) == 8 and s.pips(1) == 24
    assert s.current_player == 1


def test_senst_complete_cross_before_arms_grow() -> None:
    s = state(
        "leyden-senst",
        ["6-6 5-1 4-1 3-1 2-1 6-2", "3-3 6-1 2-0 1-0 4-2 5-3"],
        "4-4 5-5 2-2 1-1 0-0 6-5 6-4 6-3 6-0 5-4 5-2 5-0 4-3 4-0 3-2 3-0",
    )
    # The holder of the highest double leads any double of theirs but 0-0, may draw, or refuse.
    assert [str(m) for m in s.legal_moves()] == ["lay 6-6 (lead, 6 facing W)", "draw 1", "refuse"]
    s.push(lay("6-6"))
    assert {m.arm for m in s.legal_moves() if m.kind == "lay"} == {"W", "E", "N", "S"}
    s.push(lay("6-1", "W", touch=1))  # W shows 6
    assert {m.arm for m in s.legal_moves() if m.kind == "lay"} <= {"E", "N", "S"}
    s.push(lay("5-1", "E", touch=1))
    assert s.explain(lay("4-2", "W", touch=1)) is not None
    s.push(lay("2-0", "N", touch=0)) if s.is_legal(lay("2-0", "N", touch=0)) else None


# First-double spinner -------------------------------------------------------
def test_first_double_spinner_opens_sub_arms() -> None:
    s = state("all-sevens", ["6-5 2-2 5-1 6-2", "5-2 4-4 6-1 3-0"], "", opening=Opening("winner-any-tile", 0), layout="first-double-spinner")
    s.push(lay("6-5"))  # W shows 6, E shows 5
    assert s.spinner is None
    s.push(lay("5-2", "E", touch=2))  # all-sevens: 5-2 is ordinary; 2 + 5 = 7, E shows 5
    s.push(lay("2-2", "E", touch=2))  # the first double: the spinner, on E
    assert s.spinner is not None and s.spinner.arm == "E" and not s.spinner.sides_open
    assert {e.arm for e in s.open_ends()} == {"W", "E"}
    s.push(lay("6-1", "W", touch=1))  # W shows 6 after 1 joins 6
    s.push(lay("5-1", "E", touch=5))  # extends E beyond the spinner: EN and ES open
    assert s.spinner.sides_open if s.spinner else False
    assert {e.arm: e.values for e in s.open_ends()} == {"W": (6,), "E": (1,), "EN": (2,), "ES": (2,)}


def test_lead_double_spinner_opens_sides_when_both_ends_joined() -> None:
    s = state("all-sevens", ["3-3 4-1 4-2", "4-0 2-1 6-5"], "", layout="first-double-spinner")
    s.push(lay("3-3"))
    assert {e.arm for e in s.open_ends()} == {"W", "E"}
    s.push(lay("4-0", "W", touch=4))
    s.push(lay("4-1", "E", touch=4))
    assert {e.arm for e in s.open_ends()} == {"W", "E", "N", "S"}


# Wild doubles ----------------------------------------------------------------
def test_wild_double_leaves_the_end_unchanged() -> None:
    s = state("wild-doubles", ["6-6 3-2", "2-2 5-3"], "4-0 1-1")
    s.push(lay("6-6"))
    assert "lay 2-2 on E touch 2" in lays_of(s)
    s.push(lay("2-2", "E"))
    assert s.end_values("E") == (6,)
    assert said(s.explain(lay("3-2", "E", touch=3))) == "3-2 cannot join E: the end shows 6 and needs 1, or a double"


def test_wild_doubles_lead_highest_tile_without_doubles() -> None:
    s = state("wild-doubles", ["6-3 2-1", "5-4 3-0"], "6-6 5-5")
    assert s.legal_moves() == [lay("6-3", touch=6)]  # 9 pips, higher half 6 beats 5-4


# Drawing policies ------------------------------------------------------------
def test_draw_until_playable_then_must_lay_it() -> None:
    s = state("matador", ["6-6 2-2", "3-3 4-4"], "5-5 2-0 6-0 0-0")
    s.push(lay("6-6"))
    assert s.legal_moves() == [Action.draw()]
    assert said(s.explain(Action.pass_())) == "you cannot pass while you may draw"
    s.push(Action.draw())  # 5-5: no
    assert s.legal_moves() == [Action.draw()]
    s.push(Action.draw())  # 2-0: no (needs 1)
    s.push(Action.draw())  # 6-0: no
    s.push(Action.draw())  # 0-0: a matador, must be laid
    assert {m.tile for m in s.legal_moves()} == {t("0-0")}
    assert said(s.explain(Action.draw())) == "the boneyard is empty"


def test_draw_several_in_one_action() -> None:
    s = state("matador", ["6-6 2-2", "3-3 4-4"], "5-5 2-0 6-0 0-0")
    s.push(lay("6-6"))
    s.push(Action.draw(4))
    assert s.hand_count(1) == 6 and s.current_player == 1
    assert s.explain(Action.draw(2)) is not None


def test_draw_one_then_pass() -> None:
    s = state("matador", ["6-6 2-2", "3-3 4-4"], "5-5 2-0", drawing="one-then-pass")
    s.push(lay("6-6"))
    s.push(Action.draw())
    assert s.legal_moves() == [Action.pass_()]
    assert said(s.explain(Action.draw())) == "you have drawn once this turn: lay the tile or pass"
    s.push(Action.pass_())
    assert s.current_player == 0


def test_no_drawing_passes() -> None:
    s = state("all-sevens", ["6-6 2-2", "3-3 4-4"], "5-5 2-0")
    s.push(lay("6-6"))
    assert s.legal_moves() == [Action.pass_()]
    assert said(s.explain(Action.draw())) == "this rule set has no drawing"


def test_lay_or_draw_keeps_a_reserve_of_two() -> None:
    s = state("family", ["6-6 2-2", "3-3 6-1"], "5-5 2-0 4-0")
    s.push(lay("6-6"))
    # Player 1 could lay 6-1 but may draw instead; drawing ends the turn.
    assert Action.draw() in s.legal_moves()
    s.push(Action.draw())
    assert s.current_player == 0 and s.boneyard_count == 2
    assert s.legal_moves() == [Action.pass_()]  # 2-2 does not fit 6; two tiles stay
    assert said(s.explain(Action.draw())) == "the last 2 tiles of the boneyard are never drawn"


def test_free_drawing_then_must_lay() -> None:
    s = state("leyden", ["1-1 3-3", "6-1 2-2"], "5-5 4-4 6-6 2-0")
    s.push(lay("1-1"))
    moves = s.legal_moves()
    assert Action.draw() in moves and any(m.kind == "lay" for m in moves)
    s.push(Action.draw())
    s.push(Action.draw())
    assert s.current_player == 1 and s.drawable == 0
    assert Action.draw() not in s.legal_moves()
    assert Action.pass_() not in s.legal_moves()


# Leads -----------------------------------------------------------------------
def test_highest_double_draw_when_nobody_holds_a_double() -> None:
    s = state("matador", ["6-5 4-1", "5-3 2-0"], "6-4 3-1 2-2 6-6 0-0")
    assert s.legal_moves() == [Action.draw()] and s.current_player == 0
    s.push(Action.draw())  # seat 0 draws 6-4
    assert s.current_player == 1
    s.push(Action.draw())  # seat 1 draws 3-1
    s.push(Action.draw())  # seat 0 draws 2-2: the first double drawn leads
    assert s.current_player == 0 and s.legal_moves() == [lay("2-2", touch=2)]


def test_highest_double_redeal_and_six_six_redeal() -> None:
    s = state("all-sevens", ["6-5 4-1", "5-3 2-0"], "6-6 1-1")
    assert s.outcome is not None and s.outcome.end == "redeal"
    s = state("all-sevens", ["5-5 4-1", "5-3 2-0"], "6-6 1-1", lead="six-six-redeal")
    assert s.outcome is not None and s.outcome.end == "redeal"
    s = state("all-sevens", ["5-5 4-1", "6-6 2-0"], "6-3 1-1", lead="six-six-redeal")
    assert s.current_player == 1 and s.legal_moves() == [lay("6-6", touch=6)]


def test_highest_double_else_highest_tile() -> None:
    s = state("all-sevens", ["6-5 4-1", "5-3 6-4"], "", lead="highest-double-else-highest-tile")
    assert s.current_player == 0 and s.legal_moves() == [lay("6-5", touch=6)]


def test_leyden_first_round_without_a_double_is_redealt() -> None:
    s = state("leyden", ["0-0 6-5", "5-3 6-4"], "2-1 3-1 4-1 5-1")
    assert s.outcome is not None and s.outcome.end == "redeal"


def test_leyden_later_round_refusals_and_drawing_for_a_double() -> None:
    s = state("leyden", ["6-5 0-0", "5-3 6-4"], "2-2 3-1 4-1", opening=Opening("loser-double-not-blank", 1))
    assert s.current_player == 1
    assert s.legal_moves() == [Action.draw(), Action.refuse()]
    s.push(Action.draw())  # draws 2-2
    assert s.legal_moves() == [lay("2-2", touch=2), Action.refuse()]  # two stay in the boneyard
    s.push(Action.refuse())
    assert s.current_player == 0
    assert s.legal_moves() == [Action.refuse()]  # 0-0 cannot lead and nothing may be drawn
    s.push(Action.refuse())
    assert s.outcome is not None and s.outcome.end == "redeal"


def test_winner_leads_any_tile_next_round() -> None:
    rules = Rules.from_base("matador", 2, {"hand_size": 2})
    m = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], seed=3)
    m.next_round([[t("6-6"), t("1-0")], [t("5-5"), t("4-4")]], [t(x) for x in "6-1 5-2 4-3 3-3 2-2 1-1 0-0 6-5 6-4 6-3 6-2 6-0 5-4 5-3 5-1 5-0 4-2 4-1 4-0 3-2 3-1 3-0 2-1 2-0".split()])
    m.push(lay("6-6"))
    while not m.round.over:
        moves = m.round.legal_moves()
        m.push(moves[0])
    winner = m.round.outcome.winner if m.round.outcome else None
    assert winner is not None
    nxt = m.next_round()
    assert nxt.current_player == winner
    assert len(nxt.legal_moves()) == nxt.hand_count(winner)


# Scoring, ties and the match ------------------------------------------------
def blocked_round(base: str, hands: list[str], **options: Any) -> RoundState:
    """Lead the first tile of hand 0, then pass until the round blocks."""
    s = state(base, hands, "", **options)
    s.push(s.legal_moves()[0])
    while not s.over:
        assert s.legal_moves() == [Action.pass_()]
        s.push(Action.pass_())
    return s


def test_blocked_scores_each_formula() -> None:
    hands = ["6-6 6-0", "5-5 2-0", "4-4 3-0"]  # nothing joins 6 but a 1: pips 6, 12, 11
    o = blocked_round("all-sevens", hands).outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", 0, (6, 12, 11), (23, 0, 0))
    o = blocked_round("matador", hands, matadors=False, drawing="none").outcome
    assert o is not None and o.scores == ((12 - 6) + (11 - 6), 0, 0)
    o = blocked_round("matador", hands, matadors=False, drawing="none", scoring="own-pips").outcome
    assert o is not None and o.scores == (6, 12, 11)
    o = blocked_round("matador", hands, matadors=False, drawing="none", scoring="both-hands").outcome
    assert o is not None and o.scores == (29, 0, 0)


def test_tied_block_scores_nothing_but_own_pips() -> None:
    hands = ["6-6 3-2", "5-0 0-0"]  # 5 pips each after the lead
    tie = blocked_round("all-sevens", hands).outcome
    assert tie is not None and (tie.winner, tie.pips, tie.scores) == (None, (5, 5), (0, 0))
    own = blocked_round("all-sevens", hands, scoring="own-pips").outcome
    assert own is not None and (own.winner, own.scores) == (None, (5, 5))


def test_domino_scores() -> None:
    s = state("matador", ["6-6 6-1", "5-5 2-0"], "")
    s.push(lay("6-6"))
    s.push(Action.pass_())
    s.push(lay("6-1", "E", 6))
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.scores) == ("domino", 0, (12, 0))


def test_match_end_rules() -> None:
    from game.engine.match import match_result

    wins = Rules.from_base("matador", 2)
    assert match_result(wins, [99, 50], 3) == (False, None)
    assert match_result(wins, [101, 50], 3) == (True, 0)
    loses = Rules.from_base("leyden", 2)
    assert match_result(loses, [100, 50], 3) == (True, 1)
    assert match_result(loses, [120, 105], 3) == (True, 1)
    assert match_result(loses, [110, 110], 3) == (True, "draw")
    lowest = Rules.from_base("wild-doubles", 3)
    assert match_result(lowest, [100, 40, 40], 3) == (True, "draw")
    assert match_result(lowest, [100, 40, 60], 3) == (True, 1)
    single = Rules.from_base("matador", 2, {"target_score": None})
    assert match_result(single, [0, 0], 1) == (True, "draw")
    assert match_result(single, [12, 0], 1) == (True, 0)


def test_invalid_combinations_are_refused_with_a_reason() -> None:
    from game.engine import RuleError

    for base, players, options, words in (
        ("leyden", 3, None, "exactly 2"),
        ("matador", 4, {"hand_size": 8}, "need 32 tiles"),
        ("family", 8, {"tile_set": "double-six"}, "has only 28"),
        ("all-sevens", 2, {"crosswise": True}, "crosswise matadors need matadors"),
        ("matador", 2, {"layout": "cross-sides-first"}, "winner cannot lead any tile"),
        ("matador", 2, {"drawing": "sometimes"}, "option drawing must be one of"),
        ("matador", 2, {"colour": "red"}, "unknown option"),
    ):
        with pytest.raises(RuleError) as err:
            Rules.from_base(base, players, options)
        assert words in error_text(err.value), (base, error_text(err.value))


def test_tile_names() -> None:
    assert tile_name(t("1-6")) == "6-1"
    with pytest.raises(ValueError):
        t("7-1") if False else parse_tile("7-1", 6)
