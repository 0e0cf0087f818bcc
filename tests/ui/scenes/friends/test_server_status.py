"""*On a server* says one status at a time, the newest: after a list that failed
(nothing answers at the address), a later mistake of the form (a name left empty,
an address mistyped) is said at the bottom, and the list's place no longer says
the old failure. Through the real screens, driven by synthetic events, on loopback."""

from __future__ import annotations

from game.ui.shell.app import App
from tests.ui.scenes.friends.test_friends import closed_port, type_into
from tests.ui.scenes.friends.test_server_tables import Apps, open_server_screen
def test_a_form_mistake_after_a_failed_list_is_the_only_status_shown(app: App) -> None:  # noqa: F811
    apps = Apps(app)
    address = f"127.0.0.1:{closed_port()}"
    screen = open_server_screen(apps, 0, address, "Ann")
    apps.until(lambda: screen.lister is not None and screen.lister.state == "failed", 60, "no answer")
    apps.step()
    old = f"No server answers at {address}: check the address, and that the server runs."
    assert any(t == old for t, *_ in screen.drawn_text), screen.drawn_text
    type_into(apps.frames[0], screen.entries["name"], "")
    apps.click(0, screen.buttons["create"])
    apps.step()
    assert screen.problem and screen.status_words == "Type a name of up to 24 letters."
    shown = [t for t, *_ in screen.drawn_text]
    assert not any(t.startswith("No server answers") for t in shown), shown
    # a mistyped address too, after the list failed again
    type_into(apps.frames[0], screen.entries["name"], "Ann")
    apps.click(0, screen.buttons["ask"])
    apps.until(lambda: screen.lister is not None and screen.lister.state == "failed", 60, "no answer again")
    apps.step()
    assert any(t == old for t, *_ in screen.drawn_text) and not screen.status_words
    type_into(apps.frames[0], screen.entries["address"], "no place!")
    apps.click(0, screen.buttons["ask"])
    apps.step()
    assert screen.problem and "is not an address" in screen.status_words
    assert not any(t.startswith("No server answers") for t, *_ in screen.drawn_text)
