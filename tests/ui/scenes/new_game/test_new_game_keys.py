"""The New game form by keyboard alone: Up/Down/Tab move a visible focus from
line to line, Left/Right change the focused line, typing fills a focused name,
Enter starts."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import RULE_SETS
from game.profile.settings import Settings
from game.play.thinker import Thinker
from game.ui.scenes.new_game import NewGameScene
from game.ui.table import TableScene
from game.ui.drawing.text import GOLD


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


RULE_LINES = [f"rule:{rule_id}" for rule_id in RULE_SETS]


def test_arrows_walk_and_change_the_form_and_enter_starts(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app)
    assert form.focus_key is None  # no ring until the keyboard asks
    assert form.row_order == RULE_LINES + ["players", "hand_size", "drawing", "target_score", "kind0", "name0", "input0", "kind1"]
    players_rect = form.row_rects["players"]
    before = gold_pixels(app.surface, players_rect)

    keys(app, ui, *([pygame.K_DOWN] * (len(RULE_LINES) + 1)))
    assert form.focus_key == "players" and form.rule_id == "matador"  # walking over the list picks nothing
    assert gold_pixels(app.surface, players_rect) > players_rect.width // 2 > before  # the ring shows

    keys(app, ui, pygame.K_RIGHT)
    assert form.players == 3 and form.focus_key == "players"  # the line changed, the focus stayed
    keys(app, ui, pygame.K_UP)
    assert form.focus_key == "rule:wild-doubles"
    keys(app, ui, pygame.K_RIGHT)  # Left/Right on the list: the rule set under the ring...
    assert form.rule_id == "wild-doubles" and form.focus_key == "rule:wild-doubles"
    keys(app, ui, pygame.K_RIGHT)  # ...then the one below (round the end) or above
    assert form.rule_id == "matador" and form.focus_key == "rule:matador"
    keys(app, ui, pygame.K_LEFT)
    assert form.rule_id == "wild-doubles" and form.focus_key == "rule:wild-doubles"
    keys(app, ui, pygame.K_RIGHT)
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
    assert app.top.model.match.rules.players == form.players


def test_up_down_and_enter_pick_every_rule_set_and_enter_again_starts(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app)
    keys(app, ui, pygame.K_DOWN)
    assert form.focus_key == "rule:matador"
    ids = list(RULE_SETS)
    for n, rule_id in enumerate(ids[1:], 1):
        keys(app, ui, pygame.K_DOWN)
        assert form.focus_key == f"rule:{rule_id}"
        assert form.rule_id == ids[n - 1]  # moving does not pick
        keys(app, ui, pygame.K_RETURN)
        assert form.rule_id == rule_id and app.top is form  # Enter on another rule set picks it
    keys(app, ui, pygame.K_UP, pygame.K_UP, pygame.K_SPACE)  # Space picks too
    assert form.rule_id == "leyden" and form.players == 2
    assert [k for k in form.row_order if not k.startswith("rule:")] == ["target_score", "kind0", "name0", "input0", "kind1"]
    keys(app, ui, pygame.K_SPACE)  # Space on the chosen one: nothing more
    assert app.top is form
    keys(app, ui, pygame.K_RETURN)  # Enter on the chosen one starts
    assert isinstance(app.top, TableScene) and app.top.model.match.rules.base == "leyden"


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
    assert form.focus_key == "input0" and not any(e.is_focused for e in form.entries.values())
    keys(app, ui, pygame.K_TAB)
    assert form.focus_key == "kind1"
    keys(app, ui, pygame.K_UP, pygame.K_UP)
    assert form.focus_key == "name0" and form.entries[0].is_focused

    # a name two seats share: Enter does not start, the reason shows
    keys(app, ui, pygame.K_DOWN, pygame.K_DOWN)
    kinds = form.state.kinds
    keys(app, ui, *[pygame.K_RIGHT] * (len(kinds) - kinds.index(form.seats[1]["kind"])))  # seat 2: on from the default level to Person (round the end)
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
    assert form.focus_key == "input0"
    keys(app, ui, pygame.K_DOWN)
    assert form.focus_key == "kind1"
