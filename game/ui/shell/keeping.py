"""What the screens' flow writes on the way (``Keeping``, ``flow.Flow``'s
``keeping``): the user's files read at start-up (a file that cannot be read
is noted for the title), the autosave flushed and a match written when it is
left, statistics and past matches as each round ends, a saved match kept as
abandoned when a new one replaces it. Nothing here draws, and nothing here
stops the game: a file that cannot be written is logged.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.i18n import _
from game.profile.saves import clear_save, has_save, load_match, save_match
from game.profile.stats import Statistics, load_stats, save_stats
from game.ui.shell.autosave import Autosaver

if TYPE_CHECKING:
    from game.engine import Match
    from game.play.referee import Event
    from game.ui.shell.app import App
    from game.ui.table.api import TableAPI

log = logging.getLogger(__name__)


class Keeping:
    """The user's files, as one app's screens follow one another."""

    def __init__(self, app: App):
        self.app = app

    def load_user_files(self, settings_message: str | None = None) -> None:
        """Read statistics and check the saved match; note what could not be read.

        A file that cannot be read has already been moved aside by ``game.storage``:
        its message goes to ``app.notices`` for the title to show.
        """
        app = self.app
        if settings_message:
            app.notices.append(settings_message + " " + _("The default settings are used."))
        try:
            stats, message = load_stats()
        except Exception as err:  # never stop the game for its statistics
            log.warning("statistics not loaded: %s", err)
            stats, message = Statistics(), None
        app.services["stats"] = stats
        if message:
            app.notices.append(message + " " + _("Statistics start afresh."))
        if has_save():
            try:
                _saved, message = load_match()
            except Exception as err:
                log.warning("saved match not loaded: %s", err)
                message = None
            if message:
                app.notices.append(message + " " + _("The saved match cannot be continued."))

    def network_match_over(self, match: Match) -> None:
        """A network match ended: its record (seed included) is already kept among
        the past matches on this machine and counted in the statistics of the seats
        played here (game/net/app/keeper.py, as the match went); the statistics this
        app holds are read again, so a local match counted next adds to them."""
        stats, _ = load_stats()
        self.app.services["stats"] = stats

    def keep_match(self, match: Match, abandoned: bool) -> None:
        """Keep ``match`` among the past matches (never stops the game); a finished
        one is then reviewed in the background (game/ui/shell/match_end.py)."""
        from game.ui.shell import match_end

        match_end.keep_match(self.app, match, abandoned=abandoned)

    def keep_saved_match(self) -> None:
        """The saved match, about to be replaced, kept among the past matches (as abandoned)."""
        self.flush_autosave()
        if not has_save():
            return
        saved, message = load_match()
        if saved is None:
            if message:
                self.app.notices.append(message)
            return
        from game.archive.past_matches import keep

        try:
            keep(saved, abandoned=True)
            clear_save()  # kept: it is not kept twice if the new match is left before its first move
        except Exception as err:  # it stays saved, then: nothing is lost
            log.warning("the saved match could not be kept among the past matches: %s", err)

    def save_now(self, match: Match) -> None:
        """Write ``match`` now (or clear the save of a finished one), waiting for the write."""
        autosave = self.app.services.get("autosave")
        try:
            if isinstance(autosave, Autosaver):
                autosave(match)
                self.flush_autosave()
            else:
                save_match(match)
        except Exception as err:  # a full disk must not stop the game
            log.warning("saving the match failed: %s", err)

    def flush_autosave(self) -> None:
        """Wait until every autosave asked for so far is written."""
        autosave = self.app.services.get("autosave")
        if isinstance(autosave, Autosaver):
            try:
                autosave.flush()
            except Exception as err:
                log.warning("autosave flush failed: %s", err)

    def round_ended(self, table: TableAPI, event: Event) -> None:
        """A listener of the table's referee: a round's last action was played, so
        count the round (and the match, if it ended) and keep a finished match
        among the past matches. The referee tells each action once, so nothing is
        counted twice."""
        from game.play.referee import ACTION

        match = event.match
        if event.kind != ACTION or not match.rounds:
            return
        outcome = match.round.outcome
        if outcome is None or outcome.end == "redeal":
            return
        stats = self.app.services.get("stats")
        if not isinstance(stats, Statistics):
            stats, _ = load_stats()
            self.app.services["stats"] = stats
        stats.add_round(match, outcome, table.aids.helped)
        if match.over:
            stats.add_match(match, table.aids.helped)
            self.keep_match(match, abandoned=False)
            from game.ui.shell import match_end

            match_end.rate_match(self.app, match, table.aids.helped)
        try:
            save_stats(stats)
        except Exception as err:
            log.warning("statistics not saved: %s", err)
