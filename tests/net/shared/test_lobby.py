"""A ``table`` message read as a ``Lobby``: the names it gives are names or codes,
never words of one language (the screens word them)."""

from __future__ import annotations

from game.i18n import set_language
from game.net.shared.lobby import read_lobby
from game.words.names import worded


def _message() -> dict[str, object]:
    return {
        "table": "K7QX-2M",
        "rules": {"base": "matador", "players": 3},
        "host": 0,
        "state": "lobby",
        "seats": [
            {"seat": 0, "name": "Ann", "kind": "remote"},
            {"seat": 1, "name": None, "kind": "open"},
            {"seat": 2, "name": None, "kind": "open"},
        ],
    }


def test_a_seat_nobody_named_is_a_code_worded_in_the_language_of_the_moment() -> None:
    lobby = read_lobby(_message())
    assert lobby.names == ["Ann", "@player:2", "@player:3"]
    try:
        set_language("de")
        assert worded(lobby.names[1]) == "Spieler 2"
        set_language("en")
        assert worded(lobby.names[1]) == "Player 2"
    finally:
        set_language("en")
