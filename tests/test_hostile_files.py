"""Every reader of a user file, attacked: numbers JSON cannot carry back
(integers of thousands of digits, 1e999, Infinity, NaN), impossible values,
deep nesting, a huge file, a FIFO, a folder. Each is a broken file: moved aside
as NAME.broken-DATE, one line for the player, defaults; nothing else is lost
and nothing raises. The command line says why in one line and exits 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from game.engine import Match, PlayerInfo, Rules, match_to_record
from game.archive.past_matches import INDEX_NAME, keep, list_matches, load, matches_dir
from game.profile.saves import autosave_path, load_match, save_match
from game.profile.settings import Settings, load_settings, save_settings, settings_path
from game.profile.stats import Statistics, load_stats, save_stats, stats_path
from game.storage import load_json, parse_json, remove_stale_temporaries

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000  # Python refuses to turn more than 4300 digits into an int


def played(seed: int = 1, moves: int = 12) -> Match:
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "hard")], seed)
    state = match.next_round()
    for _ in range(moves):
        if state.over:
            break
        match.push(state.legal_moves()[0])
    return match


def record_text() -> str:
    return json.dumps(match_to_record(played()))


# Hostile contents, each as text to write where a file should be.
def with_number(text: str, key: str, number: str) -> str:
    """``text`` (JSON) with the value of its first ``"key"`` replaced by ``number`` verbatim."""
    data = json.loads(text)
    marker = "__HOSTILE__"
    data[key] = marker
    return json.dumps(data).replace(f'"{marker}"', number)


NUMBERS = [HUGE, "-" + HUGE, "1e999", "-1e999", "Infinity", "-Infinity", "NaN", "1" + "0" * 39]  # (10^39: past the 128 bits a file may hold)
NESTED = "[" * 100_000 + "]" * 100_000


def settings_text() -> str:
    return json.dumps(Settings(volume=0.4).to_json())


def stats_text() -> str:
    stats = Statistics()
    stats.record("Ann", "matador").matches_played = 3
    return json.dumps(stats.to_json())


def hostile_variants(base: str, key: str) -> list[str]:
    return [with_number(base, key, n) for n in NUMBERS] + [NESTED, "\x00" * 10, '{"a": "\\ud800"}' * 3]


LOADERS: dict[str, tuple[Callable[[], Path], Callable[[], Any], Callable[[], str], str]] = {
    # file: (its path, its loader -> (value, message), a good file's text, a key to spoil)
    "settings": (settings_path, load_settings, settings_text, "volume"),
    "statistics": (stats_path, load_stats, stats_text, "version"),
    "saved game": (autosave_path, load_match, record_text, "seed"),
}


def broken_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".broken-*"))


@pytest.mark.parametrize("what", sorted(LOADERS))
def test_each_user_file_with_hostile_numbers_is_moved_aside(what: str) -> None:
    path_of, loader, good, key = LOADERS[what]
    path = path_of()
    for n, text in enumerate(hostile_variants(good(), key)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        value, message = loader()
        assert message is not None and "\n" not in message, (what, text[:40])
        assert value is None or value in (Settings(), ) or isinstance(value, Statistics) and value.table == {}
        assert not path.exists()
        kept = broken_copies(path)
        assert len(kept) == n + 1 and any(k.read_text(encoding="utf-8") == text for k in kept)
        assert "kept as " + path.name + ".broken-" in message


def test_a_good_file_next_to_hostile_ones_is_untouched() -> None:
    save_settings(Settings(volume=0.25))
    save_match(played())
    stats_path().write_text(with_number(stats_text(), "version", "1e999"))
    assert load_settings() == (Settings(volume=0.25), None)
    match, message = load_match()
    assert match is not None and message is None
    stats, message = load_stats()
    assert message is not None and stats.table == {}
    assert broken_copies(stats_path())


def test_impossible_statistics_are_refused() -> None:
    for values, words in (
        ({"matches_played": -5}, "impossible"),
        ({"matches_played": 2, "matches_won": 3}, "more won than played"),
        ({"rounds_played": 1, "rounds_won": 4}, "more won than played"),
        ({"assisted_matches_played": 10**12}, "impossible"),
        ({"best_round": True}, "damaged"),
        ({"rounds_won": 1.5}, "damaged"),
    ):
        stats_path().parent.mkdir(parents=True, exist_ok=True)
        stats_path().write_text(json.dumps({"version": 1, "players": {"Ann": {"matador": values}}}))
        stats, message = load_stats()
        assert stats.table == {} and message is not None and words in message, values
        assert not stats_path().exists()
    # and possible ones still load
    stats_path().write_text(json.dumps({"version": 1, "players": {"Ann": {"matador": {"matches_played": 2, "matches_won": 2}}}}))
    stats, message = load_stats()
    assert message is None and stats.record("Ann", "matador").matches_won == 2


def test_statistics_that_could_not_be_read_are_never_overwritten() -> None:
    """The crash of old: a file Statistics could not read was later saved over, empty."""
    text = with_number(stats_text(), "version", HUGE)
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(text)
    stats, _ = load_stats()
    save_stats(stats)
    assert any(k.read_text() == text for k in broken_copies(stats_path()))


def test_past_matches_with_hostile_numbers() -> None:
    first = keep(played(1), abandoned=True)
    second = keep(played(2), abandoned=True)
    assert first is not None and second is not None
    index = matches_dir() / INDEX_NAME
    data = json.loads(index.read_text())
    data["matches"][first.name]["rounds"] = "__R__"
    index.write_text(json.dumps(data).replace('"__R__"', "1e999"))
    messages: list[str] = []
    listed = list_matches(messages)
    assert [m.path.name for m in listed] == sorted([first.name, second.name], reverse=True)
    assert messages and "list of past matches" in messages[0] and broken_copies(index)
    assert "Infinity" not in index.read_text()  # made again, whole
    # a record itself with a number too large: opening it moves it aside, the other stays
    first.write_text(with_number(first.read_text(), "seed", HUGE))
    match, message = load(first)
    assert match is None and message is not None and "past match" in message and broken_copies(first)
    assert [m.path for m in list_matches()] == [second]
    # strings absurdly long in the index: the record is read instead
    data = json.loads(index.read_text())
    data["matches"][second.name]["result"] = "x" * 100_000
    index.write_text(json.dumps(data))
    listed = list_matches()
    assert listed[0].result != "x" * 100_000
    assert load(second)[0] is not None


def test_what_stands_where_a_file_should_is_never_read_if_it_is_not_a_file() -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    for path_of, loader in ((settings_path, load_settings), (autosave_path, load_match), (stats_path, load_stats)):
        path = path_of()
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)  # a read would wait for a writer forever
        _, message = loader()
        assert message is not None and "not a regular file" in message
        assert not path.exists() and broken_copies(path)
        path.mkdir()
        _, message = loader()
        assert message is not None and not path.exists()


def test_a_huge_file_is_not_read_into_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.storage as storage

    monkeypatch.setattr(storage, "MAX_BYTES", 1000)
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"version": 1, "last_setup": {"x": "y" * 5000}}))
    settings, message = load_settings()
    assert settings == Settings() and message is not None and "too large" in message


def test_unreadable_files_say_so_once_without_using_defaults_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that cannot even be moved aside: one line, no repeated "defaults"."""
    import game.storage as storage

    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("{oops")

    def cannot(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "move_aside", cannot)
    _, message = load_settings()
    assert message == "Your settings could not be read (it is damaged or incomplete)."


def test_numbers_are_held_to_what_the_game_can_use() -> None:
    assert parse_json(f'{{"a": {2**128 - 1}, "b": -1.5e300, "c": {-(2**128 - 1)}}}') == {"a": 2**128 - 1, "b": -1.5e300, "c": -(2**128 - 1)}
    for text in (str(2**128), str(-(2**128)), "1e400", "NaN", "-Infinity", HUGE):
        with pytest.raises(ValueError):
            parse_json(text)
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1}')
    assert load_json(path, "x").data == {"version": 1}


def test_stale_temporary_files_are_removed(tmp_path: Path) -> None:
    old = tmp_path / ".settings.json.abc123.tmp"
    new = tmp_path / ".statistics.json.def456.tmp"
    deep = tmp_path / "matches" / ".match-1.json.x.tmp"
    other = tmp_path / "notes.tmp"
    deep.parent.mkdir()
    for p in (old, new, deep, other):
        p.write_text("{")
    os.utime(old, (1, 1))
    os.utime(deep, (1, 1))
    os.utime(other, (1, 1))
    assert sorted(remove_stale_temporaries([tmp_path])) == sorted([old, deep])
    assert new.exists() and other.exists()


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, input=stdin, timeout=120)


def test_replay_and_review_refuse_hostile_records_in_one_line(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    for number in (HUGE, "1e999", "NaN"):
        record.write_text(with_number(record_text(), "seed", number))
        for command in (["replay", str(record)], ["review", str(record), "--deals", "5"]):
            done = run_cli(*command)
            assert done.returncode == 2, (command, done.stderr)
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith(f"{command[0]}: not a game record"), done.stderr
            assert "Traceback" not in done.stderr
    done = run_cli("replay", "-", stdin=with_number(record_text(), "seed", HUGE))
    assert done.returncode == 2 and "too large" in done.stderr
    good = run_cli("replay", "-", stdin=record_text())
    assert good.returncode == 0 and json.loads(good.stdout)["rounds"]
    done = run_cli("play", "--seed", HUGE, "--smoke-test", "1")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
