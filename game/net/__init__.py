"""Network play: a JSON protocol over WebSocket (docs/network.md), in three parts.

``shared`` is what both ends read: the protocol's messages, the lobby's
description, finding tables on the local network. ``server`` is the authority
(``python -m game serve``, and the app hosting a table): connections, tables
with a referee each, their files in SQLite or a journal. ``app`` is the app's
side: the client, the session on a thread of its own, the mirror of a seat's
table rebuilt from what the server sends, ``NetPlay`` (one table the app sits
at, from the lobby to the end), hosting in the app, the seats kept to come back
to, and ``bot`` (a headless player in its own process). No pygame anywhere here.
"""

from game.net.shared.standins import ensure as _ensure_stand_ins

_ensure_stand_ins()  # websockets loads in the desktop app, built without OpenSSL (game/net/shared/standins.py)
