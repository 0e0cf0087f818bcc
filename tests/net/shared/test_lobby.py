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


def test_a_computer_is_named_by_its_level_s_code_whatever_the_server_calls_it() -> None:
    """A server names its computers in English ("Medium"): at a German screen the
    seat read "Medium" beside "Mittel" in the offer. Two of one level are told apart;
    a level this app does not know keeps the server's name."""
    from game.ai import levels

    level = levels.resolve(None).id  # (the registry's default: medium today)
    message = _message()
    message["seats"] = [
        {"seat": 0, "name": "Ann", "kind": "remote"},
        {"seat": 1, "name": "Medium", "kind": "computer", "level": level},
        {"seat": 2, "name": "Medium", "kind": "computer", "level": level},
    ]
    lobby = read_lobby(message)
    assert lobby.names == ["Ann", f"@{level}", f"@{level}:2"]
    try:
        set_language("de")
        german = worded(lobby.names[1])
        set_language("en")
        assert worded(lobby.names[1]) == levels.resolve(level).name and german != worded(lobby.names[1])
        assert worded(lobby.names[2]) == f"{levels.resolve(level).name} 2"
    finally:
        set_language("en")
    message["seats"][2] = {"seat": 2, "name": "Grandmaster", "kind": "computer", "level": "grandmaster"}  # (a newer server's)
    assert read_lobby(message).names[2] == "Grandmaster"
