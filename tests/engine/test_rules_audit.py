"""An audit of the engine against shared/RULES.md, rule by rule.

Organised by the sections of RULES.md; every test names the rule it pins and
cites its section. Deals are scripted (hands and boneyard written out), so each
outcome is known in advance. The first part is an independent reference: the
legal-move list and the round's end and scores written straight from the text
of RULES.md, compared with the engine over random play in every rule set.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine import Action, IllegalMoveError, Match, OpenEnd, PlayerInfo, Refusal, RuleError, Rules, SeatView, parse_tile
from game.engine.match import match_result, opening_after
from game.engine.rules import RULE_SETS
from game.engine.state import Opening, RoundState
from game.engine.tiles import HALVES, tile_name
from game.words.ends import needs_text
from game.words.refusals import error_text, refusal_text


def t(name: str) -> int:
    return parse_tile(name)


def state(
    base: str,
    hands: list[str],
    boneyard: str = "",
    opening: Opening | None = None,
    **options: Any,
) -> RoundState:
    """A round with exactly these hands (space-separated tiles) and boneyard (drawing order)."""
    rules = Rules.from_base(base, len(hands), options or None)
    tiles = [[t(x) for x in h.split()] for h in hands]
    bone = [t(x) for x in boneyard.split()]
    return RoundState(rules, tiles, bone, opening or Opening(rules.lead))


def lay(name: str, arm: str | None = None, touch: int | None = None, **kw: Any) -> Action:
    return Action.lay(t(name), arm, touch, **kw)


def moves(s: RoundState) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def play(s: RoundState, *actions: Action) -> RoundState:
    for a in actions:
        s.push(a)
    return s


def reason(s: RoundState, action: Action) -> str:
    """Why ``action`` is refused, in the words the player reads (the engine gives a code)."""
    refusal = s.explain(action)
    assert refusal is not None, f"{action} was accepted"
    with pytest.raises(IllegalMoveError) as err:
        s.push(action)
    assert err.value.refusal == refusal
    return refusal_text(refusal)


def said(refusal: Refusal | None) -> str | None:
    return None if refusal is None else refusal_text(refusal)


def label(s: RoundState | SeatView, end: OpenEnd) -> str:
    """What the table writes at an open end ("needs 4")."""
    return needs_text(end.values, s.rules.target, s.rules.matadors, s.rules.wild_doubles)


# ---------------------------------------------------------------------------
# An independent reading of RULES.md: the legal-move list (section 3: "every
# tile ... every place it could go, and for a matador the in-line and crosswise
# choices"), written from the text and not from the engine's tables.
# ---------------------------------------------------------------------------
def ref_end(s: RoundState, arm: str) -> tuple[int, ...]:
    """What an arm's end shows, from the tiles on the table (section 1)."""
    rules = s.rules
    on_arm = [p for p in s.placements if p.arm == arm]
    lead = s.placements[0]
    value: tuple[int, ...]
    if arm == "W":
        value = (lead.inner,)
    elif arm == "E":
        value = (lead.outer,)
    else:
        spinner = s.spinner
        assert spinner is not None, arm
        value = (spinner.value,)  # a spinner's sides show its value
    for p in on_arm:
        if p.across:
            value = tuple(sorted(HALVES[p.tile], reverse=True))
        elif rules.wild_doubles and p.double:
            pass  # section 2.6: the end keeps the value it showed before the double
        else:
            value = (p.outer,)
    return value


def ref_arms(s: RoundState) -> list[str]:
    """The arms that may be played now (section 1, Layouts)."""
    layout = s.rules.layout
    length = {a: 0 for a in ("W", "E", "N", "S", "WN", "WS", "EN", "ES")}
    for p in s.placements[1:]:
        assert p.arm is not None
        length[p.arm] += 1
    if layout == "cross-sides-first":
        empty = [a for a in ("N", "S") if length[a] == 0]
        return empty or ["W", "E", "N", "S"]
    if layout == "cross-complete":
        empty = [a for a in ("W", "E", "N", "S") if length[a] == 0]
        return empty or ["W", "E", "N", "S"]
    arms = ["W", "E"]
    if layout == "first-double-spinner":
        doubles = [p for p in s.placements if p.double]
        if doubles:
            first = doubles[0]  # the first double to reach the table
            if first.arm is None:
                if length["W"] and length["E"]:
                    arms += ["N", "S"]
            elif length[first.arm] > first.index + 1:  # both of its ends joined
                arms += [first.arm + "N", first.arm + "S"]
    return arms


def ref_lays(s: RoundState) -> list[str]:
    rules = s.rules
    seat = s.current_player
    assert seat is not None
    target = rules.target
    out = []
    for tile in sorted(s.hand(seat)):
        a, b = HALVES[tile]
        matador = rules.matadors and (a + b == target or a == b == 0)
        name = tile_name(tile)
        for arm in ref_arms(s):
            values = ref_end(s, arm)
            if len(values) == 2:  # a crosswise end: the player picks the value to join
                for j in values:
                    if matador:
                        out.append(f"lay {name} on {arm} touch {a} joins {j}")
                        if b != a:
                            out.append(f"lay {name} on {arm} touch {b} joins {j}")
                    elif target - j in (a, b):
                        out.append(f"lay {name} on {arm} touch {target - j} joins {j}")
                continue
            (v,) = values
            if matador:
                out.append(f"lay {name} on {arm} touch {a}")
                if b != a:
                    out.append(f"lay {name} on {arm} touch {b}")
                    if rules.crosswise:
                        out.append(f"lay {name} on {arm} across")
            elif rules.wild_doubles and a == b:
                out.append(f"lay {name} on {arm} touch {a}")
            elif v != 0 and target - v in (a, b):
                out.append(f"lay {name} on {arm} touch {target - v}")
    return out


def ref_moves(s: RoundState) -> list[str]:
    """Lays, then draw/pass as the drawing policy of section 1 allows."""
    lays = ref_lays(s)
    rules = s.rules
    left = s.boneyard_count
    may_draw = rules.drawing != "none" and left - rules.reserve > 0
    seat = s.current_player
    drew_this_turn = bool(s.history) and s.history[-1][0] == seat and s.history[-1][1].kind == "draw"
    if rules.drawing in ("lay-or-draw", "free"):
        return lays + ["draw 1"] if may_draw else (lays or ["pass"])
    if lays:
        return lays
    if rules.drawing == "until-playable" and may_draw:
        return ["draw 1"]
    if rules.drawing == "one-then-pass" and may_draw and not drew_this_turn:
        return ["draw 1"]
    return ["pass"]


def ref_outcome(s: RoundState) -> tuple[str, int | None, tuple[int, ...]]:
    """Who wins a finished round and what each seat scores (sections 1 and 2)."""
    assert s.outcome is not None
    pips = tuple(sum(sum(HALVES[x]) for x in s.hand(p)) for p in range(s.players))
    last_seat, last = s.history[-1]
    if last.kind == "lay" and not s.hand(last_seat):
        end, winner = "domino", last_seat
    else:
        # blocked: every seat passed once in succession
        tail = [a.kind for _, a in s.history[-s.players :]]
        assert tail == ["pass"] * s.players
        end = "blocked"
        low = min(pips)
        winner = pips.index(low) if pips.count(low) == 1 else None
    scoring = s.rules.scoring
    scores = [0] * s.players
    if scoring == "own-pips":
        scores = list(pips)
    elif winner is not None:
        others = [p for i, p in enumerate(pips) if i != winner]
        if scoring == "opponents-pips-less-own":
            scores[winner] = sum(others) if end == "domino" else sum(p - pips[winner] for p in others)
        elif scoring == "opponents-pips":
            scores[winner] = sum(others)
        else:
            scores[winner] = sum(pips)
    return end, winner, tuple(scores)


AUDITED: list[tuple[str, int, dict[str, Any]]] = [
    ("matador", 2, {}),
    ("matador", 4, {}),
    ("matador", 3, {"drawing": "one-then-pass"}),
    ("all-sevens", 2, {}),
    ("all-sevens", 3, {"layout": "first-double-spinner"}),
    ("all-sevens", 2, {"layout": "first-double-spinner", "matadors": True}),
    ("all-sevens", 4, {"lead": "highest-double-else-highest-tile", "hand_size": 5}),
    ("family", 3, {}),
    ("family", 6, {}),
    ("family", 8, {}),
    ("leyden", 2, {}),
    ("leyden-senst", 2, {}),
    ("wild-doubles", 3, {}),
    ("wild-doubles", 4, {}),
    ("matador", 2, {"crosswise": True, "layout": "first-double-spinner"}),
    ("family", 6, {"crosswise": True, "layout": "first-double-spinner"}),
    ("leyden", 2, {"layout": "cross-complete", "drawing": "until-playable", "reserve": 0}),
]


@pytest.mark.parametrize("base,players,options", AUDITED, ids=lambda x: str(x))
def test_legal_moves_and_outcomes_match_an_independent_reading(base: str, players: int, options: dict[str, Any]) -> None:
    """Sections 1, 2 and 3: every tile, every end, each touching half of a matador,
    in line or across, each value of a crosswise end; draws and passes as each policy
    allows; no duplicates, in a fixed order (tile, then arm, then touch); and the
    winner and scores of the round from the formulas of section 2."""
    rules = Rules.from_base(base, players, options or None)
    rng = random.Random(f"{base}{players}{options}")
    met: set[str] = set()
    for game in range(25):
        match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed=game)
        s = match.next_round()
        while not s.over:
            got = moves(s)
            assert len(set(got)) == len(got), f"duplicates in {got}"
            if s.phase == "play":
                want = ref_moves(s)
                assert got == want, f"game {game}: {s!r}"
                if any(" across" in m for m in got):
                    met.add("across")
                if any(" joins " in m for m in got):
                    met.add("joins")
                if any(m.startswith("lay") and m.split()[3] in ("WN", "WS", "EN", "ES", "N", "S") for m in got):
                    met.add("side arm")
            again = s.copy()
            assert moves(again) == got  # the same position always gives the same list
            s.push(s.legal_moves()[rng.randrange(len(got))])
        assert s.outcome is not None
        if s.outcome.end != "redeal":
            met.add(s.outcome.end)
            end, winner, scores = ref_outcome(s)
            assert (s.outcome.end, s.outcome.winner, s.outcome.scores) == (end, winner, scores)
    assert "domino" in met or "blocked" in met
    if rules.crosswise:
        assert {"across", "joins"} <= met
    if rules.layout != "line":
        assert "side arm" in met


def test_the_independent_reading_is_not_vacuous() -> None:
    """The reference above meets crosswise ends, spinner arms and both kinds of end
    (its own assertions); here: it disagrees with a wrong engine list."""
    s = state("matador", ["6-6 3-2", "5-2 4-4"], "1-1")
    s.push(lay("6-6"))
    assert ref_moves(s) == moves(s) == [
        "lay 5-2 on W touch 5",
        "lay 5-2 on W touch 2",
        "lay 5-2 on E touch 5",
        "lay 5-2 on E touch 2",
    ]


# Helpers for whole matches with scripted deals ------------------------------
def deal_of(hands: list[str], boneyard: str | None = None, top: int = 6) -> tuple[list[list[int]], list[int]]:
    """Hands as written; the boneyard as written, or every other tile of the set in index order."""
    tiles = [[t(x) for x in h.split()] for h in hands]
    if boneyard is not None:
        return tiles, [t(x) for x in boneyard.split()]
    used = {x for h in tiles for x in h}
    count = 28 if top == 6 else 55
    return tiles, [x for x in range(count) if x not in used]


def new_match(base: str, players: int, **options: Any) -> Match:
    rules = Rules.from_base(base, players, options or None)
    return Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed=7)


def run_out(m: Match, *actions: Action) -> RoundState:
    """Play the given actions, then pass until the round ends (each pass must be legal)."""
    s = m.round
    for a in actions:
        m.push(a)
    while not s.over:
        assert s.legal_moves() == [Action.pass_()], moves(s)
        m.push(Action.pass_())
    return s


# ---------------------------------------------------------------------------
# 1. Shared concepts
# ---------------------------------------------------------------------------
def test_tile_sets_and_their_targets() -> None:
    """Section 1, Tile sets: double-six is 28 tiles with target 7, double-nine 55 with target 10."""
    six = Rules.from_base("matador", 2)
    nine = Rules.from_base("family", 5)
    assert (len(six.all_tiles), six.target, nine.tile_set, len(nine.all_tiles), nine.target) == (
        28,
        7,
        "double-nine",
        55,
        10,
    )
    assert {tile_name(x) for x in six.all_tiles} == {f"{a}-{b}" for a in range(7) for b in range(a + 1)}


def test_matadors_of_each_tile_set() -> None:
    """Section 1, Matadors: 0-0 and every tile whose halves add up to the target."""
    six = Rules.from_base("matador", 2)
    nine = Rules.from_base("family", 5)
    assert sorted(tile_name(x) for x in six.all_tiles if six.is_matador(x)) == ["0-0", "4-3", "5-2", "6-1"]
    assert sorted(tile_name(x) for x in nine.all_tiles if nine.is_matador(x)) == [
        "0-0",
        "5-5",
        "6-4",
        "7-3",
        "8-2",
        "9-1",
    ]
    assert not any(Rules.from_base("all-sevens", 2).is_matador(x) for x in six.all_tiles)


NINE = "9-9 1-0 8-1 3-3 5-4|5-5 9-1 2-0 7-7 6-6|8-8 8-2 4-4 7-1 6-0|3-2 4-0 7-0 6-5 9-2|1-1 2-2 4-1 3-0 0-0"


def test_rule_of_the_target_with_double_nine() -> None:
    """Section 1, Rule of seven (of the target): with double-nine a 1 joins a 9
    (target 10), and 5-5, a matador, joins anything in line."""
    hands, bone = deal_of(NINE.split("|"), top=9)
    s = RoundState(Rules.from_base("family", 5), hands, bone, Opening("highest-double-draw"))
    assert moves(s) == ["lay 9-9 (lead, 9 facing W)"]  # 2.3: the highest double, 9-9
    s.push(lay("9-9"))
    assert moves(s) == [
        "lay 5-5 on W touch 5",
        "lay 5-5 on E touch 5",
        "lay 9-1 on W touch 9",
        "lay 9-1 on W touch 1",
        "lay 9-1 on E touch 9",
        "lay 9-1 on E touch 1",
        "draw 1",
    ]
    assert reason(s, lay("2-0", "E", 2)) == "2-0 cannot join E: the end shows 9 and needs 1, or a matador"
    s.push(lay("5-5", "E"))
    assert s.end_values("E") == (5,)
    assert [label(s, e) for e in s.open_ends()] == ["needs 1", "needs 5"]
    s.push(lay("8-2", "E", 8))  # a matador: the 2 is the new end
    assert s.end_values("E") == (2,)
    s.push(Action.draw())  # seat 3 holds 3-2 4-0 7-0 6-5 9-2: nothing joins 9 or 2 (needs 1 or 8)
    assert s.current_player == 4


def test_double_nine_matador_double_is_laid_in_line_only() -> None:
    """Section 1, Crosswise matadors: a double laid across changes nothing, so 5-5
    (a double-nine matador) is only laid in line; 9-1 may go across."""
    hands, bone = deal_of(NINE.split("|"), top=9)
    rules = Rules.from_base("family", 5, {"crosswise": True})
    s = RoundState(rules, hands, bone, Opening("highest-double-draw"))
    s.push(lay("9-9"))
    assert [m for m in moves(s) if "across" in m] == ["lay 9-1 on W across", "lay 9-1 on E across"]
    assert reason(s, lay("5-5", "E", across=True)) == "a double (5-5) is laid in line, not across"


LEYDEN_BONE = "3-0 6-3 4-4 5-2 6-2 5-4 3-2 4-1 6-0 5-1 1-0 5-0 6-4 4-2 2-1 5-3"


def leyden(hand0: str = "1-1 0-0 4-3 5-5 6-6 2-2", hand1: str = "3-3 6-1 2-0 4-0 3-1 6-5") -> RoundState:
    return state("leyden", [hand0, hand1], LEYDEN_BONE)


def test_double_blank_is_never_laid_across() -> None:
    """Section 1, Crosswise matadors: 0-0 is a matador but a double, so in line only."""
    s = play(leyden(), lay("1-1"), lay("6-5", "N", 6))
    assert moves(s) == [
        "lay 0-0 on S touch 0",
        "lay 4-3 on S touch 4",
        "lay 4-3 on S touch 3",
        "lay 4-3 on S across",
        "lay 6-6 on S touch 6",
        "draw 1",
    ]
    assert reason(s, lay("0-0", "S", across=True)) == "a double (0-0) is laid in line, not across"


def test_no_crosswise_matadors_where_the_rule_set_has_none() -> None:
    """Section 1 / 2.1: crosswise only where a rule set allows it (Matador: no)."""
    s = state("matador", ["6-6 4-3 2-2", "5-5 6-1 3-3"], "1-1 0-0")
    s.push(lay("6-6"))
    assert not any("across" in m for m in moves(s))
    assert reason(s, lay("6-1", "E", across=True)) == "this rule set does not lay matadors across"
    assert reason(s, lay("5-5", "E", across=True)) == "only a matador can be laid across, and 5-5 is not one"


def test_crosswise_end_offers_each_value_and_each_half_of_a_matador() -> None:
    """Section 1, Crosswise matadors: the end shows both halves; the next player chooses
    which to join (rule of seven with that half, or a matador, in line only)."""
    s = play(leyden("1-1 0-0 4-3 5-5 6-6 2-2", "3-3 6-1 4-4 4-0 3-1 6-5"), lay("1-1"), lay("6-5", "N", 6))
    s.push(lay("4-3", "S", across=True))
    (end,) = [e for e in s.open_ends() if e.arm == "S"]
    assert (end.values, label(s, end)) == ((4, 3), "needs 3 or 4")
    on_s = [m for m in moves(s) if " on S " in m]
    # Tiles in index order (3-1, 3-3, 4-0, 4-4, 6-1), higher value of the end first.
    assert on_s == [
        "lay 3-1 on S touch 3 joins 4",
        "lay 3-3 on S touch 3 joins 4",
        "lay 4-0 on S touch 4 joins 3",
        "lay 4-4 on S touch 4 joins 3",
        "lay 6-1 on S touch 6 joins 4",
        "lay 6-1 on S touch 1 joins 4",
        "lay 6-1 on S touch 6 joins 3",
        "lay 6-1 on S touch 1 joins 3",
    ]
    s.push(lay("6-1", "S", 1, joins=3))  # a matador joins either value with either half
    assert s.end_values("S") == (6,)
    assert s.placements[-1].joins == 3 and not s.placements[-1].across


def test_matador_across_on_a_blank_end() -> None:
    """Section 1: a matador may be played on any open end, blank ends included, and
    (where allowed) across: the blank end then shows both halves."""
    s = play(leyden("1-1 0-0 4-3 5-5 6-6 2-2", "3-3 6-1 2-0 4-0 3-1 6-5"), lay("1-1"), lay("6-5", "N", 6))
    s.push(lay("0-0", "S"))
    assert s.end_values("S") == (0,)
    assert {e.arm: label(s, e) for e in s.open_ends()}["S"] == "matador only"
    s.push(lay("6-1", "S", across=True))
    assert s.end_values("S") == (6, 1)
    assert [m for m in moves(s) if " on S " in m] == [
        "lay 4-3 on S touch 4 joins 6",
        "lay 4-3 on S touch 3 joins 6",
        "lay 4-3 on S touch 4 joins 1",
        "lay 4-3 on S touch 3 joins 1",
        "lay 6-6 on S touch 6 joins 1",
    ]


def test_wild_double_opens_a_blank_end_and_leaves_it_blank() -> None:
    """Section 2.6: a wild double may be laid on any open end (a blank one too) and the
    end keeps the value it showed before."""
    s = state("wild-doubles", ["6-6 1-0 5-4", "6-1 3-3 2-1"], "4-4 5-0 2-2")
    play(s, lay("6-6"), lay("6-1", "E", 1), lay("1-0", "E", 1))  # E shows 0
    assert {e.arm: label(s, e) for e in s.open_ends()} == {"W": "needs 1, or a double", "E": "doubles only"}
    assert moves(s) == ["lay 2-1 on W touch 1", "lay 3-3 on W touch 3", "lay 3-3 on E touch 3"]
    s.push(lay("3-3", "E"))
    assert s.end_values("E") == (0,)
    assert reason(s, lay("5-4", "E", 5)) == "5-4 cannot join E: the end is blank and no tile can join it"


def test_wild_double_that_also_adds_to_seven_still_changes_nothing() -> None:
    """Section 2.6: "the double changes nothing for the next tile", even 3-3 on a 4."""
    s = state("wild-doubles", ["5-4 6-3 1-0", "3-3 2-1 6-0"], "4-4 5-0 0-0", Opening("winner-any-tile", 0))
    s.push(lay("5-4"))  # W shows 5, E shows 4
    assert moves(s) == ["lay 2-1 on W touch 2", "lay 3-3 on W touch 3", "lay 3-3 on E touch 3"]
    s.push(lay("3-3", "E"))
    assert s.end_values("E") == (4,)
    assert moves(s) == ["lay 6-3 on E touch 3"]


def test_first_double_spinner_on_the_west_arm() -> None:
    """Section 1, Layouts (first-double spinner): the first double to reach the table is
    the spinner; its sides (WN, WS in RECORD.md) open once both its ends are joined."""
    s = state(
        "all-sevens", ["6-5 3-3 3-2 4-2", "4-1 2-0 5-0 4-0"], "", Opening("winner-any-tile", 0), layout="first-double-spinner"
    )
    play(s, lay("6-5"), lay("4-1", "W", 1))  # W shows 4
    s.push(lay("3-3", "W", 3))
    sp = s.spinner
    assert sp is not None and (sp.arm, sp.index, sp.value, sp.sides, sp.sides_open) == ("W", 1, 3, ("WN", "WS"), False)
    assert moves(s) == ["lay 2-0 on E touch 2", "lay 4-0 on W touch 4"]
    assert reason(s, lay("4-0", "WN", 4)) == "4-0 cannot go on WN: only W, E may be played now"
    s.push(lay("4-0", "W", 4))  # a tile beyond the spinner: both its ends are joined
    assert [(e.arm, e.values) for e in s.open_ends()] == [("W", (0,)), ("E", (5,)), ("WN", (3,)), ("WS", (3,))]
    assert moves(s) == ["lay 3-2 on E touch 2", "lay 4-2 on E touch 2", "lay 4-2 on WN touch 4", "lay 4-2 on WS touch 4"]


def test_only_the_first_double_is_a_spinner() -> None:
    """Section 1, Layouts: a later double is played in line like any tile."""
    s = state("all-sevens", ["3-3 6-6 5-5", "4-1 2-2 4-0"], "", layout="first-double-spinner")
    assert moves(s) == ["lay 6-6 (lead, 6 facing W)"]
    play(s, lay("6-6"))
    assert s.spinner is not None and s.spinner.arm is None
    assert moves(s) == ["lay 4-1 on W touch 1", "lay 4-1 on E touch 1"]
    play(s, lay("4-1", "W", 1), lay("3-3", "W", 3))  # W: 6-6, 4-1 (shows 4), 3-3 in line
    assert s.spinner is not None and s.spinner.arm is None
    assert s.end_values("W") == (3,) and [e.arm for e in s.open_ends()] == ["W", "E"]


SENST = ["6-6 1-0 2-1 3-1 5-5 4-4", "4-1 5-1 1-1 3-3 2-2 0-0"]


def test_complete_cross_four_tiles_against_the_spinner_first() -> None:
    """Section 1, Layouts / 2.5: the next four tiles go on the spinner's two sides and two
    ends in any order; only when the cross of five is complete may an arm grow."""
    hands, bone = deal_of(SENST)
    s = RoundState(Rules.from_base("leyden-senst", 2), hands, bone, Opening("highest-holder-any-double-not-blank"))
    assert moves(s) == [
        "lay 4-4 (lead, 4 facing W)",
        "lay 5-5 (lead, 5 facing W)",
        "lay 6-6 (lead, 6 facing W)",
        "draw 1",
        "refuse",
    ]
    s.push(lay("6-6"))
    assert [(e.arm, e.values) for e in s.open_ends()] == [("W", (6,)), ("E", (6,)), ("N", (6,)), ("S", (6,))]
    s.push(lay("4-1", "W", 1))
    assert [e.arm for e in s.open_ends()] == ["E", "N", "S"]
    assert reason(s, lay("2-1", "W", 1)) == "2-1 cannot go on W: only E, N, S may be played now"
    play(s, lay("2-1", "N", 1), lay("5-1", "E", 1))
    assert [e.arm for e in s.open_ends()] == ["S"]
    s.push(lay("3-1", "S", 1))
    assert [(e.arm, e.values) for e in s.open_ends()] == [("W", (4,)), ("E", (5,)), ("N", (2,)), ("S", (3,))]
    assert moves(s) == [
        "lay 0-0 on W touch 0",
        "lay 0-0 on E touch 0",
        "lay 0-0 on N touch 0",
        "lay 0-0 on S touch 0",
        "lay 2-2 on E touch 2",
        "lay 3-3 on W touch 3",
        "draw 1",
    ]


def test_sides_first_then_every_end() -> None:
    """Section 1, Layouts / 2.4: after the lead the next two tiles go on the spinner's
    sides, in either order; from then on every open end may be played."""
    s = leyden("1-1 0-0 4-3 5-5 6-6 2-2", "3-3 6-1 2-0 4-0 3-1 6-5")
    s.push(lay("1-1"))
    assert [e.arm for e in s.open_ends()] == ["N", "S"]
    assert reason(s, lay("6-5", "E", 6)) == "6-5 cannot go on E: only N, S may be played now"
    s.push(lay("6-5", "S", 6))
    assert [e.arm for e in s.open_ends()] == ["N"]
    s.push(lay("6-6", "N", 6))
    assert [(e.arm, e.values) for e in s.open_ends()] == [("W", (1,)), ("E", (1,)), ("N", (6,)), ("S", (5,))]


def test_play_goes_to_the_left_of_the_leader() -> None:
    """Section 1, Turn: play goes clockwise (seat + 1) from the leader."""
    s = state("matador", ["2-1 3-0", "6-6 4-0", "5-0 6-2"], "1-1 1-0")
    assert s.current_player == 1
    s.push(lay("6-6"))
    assert s.current_player == 2
    s.push(Action.draw())  # 5-0 and 6-2 cannot join 6: seat 2 draws 1-1, which can
    assert s.current_player == 2 and moves(s) == ["lay 1-1 on W touch 1", "lay 1-1 on E touch 1"]
    s.push(lay("1-1", "E"))
    assert s.current_player == 0


def test_a_player_with_a_legal_tile_may_not_pass_or_draw() -> None:
    """Section 1, Turn / Drawing policies (draw until playable)."""
    s = state("matador", ["6-6 2-2", "5-5 4-3"], "1-1 1-0")
    s.push(lay("6-6"))
    assert reason(s, Action.pass_()) == "you cannot pass while you hold a tile that can be laid"
    assert reason(s, Action.draw()) == "you cannot draw while you hold a tile that can be laid"


# Drawing policies -------------------------------------------------------------
def test_draw_one_then_pass_must_lay_a_playable_drawn_tile() -> None:
    """Section 1, Drawing (draw one, then pass): if the drawn tile is playable it must be laid."""
    s = state("matador", ["6-6 2-2", "3-3 4-4"], "1-1 5-5", drawing="one-then-pass")
    s.push(lay("6-6"))
    assert moves(s) == ["draw 1"]
    s.push(Action.draw())
    assert moves(s) == ["lay 1-1 on W touch 1", "lay 1-1 on E touch 1"]
    assert reason(s, Action.pass_()) == "you cannot pass while you hold a tile that can be laid"


def test_draw_until_playable_passes_on_an_empty_boneyard() -> None:
    """Section 1, Drawing (draw until playable): with the boneyard empty they pass."""
    s = state("matador", ["6-6 2-2", "3-3 4-4"], "5-5")
    play(s, lay("6-6"), Action.draw())
    assert s.current_player == 1 and moves(s) == ["pass"]
    assert reason(s, Action.draw()) == "the boneyard is empty"


def test_no_drawing_sets_the_rest_aside() -> None:
    """Section 1, Drawing (no drawing) / 2.2: tiles not dealt are set aside unseen."""
    s = state("all-sevens", ["6-6 2-2", "3-3 4-4"], "6-1 5-2")
    assert s.boneyard_count == 2 and s.drawable == 0 and s.reserve_count == 0
    s.push(lay("6-6"))
    assert moves(s) == ["pass"]


def test_lay_or_draw_forced_draw_ends_the_turn_and_two_stay() -> None:
    """Section 1, Drawing (lay or draw, reserve of 2): with no legal tile the player draws,
    willing or not, and the turn ends; the last two are never drawn; then they pass, and
    the round blocks only when nobody can lay or draw."""
    s = state("family", ["6-6 2-2", "3-3 4-4"], "5-5 5-0 2-0 4-0")
    s.push(lay("6-6"))
    assert moves(s) == ["draw 1"]
    s.push(Action.draw())  # seat 1 draws 5-5: the turn ends
    assert s.current_player == 0 and moves(s) == ["draw 1"]
    s.push(Action.draw())  # seat 0 draws 5-0
    assert (s.current_player, s.boneyard_count, s.drawable, s.reserve_count) == (1, 2, 0, 2)
    assert moves(s) == ["pass"]
    assert reason(s, Action.draw()) == "the last 2 tiles of the boneyard are never drawn"
    play(s, Action.pass_(), Action.pass_())
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", 0, (9, 24), (15, 0))


def test_lay_or_draw_a_player_who_can_lay_may_draw_instead() -> None:
    """Section 1, Drawing (lay or draw): "either lays a tile or ... draws one tile"."""
    s = state("family", ["6-6 2-2", "3-3 6-1"], "5-5 5-0 2-0")
    s.push(lay("6-6"))
    assert moves(s) == ["lay 6-1 on W touch 6", "lay 6-1 on W touch 1", "lay 6-1 on E touch 6", "lay 6-1 on E touch 1", "draw 1"]


def test_free_drawing_without_a_legal_tile_draws_until_one_or_the_reserve() -> None:
    """Section 1, Drawing (draw freely, reserve of 2): a player with no legal tile must draw
    until they have one; then they may lay it or draw more; at the reserve they pass."""
    s = state("leyden", ["1-1 3-3", "2-2 4-4"], "5-5 6-5 4-0 3-0 2-0")
    s.push(lay("1-1"))  # N and S show 1
    assert moves(s) == ["draw 1"]
    s.push(Action.draw())  # 5-5
    assert moves(s) == ["draw 1"]
    s.push(Action.draw())  # 6-5: playable
    assert moves(s) == ["lay 6-5 on N touch 6", "lay 6-5 on S touch 6", "draw 1"]
    s.push(Action.draw())  # 4-0: drawing on although a tile can be laid; 2 remain
    assert s.current_player == 1 and s.drawable == 0
    assert moves(s) == ["lay 6-5 on N touch 6", "lay 6-5 on S touch 6"]
    s.push(lay("6-5", "N", 6))
    assert moves(s) == ["pass"]  # seat 0 holds 3-3, nothing joins 1 or 5, two stay in the boneyard


def test_free_drawing_draws_any_number_in_one_action() -> None:
    """Section 1, Drawing (draw freely): any number of tiles, never the last two."""
    s = state("leyden", ["1-1 3-3", "2-2 6-4"], "5-5 6-5 4-0 3-0 2-0")
    s.push(lay("1-1"))
    s.push(Action.draw(3))
    assert s.hand_count(1) == 5 and s.current_player == 1
    assert said(s.explain(Action.draw(1))) == "the last 2 tiles of the boneyard are never drawn"
    s2 = state("leyden", ["1-1 3-3", "2-2 6-4"], "5-5 6-5 4-0 3-0 2-0")
    s2.push(lay("1-1"))
    assert said(s2.explain(Action.draw(4))) == "after drawing 3: the last 2 tiles of the boneyard are never drawn"


# End of a round, pip count, ties ---------------------------------------------
def test_domino_ends_the_round_at_once() -> None:
    """Section 1, End of a round: a player who lays their last tile dominoes."""
    s = state("matador", ["6-6 6-1", "5-5 3-3 0-0"], "4-4")
    play(s, lay("6-6"), lay("0-0", "E"), lay("6-1", "W", 1))
    o = s.outcome
    assert s.over and o is not None and (o.end, o.winner, o.pips, o.scores) == ("domino", 0, (0, 16), (16, 0))
    assert s.legal_moves() == [] and said(s.explain(Action.pass_())) == "the round is over"


def test_blocked_needs_every_player_to_pass_in_succession() -> None:
    """Section 1, End of a round: blocked when every player in turn has passed once in
    succession; a lay between passes starts the count again."""
    s = state("all-sevens", ["6-6 5-5", "2-2 3-3", "4-4 1-0"], "")
    s.push(lay("6-6"))
    play(s, Action.pass_(), lay("1-0", "W", 1), Action.pass_(), Action.pass_())
    assert not s.over  # seat 2 laid: three passes in a row are needed
    s.push(Action.pass_())
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", 2, (10, 10, 8), (0, 0, 20))


def test_pip_count_double_blank_counts_zero() -> None:
    """Section 1, Pip count: the sum of all halves; 0-0 counts 0."""
    s = state("all-sevens", ["6-6 0-0 5-0", "2-2 4-4"], "")
    assert (s.pips(0), s.pips(1)) == (17, 12)
    play(s, lay("6-6"), Action.pass_(), Action.pass_())
    o = s.outcome
    assert o is not None and (o.pips, o.winner, o.scores) == ((5, 12), 0, (12, 0))


def test_tied_block_then_the_same_leader_leads_any_tile() -> None:
    """Section 1, Ties (Decision): a tied block has no winner and no score; the player who
    led it leads the next round (here: the winner's "any tile" lead of 2.1)."""
    m = new_match("matador", 2, matadors=False, drawing="none", hand_size=2)
    m.next_round(*deal_of(["6-6 3-2", "5-0 0-0"]))
    s = run_out(m, lay("6-6"))
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", None, (5, 5), (0, 0))
    assert m.totals == [0, 0] and not m.over
    nxt = m.next_round(*deal_of(["2-1 3-0", "6-6 5-5"]))
    assert nxt.current_player == 0 and moves(nxt) == ["lay 2-1 (lead, 2 facing W)", "lay 3-0 (lead, 3 facing W)"]


def test_winner_leads_any_tile_and_may_face_either_half_west() -> None:
    """Section 2.1: next rounds, the previous round's winner leads any tile."""
    m = new_match("matador", 2, hand_size=2)
    m.next_round(*deal_of(["6-6 6-1", "5-5 2-0"], "4-4 3-3"))
    run_out(m, lay("6-6"), Action.draw(2), Action.pass_(), lay("6-1", "E", 6))
    assert m.round.outcome is not None and m.round.outcome.winner == 0
    nxt = m.next_round(*deal_of(["2-0 5-3", "6-6 5-5"]))
    assert nxt.current_player == 0 and moves(nxt) == ["lay 2-0 (lead, 2 facing W)", "lay 5-3 (lead, 5 facing W)"]
    nxt.push(Action.lay(t("5-3"), None, 3))  # a record may write "3-5": the 3 faces W
    assert nxt.end_values("W") == (3,) and nxt.end_values("E") == (5,)


# ---------------------------------------------------------------------------
# 2. Rule sets: the presets and their choices
# ---------------------------------------------------------------------------
PRESETS: list[tuple[str, int, dict[str, Any]]] = [
    ("matador", 2, {"tile_set": "double-six", "hand_size": 7, "matadors": True, "crosswise": False, "wild_doubles": False, "layout": "line", "drawing": "until-playable", "reserve": 0, "lead": "highest-double-draw", "next_lead": "winner-any-tile", "scoring": "opponents-pips-less-own", "target_score": 100, "match_end": "first-to-target-wins"}),
    ("matador", 3, {"hand_size": 5}),
    ("matador", 4, {"hand_size": 5}),
    ("all-sevens", 2, {"hand_size": 7, "matadors": False, "crosswise": False, "layout": "line", "drawing": "none", "reserve": 0, "lead": "highest-double-redeal", "next_lead": "winner-any-tile", "scoring": "opponents-pips", "target_score": 100, "match_end": "first-to-target-wins"}),
    ("all-sevens", 4, {"hand_size": 7}),
    ("family", 2, {"tile_set": "double-six", "hand_size": 7, "matadors": True, "crosswise": False, "layout": "line", "drawing": "lay-or-draw", "reserve": 2, "lead": "highest-double-draw", "next_lead": "as-first", "scoring": "opponents-pips-less-own", "target_score": 50, "match_end": "first-to-target-wins"}),
    ("family", 3, {"tile_set": "double-six", "hand_size": 5}),
    ("family", 4, {"tile_set": "double-six", "hand_size": 5}),
    ("family", 5, {"tile_set": "double-nine", "hand_size": 5}),
    ("family", 8, {"tile_set": "double-nine", "hand_size": 5}),
    ("leyden", 2, {"tile_set": "double-six", "hand_size": 6, "matadors": True, "crosswise": True, "wild_doubles": False, "layout": "cross-sides-first", "drawing": "free", "reserve": 2, "lead": "lowest-double-not-blank", "next_lead": "loser-double-not-blank", "scoring": "own-pips", "target_score": 100, "match_end": "first-to-target-loses"}),
    ("leyden-senst", 2, {"hand_size": 6, "matadors": True, "crosswise": True, "layout": "cross-complete", "drawing": "free", "reserve": 2, "lead": "highest-holder-any-double-not-blank", "next_lead": "winner-double-not-blank", "scoring": "both-hands", "target_score": 100, "match_end": "first-to-target-wins"}),
    ("wild-doubles", 2, {"tile_set": "double-six", "hand_size": 7, "matadors": False, "crosswise": False, "wild_doubles": True, "layout": "line", "drawing": "until-playable", "lead": "highest-double-else-highest-tile", "next_lead": "as-first", "scoring": "own-pips", "target_score": 100, "match_end": "lowest-when-target-reached"}),
    ("wild-doubles", 3, {"hand_size": 7}),
    ("wild-doubles", 4, {"hand_size": 5}),
]


@pytest.mark.parametrize("base,players,expected", PRESETS, ids=lambda x: str(x))
def test_rule_set_presets(base: str, players: int, expected: dict[str, Any]) -> None:
    """Sections 2.1-2.6 and 4: each rule set is a preset of every option id."""
    options = Rules.from_base(base, players).options()
    assert set(options) == {
        "players", "tile_set", "hand_size", "matadors", "crosswise", "wild_doubles", "layout", "drawing",
        "reserve", "lead", "next_lead", "scoring", "target_score", "match_end",
    }
    assert {k: options[k] for k in expected} == expected


def test_leyden_deal_leaves_sixteen_in_the_boneyard() -> None:
    """Section 2.4: two players, 6 tiles each, 16 in the boneyard."""
    from game.engine import deal

    hands, bone = deal(Rules.from_base("leyden", 2), 1, 0)
    assert [len(h) for h in hands] == [6, 6] and len(bone) == 16


def test_player_ranges_of_the_rule_sets() -> None:
    """Sections 2.1-2.6: Matador, All Sevens, Wild Doubles 2-4; Family 2-8; Leyden exactly 2."""
    ranges = {base: (info.min_players, info.max_players) for base, info in RULE_SETS.items()}
    sections = {"matador": (2, 4), "all-sevens": (2, 4), "family": (2, 8), "leyden": (2, 2), "leyden-senst": (2, 2), "wild-doubles": (2, 4)}
    for base, expected in sections.items():  # (each its section's; a rule set added since is checked by its own)
        assert ranges[base] == expected, base
    for base, players, words in (
        ("matador", 5, "Matador is for 2 to 4 players, not 5"),
        ("family", 9, "Family Matador is for 2 to 8 players, not 9"),
        ("leyden-senst", 3, "Leyden (Senst) is for exactly 2 players, not 3"),
        ("wild-doubles", 1, "Wild Doubles is for 2 to 4 players, not 1"),
    ):
        with pytest.raises(RuleError) as err:
            Rules.from_base(base, players)
        assert error_text(err.value) == words


CHOICES: list[tuple[str, int, dict[str, list[Any]]]] = [
    ("matador", 2, {"hand_size": [5, 6, 7, 8], "drawing": ["until-playable", "one-then-pass"], "target_score": [50, 100, 150, 200, None]}),
    ("matador", 4, {"hand_size": [5, 6, 7], "drawing": ["until-playable", "one-then-pass"], "target_score": [50, 100, 150, 200, None]}),
    ("all-sevens", 2, {"hand_size": [7, 8], "matadors": [False, True], "layout": ["line", "first-double-spinner"], "lead": ["highest-double-redeal", "six-six-redeal", "highest-double-else-highest-tile"], "target_score": [100, 50, 101, 150, 200]}),
    ("all-sevens", 3, {"hand_size": [5, 6, 7], "matadors": [False, True], "layout": ["line", "first-double-spinner"], "lead": ["highest-double-redeal", "six-six-redeal", "highest-double-else-highest-tile"], "target_score": [100, 50, 101, 150, 200]}),
    ("family", 6, {"target_score": [50, 100]}),
    ("leyden", 2, {}),
    ("leyden-senst", 2, {}),
    ("wild-doubles", 4, {"target_score": [100, 200]}),
]


@pytest.mark.parametrize("base,players,choices", CHOICES, ids=lambda x: str(x))
def test_custom_game_choices(base: str, players: int, choices: dict[str, list[Any]]) -> None:
    """Section 2: the values each rule set lists as a choice (4 players cannot hold 8
    tiles each from 28); every choice can be played."""
    got = RULE_SETS[base].choices_for(players)
    assert got == choices
    for key, values in got.items():
        for value in values:
            Rules.from_base(base, players, {key: value})


# 2.1 / 2.2 / 2.3 / 2.6: leads ------------------------------------------------
def test_holder_of_the_highest_double_leads_it() -> None:
    """Sections 2.1 and 2.3: the holder of the highest double lays it (not another double)."""
    s = state("family", ["5-5 6-1 1-1", "4-4 3-3 2-0", "0-0 6-2 3-1"], "6-6 2-2")
    assert s.current_player == 0 and moves(s) == ["lay 5-5 (lead, 5 facing W)"]
    assert reason(s, lay("1-1")) == "the round must open with 5-5"
    assert reason(s, lay("5-5", "E")) == "5-5 is the lead: it goes in the middle, not on E"


def test_family_every_round_opens_like_the_first() -> None:
    """Section 2.3: "Next rounds likewise": the highest double leads, whoever won."""
    m = new_match("family", 2, hand_size=2)
    m.next_round(*deal_of(["6-6 6-1", "5-5 2-0"], "4-4 3-3 2-2"))
    run_out(m, lay("6-6"), Action.draw(), lay("6-1", "E", 6))
    assert m.round.outcome is not None and m.round.outcome.winner == 0
    nxt = m.next_round(*deal_of(["2-1 3-0", "4-4 5-5"], "6-6 1-0"))
    assert nxt.current_player == 1 and moves(nxt) == ["lay 5-5 (lead, 5 facing W)"]


def test_family_nobody_holds_a_double_draw_for_one_keeps_no_reserve() -> None:
    """Section 2.3 ("the same no-double decision as 2.1"): seats draw in turn order from
    seat 0; the first double drawn leads."""
    s = state("family", ["6-5 4-1", "5-3 2-0", "6-0 3-1"], "6-4 5-4 1-0 3-3 6-6 2-2")
    assert moves(s) == ["draw 1"]
    play(s, Action.draw(), Action.draw(), Action.draw())  # 6-4, 5-4, 1-0
    assert s.current_player == 0
    s.push(Action.draw())  # seat 0 draws 3-3
    assert s.current_player == 0 and moves(s) == ["lay 3-3 (lead, 3 facing W)"]
    assert s.hand(0) == sorted(t(x) for x in "6-5 4-1 6-4 3-3".split())


def test_wild_doubles_lead_six_six_else_highest_double() -> None:
    """Section 2.6: the holder of 6-6, else of the highest double, else the highest tile."""
    s = state("wild-doubles", ["5-3 2-2", "6-6 0-0", "4-4 6-5"], "")
    assert s.current_player == 1 and moves(s) == ["lay 6-6 (lead, 6 facing W)"]
    s = state("wild-doubles", ["5-3 2-2", "6-1 0-0", "4-4 6-5"], "6-6")
    assert s.current_player == 2 and moves(s) == ["lay 4-4 (lead, 4 facing W)"]
    s = state("wild-doubles", ["5-3 2-1", "6-1 4-0", "5-4 6-2"], "6-6")
    assert s.current_player == 2 and moves(s) == ["lay 5-4 (lead, 5 facing W)"]  # 9 pips beat 6-2's 8


def test_highest_tile_decision_pip_total_then_higher_half() -> None:
    """Section 2.6 (Decision): highest by pip total, then by its higher half: 6-3 before 5-4."""
    s = state("wild-doubles", ["5-4 1-0", "3-1 6-3", "6-2 2-1"], "6-6")
    assert s.current_player == 1 and moves(s) == ["lay 6-3 (lead, 6 facing W)"]


def test_wild_doubles_every_round_opens_like_the_first() -> None:
    """Section 2.6: every round opens like the first."""
    rules = Rules.from_base("wild-doubles", 2)
    assert opening_after(rules, None) == Opening("highest-double-else-highest-tile")
    s = state("wild-doubles", ["6-6 6-1", "5-3 2-0"], "")
    play(s, lay("6-6"), Action.pass_(), lay("6-1", "E", 1))
    assert s.outcome is not None and s.outcome.winner == 0
    assert opening_after(rules, s) == Opening("highest-double-else-highest-tile")


def test_all_sevens_six_six_only() -> None:
    """Section 2.2 (lead choice): 6-6 only, redeal if nobody holds it; 6-6 leads even
    against a player who holds other doubles."""
    s = state("all-sevens", ["5-5 4-4", "6-6 2-0"], "3-3", lead="six-six-redeal")
    assert s.current_player == 1 and moves(s) == ["lay 6-6 (lead, 6 facing W)"]
    s = state("all-sevens", ["5-5 4-4", "6-5 2-0"], "6-6", lead="six-six-redeal")
    assert s.over and s.outcome is not None and s.outcome.end == "redeal"
    assert (s.outcome.winner, s.outcome.scores) == (None, (0, 0))


def test_all_sevens_highest_double_else_highest_tile_prefers_a_double() -> None:
    """Section 2.2 (lead choice 3): the highest double when there is one, even 0-0."""
    s = state("all-sevens", ["6-5 0-0", "5-4 6-4"], "", lead="highest-double-else-highest-tile")
    assert s.current_player == 0 and moves(s) == ["lay 0-0 (lead, 0 facing W)"]


def test_redealt_round_is_dealt_again_and_opens_the_same_way() -> None:
    """Section 2.2: "redeal if nobody holds one": the match deals a new round from its
    seed; no score is written and the next round opens as the redealt one would have."""
    m = new_match("all-sevens", 2, hand_size=2)
    first = m.next_round(*deal_of(["6-5 4-1", "5-3 2-0"]))
    assert first.outcome is not None and first.outcome.end == "redeal"
    assert m.totals == [0, 0] and m.needs_next_round and m.completed_rounds == []
    again = m.next_round(*deal_of(["4-4 4-1", "5-3 5-5"]))
    assert again.current_player == 1 and moves(again) == ["lay 5-5 (lead, 5 facing W)"]


# 2.4 Leyden and 2.5 Senst: leads, refusals, the next round ----------------------
def test_leyden_loser_leads_next_refusals_and_redeal() -> None:
    """Section 2.4: the loser of the previous round must lead a double other than 0-0;
    they may draw for one (keeping the reserve), or refuse; then the other player may
    lead on the same terms; if both refuse, all tiles are dealt again (and the same
    loser has the lead of the new deal)."""
    m = new_match("leyden", 2, hand_size=2)
    m.next_round(*deal_of(["1-1 6-1", "2-2 6-5"], "3-3 4-4 5-5"))
    run_out(m, lay("1-1"), lay("6-5", "N", 6), lay("6-1", "S", 6))
    o = m.round.outcome
    assert o is not None and (o.end, o.winner, o.scores) == ("domino", 0, (0, 4)) and m.totals == [0, 4]
    # Round 2: seat 1 lost and leads; seat 0 holds 6-6 but must wait.
    s = m.next_round(*deal_of(["6-6 6-2", "0-0 5-3"], "3-3 4-4 5-5 2-2"))
    assert s.current_player == 1 and moves(s) == ["draw 1", "refuse"]
    assert reason(s, lay("0-0")) == "the lead must be a double other than 0-0"
    m.push(Action.draw())  # 3-3
    assert s.current_player == 1 and moves(s) == ["lay 3-3 (lead, 3 facing W)", "draw 1", "refuse"]
    m.push(Action.draw())  # 4-4: two tiles remain, no more drawing
    assert moves(s) == ["lay 3-3 (lead, 3 facing W)", "lay 4-4 (lead, 4 facing W)", "refuse"]
    m.push(Action.refuse())
    assert s.current_player == 0 and moves(s) == ["lay 6-6 (lead, 6 facing W)", "refuse"]
    m.push(Action.refuse())
    assert s.outcome is not None and s.outcome.end == "redeal" and m.totals == [0, 4]
    s = m.next_round(*deal_of(["6-6 6-2", "1-1 5-3"], "3-3 4-4 5-5 2-2"))
    assert s.current_player == 1 and moves(s) == ["lay 1-1 (lead, 1 facing W)", "draw 1", "refuse"]
    m.push(Action.refuse())
    m.push(lay("6-6"))  # the other player leads on the same terms
    assert s.leader == 0 and s.spinner is not None and s.spinner.value == 6


def test_leyden_tied_block_the_same_player_leads_again() -> None:
    """Section 1, Ties (Decision) with 2.4: after a tied block the leader of that round
    leads again; each player still writes their own pips."""
    m = new_match("leyden", 2, hand_size=2)
    m.next_round(*deal_of(["1-1 5-4", "5-0 2-2"], "6-6 6-5"))  # the reserve of 2: no drawing
    s = run_out(m, lay("1-1"))
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", None, (9, 9), (9, 9))
    assert m.totals == [9, 9]
    nxt = m.next_round(*deal_of(["5-3 2-1", "4-4 2-2"], "6-6 6-5"))
    assert nxt.current_player == 0 and moves(nxt) == ["refuse"]


def test_leyden_first_round_lowest_double_other_than_blank() -> None:
    """Section 2.4: the holder of the lowest double other than 0-0 leads it; no refusal."""
    s = state("leyden", ["6-6 0-0 5-4", "3-3 2-2 6-1"], "4-4 1-1")
    assert s.current_player == 1 and moves(s) == ["lay 2-2 (lead, 2 facing W)"]
    assert reason(s, Action.refuse()) == "only the leader of a Leyden round may refuse to lead"


def test_senst_winner_leads_next_and_a_tie_keeps_the_leader() -> None:
    """Section 2.5 (Decision): later rounds are led by the previous round's winner on the
    same terms (any double but 0-0, draw, refuse); after a tied block the same player
    leads again."""
    rules = Rules.from_base("leyden-senst", 2)
    won = state("leyden-senst", ["2-2 6-2", "1-1 4-4"], "6-6 6-5")
    assert won.current_player == 1 and moves(won) == ["lay 1-1 (lead, 1 facing W)", "lay 4-4 (lead, 4 facing W)", "refuse"]
    play(won, lay("4-4"), Action.pass_(), Action.pass_())
    o = won.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", 1, (12, 2), (0, 14))
    assert opening_after(rules, won) == Opening("winner-double-not-blank", 1)
    tied = state("leyden-senst", ["2-2 6-2", "4-4 6-6"], "5-5 6-5")
    play(tied, lay("4-4"), Action.pass_(), Action.pass_())
    o = tied.outcome
    assert o is not None and (o.end, o.winner, o.pips, o.scores) == ("blocked", None, (12, 12), (0, 0))
    assert opening_after(rules, tied) == Opening("winner-double-not-blank", 1)
    nxt = RoundState(rules, [[t("3-3"), t("5-0")], [t("2-1"), t("0-0")]], [t("6-6"), t("6-5")], opening_after(rules, tied))
    assert nxt.current_player == 1 and moves(nxt) == ["refuse"]


# Scoring formulas --------------------------------------------------------------
@pytest.mark.parametrize(
    "base,options,scores",
    [
        ("matador", {"matadors": False, "drawing": "none"}, (22, 0, 0)),  # 2.1/2.3: all opponents' pips
        ("all-sevens", {}, (22, 0, 0)),  # 2.2: the pips left in the opponents' hands
        ("wild-doubles", {"drawing": "none"}, (0, 10, 12)),  # 2.4/2.6: own pips, 0 for who dominoes
        ("matador", {"matadors": False, "drawing": "none", "scoring": "both-hands"}, (22, 0, 0)),  # 2.5
    ],
)
def test_domino_scores_of_each_formula(base: str, options: dict[str, Any], scores: tuple[int, ...]) -> None:
    """Sections 2.1-2.6: the round score of a domino under each scoring id."""
    s = state(base, ["6-6 6-1", "5-3 2-0", "4-3 5-0"], "", **options)
    play(s, lay("6-6"), Action.pass_(), Action.pass_(), lay("6-1", "E", 1))
    o = s.outcome
    assert o is not None and (o.end, o.winner, o.pips) == ("domino", 0, (0, 10, 12))
    assert o.scores == scores


# Match totals and the end of a match ------------------------------------------
def test_totals_add_up_and_the_first_to_the_target_wins() -> None:
    """Section 2.1: first to the target (here 30) wins; totals run over the rounds."""
    m = new_match("matador", 2, hand_size=2, target_score=30)
    m.next_round(*deal_of(["6-6 6-1", "5-3 2-0"], "4-4 3-3"))
    run_out(m, lay("6-6"), Action.draw(2), Action.pass_(), lay("6-1", "E", 6))
    assert m.totals == [24, 0] and not m.over and m.winner is None
    s = m.next_round(*deal_of(["6-1 1-0", "5-5 3-3"], "4-4 2-2"))
    assert s.current_player == 0  # the winner leads any tile
    run_out(m, lay("1-0"), Action.draw(2), Action.pass_(), lay("6-1", "W", 6))
    assert m.totals == [52, 0] and m.over and m.winner == 0
    with pytest.raises(IllegalMoveError):
        m.next_round()


def test_leyden_first_to_the_target_loses() -> None:
    """Section 2.4: each player adds their own pips; the first to reach the target loses."""
    m = new_match("leyden", 2, hand_size=2, target_score=10)
    m.next_round(*deal_of(["1-1 6-1", "6-5 5-5"], "3-3 4-4 2-2"))
    run_out(m, lay("1-1"), lay("6-5", "N", 6), lay("6-1", "S", 6))
    assert m.totals == [0, 10] and m.over and m.winner == 0


@pytest.mark.parametrize("hands,totals,winner", [
    (["1-1 5-4", "5-0 3-3"], [9, 11], 0),  # both over: the lower total wins
    (["1-1 5-4", "5-0 2-2"], [9, 9], "draw"),  # equal totals at or over the target: drawn
])
def test_leyden_both_reach_the_target_in_one_round(hands: list[str], totals: list[int], winner: Any) -> None:
    """Section 2.4: if both reach the target in the same round, the lower total wins;
    equal totals at or over it: the match is drawn."""
    m = new_match("leyden", 2, hand_size=2, target_score=5)
    m.next_round(*deal_of(hands, "6-6 6-5"))
    run_out(m, lay("1-1"))
    assert m.totals == totals and m.over and m.winner == winner


def test_senst_first_to_the_target_wins_with_both_hands() -> None:
    """Section 2.5: the winner scores both hands' pips; the first to the target wins."""
    m = new_match("leyden-senst", 2, hand_size=2, target_score=14)
    m.next_round(*deal_of(["2-2 6-2", "1-1 4-4"], "6-6 6-5"))
    run_out(m, lay("4-4"))
    assert m.totals == [0, 14] and m.over and m.winner == 1


def test_wild_doubles_lowest_total_when_someone_reaches_the_target() -> None:
    """Section 2.6: when someone reaches the target the lowest total wins; equal lowest draw."""
    m = new_match("wild-doubles", 3, hand_size=2, drawing="none", target_score=12)
    m.next_round(*deal_of(["6-6 6-1", "5-3 2-0", "4-3 5-0"]))
    run_out(m, lay("6-6"), Action.pass_(), Action.pass_(), lay("6-1", "E", 1))
    assert m.totals == [0, 10, 12] and m.over and m.winner == 0
    assert match_result(m.rules, [12, 3, 3], 2) == (True, "draw")
    assert match_result(m.rules, [11, 3, 3], 2) == (False, None)


def test_one_round_only_is_won_by_the_round_winner() -> None:
    """Section 2.1 ("or one round only"): the match is that round; its winner wins the
    match even when the round scored nothing (a domino against a lone 0-0), and a tied
    block draws it. (The engine once called this a drawn match: totals 0 and 0.)"""
    m = new_match("matador", 2, hand_size=3, target_score=None)
    m.next_round(*deal_of(["6-6 6-4 4-2", "1-1 3-3 0-0"], "5-5 5-0"))
    run_out(m, lay("6-6"), lay("1-1", "W"), lay("6-4", "W", 6), lay("3-3", "W"), lay("4-2", "W", 4))
    assert m.round.outcome is not None and m.round.outcome.scores == (0, 0)
    assert m.over and m.winner == 0 and m.totals == [0, 0]
    tie = new_match("matador", 2, matadors=False, drawing="none", hand_size=2, target_score=None)
    tie.next_round(*deal_of(["6-6 3-2", "5-0 0-0"]))
    run_out(tie, lay("6-6"))
    assert tie.over and tie.winner == "draw"
    redeal = new_match("all-sevens", 2, hand_size=2, target_score=None)
    redeal.next_round(*deal_of(["6-5 4-1", "5-3 2-0"]))
    assert not redeal.over and redeal.needs_next_round


# ---------------------------------------------------------------------------
# 3. What a player sees, and readable reasons for refused moves
# ---------------------------------------------------------------------------
def test_refused_moves_say_why() -> None:
    """Section 3: "a clear reason when a move is refused"."""
    s = state("matador", ["6-6 3-2 1-0", "5-5 6-1 4-4"], "2-0 3-3")
    assert reason(s, lay("3-2")) == "the round must open with 6-6"
    s.push(lay("6-6"))
    assert reason(s, lay("3-2", "E", 3)) == "3-2 is not in your hand"
    assert reason(s, lay("5-5", "E")) == "5-5 cannot join E: the end shows 6 and needs 1, or a matador"
    assert reason(s, lay("6-1", "E")) == "say which half of the matador 6-1 touches E"
    assert reason(s, lay("6-1", "E", 5)) == "6-1 has no half 5"
    assert reason(s, lay("6-1", "N", 6)) == "6-1 cannot go on N: there is no such arm yet (open: W, E)"
    assert reason(s, lay("6-1", None, 6)) == "say where 6-1 goes: the lead is already on the table"
    assert reason(s, Action.lay(t("6-1"), "Q", 6)) == "there is no arm 'Q'"
    assert reason(s, Action.lay(t("9-9"), "E", 9)) == "9-9 is not a tile of this set"
    assert reason(s, Action.draw(0)) == "a draw takes at least 1 tile"
    assert reason(s, Action.refuse()) == "only the leader of a Leyden round may refuse to lead"
    assert reason(s, Action("fold")) == "unknown action 'fold'"


def test_crosswise_refusals_say_why() -> None:
    """Section 3 with 1 (crosswise): refusals at a crosswise end."""
    s = play(leyden("1-1 0-0 4-3 5-5 6-6 2-2", "3-3 6-1 4-4 4-0 3-1 6-5"), lay("1-1"), lay("6-5", "N", 6))
    s.push(lay("4-3", "S", across=True))
    assert reason(s, lay("6-1", "S", across=True)) == (
        "6-1 cannot be laid across S: the next tile on a crosswise matador goes in line"
    )
    assert reason(s, lay("6-1", "S")) == "say which half of 6-1 touches and which value of S it joins"
    # docs/rules.md: a matador whose joins is left out joins the higher value.
    assert s.copy()._normalize(lay("6-1", "S", 6)) == lay("6-1", "S", 6, joins=4)
    assert reason(s, lay("3-1", "S", 3, joins=5)) == "3-1 cannot join 5 on S: the end shows 4 and 3"
    assert reason(s, lay("3-1", "S", 1)) == "3-1 cannot join S: the end shows 4 and 3 and needs 3 or 4, or a matador"


def test_the_seat_view_shows_ends_spinner_boneyard_and_reserve() -> None:
    """Section 3: the open ends with what each needs (both values after a crosswise
    matador), the spinner and its arms, the boneyard count and the reserve."""
    s = play(leyden("1-1 0-0 4-3 5-5 6-6 2-2", "3-3 6-1 4-4 4-0 3-1 6-5"), lay("1-1"), lay("6-5", "N", 6))
    s.push(lay("4-3", "S", across=True))
    view = s.view(1)
    assert [(e.arm, e.values, label(view, e)) for e in view.open_ends()] == [
        ("W", (1,), "needs 6"),
        ("E", (1,), "needs 6"),
        ("N", (5,), "needs 2"),
        ("S", (4, 3), "needs 3 or 4"),
    ]
    assert view.spinner is not None and view.spinner.sides == ("N", "S") and view.spinner.sides_open
    assert sorted(view.arms()) == ["N", "S"]
    assert (view.boneyard_count, view.drawable, view.reserve_count) == (16, 14, 2)
    assert state("all-sevens", ["6-6", "5-5"], "1-1").view(0).reserve_count == 0


# ---------------------------------------------------------------------------
# 4. Option ids: values, limits and refused combinations
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "base,players,options,message",
    [
        ("wild-doubles", 2, {"matadors": True}, "wild doubles and matadors cannot be played together"),
        ("wild-doubles", 2, {"layout": "first-double-spinner"}, "wild doubles are played in a line layout only"),
        ("all-sevens", 2, {"layout": "cross-complete", "lead": "highest-double-else-highest-tile"}, "a cross layout must open with a double"),
        ("matador", 3, {"lead": "lowest-double-not-blank"}, "the Leyden lead (refusing, drawing for a double) is for exactly 2 players"),
        ("matador", 3, {"next_lead": "loser-double-not-blank"}, "the Leyden lead (refusing, drawing for a double) is for exactly 2 players"),
        ("family", 2, {"reserve": 1}, "option reserve must be 0 or 2, not 1"),
        ("matador", 2, {"target_score": 0}, "option target_score must be a whole number of at least 1, not 0"),
        ("matador", 2, {"hand_size": 0}, "option hand_size must be a whole number of at least 1, not 0"),
        ("matador", 2, {"players": 3}, "option players is 3 but the game has 2 players"),
        ("matador", 2, {"matadors": "yes"}, "option matadors must be true or false, not 'yes'"),
        ("matador", 2, {"tile_set": "double-twelve"}, "option tile_set must be one of double-six, double-nine, not 'double-twelve'"),
        ("matador", 2, {"hand_size": 15}, "2 hands of 15 need 30 tiles but the double-six set has only 28"),
        ("leyden", 2, {"crosswise": True, "matadors": False}, "crosswise matadors need matadors"),
        ("leyden", 2, {"next_lead": "winner-any-tile"}, "a cross layout must open with a double, so the winner cannot lead any tile"),
    ],
)
def test_refused_combinations_give_the_reason(base: str, players: int, options: dict[str, Any], message: str) -> None:
    """Section 4 (and docs/rules.md): combinations that cannot be played are refused with a reason."""
    with pytest.raises(RuleError) as err:
        Rules.from_base(base, players, options)
    assert error_text(err.value) == message


def test_every_option_value_of_section_4_is_accepted() -> None:
    """Section 4: every listed value of every option id is a value the engine takes."""
    values: dict[str, list[Any]] = {
        "tile_set": ["double-six", "double-nine"],
        "matadors": [True, False],
        "layout": ["line", "first-double-spinner", "cross-sides-first", "cross-complete"],
        "drawing": ["until-playable", "one-then-pass", "none", "lay-or-draw", "free"],
        "reserve": [0, 2],
        "lead": ["highest-double-draw", "highest-double-redeal", "six-six-redeal", "highest-double-else-highest-tile", "lowest-double-not-blank", "highest-holder-any-double-not-blank"],
        "next_lead": ["winner-any-tile", "loser-double-not-blank", "winner-double-not-blank", "as-first"],
        "scoring": ["opponents-pips-less-own", "opponents-pips", "own-pips", "both-hands"],
        "target_score": [50, 101, None],
        "match_end": ["first-to-target-wins", "first-to-target-loses", "lowest-when-target-reached"],
    }
    for key, vals in values.items():
        base = "leyden" if key == "layout" else "matador"  # Matador's winner leads any tile: no cross
        for value in vals:
            assert Rules.from_base(base, 2, {key: value}).options()[key] == value
    assert Rules.from_base("matador", 2, {"crosswise": True}).crosswise
    assert Rules.from_base("all-sevens", 2, {"wild_doubles": True}).wild_doubles
    assert Rules.from_base("leyden", 2).overrides() == {}
    assert Rules.from_base("leyden", 2, {"target_score": 50}).overrides() == {"target_score": 50}


# docs/rules.md decisions ------------------------------------------------------
def test_draw_for_the_lead_where_the_rules_never_draw() -> None:
    """docs/rules.md: `highest-double-draw` with `drawing: none`: the seats draw for the
    lead from the tiles set aside, and never again in the round."""
    s = state("all-sevens", ["6-5 4-1", "5-3 2-0"], "6-4 3-1 2-2 1-0", lead="highest-double-draw")
    play(s, Action.draw(), Action.draw(), Action.draw(), lay("2-2"))
    assert moves(s) == ["lay 5-3 on W touch 5", "lay 5-3 on E touch 5"]
    s.push(lay("5-3", "W", 5))
    assert s.boneyard_count == 1 and s.drawable == 0
    s.push(lay("4-1", "W", 4))  # W shows 1; seat 1 holds 2-0, which joins neither 1 nor 2
    assert moves(s) == ["pass"]
