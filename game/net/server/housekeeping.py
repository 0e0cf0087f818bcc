"""The lifetimes of a server's tables: halted tables tried again, finished tables
kept a while to tell their end then put away, tables nobody came back to put
away, claims the host did not answer refused, and every table closed for good
when the app hosting them leaves. ``Server`` (game/net/server/endpoint.py) has these.

No pygame here.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from game.net.server import host_powers
from game.net.server.store import LIVE_STATES, StoreError

if TYPE_CHECKING:
    from game.net.server.limits import Addresses
    from game.net.server.store import TableStore
    from game.net.server.table import Table
    from game.net.server.thinking import ThinkPool

log = logging.getLogger("matador.server")

IDLE_TABLE_S = 3600.0  # a table nobody is connected to is put away after this long
IDLE_LOBBY_S = 600.0  # or, before it started, after this long
OVER_KEEP_S = 600.0  # a finished table tells its end to who comes back for this long
OVER_ALONE_S = 60.0  # or, once nobody is connected to it, this long


class Housekeeping:
    """What ``Server`` does to keep its tables (its fields are the server's)."""

    tables: dict[str, Table]
    ended: set[str]
    store: TableStore
    thinkers: ThinkPool
    addresses: Addresses

    def event(self, kind: str, **fields: Any) -> None: ...

    # The app hosting leaves -----------------------------------------------------------
    def say_goodbye(self, reason: str) -> None:
        """Tell every seat connected that its table is closed for good (a server
        hosted by an app that leaves: nobody should wait for it to come back)."""
        for table in self.tables.values():
            table.tell_all({"type": "closed", "by": "host", "reason": reason})

    def end_tables(self) -> None:
        """Close every table for good (the app hosting them leaves): their journals
        say so, and they are not resumed."""
        for code, table in list(self.tables.items()):
            if table.state in (*LIVE_STATES, "over"):
                try:
                    self.store.set_state(code, "closed")
                except StoreError as err:
                    log.error("table %s: cannot be closed in the store: %s", code, err)
            self.ended.add(code)
            self._put_away(table)

    def _put_away(self, table: Table) -> None:
        if table.referee is not None:
            table.referee.cancel()
        self.tables.pop(table.code, None)
        self.addresses.put_away(table.owner, table.code)
        for net in table.net.values():
            net.end_link(None, "the table was put away")
        for watcher in list(table.watchers.values()):
            watcher.end_link({"type": "closed", "by": "table", "code": "put_away", "reason": "the table was put away"}, "the table was put away")
        table.watchers.clear()

    def close(self) -> None:
        """After the last connection closed: stop the computers' thinking, close the store."""
        for table in self.tables.values():
            if table.referee is not None:
                table.referee.cancel()
        self.thinkers.shutdown()
        self.store.close()

    # Housekeeping -------------------------------------------------------------------
    def tidy(self) -> None:
        """Retry halted tables; put away tables that are over or that nobody came back
        to; refuse claims the host did not answer."""
        now = time.monotonic()
        for code, table in list(self.tables.items()):
            host_powers.expire(table, now)
            if table.halted is not None:
                table.retry()
                continue
            if table.present() and table.state != "over":
                table.touched = now
                continue
            if table.state == "over":
                table.release()
                since = table.over_at if table.over_at is not None else now
                if now - since > OVER_KEEP_S or (not table.present() and now - max(since, table.touched) > OVER_ALONE_S):
                    self._retire(table, "done", "its match is over")
                continue
            idle_s = IDLE_LOBBY_S if table.state == "lobby" else IDLE_TABLE_S
            if now - table.touched > idle_s:
                table.settle({i for i, s in enumerate(table.row.seats) if s.kind == "remote"})  # every person left it
                self._retire(table, "abandoned", f"nobody came back for {idle_s // 60:g} minutes")
        self.addresses.tidy()

    def _retire(self, table: Table, state: str, why: str) -> None:
        try:
            self.store.set_state(table.code, state)
        except StoreError as err:  # tried again at the next sweep
            log.error("table %s: cannot be put away in the store: %s", table.code, err)
            return
        self.event("put_away", table=table.code, why=why)
        self._put_away(table)

    def counts(self) -> dict[str, int]:
        states = [t.state for t in self.tables.values()]
        return {
            "tables": len(states),
            "lobby": states.count("lobby"),
            "playing": states.count("playing"),
            "over": states.count("over"),
            "halted": sum(1 for t in self.tables.values() if t.halted is not None),
        }
