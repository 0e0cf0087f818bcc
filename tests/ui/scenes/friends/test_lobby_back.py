"""Back to a table on a server, through the real screens driven by synthetic
events, against a real dedicated server on 127.0.0.1: the creator whose app went
(the table stays there, its seat kept) takes the seat back and gets the host's
lobby (its heading, Start); leaving that lobby leaves Play with friends saying
nothing of a connection."""

from __future__ import annotations



from game.ui.shell.app import App
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_server_tables import Apps, address_of, open_server_screen
def test_the_creator_back_at_a_server_table_gets_the_host_s_lobby_and_leaving_says_nothing_of_connecting(server: ServerProcess, app: App) -> None:
    ann = app
    apps = Apps(ann)
    screen = open_server_screen(apps, 0, address_of(server.url), "Ann")
    apps.until(lambda: screen.lister is not None and screen.lister.state == "listed", 60, "the server's list")
    apps.click(0, screen.buttons["create"])
    apps.click(0, ann.top.buttons["start"])
    lobby = ann.top
    apps.until(lambda: lobby.play is not None and lobby.play.mirror.code is not None and lobby.play.mirror.lobby is not None, 60, "the table")
    code = lobby.play.mirror.code
    assert "start" in lobby.buttons
    ann.routes.open_title()  # the app goes (its seat kept; the table stays on the server)
    apps.click(0, ann.top.buttons["friends"])
    friends = ann.top
    assert friends.buttons["kept0"].text == f"Back to table {code}"
    apps.click(0, friends.buttons["kept0"])
    apps.until(lambda: type(ann.top).__name__ == "LobbyScene", 60, "the lobby again")
    back = ann.top
    assert friends.play is None and not any(text == "Connecting…" for text, *_ in friends.drawn_text), "nothing connects under the lobby"
    apps.until(lambda: back.play is not None and back.play.seated, 60, "seated again")
    apps.step()
    heading, give, note, rows, status, problem = back.lines()
    assert back.play.hosts and "start" in back.buttons, "the creator's lobby has Start"
    assert heading == f"Table {code}" and give == f"Give your friends the address {address_of(server.url)} and the code {code}."
    assert status == "Waiting for friends to join…" and not back.buttons["start"].is_enabled
    assert "remove:1" not in back.buttons and rows[0][1].startswith("Ann")
    # Leave: Play with friends again, with nothing connecting said under its title
    apps.click(0, back.buttons["leave"])
    assert ann.top is friends and friends.play is None
    apps.step()
    said = [text for text, *_ in friends.drawn_text]
    assert not any(text in ("Connecting…", "Connection lost: trying again…") for text in said), said
