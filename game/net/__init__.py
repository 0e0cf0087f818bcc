"""Network play: a JSON protocol over WebSocket (docs/network.md).

``protocol`` (shared by both ends), ``server`` and ``table`` (the authority:
a referee per table, tables in SQLite), ``client`` (headless, asyncio),
``session`` (a client on a thread of its own, polled once a frame), ``mirror``
(a seat's view of its table, rebuilt from what the server sends), ``host``
(the server on a thread of the app), ``netplay`` (one table the app sits at,
from the lobby to the end), ``discovery`` (the local network), ``kept_seats``
and ``bot`` (a headless player in its own process). No pygame anywhere here.
"""

from game.net.server.standins import ensure as _ensure_stand_ins

_ensure_stand_ins()  # websockets loads in the desktop app, built without OpenSSL (game/net/server/standins.py)
