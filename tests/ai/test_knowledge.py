"""What the public history reveals is never wrong, and sampled deals respect it."""

from __future__ import annotations

import random
from typing import Any

from game.ai.knowledge import HandKnowledge, fitting_now, read_knowledge
from game.ai.sampling import Sampler
from game.engine import Match, PlayerInfo, Rules

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("matador", 2, {}),
    ("matador", 3, {"drawing": "one-then-pass"}),
    ("family", 4, {}),
    ("leyden", 2, {}),
    ("leyden-senst", 2, {}),
    ("all-sevens", 3, {}),
    ("wild-doubles", 2, {}),
]


def fits_slots(hand: list[int], slots: tuple[int, ...]) -> bool:
    """Can each tile of ``hand`` take its own slot whose mask allows it?"""
    owner: dict[int, int] = {}

    def place(tile: int, seen: set[int]) -> bool:
        for i, mask in enumerate(slots):
            if i in seen or mask >> tile & 1:
                continue
            seen.add(i)
            if i not in owner or place(owner[i], seen):
                owner[i] = tile
                return True
        return False

    return len(hand) == len(slots) and all(place(t, set()) for t in hand)


def fits_hand(hand: list[int], knowledge: HandKnowledge) -> bool:
    """Does ``hand`` fit one of the ways the knowledge allows it to be made up?"""
    classes = knowledge.class_list()
    known = [t for t in hand if knowledge.known >> t & 1]
    if len(known) != knowledge.known.bit_count():
        return False
    hand = [t for t in hand if t not in known]
    return any(
        fits_slots(hand, tuple(classes[i][0] for i, n in enumerate(counts) for _ in range(n)))
        for counts, ways in knowledge.vectors()
        if ways > 0
    )


def test_real_hands_always_fit_the_knowledge_and_samples_do_too(seat_views: Any) -> None:
    checked = 0
    for base, players, overrides in TABLES:
        rules = Rules.from_base(base, players, overrides)
        for seed in range(12):
            for state, view, rng in seat_views(rules, seed):
                seat = view.seat
                knowledge = read_knowledge(view)
                for other, hand in knowledge.items():
                    assert fits_hand(state.hand(other), hand), (base, seed, other)
                    checked += 1
                hands, boneyard = Sampler(view, knowledge).deal(rng)
                for other, tiles in hands.items():
                    assert fits_hand(sorted(tiles), knowledge[other])
                assert len(boneyard) == state.boneyard_count
                sample = view.determinize(hands, boneyard)
                assert sample.view(seat) == view
    assert checked > 1000


def test_a_pass_reveals_what_the_seat_lacks() -> None:
    rules = Rules.from_base("all-sevens", 2)
    for seed in range(40):
        match = Match(rules, [PlayerInfo("a"), PlayerInfo("b")], seed)
        state = match.next_round()
        rng = random.Random(seed)
        while not state.over:
            moves = state.legal_moves()
            passer = state.current_player
            fitting = fitting_now(state) if state.phase == "play" else 0
            state.push_unchecked(rng.choice(moves))
            if moves[0].kind == "pass" and not state.over:
                assert passer is not None
                view = state.view(1 - passer)
                if not fitting & view.unseen_mask():
                    continue
                lacked = read_knowledge(view)[passer].surely_lacks
                assert fitting & view.unseen_mask() & ~lacked == 0
                return
    raise AssertionError("no pass seen in 40 rounds of All Sevens")
