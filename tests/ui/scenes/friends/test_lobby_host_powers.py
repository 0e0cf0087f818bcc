"""The host's powers in the lobby, through the real screens with synthetic clicks
and typing, against real servers on 127.0.0.1: on a dedicated server (``python -m
game serve``) the host removes a seat's taker, sees the 5-minute hold count down
for a friend who left, and answers a person asking for that seat without the
seat's token (refused, then let in: that person sits there). At a table this app
hosts (its server in this process, the hold shortened), the host gives the seat
of a friend away past the hold to a computer, and the friend coming back with
*Back to table* reads that the host gave the seat to a computer, and asks the
host to let him back: let in, he sits there again."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_friends import ROOT, type_into
from tests.ui.scenes.friends.test_server_tables import Apps, address_of

HELD = re.compile(r"^Bo: away, seat held (\d):(\d\d)$")


def row(lobby: Any, seat: int) -> str:
    return str(lobby.lines()[3][seat][1])


def open_lobby(apps: Apps, server: str | None = None) -> Any:
    """Ann's Host a table (on ``server``, or on this machine): you and a friend, Open the table."""
    ann = apps.frames[0].app
    ann.routes.open_friends()
    ann.routes.open_host(server=server)
    form = ann.top
    apps.step()
    assert [s["kind"] for s in form.seats[: form.players]] == ["human", "friend"] and form.problem is None
    apps.click(0, form.buttons["start"])
    lobby = ann.top
    assert type(lobby).__name__ == "LobbyScene"
    apps.until(lambda: lobby.play is not None and lobby.play.seated, 60, "the table")
    return lobby


def join_form(apps: Apps, address: str, code: str, name: str) -> Any:
    """Bo's Join a table, filled in."""
    bo = apps.frames[1].app
    bo.routes.open_title()
    bo.routes.open_friends()
    bo.routes.open_join()
    join = bo.top
    apps.step()
    for key, text in (("address", address), ("code", code), ("name", name)):
        type_into(apps.frames[1], join.entries[key], text)
    return join


def test_on_a_server_the_host_removes_a_taker_sees_the_hold_and_lets_a_person_back(server: ServerProcess, two: tuple[App, App]) -> None:
    ann, bo = two
    apps = Apps(ann, bo)
    address = address_of(server.url)
    lobby = open_lobby(apps, server.url)
    code = lobby.play.mirror.code
    assert lobby.row_actions() == {-1: ("close_watch", "new_code")}  # nobody to remove yet (New code: over the rows)
    # the host closes the table to watchers, and opens it again (the server's lobby says so each time)
    apps.click(0, lobby.buttons["close_watch:-1"])
    apps.until(lambda: lobby.row_actions().get(-1) == ("open_watch", "new_code"), 30, "closed to watchers")
    assert lobby.play.mirror.lobby.watchable is False and lobby.buttons["open_watch:-1"].text == "Let people watch"
    apps.click(0, lobby.buttons["open_watch:-1"])
    apps.until(lambda: lobby.row_actions().get(-1) == ("close_watch", "new_code"), 30, "open to watchers again")
    mal = subprocess.Popen(
        [sys.executable, "-m", "game.net.app.bot", server.url, "--join", code, "--name", "Mal", "--timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        # Mal took the friend's seat: the host removes him
        apps.until(lambda: "remove:1" in lobby.buttons, 60, "Mal seated, and the host's Remove")
        assert row(lobby, 1) == "Mal" and lobby.buttons["remove:1"].text == "Remove"
        assert "remove:0" not in lobby.buttons  # (never on the host's own seat)
        apps.step()
        assert layout_problems(lobby) == []
        apps.click(0, lobby.buttons["remove:1"])
        apps.until(lambda: row(lobby, 1) == "open: waiting for a friend", 60, "the seat open again")
        assert "remove:1" not in lobby.buttons
        assert mal.stdout is not None
        assert mal.wait(20) != 0 or "SEATED" in mal.stdout.read()  # (told, and gone from the table)
    finally:
        mal.kill()
        mal.wait(10)
    # Bo joins by the code; his app goes: the host sees the hold count down
    join = join_form(apps, address, code, "Bo")
    apps.click(1, join.buttons["join"])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and row(lobby, 1) == "Bo", 60, "Bo at the table")
    apps.click(1, bo.top.buttons["leave"])
    apps.until(lambda: HELD.match(row(lobby, 1)) is not None, 60, "the hold's countdown")
    first = HELD.match(row(lobby, 1))
    assert first is not None and (int(first[1]), int(first[2])) >= (4, 50)
    apps.until(lambda: row(lobby, 1) != first[0], 60, "the countdown going on")
    later = HELD.match(row(lobby, 1))
    assert later is not None and int(later[1]) * 60 + int(later[2]) < int(first[1]) * 60 + int(first[2])
    assert lobby.row_actions() == {-1: ("close_watch", "new_code"), 1: ("remove",)}  # (no computer before the hold is over)
    # Bo, without the seat's token (another machine), asks for his seat: refused, then let in
    join = join_form(apps, address, code, "Bo")
    apps.click(1, join.buttons["ask"])
    assert join.problem == "Choose the seat that was yours, then ask the host for it." and join.play is None
    apps.click(1, join.buttons["seat:1"])
    apps.click(1, join.buttons["seat:1"])
    assert join.buttons["seat:0"].text == "Seat 2"
    apps.click(1, join.buttons["ask"])
    apps.until(lambda: join.status_words.startswith("The host has been asked for seat 2"), 60, "the host asked")
    apps.until(lambda: "refuse:1" in lobby.buttons, 60, "the host's answer buttons")
    assert row(lobby, 1) == "Bo: away, Bo asks for this seat" and lobby.buttons["let:1"].text == "Let in"
    apps.step()
    assert layout_problems(lobby) == []
    apps.click(0, lobby.buttons["refuse:1"])
    apps.until(lambda: join.play is None and join.problem is not None, 60, "the answer")
    assert join.problem == "The host did not let you take that seat."
    apps.until(lambda: "refuse:1" not in lobby.buttons, 60, "the claim gone")
    apps.click(1, join.buttons["ask"])
    apps.until(lambda: "let:1" in lobby.buttons, 60, "asked again")
    apps.click(0, lobby.buttons["let:1"])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and bo.top.play is not None and bo.top.play.mirror.seat == 1, 60, "Bo let in")
    apps.until(lambda: row(lobby, 1) == "Bo" and lobby.buttons["start"].is_enabled, 60, "Bo back, Start enabled")
    from game.net.app import kept_seats

    kept = kept_seats.find(server.url, code)
    assert kept is not None and kept.seated.seat == 1  # the new token is kept, to come back with
    apps.click(1, bo.top.buttons["leave"])
    apps.click(0, lobby.buttons["leave"])


def bo_away(two: tuple[App, App], monkeypatch: pytest.MonkeyPatch) -> tuple[Apps, Any, str, str]:
    """Ann hosts a table here, Bo joins it by its code and leaves the lobby; once the
    hold (shortened) is over, Ann's lobby offers Give to a computer. (apps, Ann's
    lobby, the table's code, its address)"""
    from game.net.server import host_powers
    from game.net.shared import lobby as lobby_json

    monkeypatch.setattr(host_powers, "RETURN_S", 0.5)  # the hold, shortened (the server runs in this process)
    monkeypatch.setattr(lobby_json, "RETURN_S", 0.5)
    ann, bo = two
    apps = Apps(ann, bo)
    lobby = open_lobby(apps)
    play = lobby.play
    code, address = play.mirror.code, play.addresses()[0]
    join = join_form(apps, address, code, "Bo")
    apps.click(1, join.buttons["join"])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and row(lobby, 1) == "Bo", 60, "Bo at the table")
    apps.click(1, bo.top.buttons["leave"])
    apps.until(lambda: "give:1" in lobby.buttons, 60, "the hold over: Give to a computer")
    return apps, lobby, code, address


def test_the_host_gives_an_away_seat_to_a_computer_and_the_friend_coming_back_is_told(
    two: tuple[App, App], monkeypatch: pytest.MonkeyPatch
) -> None:
    _ann, bo = two
    apps, lobby, code, address = bo_away(two, monkeypatch)
    assert row(lobby, 1) == "Bo: away for 5 minutes" and lobby.buttons["give:1"].text == "Give to a computer"
    apps.step()
    assert layout_problems(lobby) == []
    apps.click(0, lobby.buttons["give:1"])
    apps.until(lambda: row(lobby, 1) == "Easy (computer)", 60, "the seat a computer's")
    assert lobby.buttons["start"].is_enabled and lobby.row_actions() == {-1: ("close_watch", "new_code")}
    # Bo's app comes back to the table: told in words, and the seat kept is forgotten
    bo.routes.open_title()
    bo.routes.open_friends()
    friends = bo.top
    index = next(i for i, kept in enumerate(friends.kept) if kept.hosted is None and kept.seated.table == code)
    apps.click(1, friends.buttons[f"kept{index}"])
    apps.until(lambda: friends.play is None and bool(friends.problem), 60, "the answer")
    assert friends.problem == "The host gave your seat to a computer."
    assert any(text == friends.problem for text, *_ in friends.drawn_text)
    assert all(kept.seated.table != code or kept.hosted is not None for kept in friends.kept)
    # ...and may ask the host to let him back: the host lets him in, in place of the computer
    assert friends.buttons["claim"].text == "Ask the host to let you back" and friends.focus.name == "claim"
    apps.step()
    assert layout_problems(friends) == []
    apps.click(1, friends.buttons["claim"])
    apps.until(lambda: "let:1" in lobby.buttons, 60, "the host asked")
    assert row(lobby, 1) == "Easy (computer): Bo asks for this seat"
    assert any(text.startswith("The host has been asked for seat 2") for text, *_ in friends.drawn_text)
    apps.click(0, lobby.buttons["let:1"])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and bo.top.play is not None and bo.top.play.mirror.seat == 1, 60, "Bo let back in")
    apps.until(lambda: row(lobby, 1) == "Bo", 60, "Bo in the host's lobby")
    apps.click(1, bo.top.buttons["leave"])
    apps.click(0, lobby.buttons["leave"])


def test_on_a_server_the_host_gives_the_lobby_a_new_code_the_old_one_no_longer_opens(server: ServerProcess, two: tuple[App, App]) -> None:
    import asyncio

    from game.net.app.client import Client, ServerRefused

    ann, bo = two
    apps = Apps(ann, bo)
    lobby = open_lobby(apps, server.url)
    old = lobby.play.mirror.code
    assert lobby.buttons["new_code:-1"].text == "New code" and old in lobby.lines()[0]
    apps.step()
    assert layout_problems(lobby) == []
    apps.click(0, lobby.buttons["new_code:-1"])
    apps.until(lambda: lobby.play.mirror.code != old, 60, "the new code")
    new = lobby.play.mirror.code
    apps.until(lambda: new in lobby.lines()[0] and new in lobby.lines()[1], 60, "the new code shown")
    apps.step()
    assert layout_problems(lobby) == []

    async def join(code: str) -> str:
        async with Client.connect(server.url) as client:
            try:
                return (await client.join(code, "Carl")).table
            except ServerRefused as refused:
                return refused.code

    assert asyncio.run(join(old)) == "no_table"
    assert asyncio.run(join(new)) == new
    from game.net.app import kept_seats

    assert kept_seats.find(server.url, new) is not None and kept_seats.find(server.url, old) is None  # come back under the new one
    apps.click(0, lobby.buttons["leave"])
