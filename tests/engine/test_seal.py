"""Deals anyone can check: the deal of every round comes from a seed committed
to before play (game/engine/seal.py), kept in every record, revealed after the
round, and checked by ``verify`` (a good record, and tampered ones)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.ai.random_player import RandomPlayer
from game.ai.tournament import Setup, play_match
from game.engine import RULE_SETS, Match, PlayerInfo, RecordError, Rules, load_record, match_to_record, tile_name
from game.engine.seal import Seal, commitment, deal_from_seed, round_salt, round_seed, shuffled
from game.engine.verify import (
    ILLEGAL,
    IN_PROGRESS,
    NO_COMMITMENT,
    NOT_CHECKED,
    NOT_FROM_MATCH_SEED,
    OK,
    SEED_MISMATCH,
    WRONG_BONEYARD,
    WRONG_HAND,
    verify,
)
from game.play.referee import Referee, play_out
from game.play.seat import ComputerSeat


def documented_shuffle(tiles: list[int], deal_seed: str) -> list[int]:
    """The shuffle exactly as docs/record.md describes it, written again from the
    words alone: SHA-256 of "matador-deal/1/SEED/k" as eight big-endian 32-bit
    numbers, rejection below 2**32 - 2**32 mod n, Fisher-Yates from the top."""
    numbers: list[int] = []
    block = 0

    def draw() -> int:
        nonlocal block
        if not numbers:
            digest = hashlib.sha256(f"matador-deal/1/{deal_seed}/{block}".encode("ascii")).digest()
            numbers.extend(int.from_bytes(digest[4 * i : 4 * i + 4], "big") for i in range(8))
            block += 1
        return numbers.pop(0)

    order = list(tiles)
    for i in range(len(order) - 1, 0, -1):
        n = i + 1
        while True:
            u = draw()
            if u < 2**32 - 2**32 % n:
                break
        j = u % n
        order[i], order[j] = order[j], order[i]
    return order


def played(base: str, players: int, seed: int, target: int | None = None) -> Match:
    rules = Rules.from_base(base, players, {"target_score": target} if target is not None else None)
    match = Match(rules, [PlayerInfo(f"P{s}", "computer", "random") for s in range(players)], seed)
    rng = random.Random(seed)
    player = RandomPlayer()
    while not match.over:
        if match.needs_next_round:
            match.next_round()
            continue
        seat = match.round.current_player
        assert seat is not None
        match.push(player.choose(match.view(seat), rng, 0.0))
    return match


def test_the_shuffle_is_the_one_the_documentation_describes() -> None:
    for seed in ("0" * 32, round_seed(7, 0), round_seed(2**63 - 1, 12)):
        for count in (28, 55):
            assert shuffled(list(range(count)), seed) == documented_shuffle(list(range(count)), seed)
    hands, boneyard = deal_from_seed(Rules.from_base("matador", 2), "0" * 32)
    order = documented_shuffle(list(range(28)), "0" * 32)
    assert hands == [sorted(order[:7]), sorted(order[7:14])] and boneyard == order[14:]


def test_every_place_is_equally_likely() -> None:
    """Where tile 0-0 lands over 2,800 seeds: a chi-square test on 28 places
    (27 degrees of freedom; 55.5 is the 0.1% point)."""
    counts = Counter(shuffled(list(range(28)), round_seed(3, n)).index(0) for n in range(2800))
    chi2 = sum((counts[p] - 100) ** 2 / 100 for p in range(28))
    assert chi2 < 55.5, counts


def test_the_secrets_follow_one_way_from_the_match_seed() -> None:
    seal = Seal.of(5, 0)
    assert seal.seed == round_seed(5, 0) and seal.salt == round_salt(5, 0) and seal.known
    assert len(seal.seed) == 32 and len(seal.salt) == 32 and len(seal.commitment) == 64
    assert seal.commitment == hashlib.sha256(f"matador-deal/1/{seal.salt}/{seal.seed}".encode()).hexdigest()
    assert len({round_seed(5, r) for r in range(50)} | {round_salt(5, r) for r in range(50)}) == 100
    assert round_seed(5, 0) != round_seed(6, 0)
    assert commitment(seal.seed, "0" * 32) != seal.commitment


def test_every_round_a_match_deals_is_committed_to_and_revealed_only_after_it() -> None:
    rules = Rules.from_base("matador", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], 11)
    state = match.next_round()
    seal = match.seal(0)
    assert seal is not None and seal.seed is not None
    assert (list(map(sorted, (state.hand(0), state.hand(1)))), list(state.boneyard)) == deal_from_seed(rules, seal.seed)
    record = match_to_record(match)
    entry = record["rounds"][0]
    assert list(entry) == ["commitment", "deal", "actions"]  # the commitment first, nothing revealed
    assert seal.seed not in json.dumps(record) and str(seal.salt) not in json.dumps(record)
    # A save mid-round, read back and played out: its secrets come from the match's seed.
    again = load_record(record)
    assert again.seal(0) == seal
    finished = played("matador", 2, 11)
    entry = match_to_record(finished)["rounds"][0]
    assert entry["commitment"] == seal.commitment and entry["deal_seed"] == seal.seed and entry["salt"] == seal.salt
    assert all(match_to_record(finished)["rounds"][r].get("deal_seed") for r in range(len(finished.rounds)))


def test_a_round_dealt_by_hand_has_no_commitment_and_old_records_still_load() -> None:
    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], 3)
    hands, boneyard = deal_from_seed(rules, "1" * 32)
    match.next_round(hands, boneyard)
    assert match.seal(0) is None and "commitment" not in match_to_record(match)["rounds"][0]
    old = match_to_record(played("leyden", 2, 4))
    for entry in old["rounds"]:
        for key in ("commitment", "deal_seed", "salt"):
            entry.pop(key)
    again = load_record(old)
    assert again.over and all(seal is None for seal in again.seals)
    assert verify(old).exit_status == 3 and {c.status for c in verify(old).rounds} == {NO_COMMITMENT}


@pytest.mark.parametrize(
    "change,reason",
    [
        ({"commitment": "G" * 64}, "commitment must be 64 lowercase hex digits"),
        ({"commitment": 12}, "commitment must be 64 lowercase hex digits"),
        ({"deal_seed": "0" * 31}, "deal_seed must be 32 lowercase hex digits"),
        ({"salt": None}, "deal_seed and salt are revealed together"),
    ],
)
def test_a_hostile_commitment_is_refused_with_a_reason(change: dict[str, Any], reason: str) -> None:
    record = match_to_record(played("matador", 2, 5))
    record["rounds"][0].update(change)
    if change.get("salt", 1) is None:
        del record["rounds"][0]["salt"]
    with pytest.raises(RecordError, match=reason):
        load_record(record)
    no_commitment = match_to_record(played("matador", 2, 5))
    del no_commitment["rounds"][0]["commitment"]
    with pytest.raises(RecordError, match="come only with a commitment"):
        load_record(no_commitment)


def test_verify_passes_a_whole_match_of_every_two_player_rule_set() -> None:
    for base in [b for b, info in RULE_SETS.items() if info.min_players <= 2 <= info.max_players]:  # (the registry's)
        match = played(base, 2, 21)
        result = verify(match_to_record(match))
        assert result.complete and result.seeded and result.exit_status == 0, base
        assert [c.status for c in result.rounds] == [OK] * len(match.rounds)
        drawn = [len(s.boneyard) - s.boneyard_count for s in match.rounds]
        assert [c.drawn for c in result.rounds] == drawn
        assert [c.actions for c in result.rounds] == [len(s.history) for s in match.rounds]


def test_verify_finds_every_kind_of_tampering() -> None:
    good = match_to_record(played("matador", 2, 8, target=None))
    good_two = match_to_record(played("matador", 2, 8))
    assert verify(good).complete and len(good_two["rounds"]) > 1 and verify(good_two).complete

    def changed(how: Any, record: dict[str, Any] = good_two) -> Any:
        bad = copy.deepcopy(record)
        how(bad)
        return verify(bad)

    def swap_hand_tile(bad: dict[str, Any]) -> None:  # a tile of hand 1 swapped with the boneyard's last
        deal = bad["rounds"][1]["deal"]
        deal["hands"][1][0], deal["boneyard"][-1] = deal["boneyard"][-1], deal["hands"][1][0]

    result = changed(swap_hand_tile)
    first, second = result.rounds[0], result.rounds[1]
    assert first.status == OK and second.status == WRONG_HAND and second.seat == 1 and result.exit_status == 1
    assert second.found == good_two["rounds"][1]["deal"]["boneyard"][-1]
    assert all(c.status == NOT_CHECKED for c in result.rounds[2:])

    def reorder_boneyard(bad: dict[str, Any]) -> None:  # a different tile drawn first
        bone = bad["rounds"][0]["deal"]["boneyard"]
        bone[0], bone[1] = bone[1], bone[0]

    check = changed(reorder_boneyard).rounds[0]
    assert check.status == WRONG_BONEYARD and check.place == 0 and check.found == good_two["rounds"][0]["deal"]["boneyard"][1]

    def other_seed(bad: dict[str, Any]) -> None:
        bad["rounds"][0]["deal_seed"] = round_seed(9, 0)

    assert changed(other_seed).rounds[0].status == SEED_MISMATCH

    def other_commitment(bad: dict[str, Any]) -> None:
        bad["rounds"][0]["commitment"] = Seal.of(9, 0).commitment

    assert changed(other_commitment).rounds[0].status == SEED_MISMATCH

    def another_matchs_round(bad: dict[str, Any]) -> None:  # a whole round of another seed, consistent in itself
        other = match_to_record(played("matador", 2, 99))["rounds"][0]
        bad["rounds"][0] = other
        bad["rounds"] = bad["rounds"][:1]

    assert changed(another_matchs_round).rounds[0].status == NOT_FROM_MATCH_SEED
    unseeded = copy.deepcopy(good_two)
    del unseeded["seed"]
    assert verify(unseeded).complete and not verify(unseeded).seeded

    def changed_draw(bad: dict[str, Any]) -> None:  # a draw of one tile made two
        actions = bad["rounds"][0]["actions"]
        at = next(i for i, a in enumerate(actions) if "draw" in a)
        actions[at]["draw"] += 1

    check = changed(changed_draw).rounds[0]
    assert check.status == ILLEGAL and check.action is not None and check.refusal is not None

    def changed_lay(bad: dict[str, Any]) -> None:  # the first lay names a tile its seat was not dealt
        actions = bad["rounds"][0]["actions"]
        lay = next(a for a in actions if "lay" in a)
        seat = lay["player"]
        held = set(bad["rounds"][0]["deal"]["hands"][seat])
        lay["lay"] = next(tile_name(t) for t in range(28) if tile_name(t) not in held)

    assert changed(changed_lay).rounds[0].status == ILLEGAL

    def cut_short(bad: dict[str, Any]) -> None:
        bad["rounds"][0]["actions"].pop()

    check = changed(cut_short).rounds[0]
    assert check.status == ILLEGAL and check.action is None


def test_a_round_in_progress_is_committed_but_not_yet_checkable() -> None:
    match = played("leyden", 2, 6)
    record = match_to_record(match)
    record["rounds"] = record["rounds"][:1]
    record["rounds"][0]["actions"] = record["rounds"][0]["actions"][:2]
    for key in ("deal_seed", "salt"):
        del record["rounds"][0][key]
    del record["seed"]  # as a network seat keeps it: nothing reveals the secrets yet
    result = verify(record)
    assert [c.status for c in result.rounds] == [IN_PROGRESS] and result.exit_status == 3


def test_records_of_a_headless_match_and_a_tournament_game_verify() -> None:
    rules = Rules.from_base("wild-doubles", 3)
    match = Match(rules, [PlayerInfo(f"C{s}", "computer", "easy") for s in range(3)], 41)
    seats = [ComputerSeat(s, "easy", seed=s) for s in range(3)]
    play_out(Referee(match, seats))
    assert verify(match_to_record(match)).complete
    game, _ = play_match(Setup("leyden", 2, ("easy", "random"), 2, 0.05), 3)
    assert verify(match_to_record(game)).complete


def test_the_verify_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.commands.cli import run

    good = match_to_record(played("matador", 2, 8))
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good))
    assert run(["verify", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(good["rounds"]) + 1 and all(line.startswith(f"round {r}: ok") for r, line in enumerate(lines[:-1], 1))
    bad = copy.deepcopy(good)
    bad["rounds"][0]["deal"]["boneyard"].reverse()
    path.write_text(json.dumps(bad))
    assert run(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "round 1: TAMPERED: boneyard tile 1" in out and "round 2: not checked" in out
    assert run(["verify", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["rounds"][0]["status"] == WRONG_BONEYARD
    for text, says in (("{", "not valid JSON"), ("[]", "top level must be a JSON object"), ('{"format": "x"}', "format must be")):
        path.write_text(text)
        assert run(["verify", str(path)]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1
    assert run(["verify", str(tmp_path / "none.json")]) == 2
