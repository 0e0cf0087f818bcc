"""The players the registry's newer levels are made of: the blend of medium, its
contrary and random play (its coin and its random move from the seat's own rng,
medium's move exactly medium's, the contrary the lay medium rates lowest), the expert (the exact endgame where the seat knows every hidden
tile, hard's search elsewhere), and the omniscient ceiling (never a seat: only the
tournament's games hand it the whole round)."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from game.ai import levels
from game.ai.endgame import known_deal, solve
from game.ai.expert import ExpertPlayer
from game.ai.hard import HardPlayer
from game.ai.medium import MediumPlayer
from game.ai.mixed import MixedPlayer
from game.ai.omniscient import OmniscientPlayer
from game.ai.player import Seer
from game.ai.symmetry import distinct_moves
from game.ai.tournament import Setup, lineup_for, play_game, play_match
from game.engine import Match, PlayerInfo, RoundState, Rules


def random_positions(base: str, seeds: range) -> Iterator[RoundState]:
    """Every position with a choice of random two-player rounds (copies), in order."""
    rules = Rules.from_base(base, 2)
    for seed in seeds:
        match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], seed)
        state = match.next_round()
        rng = random.Random(seed)
        while not state.over:
            if len(state.legal_moves()) > 1:
                yield state.copy()
            state.push(rng.choice(state.legal_moves()))


def test_the_blend_plays_medium_s_move_on_its_coin_and_a_random_one_otherwise() -> None:
    medium = MediumPlayer()
    checked = differs = 0
    for state in list(random_positions("leyden", range(6)))[:60]:
        seat = state.current
        assert seat is not None
        view = state.view(seat)
        moves = view.legal_moves()
        for seed in range(4):
            coin = random.Random(seed)
            heads = coin.random() < 0.5  # the first number the blend draws is its coin
            blend = MixedPlayer(0.5).choose(view, random.Random(seed), 1.0)
            if heads:
                assert blend == medium.choose(view, coin, 1.0)  # medium's move, medium going on from the same rng
            else:
                assert blend == moves[coin.randrange(len(moves))]  # a random legal move, from the same rng
                differs += blend != medium.choose(view, random.Random(seed), 1.0)
            checked += 1
    assert checked >= 200 and differs > 0
    with pytest.raises(ValueError, match="between 0 and 1"):
        MixedPlayer(1.5)


def test_the_contrary_lays_what_medium_rates_lowest_and_declines_on_its_own_coin() -> None:
    """``worst``: the lay medium's judge scores lowest; with ``declines``, a free
    draw (or a refused lead) instead where one is allowed beside a lay."""
    from game.ai.heuristic import Judge, special_mask
    from game.ai.knowledge import read_knowledge

    checked = declined = 0
    for base in ("matador", "leyden"):
        for state in list(random_positions(base, range(8)))[:80]:
            seat = state.current
            assert seat is not None
            view = state.view(seat)
            moves = view.legal_moves()
            lays = [m for m in moves if m.kind == "lay"]
            chosen = MixedPlayer(worst=1.0).choose(view, random.Random(3), 1.0)
            if not lays:
                assert chosen.kind != "lay"
                continue
            special = special_mask(view)
            plain = any(m.tile is not None and not special >> m.tile & 1 for m in lays)
            judge = Judge(view, read_knowledge(view))
            scores = [judge.score(m, plain) for m in lays]
            assert chosen in lays and judge.score(chosen, plain) == min(scores)
            checked += 1
            if any(m.kind in ("draw", "refuse") for m in moves):
                assert MixedPlayer(worst=1.0, declines=1.0).choose(view, random.Random(3), 1.0).kind in ("draw", "refuse")
                declined += 1
    assert checked >= 60 and declined >= 5
    for share, worst in ((0.6, 0.5), (-0.1, 0.0), (0.0, 1.2)):
        with pytest.raises(ValueError, match="between 0 and 1"):
            MixedPlayer(share, worst)


def test_the_blends_in_the_registry_take_their_shares_from_their_entry() -> None:
    blends = [level for level in levels.levels() if level.player == "game.ai.mixed:MixedPlayer"]
    assert len(blends) >= 2
    for level in blends:
        player = level.make()
        options = dict(level.options)
        assert isinstance(player, MixedPlayer) and player.level == level.id
        assert (player.share, player.worst, player.declines) == (options.get("share", 0.0), options.get("worst", 0.0), options.get("declines", 0.0))
    soundness = [player.share - player.worst for player in (level.make() for level in blends) if isinstance(player, MixedPlayer)]
    assert soundness == sorted(soundness)  # in the registry's order, the weaker first


def test_the_expert_plays_the_exact_endgame_where_the_seat_knows_every_tile() -> None:
    solved = 0
    for state in random_positions("matador", range(40)):  # (Leyden's two-player rounds seldom get there)
        seat = state.current
        assert seat is not None
        view = state.view(seat)
        if known_deal(view) is None:
            continue
        moves = distinct_moves(view, view.legal_moves())
        values = solve(view, [[m] for m in moves])
        if values is None or len(moves) < 2 or max(values) == min(values):
            continue
        chosen = ExpertPlayer().choose(view, random.Random(1), 60.0)
        assert values[moves.index(chosen)] == max(values)
        solved += 1
        if solved >= 5:
            return
    raise AssertionError(f"only {solved} Matador endgames with a choice that matters were found")


def test_the_expert_searches_hard_s_way_elsewhere_with_more_playouts() -> None:
    expert = levels.get("expert")
    assert expert is not None and expert.budget_s <= 2.0  # its cap per decision: p99 at most 2 s
    player = expert.make()
    assert isinstance(player, HardPlayer) and player.iterations > HardPlayer().iterations


def test_the_omniscient_is_no_seat_s_level() -> None:
    seers = [level.id for level in levels.seers()]
    assert "omniscient" in seers
    for seer in seers:
        assert seer not in levels.ids() and seer not in levels.offered() and all(level.id != seer for level in levels.levels())
        assert levels.resolve(seer).id == levels.DEFAULT  # a record naming it plays on as the default level
        assert isinstance(levels.make_player(seer), Seer)
    state = next(random_positions("matador", range(1)))
    seat = state.current
    assert seat is not None
    with pytest.raises(ValueError, match="sees every hand"):
        OmniscientPlayer().choose(state.view(seat), random.Random(1), 0.1)


def test_the_tournament_hands_the_omniscient_the_whole_round() -> None:
    seen: list[RoundState] = []

    class Watching(OmniscientPlayer):
        def choose_seeing(self, state: RoundState, seat: int, rng: random.Random, budget_s: float) -> object:  # type: ignore[override]
            seen.append(state)
            return super().choose_seeing(state, seat, rng, budget_s)

    level = levels.Level("test-seer", Watching, 0.5, "Seer", "seer", "Sees all.", 99, offered=False, sees_all=True)
    with levels.registered(level):
        setup = Setup("matador", 2, lineup_for(["test-seer", "random"], 2), 1, 0.01)
        match, decisions = play_match(setup, 0)
        assert decisions > 0 and seen
        hidden = [s for s in seen if any(s.hands[other] for other in range(2) if other != s.current)]
        assert hidden  # it was shown the other hand, which no seat's view holds
        result = play_game(setup, 1)
        assert result.decisions > 0
