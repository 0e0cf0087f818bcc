"""The app started over hostile user files (numbers JSON cannot carry back, in
every file at once): the title says so in one line per file, and Continue,
Statistics and Past matches open without a crash; nothing is overwritten."""

from __future__ import annotations

import json
from typing import Any

from game.engine import Match, PlayerInfo, Rules, match_to_record
from game.archive.past_matches import INDEX_NAME, keep, matches_dir
from game.profile.saves import autosave_path
from game.profile.settings import settings_path
from game.profile.stats import stats_path
from game.ui.scenes.past_matches_screen import PastMatchesScene
from game.ui.scenes.statistics_screen import StatisticsScene
from game.ui.scenes.title import TitleScene

HUGE = "9" * 5000


def a_match(seed: int) -> Match:
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], seed)
    state = match.next_round()
    for _ in range(6):
        match.push(state.legal_moves()[0])
    return match


def test_hostile_files_everywhere_give_one_line_each_and_no_crash(make_app: Any, ui: Any) -> None:
    kept = keep(a_match(1), abandoned=True)
    assert kept is not None
    texts = {
        settings_path(): '{"version": 1, "volume": %s}' % HUGE,
        stats_path(): '{"version": 1, "players": {"Ann": {"matador": {"matches_played": 1e999}}}}',
        autosave_path(): json.dumps(match_to_record(a_match(2))).replace('"seed": 2', '"seed": ' + HUGE),
        matches_dir() / INDEX_NAME: '{"version": 1, "matches": {"%s": {"rounds": Infinity}}}' % kept.name,
    }
    for path, text in texts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    from game.profile.settings import load_settings

    settings, settings_message = load_settings()
    app = make_app((1024, 700))
    app.services["settings"] = settings
    app.routes.load_user_files(settings_message)
    assert len(app.notices) == 3  # settings, statistics, the saved match (the index is only a list)
    assert all("\n" not in n and n.count("defaults") + n.count("default settings") <= 1 for n in app.notices)
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    assert isinstance(title, TitleScene) and "continue" not in title.buttons
    ui.click(app, title.buttons["statistics"].rect.center)
    assert isinstance(app.top, StatisticsScene)
    app.step([ui.key(27)], 0.016)
    app.step([], 0.016)
    assert isinstance(app.top, TitleScene)
    ui.click(app, app.top.buttons["past"].rect.center)
    listing = app.top
    assert isinstance(listing, PastMatchesScene) and len(listing.matches) == 1
    app.step([], 0.016)
    for path, text in texts.items():
        assert any(k.read_text() == text for k in path.parent.glob(path.name + ".broken-*")), path
