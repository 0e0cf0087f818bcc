"""The New game form holds still, tried as a player would with real clicks: the
control under the pointer stays there and steps on at every click, every rule set
is one click away in the list, and nothing moves when the rule set, the number
of players or a seat changes; what a rule set fixes stays in its place, greyed."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import RULE_SETS
from game.profile.settings import Settings
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.new_game import CHOICE_ROWS, CHOSEN_BG, FAINT, MAX_SEATS, ROW_HOVER, NewGameScene
from game.ui.table import TableScene
from game.play.thinker import Thinker
from game.words.rule_sets import WORDS

SIZES = [(640, 480), (800, 600), (1280, 800)]
size_ids = [f"{w}x{h}" for w, h in SIZES]


def form_app(make_app: Any, size: tuple[int, int]) -> tuple[Any, NewGameScene]:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    form = NewGameScene()
    app.push(form)
    app.step([], 0.016)
    return app, form


def under(form: NewGameScene, pos: tuple[int, int]) -> str | None:
    """The name of the shown button under ``pos`` (None if none)."""
    found = [name for name, button in form.buttons.items() if button.visible and button.rect.collidepoint(pos)]
    assert len(found) <= 1, found
    return found[0] if found else None


def places(form: NewGameScene) -> dict[str, tuple[int, ...]]:
    """Where every control and line of the form is (shown or not)."""
    out = {f"button {name}": tuple(button.rect) for name, button in form.buttons.items()}
    out.update({f"entry {i}": tuple(entry.rect) for i, entry in form.entries.items()})
    out.update({f"line {key}": tuple(rect) for key, rect in form.row_rects.items()})
    return out


def in_view(app: Any, form: NewGameScene, line: str) -> dict[str, tuple[int, ...]]:
    """Scroll the form (when it scrolls: many rule sets, a small window) until ``line``
    shows whole, as the wheel would; then where everything is."""
    if form.column.content is not None and form.layout is not None:
        form.column.reveal(form.layout.lines[line])
        app.step([], 0.016)
    return places(form)


def pixels(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom) if surface.get_at((x, y))[:3] == colour)


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_one_arrow_clicked_again_and_again_stays_under_the_pointer_and_steps_each_time(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    app, form = form_app(make_app, size)
    ui.click(app, form.list_rows["family"].center)
    assert form.rule_id == "family"
    layout = in_view(app, form, "players")

    pos = form.buttons["players:1"].rect.center
    seen = [form.players]
    for _ in range(8):
        assert under(form, pos) == "players:1"
        ui.click(app, pos)
        seen.append(form.players)
        assert places(form) == layout
    assert seen == [2, 3, 4, 5, 6, 7, 8, 2, 3]  # up to eight, round to two, on

    # the last seat's kind, while seats come and go around it
    layout = in_view(app, form, "kind2")
    pos = form.buttons["kind2:-1"].rect.center
    every, first = form.state.kinds, form.seats[2]["kind"]
    kinds = []
    for _ in range(len(form.state.kinds)):
        assert under(form, pos) == "kind2:-1"
        ui.click(app, pos)
        kinds.append(form.seats[2]["kind"])
        assert places(form) == layout
    start = every.index(first)
    assert kinds == [every[(start - k) % len(every)] for k in range(1, len(every) + 1)]  # back through every kind, round to its own

    # the value itself steps on too (the match target: 50, 100, 50...)
    layout = in_view(app, form, "target_score")
    pos = form.buttons["target_score:0"].rect.center
    targets = []
    for _ in range(3):
        assert under(form, pos) == "target_score:0"
        ui.click(app, pos)
        targets.append(form.value("target_score"))
    assert targets == [100, 50, 100] and places(form) == layout


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_every_rule_set_is_one_click_away_in_the_list(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    app, form = form_app(make_app, size)
    layout = places(form)
    assert form.rule_id == "matador"
    ui.click(app, form.list_rows["leyden"].center)  # what three clicks on ">" could not reach
    assert form.rule_id == "leyden" and form.players == 2
    for rule_id in ["wild-doubles", "matador", "leyden-senst", "family", "all-sevens", "leyden", "leyden"]:
        row = form.list_rows[rule_id]
        ui.click(app, (row.right - 4, row.bottom - 2))  # anywhere on the row, to its corner
        assert form.rule_id == rule_id
        assert places(form) == layout
    # a press on one row let go on another picks nothing
    app.step([ui.mouse_down(form.list_rows["matador"].center), ui.mouse_up(form.list_rows["family"].center)], 0.016)
    assert form.rule_id == "leyden"
    press = form.buttons["start"].rect.center
    ui.click(app, press)
    assert isinstance(app.top, TableScene) and app.top.model.match.rules.base == "leyden"


@pytest.mark.parametrize("size", SIZES, ids=size_ids)
def test_the_list_shows_all_six_with_their_summaries_and_marks_the_chosen_one(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    app, form = form_app(make_app, size)
    window = pygame.Rect((0, 0), size)
    rows = list(form.list_rows.values())
    assert list(form.list_rows) == list(RULE_SETS)
    for i, row in enumerate(rows):
        assert window.contains(row)
        assert all(not row.colliderect(other) for other in rows[i + 1 :])
    for rule_id in RULE_SETS:
        row = form.list_rows[rule_id]
        for words in (WORDS[rule_id].title, WORDS[rule_id].summary):
            placed = [rect for text, rect, area in form.drawn_text if text == words]
            assert len(placed) == 1 and row.contains(placed[0]), (rule_id, words)
    for rule_id in ("wild-doubles", "leyden"):
        ui.click(app, form.list_rows[rule_id].center)
        app.step([], 0.016)
        warm = {r: pixels(app.surface, row, CHOSEN_BG) for r, row in form.list_rows.items()}
        assert warm[rule_id] > form.list_rows[rule_id].width * form.list_rows[rule_id].height // 3
        assert all(n == 0 for r, n in warm.items() if r != rule_id)
    # the row under the pointer lights up
    row = form.list_rows["family"]
    app.step([ui.mouse_move(row.center, row.center)], 0.016)
    assert pixels(app.surface, row, ROW_HOVER) > row.width * row.height // 3
    assert layout_problems(form) == []


def test_nothing_moves_whatever_the_rule_set_the_players_or_the_seats(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app, (800, 600))
    layout = places(form)
    for rule_id, info in RULE_SETS.items():
        ui.click(app, form.list_rows[rule_id].center)
        for players in range(info.min_players, info.max_players + 1):
            while form.players != players:
                ui.click(app, form.buttons["players:1"].rect.center)
            ui.click(app, form.buttons[f"kind{players - 1}:1"].rect.center)
            assert places(form) == layout, (rule_id, players)
            for key in form.row_order:  # every live line's controls show inside its place
                line = form.row_rects[key]
                for name, button in form.buttons.items():
                    if name.startswith(f"{key}:"):
                        assert button.visible and line.contains(button.rect), (rule_id, players, name)


def test_what_a_rule_set_fixes_is_greyed_in_its_place_and_does_nothing(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app, (1280, 800))
    layout = places(form)
    ui.click(app, form.list_rows["leyden"].center)
    fixed = {
        "players": "2 players",
        "hand_size": "6 tiles",
        "drawing": "Freely, 2 kept",
        "matadors": "Wild, laid across",
        "layout": "Cross, sides first",
        "lead": "Lowest double",
    }
    for key, words in fixed.items():
        assert key not in form.row_order  # the keyboard passes it by
        assert not any(form.buttons[f"{key}:{part}"].visible for part in ("-1", "0", "1"))
        shown = [rect for text, rect, area in form.drawn_text if text == words and form.row_rects[key].contains(rect)]
        assert len(shown) == 1, key
        label = form.row_rects[key].clip(pygame.Rect(form.row_rects[key].left, 0, form.selectors[key].left - form.row_rects[key].left, 2000))
        assert pixels(app.surface, label, FAINT) > 10  # the label greyed too
        before = form.setup()
        ui.click(app, form.buttons[f"{key}:1"].rect.center)  # where ">" is for a rule set that offers it
        assert form.setup() == before
    assert form.buttons["target_score:1"].visible and "target_score" in form.row_order  # the match stays a choice
    assert places(form) == layout

    ui.click(app, form.list_rows["all-sevens"].center)
    live = [key for key in CHOICE_ROWS if key in form.row_order]
    assert live == ["players", "hand_size", "matadors", "layout", "lead", "target_score"]
    assert [text for text, rect, area in form.drawn_text if form.row_rects["drawing"].contains(rect)][-1] == "No drawing"
    ui.click(app, form.buttons["matadors:1"].rect.center)
    assert form.value("matadors") is True and places(form) == layout


def test_seats_nobody_sits_in_are_empty_and_keep_their_place(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app, (800, 600))
    assert form.rule_id == "matador" and form.players == 2
    for i in range(MAX_SEATS):
        shown = form.buttons[f"kind{i}:0"].visible
        assert shown == (i < 2)
        empty = [rect for text, rect, area in form.drawn_text if text == "Empty" and form.seat_rows[i].contains(rect)]
        assert len(empty) == (1 if 2 <= i < 4 else 0), i  # seats Matador could fill say so; beyond, only space
    before = form.setup()
    ui.click(app, form.seat_rows[3].center)
    assert form.setup() == before


def test_names_typed_survive_changes_elsewhere(make_app: Any, ui: Any) -> None:
    app, form = form_app(make_app, (800, 600))
    entry = form.entries[0]
    ui.click(app, entry.rect.center)
    app.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 5 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Ada"], 0.016)
    assert form.seats[0]["name"] == "Ada"
    ui.click(app, form.list_rows["family"].center)
    ui.click(app, form.buttons["players:1"].rect.center)
    ui.click(app, form.buttons["kind1:-1"].rect.center)  # seat 2 becomes Easy
    assert form.entries[0] is entry and entry.visible and entry.get_text() == "Ada"
    ui.click(app, form.buttons["start"].rect.center)
    assert isinstance(app.top, TableScene)
    assert [p.name for p in app.top.model.match.players] == ["Ada", "@easy", "@medium"]


def test_the_default_name_reads_in_the_player_s_language_and_stays_the_second_person(make_app: Any, ui: Any) -> None:
    """In German the one person's name field reads "Du", not "You"; left as it is,
    the match's player is the code ``@you`` (so every sentence speaks to the
    player); a name typed over it is kept as typed."""
    from game import i18n

    i18n.set_language("de")
    try:
        app, form = form_app(make_app, (800, 600))
        entry = form.entries[0]
        assert entry.get_text() == "Du" and form.seats[0]["name"] == "@you"
        ui.click(app, form.list_rows["family"].center)  # a change elsewhere: the field still reads "Du"
        assert entry.get_text() == "Du" and form.seats[0]["name"] == "@you"
        ui.click(app, form.buttons["start"].rect.center)
        assert isinstance(app.top, TableScene) and app.top.model.match.players[0].name == "@you"
        app2, form2 = form_app(make_app, (800, 600))
        entry2 = form2.entries[0]
        ui.click(app2, entry2.rect.center)
        app2.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 5 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Dunja"], 0.016)
        assert form2.seats[0]["name"] == "Dunja" and entry2.get_text() == "Dunja"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES + [(1920, 1080)], ids=size_ids + ["1920x1080"])
def test_the_form_fits_the_window_for_every_rule_set_and_player_count(make_app: Any, size: tuple[int, int]) -> None:
    app, form = form_app(make_app, size)
    problems: list[str] = []
    for rule_id, info in RULE_SETS.items():
        form.pick(rule_id)
        for players in sorted({info.min_players, info.max_players}):
            form.players = players
            form.fit_seats()
            for i, seat in enumerate(form.seats[:players]):
                seat.update(kind="human", name=f"Maximilian {i + 1}")
            form.changed()
            app.step([], 0.016)
            problems += [f"{rule_id} x{players}: {p}" for p in layout_problems(form)]
    assert problems == []
