"""Settings, statistics and saves: atomic writes, unreadable files moved aside
with a message, and a save that survives SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.engine import Match, PlayerInfo, Rules
from game.profile.saves import autosave_path, has_save, load_match, save_match
from game.profile.settings import Settings, load_settings, save_settings, settings_path
from game.profile.stats import Statistics, load_stats, save_stats, stats_path

ROOT = Path(__file__).resolve().parent.parent


def a_match(seed: int = 1, moves: int = 10) -> Match:
    match = Match(Rules.from_base("leyden", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "hard")], seed)
    state = match.next_round()
    for _ in range(moves):
        if state.over:
            break
        match.push(state.legal_moves()[-1])
    return match


def test_settings_round_trip_and_defaults() -> None:
    settings, message = load_settings()
    assert settings == Settings() and message is None
    settings.volume = 0.3
    settings.window_size = (1024, 700)
    settings.last_setup = {"rules": "leyden", "seats": ["human", "hard"]}
    save_settings(settings)
    again, message = load_settings()
    assert again == settings and message is None


def test_bad_values_fall_back_one_by_one() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"version": 1, "volume": 7, "hints": False, "window_size": "big"}))
    settings, message = load_settings()
    assert settings.volume == Settings().volume and settings.hints is False
    assert settings.window_size == Settings().window_size and message is None


def test_corrupt_truncated_and_newer_files_are_moved_aside() -> None:
    for content, words in (
        (b"{\"volume\": 0.5, \"hin", "damaged or incomplete"),
        (b"\xff\xfe\x00garbage", "damaged or incomplete"),
        (json.dumps({"version": 99}).encode(), "newer version"),
        (b"[1, 2, 3]", "not a settings file"),
    ):
        settings_path().parent.mkdir(parents=True, exist_ok=True)
        settings_path().write_bytes(content)
        settings, message = load_settings()
        assert settings == Settings()
        assert message is not None and words in message
        assert not settings_path().exists()
        kept = list(settings_path().parent.glob("settings.json.broken-*"))
        assert kept and any(k.read_bytes() == content for k in kept)


def test_statistics_count_rounds_and_matches() -> None:
    stats, _ = load_stats()
    match = a_match(moves=500)
    outcome = match.round.outcome
    assert outcome is not None
    stats.add_round(match, outcome)
    save_stats(stats)
    again, message = load_stats()
    assert message is None
    ann = again.record("Ann", "leyden")
    assert ann.rounds_played == 1
    assert ann.rounds_won == (1 if outcome.winner == 0 else 0)
    stats_path().write_text("{\"players\": 3}")
    broken, message = load_stats()
    assert broken.table == {} and message is not None


def test_autosave_and_continue_same_state() -> None:
    match = a_match()
    save_match(match)
    assert has_save()
    loaded, message = load_match()
    assert message is None and loaded is not None
    assert loaded.round.key() == match.round.key()
    assert loaded.players == match.players


def test_corrupt_save_is_moved_aside() -> None:
    save_match(a_match())
    text = autosave_path().read_text()
    autosave_path().write_text(text[: len(text) // 2])
    loaded, message = load_match()
    assert loaded is None and message is not None and "saved game" in message
    assert not autosave_path().exists()


def test_illegal_save_is_moved_aside() -> None:
    save_match(a_match())
    data = json.loads(autosave_path().read_text())
    data["rounds"][0]["actions"].insert(1, {"player": 1, "pass": True})
    autosave_path().write_text(json.dumps(data))
    loaded, message = load_match()
    assert loaded is None and message is not None and "round 0, action 1" in message


WRITER = """
import sys, random
from game.engine import Match, PlayerInfo, Rules
from game.profile.saves import save_match
rng = random.Random(5)
while True:
    match = Match(Rules.from_base("matador", 4), [PlayerInfo(f"P{i}") for i in range(4)], rng.randrange(99))
    state = match.next_round()
    while not state.over:
        match.push(rng.choice(state.legal_moves()))
        save_match(match)
        print("saved", flush=True)
"""


def test_save_survives_sigkill(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", WRITER], env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for _ in range(30):
        proc.stdout.readline()
    time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    loaded, message = load_match()
    assert message is None and loaded is not None
    assert not list(autosave_path().parent.glob("*.broken-*"))


def test_assisted_matches_are_counted_apart() -> None:
    import random

    from game.engine import Match, PlayerInfo, Rules
    from game.profile.stats import Statistics as Stats

    players = [PlayerInfo("Ann", "human", None), PlayerInfo("Bo", "computer", "easy")]
    stats = Stats()
    for assisted in (False, True, True):
        match = Match(Rules.from_base("matador", 2, {"target_score": None}), players, 4)
        match.assisted = assisted
        match.next_round()
        rng = random.Random(4)
        while not match.round.over:
            match.push(rng.choice(match.round.legal_moves()))
        outcome = match.round.outcome
        assert outcome is not None and match.over
        stats.add_round(match, outcome)
        stats.add_match(match)
    # only the person is helped: the computer's three matches all count in full
    ann, bo = stats.record("Ann", "matador"), stats.record("Bo", "matador")
    won = int(match.winner == 0)
    assert (ann.matches_played, ann.matches_won, ann.rounds_played) == (1, won, 1)
    assert (ann.assisted_matches_played, ann.assisted_matches_won, ann.assisted_rounds_played) == (2, 2 * won, 2)
    assert (bo.matches_played, bo.matches_won, bo.rounds_played) == (3, 3 * int(match.winner == 1), 3)
    assert (bo.assisted_matches_played, bo.assisted_rounds_played) == (0, 0)
    assert Stats.from_json(stats.to_json()).record("Ann", "matador") == stats.record("Ann", "matador")
