"""Settings, Rules and Statistics: changes apply and are saved at once, Back and
Esc go back, the rules show real tiles, the statistics show the recorded names."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.profile.settings import Settings, load_settings, settings_path
from game.profile.stats import Statistics, save_stats, stats_path
from game.ui.shell.audio import Audio
from game.ui.shell.scene import Scene
from game.ui.scenes.rules_screen import RulesScene
from game.ui.scenes.settings_screen import SettingsScene
from game.ui.scenes.statistics_screen import StatisticsScene


def centre(element: Any) -> tuple[int, int]:
    rect = element.get_abs_rect()
    return int(rect.centerx), int(rect.centery)


def open_scene(make_app: Any, ui: Any, scene: Scene, size: tuple[int, int] = (800, 600)) -> Any:
    app = make_app(size)
    base = Scene()
    app.push(base)
    app.push(scene)
    ui.settle(app, 2, 0.016)
    return app, base


def test_settings_choice_applies_and_is_saved_at_once(make_app: Any, ui: Any) -> None:
    settings = Settings()
    audio = Audio(0.8, True)
    scene = SettingsScene()
    app = make_app((800, 600))
    app.services.update(settings=settings, audio=audio)
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert not settings_path().exists()

    fast = dict(scene.choices["animation_speed"].buttons)["fast"]
    ui.click(app, ui.wheel_to(app, fast))
    assert settings.animation_speed == "fast"
    on_disk = json.loads(settings_path().read_text())
    assert on_disk["animation_speed"] == "fast"

    slow = dict(scene.choices["computer_speed"].buttons)["slow"]
    ui.click(app, ui.wheel_to(app, slow))
    off = dict(scene.choices["hints"].buttons)[False]
    ui.click(app, ui.wheel_to(app, off))
    sound_off = dict(scene.choices["sound"].buttons)[False]
    ui.click(app, ui.wheel_to(app, sound_off))
    loaded, message = load_settings()
    assert message is None
    assert (loaded.computer_speed, loaded.hints, loaded.sound) == ("slow", False, False)
    assert not audio.enabled


def test_volume_slider_sets_the_audio_volume_and_saves(make_app: Any, ui: Any) -> None:
    settings = Settings(volume=0.8)
    audio = Audio(0.8, True)
    app = make_app((800, 600))
    app.services.update(settings=settings, audio=audio)
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    slider = scene.volume_slider
    assert slider is not None
    assert slider.left_button is not None
    pygame.event.clear()
    for _ in range(3):  # the arrow steps the volume down
        ui.click(app, centre(slider.left_button))
        # pygame_gui posts the arrow's press to the event queue, as the real loop reads it
        app.step(pygame.event.get(), 0.016)
        app.step(pygame.event.get(), 0.016)
    ui.settle(app, 10, 0.05)
    assert audio.volume < 0.8
    assert settings.volume == audio.volume
    assert abs(json.loads(settings_path().read_text())["volume"] - audio.volume) < 1e-9


def test_window_size_choice_resizes_the_app(make_app: Any, ui: Any) -> None:
    settings = Settings()
    app = make_app((800, 600))
    app.services["settings"] = settings
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    button = dict(scene.choices["window_size"].buttons)[(1024, 768)]
    ui.click(app, ui.wheel_to(app, button))
    assert app.size == (1024, 768)
    assert settings.window_size == (1024, 768)
    assert json.loads(settings_path().read_text())["window_size"] == [1024, 768]
    ui.settle(app, 2, 0.016)
    # laid out again for the new size, with the choice shown as selected
    assert scene.size == (1024, 768)
    assert dict(scene.choices["window_size"].buttons)[(1024, 768)].is_selected


def test_unreadable_settings_file_is_reported(make_app: Any, ui: Any) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{ not json")
    app = make_app((800, 600))
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.load_message and "could not be read" in scene.load_message
    labels = " ".join(getattr(e, "text", "") for e in scene.gui.get_sprite_group().sprites())
    assert "settings.json.broken-" in labels and "could not be read" in labels


def test_esc_and_back_pop_each_info_scene(make_app: Any, ui: Any) -> None:
    for make in (SettingsScene, RulesScene, StatisticsScene):
        app, base = open_scene(make_app, ui, make())
        app.step([ui.key(pygame.K_ESCAPE)], 0.016)
        assert app.top is base, make
        scene = make()
        app.push(scene)
        ui.settle(app, 2, 0.016)
        ui.click(app, centre(scene.back_button))
        assert app.top is base, make


def test_info_scenes_make_their_services_when_missing(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    app.services.clear()
    app.push(SettingsScene())
    ui.settle(app, 2, 0.016)
    assert isinstance(app.services["settings"], Settings)
    assert isinstance(app.services["audio"], Audio)
    assert "art" in app.services


def test_rules_scene_draws_real_tiles(make_app: Any, ui: Any) -> None:
    art = ui.shared_art()
    asked: list[tuple[int, int]] = []
    real_face = art.face

    def spy(a: int, b: int, length: int, vertical: bool = False) -> pygame.Surface:
        asked.append((a, b))
        return real_face(a, b, length, vertical)

    art.face = spy
    try:
        app = make_app((800, 600))
        scene = RulesScene()
        app.push(scene)
        ui.settle(app, 2, 0.016)
        # the basics: a line joined by sevens, and the four matadors
        assert {(3, 5), (2, 6), (1, 4)} <= set(asked)
        assert {(0, 0), (6, 1), (5, 2), (4, 3)} <= set(asked)
        asked.clear()
        leyden = next(i for i, tab in enumerate(scene.tabs) if tab.text == "Leyden")
        ui.click(app, centre(scene.tabs[leyden]))
        assert scene.page.id == "leyden"
        assert (3, 3) in asked  # the spinner of the cross
        assert (4, 3) in asked  # the crosswise matador
    finally:
        del art.face  # the instance attribute goes; the method is back


def test_rules_scene_has_every_rule_set_and_scrolls(make_app: Any, ui: Any) -> None:
    from game.engine import RULE_SETS

    app = make_app((800, 600))
    scene = RulesScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    from game.ui.scenes.rules_text import pages

    assert set(RULE_SETS) <= {p.id for p in scene.pages} and scene.pages == pages()
    assert scene.max_scroll > 0
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)], 0.016)
    assert scene.scroll > 0
    app.step([ui.key(pygame.K_END)], 0.016)
    assert scene.scroll == scene.max_scroll
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert scene.scroll == 0
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert scene.page.id == "matador"


def test_statistics_scene_shows_recorded_names(make_app: Any, ui: Any) -> None:
    stats = Statistics()
    rec = stats.record("Ann", "leyden")
    rec.matches_played, rec.matches_won, rec.rounds_played, rec.rounds_won, rec.best_round = 3, 2, 11, 7, 42
    stats.record("Bob", "matador").rounds_played = 5
    save_stats(stats)
    app = make_app((800, 600))
    scene = StatisticsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.message is None
    shown = [scene.shown_names[s] for s in scene.shown_names]
    assert shown == ["Ann", "Bob"]
    texts = [t for t, _, _ in scene.drawn_text]
    assert "Ann" in texts and "Leyden" in texts and "42" in texts
    # pick Bob in the list
    bob = next(b for b in scene.name_list.item_list_container.elements if getattr(b, "text", "") == "Bob")
    pygame.event.clear()
    ui.click(app, centre(bob))
    app.step(pygame.event.get(), 0.016)  # the list hears of the press through the queue
    ui.settle(app, 2, 0.016)
    assert scene.selected == "Bob"
    assert "Matador" in [t for t, _, _ in scene.drawn_text]


def test_statistics_empty_and_unreadable(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = StatisticsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.name_list is None and scene._empty
    app.pop()
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text("[1, 2")
    scene = StatisticsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.message and "could not be read" in scene.message
    labels = " ".join(getattr(e, "text", "") for e in scene.gui.get_sprite_group().sprites())
    assert "statistics.json.broken-" in labels and "could not be read" in labels


def test_draw_changes_nothing(make_app: Any, ui: Any) -> None:
    for make in (SettingsScene, RulesScene, StatisticsScene):
        app = make_app((800, 600))
        scene = make()
        app.push(scene)
        ui.settle(app, 2, 0.016)
        before = {k: v for k, v in vars(scene).items() if isinstance(v, (int, float, str, bool, tuple))}
        for _ in range(3):
            scene.draw(app.surface)
        after = {k: v for k, v in vars(scene).items() if isinstance(v, (int, float, str, bool, tuple))}
        assert before == after
