"""The headless network round that packaging/check_bundle.py runs in the built app
(game/net/app/smoke.py) passes here too, on 127.0.0.1."""

from __future__ import annotations

import threading

from game.net.app.smoke import smoke


def test_the_network_smoke_plays_a_round_and_leaves_no_thread() -> None:
    line = smoke(60.0)
    assert line.startswith("network smoke: ok (") and "127.0.0.1" in line
    assert not [t.name for t in threading.enumerate() if t.name.startswith(("matador-host", "matador-net"))]
