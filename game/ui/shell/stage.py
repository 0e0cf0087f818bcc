"""What the screens and the app know of each other, as protocols: the app as a
screen sees it (``Stage``: ``game.ui.shell.app.App`` is the one), a screen as the
app sees it (``Screen``: every ``game.ui.shell.scene.Scene``), and where a screen's
buttons lead (``Routes``).

Screens never import one another, nor the app, nor the module that decides
which follows which (``game.ui.shell.flow``): they ask ``app.routes``, an object with
the methods of ``Routes``, which ``flow.Flow`` provides. So the flow may import
every screen and no screen imports it back; and the app, which only keeps the
stack, imports no screen. (This module imports none of them either: no import
circle, type-only imports included.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from game.engine import Match
    from game.net.app.netplay import NetPlay
    from game.ui.shell.gamepad import PadPress, Pads
    from game.ui.table.api import TableAPI

SIDE_SCENES = ("rules", "statistics", "settings")


class Screen(Protocol):
    """One screen on the app's stack (``game.ui.shell.scene.Scene``), as the app handles it."""

    @property
    def opaque(self) -> bool:
        """It covers the whole window: nothing below it is drawn."""
        ...

    @property
    def app(self) -> Stage | None: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def attach(self, app: Stage) -> None: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def close(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def handle_pad(self, press: PadPress) -> None: ...

    def update(self, dt: float) -> None: ...

    def next_change(self) -> float | None:
        """Seconds until the screen changes by itself (0.0: it moves; None: it stands still until an input)."""
        ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...

    def rest(self) -> None: ...

    def revive(self) -> None: ...


class Stage(Protocol):
    """The app (``game.ui.shell.app.App``), as a screen uses it: the window's size, the
    stack of screens, the shared services, the routes, the controllers."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scenes(self) -> list[Screen]: ...

    @property
    def top(self) -> Screen | None: ...

    @property
    def services(self) -> dict[str, object]:
        """Shared helpers: tile art, audio, settings, statistics, the autosave."""
        ...

    @property
    def notices(self) -> list[str]:
        """Messages for the title (a damaged file moved aside...)."""
        ...

    @property
    def routes(self) -> Routes: ...

    @property
    def pads(self) -> Pads: ...

    @property
    def last_input(self) -> str:
        """"mouse", "keys" or "pad": what the player used last."""
        ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def owns_window(self) -> bool: ...

    def push(self, scene: Screen) -> None: ...

    def pop(self) -> Screen | None: ...

    def replace(self, scene: Screen) -> None: ...

    def quit(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size in points."""
        ...

    def follow_access(self) -> None:
        """The accessibility settings changed: every screen laid out again."""
        ...

    def draw_below(self, scene: Screen, surface: pygame.Surface) -> None: ...

    def make_gui_manager(self) -> pygame_gui.UIManager: ...

    def release_gui_manager(self, manager: pygame_gui.UIManager) -> None: ...

    def spare_gui_managers(self, count: int = 1) -> None: ...


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

    def back_to_table(self) -> None:
        """Back to table CODE from the title: Play with friends, taking back the
        newest seat this app keeps at a network table (it says how that goes)."""

    def open_host(self, server: str | None = None) -> None:
        """Host a table: the setup form of a network table (on this machine, or
        created on the dedicated server at ``server``, a ``ws://`` address)."""

    def open_server(self) -> None:
        """On a server: a dedicated server's open tables, or a table created there."""

    def open_play_now(self, server: str, name: str, address: str) -> None:
        """Play now on the dedicated server at ``server`` (a ``ws://`` address, shown as
        ``address``) under ``name``: paired with someone of one's strength there."""

    def open_leaderboard(self, server: str, name: str, address: str) -> None:
        """The leaderboard of the dedicated server at ``server`` (shown as ``address``),
        by family; ``name``: the player's (the rating this machine keeps, beside the server's)."""

    def open_join(self) -> None:
        """Join a table: the tables heard on the local network, or an address and a code."""

    def open_lobby(self, play: NetPlay, replace: bool = True) -> None:
        """The lobby of ``play``'s table, in place of the form that opened it (over
        the current screen when not ``replace``); it holds ``play`` now."""

    def open_net_table(self, play: NetPlay) -> None:
        """The table of a network match, in place of its lobby (it holds ``play`` now)."""

    def leave_network(self, scene: Screen) -> None:
        """Leave a network table's lobby or table (closing it): back to Play with friends, or the title."""

    def open_lessons(self) -> None:
        """Learn to play: the list of lessons over the title."""

    def start_lesson(self, index: int) -> None:
        """Lesson ``index`` at the table; leaving it comes back to the list."""

    def open_puzzles(self) -> None:
        """A puzzle made of one of the player's mistakes (the title shows the counts)."""

    def open_past_matches(self) -> None:
        """The finished and abandoned matches, newest first."""

    def open_review(self, match: Match, round_index: int, seat: int | None = None) -> None:
        """The review of ``match``'s round ``round_index`` (a person's seat by default)."""

    def open_deal_check(self, match: Match, round_index: int) -> None:
        """Check this deal over the review: round ``round_index``'s deal checked
        against its commitment, as ``python -m game verify`` checks it."""

    def open_side(self, which: str) -> bool:
        """Push the screen named ``which`` (one of ``SIDE_SCENES``, or one given to
        ``flow.register_side_screen``); False if there is none by that name."""

    def start_match(self, match: Match, *, replaces_save: bool = True) -> TableAPI:
        """The table for ``match`` replaces whatever is on the stack (a saved match
        it replaces is kept among the past matches first)."""

    def continue_match(self) -> TableAPI | None:
        """The saved match where it was left; None (and a notice) if it cannot be read."""

    def save_and_leave(self, table: TableAPI) -> None:
        """The match in play is written, then the title opens."""

    def apply_settings(self, table: TableAPI) -> None:
        """The table follows the settings (they may have changed meanwhile)."""

    def remember_setup(self, setup: dict[str, Any]) -> None:
        """Keep a new game's setup to prefill the form next time."""
