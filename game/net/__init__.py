"""Network play: a JSON protocol over WebSocket (docs/network.md).

``protocol`` (shared by both ends), ``server`` and ``table`` (the authority:
a referee per table, tables in SQLite), ``client`` (headless, asyncio) and
``bot`` (a headless player in its own process). No pygame anywhere here.
"""
