"""The *Leaderboard* through the real screens, driven by synthetic events, against a
real dedicated server (``python -m game serve`` on 127.0.0.1): Ann (this app's
identity on that server, played by a headless client from the same user files)
and Bob play a Leyden match to its end; *On a server* -> Leaderboard -> the
Leyden-like family lists both, by the names they hold there, with their matches,
Ann's row as the player's own, and the line above says her server rating beside
this machine's. The keys scroll and choose; Back returns."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import pygame
import pytest
from websockets.asyncio.client import connect

from game.engine.rules import FAMILIES
from game.net.app.client import Client, random_choice
from game.rating.player_rating import family_of
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_friends import Frames, type_into
async def a_match(url: str) -> dict[str, Any]:
    """Ann (the app's identity: the user files' secret) and Bob (a fresh one) play Leyden to its end."""
    async with Client.connect(url, identity=True) as ann, connect(url, open_timeout=5, proxy=None) as ws:
        bob = Client(ws, url)
        await bob.send({"type": "hello", "protocol": 2, "identity": None})
        told = (await bob.expect("hello"))["identity"]
        seated = await ann.create("leyden", 2, "Ann", options={"target_score": 20})
        await bob.join(seated.table, "Bob")
        await ann.start()
        await asyncio.gather(ann.play_match(random_choice, timeout=90), bob.play_match(random_choice, timeout=90))
        assert ann.identity is not None
        return {"ann": ann.identity["id"], "bob": told["id"]}


def said(scene: Any) -> list[str]:
    return [text for text, *_ in scene.drawn_text]


def test_the_leaderboard_lists_the_rated_identities_and_the_server_rating_beside_the_local_one(server: ServerProcess, app: App) -> None:
    asyncio.run(asyncio.wait_for(a_match(server.url), 120))
    frames = Frames(app)
    frames.step()
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["server"])
    screen = app.top
    type_into(frames, screen.entries["address"], server.url.removeprefix("ws://").rstrip("/"))
    type_into(frames, screen.entries["name"], "Ann")
    frames.click(screen.buttons["leaderboard"])
    board = app.top
    assert type(board).__name__ == "LeaderboardScene"
    frames.until(lambda: board.board is not None and board.board.family == FAMILIES[0], 30, "the first family's board")
    frames.step()
    assert board.board.top == () and any("Nobody is rated in this family" in t for t in said(board))  # Leyden is not Matador-like
    leyden = FAMILIES.index(family_of("leyden"))
    frames.click(board.buttons[f"family{leyden}"])
    frames.until(lambda: board.board is not None and board.board.family == family_of("leyden"), 30, "Leyden's board")
    frames.step()
    rows = board.board.top
    assert sorted(r.name for r in rows) == ["Ann", "Bob"] and [r.place for r in rows] == [1, 2]
    assert all(r.standing.matches == 1 and r.standing.provisional for r in rows)  # one match: provisional, marked
    assert [r.name for r in rows if r.you] == ["Ann"]
    shown = said(board)
    for row in rows:
        assert row.name in shown and f"{round(row.standing.rating)}?" in shown
    assert any(t.startswith("? after a rating: provisional") for t in shown)
    ann = next(r for r in rows if r.you)
    line = f"On this server: {round(ann.standing.rating)} ± {round(ann.standing.rd)} (provisional), place {ann.place} of 2"
    assert any(t.startswith(line) and "on this machine: not rated yet" in t for t in shown), shown
    assert layout_problems(board) == []
    # idle once answered: nothing to draw until something happens
    assert board.next_change() is None or board.next_change() > 1
    frames.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    frames.step()
    assert type(app.top).__name__ == "ServerScene"
    # rated on this machine too (its own matches): both ratings, side by side
    from game.rating.glicko2 import Rating
    from game.rating.player_rating import Ratings, Standing, save_ratings

    save_ratings(Ratings({"Ann": {family_of("leyden"): Standing(Rating(1480.0, 60.0), matches=7, rounds=40)}}))
    frames.click(app.top.buttons["leaderboard"])
    board = app.top
    frames.until(lambda: board.board is not None, 30, "the first family's board")
    frames.click(board.buttons[f"family{leyden}"])
    frames.until(lambda: board.board is not None and board.board.family == family_of("leyden"), 30, "Leyden's board")
    frames.step()
    assert any(t.startswith(line) and t.endswith("on this machine: 1480 ± 60") for t in said(board)), said(board)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def test_the_rows_scroll_by_keys_and_wheel_and_the_keys_choose_a_family(make_app: Callable[..., App], ui: Any) -> None:
    from tests.ui.net_screens import StandInBoard, leaderboard_screen

    app = make_app((640, 480))
    scene = leaderboard_screen()
    asked: list[str] = []
    stand_in = scene.make_asker

    def asker(url: str) -> StandInBoard:
        made = stand_in(url)
        made.ask = asked.append  # type: ignore[method-assign]
        return made

    scene.make_asker = asker
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert asked == [FAMILIES[0]]
    shown = scene.shown_rows()
    assert 1 < shown < 100 and scene.first == 0
    names = lambda: [t for t, *_ in scene.rows_drawn]  # noqa: E731
    assert "Ånnemarie-Jösephine 0" in names() and f"Fïtzgerald {shown + 5}" not in names()
    assert "1017" in names() and "Ånnemarie" in names()  # your own place, apart, below the rows
    app.step([key(pygame.K_DOWN)], 0.016)
    assert scene.first == 1 and "Ånnemarie-Jösephine 0" not in names()
    app.step([key(pygame.K_END)], 0.016)
    assert scene.first == 100 - shown and "Fïtzgerald 95" in names() and "1017" in names()
    app.step([key(pygame.K_PAGEUP)], 0.016)
    assert scene.first == max(0, 100 - 2 * shown)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)], 0.016)
    assert scene.first == max(0, 100 - 2 * shown - 3)
    app.step([key(pygame.K_HOME)], 0.016)
    assert scene.first == 0
    assert layout_problems(scene) == []
    assert scene.focus.name == "family0"
    app.step([key(pygame.K_RIGHT)], 0.016)
    assert scene.focus.name == f"family{1 % len(FAMILIES)}"
    app.step([key(pygame.K_RETURN)], 0.016)
    assert asked[-1] == FAMILIES[1 % len(FAMILIES)] and scene.family == FAMILIES[1 % len(FAMILIES)]
    assert scene.board is None  # (the stand-in's board is the first family's: not shown for another)
    assert any("Asking the server" in t for t, *_ in scene.rows_drawn)


@pytest.mark.parametrize("code", ["en", "nl", "de", "es", "pt_BR"])
@pytest.mark.parametrize("size, scale", [((640, 480), 100), ((1280, 800), 150), ((1920, 1080), 100)], ids=["640x480", "1280x800-150", "1920x1080"])
def test_the_families_are_one_size_of_letters_the_chosen_in_gold(
    make_app: Callable[..., App], ui: Any, code: str, size: tuple[int, int], scale: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chosen family's button was in larger letters than the others' (a first
    choice's beside small ones: seen in Spanish at 640x480); now one size, the chosen
    one told by its gold, in every language, nothing clipped."""
    from game import i18n
    from game.ui.drawing import access
    from tests.ui.net_screens import leaderboard_screen

    monkeypatch.setattr(access.CURRENT, "text_scale", scale)
    i18n.set_language(code)
    try:
        app = make_app(size)
        scene = leaderboard_screen()
        app.push(scene)
        ui.settle(app, 2, 0.016)
        tabs = [scene.buttons[f"family{i}"] for i in range(len(FAMILIES))]
        assert len({tab.font.point_size for tab in tabs}) == 1, [tab.font.point_size for tab in tabs]
        chosen = [tab for tab, family in zip(tabs, FAMILIES) if family == scene.family]
        assert len(chosen) == 1 and "primary" in chosen[0].object_ids[-1] and all("primary" not in t.object_ids[-1] for t in tabs if t not in chosen)
        assert layout_problems(scene) == []
    finally:
        i18n.set_language("en")
