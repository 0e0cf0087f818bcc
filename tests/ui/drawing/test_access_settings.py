"""Settings for every player: text size, high contrast and reduced motion are
chosen on the Settings screen, take effect at once on every scene, and are kept
across starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame

from game.engine import PlayerInfo
from game.profile.settings import Settings, load_settings, save_settings, settings_path
from game.ui.drawing import access
from game.ui.shell.audio import Audio
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.settings_screen import SettingsScene

ROOT = Path(__file__).resolve().parents[3]


def centre(element: Any) -> tuple[int, int]:
    rect = element.get_abs_rect()
    return int(rect.centerx), int(rect.centery)


def settings_app(make_app: Any, ui: Any, size: tuple[int, int] = (1280, 800)) -> tuple[Any, SettingsScene, Settings]:
    settings = Settings()
    app = make_app(size)
    app.services.update(settings=settings, audio=Audio(0.8, False))
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    return app, scene, settings


def test_the_new_settings_apply_at_once_and_are_saved(make_app: Any, ui: Any) -> None:
    app, scene, settings = settings_app(make_app, ui)
    font_before = scene.choices["hints"].buttons[0][1].font.size("On")[1]
    ui.click(app, ui.wheel_to(app, dict(scene.choices["text_scale"].buttons)[150]))
    assert settings.text_scale == 150 and access.CURRENT.text_scale == 150
    assert access.text_factor(app.size) == 1.5
    # the screen was laid out again in the larger text, and is still clean
    assert scene.choices["hints"].buttons[0][1].font.size("On")[1] > font_before * 1.3
    assert layout_problems(scene) == []
    ui.click(app, ui.wheel_to(app, dict(scene.choices["high_contrast"].buttons)[True]))
    ui.click(app, ui.wheel_to(app, dict(scene.choices["reduce_motion"].buttons)[True]))
    assert access.CURRENT.high_contrast and access.CURRENT.reduce_motion
    on_disk = json.loads(settings_path().read_text())
    assert (on_disk["text_scale"], on_disk["high_contrast"], on_disk["reduce_motion"]) == (150, True, True)
    loaded, message = load_settings()
    assert message is None and (loaded.text_scale, loaded.high_contrast, loaded.reduce_motion) == (150, True, True)


def test_keys_change_the_text_size(make_app: Any, ui: Any) -> None:
    app, scene, settings = settings_app(make_app, ui)
    while scene.focus_row != "text_scale":
        app.step([ui.key(pygame.K_DOWN)], 0.016)
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert settings.text_scale == 125 and access.CURRENT.text_scale == 125
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert settings.text_scale == 150


def test_bad_values_in_the_file_fall_back_to_the_defaults() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"version": 1, "text_scale": 175, "high_contrast": "yes", "reduce_motion": 1, "hints": False}))
    loaded, message = load_settings()
    assert message is None and loaded.hints is False
    assert (loaded.text_scale, loaded.high_contrast, loaded.reduce_motion) == (100, False, False)


def test_the_settings_are_in_force_from_the_first_frame_of_the_next_start(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MATADOR_HOME=str(home), MATADOR_NO_CRASH_DIALOG="1")
    old = os.environ.get("MATADOR_HOME")
    os.environ["MATADOR_HOME"] = str(home)
    try:
        save_settings(Settings(text_scale=125, high_contrast=True, reduce_motion=True))
    finally:
        if old is None:
            del os.environ["MATADOR_HOME"]
        else:
            os.environ["MATADOR_HOME"] = old
    probe = (
        "import json, game.ui.shell.app as m\n"
        "from game.ui.drawing import access\n"
        "run = m.App.run\n"
        "def noted(self, max_frames=None):\n"
        "    self.on_flip.append(lambda app: print(json.dumps([access.CURRENT.text_scale, access.CURRENT.high_contrast,"
        " access.CURRENT.reduce_motion, app._gui_factor])) if app.frames == 1 else None)\n"
        "    return run(self, max_frames)\n"
        "m.App.run = noted\n"
        "from game.commands.cli import run as cli\n"
        "cli(['play', '--size', '1280x800', '--smoke-test', '1'])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [125, True, True, 1.25]


def test_reduce_motion_lays_tiles_without_gliding(make_app: Any, ui: Any) -> None:
    def glides_seen(reduce: bool) -> tuple[int, int]:
        access.CURRENT.reduce_motion = reduce
        app = make_app((1024, 700))
        seats = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]
        table = ui.new_table(app, "matador", seats, seed=3)
        glides = shifts = 0
        for _ in range(300):
            app.step([], 0.05)
            glides += len(table.motion.glides)
            shifts += table.motion.shift is not None
            if table.can_act() and len(table.model.state.history) >= 2:
                break
        assert len(table.model.state.history) >= 1  # the computer did move
        return glides, shifts

    assert glides_seen(False)[0] > 0  # normally the computer's tile glides in
    assert glides_seen(True) == (0, 0)


def test_high_contrast_chosen_over_the_table_repaints_its_tiles(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    app.services.update(settings=Settings(), audio=Audio(0.8, False))
    seats = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]
    table = ui.new_table(app, "matador", seats, seed=3)
    ui.settle(app, 10)

    def tile_pixels() -> Any:
        app.step([], 0.016)
        tile, rect = table.board.hand[0]
        return pygame.surfarray.array3d(app.surface.subsurface(rect.inflate(-4, -4))).reshape(-1, 3)

    def shares(pixels: Any) -> tuple[float, float]:
        white = float((pixels.min(axis=1) >= 254).mean())
        black = float((pixels.max(axis=1) <= 12).mean())
        return white, black

    plain_white, plain_black = shares(tile_pixels())
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    ui.click(app, ui.wheel_to(app, dict(scene.choices["high_contrast"].buttons)[True]))
    app.pop()
    assert app.top is table
    white, black = shares(tile_pixels())
    assert white > 0.5 and white > plain_white + 0.3  # a pure white face
    assert black > plain_black  # black pips, divider and edge


def test_every_setting_chosen_on_the_screen_is_kept_for_the_next_start(make_app: Any, ui: Any) -> None:
    """Each row of Settings set to another value by a click (the volume by its
    slider's value, the language by its button), then read back from the file
    the next start reads."""
    app, scene, settings = settings_app(make_app, ui)
    wanted: dict[str, object] = {}
    for key in list(scene.choices):
        current = getattr(settings, key) if key != "fullscreen" else app.fullscreen
        value, button = next((v, b) for v, b in scene.choices[key].buttons if v != current)
        ui.click(app, ui.wheel_to(app, button))
        ui.settle(app, 1, 0.016)
        wanted[key] = value
    scene.set_volume(35)
    wanted["volume"] = 0.35
    assert scene.language is not None
    while settings.language in ("", "en"):
        ui.click(app, centre(scene.language.on))
        ui.settle(app, 1, 0.016)
    wanted["language"] = settings.language
    app.pop()  # leaving the screen saves what is left to save
    loaded, message = load_settings()
    assert message is None
    window_size = wanted.pop("window_size")
    assert tuple(loaded.window_size) == tuple(window_size)  # type: ignore[arg-type]
    for key, value in wanted.items():
        assert getattr(loaded, key) == value, key
    assert set(wanted) | {"window_size"} == {key for key, _, _ in scene.rows()} | {"language"}  # every row


def test_the_readme_accessibility_section_lists_every_setting_of_the_screen(make_app: Any, ui: Any) -> None:
    app, scene, _ = settings_app(make_app, ui)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Accessibility", 1)[1].split("\n### ", 1)[0]
    for _key, label, _note in scene.rows():
        assert f"**{label}**" in section, label
    assert "**Never colour alone**" in section and "kept" in section
