"""How the screens follow one another: title -> new game / continue -> table ->
pause / round end -> match over -> title; and what is written on the way (the
last setup, statistics, the autosave).

Everything here is called by scenes (button handlers, table hooks) and turns
into scene-stack changes and engine or storage calls. Nothing here draws.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Match
    from game.ui.app import App
    from game.ui.scenes.table import TableScene

log = logging.getLogger(__name__)


# Startup ---------------------------------------------------------------------
def notices(app: App) -> list[str]:
    """The messages waiting to be shown on the title (a damaged file moved aside...)."""
    found = app.services.get("notices")
    if not isinstance(found, list):
        found = []
        app.services["notices"] = found
    return found


def load_user_files(app: App, settings_message: str | None = None) -> None:
    """Read statistics and check the saved match; note what could not be read.

    A file that cannot be read has already been moved aside by ``game.storage``:
    its message goes to ``app.services["notices"]`` for the title to show.
    """
    from game.saves import has_save, load_match
    from game.stats import Statistics, load_stats

    messages = notices(app)
    if settings_message:
        messages.append(settings_message + " The default settings are used.")
    try:
        stats, message = load_stats()
    except Exception as err:  # never stop the game for its statistics
        log.warning("statistics not loaded: %s", err)
        stats, message = Statistics(), None
    app.services["stats"] = stats
    if message:
        messages.append(message + " Statistics start afresh.")
    if has_save():
        try:
            _, message = load_match()
        except Exception as err:
            log.warning("saved match not loaded: %s", err)
            message = None
        if message:
            messages.append(message + " The saved match cannot be continued.")


# The stack -------------------------------------------------------------------
def clear_stack(app: App) -> None:
    """Take every scene off the stack (without waking the ones beneath)."""
    while app.scenes:
        scene = app.scenes.pop()
        scene.exit()
        scene.close()


def open_title(app: App) -> None:
    """Everything else goes; the title screen opens."""
    from game.ui.scenes.title import TitleScene

    flush_autosave(app)
    clear_stack(app)
    app.push(TitleScene())


def start_match(app: App, match: Match) -> TableScene:
    """The table for ``match`` replaces whatever is on the stack."""
    from game.ui.controllers import Thinker
    from game.ui.launch import table_scene

    thinker = app.services.get("thinker")
    if not isinstance(thinker, Thinker):
        thinker = Thinker("process")
        app.services["thinker"] = thinker
    scene: TableScene = table_scene(app, match, thinker, app.services.get("autosave"))  # type: ignore[arg-type]
    clear_stack(app)
    app.push(scene)
    return scene


def continue_match(app: App) -> TableScene | None:
    """Open the saved match where it was left; None (and a notice) if it cannot be read."""
    from game.saves import load_match

    match, message = load_match()
    if match is None:
        notices(app).append(message or "There is no saved match to continue.")
        return None
    return start_match(app, match)


# Table hooks -----------------------------------------------------------------
def pause(app: App, table: TableScene) -> None:
    """Esc at the table: the pause menu over it."""
    from game.ui.scenes.pause import PauseScene

    app.push(PauseScene(table))


def leave_table(app: App, table: TableScene) -> None:
    """The round summary's last button: the match's final scores, or the title."""
    if table.match.over:
        from game.ui.scenes.match_over import MatchOverScene

        app.push(MatchOverScene(table))
    else:
        save_and_leave(app, table)


def save_and_leave(app: App, table: TableScene) -> None:
    """Make sure the match is on disk, then go back to the title."""
    save_now(app, table.match)
    open_title(app)


def save_now(app: App, match: Match) -> None:
    """Write ``match`` now (or clear the save of a finished one), waiting for the write."""
    autosave = app.services.get("autosave")
    try:
        if autosave is not None and callable(autosave):
            autosave(match)
            flush_autosave(app)
        else:
            from game.saves import save_match

            save_match(match)
    except Exception as err:  # a full disk must not stop the game
        log.warning("saving the match failed: %s", err)


def flush_autosave(app: App) -> None:
    """Wait until every autosave asked for so far is written."""
    flush = getattr(app.services.get("autosave"), "flush", None)
    if flush is not None:
        try:
            flush()
        except Exception as err:
            log.warning("autosave flush failed: %s", err)


def round_ended(app: App, table: TableScene) -> None:
    """A round's summary shows for the first time: count it (and the match, if it ended).

    The table calls this once per round it shows; a continued match opens after
    the last shown round, so nothing is counted twice.
    """
    from game.stats import Statistics, save_stats

    match = table.match
    outcome = table.state.outcome
    if outcome is None or outcome.end == "redeal":
        return
    stats = app.services.get("stats")
    if not isinstance(stats, Statistics):
        from game.stats import load_stats

        stats, _ = load_stats()
        app.services["stats"] = stats
    stats.add_round(match, outcome)
    if match.over:
        stats.add_match(match)
    try:
        save_stats(stats)
    except Exception as err:
        log.warning("statistics not saved: %s", err)


def apply_settings(app: App, table: TableScene) -> None:
    """Settings may have changed (the Settings screen closed): the table follows them."""
    settings = app.services.get("settings")
    if settings is not None:
        table.apply_settings(settings)


def remember_setup(app: App, setup: dict[str, Any]) -> None:
    """Keep the new game's setup in the settings file, to prefill it next time."""
    from game.settings import Settings, save_settings

    settings = app.services.get("settings")
    if not isinstance(settings, Settings):
        settings = Settings()
        app.services["settings"] = settings
    settings.last_setup = setup
    try:
        save_settings(settings)
    except Exception as err:
        log.warning("settings not saved: %s", err)


# The screens another part of the UI provides ----------------------------------
SIDE_SCENES = ("rules", "statistics", "settings")


def open_side(app: App, which: str) -> bool:
    """Push the Rules, Statistics or Settings screen (each pops itself on Back/Esc)."""
    from game.ui.scene import Scene

    scene: Scene
    if which == "rules":
        from game.ui.scenes.rules import RulesScene

        scene = RulesScene()
    elif which == "statistics":
        from game.ui.scenes.statistics import StatisticsScene

        scene = StatisticsScene()
    elif which == "settings":
        from game.ui.scenes.settings import SettingsScene

        scene = SettingsScene()
    else:
        return False
    app.push(scene)
    return True
