"""A round's end after a restart mid-round shows its summary as usual (issue 32):
two real apps at a table created on a dedicated server (``python -m game serve``
on 127.0.0.1), real websockets. The server is killed (SIGKILL) mid-round and
started again on its port; both apps find the table again, the round is played
out, and each app shows the round's summary (not a line on the felt), its
totals the server's. Then Bo's app is dropped mid-round as kill -9 leaves it (no
goodbye), a new app takes the seat back with *Back to table*, and at the next
round's end it too shows the summary, the rounds before played again from what
the server told it when it sat down."""

from __future__ import annotations

import random
import socket
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.net.app import kept_seats
from game.net.app.netplay import NetPlay
from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.table import NetMode, RoundEndScene, TableScene
from tests.net.conftest import ServerProcess
from tests.ui.conftest import mouse_down, mouse_up, shared_art
from tests.ui.scenes.friends.test_friends import net_threads

SIZE = (1280, 800)
DT = 0.05
FIELDS = {"rules": "matador", "players": 2, "options": {"target_score": 200}, "seats": ["open", "open"], "name": "Ann", "seat": 0}  # (a match that outlasts the test's rounds whatever the deal)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def new_app() -> App:
    app = App(SIZE, surface=pygame.Surface(SIZE))
    app.services["art"] = shared_art()
    flow.install(app)
    app.routes.open_title()
    return app


class Apps:
    def __init__(self, *apps: App):
        self.apps = list(apps)

    def step(self) -> None:
        for app in self.apps:
            app.step([], DT)
        time.sleep(0.004)

    def until(self, done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, f"not in {timeout} s: {what} {state(self)}"
            self.step()


def table_of(app: App) -> TableScene | None:
    for scene in reversed(app.scenes):
        if isinstance(scene, TableScene) and isinstance(scene.mode, NetMode):
            return scene
    return None


def mirror(app: App) -> Any:
    table = table_of(app)
    assert table is not None
    return table.mode.source.mirror


def state(apps: Apps) -> list[tuple[Any, ...]]:
    """What each app shows and its mirror holds (said when a wait runs out)."""
    shown: list[tuple[Any, ...]] = []
    for app in apps.apps:
        table = table_of(app)
        m = table.mode.source.mirror if table is not None else None
        shown.append((type(app.top).__name__,) + ((m.round_index, m.link, m.my_turn, m.sent, len(m.legal)) if m is not None else ()))
    return shown


def play_moves(apps: Apps, rng: random.Random, count: int | None) -> None:
    """``count`` legal moves by whichever seat is to move (None: until a round's
    end shows its summary on every app), each sent as the table sends a move."""
    done = 0
    end = time.monotonic() + 120
    while count is None or done < count:
        assert time.monotonic() < end, f"the moves did not go on: {state(apps)}"
        if count is None and all(isinstance(app.top, RoundEndScene) for app in apps.apps):
            return
        for app in apps.apps:
            m = mirror(app)
            if isinstance(app.top, TableScene) and m.my_turn and not m.sent and m.legal and m.link == "open":
                assert m.play(rng.choice(m.legal)) is None
                done += 1
                break
        apps.step()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    home = tmp_path / "server-home"
    home.mkdir()
    process = ServerProcess(home, "--port", str(free_port()))
    yield process
    process.stop()


@pytest.fixture
def two(make_app: Callable[..., App]) -> Iterator[list[App]]:
    ann = make_app(SIZE)  # (the first opens the display: the others draw off screen)
    ann.routes.open_title()
    bo = new_app()
    yield [ann, bo]
    bo.close()
    ann.close()
    assert net_threads() == []


def click(apps: Apps, app: App, button: Any) -> None:
    pos = pygame.Rect(button.rect).center
    app.step([mouse_down(pos)], DT)
    app.step([mouse_up(pos)], DT)
    apps.step()


def test_the_round_s_summary_shows_after_the_server_and_an_app_were_killed_mid_round(server: ServerProcess, two: list[App]) -> None:
    ann, bo = two
    apps = Apps(ann, bo)
    rng = random.Random(11)
    host = NetPlay.create_on(server.url, dict(FIELDS))
    ann.routes.open_lobby(host, replace=False)
    apps.until(lambda: host.mirror.code is not None, 60, "the table created")
    friend = NetPlay.join(server.url, host.mirror.code, "Bo")
    bo.routes.open_lobby(friend, replace=False)
    apps.until(lambda: host.mirror.lobby is not None and host.mirror.lobby.full, 60, "Bo seated")
    assert host.mirror.start()
    apps.until(lambda: all(table_of(a) is not None and a.top is table_of(a) for a in (ann, bo)), 60, "both tables")

    # the server killed mid-round and started again on its port: both apps find it again
    play_moves(apps, rng, 3)
    server.kill()
    apps.until(lambda: mirror(ann).link != "open" and mirror(bo).link != "open", 60, "the link lost")
    server.start()
    apps.until(lambda: mirror(ann).link == "open" and mirror(bo).link == "open", 60, "both back")
    play_moves(apps, rng, None)  # the round played out: the summary on both apps
    for app in (ann, bo):
        table = table_of(app)
        assert table is not None and isinstance(app.top, RoundEndScene)
        assert len(table.model.match.rounds) == 1 and tuple(table.model.match.totals) == mirror(app).ends[0].totals
        assert "next" in app.top.buttons
    for app in (ann, bo):
        click(apps, app, app.top.buttons["next"])
    apps.until(lambda: all(isinstance(a.top, TableScene) for a in (ann, bo)), 60, "the summaries closed")

    # Bo's app dropped mid-round without a word (kill -9), a new app takes the seat back
    # (the next round: or the one after, where nobody could lead round 2 and it was dealt again)
    apps.until(lambda: mirror(ann).round_index >= 1 and mirror(ann).round_index == mirror(bo).round_index and mirror(ann).legal + mirror(bo).legal != [], 60, "the next round dealt")
    first = mirror(ann).round_index
    play_moves(apps, rng, 2)
    bo_play = table_of(bo).mode.source.play
    assert bo_play.session is not None
    seated = bo_play.session.seated
    assert seated is not None
    bo_play.session.close(2.0)  # (nothing said: as kill -9 leaves it)
    bo_play.closed = True
    apps.apps = [ann]
    apps.until(lambda: not mirror(ann).connected(1), 60, "Ann sees Bo away")
    again = new_app()
    apps.apps = [ann, again]
    try:
        kept_seats.remember(seated, "Bo")  # Bo's machine kept his seat (this test's two apps share one home: Ann's came last)
        again.routes.open_friends()
        friends = again.top
        index = next(i for i, k in enumerate(friends.kept) if k.seated.table == host.mirror.code and k.seated.seat == 1)
        click(apps, again, friends.buttons[f"kept{index}"])
        apps.until(lambda: table_of(again) is not None and again.top is table_of(again) and mirror(again).view is not None, 60, "Bo's seat taken back")
        apps.until(lambda: mirror(ann).connected(1), 60, "Ann sees Bo back")
        play_moves(apps, rng, None)
        for app in (ann, again):
            table = table_of(app)
            assert table is not None and isinstance(app.top, RoundEndScene), type(app.top).__name__
            assert len(table.model.match.rounds) == first + 1 and tuple(table.model.match.totals) == mirror(app).ends[first].totals
    finally:
        for app in (ann, again):
            app.routes.open_title()
        again.close()
