"""The fast playout kernel (game/engine/fastplay.py) against RoundState.

A differential test: for the same deal and the same random stream, the kernel
must see the same number of legal actions at every step, take the same action
and reach the same outcome as RoundState. The stream protocol (the kernel's
docstring): with one legal action no random number is drawn, otherwise the
action at index ``int(rng.random() * n)`` of ``legal_moves()`` is taken.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from game.engine import RULE_SETS, Action, Rules
from game.engine import fastplay
from game.engine.match import deal
from game.engine.state import Opening, RoundState
from game.engine.tiles import DOUBLE

CUSTOM: list[tuple[str, dict[str, Any]]] = [
    ("all-sevens", {"layout": "first-double-spinner"}),
    ("all-sevens", {"layout": "first-double-spinner", "matadors": True, "hand_size": 5}),
    ("all-sevens", {"matadors": True, "lead": "six-six-redeal"}),
    ("all-sevens", {"lead": "highest-double-else-highest-tile", "hand_size": 5}),
    ("all-sevens", {"hand_size": 1}),
    ("matador", {"drawing": "one-then-pass"}),
    ("matador", {"drawing": "one-then-pass", "reserve": 2}),
    ("matador", {"reserve": 2, "hand_size": 5}),
    ("matador", {"drawing": "free", "reserve": 2}),
    ("matador", {"drawing": "free", "reserve": 2, "layout": "first-double-spinner"}),
    ("matador", {"lead": "highest-double-else-highest-tile", "drawing": "lay-or-draw"}),
    ("matador", {"layout": "cross-sides-first", "crosswise": True, "next_lead": "as-first"}),
    ("matador", {"layout": "cross-complete", "next_lead": "as-first", "lead": "six-six-redeal"}),
    ("matador", {"crosswise": True, "layout": "first-double-spinner"}),
    ("family", {"crosswise": True, "drawing": "lay-or-draw"}),
    ("family", {"crosswise": True, "drawing": "until-playable", "reserve": 0}),
    ("leyden", {"layout": "cross-complete"}),
    ("leyden", {"crosswise": False, "drawing": "until-playable", "reserve": 0}),
    ("leyden-senst", {"layout": "cross-sides-first", "drawing": "one-then-pass"}),
    ("wild-doubles", {"drawing": "none"}),
    ("wild-doubles", {"drawing": "free", "reserve": 2}),
]


def configs() -> list[tuple[str, int, dict[str, Any]]]:
    out: list[tuple[str, int, dict[str, Any]]] = []
    for base, info in RULE_SETS.items():
        for players in range(info.min_players, info.max_players + 1):
            out.append((base, players, {}))
    for base, options in CUSTOM:
        for players in (2, 3, 4):
            if players <= RULE_SETS[base].max_players and (players == 2 or options.get("hand_size", 5) * players <= 28):
                try:
                    Rules.from_base(base, players, options)
                except Exception:
                    continue
                out.append((base, players, options))
    return out


def reference(
    rules: Rules, hands: list[list[int]], boneyard: list[int], opening: Opening, rng: random.Random
) -> tuple[tuple[Any, ...], list[tuple[int, Action]]]:
    """Drive RoundState with the kernel's random stream protocol."""
    state = RoundState(rules, hands, boneyard, opening)
    return finish(state, rng)


def finish(state: RoundState, rng: random.Random) -> tuple[tuple[Any, ...], list[tuple[int, Action]]]:
    trace: list[tuple[int, Action]] = []
    while not state.over:
        moves = state.legal_moves()
        n = len(moves)
        action = moves[0] if n == 1 else moves[int(rng.random() * n)]
        trace.append((n, action))
        state.push_unchecked(action)
    outcome = state.outcome
    assert outcome is not None
    return (outcome.end, outcome.winner, outcome.pips, outcome.scores), trace


def deals(rules: Rules, seed: int, count: int) -> list[tuple[list[list[int]], list[int], Opening]]:
    """Random deals, some rigged so that nobody (or nobody but the boneyard) holds a
    double or 6-6, with every opening the rules can meet."""
    openings = [Opening(rules.lead)]
    if rules.next_lead != "as-first":
        openings += [Opening(rules.next_lead, seat) for seat in range(rules.players)]
    out = []
    for i in range(count):
        hands, boneyard = deal(rules, seed, i)
        if i % 4 in (1, 2):
            banned = {27} if i % 4 == 1 else {t for t in rules.all_tiles if DOUBLE[t]}
            spare = [t for t in boneyard if t not in banned]
            for hand in hands:
                for k, t in enumerate(hand):
                    if t in banned and spare:
                        swap = spare.pop()
                        hand[k] = swap
                        boneyard[boneyard.index(swap)] = t
                hand.sort()
        out.append((hands, boneyard, openings[i % len(openings)]))
    return out


SEEN: Counter[str] = Counter()
COMPARED: set[tuple[str, int, str]] = set()  # the configurations whose games are in SEEN


def note(trace: list[tuple[int, Action]], outcome: tuple[Any, ...], rules: Rules) -> None:
    """Count the situations met, to show the comparison is not vacuous."""
    SEEN[outcome[0]] += 1
    for n, action in trace:
        SEEN["choice" if n > 1 else "forced"] += 1
        SEEN[action.kind] += 1
        if action.kind == "lay" and action.arm is None and any(a.kind == "draw" for _, a in trace[:1]):
            SEEN["led after drawing"] += 1
        if action.across:
            SEEN["across"] += 1
        if action.joins is not None:
            SEEN["joins a crosswise end"] += 1
        if action.arm is not None and len(action.arm) == 2:
            SEEN["spinner on an arm"] += 1
    if rules.layout == "first-double-spinner" and any(a.arm in ("N", "S") for _, a in trace):
        SEEN["spinner on the lead"] += 1


def games_of(base: str, players: int, options: dict[str, Any]) -> tuple[Rules, list[tuple[list[list[int]], list[int], Any]]]:
    """The rules and the deals the differential test plays for one configuration."""
    rules = Rules.from_base(base, players, options or None)
    return rules, deals(rules, 17 + players, 240 if not options else 120)


@pytest.mark.parametrize("base,players,options", configs(), ids=lambda x: str(x))
def test_same_counts_actions_and_outcome_as_round_state(base: str, players: int, options: dict[str, Any]) -> None:
    rules, games = games_of(base, players, options)
    for k, (hands, boneyard, opening) in enumerate(games):
        want, want_trace = reference(rules, [h[:] for h in hands], boneyard[:], opening, random.Random(k))
        trace: fastplay.Trace = []
        got = fastplay.play_random_round(rules, hands, boneyard, opening, random.Random(k), trace)
        got_trace = [(n, fastplay.decode(code)) for n, code in trace]
        if got_trace != want_trace:
            step = next(i for i, (x, y) in enumerate(zip(got_trace, want_trace)) if x != y) if len(got_trace) == len(
                want_trace
            ) else min(len(got_trace), len(want_trace))
            pytest.fail(
                f"game {k} ({opening}): step {step}: kernel {got_trace[step:step + 1]} "
                f"RoundState {want_trace[step:step + 1]}"
            )
        assert got == want, f"game {k} ({opening})"
        note(want_trace, want, rules)
    COMPARED.add((base, players, repr(options)))


def test_the_comparison_met_every_situation() -> None:
    """Every kind of action and end was among the games the differential test compares.
    Configurations it did not run in this process (another worker had them, or only
    this test was asked for) are played here by RoundState alone, on the same deals."""
    for base, players, options in configs():
        if (base, players, repr(options)) in COMPARED:
            continue
        rules, games = games_of(base, players, options)
        for k, (hands, boneyard, opening) in enumerate(games):
            want, want_trace = reference(rules, [h[:] for h in hands], boneyard[:], opening, random.Random(k))
            note(want_trace, want, rules)
        COMPARED.add((base, players, repr(options)))
    for what in (
        "domino",
        "blocked",
        "redeal",
        "draw",
        "pass",
        "refuse",
        "across",
        "joins a crosswise end",
        "spinner on an arm",
        "spinner on the lead",
        "led after drawing",
        "choice",
    ):
        assert SEEN[what] > 0, f"never compared: {what}"


@pytest.mark.parametrize("base,players,options", configs()[::2], ids=lambda x: str(x))
def test_playouts_from_any_position_match_round_state(base: str, players: int, options: dict[str, Any]) -> None:
    rules = Rules.from_base(base, players, options or None)
    rng = random.Random(5)
    for k, (hands, boneyard, opening) in enumerate(deals(rules, 3, 60)):
        state = RoundState(rules, hands, boneyard, opening)
        for _ in range(rng.randrange(40)):
            if state.over:
                break
            state.push_unchecked(rng.choice(state.legal_moves()))
        if state.over:
            with pytest.raises(ValueError):
                fastplay.from_state(state)
            continue
        position = fastplay.from_state(state)
        trace: fastplay.Trace = []
        got = position.playout(random.Random(k), trace)
        want, want_trace = finish(state.copy(), random.Random(k))
        assert [(n, fastplay.decode(c)) for n, c in trace] == want_trace, f"game {k}"
        assert got == want
        assert position.playout(random.Random(k)) == got, "a playout must leave its position as it was"


NUMPY = [False] + ([True] if fastplay.has_numpy() else [])


@pytest.mark.parametrize("use_numpy", NUMPY)
def test_random_games_are_reproducible_and_plausible(use_numpy: bool) -> None:
    for base, info in RULE_SETS.items():
        for players in {info.min_players, info.max_players}:
            rules = Rules.from_base(base, players)
            dominoes = fastplay.random_games(rules, 300, seed=4, use_numpy=use_numpy)
            assert dominoes == fastplay.random_games(rules, 300, seed=4, use_numpy=use_numpy)
            assert 0 < dominoes <= 300, (base, players)


@pytest.mark.parametrize("use_numpy", NUMPY)
def test_random_deals_are_whole_and_look_uniform(use_numpy: bool) -> None:
    for base, players in (("matador", 2), ("family", 8), ("leyden", 2)):
        rules = Rules.from_base(base, players)
        every = (1 << len(rules.all_tiles)) - 1
        seen_first = Counter[int]()
        count = 2100
        for hands, boneyard in fastplay.random_deals(rules, count, seed=9, use_numpy=use_numpy):
            assert len(hands) == players and all(h.bit_count() == rules.hand_size for h in hands)
            assert len(boneyard) == len(rules.all_tiles) - players * rules.hand_size
            union = 0
            for part in [*hands, *boneyard]:
                assert not union & part, "a tile dealt twice"
                union |= part
            assert union == every
            seen_first[boneyard[0].bit_length() - 1] += 1
        # the first tile drawn is any tile with equal chance: a loose check
        expected = count / len(rules.all_tiles)
        assert len(seen_first) == len(rules.all_tiles)
        assert max(seen_first.values()) < 2.5 * expected and min(seen_first.values()) > expected / 3


def test_decode_names_every_kind_of_action() -> None:
    assert fastplay.decode(fastplay.DRAW) == Action.draw()
    assert fastplay.decode(fastplay.PASS) == Action.pass_()
    assert fastplay.decode(fastplay.REFUSE) == Action.refuse()
    assert fastplay.decode(fastplay.lead_code(27)) == Action.lay(27, None, 6)


def test_bench_engine_quick_json_is_one_object() -> None:
    """``python -m game bench engine --quick --json``: a smoke test (figures never asserted)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "game", "bench", "engine", "--quick", "--json"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["unit"] == "games/s" and result["cores"] >= 1
    for base, info in RULE_SETS.items():
        counts = sorted(p for p in {2, 4, info.max_players} if info.min_players <= p <= info.max_players)
        assert sorted(int(p) for p in result["results"][base]) == counts
        assert all(rate > 0 for rate in result["results"][base].values())
    assert result["reference_round_state_one_core"]["matador"]["2"] > 0
