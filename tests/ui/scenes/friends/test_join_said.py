"""What joining says when it cannot take the seat, through the real screens with
synthetic clicks and typing (issue 32): a friend whose seat the host gave to a
computer types the table's code again in *Join a table* (his app kept the seat):
he reads "The host gave your seat to a computer." (not that there is no such
table), the seat is chosen on the form, and *Ask the host for it* asks the host
(the host's lobby shows it). A machine name nobody has, typed in *Join a table*
and as the server of *On a server*'s *Create a table*, reads that no machine has
that name; a name that cannot be looked up now (an offline machine) says so."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from game.net.app import kept_seats
from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from tests.ui.scenes.friends.test_lobby_host_powers import bo_away, join_form, row
from tests.ui.scenes.friends.test_server_tables import Apps, open_server_screen
NOBODY = "No machine is called kitchen-pc: check the address."


def test_a_friend_whose_seat_went_to_a_computer_joins_by_code_and_is_told_so(two: tuple[App, App], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    _ann, bo = two
    apps, lobby, code, address = bo_away(two, monkeypatch)
    apps.click(0, lobby.buttons["give:1"])
    apps.until(lambda: row(lobby, 1) == "Easy (computer)", 60, "the seat a computer's")
    assert kept_seats.at_table(code) is not None  # Bo's app kept his seat (Leave in the lobby does not forget it)

    # Bo types the code again
    join = join_form(apps, address, code, "Bo")
    assert join.buttons["seat:0"].text == "First free"
    apps.click(1, join.buttons["join"])
    apps.until(lambda: join.play is None and join.problem is not None, 60, "the answer")
    assert join.problem == "The host gave your seat to a computer."
    apps.step()
    assert join.status_words == join.problem and join.status_art is not None  # the bottom line, in red
    assert join.buttons["seat:0"].text == "Seat 2"  # his seat, chosen for Ask the host for it
    assert kept_seats.at_table(code) is None  # forgotten: the next try is a newcomer's
    assert layout_problems(join) == []
    apps.click(1, join.buttons["ask"])
    apps.until(lambda: "let:1" in lobby.buttons, 60, "the host asked")
    assert row(lobby, 1) == "Easy (computer): Bo asks for this seat"
    apps.click(0, lobby.buttons["let:1"])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and bo.top.play is not None and bo.top.play.mirror.seat == 1, 60, "Bo let back in")
    apps.click(1, bo.top.buttons["leave"])
    apps.click(0, lobby.buttons["leave"])


def test_a_machine_nobody_has_is_said_at_join_and_at_create_on_a_server(two: tuple[App, App], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    real = socket.getaddrinfo

    def lookup(host: Any, *args: Any, **kw: Any) -> Any:
        if host == "kitchen-pc":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        if host == "attic-pc":  # (an offline machine: no name server answers)
            raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    ann, bo = two
    apps = Apps(ann, bo)
    join = join_form(apps, "kitchen-pc:47123", "K7QX-2M", "Bo")
    apps.click(1, join.buttons["join"])
    apps.until(lambda: join.play is None and join.problem is not None, 60, "the lookup")
    assert join.problem == NOBODY
    apps.step()
    assert join.status_words == NOBODY and join.status_art is not None
    # a name that cannot be looked up now: said so, not that no table answers
    join = join_form(apps, "attic-pc:47123", "K7QX-2M", "Bo")
    apps.click(1, join.buttons["join"])
    apps.until(lambda: join.play is None and join.problem is not None, 60, "the lookup")
    assert join.problem == (
        "The name attic-pc could not be looked up: check the address, or type the host's number (like 192.168.1.20)."
    )
    # On a server: Create a table there
    screen = open_server_screen(apps, 0, "kitchen-pc:47123", "Ann")
    apps.until(lambda: screen.lister is not None and screen.lister.state == "failed", 60, "the list's lookup")
    apps.click(0, screen.buttons["create"])
    form = ann.top
    assert type(form).__name__ == "HostScene" and form.server == "ws://kitchen-pc:47123/"
    apps.click(0, form.buttons["start"])
    lobby = ann.top
    assert type(lobby).__name__ == "LobbyScene"
    apps.until(lambda: lobby.play is not None and lobby.play.phase == "failed", 60, "the creation's lookup")
    apps.step()
    heading, give, note, rows, status, problem = lobby.lines()
    assert status == NOBODY and problem
