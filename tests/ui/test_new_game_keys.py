"""The New game form by keyboard alone: Up/Down/Tab move a visible focus from
line to line, Left/Right change the focused line, typing fills a focused name,
Enter starts."""

from __future__ import annotations

from typing import Any

import pygame

from game.settings import Settings
from game.ui.thinker import Thinker
from game.ui.scenes.new_game import NewGameScene
from game.ui.table import TableScene
from game.ui.text import GOLD


def form_app(make_app: Any, size: tuple[int, int] = (800, 600)) -> tuple[Any, NewGameScene]:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    form = NewGameScene()
    app.push(form)
    app.step([], 0.016)
    return app, form


def keys(app: Any, ui: Any, *codes: int, mod: int = 0) -> None:
    for code in codes:
        event = ui.key(code)
        event.mod = mod
        app.step([event], 0.016)


def gold_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the focus ring's gold along the top edge just outside ``rect``."""
    y = rect.top - 3
    return sum(1 for x in range(rect.left, rect.right) if surface.get_at((x, y))[:3] == GOLD)


def test_arrows_walk_and_change_the_form_and_enter_starts(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app)
    assert form.focus_key is None  # no ring until the keyboard asks
    assert form.row_order == ["rules", "players", "hand_size", "drawing", "target_score", "kind0", "name0", "kind1"]
    players_rect = form.row_rects["players"]
    before = gold_pixels(app.surface, players_rect)

    keys(app, ui, pygame.K_DOWN, pygame.K_DOWN)
    assert form.focus_key == "players"
    assert gold_pixels(app.surface, players_rect) > players_rect.width // 2 > before  # the ring shows

    keys(app, ui, pygame.K_RIGHT)
    assert form.players == 3 and form.focus_key == "players"  # the form was rebuilt, the focus stayed
    keys(app, ui, pygame.K_UP, pygame.K_RIGHT)
    assert form.rule_id == "all-sevens" and form.focus_key == "rules"
    keys(app, ui, pygame.K_LEFT)
    assert form.rule_id == "matador"

    # Shift+Tab from the first line wraps to the last (the last seat's kind)
    keys(app, ui, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    last = form.row_order[-1]
    assert form.focus_key == last == f"kind{form.players - 1}"
    kind = form.seats[form.players - 1]["kind"]
    keys(app, ui, pygame.K_LEFT)
    assert form.seats[form.players - 1]["kind"] != kind

    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, TableScene)
    assert app.top.match.rules.players == form.players


def test_a_focused_name_takes_the_typing_and_tab_moves_on(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app, (1280, 800))
    order = form.row_order
    steps = order.index("name0") + 1
    keys(app, ui, *([pygame.K_TAB] * steps))
    assert form.focus_key == "name0"
    entry = form.entries[0]
    assert entry.is_focused
    app.step([ui.key(pygame.K_BACKSPACE)] * 10 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Zoë"], 0.016)
    keys(app, ui, pygame.K_LEFT)  # moves the caret, changes nothing else
    assert form.seats[0]["name"] == "Zoë" and form.focus_key == "name0"
    keys(app, ui, pygame.K_TAB)
    assert form.focus_key == "kind1" and not any(e.is_focused for e in form.entries.values())
    keys(app, ui, pygame.K_UP)
    assert form.focus_key == "name0" and form.entries[0].is_focused

    # a name two seats share: Enter does not start, the reason shows
    keys(app, ui, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT)  # seat 2: Medium -> Hard -> Person (round the end)
    assert form.seats[1]["kind"] == "human"
    keys(app, ui, pygame.K_DOWN)
    assert form.focus_key == "name1" and form.entries[1].is_focused
    app.step([ui.key(pygame.K_BACKSPACE)] * 12 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "zoë"], 0.016)
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert app.top is form and "Two seats" in (form.problem or "")
    assert not form.buttons["start"].is_enabled
    assert form.focus_key == "name1" and form.entries[1].is_focused  # still typing there


def test_a_click_on_a_name_moves_the_focus_there(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app)
    ui.click(app, form.entries[0].rect.center)
    assert form.focus_key == "name0"
    keys(app, ui, pygame.K_DOWN)
    assert form.focus_key == "kind1"
