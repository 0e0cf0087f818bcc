"""Ratings: Glicko-2 against Glickman's worked example, the Bradley-Terry fit
against closed forms and simulated results, the ladder's tournaments, and the
player's rating after scripted matches (assisted ones left out), kept safely."""

from __future__ import annotations

import itertools
import json
import math
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.engine import RULE_SETS, Match, PlayerInfo, Rules
from game.engine.rules import FAMILIES
from game.engine.state import PHASE_OVER, RoundOutcome
from game.rating import glicko2
from game.rating.bradley_terry import FitError, Pair, fit
from game.rating.glicko2 import SCALE, Game, Rating, expected_score, update
from game.rating.ladder import kinds as ladder_kinds
from game.rating.ladder_table import LADDER
from game.rating.player_rating import (
    NEWCOMER,
    PROVISIONAL_RD,
    Ratings,
    family_of,
    ladder_rating,
    load_ratings,
    note_match,
    ratings_path,
    round_scores,
    save_ratings,
)


# Glicko-2 -----------------------------------------------------------------------------
def test_glicko2_gives_the_papers_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": a player of 1500, RD 200,
    volatility 0.06 (tau 0.5) beats a 1400 (RD 30), loses to a 1550 (RD 100)
    and to a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999."""
    after = update(Rating(1500, 200, 0.06), [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)], tau=0.5)
    assert after.r == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)  # the paper gives 0.05999
    # the paper's values on its own scale: mu' = -0.2069, phi' = 0.8722
    assert (after.r - 1500) / SCALE == pytest.approx(-0.2069, abs=0.0001)
    assert after.rd / SCALE == pytest.approx(0.8722, abs=0.0001)


def test_glicko2_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1600, 100, 0.06), [])
    assert after.r == 1600 and after.rd == pytest.approx(SCALE * math.sqrt((100 / SCALE) ** 2 + 0.06**2))


def test_glicko2_moves_toward_the_results() -> None:
    base = Rating()
    assert update(base, [Game(1500, 50, 1)] * 5).r > 1500 > update(base, [Game(1500, 50, 0)] * 5).r
    assert update(base, [Game(1500, 50, 0.5)] * 5).r == pytest.approx(1500, abs=1e-6)
    assert update(base, [Game(1500, 50, 0.5)] * 5).rd < base.rd
    assert expected_score(1700, 1500) == pytest.approx(1 / (1 + 10 ** (-200 / 400)))
    assert glicko2.TAU == 0.5


# Bradley-Terry --------------------------------------------------------------------------
def test_bradley_terry_two_players_has_its_closed_form() -> None:
    """a scores 75 of 100 against b: odds 3 to 1, 400 log10(3) = 190.8 points
    apart, standard error 400/ln10 / sqrt(n p (1-p))."""
    fitted = fit(["a", "b"], [Pair("a", "b", 100, 75)], "b")
    assert fitted["b"].rating == 1500 and fitted["b"].se == 0
    assert fitted["a"].rating == pytest.approx(1500 + 400 * math.log10(3), abs=1e-6)
    assert fitted["a"].se == pytest.approx(SCALE / math.sqrt(100 * 0.75 * 0.25), abs=1e-6)
    assert fitted["a"].low == pytest.approx(fitted["a"].rating - 1.959964 * fitted["a"].se, abs=1e-4)


def test_bradley_terry_satisfies_its_likelihood_equations_and_recovers_true_ratings() -> None:
    truth = {"w": 1200.0, "x": 1400.0, "y": 1500.0, "z": 1750.0}
    rng = random.Random(4)
    pairs = []
    for a, b in [("w", "x"), ("w", "y"), ("x", "y"), ("x", "z"), ("y", "z"), ("w", "z")]:
        p = expected_score(truth[a], truth[b])
        n = 4000
        pairs.append(Pair(a, b, n, float(sum(rng.random() < p for _ in range(n)))))
    fitted = fit(list(truth), pairs, "y")
    for name, f in fitted.items():  # within 3 standard errors of the truth
        assert abs(f.rating - truth[name]) <= 3 * f.se + 1e-9, (name, f)
    for name in truth:  # at the maximum, each player's expected score is its actual score
        scored = sum(p.score for p in pairs if p.a == name) + sum(p.games - p.score for p in pairs if p.b == name)
        expect = sum(
            p.games * expected_score(fitted[p.a].rating, fitted[p.b].rating) for p in pairs if p.a == name
        ) + sum(p.games * expected_score(fitted[p.b].rating, fitted[p.a].rating) for p in pairs if p.b == name)
        assert expect == pytest.approx(scored, abs=1e-6)


def test_bradley_terry_refuses_what_determines_no_rating() -> None:
    with pytest.raises(FitError):
        fit(["a", "b"], [Pair("a", "b", 10, 10)], "b")
    with pytest.raises(FitError):
        fit(["a", "b", "c", "d"], [Pair("a", "b", 10, 5), Pair("c", "d", 10, 5)], "a")


# The ladder -------------------------------------------------------------------------------
def test_the_ladder_plays_every_pair_and_keeps_its_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.commands.cli import run
    from game.rating.ladder import kinds

    results = tmp_path / "games.jsonl"
    args = ["ladder", "--rules", "matador", "--games", "4", "--time", "0.02", "--jobs", "1", "--results", str(results)]
    assert run([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    pairs = data["rules"]["matador"]["pairs"]
    assert len(pairs) == math.comb(len(kinds()), 2) and all(p["games"] == 4 for p in pairs)
    assert len(results.read_text().splitlines()) == 4 * len(pairs)
    assert run([*args, "--json"]) == 0  # played again from the kept games: the same figures
    assert json.loads(capsys.readouterr().out)["rules"] == data["rules"]
    assert run([*args, "--module"]) == 0
    module = capsys.readouterr().out
    namespace: dict[str, Any] = {}
    exec(compile(module, "ladder_table", "exec"), namespace)  # the module it writes is Python that reads back

    assert set(namespace["LADDER"].get("matador", {})) <= set(kinds())  # the registry's levels and random play
    assert run(["ladder", "--rules", "chess"]) == 2 and "not a two-player rule set" in capsys.readouterr().err


def test_a_gzip_results_file_keeps_its_games_even_cut_short_and_a_foreign_one_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--results F.jsonl.gz``: the games kept through gzip (the committed file is
    so, docs/figures), read back to the same figures; a file cut off mid-member (a
    run stopped while writing) keeps the games before the cut and is mended so that
    what is appended next reads back; a file of which nothing reads is refused and
    left as it was; in a plain file, bytes that are no UTF-8 and lines that are no
    game are passed over."""
    import gzip

    from game.commands.cli import run

    results = tmp_path / "games.jsonl.gz"
    args = ["ladder", "--rules", "matador", "--games", "2", "--near", "1", "--time", "0.02", "--jobs", "1", "--results", str(results)]
    assert run([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    games = gzip.decompress(results.read_bytes()).decode().splitlines()
    assert len(games) == 2 * len(data["rules"]["matador"]["pairs"])
    assert run([*args, "--json"]) == 0 and json.loads(capsys.readouterr().out)["rules"] == data["rules"]
    assert len(gzip.decompress(results.read_bytes()).decode().splitlines()) == len(games)  # nothing played again

    def member(lines: list[str]) -> bytes:
        return gzip.compress(("\n".join(lines) + "\n").encode())

    last = member(games[-3:])
    results.write_bytes(member(games[:-3]) + last[: len(last) - 10])  # a run's member cut short: the members before stand
    assert run([*args, "--json"]) == 0
    assert "cut short" in capsys.readouterr().err
    mended = gzip.decompress(results.read_bytes()).decode().splitlines()  # whole again: every game, the replayed ones appended
    assert len({json.dumps([json.loads(line)["setup"], json.loads(line)["index"]]) for line in mended}) == len(games)
    assert mended[: len(games) - 3] == games[:-3]

    foreign = b"\x1f\x8b\x08garbage" + bytes(range(256))
    results.write_bytes(foreign)
    assert run([*args, "--json"]) == 2
    assert "holds no games that can be read" in capsys.readouterr().err and results.read_bytes() == foreign

    plain = tmp_path / "games.jsonl"
    plain.write_bytes(b"\xff\xfe not json\n" + "\n".join(games).encode() + b"\n{\"setup\": 3}\n")
    assert run([*args[:-1], str(plain), "--json"]) == 0 and json.loads(capsys.readouterr().out)["rules"] == data["rules"]


def test_the_ladder_table_holds_the_registry_s_levels_and_rule_sets() -> None:
    """What the ladder measured is of the registries (a level or a rule set added
    since has a rating all the same: the next test)."""
    from game.rating.ladder import ANCHOR, ANCHOR_RATING, kinds, two_player_rule_sets

    assert set(LADDER) <= set(two_player_rule_sets())
    for base, row in LADDER.items():
        assert set(row) <= set(kinds()) and row[ANCHOR] == (ANCHOR_RATING, 0.0), base
        assert all(se > 0 for kind, (_, se) in row.items() if kind != ANCHOR)
        assert row["hard"][0] > row["random"][0]  # the search beats random play everywhere


@pytest.mark.parametrize("kind", ladder_kinds())
def test_every_level_has_a_rating_in_every_two_player_rule_set(kind: str) -> None:
    """Measured, or provisional (a level or a rule set the ladder has not met yet),
    so a match against every level moves a rating."""
    from game.rating.ladder import two_player_rule_sets

    for base in two_player_rule_sets():
        found = ladder_rating(base, kind)
        assert found is not None and found[1] > 0, (base, kind)
        [change] = Ratings().rate(scripted(base, [0, 0], kind), seats=[0])
        assert change.after.r > change.before.r, (base, kind)


def test_a_level_not_on_the_ladder_is_placed_by_its_budget() -> None:
    """"expert" (hard's player, twice its budget): the rating of the measured level of the largest budget not above its own, with a newcomer's
    deviation; one that thinks less than any measured level: the default level's;
    and its pairs are the ladder's costly ones, as hard's are."""
    from game.ai import levels
    from game.rating.ladder import costly
    from game.rating.player_rating import provisional_rating

    hard = levels.get("hard")
    assert hard is not None
    expert = levels.Level(EXPERT, hard.player, 2 * hard.budget_s, "Expert", "expert", "Hard, thinking twice as long.", 35)
    with levels.registered(expert):
        below = max((level.budget_s, level.order, level.id) for level in levels.levels() if level.id in LADDER["matador"] and level.budget_s <= expert.budget_s)
        assert ladder_rating("matador", EXPERT) == (LADDER["matador"][below[2]][0], glicko2.NEW_RD)  # the largest budget not above its own
        [change] = Ratings().rate(scripted("matador", [0, 0], EXPERT), seats=[0])
        assert change.after.r > change.before.r  # the rating moves against it
        assert costly(("easy", EXPERT)) and costly(("hard", "medium")) and not costly(("random", "medium"))
        row = {"easy": (1400.0, 20.0), "medium": (1500.0, 0.0)}
        assert provisional_rating(row, EXPERT) == (1500.0, glicko2.NEW_RD)  # the measured level of the largest budget below
        assert provisional_rating({"medium": (1500.0, 0.0), "hard": (1600.0, 20.0)}, "random") == (1500.0, glicko2.NEW_RD)
    assert ladder_rating("matador", EXPERT) is None  # no such level: no rating


EXPERT = "test-expert"  # hard's player with twice its budget (a name no real level takes)


# The player's rating ------------------------------------------------------------------------
def scripted(base: str, winners: list[int | None], level: str = "hard", assisted: bool = False) -> Match:
    """A finished two-player match whose rounds ended as ``winners`` say (None: a tied block)."""
    rules = Rules.from_base(base, 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", level)], 1)
    for winner in winners:
        match.next_round()
        state = match.rounds[-1]
        state.outcome = RoundOutcome("domino" if winner is not None else "blocked", winner, (0, 0), (0, 0), None)
        state.phase = PHASE_OVER
    match.over, match.winner = True, winners[-1] if winners[-1] is not None else "draw"
    match.assisted = assisted
    return match


def test_a_win_and_a_loss_move_the_rating_by_glicko2_against_the_ladder() -> None:
    ratings = Ratings()
    when = datetime(2026, 1, 2, 3, 4, 5)
    [change] = ratings.rate(scripted("matador", [0, 0, 1, None]), seats=[0], now=when)
    opponent, se = LADDER["matador"]["hard"]
    expected = update(Rating(), [Game(opponent, se, s) for s in (1, 1, 0, 0.5)])
    assert change.before == Rating() and change.after == expected and change.rounds == 4
    assert change.family == "matador" and change.provisional
    standing = ratings.standing("Ann", "matador")
    assert standing is not None and standing.matches == 1 and standing.rounds == 4
    assert standing.history[-1].date == "2026-01-02T03:04:05" and standing.history[-1].rules == "matador"
    assert ratings.standing("Cpu", "matador") is None  # a computer is never rated
    [again] = ratings.rate(scripted("leyden", [1]), seats=[0])  # Leyden is another family
    assert again.family == "leyden" and again.before == Rating() and again.after.r < 1500


def test_the_rating_stops_being_provisional_once_its_deviation_falls() -> None:
    ratings = Ratings()
    results = []
    for match_no in range(12):
        winners: list[int | None] = [0 if (match_no + k) % 2 else 1 for k in range(3)]
        [change] = ratings.rate(scripted("family", winners, "medium"), seats=[0])
        results.append(change)
    assert results[0].provisional and not results[-1].provisional
    assert all(b.after.rd < a.after.rd for a, b in zip(results, results[1:]))
    standing = ratings.standing("Ann", "matador")
    assert standing is not None and len(standing.history) == 12 and standing.rating.rd < PROVISIONAL_RD


def test_assisted_unfinished_and_larger_matches_move_nothing() -> None:
    ratings = Ratings()
    assert ratings.rate(scripted("matador", [0, 0], assisted=True), seats=[0]) == []
    helped = scripted("matador", [0, 0], assisted=True)
    assert ratings.rate(helped, seats=[0], helped={0}) == []
    unfinished = scripted("matador", [0])
    unfinished.over = False
    assert ratings.rate(unfinished, seats=[0]) == []
    rules = Rules.from_base("matador", 3)
    three = Match(rules, [PlayerInfo("Ann"), PlayerInfo("B", "computer", "easy"), PlayerInfo("C", "computer", "easy")], 1)
    three.over = True
    assert ratings.rate(three, seats=[0]) == []
    assert ratings.table == {}


def test_people_are_rated_against_each_other_or_a_newcomer_across_the_network() -> None:
    ratings = Ratings()
    ratings.rate(scripted("matador", [0, 0, 0, 0]), seats=[0])  # Ann gains against hard
    standing = ratings.standing("Ann", "matador")
    assert standing is not None
    ann = standing.rating
    match = scripted("matador", [1, 0])
    match.players[1] = PlayerInfo("Bo")
    at_one_screen = Ratings.from_json(ratings.to_json())
    changes = {c.name: c for c in at_one_screen.rate(match, seats=[0, 1])}
    bo_game = [Game(ann.r, ann.rd, s) for s in (1, 0)]
    assert changes["Bo"].after == update(Rating(), bo_game)  # against Ann's rating before the match
    assert changes["Ann"].after == update(ann, [Game(*NEWCOMER, s) for s in (0, 1)])
    over_network = Ratings.from_json(ratings.to_json())
    [mine] = over_network.rate(match, seats=[0], remote=[1])  # Bo plays elsewhere: a newcomer's rating
    assert mine.name == "Ann" and mine.after == changes["Ann"].after
    assert over_network.standing("Bo", "matador") is None


def test_round_scores_and_families() -> None:
    assert round_scores(scripted("matador", [0, None, 1]), 0) == [1.0, 0.5, 0.0]
    assert all(family_of(base) == info.family for base, info in RULE_SETS.items())
    assert family_of("leyden") == "leyden" and family_of("a-newer-rule-set") == FAMILIES[0]
    assert ladder_rating("matador", "hard") == (LADDER["matador"]["hard"][0], LADDER["matador"]["hard"][1])
    assert ladder_rating("matador", "grandmaster") is None and ladder_rating("matador", None) is None


def test_ratings_are_kept_atomically_and_a_hostile_file_is_moved_aside() -> None:
    changes = note_match(scripted("leyden", [0, 0, 1]), seats=[0])
    assert len(changes) == 1 and ratings_path().exists()
    ratings, message = load_ratings()
    assert message is None and ratings.standing("Ann", "leyden") == Ratings.from_json(ratings.to_json()).standing("Ann", "leyden")
    save_ratings(ratings)
    assert [p.name for p in ratings_path().parent.iterdir() if p.name.endswith(".tmp")] == []
    for hostile in (
        "[]",
        '{"version": 1, "players": {"Ann": {"matador": {"r": 1e400, "rd": 50, "vol": 0.06}}}}',
        '{"version": 1, "players": {"Ann": {"matador": {"r": "high", "rd": 50, "vol": 0.06}}}}',
        '{"version": 1, "players": {"Ann": {"chess": {"r": 1500, "rd": 50, "vol": 0.06}}}}',
        '{"version": 1, "players": {"Ann": {"matador": {"r": 1500, "rd": 50, "vol": 0.06, "history": [["x", 1, 2, "m"]]}}}}',
        '{"version": 99, "players": {}}',
        '{"version": 1, "players": {"Ann": {"matador": {"r": 1500, "rd": -5, "vol": 0.06}}}}',
    ):
        ratings_path().write_text(hostile)
        ratings, message = load_ratings()
        assert ratings.table == {} and message and "could not be read" in message, hostile
        assert not ratings_path().exists()  # moved aside, not deleted
    assert len(list(ratings_path().parent.glob("ratings.json.broken-*"))) >= 1


def test_the_ladder_s_kinds_and_pairs_come_from_the_registry() -> None:
    """A level registered is rated in its order's place, with ``--near`` only its
    neighbours play it (a chain: every kind is joined to the next), the ceiling
    that sees every hand comes last, and a stopped run holds every pair alike."""
    from game.ai import levels
    from game.rating.ladder import RANDOM, games_of, run_all, setups

    hard = levels.get("hard")
    assert hard is not None
    expert = levels.Level(EXPERT, hard.player, 2 * hard.budget_s, "Expert", "expert", "Hard, thinking twice as long.", 31)
    with levels.registered(expert):
        order = ladder_kinds()
        fair = [level for level in levels.ids() if level != RANDOM]
        assert order == (RANDOM, *fair, *(seer.id for seer in levels.seers())) and EXPERT in order
        chain = {setup.lineup for setup in setups(["matador"], 1, 0.1, near=1)}
        assert chain == {(order[i], order[i + 1]) for i in range(len(order) - 1)}
        near2 = {setup.lineup for setup in setups(["matador"], 1, 0.1, near=2)}
        assert chain < near2 and all(order.index(b) - order.index(a) <= 2 for a, b in near2)
        assert len(setups(["matador", "leyden"], 1, 0.1)) == 2 * math.comb(len(order), 2)
    plan = setups(["matador"], 1, 0.01, near=1)[:3]
    started = [(k, result.index) for k, result in itertools.islice(run_all(plan, 6, 2, 1), 6)]
    counts = [games_of(setup, 6, 2) for setup in plan]
    paces = [i / counts[k] for k, i in started]
    assert paces == sorted(paces)  # every pair at the same pace: a stopped run is cut evenly


def test_the_module_keeps_the_rule_sets_not_run_again_less_the_kinds_remeasured() -> None:
    from game.rating.ladder import as_module

    data = {
        "games": 10,
        "hard_games": 4,
        "rules": {"matador": {"ratings": {kind: {"rating": 1500.0 + i, "se": 0.0 if kind == "medium" else 9.0} for i, kind in enumerate(ladder_kinds())}}},
    }
    kept = {"matador": {"medium": (1500.0, 0.0)}, "family": {"random": (1200.0, 20.0), "easy": (1400.0, 20.0), "medium": (1500.0, 0.0)}}
    namespace: dict[str, Any] = {}
    exec(compile(as_module(data, "python -m game ladder ...", kept, ["easy"]), "ladder_table", "exec"), namespace)
    table = namespace["LADDER"]
    assert list(table) == ["matador", "family"]  # in the kept table's order
    assert set(table["matador"]) == set(ladder_kinds())  # measured again: the new row
    assert table["family"] == {"random": (1200.0, 20.0), "medium": (1500.0, 0.0)}  # kept, but easy's play changed
