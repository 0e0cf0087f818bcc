"""The coach's reasons are true of the position.

The explainer sees only the seat's view. Here every sentence it writes for
pairs of actions in many real positions is checked against the full position,
hidden hands included: what it says the next player cannot hold, that player
really does not hold; the pips, matadors and ends it names are those of the
actions; and a sentence it cannot back with a fact quotes the playouts.
"""

from __future__ import annotations

import random
import re

from game.ai import make_player
from game.ai.reasons import Explainer
from game.engine import Action, Match, PlayerInfo, RoundState, Rules, parse_tile, tile_name
from game.engine.tiles import HALVES, PIPS

PATTERNS = {
    "goes out": re.compile(r"goes out and wins the round"),
    "matador": re.compile(r"keeps your (matador|wild double) (\d-\d) for later"),
    "blank": re.compile(r"leaves only blank ends, which only a matador can open(?: \(you hold (\d+)\))?"),
    "known": re.compile(r"leaves an end showing (\d), and (\w+) is known to have no (\d)"),
    "none left": re.compile(r"leaves an end showing (\d), and no (\d) is left for (\w+)"),
    "answers": re.compile(r"leaves ends (\w+) can answer with fewer tiles"),
    "sheds": re.compile(r"sheds (\d+) pips?(?:, against (\d+) for| instead of)"),
    "follow": re.compile(r"keeps an end showing (\d) open for your (\d-\d)"),
    "kept": re.compile(r"keeps (\d-\d) in your hand"),
    "tiles": re.compile(r"leaves you (\d+) tiles? in hand instead of (\d+)"),
    "shown": re.compile(r"leaves (.+) showing"),
    "playouts": re.compile(r"works out better over the rest of the round: a (\d+)% chance of winning, against (\d+)% for"),
}


def after(state: RoundState, action: Action) -> RoundState:
    copy = state.copy()
    copy.push_unchecked(action)
    return copy


def ends_of(state: RoundState) -> list[int]:
    return [v for end in state.open_ends() for v in end.values]


def plain_with(state: RoundState, number: int, special: int) -> int:
    return sum(1 << t for t in state.rules.all_tiles if number in HALVES[t] and not special >> t & 1)


def check(state: RoundState, sentence: str, played: Action, best: Action, names: list[str]) -> set[str]:
    """Every phrase of ``sentence`` checked against the full position; the kinds found."""
    seat = state.current_player
    assert seat is not None
    nxt = (seat + 1) % state.players
    rules = state.rules
    special = rules.matador_mask | (
        sum(1 << t for t in rules.all_tiles if HALVES[t][0] == HALVES[t][1]) if rules.wild_doubles else 0
    )
    found: set[str] = set()
    best_after = after(state, best) if best.kind == "lay" else state
    for kind, pattern in PATTERNS.items():
        m = pattern.search(sentence)
        if not m:
            continue
        found.add(kind)
        if kind == "goes out":
            assert best.kind == "lay" and best_after.hands[seat] == 0
        elif kind == "matador":
            tile = parse_tile(m.group(2))
            assert played.tile == tile and special >> tile & 1
            assert best.tile is None or not special >> best.tile & 1
        elif kind == "blank":
            assert ends_of(best_after) and all(v == 0 for v in ends_of(best_after))
            if m.group(1):
                assert (best_after.hands[seat] & rules.matador_mask).bit_count() == int(m.group(1))
        elif kind == "known":
            value, name, need = int(m.group(1)), m.group(2), int(m.group(3))
            assert name == names[nxt] and value + need == rules.target and value in ends_of(best_after)
            assert not state.hands[nxt] & plain_with(state, need, special), "the next hand does hold one"
        elif kind == "none left":
            value, need = int(m.group(1)), int(m.group(2))
            assert value in ends_of(best_after)
            assert not state.hands[nxt] & plain_with(state, need, special)
            assert not sum(1 << t for t in state.boneyard[state.drawn :]) & plain_with(state, need, special)
        elif kind == "answers":
            assert m.group(1) == names[nxt] and ends_of(best_after)
        elif kind == "sheds":
            assert best.tile is not None and int(m.group(1)) == PIPS[best.tile]
            if m.group(2) is not None:
                assert played.tile is not None and int(m.group(2)) == PIPS[played.tile]
            else:
                assert played.kind != "lay"
        elif kind == "kept":
            tile = parse_tile(m.group(1))
            assert played.tile == tile and best.tile != tile and best_after.hands[seat] >> tile & 1
        elif kind == "tiles":
            assert played.kind == "draw" and best.kind == "lay"
            assert int(m.group(1)) == best_after.hands[seat].bit_count()
            assert int(m.group(2)) == state.hands[seat].bit_count() + played.count
        elif kind == "playouts" and len(found) == 1:
            # The figures alone: no fact tells the two actions apart.
            played_after = after(state, played) if played.kind == "lay" else state
            assert played_after.hands[seat] == best_after.hands[seat], sentence
            assert sorted(ends_of(played_after)) == sorted(ends_of(best_after)), sentence
        elif kind == "follow":
            value, tile = int(m.group(1)), parse_tile(m.group(2))
            assert value in ends_of(best_after)
            assert best_after.hands[seat] >> tile & 1 and rules.fits[value] >> tile & 1
            assert not special >> tile & 1
    return found


def test_reasons_are_true_of_the_full_position() -> None:
    seen: set[str] = set()
    sentences = 0
    player = make_player("medium")
    for base, players in (("matador", 2), ("leyden", 2), ("matador", 3), ("wild-doubles", 2), ("all-sevens", 2)):
        rules = Rules.from_base(base, players)
        for seed in range(6):
            names = ["Ann", "Bo", "Cy"][:players]
            match = Match(rules, [PlayerInfo(n) for n in names], seed)
            state = match.next_round()
            rng = random.Random(seed)
            while not state.over:
                seat = state.current_player
                assert seat is not None
                view = match.view(seat)
                moves = view.legal_moves()
                if len(moves) > 1:
                    explainer = Explainer(view, names)
                    for _ in range(3):
                        played, best = rng.sample(moves, 2)
                        sentence = explainer.reason(played, best, 0.4, 0.6)
                        assert sentence.startswith(explainer.words(best)[0].upper())
                        kinds = check(state, sentence, played, best, names)
                        assert kinds, sentence
                        seen |= kinds
                        sentences += 1
                match.push(player.choose(view, rng, 1.0))
    assert sentences > 300
    assert {"matador", "known", "answers", "sheds", "follow", "playouts", "blank", "kept", "tiles", "shown"} <= seen, seen


def test_words_for_actions() -> None:
    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bo")], 1)
    match.next_round()
    view = match.view(0)
    explainer = Explainer(view)
    six_one = parse_tile("6-1")
    assert explainer.words(Action.lay(six_one, "N", 6)) == "6-1 on the north arm (6 touching)"
    assert explainer.words(Action.lay(six_one, "N", None, True)) == "6-1 across the north arm"
    assert explainer.words(Action.lay(parse_tile("3-3"), None, 3)) == "leading 3-3"
    assert explainer.words(Action.lay(parse_tile("5-3"), "E", 4)) == "5-3 on the east arm"
    assert explainer.words(Action.draw()) == "drawing" and explainer.words(Action.draw(3)) == "drawing 3"
    assert explainer.words(Action.refuse()) == "refusing to lead"
    assert tile_name(six_one) == "6-1"
