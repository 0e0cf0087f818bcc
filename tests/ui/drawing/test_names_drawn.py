"""Names in every script a player may type are drawn, not shown as empty boxes
(game/ui/drawing/script_font.py): in the game's own text, in pygame_gui's widgets, at the
table and in Past matches; each script shaped and in its direction."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import PlayerInfo
from game.ui.drawing.gui_fonts import ScriptGUIFont
from game.ui.drawing.script_font import ScriptFont
from game.ui.drawing.script_runs import bidi_class, hidden, invisible
from game.ui.drawing.text import TextCache, noto

from tests.ui.conftest import new_table, settle

NAMES = {
    "Hebrew": "שרה כהן",
    "Arabic": "ليلى",
    "Persian": "دانیال",
    "Greek": "Ἀλέξανδρος",
    "Cyrillic": "Наташа",
    "Devanagari": "प्रिया क्षत्रिय",
    "emoji": "Bo 😀🎲",
    "mixed": "Ann שרה 12",
}
MISSING = "\u4e00"  # a character no shipped font has: each font draws its empty box for it


def _pixels(picture: pygame.Surface) -> bytes:
    return pygame.image.tobytes(picture, "RGBA")


def _fonts_used(font: ScriptFont, text: str) -> list[tuple[str, pygame.font.Font]]:
    found = []
    for char in text:
        if hidden(char) or invisible(char) or bidi_class(char) in ("M", "N") and char.isspace():
            continue
        drawing = font._font_of(char)
        assert drawing is not None, f"no font draws {char!r} (U+{ord(char):04X})"
        found.append((char, drawing))
    return found


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("script", sorted(NAMES))
def test_no_character_of_a_name_is_the_empty_box(make_app: Any, script: str, bold: bool) -> None:
    make_app()
    font = noto(22, bold)
    assert isinstance(font, ScriptFont)
    name = NAMES[script]
    assert None not in font.metrics(name)
    for char, drawing in _fonts_used(font, name):
        box = pygame.font.Font.render(drawing, MISSING, True, (255, 255, 255))
        glyph = pygame.font.Font.render(drawing, char, True, (255, 255, 255))
        assert glyph.get_size() != box.get_size() or _pixels(glyph) != _pixels(box), f"{char!r} is drawn as the empty box"
    picture = TextCache().render(name, 30, (255, 255, 255), bold)
    assert picture.get_width() > 0 and picture.get_bounding_rect().width > picture.get_width() // 2


def test_hebrew_is_drawn_right_to_left(make_app: Any) -> None:
    make_app()
    font = noto(30)
    (run,) = font.runs("שלום")
    hebrew = font._font(run)
    assert hebrew is not font and run.rtl
    drawn = font.render("שלום", True, (255, 255, 255))
    hebrew.set_direction(pygame.DIRECTION_RTL)
    hebrew.set_script("Hebr")
    try:
        right_to_left = hebrew.render("שלום", True, (255, 255, 255))
    finally:
        hebrew.set_direction(pygame.DIRECTION_LTR)
        hebrew.set_script("Zzzz")
    backwards = hebrew.render("שלום", True, (255, 255, 255))
    assert _pixels(drawn) == _pixels(right_to_left)
    assert _pixels(drawn) != _pixels(backwards)  # as pygame drew it before: the letters reversed
    # the first letter (shin, the widest) is at the right end
    shin = hebrew.size("ש")[0]
    assert drawn.get_bounding_rect().right >= drawn.get_width() - shin


def test_arabic_letters_are_joined_and_devanagari_shaped(make_app: Any) -> None:
    make_app()
    font = noto(30)
    for word in ("ليلى", "سلام", "क्षत्रिय"):
        apart = sum(font.size(char)[0] for char in word)
        assert font.size(word)[0] < apart * 0.9, word  # joined forms and conjuncts take less room than the letters apart


def test_nothing_to_draw_is_a_picture_of_no_width(make_app: Any) -> None:
    make_app()
    font = noto(20)
    for text in ("\u202e", "\u200f\u200b", "\u0301", "\u200d"):
        picture = font.render(text, True, (255, 255, 255))
        assert picture.get_height() == font.get_height()
        assert font.size(text)[0] == picture.get_width()


def test_the_widgets_draw_names_in_every_script(make_app: Any) -> None:
    import pygame_gui

    app = make_app((1024, 768))
    gui = app.make_gui_manager()
    label = pygame_gui.elements.UILabel(pygame.Rect(10, 10, 400, 40), NAMES["Hebrew"], gui)
    gui.update(0.0)
    assert isinstance(label.font, ScriptGUIFont)
    assert None not in label.font.get_metrics(NAMES["Hebrew"] + NAMES["emoji"])
    hebrew = label.font.font._font(label.font.font.runs("שרה")[0])
    box = pygame.font.Font.render(hebrew, MISSING, True, (255, 255, 255))
    assert label.image.get_bounding_rect().width > box.get_width() * 2


def _played(names: list[str]) -> Any:
    """A round of ``names`` (each seat playing at random), finished."""
    import random

    from game.engine import Match, Rules

    match = Match(Rules.from_base("matador", len(names), {"target_score": None}), [PlayerInfo(n, "computer", "easy") for n in names], 3)
    rng = random.Random(3)
    state = match.next_round()
    while not state.over:
        match.push(rng.choice(state.legal_moves()))
    return match


def test_names_at_the_table_and_in_past_matches_are_drawn_by_fonts_that_have_them(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.archive.past_matches import keep

    drawn: list[str] = []
    render = ScriptFont.render

    def recording(self: ScriptFont, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        if isinstance(text, str):
            drawn.append(text)
            assert self.draws(c for c in text if not hidden(c)), f"{text!r} has a character no font draws"
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(ScriptFont, "render", recording)
    names = [NAMES["Hebrew"], NAMES["Arabic"], NAMES["emoji"]]
    app = make_app((1280, 800))
    seats = [PlayerInfo(names[0], "human"), PlayerInfo(names[1], "computer", "easy"), PlayerInfo(names[2], "computer", "easy")]
    new_table(app, "matador", seats)
    settle(app, 10)
    at_table = " ".join(drawn)
    for name in names:
        assert name in at_table, f"{name} is not on the table's plaques"
    assert keep(_played(names), abandoned=False) is not None
    drawn.clear()
    app.routes.open_past_matches()
    settle(app, 2)
    listed = " ".join(drawn)
    for name in names:
        assert name in listed, f"{name} is not in Past matches"
