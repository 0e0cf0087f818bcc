"""What a person typed that a form's line echoes (an address of 250 to 400
characters, a code) is elided in its middle, so the reason stays whole and at the
status line's own size, at the least window and a common one; a name longer than
24 characters is kept as typed and said too long, never cut without a word.
Through the real screens (On a server, Join a table), driven by synthetic events."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from game.ui.scenes.friends.friends_draw import status_lines
from game.ui.shell.app import App
from tests.ui.scenes.friends.test_friends import Frames, type_into
LONG = "a" * 70 + ".example-" + "b" * 170 + ".org"  # 253 characters and no address (a label over 63)


def whole_at_its_size(screen: Any) -> bool:
    """The status line drawn whole at its own size: one line, or two or three (never smaller, never cut)."""
    from game.ui.drawing.menu import wrap_lines

    fr = screen.status_frame()
    font = screen.text.font(fr.status_size, True)
    lines = wrap_lines(screen.status_words, fr.status.width, lambda line: font.size(line)[0])
    drawn = screen.status_art
    return len(lines) <= 3 and all(font.size(line)[0] <= fr.status.width for line in lines) and drawn.get_height() >= font.get_height() * len(lines)


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
@pytest.mark.parametrize("form", ["server", "join"])
def test_a_long_address_is_echoed_elided_with_its_reason_and_a_long_name_is_said(make_app: Callable[..., App], size: tuple[int, int], form: str) -> None:
    app = make_app(size)
    app.routes.open_title()
    frames = Frames(app)
    app.routes.open_friends()
    app.routes.open_server() if form == "server" else app.routes.open_join()
    screen = app.top
    frames.step()
    button = screen.buttons["ask" if form == "server" else "join"]
    if form == "join":
        type_into(frames, screen.entries["code"], "K7QX-2M")
    for address in (LONG, LONG + ":" + "9" * 40, LONG + "c" * 150):  # 253, 294 and 403 characters
        type_into(frames, screen.entries["address"], address)
        assert screen.entries["address"].get_text() == address  # kept whole, never cut unsaid
        frames.click(button)
        words = screen.status_words
        assert screen.problem and words.endswith(("is not an address (like 192.168.1.20:47123).", "The port after the colon must be a number from 1 to 65535.")), words
        assert whole_at_its_size(screen), (words, size)
        if "is not an address" in words:
            assert words.startswith("a" * 11 + "…") and len(words) < 90
    type_into(frames, screen.entries["address"], "127.0.0.1:1")
    name = "Bartholomew Fitzgerald-Ann"  # 26 characters
    type_into(frames, screen.entries["name"], name)
    assert screen.entries["name"].get_text() == name  # kept as typed
    frames.click(screen.buttons["create"] if form == "server" else button)
    assert screen.problem and screen.status_words == "This name has 26 letters: type one of up to 24.", screen.status_words
    assert whole_at_its_size(screen)
    found = status_lines(screen.text, screen.status_frame(), screen.status_words)
    assert found is not None and found[0] == screen.status_frame().status_size
    lines = found[1]
    assert len(lines) == 1 or len(lines[-1].split()) > 1, lines  # (at 640x480: "24." was a line of its own)
    if size == (640, 480):
        assert len(lines) == 2, lines
    app.routes.open_title()
