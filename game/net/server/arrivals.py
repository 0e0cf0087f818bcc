"""How a connection takes a seat on the server: creating a table, joining one by
its code, taking its seat back with the seat's token, or asking the host for a
free seat. A code or a token that leads nowhere counts against its address
(``Addresses.guessed_wrong``); to a stranger, a table that has started is no
table at all. ``Server`` (game/net/server/endpoint.py) has these.

No pygame here.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from game.net.server import host_powers
from game.net.server.name_rules import check_name, clean_name
from game.net.server.new_table import computers
from game.net.shared.protocol import HOST_LEFT, ProtocolError, new_code, normal_code, refusal
from game.net.server.store import StoreError
from game.net.server.table import Table

if TYPE_CHECKING:
    from game.net.server.conn import Conn
    from game.net.server.limits import Addresses
    from game.net.server.store import TableStore
    from game.net.server.thinking import ThinkPool

log = logging.getLogger("matador.server")

MAX_LISTED = 100  # open tables in one ``tables`` answer


class Arrivals:
    """What ``Server`` does when a connection asks for a seat (its fields are the server's)."""

    tables: dict[str, Table]
    ended: set[str]
    store: TableStore
    thinkers: ThinkPool
    addresses: Addresses
    max_tables: int
    code_length: int
    hello_timeout: float

    def event(self, kind: str, **fields: Any) -> None: ...

    def _adopt(self, table: Table) -> Table:
        raise NotImplementedError

    def _seat(self, conn: Conn, table: Table, seat: int, token: str | None) -> None: ...

    def _arm(self, conn: Conn, seconds: float) -> None: ...

    def _create(self, conn: Conn, msg: dict[str, Any]) -> None:
        if len(self.tables) >= self.max_tables:
            raise ProtocolError(f"this server holds {self.max_tables} tables, its most: try again later", "busy")
        name = clean_name(msg.get("name"))
        code = new_code(self.code_length)
        while code in self.tables or code in self.ended or self.store.code_taken(code):
            code = new_code(self.code_length)
        row = Table.new_row(code, msg, secrets.randbits(128))  # the secret seed of every deal
        check_name(name, [s.name for s in row.seats])
        self.addresses.may_create(conn.address, computers(row))
        try:
            self.store.create(row)
        except StoreError as err:
            log.error("table %s: cannot be stored: %s", code, err)
            raise ProtocolError(f"the server cannot store a new table now ({err}): try again later", "store_failed", why=str(err)) from None
        table = self._adopt(Table(row, self.store, self.thinkers, owner=conn.address))
        self.addresses.created(conn.address, code, computers(row))
        self.event("created", table=code, name=name, address=conn.address, rules=row.base, players=row.players)
        seat, token = table.take_seat(row.host, name)
        self.event("seated", table=code, seat=seat, name=name, address=conn.address)
        self._seat(conn, table, seat, token)

    def _find(self, conn: Conn, msg: dict[str, Any]) -> Table:
        self.addresses.may_guess(conn.address)
        code = normal_code(msg.get("table"))
        table = self.tables.get(code)
        if table is None and code in self.ended:
            raise ProtocolError(HOST_LEFT, "host_left")
        if table is None:
            self.addresses.guessed_wrong(conn.address)
            raise ProtocolError(f"there is no table {code} on this server", "no_table", table=code)
        return table

    def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(conn, msg)
        seat = msg.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise ProtocolError("seat must be a seat number", "bad_seat")
        name = clean_name(msg.get("name"))
        try:
            seat, token = table.take_seat(seat, name)
        except ProtocolError as err:
            if err.code == "no_table":
                self.addresses.guessed_wrong(conn.address)
            raise
        self.event("seated", table=table.code, seat=seat, name=name, address=conn.address)
        self._seat(conn, table, seat, token)

    def _rejoin(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._find(conn, msg)
        try:
            seat = table.check_token(msg.get("seat"), msg.get("token"))
        except ProtocolError as err:
            if err.code == "no_table":
                self.addresses.guessed_wrong(conn.address)
            raise
        self._seat(conn, table, seat, None)

    def _claim(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Someone without a seat's token asks the host for it (game/net/server/host_powers.py)."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'claim'", "unknown_type")
        table = self._find(conn, msg)
        name = clean_name(msg.get("name"))

        def granted(seat: int, token: str) -> None:
            conn.claim = None
            if conn.closing:
                return
            self.event("seated", table=table.code, seat=seat, name=name, address=conn.address)
            self._seat(conn, table, seat, token)

        def refused(err: ProtocolError) -> None:
            conn.claim = None
            conn.send(refusal("claim", err))
            if not conn.closing and conn.table is None:
                self._arm(conn, self.hello_timeout)

        claim = host_powers.ask(table, msg, name, granted, refused)
        conn.claim = (table, claim)
        self.event("claim", table=table.code, seat=claim.seat, name=name, address=conn.address)
        self._arm(conn, host_powers.CLAIM_S + self.hello_timeout)
        conn.send({"type": "waiting", "about": "claim", "seat": claim.seat, "seconds": host_powers.CLAIM_S})

    def _list(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The tables open to anyone on this server (created with ``listed``), still in
        their lobby with a seat open: a client shows them to join one."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'list'", "unknown_type")
        found = []
        for table in self.tables.values():
            if not table.row.listed or table.state != "lobby":
                continue
            open_seats = [i for i, s in enumerate(table.row.seats) if s.kind == "open"]
            if not open_seats:
                continue
            rules = table.rules
            found.append(
                {
                    "table": table.code,
                    "rules": {"base": rules.base, "players": rules.players, "options": rules.overrides()},
                    "host": table.row.seats[table.row.host].name,
                    "open": open_seats,
                }
            )
            if len(found) >= MAX_LISTED:
                break
        conn.send({"type": "tables", "tables": found})
