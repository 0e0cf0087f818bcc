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
from typing import TYPE_CHECKING, Any, Iterable

from game.net.server import host_powers
from game.net.server.name_rules import check_name, clean_name
from game.net.server.new_table import computers
from game.net.shared.protocol import HOST_LEFT, ProtocolError, new_code, normal_code, refusal
from game.net.server.store import StoreError, TableRow
from game.net.server.table import Table

if TYPE_CHECKING:
    from game.engine import Rules
    from game.net.server.conn import Conn
    from game.net.server.identities import Identities
    from game.net.server.limits import Addresses
    from game.net.server.store import TableStore
    from game.net.server.thinking import ThinkPool

log = logging.getLogger("matador.server")

MAX_LISTED = 100  # open tables in one ``tables`` answer (and as many being played, to watch)


class Arrivals:
    """What ``Server`` does when a connection asks for a seat (its fields are the server's)."""

    tables: dict[str, Table]
    ended: set[str]
    moved: dict[str, str]  # a table's old code -> its new one (``new_code``): for its seats' tokens only
    store: TableStore
    thinkers: ThinkPool
    addresses: Addresses
    max_tables: int
    code_length: int
    hello_timeout: float
    identities: Identities

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
        self.identities.check(conn.identity, name)
        self.addresses.may_create(conn.address, computers(row))
        try:
            self.store.create(row)
        except StoreError as err:
            log.error("table %s: cannot be stored: %s", code, err)
            raise ProtocolError(f"the server cannot store a new table now ({err}): try again later", "store_failed", why=str(err)) from None
        table = self._adopt(Table(row, self.store, self.thinkers, owner=conn.address))
        self.addresses.created(conn.address, code, computers(row))
        self.event("created", table=code, name=name, address=conn.address, rules=row.base, players=row.players)
        seat, token = table.take_seat(row.host, name, conn.identity)
        self._named(conn, name)
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
        self.identities.check(conn.identity, name)
        try:
            seat, token = table.take_seat(seat, name, conn.identity)
        except ProtocolError as err:
            if err.code == "no_table":
                self.addresses.guessed_wrong(conn.address)
            raise
        self._named(conn, name)
        self.event("seated", table=table.code, seat=seat, name=name, address=conn.address)
        self._seat(conn, table, seat, token)

    def _rejoin(self, conn: Conn, msg: dict[str, Any]) -> None:
        code = normal_code(msg.get("table"))
        if code in self.moved and code not in self.tables:  # the table has a new code: its seats' tokens still open it
            msg = {**msg, "table": self.moved[code]}
        table = self._find(conn, msg)
        try:
            seat = table.check_token(msg.get("seat"), msg.get("token"))
        except ProtocolError as err:
            if err.code == "no_table":
                self.addresses.guessed_wrong(conn.address)
            raise
        self._seat(conn, table, seat, None)

    def _named(self, conn: Conn, name: str) -> None:
        """The identity seated under ``name`` holds that name on this server now
        (it was checked free for it before the seat was taken)."""
        if conn.identity is None or self.identities.name_of(conn.identity) == name:
            return
        try:
            self.identities.set_name(conn.identity, name)
        except ProtocolError as err:  # taken meanwhile by another process of a cluster: seated under it still
            log.warning("identity %s: the name %r was not kept: %s", conn.identity, name, err)

    def _rename(self, conn: Conn, msg: dict[str, Any]) -> None:
        """``name``: the connection's identity takes another name on this server."""
        if conn.identity is None:
            raise ProtocolError("say who you are in hello first (its identity)", "no_identity")
        self.addresses.costly(conn.address)
        self.identities.set_name(conn.identity, clean_name(msg.get("name")))
        conn.send({"type": "name", "id": conn.identity, "name": self.identities.name_of(conn.identity)})

    def _new_code(self, conn: Conn, table: Table) -> None:
        """The host gives the lobby a new code (``new_code``): the old one opens it
        no more to anyone without a seat's token (its seats are told the new one)."""
        host_powers.may_recode(table, conn.seat)
        self.addresses.costly(conn.address)
        old = table.code
        new = new_code(self.code_length)
        while new in self.tables or new in self.ended or new in self.moved or self.store.code_taken(new):
            new = new_code(self.code_length)
        table.write(self.store.rename, new)
        del self.tables[old]
        table.code = table.row.code = new
        self.tables[new] = table
        self.moved[old] = new
        for was, now in list(self.moved.items()):  # a token of the first code follows every later one
            if now == old:
                self.moved[was] = new
        self.addresses.put_away(table.owner, old)
        self.addresses.created(table.owner, new, computers(table.row))
        self._recoded(table, old)
        self.event("new_code", table=new, was=old)
        table.tell_all({"type": "new_code", "table": new, "was": old})
        table.tell_all(table.lobby())

    def _recoded(self, table: Table, old: str) -> None:
        """The table ``old`` is ``table.code`` now (a cluster's process moves its lease and channel)."""

    def _claim(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Someone without a seat's token asks the host for it (game/net/server/host_powers.py)."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'claim'", "unknown_type")
        table = self._find(conn, msg)
        name = clean_name(msg.get("name"))
        self.identities.check(conn.identity, name)

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

        claim = host_powers.ask(table, msg, name, granted, refused, conn.identity)
        conn.claim = (table, claim)
        self.event("claim", table=table.code, seat=claim.seat, name=name, address=conn.address)
        self._arm(conn, host_powers.CLAIM_S + self.hello_timeout)
        conn.send({"type": "waiting", "about": "claim", "seat": claim.seat, "seconds": host_powers.CLAIM_S})

    def _list(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The tables open to anyone on this server (created with ``listed``): those
        in their lobby with a seat open, to join, and those being played and open to
        watchers, to watch (``list_answer``)."""
        if conn.protocol < 2:
            raise ProtocolError("unknown message type 'list'", "unknown_type")
        conn.send(list_answer((table.row, table.rules, len(table.watchers)) for table in self.tables.values()))


def list_answer(rows: Iterable[tuple[TableRow, Rules, int]]) -> dict[str, Any]:
    """The ``tables`` answer of ``rows`` (each a table, its rules and how many watch
    it): at most ``MAX_LISTED`` lobbies (``tables``) and as many being played
    (``playing``); the rows not listed, full or closed to watchers are left out."""
    found: list[dict[str, Any]] = []
    playing: list[dict[str, Any]] = []
    for row, rules, watching in rows:
        listed = list_entry(row, rules, watching)
        if listed is None:
            continue
        kind, entry = listed
        into = found if kind == "tables" else playing
        if len(into) < MAX_LISTED:
            into.append(entry)
        if len(found) >= MAX_LISTED and len(playing) >= MAX_LISTED:
            break
    return {"type": "tables", "tables": found, "playing": playing}


def list_entry(row: TableRow, rules: Rules, watching: int) -> tuple[str, dict[str, Any]] | None:
    """A table as ``tables`` lists it: ("tables", entry) in its lobby with a seat
    open (its code, rules, host's name, open seats, state, how many watch, and
    ``watchable: false`` if its host closed it to watchers), ("playing", entry)
    being played and open to watchers (its code, rules, host's and players' names,
    state, how many watch); None if it is not listed so."""
    if not row.listed:
        return None
    entry: dict[str, Any] = {
        "table": row.code,
        "rules": {"base": rules.base, "players": rules.players, "options": rules.overrides()},
        "host": row.seats[row.host].name if 0 <= row.host < len(row.seats) else None,
        "state": row.state,
        "watchers": watching,
    }
    if row.state == "lobby":
        entry["open"] = [i for i, s in enumerate(row.seats) if s.kind == "open"]
        if not entry["open"]:
            return None
        if not row.watchable:
            entry["watchable"] = False
        return "tables", entry
    if row.state == "playing" and row.watchable:
        entry["names"] = [s.name for s in row.seats if s.kind != "open"]
        return "playing", entry
    return None
