"""Default names are codes in every file (game.words.names), worded when shown;
files written before, with the words of the day in any language ("Hard",
"Schwer", "You", "Spieler 2"), are read as the same players, nothing lost.

The files of today are made here as today's code made them: its default names
were the words of the language of the moment (``_("Hard")``, "You",
``_("Player {number}")``), written by the same writers as now."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Iterator

import pytest

from game import i18n
from game.archive import past_matches, reviews
from game.ai import levels
from game.ai.summary import Summary
from game.engine import Match, PlayerInfo, Rules, load_record, match_to_record
from game.i18n import _
from game.rating.player_rating import Ratings, load_ratings, save_ratings
from game.profile.saves import record_from_json
from game.profile.stats import Statistics, load_stats, save_stats, stats_path
from game.storage import save_json
from game.words import names
from tests.archive.test_reviews_puzzles import decision

SPOKEN = list(i18n.LANGUAGES)  # en, nl, de, es, pt_BR


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    i18n.set_language("en")


def todays_name(kind: str, nth: int, of_kind: int, language: str) -> str:
    """A seat's default name as today's code gave it, in ``language``."""
    i18n.set_language(language)
    try:
        if kind == "human":
            return "You" if of_kind == 1 else _("Player {number}").format(number=nth)
        level = levels.get(kind)
        assert level is not None
        base = _(level.name)
        return base if nth == 1 else f"{base} {nth}"
    finally:
        i18n.set_language("en")


def played(players: list[PlayerInfo], seed: int) -> Match:
    """A one-round match played to its end by the first legal move."""
    match = Match(Rules.from_base("matador", len(players), {"target_score": None}), players, seed)
    while not match.over:
        if match.needs_next_round:
            match.next_round()
            continue
        match.push(match.round.legal_moves()[0])
    return match


def test_a_code_is_worded_in_the_language_of_the_moment(speaking: None) -> None:
    i18n.set_language("de")
    assert [names.worded(n) for n in ("@you", "@player:3", "@hard", "@easy:2", "Ann", "@nosuchlevel")] == [
        "Du", "Spieler 3", "Schwer", "Leicht 2", "Ann", "Nosuchlevel",
    ]  # fmt: skip
    i18n.set_language("en")
    assert [names.worded(n) for n in ("@you", "@player:3", "@hard", "@easy:2")] == ["You", "Player 3", "Hard", "Easy 2"]
    assert not names.is_code("Ann") and not names.is_code("@") and not names.is_code("@player:0") and names.is_code("@you")


@pytest.mark.parametrize("language", SPOKEN)
def test_every_default_name_of_today_in_every_language_becomes_its_code(language: str) -> None:
    """The words come from the catalogs: each level's name, "You" and "Player N"."""
    for level in levels.ids():
        assert names.coded(todays_name(level, 1, 1, language), "computer") == f"@{level}"
        assert names.coded(todays_name(level, 2, 2, language), "computer") == f"@{level}:2"
    assert names.coded(todays_name("human", 1, 1, language), "human") == "@you"
    assert names.coded(todays_name("human", 3, 3, language), "human") == "@player:3"
    i18n.set_language(language)
    try:
        assert names.coded(_("You"), "human") == "@you"  # "Du", "Jij", "Tú", "Você": as the field showed it
    finally:
        i18n.set_language("en")
    # a typed name stays, and a person is never taken for a computer
    for typed in ("Ann", "Bea 2", "Hardy", "You two"):
        assert names.coded(typed, "human") == typed and names.coded(typed, "computer") == typed
    assert names.coded("Hard", "human") == "Hard"


def test_statistics_of_today_in_two_languages_count_one_opponent(speaking: None) -> None:
    """Matches against Hard played in English and in German, a couch match in
    Dutch: one opponent "@hard", one "@you", each seat's player; every count kept."""
    stats = Statistics()
    english = played([PlayerInfo(todays_name("human", 1, 1, "en")), PlayerInfo(todays_name("hard", 1, 1, "en"), "computer", "hard")], 1)
    german = played([PlayerInfo(todays_name("human", 1, 1, "de")), PlayerInfo(todays_name("hard", 1, 1, "de"), "computer", "hard")], 2)
    couch = played([PlayerInfo(todays_name("human", n, 2, "nl")) for n in (1, 2)], 3)
    for match in (english, german, german, couch):
        for state in match.rounds:
            assert state.outcome is not None
            stats.add_round(match, state.outcome)
        stats.add_match(match)
    assert set(stats.table) == {"You", "Hard", "Schwer", "Speler 1", "Speler 2"}  # today: two opponents
    save_stats(stats)
    today = json.loads(stats_path().read_text("utf-8"))

    loaded, message = load_stats()
    assert message is None
    assert loaded.names() == ["@player:1", "@player:2", "@you", "@hard"] and loaded.computers == {"@hard"}
    hard = loaded.record("@hard", "matador")
    assert hard.matches_played == 3 and hard.rounds_played == 3  # the English match and the German two
    assert hard.matches_won == today["players"]["Hard"]["matador"]["matches_won"] + today["players"]["Schwer"]["matador"]["matches_won"]
    assert loaded.record("@you", "matador").matches_played == 3
    assert loaded.record("@player:2", "matador").matches_played == 1
    save_stats(loaded)  # written again: codes only, and read back the same
    assert set(json.loads(stats_path().read_text("utf-8"))["players"]) == {"@you", "@hard", "@player:1", "@player:2"}
    assert load_stats()[0].table == loaded.table


def test_records_past_matches_and_saves_of_today_read_as_codes(speaking: None) -> None:
    """A record as today's writer writes it (the names in words, German here): read
    back by the game its players are codes; the record itself stays valid (the
    engine's own reader takes it as it is)."""
    players = [
        PlayerInfo(todays_name("human", 1, 1, "de")),
        PlayerInfo(todays_name("easy", 1, 2, "de"), "computer", "easy"),
        PlayerInfo(todays_name("easy", 2, 2, "de"), "computer", "easy"),
    ]
    match = played(players, 4)
    assert [p.name for p in match.players] == ["You", "Leicht", "Leicht 2"]
    record = match_to_record(match)
    assert load_record(record).players[1].name == "Leicht"  # the engine keeps what it reads
    assert [p.name for p in record_from_json(record).players] == ["@you", "@easy", "@easy:2"]

    path = past_matches.keep(match, abandoned=False, now=datetime(2026, 11, 30, 20, 0))
    assert path is not None
    listed = past_matches.list_matches()  # from the index written today, in words
    assert [s.name for s in listed[0].seats] == ["@you", "@easy", "@easy:2"]
    assert listed[0].winner in (None, "@you", "@easy", "@easy:2")
    index = path.parent / past_matches.INDEX_NAME
    index.unlink()  # the list made again from the record itself
    assert [s.name for s in past_matches.list_matches()[0].seats] == ["@you", "@easy", "@easy:2"]
    loaded, message = past_matches.load(path)
    assert message is None and loaded is not None and [p.name for p in loaded.players] == ["@you", "@easy", "@easy:2"]


def test_a_game_record_keeps_codes_and_replays(tmp_path: Path) -> None:
    """Written now, a record's names are the codes (docs/record.md); replay reads it."""
    match = played([PlayerInfo("@you"), PlayerInfo("@hard", "computer", "hard")], 5)
    record = match_to_record(match)
    assert [p["name"] for p in record["players"]] == ["@you", "@hard"]
    assert [p.name for p in record_from_json(json.loads(json.dumps(record))).players] == ["@you", "@hard"]
    del record["players"][1]["name"]  # a record without a name: the seat's default
    assert load_record(record).players[1].name == "@player:2"


def test_reviews_and_ratings_of_today_read_as_codes(speaking: None) -> None:
    match = played([PlayerInfo(todays_name("human", 1, 1, "es")), PlayerInfo(todays_name("medium", 1, 1, "es"), "computer", "medium")], 6)
    path = past_matches.keep(match, abandoned=False)
    assert path is not None
    summary = Summary(0, (decision(0, "best"), decision(12, "mistake")))
    reviews.keep(path, match, {0: summary})
    assert [p.figures.name for p in reviews.trend()] == ["@you"]
    assert [p.figures.name for p in reviews.trend("@you")] == ["@you"]
    from game.archive import puzzles

    found = puzzles.all_puzzles()  # the mistake is a puzzle, made by the seat's code
    assert found and {p.name for p in found} == {"@you"}

    # ratings: a person under the words of two languages is one person (the longer record kept)
    two = played([PlayerInfo(todays_name("human", 2, 2, "de")), PlayerInfo("@easy", "computer", "easy")], 7)
    ratings = Ratings()
    ratings.rate(match, [0])
    ratings.rate(two, [0])
    ratings.rate(two, [0])
    assert set(ratings.table) == {"You", "Spieler 2"}
    data = ratings.to_json()
    data["players"]["Player 2"] = data["players"]["You"]  # the same seat in English, with fewer matches
    save_json(Path(ratings_file()), data)
    loaded, message = load_ratings()
    assert message is None and set(loaded.table) == {"@you", "@player:2"}
    family = next(iter(loaded.table["@player:2"]))
    assert loaded.table["@player:2"][family].matches == 2
    save_ratings(loaded)


def ratings_file() -> Path:
    from game.rating.player_rating import ratings_path

    return ratings_path()


def test_typed_names_that_read_as_codes_are_refused() -> None:
    from game.net.server.name_rules import check_name
    from game.net.shared.protocol import ProtocolError
    from game.ui.shell.seat_choices import SeatError, parse_seats

    with pytest.raises(SeatError):
        parse_seats("@hard=human,easy")
    with pytest.raises(ProtocolError) as refused:
        check_name("@you", [])
    assert refused.value.code == "name_code"
