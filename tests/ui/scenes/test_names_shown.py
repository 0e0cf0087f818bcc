"""Default names are worded where they show, in the language of the moment
(game.words.names): Statistics, a laid tile's tag, New game's question over a
saved match; and at a couch the people's default names are their seats'."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game import i18n
from game.engine import Match, PlayerInfo, Rules
from game.profile.saves import save_match
from game.profile.settings import Settings
from game.profile.stats import Statistics, load_stats, save_stats
from game.ui.scenes.keep_saved import KeepSavedScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.statistics_screen import StatisticsScene
from game.ui.scenes.title import TitleScene
from game.ui.table import HandoffScene, TableScene, handoff_title
from game.ui.drawing.text import TextCache
from game.play.thinker import Thinker

from tests.words.test_names_codes import played

from tests.ui.conftest import advance


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


one_round = played  # a one-round match played to its end by the first legal move (tests/words/test_names_codes.py)


def counted(stats: Statistics, match: Match) -> None:
    for state in match.rounds:
        assert state.outcome is not None
        stats.add_round(match, state.outcome)
    stats.add_match(match)


def test_statistics_in_german_after_matches_against_hard_in_english_show_one_opponent(make_app: Any, ui: Any, german: None) -> None:
    """Today's file of matches played in English ("You" against "Hard"), then a
    match played in German: Statistics lists "Du" and "Schwer", once each."""
    today = Statistics()
    counted(today, one_round([PlayerInfo("You"), PlayerInfo("Hard", "computer", "hard")], 1))  # as today's code kept it, in English
    save_stats(today)
    stats, _message = load_stats()  # what the table's keeping does: read, count, save
    counted(stats, one_round([PlayerInfo("@you"), PlayerInfo("@hard", "computer", "hard")], 2))
    save_stats(stats)

    app = make_app((1024, 700))
    scene = StatisticsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert list(scene.shown_names) == ["Du", "Schwer"]
    assert scene.names == ["@you", "@hard"] and scene.stats is not None
    assert scene.stats.record("@hard", "matador").matches_played == 2
    texts = [text for text, _, _ in scene.drawn_text]
    assert "Du" in texts and "You" not in texts  # the selected player's heading
    app.step([ui.key(pygame.K_DOWN)], 0.016)
    assert scene.selected == "@hard" and "Schwer" in [text for text, _, _ in scene.drawn_text]


def test_a_laid_tile_s_tag_says_du_in_german(make_app: Any, ui: Any, monkeypatch: pytest.MonkeyPatch, german: None) -> None:
    """At a couch continued from a save of today ("You" and Bea), Bea's turn: the
    tag on the tile the other person laid says "Du", as that seat's plaque does."""
    drawn: list[str] = []
    render = TextCache.render

    def recording(self: TextCache, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", recording)
    app = make_app((1280, 800))
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("@you"), PlayerInfo("Bea")], 3)
    match.next_round()
    advance(match, 6, 3)
    while match.round.current_player != 1:  # Bea to move, after the other person's move
        match.push(match.round.legal_moves()[0])
    assert any(seat == 0 and action.kind == "lay" for seat, action in match.round.history)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    for _ in range(20):  # the cover "Pass to Bea", lifted by a key a moment after it shows
        app.step([], 0.1)
        if table.model.viewer == 1:
            break
        app.step([ui.key(pygame.K_SPACE)], 0.1)
    assert table.model.viewer == 1 and table.renderer is not None
    tags, _labels = table.renderer.marks(table.snapshot, set())
    seats = {seat for seat, _action in table.snapshot.news_actions}
    assert seats == {0} and len(tags) == len(table.snapshot.news_actions)
    assert "Du" in drawn
    assert not {"You", "@you"} & set(drawn)


def test_new_game_over_a_save_of_today_names_the_players_in_german(make_app: Any, ui: Any, german: None) -> None:
    """A save written today ("You", Bea, Player 3 in English), New game in German:
    the question names "Du" and "Spieler 3", Bea as she typed it."""
    match = Match(Rules.from_base("matador", 3), [PlayerInfo("You"), PlayerInfo("Bea"), PlayerInfo("Player 3")], 1)
    match.next_round()
    save_match(match)
    app = make_app((1024, 700))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(app, title.buttons["new"].rect.center)
    ask = app.top
    assert isinstance(ask, KeepSavedScene)
    assert "Du, Bea" in ask.words and "Spieler 3" in ask.words and "You" not in ask.words, ask.words


def form_app(make_app: Any) -> tuple[Any, NewGameScene]:
    app = make_app((1280, 800))
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    form = NewGameScene()
    app.push(form)
    app.step([], 0.016)
    return app, form


def step_to(app: Any, ui: Any, form: NewGameScene, seat: int, kind: str) -> None:
    """Step seat ``seat``'s kind back until it is ``kind`` (the cycle is the levels' registry's)."""
    for _ in range(20):
        if form.seats[seat]["kind"] == kind:
            return
        ui.click(app, form.buttons[f"kind{seat}:-1"].rect.center)
    raise AssertionError(f"seat {seat} never became {kind}")


def test_people_sharing_the_screen_are_player_n_and_one_person_is_you(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app)
    assert form.entries[0].get_text() == "You"
    step_to(app, ui, form, 1, "human")  # seat 2: a person
    assert form.seats[1]["kind"] == "human"
    assert [form.entries[i].get_text() for i in (0, 1)] == ["Player 1", "Player 2"]
    ui.click(app, form.buttons["kind1:1"].rect.center)  # seat 2 a computer again: one person
    assert form.entries[0].get_text() == "You"
    ui.click(app, form.buttons["kind1:-1"].rect.center)
    ui.click(app, form.buttons["players:1"].rect.center)  # three seats: the third a computer
    step_to(app, ui, form, 2, "human")  # seat 3 too
    assert form.seats[2]["kind"] == "human", form.seats
    assert [form.entries[i].get_text() for i in (0, 1, 2)] == ["Player 1", "Player 2", "Player 3"]
    ui.click(app, form.buttons["start"].rect.center)
    cover = app.top  # three people at one screen: the first turn opens behind the cover
    assert isinstance(cover, HandoffScene) and handoff_title(cover.name).startswith("Pass to Player ")
    table = next(scene for scene in reversed(app.scenes) if isinstance(scene, TableScene))
    assert [p.name for p in table.model.match.players] == ["@player:1", "@player:2", "@player:3"]
    assert not any(handoff_title(name) == "Pass to you" for name in table.model.names)
    assert handoff_title(table.model.names[0]) == "Pass to Player 1"


def test_a_typed_name_stays_as_people_come_and_go_and_the_defaults_speak_german(make_app: Any, ui: Any, german: None) -> None:
    app, form = form_app(make_app)
    assert form.entries[0].get_text() == "Du"
    step_to(app, ui, form, 1, "human")  # two people
    assert [form.entries[i].get_text() for i in (0, 1)] == ["Spieler 1", "Spieler 2"]
    entry = form.entries[1]
    ui.click(app, entry.rect.center)
    app.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 12 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Bea"], 0.016)
    assert form.seats[1]["name"] == "Bea"
    ui.click(app, form.buttons["players:1"].rect.center)  # a third seat, a computer: the names stay
    assert [form.entries[i].get_text() for i in (0, 1)] == ["Spieler 1", "Bea"]
    assert form.state.players_info()[0].name == "@player:1" and form.state.players_info()[2].name == "@medium"
