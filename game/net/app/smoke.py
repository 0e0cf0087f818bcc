"""Network play in one go, headless, for ``packaging/check_bundle.py``: the built
app proves that what hosting and joining need is inside it (websockets with its
stand-ins, asyncio, zeroconf's Python, the table's own store). It hosts a table on
127.0.0.1 (any free port), a second seat joins it by its code, the host starts,
both play random legal moves from the views their mirrors rebuilt until a round
ends; a service record of the local network is written and read back (nothing is
sent: no multicast). Run by the launcher when ``MATADOR_SMOKE_NETWORK`` is set.

No pygame here.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from game.net.app.netplay import NetPlay, finish_closing

ENV = "MATADOR_SMOKE_NETWORK"


def smoke(timeout: float = 60.0) -> str:
    """One line saying what was played; ``RuntimeError`` with the reason otherwise."""
    from game.net.shared.discovery import listing_of, service_info

    listing = listing_of(service_info(47123, ["192.168.1.20"], "Smoke", "K7QX-2M"))
    if listing is None or listing.table != "K7QX-2M" or not listing.compatible:
        raise RuntimeError(f"the local network's record did not read back: {listing}")
    end = time.monotonic() + timeout
    with tempfile.TemporaryDirectory(prefix="matador-smoke-") as folder:
        fields = {"rules": "matador", "players": 2, "seats": ["open", "open"], "name": "Ann", "seat": 0}
        host = NetPlay.host(fields, visible=False, port=0, store_path=Path(folder) / "hosted", keep=False, record=False)
        plays = [host]
        try:
            while host.mirror.code is None:
                host.update()
                if host.failure or time.monotonic() > end:
                    raise RuntimeError(f"the table was not opened: {host.failure or 'no answer'}")
                time.sleep(0.01)
            assert host.hosted is not None
            guest = NetPlay.join(host.hosted.url, host.mirror.code, "Bo", keep=False, record=False)
            plays.append(guest)
            rng = random.Random(7)
            started = False
            actions = 0
            while not any(p.mirror.round_end is not None for p in plays):
                for play in plays:
                    play.update()
                    if play.failure:
                        raise RuntimeError(f"a seat failed: {play.failure}")
                lobby = host.mirror.lobby
                if not started and lobby is not None and lobby.full and host.mirror.link == "open":
                    started = host.mirror.start()
                for play in plays:
                    if play.mirror.my_turn:
                        legal = play.mirror.legal
                        if legal != play.mirror.server_legal:
                            raise RuntimeError("the legal moves computed differ from the server's")
                        reason = play.mirror.play(rng.choice(legal))
                        if reason is not None:
                            raise RuntimeError(f"a move was refused: {reason}")
                        actions += 1
                if time.monotonic() > end:
                    raise RuntimeError(f"no round ended within {timeout:g} s ({actions} actions)")
                time.sleep(0.005)
        finally:
            for play in plays:
                play.close()
            finish_closing(5.0)
    return f"network smoke: ok ({actions} actions, a round to its end, over 127.0.0.1)"
