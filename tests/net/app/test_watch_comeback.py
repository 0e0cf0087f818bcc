"""A watcher comes back as a seat does: the server it watches through is killed
(-9) mid-match and started again on its port; the watching app connects again,
watches the same table again, and follows the moves played after, still
without a hand. (It had said "No table answers" and stopped: a watcher has no
seat, and a session without one never came back.)"""

from __future__ import annotations

import random
from pathlib import Path

from game.bench.cluster_bench import free_port
from game.engine import NO_SEAT
from game.net.app.mirror import Mirror
from game.net.app.netplay import NetPlay
from game.net.app.session import Session
from tests.net.app.test_keeper import mid_round, pump
from tests.net.conftest import ServerProcess


def test_a_watcher_watches_again_after_the_server_is_killed_and_started_again(tmp_path: Path) -> None:
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home, "--port", str(free_port()))
    session = Session.create(server.url, "leyden", 2, "Hal", seats=["open", "easy"], options={"target_score": 100})
    host = NetPlay(Mirror(session), session)
    session.start()
    rng = random.Random(3)
    watcher: NetPlay | None = None
    try:
        pump([host], lambda: host.mirror.lobby is not None and host.mirror.lobby.full, rng)
        assert host.mirror.start() and host.mirror.code is not None
        pump([host], mid_round(host, 1), rng, timeout=120)
        watcher = NetPlay.watch(server.url, host.mirror.code)
        pump([host, watcher], lambda: watcher is not None and watcher.mirror.view is not None, rng)
        seen = (watcher.mirror.round_index, len(watcher.mirror.history))
        server.kill()
        pump([host, watcher], lambda: watcher is not None and watcher.mirror.link != "open", rng, act=False)
        server.start()  # the same port, the same data: the table resumed

        def follows() -> bool:  # watching again, and moves played since: a round on, or two more moves in it
            m = watcher.mirror if watcher is not None else None
            return m is not None and m.link == "open" and (m.round_index > seen[0] or len(m.history) >= seen[1] + 2)

        pump([host, watcher], follows, rng, timeout=60)
        mirror = watcher.mirror
        assert mirror.watching and mirror.seat == NO_SEAT and not watcher.table_gone
        assert mirror.view_data is not None and mirror.view_data["hand"] == [] and mirror.view_data["legal"] == []
        if mirror.round_index == host.mirror.round_index:
            assert mirror.history[: len(host.mirror.history)] == host.mirror.history[: len(mirror.history)]  # the same moves
    finally:
        for play in (watcher, host):
            if play is not None:
                play.close(2.0)
        server.stop()
