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

from game.engine import Action, IllegalMoveError, Match, PlayerInfo, RuleError, Rules, parse_tile
from game.engine.match import match_result, opening_after
from game.engine.rules import RULE_SETS
from game.engine.state import Opening, RoundState
from game.engine.tiles import HALVES, tile_name


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
    text = s.explain(action)
    assert text is not None, f"{action} was accepted"
    with pytest.raises(IllegalMoveError) as err:
        s.push(action)
    assert str(err.value) == text
    return text


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
