"""Get better, and see it, through real scenes: a finished match's rating change on
the match-over screen (and "not rated" when assisted), the rating and its history
plotted on Statistics, each reviewed match's accuracy and luck in Past matches
with their plot, the deal's fingerprint on the table, and Check this deal in the
review (ok on a good record, what was changed on a tampered one). Every screen
laid out cleanly at 640x480 and 1280x800, at 100% and 150% text."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from typing import Any

import pygame
import pytest

from game.engine import Match, PlayerInfo, Rules, load_record, match_to_record
from game.engine.seal import fingerprint
from game.engine.state import PHASE_OVER, RoundOutcome
from game.archive.past_matches import keep, list_matches, load
from game.rating.glicko2 import Game, Rating, update
from game.rating.ladder_table import LADDER
from game.rating.player_rating import Ratings, load_ratings, save_ratings
from game.archive.reviews import _write_index
from game.profile.settings import Settings
from game.ui.drawing import access
from game.ui.shell import match_end
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.accuracy_luck import AccuracyLuckScene
from game.ui.scenes.deal_check import DealCheckScene
from game.ui.scenes.match_over import MatchOverScene
from game.ui.scenes.past_matches_screen import PastMatchesScene
from game.ui.scenes.statistics_screen import StatisticsScene
from game.ui.table import RoundEndScene, TableScene, review_table
from game.play.thinker import Thinker
from tests.ui.scenes.test_statistics_people import one_move

# (640x480 draws 100% whatever the text size chosen: access.text_factor)
SIZES = [((640, 480), 100), ((1280, 800), 100), ((1280, 800), 150)]
SIZE_IDS = ["640x480", "1280x800", "1280x800-150%"]


@pytest.fixture(autouse=True)
def _text_size() -> Any:
    yield
    access.CURRENT.text_scale = 100


def scripted(base: str, winners: list[int], level: str = "hard") -> Match:
    """A finished two-player match whose rounds Ann (seat 0) or the computer won as ``winners`` say."""
    match = Match(Rules.from_base(base, 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", level)], 1)
    for winner in winners:
        match.next_round()
        state = match.rounds[-1]
        state.outcome = RoundOutcome("domino", winner, (0, 0), (0, 0), None)
        state.phase = PHASE_OVER
    match.over, match.winner = True, winners[-1]
    return match


def played(seed: int, rounds: int = 1) -> Match:
    """Ann against a computer, both playing at random, ``rounds`` rounds."""
    rules = Rules.from_base("matador", 2, {"target_score": None if rounds == 1 else 500})
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "hard")], seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
    return match


def at(make_app: Any, ui: Any, size: tuple[int, int], scale: int, scene: Any) -> Any:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    app.push(scene)
    ui.settle(app, 2, 0.016)
    return app


# The match-over screen -------------------------------------------------------------------
def test_a_match_played_to_its_end_shows_the_rating_change_on_the_match_over_screen(make_app: Any, ui: Any) -> None:
    """A one-round match played by mouse through the real flow: the round's summary,
    Final scores, and the match-over screen says "Ann: Rating 1500 -> N", N being
    what ratings.json now keeps (Glicko-2 against the ladder's rating of Easy)."""
    app = make_app((1024, 700))
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    routes = app.routes
    routes.load_user_files()
    match = Match(Rules.from_base("matador", 2, {"target_score": None}), [PlayerInfo("Ann"), PlayerInfo("Easy", "computer", "easy")], 5)
    table = routes.start_match(match)
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene):
            break
        if app.top is table and table.can_act():
            one_move(app, ui, table)
        else:
            app.step([], 0.05)
    assert isinstance(app.top, RoundEndScene) and match.over and not match.assisted
    app.top.choose("leave")  # Final scores
    ui.settle(app, 2, 0.016)
    over = app.top
    assert isinstance(over, MatchOverScene)
    ratings, _ = load_ratings()
    standing = ratings.standing("Ann", "matador")
    assert standing is not None and standing.matches == 1
    opponent, se = LADDER["matador"]["easy"]
    won = match.rounds[0].outcome
    assert won is not None
    score = 1.0 if won.winner == 0 else 0.5 if won.winner is None else 0.0
    expected = update(Rating(), [Game(opponent, max(se, 1.0), score)])
    assert standing.rating == expected
    assert over.rating_lines == [f"Ann: Rating 1500 -> {round(expected.r)} (provisional)"]
    assert layout_problems(over) == []


@pytest.mark.parametrize("size, scale", SIZES, ids=SIZE_IDS)
def test_scripted_matches_show_their_known_changes_and_an_assisted_one_is_not_rated(
    make_app: Any, ui: Any, size: tuple[int, int], scale: int
) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    first = scripted("matador", [0, 0, 1])
    match_end.rate_match(app, first, set())
    table = TableScene(first, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(table)
    opponent, se = LADDER["matador"]["hard"]
    after = update(Rating(), [Game(opponent, se, s) for s in (1, 1, 0)])
    over = MatchOverScene(table, first)
    app.push(over)
    ui.settle(app, 2, 0.016)
    assert over.rating_lines == [f"Ann: Rating 1500 -> {round(after.r)} (provisional)"]
    assert layout_problems(over) == []
    app.pop()
    second = scripted("matador", [0])
    second.assisted = True  # Ann took a move back
    match_end.rate_match(app, second, {0})
    over = MatchOverScene(table, second)
    app.push(over)
    ui.settle(app, 2, 0.016)
    assert over.rating_lines == ["Ann: not rated: hints or undo used"]
    standing = load_ratings()[0].standing("Ann", "matador")
    assert standing is not None and standing.rating == after  # the assisted match moved nothing
    app.pop()
    over = MatchOverScene(table, first)  # a screen of another match says nothing of the last one's
    app.push(over)
    ui.settle(app, 2, 0.016)
    assert over.rating_lines == []


# Statistics --------------------------------------------------------------------------------
def rated_history(matches: int = 12) -> Ratings:
    ratings = Ratings()
    start = datetime(2026, 9, 1, 20, 0)
    rng = random.Random(2)
    for i in range(matches):
        ratings.rate(scripted("matador", [rng.choice([0, 1]) for _ in range(3)]), [0], now=start + timedelta(days=i))
    ratings.rate(scripted("leyden", [0]), [0], now=start)
    save_ratings(ratings)
    return ratings


@pytest.mark.parametrize("size, scale", SIZES, ids=SIZE_IDS)
def test_statistics_show_the_rating_with_its_deviation_and_plot_its_history(
    make_app: Any, ui: Any, size: tuple[int, int], scale: int
) -> None:
    from game.profile.stats import Statistics, save_stats

    ratings = rated_history()
    stats = Statistics()
    stats.record("Ann", "matador").rounds_played = 36
    save_stats(stats)
    scene = StatisticsScene()
    app = at(make_app, ui, size, scale, scene)
    standing = ratings.standing("Ann", "matador")
    leyden = ratings.standing("Ann", "leyden")
    assert standing is not None and leyden is not None
    shown = f"{round(standing.rating.r)} ± {round(standing.rating.rd)}"
    app.step([ui.key(pygame.K_END)], 0.016)
    words = [label for label, _spot, _cell in scene.drawn_text]
    assert any(w.startswith(f"Matador-like: {shown}") for w in scene.rating_words())
    assert any(w.startswith("Leyden-like: ") and "(provisional)" in w for w in scene.rating_words())
    assert layout_problems(scene) == []
    # the plot: one point per rated match, in order, higher on the screen where the rating is higher
    points = scene.rating_plots.points["matador"]
    assert len(points) == len(standing.history) == 12
    assert [x for x, _y in points] == sorted(x for x, _y in points) and len({x for x, _y in points}) == 12
    values = [p.r for p in standing.history]
    top, bottom = values.index(max(values)), values.index(min(values))
    assert points[top][1] < points[bottom][1]
    assert "leyden" not in scene.rating_plots.points  # one match: a rating, no line to draw
    assert "Rating" in words or any("Rating" in w for w in words)


def test_statistics_without_a_rating_say_how_to_get_one(make_app: Any, ui: Any) -> None:
    from game.profile.stats import Statistics, save_stats

    stats = Statistics()
    stats.record("Bea", "matador").rounds_played = 3
    save_stats(stats)
    scene = StatisticsScene()
    app = at(make_app, ui, (1280, 800), 100, scene)
    app.step([ui.key(pygame.K_END)], 0.016)
    assert "Not rated yet." in [label for label, _spot, _cell in scene.drawn_text]
    assert layout_problems(scene) == []


# Past matches: accuracy and luck ------------------------------------------------------------
def kept_reviews(count: int = 8) -> list[tuple[str, float, float]]:
    """``count`` kept matches with reviews of Ann's seat: (record, error rate, luck)."""
    entries = {}
    made = []
    start = datetime(2026, 10, 1, 20, 0)
    for i in range(count):
        path = keep(played(30 + i), abandoned=False)
        assert path is not None
        error, luck = 5.0 - 0.5 * i, (-1) ** i * 10.0 * i
        entries[path.name] = {
            "date": (start + timedelta(days=i)).isoformat(timespec="seconds"),
            "rules": "matador",
            "seats": {"0": {"name": "Ann", "choices": 10, "error_rate": error, "accuracy": 0.8, "luck": luck, "result": 1.0,
                            "adjusted": 100.0 - luck, "inaccuracies": 1, "mistakes": 1, "blunders": 0}},
        }  # fmt: skip
        made.append((path.name, error, luck))
    _write_index(entries)
    return made


@pytest.mark.parametrize("size, scale", SIZES, ids=SIZE_IDS)
def test_past_matches_show_each_reviewed_matchs_figures_and_open_their_plot(
    make_app: Any, ui: Any, size: tuple[int, int], scale: int
) -> None:
    made = kept_reviews()
    scene = PastMatchesScene()
    app = at(make_app, ui, size, scale, scene)
    assert layout_problems(scene) == []
    newest = scene.matches[scene.selected]
    record, error, luck = next(m for m in made if m[0] == newest.path.name)
    assert scene.figures_words(newest) == f"Coach: {error:.1f} points lost per decision  ·  accuracy 80%  ·  luck {luck:+.0f} points"
    assert scene.trend_button is not None
    ui.click(app, scene.trend_button.get_abs_rect().center)
    ui.settle(app, 2, 0.016)
    plot = app.top
    assert isinstance(plot, AccuracyLuckScene) and plot.name == "Ann"
    assert layout_problems(plot) == []
    errors, lucks = plot.plotted["error"], plot.plotted["luck"]
    assert len(errors) == len(lucks) == len(made)
    # oldest first: the error rate falls match by match, so each point stands lower on the screen
    assert [y for _x, y in errors] == sorted(y for _x, y in errors)
    assert lucks[1][1] > lucks[0][1] > lucks[2][1]  # luck 0, then -10 (lower), then +20 (higher)
    app.step([ui.key(pygame.K_END)], 0.016)
    assert layout_problems(plot) == []
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert app.top is scene


def test_a_match_not_yet_reviewed_says_so_and_without_reviews_there_is_no_plot_button(make_app: Any, ui: Any) -> None:
    keep(played(3), abandoned=False)
    scene = PastMatchesScene()
    at(make_app, ui, (1280, 800), 100, scene)
    assert scene.trend_button is None
    assert scene.figures_words(scene.matches[0]).startswith("Not reviewed yet")


# Deals anyone can check ---------------------------------------------------------------------
def test_the_table_shows_the_deals_fingerprint_before_the_first_action(make_app: Any, ui: Any) -> None:
    for size in ((640, 480), (1280, 800)):
        app = make_app(size)
        match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "hard")], 9)
        table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
        app.push(table)
        ui.settle(app, 2, 0.016)
        seal = match.seal(0)
        assert seal is not None and not match.round.history
        snap = table.snapshot
        words = f"deal {fingerprint(seal.commitment)}"
        assert snap.deal == words and snap.deal_first  # before the first action: kept even where the header is short
        assert layout_problems(table) == []


def review_of(make_app: Any, ui: Any, match: Match, size: tuple[int, int] = (1280, 800), scale: int = 100) -> tuple[Any, TableScene]:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    review = review_table(match, 0, 0, thinker=Thinker("thread"), on_leave=lambda s: app.pop(), analysis_mode="inline")
    app.push(review)
    ui.settle(app, 2, 0.016)
    return app, review


@pytest.mark.parametrize("size, scale", SIZES, ids=SIZE_IDS)
def test_check_this_deal_says_ok_on_a_good_record(make_app: Any, ui: Any, size: tuple[int, int], scale: int) -> None:
    path = keep(played(21), abandoned=False)
    assert path is not None
    match, _message = load(path)
    assert match is not None
    app, review = review_of(make_app, ui, load_record(match_to_record(match)), size, scale)
    look = review.mode.look
    assert look.check_button is not None and not look.check_button.visible  # in the round: the coach's room
    app.step([ui.key(pygame.K_END)], 0.016)
    ui.settle(app, 2, 0.016)
    assert look.check_button.visible
    assert layout_problems(review) == []
    ui.click(app, look.check_button.get_abs_rect().center)
    ui.settle(app, 2, 0.016)
    check = app.top
    assert isinstance(check, DealCheckScene) and check.holds
    assert check.verdict.startswith("OK: this deal is the one committed to before the first action")
    seal = match.seal(0)
    assert seal is not None and seal.seed is not None and seal.salt is not None
    shown = [label for label, _spot, _area in check.drawn_text]
    assert f"seed {seal.seed}" in shown and f"salt {seal.salt}" in shown
    assert layout_problems(check) == []
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert app.top is review


def tampered(change: str) -> Match:
    """A kept match whose file was changed after play, read back as Past matches reads it."""
    match = next(m for m in map(played, range(21, 80)) if m.rounds[0].boneyard_count >= 2)  # two tiles never drawn
    path = keep(match, abandoned=False)
    assert path is not None
    data = json.loads(path.read_text())
    round_obj = data["rounds"][0]
    if change == "seed":
        round_obj["deal_seed"] = "0" * 32
    else:  # the boneyard's last tile (never drawn) swapped with the one before it
        bone = round_obj["deal"]["boneyard"]
        bone[-1], bone[-2] = bone[-2], bone[-1]
    path.write_text(json.dumps(data))
    [past] = list_matches()
    loaded, message = load(past.path)
    assert loaded is not None, message
    return loaded


@pytest.mark.parametrize(
    "change, words",
    [
        ("seed", "Changed after play: the revealed seed and salt do not give the commitment made before the first action."),
        ("boneyard", "Changed after play: the boneyard's tile"),
    ],
)
def test_check_this_deal_reports_a_tampered_record(make_app: Any, ui: Any, change: str, words: str) -> None:
    match = tampered(change)
    app, review = review_of(make_app, ui, match)
    app.step([ui.key(pygame.K_c)], 0.016)  # C: the same as the button
    ui.settle(app, 2, 0.016)
    check = app.top
    assert isinstance(check, DealCheckScene) and not check.holds
    assert check.verdict.startswith(words)
    assert layout_problems(check) == []


def test_every_family_of_rule_sets_has_its_words() -> None:
    from game.engine.rules import FAMILIES
    from game.words.rule_sets import FAMILY_WORDS, family_title

    assert set(FAMILY_WORDS) == set(FAMILIES)
    assert [family_title(f) for f in FAMILIES] == ["Matador-like", "Leyden-like"]


def test_the_header_keeps_the_fingerprint_before_the_first_action_and_lets_it_yield_in_play() -> None:
    from game.ui.table import header_words

    text = "Matador  ·  round 2  ·  first to 100, double-six"
    width = len(text + "  ·  deal 3f9a c2d1")
    assert header_words(text, "deal 3f9a c2d1", False, width, len) == text + "  ·  deal 3f9a c2d1"  # room for all
    narrow = len("Matador  ·  round 2  ·  deal 3f9a c2d1")
    assert header_words(text, "deal 3f9a c2d1", True, narrow, len) == "Matador  ·  round 2  ·  deal 3f9a c2d1"  # before play: kept
    assert header_words(text, "deal 3f9a c2d1", False, narrow, len) == "Matador  ·  round 2"  # in play: the facts first
    assert header_words(text, "", True, narrow, len) == "Matador  ·  round 2"


def test_accuracy_and_luck_shows_each_person_in_turn(make_app: Any, ui: Any) -> None:
    """Two people reviewed: the one with more matches first; Next person (or Tab) the other."""
    from game.archive.reviews import Figures, TrendPoint

    def point(name: str, day: int, error: float) -> TrendPoint:
        figures = Figures(name, 10, error, 0.8, 5.0, 1.0, 95.0, 1, 0, 0)
        return TrendPoint(f"m{day}.json", datetime(2026, 5, day, 20), "matador", 0, figures)

    points = [point("Ann", 1, 3.0), point("Bea", 2, 1.0), point("Ann", 3, 2.0), point("Ann", 4, 1.0)]
    scene = AccuracyLuckScene(points)
    app = at(make_app, ui, (1280, 800), 100, scene)
    assert scene.names == ["Ann", "Bea"] and scene.name == "Ann" and len(scene.plotted["error"]) == 3
    assert scene.next_button is not None and layout_problems(scene) == []
    ui.click(app, scene.next_button.get_abs_rect().center)
    assert scene.name == "Bea" and len(scene.plotted["error"]) == 1
    app.step([ui.key(pygame.K_TAB)], 0.016)
    assert scene.name == "Ann"
