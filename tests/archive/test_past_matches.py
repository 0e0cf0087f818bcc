"""Past matches: kept as records in the data directory, listed newest first,
pruned beyond the limit, unreadable files moved aside, each opened again."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from game.engine import Match, PlayerInfo, Rules, load_record_text
from game.archive.past_matches import INDEX_NAME, forget, keep, list_matches, load, matches_dir, result_words
from game.resources import user_data_dir

ROOT = Path(__file__).resolve().parent.parent.parent
START = datetime(2026, 3, 1, 20, 15, 0)


def played(seed: int, rounds: int | None = None, base: str = "matador", actions: int | None = None) -> Match:
    """A match between Ann and a computer, played to its end by always taking
    the first legal action (or stopped after ``actions`` actions)."""
    rules = Rules.from_base(base, 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "hard")], seed)
    done = 0
    while not match.over and (actions is None or done < actions):
        if match.needs_next_round:
            if rounds is not None and len(match.rounds) >= rounds:
                break
            match.next_round()
            continue
        match.push(match.round.legal_moves()[0])
        done += 1
    return match


def test_a_finished_match_is_kept_listed_and_opened_again() -> None:
    match = played(1)
    assert match.over
    path = keep(match, abandoned=False, now=START)
    assert path is not None and path.parent == user_data_dir() / "matches"
    (past,) = list_matches()
    assert past.path == path and past.date == START
    assert past.title == "Matador" and past.rules == "matador"
    assert [(s.name, s.kind, s.level) for s in past.seats] == [("Ann", "human", None), ("Cpu", "computer", "hard")]
    assert not past.abandoned and past.rounds == len(match.rounds)
    winner = match.winner
    assert isinstance(winner, int)
    loser = 1 - winner
    expected = f"{match.players[winner].name} won {match.totals[winner]}-{match.totals[loser]}"
    assert past.result == expected
    again, message = load(path)
    assert message is None and again is not None
    assert again.totals == match.totals and [r.key() for r in again.rounds] == [r.key() for r in match.rounds]


def test_the_kept_file_is_what_replay_reads() -> None:
    match = played(2)
    path = keep(match, abandoned=False, now=START)
    assert path is not None
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["totals"] == match.totals
    assert load_record_text(path.read_text()).totals == match.totals


def test_a_match_played_on_a_server_is_kept_opened_and_verified() -> None:
    """A server deals from a secret seed of 128 bits (game/net/server/arrivals.py),
    and the record each player keeps holds it: Past matches opens it again and
    ``verify`` checks its deals (they were moved aside as "a number too large")."""
    import secrets

    seed = secrets.randbits(128) | 1 << 127  # (a server's: more than 64 bits)
    match = played(seed)
    path = keep(match, abandoned=False, now=START)
    assert path is not None
    (past,) = list_matches()
    again, message = load(past.path)
    assert message is None and again is not None and again.seed == seed
    out = subprocess.run([sys.executable, "-m", "game", "verify", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr + out.stdout


def test_an_abandoned_match_says_so_and_an_empty_one_is_not_kept() -> None:
    match = played(3, actions=60)
    assert not match.over
    keep(match, abandoned=True, now=START)
    (past,) = list_matches()
    assert past.abandoned and past.result == f"abandoned in round {len(match.rounds)}"
    assert len(match.rounds) >= 2  # 60 actions take more than one round
    empty = Match(Rules.from_base("leyden", 2), [PlayerInfo("Ann"), PlayerInfo("Bo")], 4)
    empty.next_round()
    assert keep(empty, abandoned=True, now=START) is None
    assert len(list_matches()) == 1


def test_newest_first_and_pruned_beyond_the_limit() -> None:
    kept = []
    for i in range(7):
        match = played(10 + i, rounds=1)
        kept.append(keep(match, abandoned=True, now=START + timedelta(minutes=i), limit=5))
    listed = list_matches()
    assert [p.path for p in listed] == kept[::-1][:5]
    assert [p.date for p in listed] == sorted((p.date for p in listed), reverse=True)
    assert not kept[0].exists() and not kept[1].exists()  # type: ignore[union-attr]
    files = sorted(p.name for p in matches_dir().glob("match-*.json"))
    assert len(files) == 5


def test_same_moment_twice_keeps_both() -> None:
    first = keep(played(20, rounds=1), abandoned=True, now=START)
    second = keep(played(21, rounds=1), abandoned=True, now=START)
    assert first is not None and second is not None and first != second
    assert {p.path for p in list_matches()} == {first, second}


def test_a_corrupt_record_is_moved_aside_with_a_message() -> None:
    good = keep(played(30), abandoned=False, now=START)
    bad = keep(played(31), abandoned=False, now=START + timedelta(minutes=1))
    assert good is not None and bad is not None
    text = bad.read_text()
    bad.write_text(text[: len(text) // 2])
    (matches_dir() / INDEX_NAME).unlink()  # the list must read the records themselves
    messages: list[str] = []
    listed = list_matches(messages)
    assert [p.path for p in listed] == [good]
    assert len(messages) == 1 and "past match" in messages[0]
    assert not bad.exists()
    aside = list(matches_dir().glob(bad.name + ".broken-*"))
    assert len(aside) == 1 and aside[0].read_text() == text[: len(text) // 2]
    assert [p.path for p in list_matches()] == [good]  # the index was mended


def test_opening_a_damaged_record_moves_it_aside() -> None:
    path = keep(played(40), abandoned=False, now=START)
    assert path is not None
    data = json.loads(path.read_text())
    data["rounds"][0]["actions"].insert(1, {"player": 1, "pass": True})
    path.write_text(json.dumps(data))
    match, message = load(path)
    assert match is None and message is not None and "round 0, action 1" in message
    assert not path.exists()
    assert list(matches_dir().glob(path.name + ".broken-*"))
    assert load(path) == (None, "That match is no longer kept.")


def test_a_damaged_index_is_rebuilt_from_the_records() -> None:
    paths = [keep(played(50 + i, rounds=1), abandoned=True, now=START + timedelta(minutes=i)) for i in range(3)]
    before = [p.to_json() for p in list_matches()]
    (matches_dir() / INDEX_NAME).write_text("{\"version\": 1, \"matc")
    after = list_matches()
    assert [p.path for p in after] == paths[::-1]
    assert [p.result for p in after] == [b["result"] for b in before]
    assert list(matches_dir().glob(INDEX_NAME + ".broken-*"))


def test_result_words() -> None:
    match = played(60)
    assert match.over
    assert " won " in result_words(match)
    leyden = played(61, base="leyden")
    assert leyden.over
    words = result_words(leyden)
    if leyden.winner == "draw":
        assert words.startswith("drawn ")
    else:
        assert isinstance(leyden.winner, int)
        assert words.startswith(f"{leyden.players[leyden.winner].name} won {leyden.totals[leyden.winner]}-")


def test_forget_deletes_one_match() -> None:
    first = keep(played(70, rounds=1), abandoned=True, now=START)
    second = keep(played(71, rounds=1), abandoned=True, now=START + timedelta(minutes=1))
    assert first is not None and second is not None
    forget(first)
    assert not first.exists()
    assert [p.path for p in list_matches()] == [second]
    assert first.name not in json.loads((matches_dir() / INDEX_NAME).read_text())["matches"]
