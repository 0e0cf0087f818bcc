"""At my level in the real New game form, driven by clicks: a person whose
ratings file (in the test's own home) gives a known rating chooses "At my level"
for the computer's seat; the bottom bar says which level and why in one line,
and the match that starts seats that level (its record keeps the level's id,
never "at my level"). Every rule set and every level on its ladder, from the
registries; then a provisional rating, no rating at all, and Host a table."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.ai import levels
from game.engine import RULE_SETS, match_to_record
from game.profile.settings import Settings
from game.rating.at_my_level import rungs
from game.rating.glicko2 import Rating
from game.rating.player_rating import Ratings, Standing, family_of, save_ratings
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.new_game import NewGameScene
from game.ui.table import TableScene
from game.play.thinker import Thinker
from game.words import names
from game.words.rule_sets import family_title

SEAT = 1  # the computer's seat of the default setup (seat 0: the person, "@you")


def rated(name: str, base: str, rating: float, rd: float) -> None:
    """The ratings file holds ``name``'s rating in ``base``'s family."""
    save_ratings(Ratings({name: {family_of(base): Standing(Rating(rating, rd), matches=9, rounds=30)}}))


def open_form(make_app: Any, size: tuple[int, int] = (1280, 800), form: NewGameScene | None = None) -> tuple[Any, NewGameScene]:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    form = form or NewGameScene()
    app.push(form)
    app.step([], 0.016)
    return app, form


def open_form_at_the_seat(make_app: Any, size: tuple[int, int]) -> tuple[Any, NewGameScene]:
    """``open_form``, the computer's seat scrolled into view where the form scrolls."""
    app, form = open_form(make_app, size)
    if form.column.content is not None and form.layout is not None:
        form.column.reveal(form.layout.lines[f"kind{SEAT}"])
        app.step([], 0.016)
    return app, form


def choose_at_my_level(app: Any, ui: Any, form: NewGameScene, seat: int = SEAT) -> None:
    """Click the seat's right arrow until it reads "At my level"."""
    for _ in range(len(form.state.kinds)):
        if form.seats[seat]["kind"] == levels.AT_MY_LEVEL:
            break
        ui.click(app, form.buttons[f"kind{seat}:1"].rect.center)
    assert form.seats[seat]["kind"] == levels.AT_MY_LEVEL
    assert form.buttons[f"kind{seat}:0"].text == "At my level"


def bottom_bar(form: NewGameScene) -> str:
    """The status line the form draws between Back and Start."""
    assert form.words is not None
    return form.words.status_drawn[0]


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_at_my_level_seats_the_level_nearest_the_persons_rating(make_app: Any, ui: Any, base: str) -> None:
    steps = rungs(base)
    for level, ladder in steps:
        rating = ladder + min(abs(ladder - other) for other_level, other in steps if other_level != level) / 3  # nearest this level
        rated(names.YOU, base, rating, 60.0)
        app, form = open_form(make_app)
        ui.click(app, form.list_rows[base].center)
        choose_at_my_level(app, ui, form)
        name = levels.resolve(level).name
        line = f"At my level: {name} (your {family_title(family_of(base))} rating {round(rating)} is nearest {name}'s {round(ladder)})"
        assert form.my_level_line == line and bottom_bar(form) == line
        assert layout_problems(form) == []
        ui.click(app, form.buttons["start"].rect.center)
        assert isinstance(app.top, TableScene)
        match = app.top.model.match
        player = match.players[SEAT]
        assert (player.kind, player.level, player.name) == ("computer", level, names.level_code(level))
        record = match_to_record(match)
        assert levels.AT_MY_LEVEL not in json.dumps(record)
        assert record["players"][SEAT]["level"] == level


def test_a_provisional_rating_is_said_so_and_the_choice_follows_the_rule_set(make_app: Any, ui: Any) -> None:
    """Each rule set has its own ladder: the same rating may be nearest another
    level there; the line and the seat follow the rule set picked."""
    bases = list(RULE_SETS)
    top_level, top = rungs(bases[0])[-1]
    rated(names.YOU, bases[0], top, 200.0)
    app, form = open_form(make_app)
    ui.click(app, form.list_rows[bases[0]].center)
    choose_at_my_level(app, ui, form)
    name = levels.resolve(top_level).name
    family = family_title(family_of(bases[0]))
    assert bottom_bar(form) == f"At my level: {name} (your provisional {family} rating {round(top)} is nearest {name}'s {round(top)})"
    for base in bases:
        ui.click(app, form.list_rows[base].center)
        if family_of(base) != family_of(bases[0]):
            assert "no " in bottom_bar(form) and "default level" in bottom_bar(form)  # rated in the other family only
            continue
        nearest = min(rungs(base), key=lambda step: (abs(step[1] - top), step[1]))
        assert form.state.level_kind(SEAT) == nearest[0]
        assert f"is nearest {levels.resolve(nearest[0]).name}'s {round(nearest[1])})" in bottom_bar(form)


def test_no_rating_yet_is_the_default_level_with_a_line_saying_so(make_app: Any, ui: Any) -> None:
    app, form = open_form(make_app, (800, 600))
    choose_at_my_level(app, ui, form)
    default = levels.resolve(None)
    family = family_title(family_of(form.rule_id))
    assert bottom_bar(form) == f"At my level: {default.name} (no {family} rating yet: the default level)"
    assert layout_problems(form) == []
    ui.click(app, form.buttons["start"].rect.center)
    assert isinstance(app.top, TableScene) and app.top.model.match.players[SEAT].level == default.id


@pytest.mark.parametrize(
    "size, scale",
    [((640, 480), 100), ((800, 600), 100), ((1024, 700), 100), ((1920, 1080), 100), ((1280, 800), 125), ((1280, 800), 150), ((1920, 1080), 150)],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else f"{v}%",
)
def test_the_line_fits_the_bottom_bar_at_every_size(make_app: Any, ui: Any, size: tuple[int, int], scale: int) -> None:
    """On a narrow window (or larger text) the bar says it shorter ("At my level: Hard
    (you 1610, Hard 1606)"), on one line, never cut; nothing under the least text size."""
    from game.ui.drawing import access
    from game.ui.drawing.layout_check import TextWatch

    base = next(iter(RULE_SETS))
    level, ladder = rungs(base)[-1]
    rated(names.YOU, base, ladder + 4.0, 200.0)
    access.CURRENT.text_scale = scale
    try:
        with TextWatch(size) as watch:
            app, form = open_form_at_the_seat(make_app, size)
            choose_at_my_level(app, ui, form)
            app.draw(app.surface)
        said = bottom_bar(form)
        name = levels.resolve(level).name
        assert name in said and str(round(ladder + 4.0)) in said and "…" not in said and "provisional" in said
        assert layout_problems(form) + watch.problems(form) == []
    finally:
        access.CURRENT.text_scale = 100


def test_host_a_table_offers_at_my_level_and_creates_the_table_with_the_level(make_app: Any, ui: Any) -> None:
    from game.ui.scenes.friends.host_screen import HostScene

    base = next(b for b in RULE_SETS if RULE_SETS[b].max_players >= 3)  # you, a friend, and the computer
    level, ladder = rungs(base)[0]
    app = make_app((1280, 800))
    settings = Settings(animation_speed="fast", computer_speed="fast")
    settings.network = {"name": "Ann"}
    app.services.update(thinker=Thinker("thread"), settings=settings)
    rated("Ann", base, ladder - 3.0, 60.0)
    host = HostScene()
    app.push(host)
    app.step([], 0.016)
    ui.click(app, host.list_rows[base].center)
    while host.players < 3:
        ui.click(app, host.buttons["players:1"].rect.center)
    assert host.state.seat_name(0) == "Ann" and host.seats[1]["kind"] == "friend"
    seat = 2
    choose_at_my_level(app, ui, host, seat)
    name = levels.resolve(level).name
    assert host.problem is None
    assert bottom_bar(host).startswith(f"At my level: {name} (") and str(round(ladder - 3.0)) in bottom_bar(host)
    assert layout_problems(host) == []
    fields = host.host_state.create_fields()
    assert fields["seats"][seat] == level and levels.AT_MY_LEVEL not in fields["seats"]


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", ["nl", "de", "es", "pt_BR"])
@pytest.mark.parametrize("host", [False, True], ids=["new-game", "host"])
def test_the_choice_is_laid_out_whole_in_every_language(make_app: Any, ui: Any, code: str, size: tuple[int, int], host: bool) -> None:
    """The longest line (a provisional rating) in each language: the seat's word and
    the bottom bar whole, nothing under the least text size, no widget clipped."""
    from game import i18n
    from game.ui.drawing.layout_check import TextWatch
    from game.ui.scenes.friends.host_screen import HostScene

    base = next(b for b in RULE_SETS if RULE_SETS[b].max_players >= 3) if host else next(iter(RULE_SETS))
    level, ladder = rungs(base)[-1]
    rated("Ann" if host else names.YOU, base, ladder + 4.0, 200.0)
    i18n.set_language(code)
    with TextWatch(size) as watch:
        app = make_app(size)
        settings = Settings(animation_speed="fast", computer_speed="fast")
        settings.network = {"name": "Ann"}  # the host's name at tables
        app.services.update(thinker=Thinker("thread"), settings=settings)
        form = HostScene() if host else NewGameScene()
        app.push(form)
        app.step([], 0.016)
        ui.click(app, form.list_rows[base].center)  # (the list is at the form's top: in view)
        assert form.rule_id == base
        while host and form.players < 3:
            ui.click(app, form.buttons["players:1"].rect.center)
        assert form.layout is not None
        if form.column.content is not None:  # a small window scrolls: the seat's row into view, as the wheel would
            form.column.reveal(form.layout.lines[f"kind{form.players - 1}"])
            app.step([], 0.016)
        choose_at_my_level_any(app, ui, form, form.players - 1)
        app.draw(app.surface)
    assert form.problem is None
    said = bottom_bar(form)
    assert said == form.my_level_line and "…" not in said and str(round(ladder + 4.0)) in said
    assert i18n._(levels.resolve(level).name) in said  # which level, in the language shown
    assert layout_problems(form) + watch.problems(form) == []


def choose_at_my_level_any(app: Any, ui: Any, form: NewGameScene, seat: int) -> None:
    """``choose_at_my_level`` in any language (the seat's word is then not English)."""
    for _ in range(len(form.state.kinds)):
        if form.seats[seat]["kind"] == levels.AT_MY_LEVEL:
            break
        ui.click(app, form.buttons[f"kind{seat}:1"].rect.center)
    assert form.seats[seat]["kind"] == levels.AT_MY_LEVEL


def test_the_choice_follows_the_name_typed(make_app: Any, ui: Any) -> None:
    """The rating read is the person's whose name is in the seat: typing another
    name (one the ratings file knows) changes the level and the line at once."""
    import pygame

    base = next(iter(RULE_SETS))
    steps = rungs(base)
    (low, low_rating), (high, high_rating) = steps[0], steps[-1]
    save_ratings(Ratings({
        names.YOU: {family_of(base): Standing(Rating(low_rating, 60.0))},
        "Ada": {family_of(base): Standing(Rating(high_rating, 60.0))},
    }))
    app, form = open_form(make_app)
    choose_at_my_level(app, ui, form)
    assert form.state.level_kind(SEAT) == low and levels.resolve(low).name in bottom_bar(form)
    ui.click(app, form.entries[0].rect.center)
    app.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 5 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Ada"], 0.016)
    app.step([], 0.016)
    assert form.seats[0]["name"] == "Ada"
    assert form.state.level_kind(SEAT) == high and bottom_bar(form).startswith(f"At my level: {levels.resolve(high).name} (")
    ui.click(app, form.buttons["start"].rect.center)
    assert isinstance(app.top, TableScene) and app.top.model.match.players[SEAT].level == high


def test_the_setup_remembers_at_my_level_and_chooses_again_next_time(make_app: Any, ui: Any) -> None:
    """``last_setup`` keeps "at my level" (not the level it chose), so the next New
    game chooses from the rating as it is then."""
    base = next(iter(RULE_SETS))
    steps = rungs(base)
    rated(names.YOU, base, steps[0][1], 60.0)
    app, form = open_form(make_app)
    choose_at_my_level(app, ui, form)
    ui.click(app, form.buttons["start"].rect.center)
    assert isinstance(app.top, TableScene) and app.top.model.match.players[SEAT].level == steps[0][0]
    settings = app.services["settings"]
    assert settings.last_setup["seats"][SEAT]["kind"] == levels.AT_MY_LEVEL
    rated(names.YOU, base, steps[-1][1], 60.0)  # the rating rose since
    again = NewGameScene()
    app.push(again)
    app.step([], 0.016)
    assert again.seats[SEAT]["kind"] == levels.AT_MY_LEVEL and again.state.level_kind(SEAT) == steps[-1][0]
