"""What the lobby tells a host to give friends (``NetPlay.addresses``): the
server's address as friends must type it, its ``wss://`` kept, or their apps
would try plain WebSocket at a TLS server and fail (seen in a real window)."""

from __future__ import annotations

import pytest

from game.net.app.mirror import Mirror
from game.net.app.netplay import NetPlay


@pytest.mark.parametrize(
    "server, shown",
    [
        ("wss://club.example.org:47123/", "wss://club.example.org:47123"),
        ("wss://127.0.0.1:47320/", "wss://127.0.0.1:47320"),
        ("ws://192.168.1.20:47123/", "192.168.1.20:47123"),
        ("ws://[::1]:47200/", "[::1]:47200"),
        ("wss://club.example.org/", "wss://club.example.org"),
    ],
)
def test_a_server_s_address_is_given_as_friends_type_it(server: str, shown: str) -> None:
    play = NetPlay(Mirror(), record=False)
    play.server = server
    assert play.addresses() == [shown]
