"""Where a screen's buttons lead, as the scenes see it.

Scenes never import one another, nor the module that decides which follows
which (``game.ui.flow``): they ask ``app.routes``, an object with these
methods, which ``flow.Flow`` provides. So the flow may import every scene and
no scene imports it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.engine import Match
    from game.net.netplay import NetPlay
    from game.ui.scene import Scene
    from game.ui.table import TableScene

SIDE_SCENES = ("rules", "statistics", "settings")


class Routes(Protocol):
    """The moves between screens that scenes may ask for."""

    def open_title(self) -> None:
        """Everything else goes; the title screen opens."""

    def open_new_game(self) -> None:
        """The new-game setup over the title."""

    def open_new_game_over_save(self) -> None:
        """New game on the title: with a match saved, it asks first (the saved match will be kept)."""

    def open_friends(self) -> None:
        """Play with friends: host a table or join one, over the title."""

    def open_host(self, server: str | None = None) -> None:
        """Host a table: the setup form of a network table (on this machine, or
        created on the dedicated server at ``server``, a ``ws://`` address)."""

    def open_server(self) -> None:
        """On a server: a dedicated server's open tables, or a table created there."""

    def open_join(self) -> None:
        """Join a table: the tables heard on the local network, or an address and a code."""

    def open_lobby(self, play: NetPlay, replace: bool = True) -> None:
        """The lobby of ``play``'s table, in place of the form that opened it (over
        the current screen when not ``replace``); it holds ``play`` now."""

    def open_net_table(self, play: NetPlay) -> None:
        """The table of a network match, in place of its lobby (it holds ``play`` now)."""

    def leave_network(self, scene: Scene) -> None:
        """Leave a network table's lobby or table (closing it): back to Play with friends, or the title."""

    def open_lessons(self) -> None:
        """Learn to play: the list of lessons over the title."""

    def start_lesson(self, index: int) -> None:
        """Lesson ``index`` at the table; leaving it comes back to the list."""

    def open_past_matches(self) -> None:
        """The finished and abandoned matches, newest first."""

    def open_review(self, match: Match, round_index: int, seat: int | None = None) -> None:
        """The review of ``match``'s round ``round_index`` (a person's seat by default)."""

    def open_side(self, which: str) -> bool:
        """Push the Rules, Statistics or Settings screen (one of ``SIDE_SCENES``)."""

    def start_match(self, match: Match, *, replaces_save: bool = True) -> TableScene:
        """The table for ``match`` replaces whatever is on the stack (a saved match
        it replaces is kept among the past matches first)."""

    def continue_match(self) -> TableScene | None:
        """The saved match where it was left; None (and a notice) if it cannot be read."""

    def save_and_leave(self, table: TableScene) -> None:
        """The match in play is written, then the title opens."""

    def apply_settings(self, table: TableScene) -> None:
        """The table follows the settings (they may have changed meanwhile)."""

    def remember_setup(self, setup: dict[str, Any]) -> None:
        """Keep a new game's setup to prefill the form next time."""
