"""The playout policy's weights: two players as measured, three or more tuned."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from game.ai.heuristic import Weights
from game.ai.playout import MORE_PLAYERS, TWO_PLAYERS, special_tiles, weights_for
from game.engine import Action, RoundState, Rules, SeatView
from game.engine.tiles import PIPS

from tests.ai.reference_policy import policy_move


def test_the_weights_follow_the_number_of_players() -> None:
    assert weights_for(2) is TWO_PLAYERS
    assert weights_for(3) is weights_for(4) is weights_for(6) is MORE_PLAYERS
    assert TWO_PLAYERS.block_second == 0.0  # with two, the player after the next is oneself
    assert MORE_PLAYERS.block_second == 2.0  # as tuned


def test_one_weights_class_for_the_medium_player_and_the_policy() -> None:
    """The medium heuristic and the playout policy weigh the same considerations
    with one ``Weights`` (issue 21: there were two unrelated classes)."""
    root = Path(__file__).resolve().parents[2] / "game"
    found = [p for p in root.rglob("*.py") if re.search(r"^class Weights\b", p.read_text(encoding="utf-8"), re.M)]
    assert [p.relative_to(root).as_posix() for p in found] == ["ai/heuristic.py"]
    assert isinstance(TWO_PLAYERS, Weights) and isinstance(MORE_PLAYERS, Weights)
    assert TWO_PLAYERS.follow_each == MORE_PLAYERS.follow_each == 0.0  # the policy counts no follow-on tiles


def _policy(state: RoundState, view: SeatView, rng: random.Random) -> Action:
    moves = state.legal_moves()
    return moves[0] if len(moves) == 1 else policy_move(state, moves, list(state.lacks), special_tiles(state), rng, 0.0, MORE_PLAYERS)


def _last_two_choices(seat_views: Any, players: int, weights: Weights) -> tuple[int, int]:
    """Over the positions of rounds played by the policy where the mover holds
    two tiles, a matador and a lighter plain tile, both layable: how often
    ``weights`` lay the matador, out of how many."""
    rules = Rules.from_base("matador", players)
    laid = seen = 0
    for seed in range(400):
        for state, _, _ in seat_views(rules, seed, _policy):
            seat = state.current
            if state.phase != "play" or seat is None or state.hands[seat].bit_count() != 2:
                continue
            special = special_tiles(state)
            lays = [m for m in state.legal_moves() if m.kind == "lay"]
            tiles = {m.tile for m in lays}
            matadors = {t for t in tiles if t is not None and special >> t & 1}
            if len(tiles) != 2 or len(matadors) != 1:
                continue
            (matador,) = matadors
            plain = next(t for t in tiles if t != matador)
            if PIPS[matador] <= PIPS[plain] + 1:
                continue  # only where the matador is clearly the heavier tile to shed
            move = policy_move(state, lays, list(state.lacks), special, random.Random(seed), 0.0, weights)
            seen += 1
            laid += move.tile == matador
    return laid, seen


def test_with_more_players_a_matador_is_kept_for_the_last_tile(seat_views: Any) -> None:
    """With two tiles left, a matador and a lighter plain tile that both fit: the
    two-player weights shed the heavier matador, the others keep it for last
    (a matador always goes out)."""
    laid, seen = _last_two_choices(seat_views, 4, MORE_PLAYERS)
    assert seen >= 20
    assert laid <= seen // 10
    laid_two, seen_two = _last_two_choices(seat_views, 4, TWO_PLAYERS)
    assert seen_two == seen
    assert laid_two >= seen // 2
