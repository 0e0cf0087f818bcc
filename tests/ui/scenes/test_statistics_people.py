"""Statistics: the people are listed before the computer players, and "assisted"
marks only the seat that took a move back or asked for a hint, never the
computer that beat them."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.engine import Match, PlayerInfo, Rules
from game.profile.settings import Settings
from game.profile.stats import Statistics, load_stats, save_stats, stats_path
from game.ui.shell import flow
from game.ui.shell.autosave import Autosaver
from game.ui.scenes.statistics_screen import StatisticsScene
from game.ui.table import RoundEndScene, TableScene, slot_of, targets_for
from game.play.thinker import Thinker


def one_move(app: Any, ui: Any, table: TableScene) -> None:
    """A legal move by mouse: a tile dragged to its place, the boneyard clicked, or Pass."""
    lays = [a for a in table.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in table.model.legal}
    if lays:
        tile = lays[0].tile
        assert tile is not None
        slot = slot_of(targets_for(tile, table.model.legal)[0].variant(0), table.board.layout)
        rect = table.board.hand_rect(tile)
        assert slot is not None and rect is not None
        ui.drag(app, rect.center, slot.rect.center)
    elif "draw" in kinds:
        ui.click(app, table.board.regions.boneyard.center)
    else:
        app.step([], 0.016)
        ui.click(app, table.toolbar.turn["pass" if "pass" in kinds else "refuse"].rect.center)
        app.step([], 0.016)


def test_a_hint_marks_the_person_assisted_and_not_the_computer(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    app.services.update(
        thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"), autosave=Autosaver()
    )
    routes = flow.install(app)
    routes.load_user_files()
    rules = Rules.from_base("matador", 2, {"target_score": None})  # one round
    match = Match(rules, [PlayerInfo("Zoe"), PlayerInfo("@easy", "computer", "easy")], 5)
    table = routes.start_match(match)
    asked = False
    for _ in range(3000):
        top = app.top
        if isinstance(top, RoundEndScene):
            break
        if top is table and table.can_act():
            if not asked:
                app.step([ui.key(pygame.K_h)], 0.016)  # the person asks for a hint
                asked = True
                ui.settle(app, 20, 0.05)
            one_move(app, ui, table)
        else:
            app.step([], 0.05)
    assert isinstance(app.top, RoundEndScene) and match.over and match.assisted
    stats, _ = load_stats()
    zoe, easy = stats.record("Zoe", "matador"), stats.record("@easy", "matador")
    assert (zoe.rounds_played, zoe.assisted_rounds_played, zoe.assisted_matches_played) == (0, 1, 1)
    assert (easy.rounds_played, easy.matches_played, easy.assisted_rounds_played, easy.assisted_matches_played) == (1, 1, 0, 0)
    assert easy.matches_won == (match.winner == 1)
    assert stats.names() == ["Zoe", "@easy"]  # the person first, though "Easy" sorts before "Zoe"
    app.services["autosave"].close()

    # the screen: the person is listed and selected first; only her line speaks of help
    scene = StatisticsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.names == ["Zoe", "@easy"] and scene.selected == "Zoe"
    assert any(text.startswith("Assisted") for text, _, _ in scene.drawn_text)
    app.step([ui.key(pygame.K_DOWN)], 0.016)
    assert scene.selected == "@easy"
    assert not any(text.startswith("Assisted") for text, _, _ in scene.drawn_text)
    assert any("computer player" in text for text, _, _ in scene.drawn_text)


def test_people_first_also_in_a_file_written_before_kinds_were_kept(make_app: Any, ui: Any) -> None:
    stats = Statistics()
    for name in ("Hard", "Ann", "Easy 2", "bob"):
        stats.record(name, "matador").rounds_played = 2
    data = stats.to_json()
    del data["computers"]  # an older file
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps(data))
    loaded, message = load_stats()
    # the computers' default names in words become their codes (game.words.names)
    assert message is None and loaded.names() == ["Ann", "bob", "@easy:2", "@hard"]
    # once kinds are known, a person called "Hard" is a person
    loaded.record("Hard", "matador").rounds_played = 1
    save_stats(loaded)
    assert load_stats()[0].names() == ["Ann", "bob", "Hard", "@easy:2", "@hard"]
    scene = StatisticsScene()
    app = make_app((800, 600))
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.names == ["Ann", "bob", "Hard", "@easy:2", "@hard"]
    assert list(scene.shown_names) == ["Ann", "bob", "Hard", "Easy 2", "Hard "]  # (the list tells two "Hard" apart)
