"""The watchers of a server table: connections that follow a match without a seat.

A watcher (``watch``, by the table's code) is sent what a person at the table who
holds no hand may see, made from the engine's own view of no seat
(``game.engine.NO_SEAT``: every hand empty but for its count, the boneyard
unknown, no move): the lobby, each round as dealt, each action as played, each
round's end (its deal revealed then, as to everyone), the match's end. Never a
hand, never a tile of the boneyard before a round's end. A watcher costs the
table nothing: the referee never waits for one, no seat is held for one, and
what it is told goes through the table as a seat's does (held until stored,
dropped while halted).

Watchers are bounded per table (``PER_TABLE``) and per address
(``PER_ADDRESS``, at the tables one process referees); the host may close the
table to watchers (``set_watchable``), which drops those watching with a reason.

No pygame here.
"""

from __future__ import annotations

from typing import Any

from game.engine import NO_SEAT
from game.net.server.table_api import TableAPI, Watcher
from game.net.shared.protocol import ProtocolError, view_json

__all__ = ["PER_ADDRESS", "PER_TABLE", "Watcher", "drop", "may_watch", "set_watchable", "watch_round"]

PER_TABLE = 50  # watchers of one table at once
PER_ADDRESS = 8  # tables watched at once from one address (each by its own connection)
UNWATCHED = "the host closed this table to watchers"


def may_watch(table: TableAPI, address: str, watching_from: int) -> None:
    """Refuse a watcher the table cannot take: closed to watchers, full of them, or
    an address that watches its most tables already."""
    if not table.row.watchable:
        raise ProtocolError(UNWATCHED, "unwatched", table=table.code)
    if len(table.watchers) >= PER_TABLE:
        raise ProtocolError(f"this table has {PER_TABLE} watchers, its most: try again later", "watchers_full", most=PER_TABLE)
    if watching_from >= PER_ADDRESS:
        raise ProtocolError(f"your address watches {PER_ADDRESS} tables, its most: leave one first", "address_watching", most=PER_ADDRESS)


def watch_round(table: TableAPI) -> dict[str, Any] | None:
    """The ``round`` message of the round being played, as no seat sees it."""
    match = getattr(table, "match", None)
    results = getattr(table, "results", None)
    if match is None or results is None:
        return None
    r = match.round_index
    return {"type": "round", "commitment": results.commitment(r), "view": view_json(match.view(NO_SEAT), r)}


def set_watchable(table: TableAPI, by: int, msg: dict[str, Any]) -> None:
    """The host opens (``open: true``) or closes the table to watchers; closing
    drops those watching, told why. Stored, so it holds after a restart."""
    if by != table.row.host:
        raise ProtocolError("only the host opens or closes the table to watchers", "host_only")
    wanted = msg.get("open")
    if not isinstance(wanted, bool):
        raise ProtocolError('open must be true or false, as in {"type": "watchers", "open": false}', "bad_message")
    if wanted != table.row.watchable:
        table.write(table.store.set_watchable, wanted)
        table.row.watchable = wanted
        table.say("watchers", open=wanted)
    if not wanted:
        for watcher in list(table.watchers.values()):
            drop(table, watcher, {"type": "closed", "by": "host", "code": "unwatched", "reason": UNWATCHED})
    table.watchers_changed()


def drop(table: TableAPI, watcher: Watcher, message: dict[str, Any] | None, reason: str = UNWATCHED) -> None:
    """``watcher`` watches no more: told ``message`` (if any) and closed."""
    if table.watchers.pop(watcher.key, None) is None:
        return
    watcher.end_link(message, reason)
