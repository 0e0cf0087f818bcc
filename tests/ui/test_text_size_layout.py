"""Text and table size: every screen laid out again at 100, 125 and 150% (at
1280x800 and larger) is clean by ``layout_check``, and really is larger."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import PlayerInfo
from game.stats import Statistics, save_stats
from game.ui import access
from game.ui.layout_check import layout_problems
from game.ui.scene import Scene

SIZES = [(1280, 800), (1920, 1080)]
SCALES = [100, 125, 150]
SEATS = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]


def _plain(name: str) -> Scene:
    if name == "settings":
        from game.ui.scenes.settings import SettingsScene

        return SettingsScene()
    if name == "rules":
        from game.ui.scenes.rules import RulesScene

        return RulesScene()
    if name == "statistics":
        from game.ui.scenes.statistics import StatisticsScene

        stats = Statistics()
        for player in ("Ann", "Bob", "Hard"):
            for rule_set in ("matador", "family", "leyden-senst", "wild-doubles"):
                rec = stats.record(player, rule_set)
                rec.matches_played, rec.matches_won, rec.rounds_played, rec.rounds_won, rec.best_round = 120, 64, 999, 512, 118
        stats.computers.add("Hard")
        save_stats(stats)
        return StatisticsScene()
    if name == "title":
        from game.ui.scenes.title import TitleScene

        return TitleScene()
    if name == "new-game":
        from game.ui.scenes.new_game import NewGameScene

        return NewGameScene()
    if name == "lessons":
        from game.ui.scenes.lessons import LessonsScene

        return LessonsScene()
    from game.ui.scenes.past_matches import PastMatchesScene

    return PastMatchesScene()


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["settings", "rules", "statistics", "title", "new-game", "lessons", "past-matches"])
def test_screens_at_each_text_size(make_app: Any, ui: Any, name: str, size: tuple[int, int], scale: int) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    scene = _plain(name)
    app.push(scene)
    ui.settle(app, 3, 0.016)
    problems = layout_problems(scene)
    if name == "rules":
        for i in range(len(scene.tabs)):  # type: ignore[attr-defined]
            scene.show_page(i)  # type: ignore[attr-defined]
            app.step([], 0.016)
            problems += [f"page {i}: {p}" for p in layout_problems(scene)]
    assert problems == []


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", [(800, 600), *SIZES], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["table", "pause", "match-over", "handoff"])
def test_table_screens_at_each_text_size(make_app: Any, ui: Any, name: str, size: tuple[int, int], scale: int) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    table = ui.new_table(app, "matador", list(SEATS))
    ui.settle(app, 3, 0.016)
    scene: Scene = table
    if name == "pause":
        from game.ui.scenes.pause import PauseScene

        scene = PauseScene(table)
    elif name == "match-over":
        from game.ui.scenes.match_over import MatchOverScene

        scene = MatchOverScene(table)
    elif name == "handoff":
        from game.ui.table import HandoffScene

        scene = HandoffScene("Ann", lambda: None)
    if scene is not table:
        app.push(scene)
    ui.settle(app, 3, 0.016)
    assert layout_problems(scene) == []
