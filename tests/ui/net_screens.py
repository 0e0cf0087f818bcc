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
        "claims": [{"seat": 1, "name": "Bärtholomeus"}],
    })
    play = NetPlay(mirror, link, record=False)  # type: ignore[arg-type]
    play.server, play.listed = SERVER_URL, True
    return LobbyScene(play)
