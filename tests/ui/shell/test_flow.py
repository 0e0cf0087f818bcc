"""The whole app by synthetic events only: title -> new game -> a match of two
people and a computer (through the handoff covers) -> match over -> title."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.profile.settings import Settings, load_settings
from game.profile.stats import load_stats
from game.ui.shell import flow
from game.play.thinker import Thinker
from game.ui.shell.autosave import Autosaver
from game.ui.table import HandoffScene
from game.ui.scenes.match_over import MatchOverScene, headline
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.table import slot_of, targets_for
from game.ui.table import RoundEndScene
from game.words.names import worded


def button(scene: Any, text: str) -> pygame_gui.elements.UIButton:
    """The visible button showing ``text`` in ``scene``'s widgets."""
    for element in scene.gui.get_sprite_group().sprites():
        if isinstance(element, pygame_gui.elements.UIButton) and element.text == text and element.visible:
            return element
    raise AssertionError(f"no button {text!r} in {type(scene).__name__}")


def press(app: Any, ui: Any, scene: Any, text: str) -> None:
    target = button(scene, text)
    assert target.is_enabled, f"{text!r} is disabled"
    ui.click(app, target.rect.center)


def prepared_app(make_app: Any, size: tuple[int, int] = (1024, 700)) -> Any:
    app = make_app(size)
    app.services.update(
        thinker=Thinker("thread"),
        settings=Settings(animation_speed="fast", computer_speed="fast"),
        autosave=Autosaver(),
    )
    routes = flow.install(app)
    routes.load_user_files()
    routes.open_title()
    app.step([], 0.016)
    return app


def play_one_move(app: Any, ui: Any, table: TableScene) -> None:
    """One legal move by mouse: drag a tile to its place, click the boneyard or a button."""
    lays = [a for a in table.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in table.model.legal}
    count = len(table.model.state.history)
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
    assert len(table.model.state.history) > count or table.model.state.over


def test_title_to_match_over_with_two_people_and_a_computer(make_app: Any, ui: Any) -> None:
    app = prepared_app(make_app)
    title = app.top
    assert isinstance(title, TitleScene)
    assert "continue" not in title.buttons  # nothing saved yet
    press(app, ui, title, "New game")
    form = app.top
    assert isinstance(form, NewGameScene)

    # three seats: a person, a second person named Bea, an easy computer; one round
    ui.click(app, form.buttons["players:1"].rect.center)
    assert form.players == 3
    for seat, kind in ((1, "human"), (2, "easy")):  # stepped back from the default level (the registry's order)
        for _ in range(20):  # (fewer kinds than that)
            if form.seats[seat]["kind"] == kind:
                break
            ui.click(app, form.buttons[f"kind{seat}:-1"].rect.center)
    assert [s["kind"] for s in form.seats[:3]] == ["human", "human", "easy"]
    entry = form.entries[1]
    ui.click(app, entry.rect.center)
    app.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 12, 0.016)
    assert not form.buttons["start"].is_enabled  # an empty name cannot start
    assert "needs a name" in (form.problem or "")
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Bea"], 0.016)
    assert form.seats[1]["name"] == "Bea" and form.problem is None
    for _ in range(6):
        if form.options.get("target_score", 100) is None:
            break
        ui.click(app, form.buttons["target_score:1"].rect.center)
    assert button(form, "One round") is not None
    press(app, ui, form, "Start")

    table = app.top
    assert isinstance(table, HandoffScene) or isinstance(table, TableScene)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert [p.name for p in table.model.match.players] == ["@player:1", "Bea", "@easy"]  # two people: seat 1 is Player 1
    assert table.model.match.rules.target_score is None
    assert load_settings()[0].last_setup["players"] == 3

    covers = 0
    for _ in range(3000):
        top = app.top
        if isinstance(top, MatchOverScene):
            break
        if isinstance(top, HandoffScene):
            covers += 1
            ui.settle(app, 6, 0.05)
            ui.click(app, (500, 350))
        elif isinstance(top, RoundEndScene):
            press(app, ui, top, "Final scores")
        elif top is table and table.can_act():
            play_one_move(app, ui, table)
        else:
            app.step([], 0.05)
    over = app.top
    assert isinstance(over, MatchOverScene), type(over)
    match = table.model.match
    assert match.over and covers >= 1
    if match.winner == "draw":
        assert headline(match) == "The match is drawn"
    else:
        name = match.players[match.winner].name  # type: ignore[index]
        assert headline(match) == ("You win the match!" if name == "@you" else f"{worded(name)} wins the match!")
    stats, _ = load_stats()
    for seat, player in enumerate(match.players):
        record = stats.record(player.name, "matador")
        assert record.matches_played == 1 and record.rounds_played == 1
        assert record.matches_won == (1 if match.winner == seat else 0)

    press(app, ui, over, "Title")
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1
    assert "continue" not in app.top.buttons  # a finished match leaves no save
    app.services["autosave"].close()


def test_keyboard_on_the_title_and_pause_save_and_leave(make_app: Any, ui: Any) -> None:
    app = prepared_app(make_app, (800, 600))
    title = app.top
    assert isinstance(title, TitleScene)
    app.step([ui.key(pygame.K_RETURN)], 0.016)  # the focus starts on New game
    assert isinstance(app.top, NewGameScene)
    app.step([ui.key(pygame.K_RETURN)], 0.016)  # Enter starts the prefilled setup
    table = app.top
    assert isinstance(table, TableScene)
    ui.settle(app, 10)
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    pause = app.top
    assert isinstance(pause, PauseScene)
    # Settings from the pause menu: what changed there reaches the table
    from game.ui.scenes.settings_screen import SettingsScene

    press(app, ui, pause, "Settings")
    assert isinstance(app.top, SettingsScene)
    think = table.options.think_s
    app.services["settings"].computer_speed = "slow"
    app.services["settings"].hints = False
    app.pop()
    assert app.top is pause and table.options.think_s > think and not table.options.hints
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert app.top is table
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    press(app, ui, app.top, "Save and leave")
    title = app.top
    assert isinstance(title, TitleScene) and len(app.scenes) == 1
    assert "continue" in title.buttons
    from game.ui.scenes.rules_screen import RulesScene
    from game.ui.scenes.statistics_screen import StatisticsScene

    for text, kind in (("Rules", RulesScene), ("Statistics", StatisticsScene)):
        press(app, ui, title, text)
        assert isinstance(app.top, kind)
        app.step([ui.key(pygame.K_ESCAPE)], 0.016)
        assert app.top is title
    app.step([ui.key(pygame.K_DOWN), ui.key(pygame.K_UP), ui.key(pygame.K_RETURN)], 0.016)
    again = app.top
    assert isinstance(again, TableScene)
    assert again.model.match.seed == table.model.match.seed
    assert [len(r.history) for r in again.model.match.rounds] == [len(r.history) for r in table.model.match.rounds]
    app.services["autosave"].close()


def test_every_menu_lays_itself_out_again_on_resize(make_app: Any, ui: Any) -> None:
    app = prepared_app(make_app, (800, 600))
    app.push(NewGameScene())
    def laid_out(scene: Any, size: tuple[int, int]) -> None:
        for name, element in scene.buttons.items():
            assert pygame.Rect((0, 0), size).contains(element.rect), (type(scene).__name__, name, size)

    for size in ((1920, 1080), (640, 480)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
        laid_out(app.top, size)
        title = app.scenes[0]
        if not title.rested:  # (covered, unseen: laid out once uncovered)
            laid_out(title, size)
    app.pop()
    laid_out(app.top, (640, 480))
    app.services["autosave"].close()
