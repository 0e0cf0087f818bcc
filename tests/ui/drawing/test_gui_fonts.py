"""The widgets' fonts load when a widget first shows one (game/ui/drawing/gui_fonts.py):
the title's first frame waits for its own fonts only, every screen still shows
its words, and the title looks the same as with every font loaded up front."""

from __future__ import annotations

import warnings
from typing import Any

import pygame
import pytest
from pygame_gui.core.utility import FontResource

from game.ui.drawing import gui_fonts
from game.ui.drawing.gui_fonts import LazyFontLoader, LazyFontResource


def _theme_fonts(app: Any) -> dict[str, LazyFontResource]:
    fonts = app._gui_theme.get_font_dictionary().loaded_fonts
    return {font_id: res for font_id, res in fonts.items() if isinstance(res, LazyFontResource)}


def _title(make_app: Any, size: tuple[int, int] = (1280, 800)) -> Any:
    app = make_app(size)
    app.routes.open_title()
    app.step([], 0.016)
    return app


def test_the_title_loads_only_the_fonts_it_shows(make_app: Any) -> None:
    app = _title(make_app)
    fonts = _theme_fonts(app)
    assert len(fonts) >= 10, sorted(fonts)  # every size and style the theme names is known...
    loaded = sorted(font_id for font_id, res in fonts.items() if res.is_loaded)
    # ...and only the title buttons' (bold, 22 at 1280x800) is read from its file
    assert loaded == ["noto_sans_bold_aa_22"], loaded
    button = app.top.buttons["new"]
    assert button.font is fonts["noto_sans_bold_aa_22"].loaded_font


def test_every_screen_loads_the_fonts_it_shows(make_app: Any) -> None:
    app = _title(make_app)
    before = {font_id for font_id, res in _theme_fonts(app).items() if res.is_loaded}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns when a font the theme did not name is loaded late
        app.routes.open_side("settings")
        app.step([], 0.016)
    after = {font_id for font_id, res in _theme_fonts(app).items() if res.is_loaded}
    assert after > before  # the settings screen's own fonts came when it opened
    known = app._gui_theme.get_font_dictionary().loaded_fonts.values()
    shown = [element.font for element in app.top.gui.get_sprite_group().sprites() if getattr(element, "font", None) is not None]
    assert len(shown) > 10
    for font in shown:  # each widget's font is one of the theme's, loaded
        assert any(res.__dict__.get("_lazy_font", res.__dict__.get("loaded_font")) is font for res in known)


def test_the_title_looks_the_same_as_with_every_font_loaded_first(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    lazy = _title(make_app).surface.copy()

    def load_now(self: LazyFontLoader, resource: Any) -> None:  # pygame_gui's way: everything up front
        error = resource.load()
        assert error is None

    monkeypatch.setattr(gui_fonts.LazyFontLoader, "add_resource", load_now)
    eager_app = _title(make_app)
    fonts = eager_app._gui_theme.get_font_dictionary().loaded_fonts
    assert not any(isinstance(res, LazyFontResource) for res in fonts.values())
    assert all(res.loaded_font is not None for res in fonts.values())
    eager = eager_app.surface
    assert lazy.get_size() == eager.get_size()
    differing = pygame.mask.from_threshold(lazy, (0, 0, 0), (1, 1, 1, 255), eager, 1)
    assert lazy.get_view("1").raw == eager.get_view("1").raw, f"{differing.count()} pixels differ"


def test_a_font_that_cannot_be_read_is_tried_once(tmp_path: Any, caplog: pytest.LogCaptureFixture) -> None:
    style: dict[str, str | int | bool] = {"bold": False, "italic": False, "antialiased": True, "script": "Latn", "direction": pygame.DIRECTION_LTR}
    resource = FontResource("missing_12", 12, style, (str(tmp_path / "missing.ttf"), False))
    LazyFontLoader().add_resource(resource)
    assert isinstance(resource, LazyFontResource) and not resource.is_loaded
    tries = []
    original = FontResource.load

    def counted(self: FontResource) -> Any:
        tries.append(1)
        return original(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(FontResource, "load", counted)
        assert resource.loaded_font is None
        assert resource.loaded_font is None
    assert len(tries) == 1
    assert "missing_12" in caplog.text


def test_a_readable_font_loads_on_first_use(make_app: Any) -> None:
    make_app((800, 600))  # a window: pygame's font module is ready
    style: dict[str, str | int | bool] = {"bold": False, "italic": False, "antialiased": True, "script": "Latn", "direction": pygame.DIRECTION_LTR}
    from game.ui.drawing.text import FONT_DIR

    good = FontResource("noto_14", 14, style, (str(FONT_DIR / "NotoSans-Regular.ttf"), False))
    LazyFontLoader().add_resource(good)
    assert isinstance(good, LazyFontResource) and not good.is_loaded
    assert good.loaded_font is not None and good.is_loaded
    assert good.loaded_font.size("Matador")[0] > 0


def test_italics_are_slanted_from_the_upright_files(make_app: Any) -> None:
    """The app ships no italic Noto (build.spec): the Rules screen's captions are the
    regular and bold files slanted by FreeType, and they draw slanted."""
    from game.ui.drawing.text import noto

    make_app((800, 600))
    upright, slanted, bold_slanted = noto(20), noto(20, italic=True), noto(20, bold=True, italic=True)
    assert slanted.path.endswith("NotoSans-Regular.ttf") and bold_slanted.path.endswith("NotoSans-Bold.ttf")
    assert slanted.italic and bold_slanted.italic and not upright.italic
    word = "Matador"
    plain = pygame.image.tobytes(upright.render(word, True, (0, 0, 0), (255, 255, 255)), "RGB")
    leaning = pygame.image.tobytes(slanted.render(word, True, (0, 0, 0), (255, 255, 255)), "RGB")
    assert plain != leaning
