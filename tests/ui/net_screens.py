"""The network screens as the layout tests build them, without a network: *On a
server* listing open tables (a stand-in asks nothing), the host's form for a
table on a server, and the host's lobby with every button a seat's row can
have (a claim, a friend away with the hold counting down, a friend to remove)."""

from __future__ import annotations

from typing import Any

from game.engine import Rules

SERVER_URL = "ws://192.168.1.20:47123/"  # (no letters: the pseudo-language's check takes ASCII words for English)


class StandInLister:
    """Stands for game.net.app.open_tables.TableLister: a list, asked of nobody."""

    def __init__(self, url: str) -> None:
        from game.net.app.open_tables import OpenTable

        self.url = url
        self.state = "listed"
        self.code = self.failure = ""
        self.params: dict[str, str] = {}
        self.running = False
        names = ("Ånnemarie-Jösephine", "Bärtholomëw", "", "Çy", "Dörothea", "Évangelina", "Fïtzgerald")  # (not ASCII: see SERVER_URL)
        self.tables = [
            OpenTable(f"K{d}Q{d}-{d}M", Rules.from_base(base, players), name, tuple(range(1, players)))
            for d, name, (base, players) in zip("2345678", names, [("matador", 4), ("family", 8), ("leyden", 2), ("all-sevens", 3), ("matador", 2), ("family", 6), ("matador", 3)])
        ]
        # a lobby closed to watchers (no Watch), and tables being played (to watch) among the first rows shown
        self.tables[1] = OpenTable("K3Q3-3M", Rules.from_base("family", 8), names[1], (1, 2), watchable=False)
        self.tables[1:1] = [
            OpenTable("W2W2-2M", Rules.from_base("matador", 4), names[0], (), "playing", 12, True, (names[0], names[1], names[3], names[4])),
            OpenTable("W3W3-3M", Rules.from_base("leyden", 2), names[5], (), "playing", 0, True, (names[5], names[6])),
        ]

    def start(self) -> None:
        pass

    def ask(self) -> None:
        pass

    def close(self, wait_s: float = 0.0) -> None:
        pass


def server_screen() -> Any:
    from game.ui.scenes.friends import ServerScene

    return ServerScene(make_lister=StandInLister, address="192.168.1.20:47123")  # type: ignore[arg-type]


def server_form() -> Any:
    from game.ui.scenes.friends import HostScene

    return HostScene(SERVER_URL)


class _Link:
    """The host's connection to its table on a server, as its lobby reads it
    (nothing arrives: the table is told by hand)."""

    url = SERVER_URL
    running = False  # no thread: nothing for the app's closing to wait for
    seated = None

    def poll(self) -> list[dict[str, Any]]:
        return []

    def send(self, message: dict[str, Any]) -> None:
        pass

    def close(self, wait_s: float = 0.0) -> None:
        pass

    def wait(self, timeout: float) -> None:
        pass


def host_lobby() -> Any:
    """The host's lobby at a five-seat table on a server: someone asks for seat 2
    (its player away), seat 3's player is away (the hold counting down), seat 4's
    is there (Remove), seat 5 is open."""
    from game.net.app.mirror import Mirror
    from game.net.app.netplay import NetPlay
    from game.ui.scenes.friends import LobbyScene

    link = _Link()
    mirror = Mirror(link)  # type: ignore[arg-type]
    mirror.follow({"type": "link", "state": "open", "reason": ""})
    mirror.follow({"type": "joined", "table": "K7Q2-2M", "seat": 0, "host": True})
    mirror.follow({
        "type": "table", "table": "K7Q2-2M", "host": 0, "state": "lobby",
        "rules": {"base": "family", "players": 5, "options": {}},
        "seats": [{"seat": 0, "name": "Ånnemarie", "kind": "remote", "connected": True},
                  {"seat": 1, "name": "Bärtholomew", "kind": "remote", "connected": False, "give_in": 12.0},
                  {"seat": 2, "name": "Çyprianus", "kind": "remote", "connected": False, "give_in": 245.0},
                  {"seat": 3, "name": "Dörothea", "kind": "remote", "connected": True},
                  {"seat": 4, "name": None, "kind": "open"}],
        "claims": [{"seat": 1, "name": "Bärtholomeus"}], "watchers": 3,
    })
    play = NetPlay(mirror, link, record=False)  # type: ignore[arg-type]
    play.server, play.listed = SERVER_URL, True
    return LobbyScene(play)


class StandInQueued:
    """Stands for the NetPlay of *Play now* waiting in a server's queue (nothing is asked)."""

    def __init__(self, url: str, rules: str, players: int, name: str, level: str = "hard") -> None:
        from game.net.app.mirror import Mirror

        self.url, self.rules, self.players, self.name = url, rules, players, name
        self.mirror = Mirror(None)
        self.mirror.queued = {"rules": rules, "players": players, "level": level, "offer_after": 30.0}
        self.phase = "connecting"
        self.failure = self.failure_code = ""
        self.failure_params: dict[str, str] = {}
        self.closed = False
        self.computer = False

    def update(self) -> list[Any]:
        return []

    def play_computer(self) -> None:
        self.computer = True

    def close(self, keep_table: bool = False) -> None:
        self.closed = True


def play_now_screen(state: str = "choose") -> Any:
    """*Play now* choosing a rule set, waiting (a minute and a bit) or offering a computer."""
    from game.ui.scenes.friends import PlayNowScene

    now = [1000.0]
    scene = PlayNowScene(SERVER_URL, "Ånnemarie-Jösephine", "192.168.1.20:47123", make_play=StandInQueued, clock=lambda: now[0])  # type: ignore[arg-type]
    if state != "choose":
        scene.look_for("matador", 4)
        now[0] += 65.0 if state == "waiting" else 31.0
        scene.declined = state == "waiting"
    return scene


class StandInBoard:
    """Stands for game.net.app.leaderboard.BoardAsker: a leaderboard of 100 rows (long
    names, every fourth rating provisional) and your place apart, asked of nobody;
    ``state``: shown, asking or failed."""

    def __init__(self, url: str, state: str = "shown") -> None:
        from game.engine.rules import FAMILIES
        from game.net.app.leaderboard import Board, BoardRow, Standing

        self.url, self.state = url, state
        self.failure, self.code, self.params = "The server could not be reached (refused).", "unreachable", {}
        self.answers = 1
        self.running = False
        names = ("Ånnemarie-Jösephine", "Bärtholomëw", "Çy", "Dörothea", "Évangelina-Maximiliane", "Fïtzgerald")  # (not ASCII: see SERVER_URL)
        rows = tuple(BoardRow(i + 1, f"{names[i % len(names)]} {i}", Standing(2400 - 9 * i, 60 if i % 4 else 120, i % 4 == 0, 40 + i)) for i in range(100))
        self.ratings = {FAMILIES[0]: Standing(1300, 80, False, 7)}
        self.board: Board | None = Board(FAMILIES[0], 1234, rows, 1017, Standing(1300, 80, False, 7)) if state == "shown" else None

    def start(self) -> None:
        pass

    def ask(self, family: str) -> None:
        pass

    def close(self, wait_s: float = 0.0) -> None:
        pass


def leaderboard_screen(state: str = "shown") -> Any:
    from game.ui.scenes.friends import LeaderboardScene

    return LeaderboardScene(SERVER_URL, "192.168.1.20:47123", "Ånnemarie", make_asker=lambda url: StandInBoard(url, state))  # type: ignore[arg-type,return-value]
