"""Soft evidence from the lays others chose: recorded right, weighed the right way."""

from __future__ import annotations

import random
from typing import Any, Sequence

from game.ai import make_player
from game.ai.heuristic import special_mask
from game.ai.inference import Evidence, LayEvidence
from game.ai.knowledge import HandKnowledge, LayOption, Moment, PastLay, read_knowledge
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


# The reading of whole lays (three or more players) ---------------------------

FOUR = Rules.from_base("matador", 4)
EVERY = sum(1 << t for t in FOUR.all_tiles)


def test_with_options_each_lay_records_the_lays_it_was_chosen_from(seat_views: Any) -> None:
    checked = 0
    for base, players in (("matador", 4), ("matador", 3), ("family", 5), ("wild-doubles", 3)):
        rules = Rules.from_base(base, players)
        for seed in range(5):
            hands_then: dict[int, list[int]] = {}
            table_then: dict[int, int] = {}
            for state, view, _ in seat_views(rules, seed):
                now = len(state.history)
                hands_then[now] = list(state.hands)
                table_then[now] = sum(1 << p.tile for p in state.placements)
                for other, hand in read_knowledge(view, options=True).items():
                    for lay in hand.lays:
                        assert lay.moment is not None
                        assert lay.options[lay.chosen].tile == lay.tile
                        assert lay.moment.played == table_then[lay.time]
                        real = hands_then[lay.time]
                        assert lay.size == real[other].bit_count()
                        assert lay.held & ~real[other] == 0  # known to be held: truly held
                        assert lay.moment.counts == tuple(h.bit_count() for h in real)
                        # every tile not on the table that fitted is among the options
                        assert {o.tile for o in lay.options} == {
                            t for t in rules.all_tiles if lay.fitting >> t & 1 and not table_then[lay.time] >> t & 1
                        }
                        checked += 1
    assert checked > 500


def _moment() -> Moment:
    return Moment(played=0, counts=(5, 4, 5, 5), lacks=(0, 0, 0, 0))


def test_a_light_lay_is_doubted_but_a_careless_seat_keeps_half_the_weight() -> None:
    # Seat 1 laid 1-2 when 6-2 would have fitted too (no ends scored: after=0).
    lay = PastLay(
        time=4, tile=tile_of(1, 2), fitting=bit(1, 2) | bit(6, 2), size=4, held=bit(1, 2),
        options=(LayOption(tile_of(1, 2), 0), LayOption(tile_of(6, 2), 0)), chosen=0, moment=_moment(),
    )
    knowledge = {1: HandKnowledge(1, (0, 0, 0), (-1, -1, -1), (lay,))}
    evidence = LayEvidence(knowledge, MATADORS, 4, EVERY)
    assert evidence.useful and evidence.pool > 1
    heavy = evidence.weight([(1, tile_of(6, 2), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    light = evidence.weight([(1, tile_of(4, 4), -1), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)])
    assert light == 1.0
    # Sensible: e^3 / (e^3 + e^8) = 0.0067; careless: 1/2; half of each.
    assert 0.25 < heavy < 0.26
    # 6-2 drawn after the lay was not there to be chosen.
    assert evidence.weight([(1, tile_of(6, 2), 6), (1, tile_of(3, 3), -1), (1, tile_of(0, 1), -1)]) == 1.0


def test_the_end_a_matador_leaves_says_which_tiles_the_seat_kept() -> None:
    # Seat 1 laid 6-1 leaving a 1 rather than a 6: a sensible seat keeps a tile for
    # the end it leaves, so a 6 (which joins a 1) is likelier in its hand than a 1.
    fits = FOUR.fits
    six_one = tile_of(6, 1)
    lay = PastLay(
        time=4, tile=six_one, fitting=bit(6, 1), size=4, held=bit(6, 1),
        options=(LayOption(six_one, fits[1]), LayOption(six_one, fits[6])), chosen=0, moment=_moment(),
    )
    knowledge = {1: HandKnowledge(1, (0, 0, 0), (-1, -1, -1), (lay,))}
    evidence = LayEvidence(knowledge, MATADORS, 4, EVERY)
    keeps_a_six = evidence.weight([(1, tile_of(6, 3), -1), (1, tile_of(2, 2), -1), (1, tile_of(0, 2), -1)])
    keeps_a_one = evidence.weight([(1, tile_of(1, 3), -1), (1, tile_of(2, 2), -1), (1, tile_of(0, 2), -1)])
    assert keeps_a_six > 1.5 * keeps_a_one


def test_lay_evidence_needs_a_lay_that_was_a_choice() -> None:
    last_tile = PastLay(
        time=4, tile=tile_of(1, 2), fitting=bit(1, 2), size=1, held=bit(1, 2),
        options=(LayOption(tile_of(1, 2), 0),), chosen=0, moment=_moment(),
    )
    unread = PastLay(time=4, tile=tile_of(1, 2), fitting=bit(1, 2))  # read without options
    for lay in (last_tile, unread):
        knowledge = {1: HandKnowledge(1, (0,), (-1,), (lay,))}
        assert not LayEvidence(knowledge, MATADORS, 4, EVERY).useful


def test_a_weighed_pool_gives_consistent_deals_that_follow_the_evidence(seat_views: Any) -> None:
    """In 4-player games between medium players, deals drawn from the weighed
    pool respect every certainty, the pool is weighed once per sampler, and the
    deals give the others fewer heavier plain tiles that fitted when they laid
    a lighter one."""
    medium = make_player("medium")

    def choose(state: RoundState, view: SeatView, rng: random.Random) -> Action:
        return medium.choose(view, rng, 1.0)

    plain_heavy = weighed_heavy = 0
    for seed in range(6):
        for _, view, rng in seat_views(FOUR, seed, choose):
            knowledge = read_knowledge(view, options=True)
            evidence = _Counting(knowledge, special_mask(view), 4, EVERY, pool=120)
            if not evidence.useful:
                continue
            plain = Sampler(view, knowledge)
            weighed = Sampler(view, knowledge, evidence)
            for _ in range(20):
                for sampler, counter in ((plain, "plain"), (weighed, "weighed")):
                    hands, boneyard = sampler.deal(rng)
                    assert view.determinize(hands, boneyard).view(view.seat) == view
                    doubted = sum(_heavier_fitting(knowledge[s].lays, hands[s]) for s in hands)
                    if counter == "plain":
                        plain_heavy += doubted
                    else:
                        weighed_heavy += doubted
            assert evidence.calls == 120
    assert plain_heavy > 200
    assert weighed_heavy < 0.9 * plain_heavy


class _Counting(LayEvidence):
    calls = 0

    def weight(self, placed: Sequence[tuple[int, int, int]]) -> float:
        self.calls += 1
        return super().weight(placed)


def with_lays_to_read(seat_views: Any) -> tuple[SeatView, dict[int, HandKnowledge], random.Random]:
    """The first position of a 4-player game (seed 3) whose lays give evidence to weigh."""
    for _, view, rng in seat_views(FOUR, 3):
        knowledge = read_knowledge(view, options=True)
        if LayEvidence(knowledge, special_mask(view), 4, EVERY).useful:
            return view, knowledge, rng
    raise AssertionError("no position with lays to read")


def test_a_pool_whose_weights_all_underflow_is_drawn_from_evenly(seat_views: Any) -> None:
    view, knowledge, rng = with_lays_to_read(seat_views)
    sampler = Sampler(view, knowledge, _Vanishing(knowledge, special_mask(view), 4, EVERY, pool=50))
    hands, boneyard = sampler.deal(rng)
    assert view.determinize(hands, boneyard).view(view.seat) == view


class _Vanishing(LayEvidence):
    def weight(self, placed: Sequence[tuple[int, int, int]]) -> float:
        return 0.0


def test_a_pool_stops_growing_at_its_deadline_and_still_deals_consistently(seat_views: Any) -> None:
    """``Sampler.deadline`` (hard sets it to half its budget): once it has passed the
    pool holds ``POOL_LEAST`` weighed deals, and its deals are as consistent; with
    none, or one still to come, the pool is whole."""
    import time

    from game.ai.sampling import POOL_LEAST

    view, knowledge, rng = with_lays_to_read(seat_views)
    late = _Counting(knowledge, special_mask(view), 4, EVERY, pool=200)
    sampler = Sampler(view, knowledge, late)
    sampler.deadline = time.perf_counter() - 1.0
    for _ in range(10):
        hands, boneyard = sampler.deal(rng)
        assert view.determinize(hands, boneyard).view(view.seat) == view
    assert late.calls == POOL_LEAST
    for deadline in (None, time.perf_counter() + 60.0):
        whole = _Counting(knowledge, special_mask(view), 4, EVERY, pool=200)
        sampler = Sampler(view, knowledge, whole)
        sampler.deadline = deadline
        sampler.deal(rng)
        assert whole.calls == 200


def test_hard_gives_its_pool_half_its_budget(seat_views: Any, monkeypatch: Any) -> None:
    """The search's player sets the pool's deadline from its own budget, not a clock of its own."""
    import time

    from game.ai import hard

    made: list[Sampler] = []
    real = hard.HardPlayer.sampler

    def watched(self: hard.HardPlayer, view: SeatView) -> Sampler:
        made.append(real(self, view))
        return made[-1]

    monkeypatch.setattr(hard.HardPlayer, "sampler", watched)
    for _, view, rng in seat_views(FOUR, 3):
        if len(view.legal_moves()) < 2:
            continue
        before = time.perf_counter()
        hard.HardPlayer(iterations=8).choose(view, rng, 2.0)
        if made:
            deadline = made[-1].deadline
            assert deadline is not None and before + 0.9 < deadline < time.perf_counter() + 1.0
            return
    raise AssertionError("hard searched nowhere")
