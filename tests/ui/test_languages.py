"""Every screen outside the table in every language: no English left (a
pseudo-language marks and accents every translated sentence, and every line a
screen renders is checked for a plain English word), and the layout clean at
800x600 and 1280x800 in each language (German runs about 30% longer).
The table's own words (game/ui/table/) are not translated yet: its screens are
left out of the English check."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

import pygame
import pytest

from game import i18n
from game.engine import Match, PlayerInfo, Rules
from game.ui.layout_check import layout_problems
from game.ui.scene import Scene

LANGUAGES = ["nl", "de", "es", "pt_BR"]
SIZES = [(800, 600), (1280, 800)]
SEATS = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]
# Words on screen that are no sentence of ours: names (players', the game's) and
# controller buttons.
NOT_WORDS = {"Ann", "Bob", "Bot", "MATADOR", "LB", "RB", "LT", "RT", "Computer", "hard", "You", "Player"}
NOT_WORDS |= {"English", "Nederlands", "Deutsch", "Brasil"}  # each language named in itself


def _match(seed: int = 3) -> Match:
    match = Match(Rules.from_base("matador", 2), SEATS, seed)
    match.next_round()
    return match


def _statistics() -> Scene:
    from game.ui.scenes.statistics import StatisticsScene

    return StatisticsScene()  # with the figures of ui.filled_statistics (_make saves them)


def _past_matches() -> Scene:
    from game.past_matches import keep
    from game.ui.scenes.past_matches import PastMatchesScene

    keep(_match(), abandoned=True)
    return PastMatchesScene()


def _settings() -> Scene:
    from game.ui.scenes.settings import SettingsScene
    from game.storage import not_read

    return SettingsScene(not_read("settings", i18n._("it is damaged or incomplete")))


def _plain(module: str, name: str) -> Callable[[], Scene]:
    def make() -> Scene:
        import importlib

        return getattr(importlib.import_module(module), name)()  # type: ignore[no-any-return]

    return make


SCENES: dict[str, Callable[[], Scene]] = {
    "title": _plain("game.ui.scenes.title", "TitleScene"),
    "settings": _settings,
    "rules": _plain("game.ui.scenes.rules", "RulesScene"),
    "statistics": _statistics,
    "statistics-empty": _plain("game.ui.scenes.statistics", "StatisticsScene"),
    "new-game": _plain("game.ui.scenes.new_game", "NewGameScene"),
    "lessons": _plain("game.ui.scenes.lessons", "LessonsScene"),
    "past-matches": _past_matches,
    "past-matches-empty": _plain("game.ui.scenes.past_matches", "PastMatchesScene"),
}


def _keep_saved() -> Scene:
    from game.ui.scenes.keep_saved import KeepSavedScene

    return KeepSavedScene(_match())


def _over_table(name: str, app: Any, ui: Any) -> Scene:
    """A screen shown over the table (the table itself is built first)."""
    table = ui.new_table(app, "matador", list(SEATS))
    ui.settle(app, 3, 0.016)
    if name == "pause":
        from game.ui.scenes.pause import PauseScene

        return PauseScene(table)
    from game.ui.scenes.match_over import MatchOverScene

    return MatchOverScene(table)


def _make(name: str, app: Any, ui: Any) -> Scene:
    """The screen ``name``, with what it shows saved first."""
    if name == "statistics":
        ui.filled_statistics()
    if name in SCENES:
        return SCENES[name]()
    if name == "keep-saved":
        return _keep_saved()
    return _over_table(name, app, ui)


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", [*SCENES, "keep-saved", "pause", "match-over"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_layout_in_every_language(make_app: Any, ui: Any, language: Any, code: str, name: str, size: tuple[int, int]) -> None:
    language(code)
    app = make_app(size)
    scene = _make(name, app, ui)
    app.push(scene)
    ui.settle(app, 3, 0.016)
    problems = layout_problems(scene)
    if name == "rules":
        problems += ui.rules_page_problems(app, scene)
    assert problems == []


# No English left ----------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]{2,}")


def english_words(text: str) -> list[str]:
    """Words of plain ASCII letters in ``text`` that are not names: the pseudo-language
    accents every sentence it translates, so such a word did not go through it."""
    return [w for w in _WORD.findall(text) if w.isascii() and w not in NOT_WORDS]


class _Recorder:
    """Every text drawn with a pygame font (a font subclass in place of
    pygame.font.Font while a screen is built and drawn)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        recorder = self

        class RecordingFont(pygame.font.Font):
            def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
                if isinstance(text, str):
                    recorder.texts.append(text)
                return super().render(text, *args, **kwargs)

        self.font = RecordingFont


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> _Recorder:
    from game.ui.scenes import info

    found = _Recorder()
    monkeypatch.setattr(pygame.font, "Font", found.font)
    monkeypatch.setattr(info, "_FONTS", {})
    return found


def _widget_texts(scene: Any) -> list[str]:
    gui = getattr(scene, "gui", None)
    if gui is None:
        return []
    texts = []
    for element in gui.get_sprite_group().sprites():
        kind = type(element).__name__
        if kind in ("UISelectionList", "UITextEntryLine"):
            continue  # player names and past matches' rows (checked as rendered text)
        for attr in ("text", "html_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value.strip():
                texts.append(value)
    return texts


def test_the_check_finds_english(make_app: Any, ui: Any, language: Any, recorder: _Recorder) -> None:
    """The pseudo-language check fails on a screen that bypasses the catalog."""
    assert english_words("⟦Séttîñgš⟧ Back") == ["Back"]
    language(i18n.PSEUDO)
    app = make_app((800, 600))
    from game.ui.scenes.title import TitleScene

    scene = TitleScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    scene.text.render("Untranslated words", 20)
    assert "Untranslated" in english_words(" ".join(recorder.texts))


@pytest.mark.parametrize("name", [*SCENES, "keep-saved", "pause"])
def test_no_english_left_in_the_pseudo_language(
    make_app: Any, ui: Any, language: Any, recorder: _Recorder, name: str
) -> None:
    language(i18n.PSEUDO)
    app = make_app((1280, 800))
    app.notices[:] = [i18n._("There is no saved match to continue.")]  # the title shows a notice
    scene = _make(name, app, ui)
    app.push(scene)
    ui.settle(app, 2, 0.016)
    recorder.texts.clear()  # what the screens below drew is not this screen's
    scene.on_resize(app.size)  # built again, recorded
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    if name == "rules":
        for i in range(len(scene.tabs)):  # type: ignore[attr-defined]
            scene.show_page(i)  # type: ignore[attr-defined]
    texts = recorder.texts + _widget_texts(scene)
    assert texts, "nothing was recorded"
    left = {text: english_words(text) for text in texts if english_words(text)}
    assert left == {}


# Choosing the language in Settings ------------------------------------------------


def test_settings_switch_the_language_at_once_and_keep_it(make_app: Any, ui: Any, language: Any) -> None:
    """A click on the next-language arrow: Settings is rebuilt in Nederlands at once,
    the title below it too, and the choice is in the settings file."""
    from game.settings import load_settings
    from game.ui.scenes.settings import LANGUAGE_CHOICES, SettingsScene
    from game.ui.scenes.title import TitleScene

    language("en")
    app = make_app((1280, 800))
    title = TitleScene()
    app.push(title)
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.settings.language == "" and LANGUAGE_CHOICES[:2] == ("", "en")
    assert scene.language is not None
    forward = scene.language.on
    for _ in range(2):  # "" (the system's) -> English -> Nederlands
        ui.click(app, forward.rect.center)
        ui.settle(app, 1, 0.016)
        assert scene.language is not None
        forward = scene.language.on
    assert scene.settings.language == "nl" and i18n.current_language() == "nl"
    assert scene.language.shown.text == "Nederlands"
    shown = {getattr(e, "text", "") for e in scene.gui.get_sprite_group().sprites()}  # type: ignore[union-attr]
    assert {"Instellingen", "Geluid", "Terug", "Taal"} <= shown, shown
    assert load_settings()[0].language == "nl"
    title_words = {getattr(e, "text", "") for e in title.gui.get_sprite_group().sprites()}  # type: ignore[union-attr]
    assert "Nieuw spel" in title_words, title_words


def test_settings_language_by_keys(make_app: Any, ui: Any, language: Any) -> None:
    """The keys reach the language row (after the other rows) and Left/Right change it."""
    from game.ui.scenes.settings import SettingsScene

    language("en")
    app = make_app((800, 600))
    from game.settings import Settings

    app.services["settings"] = Settings(language="de")
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    while scene.focus_row != "language":
        app.step([ui.key(pygame.K_DOWN)], 0.016)
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert scene.settings.language == "es" and i18n.current_language() == "es"
    app.step([ui.key(pygame.K_LEFT)], 0.016)
    app.step([ui.key(pygame.K_LEFT)], 0.016)
    assert scene.settings.language == "nl" and scene.focus_row == "language"
