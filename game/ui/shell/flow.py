"""How the screens follow one another: title -> new game / continue -> table ->
pause / round end -> match over -> title (what is written on the way, the
statistics, the autosave, the past matches: ``keeping.Keeping``).

``Flow`` is the one object that knows every screen: it imports the scenes and
builds them; the scenes reach it as ``app.routes`` (``game.ui.shell.stage.Routes``)
and never import it. Nothing here draws.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any, Callable

from game.i18n import _
from game.profile.saves import has_save, load_match
from game.profile.settings import Settings, save_settings
from game.ui.shell.app import App
from game.ui.shell.autosave import Autosaver
from game.ui.shell.keeping import Keeping
from game.ui.shell.stage import SIDE_SCENES, Screen
from game.play.thinker import Thinker

if TYPE_CHECKING:  # each screen is imported when it opens: the title draws before the table is loaded
    from game.engine import Match
    from game.net.app.netplay import NetPlay
    from game.ui.table import TableScene
    from game.ui.scenes.puzzle_run import PuzzleRun
    from game.ui.table.api import TableAPI

log = logging.getLogger(__name__)

__all__ = ["Flow", "SIDE_SCENES", "SIDE_SCREENS", "install", "register_side_screen"]


def _rules() -> Screen:
    from game.ui.scenes.rules_screen import RulesScene

    return RulesScene()


def _statistics() -> Screen:
    from game.ui.scenes.statistics_screen import StatisticsScene

    return StatisticsScene()


def _settings() -> Screen:
    from game.ui.scenes.settings_screen import SettingsScene

    return SettingsScene()


# The screens opened over another by name (``Routes.open_side``), each made when it opens:
# the title's and the pause menu's Rules, Statistics and Settings (``SIDE_SCENES``).
SIDE_SCREENS: dict[str, Callable[[], Screen]] = {"rules": _rules, "statistics": _statistics, "settings": _settings}


def register_side_screen(name: str, make: Callable[[], Screen]) -> Callable[[], None]:
    """Let ``app.routes.open_side(name)`` open the screen ``make`` returns; the
    function returned takes it out again."""
    SIDE_SCREENS[name] = make

    def unregister() -> None:
        if SIDE_SCREENS.get(name) is make:
            del SIDE_SCREENS[name]

    return unregister


def install(app: App) -> Flow:
    """Give ``app`` its routes (the scenes ask ``app.routes`` where to go)."""
    flow = Flow(app)
    app.routes = flow
    return flow


class Flow:
    """The routes between screens for one ``App``."""

    def __init__(self, app: App):
        self.app = app
        self.keeping = Keeping(app)  # what is written on the way (keeping.py)

    def load_user_files(self, settings_message: str | None = None) -> None:
        """Read statistics and check the saved match; note what could not be read."""
        self.keeping.load_user_files(settings_message)

    # Startup -----------------------------------------------------------------
    # The stack ---------------------------------------------------------------
    def clear_stack(self) -> None:
        """Take every scene off the stack (without waking the ones beneath)."""
        app = self.app
        while app.scenes:
            scene = app.scenes.pop()
            scene.exit()
            scene.close()

    def open_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.keeping.flush_autosave()
        self.clear_stack()
        self.app.push(TitleScene())

    def open_new_game(self) -> None:
        from game.ui.scenes.new_game import NewGameScene

        self.app.push(NewGameScene())

    # Play with friends ---------------------------------------------------------
    def open_friends(self) -> None:
        from game.ui.scenes.friends import FriendsScene

        self.app.push(FriendsScene())

    def back_to_table(self) -> None:
        from game.ui.scenes.friends import FriendsScene

        friends = FriendsScene()
        self.app.push(friends)
        friends.take_back(0)

    def open_host(self, server: str | None = None) -> None:
        from game.ui.scenes.friends import HostScene

        self.app.push(HostScene(server))

    def open_server(self) -> None:
        from game.ui.scenes.friends import ServerScene

        self.app.push(ServerScene())

    def open_play_now(self, server: str, name: str, address: str) -> None:
        from game.ui.scenes.friends import PlayNowScene

        self.app.push(PlayNowScene(server, name, address))

    def open_leaderboard(self, server: str, name: str, address: str) -> None:
        from game.ui.scenes.friends import LeaderboardScene

        self.app.push(LeaderboardScene(server, address, name))

    def open_join(self) -> None:
        from game.ui.scenes.friends import JoinScene

        self.app.push(JoinScene())

    def open_lobby(self, play: NetPlay, replace: bool = True) -> None:
        """The lobby replaces the form that opened the table (Leave goes back to Play
        with friends), or lies over Play with friends (a kept seat taken back)."""
        from game.ui.scenes.friends import LobbyScene

        if replace:
            self.app.replace(LobbyScene(play))
        else:
            self.app.push(LobbyScene(play))

    def open_net_table(self, play: NetPlay) -> None:
        """The network table (the table in its network mode) replaces its lobby;
        nothing of a local match is touched."""
        from game.ui.table import couch_net_table, net_table

        settings = self.app.services.get("settings")
        maker = couch_net_table if play.here_wanted else net_table  # several people at this screen
        table = maker(
            play,
            on_over=self.keeping.network_match_over,
            on_leave=self.leave_network,
            animation_speed=getattr(settings, "animation_speed", "normal"),
            hints=getattr(settings, "hints", True),
            show_knowledge=getattr(settings, "show_knowledge", False),
        )
        seats = set(play.mirrors)  # the controllers the host's setup gave this screen's seats
        self.app.pads.hand_over(table.model.match, {seat: pad for seat, pad in play.pads.items() if seat in seats})
        self.app.replace(table)

    def leave_network(self, scene: Screen) -> None:
        """Leave a lobby (back to Play with friends) or a network table (to the
        title; a finished match's end screen first, as at a local table); the
        scene's close ends its connection and stops a hosted server."""
        from game.ui.scenes.match_over import MatchOverScene
        from game.ui.table import NetMode, TableScene

        if isinstance(scene, TableScene) and isinstance(scene.mode, NetMode):
            final = scene.mode.source.final_match(scene)
            if final is not None and not any(isinstance(s, MatchOverScene) for s in self.app.scenes):
                keeper = scene.mode.source.play.keeper
                if keeper is not None:  # what the match moved in the ratings here, for the screen to say
                    self.app.services["rated_match"] = (final, frozenset())
                    self.app.services["rating_changes"] = list(keeper.rating_changes)
                self.app.push(MatchOverScene(scene, final, network=True))
                return
            self.open_title()
        elif self.app.top is scene:
            self.app.pop()

    def open_lessons(self) -> None:
        from game.ui.scenes.lessons_screen import LessonsScene

        self.app.push(LessonsScene())

    def start_lesson(self, index: int) -> None:
        """The lesson over the list (leaving pops back to it); nothing is saved or counted."""
        from game.learning.lessons import LessonError, load_lessons
        from game.ui.table import lesson_table

        try:
            lesson = load_lessons()[index]
        except (LessonError, IndexError) as err:
            log.warning("lesson %s cannot start: %s", index, err)
            self.app.notices.append(_("That lesson cannot be started."))
            return
        settings = self.app.services.get("settings")
        self.app.push(
            lesson_table(
                lesson,
                index + 1,
                thinker=self.thinker(),
                animation_speed=getattr(settings, "animation_speed", "normal"),
                on_leave=self.leave_lesson,
            )
        )

    def leave_lesson(self, lesson: Screen) -> None:
        """Back to the list of lessons (the lesson lies over it)."""
        if self.app.top is lesson:
            self.app.pop()

    # Puzzles -------------------------------------------------------------------
    def open_puzzles(self) -> None:
        """A puzzle made of one of the player's mistakes, over the title (Back pops
        back to it); Next puzzle puts the next in its place."""
        from game.ui.scenes.puzzle_run import PuzzleRun

        rng = self.app.services.get("puzzle_rng")  # tests choose the order
        run = PuzzleRun(rng if isinstance(rng, random.Random) else None)
        messages: list[str] = []
        run.load(messages)
        self.app.notices.extend(messages)
        self.show_puzzle(run, replace=False)

    def show_puzzle(self, run: PuzzleRun, replace: bool) -> None:
        from game.ui.table import puzzle_table

        picked = run.pick()
        if picked is None:
            self.app.notices.append(_("There are no puzzles: they are made of the mistakes the coach finds in your finished matches."))
            if replace:
                self.app.pop()
            return
        puzzle, match, view = picked
        settings = self.app.services.get("settings")
        table = puzzle_table(
            puzzle,
            view,
            players=match,
            on_try=run.tried,
            tally=run.tally,
            on_next=lambda _table: self.show_puzzle(run, replace=True),
            on_leave=self.leave_puzzle,
            animation_speed=getattr(settings, "animation_speed", "normal"),
            hints=getattr(settings, "hints", True),
        )
        if replace:
            self.app.replace(table)
        else:
            self.app.push(table)

    def leave_puzzle(self, table: Screen) -> None:
        """Back to the title (the puzzle lies over it)."""
        if self.app.top is table:
            self.app.pop()

    def open_past_matches(self) -> None:
        from game.ui.scenes.past_matches_screen import PastMatchesScene

        self.app.push(PastMatchesScene())

    def open_review(self, match: Match, round_index: int, seat: int | None = None) -> None:
        """The review over whatever is open (Close pops back to it). It works on a
        copy of the match, so a live table is never touched."""
        from game.engine import load_record, match_to_record
        from game.ui.table import review_table

        copy = load_record(match_to_record(match))
        mode = self.app.services.get("review_mode")  # tests and tools may judge in this process
        self.app.push(
            review_table(
                copy,
                round_index,
                seat,
                thinker=self.thinker(),
                on_leave=self.leave_review,
                analysis_mode=mode if isinstance(mode, str) else "process",
                analysis_budget=self.app.services.get("review_budget"),
            )
        )

    def leave_review(self, review: Screen) -> None:
        if self.app.top is review:
            self.app.pop()

    def open_deal_check(self, match: Match, round_index: int) -> None:
        """Check this deal over the review (Close pops back to it)."""
        from game.ui.scenes.deal_check import DealCheckScene

        self.app.push(DealCheckScene(match, round_index))

    def open_side(self, which: str) -> bool:
        """Push a screen of ``SIDE_SCREENS`` (Rules, Statistics, Settings: each pops itself on Back/Esc)."""
        make = SIDE_SCREENS.get(which)
        if make is None:
            return False
        self.app.push(make())
        return True

    def thinker(self) -> Thinker:
        """The computer players' worker, started once per app."""
        thinker = self.app.services.get("thinker")
        if not isinstance(thinker, Thinker):
            thinker = Thinker("process")
            self.app.services["thinker"] = thinker
        return thinker

    def table_scene(self, match: Match) -> TableScene:
        """The table for ``match``, wired to the pause menu, the statistics and the title."""
        from game.ui.table import TableScene

        settings = self.app.services.get("settings")
        autosave = self.app.services.get("autosave")
        table = TableScene(
            match,
            thinker=self.thinker(),
            animation_speed=getattr(settings, "animation_speed", "normal"),
            computer_speed=getattr(settings, "computer_speed", "normal"),
            hints=getattr(settings, "hints", True),
            show_knowledge=getattr(settings, "show_knowledge", False),
            on_leave=self.leave_table,
            on_action=autosave if isinstance(autosave, Autosaver) else None,
            on_pause=self.pause,
        )
        table.model.listen(lambda event: self.keeping.round_ended(table, event))
        return table

    def start_match(self, match: Match, *, replaces_save: bool = True) -> TableScene:
        """The table for ``match``; a saved match it replaces is kept as abandoned first."""
        if replaces_save:
            self.keeping.keep_saved_match()
        scene = self.table_scene(match)
        self.clear_stack()
        self.app.push(scene)
        return scene

    def continue_match(self) -> TableScene | None:
        match, message = load_match()
        if match is None:
            self.app.notices.append(message or _("There is no saved match to continue."))
            return None
        return self.start_match(match, replaces_save=False)

    def open_new_game_over_save(self) -> None:
        """New game on the title: with a match saved, say first that it will be kept."""
        saved = load_match()[0] if has_save() else None
        if saved is None:
            self.open_new_game()
        else:
            from game.ui.scenes.keep_saved import KeepSavedScene

            self.app.push(KeepSavedScene(saved))

    # Table hooks -------------------------------------------------------------
    def pause(self, table: TableAPI) -> None:
        """Esc at the table: the pause menu over it."""
        from game.ui.scenes.pause import PauseScene

        self.app.push(PauseScene(table))

    def leave_table(self, table: TableAPI) -> None:
        """The round summary's last button: the match's final scores, or the title."""
        from game.ui.scenes.match_over import MatchOverScene

        if table.model.match.over:
            self.app.push(MatchOverScene(table))
        else:
            self.save_and_leave(table)

    def save_and_leave(self, table: TableAPI) -> None:
        """Make sure the match is on disk, then go back to the title."""
        self.keeping.save_now(table.model.match)
        self.open_title()

    def apply_settings(self, table: TableAPI) -> None:
        settings = self.app.services.get("settings")
        if settings is not None:
            table.apply_settings(settings)

    def remember_setup(self, setup: dict[str, Any]) -> None:
        settings = self.app.services.get("settings")
        if not isinstance(settings, Settings):
            settings = Settings()
            self.app.services["settings"] = settings
        settings.last_setup = setup
        try:
            save_settings(settings)
        except Exception as err:
            log.warning("settings not saved: %s", err)

