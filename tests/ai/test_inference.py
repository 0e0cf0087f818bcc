"""Soft evidence from the lays others chose: recorded right, weighed the right way."""

from __future__ import annotations

import random
from typing import Any, Sequence

from game.ai import make_player
from game.ai.heuristic import special_mask
from game.ai.inference import Evidence
from game.ai.knowledge import HandKnowledge, PastLay, read_knowledge
from game.ai.sampling import Sampler
from game.engine import Action, RoundState, Rules, SeatView
from game.engine.tiles import pips, tile_of

MATADORS = Rules.from_base("matador", 2).matador_mask


def bit(a: int, b: int) -> int:
    return 1 << tile_of(a, b)


def test_every_lay_after_the_lead_is_recorded_with_what_fitted_then(seat_views: Any) -> None:
    for base, players in (("matador", 2), ("matador", 4), ("leyden", 2), ("wild-doubles", 3)):
        rules = Rules.from_base(base, players)
        for seed in range(6):
            for _, view, _ in seat_views(rules, seed):
                lead = _lead_time(view.history)
                for other, hand in read_knowledge(view).items():
                    lays = [t for t, (s, a) in enumerate(view.history) if s == other and a.kind == "lay" and t > lead]
                    assert [lay.time for lay in hand.lays] == lays, (base, seed)
                    for lay in hand.lays:
                        assert view.history[lay.time][1].tile == lay.tile
                        assert lay.fitting >> lay.tile & 1  # a legal lay fitted


def _lead_time(history: Sequence[tuple[int, Action]]) -> int:
    """Index of the opening lay (lays before the table is in play are not choices)."""
    for t, (_, action) in enumerate(history):
        if action.kind == "lay":
            return t
    return len(history)


def _evidence(lay: PastLay) -> Evidence:
    knowledge = {1: HandKnowledge(1, (0, 0, 0), (-1, -1, -1), (lay,))}
    return Evidence(knowledge, MATADORS, beta=0.5, candidates=4)


def test_a_light_lay_makes_holding_a_heavier_fitting_tile_less_likely() -> None:
    # Seat 1 laid 1-2 on an end showing 5 (a 2 joins a 5); 6-2 would have fitted too.
    lay = PastLay(time=4, tile=tile_of(1, 2), fitting=bit(1, 2) | bit(6, 2) | bit(2, 0) | MATADORS)
    evidence = _evidence(lay)
    heavy = evidence.weight([(1, tile_of(6, 2), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    light = evidence.weight([(1, tile_of(2, 0), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    nothing = evidence.weight([(1, tile_of(4, 4), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    assert 0 < heavy < light < nothing == 1.0
    # A kept matador is no reason to doubt the lay: it scores below the tile laid.
    kept = evidence.weight([(1, tile_of(6, 1), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    assert light < kept < nothing
    # A tile drawn after the lay was not there to be chosen.
    drawn_later = evidence.weight([(1, tile_of(6, 2), 6), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    assert drawn_later == 1.0


def test_no_lays_seen_means_no_weighing() -> None:
    knowledge = {1: HandKnowledge(1, (0,), (-1,), ())}
    assert not Evidence(knowledge, MATADORS).useful
    lay = PastLay(time=4, tile=tile_of(1, 2), fitting=bit(1, 2))
    assert not Evidence({1: HandKnowledge(1, (0,), (-1,), (lay,))}, MATADORS, beta=0.0).useful


def test_weighed_deals_stay_consistent_and_shift_towards_the_evidence(seat_views: Any) -> None:
    """Over positions from games between medium players (who shed heavy tiles),
    weighed deals still respect every certainty, and give the other seat fewer
    heavy tiles that fitted when it laid a lighter one."""
    rules = Rules.from_base("matador", 2)
    players = [make_player("medium"), make_player("medium")]

    def medium(state: RoundState, view: SeatView, rng: random.Random) -> Action:
        return players[view.seat].choose(view, rng, 1.0)

    plain_heavy = weighed_heavy = 0
    for seed in range(8):
        for _, view, rng in seat_views(rules, seed, medium):
            knowledge = read_knowledge(view)
            evidence = Evidence(knowledge, special_mask(view), beta=1.0, candidates=8)
            if not evidence.useful:
                continue
            plain = Sampler(view, knowledge)
            weighed = Sampler(view, knowledge, evidence)
            other = 1 - view.seat
            for _ in range(30):
                for sampler, counter in ((plain, "plain"), (weighed, "weighed")):
                    hands, boneyard = sampler.deal(rng)
                    assert view.determinize(hands, boneyard).view(view.seat) == view
                    doubted = _heavier_fitting(knowledge[other].lays, hands[other])
                    if counter == "plain":
                        plain_heavy += doubted
                    else:
                        weighed_heavy += doubted
    assert plain_heavy > 200
    assert weighed_heavy < 0.9 * plain_heavy


def _heavier_fitting(lays: tuple[PastLay, ...], hand: list[int]) -> int:
    """How many (lay, tile) pairs show a plain tile, heavier than the one laid, that fitted."""
    count = 0
    for lay in lays:
        for tile in hand:
            if lay.fitting >> tile & 1 and not MATADORS >> tile & 1 and pips(tile) > pips(lay.tile):
                count += 1
    return count
