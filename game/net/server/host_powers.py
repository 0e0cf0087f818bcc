"""What the host of a table may do with its seats: give the seat of a player away
for 5 minutes to a computer (``give_seat``), remove a seat's taker in the lobby
(``remove``: that identity may take no seat at the table again, ``barred``), give
the lobby a new code that the old one no longer opens (``may_recode``, done by the
server: game/net/server/arrivals.py), and let a person take a free seat back (``ask``/``answer``: someone
without the seat's token, from another machine or after a reinstall, asks; the
host approves or refuses, in the lobby or at the table).

A *free* seat is one whose player is away, or one the host gave to a computer.
A claim waits for the host's answer at most ``CLAIM_S``; one claim per seat at a
time. The lobby (``table``) lists the claims waiting, so the host's screen shows
them; the host is also sent ``claim`` as each comes.

No pygame here.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from game.net.shared.protocol import GIVEN_SEAT_LEVEL, RETURN_S, ProtocolError, new_token, token_hash
from game.net.server.store import SeatRow
from game.net.server.table_api import Claim, TableAPI

CLAIM_S = 120.0  # a claim the host does not answer in this time is refused


def claims_json(table: TableAPI) -> list[dict[str, Any]]:
    return [{"seat": c.seat, "name": c.name} for c in sorted(table.claims.values(), key=lambda c: c.seat)]


def _host(table: TableAPI, by: int, what: str) -> None:
    if by != table.row.host:
        raise ProtocolError(f"only the host {what}", "host_only")


def host_away(table: TableAPI) -> bool:
    """The host's seat has nobody connected at it (its player left, or dropped)."""
    host = table.row.host
    net = table.net.get(host)
    return table.row.seats[host].kind == "remote" and (net is None or net.send is None)


def _seat_number(table: TableAPI, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(table.row.seats):
        raise ProtocolError("seat must be a seat number", "bad_seat")
    return value


def give_seat(table: TableAPI, by: int, msg: dict[str, Any]) -> None:
    """The host gives the seat of a player away for more than 5 minutes to a computer;
    while the host is away, anyone still at the table may (the host's own seat too:
    a table whose creator left never waits for ever)."""
    from game.ai import levels
    from game.net.server.new_table import level_name

    if not host_away(table):
        _host(table, by, "gives a seat away")
    seat, level = msg.get("seat"), msg.get("level", GIVEN_SEAT_LEVEL)
    net = table.net.get(seat) if isinstance(seat, int) else None
    if net is None or not isinstance(seat, int) or seat == by or table.row.seats[seat].kind != "remote":
        raise ProtocolError("seat must be the seat of another player", "bad_seat")
    if not isinstance(level, str) or levels.get(level) is None:
        raise ProtocolError(f"level must be one of {', '.join(levels.ids())}", "bad_level")
    if net.away_since is None or time.monotonic() - net.away_since < RETURN_S:
        raise ProtocolError("a player who dropped keeps the seat for 5 minutes", "too_soon", seconds=RETURN_S)
    table.settle({seat})  # a person who left the match loses it (game/net/server/server_ratings.py)
    former = table.row.seats[seat]
    row = SeatRow(level_name(level), "computer", level, former.token_hash)  # the token is kept: its holder is told the seat was given
    table.write(table.store.set_seat, seat, row)
    table.row.seats[seat] = row
    del table.net[seat]
    net.end_link({"type": "closed", "by": "host", "code": "seat_given", "reason": "the host gave your seat to a computer"}, "seat given")
    table.say("given", seat=seat, name=former.name, computer=level)  # (not "level": the log's own argument)
    _drop_claim(table, seat, "the seat was given to a computer")
    _rebuild(table)
    table.tell_all(table.lobby())


STOPPED = "the match was stopped: its host was away"


def stop_match(table: TableAPI, by: int) -> None:
    """Those still at a table whose host has been away past the hold end its match:
    the table is closed for good (kept as stopped: each app keeps the match so far)."""
    if not host_away(table):
        raise ProtocolError("only while the host is away may the match be stopped", "host_only")
    if table.state != "playing":
        raise ProtocolError("only a match under way can be stopped", "started")
    net = table.net.get(table.row.host)
    since = net.away_since if net is not None else None
    if since is not None and time.monotonic() - since < RETURN_S:
        raise ProtocolError("a player who dropped keeps the seat for 5 minutes", "too_soon", seconds=RETURN_S)
    table.settle({i for i, s in enumerate(table.row.seats) if s.kind == "remote" and (i not in table.net or table.net[i].send is None)})
    table.write(table.store.set_state, "closed")
    table.say("stopped", by=by)
    table.tell_all({"type": "closed", "by": "table", "code": "stopped", "reason": STOPPED})


def remove(table: TableAPI, by: int, msg: dict[str, Any]) -> None:
    """The host frees a seat another person took, in the lobby (its token no longer works)."""
    _host(table, by, "removes a player")
    seat = _seat_number(table, msg.get("seat"))
    if table.state != "lobby":
        raise ProtocolError("a player can be removed only before the match starts", "started")
    former = table.row.seats[seat]
    if seat == by or former.kind != "remote":
        raise ProtocolError("seat must be the seat of another player", "bad_seat")
    bar = former.identity
    if bar is not None and bar != table.row.seats[by].identity and bar not in table.row.barred:
        table.write(table.store.set_barred, [*table.row.barred, bar])  # (first: a bar not stored frees no seat)
        table.row.barred.append(bar)
    table.write(table.store.set_seat, seat, SeatRow(None, "open"))
    table.row.seats[seat] = SeatRow(None, "open")
    net = table.net.pop(seat, None)
    if net is not None:
        net.end_link({"type": "closed", "by": "removed", "code": "removed", "reason": "the host removed you from this table"}, "removed by the host")
    table.say("removed", seat=seat, name=former.name)
    _drop_claim(table, seat, "the seat is open: join it")
    table.tell_all(table.lobby())


BARRED = "the host removed you from this table"


def check_barred(table: TableAPI, identity: str | None) -> None:
    """Refuse a seat to an identity the host removed from this table."""
    if identity is not None and identity in table.row.barred:
        raise ProtocolError(BARRED, "barred", table=table.code)


def may_recode(table: TableAPI, by: int) -> None:
    """Whether ``by`` may give the table a new code now: the host, in the lobby."""
    _host(table, by, "gives the table a new code")
    if table.state != "lobby":
        raise ProtocolError("a table gets a new code only before its match starts", "started")


def free(table: TableAPI, seat: int) -> bool:
    """Whether ``seat`` may be claimed: its player is away, or the host gave it to a computer."""
    row = table.row.seats[seat]
    if seat == table.row.host:
        return False
    if row.kind == "remote":
        net = table.net.get(seat)
        return net is None or net.send is None
    return row.kind == "computer" and row.token_hash is not None


def ask(
    table: TableAPI,
    msg: dict[str, Any],
    name: str,
    granted: Callable[[int, str], None],
    refused: Callable[[ProtocolError], None],
    identity: str | None = None,
) -> Claim:
    """Someone without the seat's token asks for a free seat; the host is asked."""
    from game.net.server.name_rules import check_name

    seat = _seat_number(table, msg.get("seat"))
    check_barred(table, identity)
    if not free(table, seat):
        raise ProtocolError("that seat is not free: its player is at the table", "not_free", seat=seat)
    if seat in table.claims:
        raise ProtocolError("someone is already asking for that seat", "claim_pending", seat=seat)
    host = table.net.get(table.row.host)
    if host is None or host.send is None:
        raise ProtocolError("the host is not at the table to let you in: try again later", "host_away")
    check_name(name, table.names(leaving_out=seat))
    claim = table.claims[seat] = Claim(seat, name, granted, refused, identity=identity)
    table.say("claim", seat=seat, name=name)
    host.tell({"type": "claim", "seat": seat, "name": name})
    table.tell_all(table.lobby())
    return claim


def answer(table: TableAPI, by: int, msg: dict[str, Any]) -> None:
    """The host approves (``approve: true``) or refuses a claim for ``seat``."""
    _host(table, by, "answers a request for a seat")
    seat = _seat_number(table, msg.get("seat"))
    claim = table.claims.pop(seat, None)
    if claim is None:
        raise ProtocolError("nobody is asking for that seat now", "no_claim", seat=seat)
    approve = msg.get("approve") is True
    table.say("claim_answered", seat=seat, name=claim.name, answer="let" if approve else "refused")
    if not approve:
        claim.refused(ProtocolError("the host did not let you take that seat", "claim_refused", seat=seat))
        table.tell_all(table.lobby())
        return
    if not free(table, seat):  # its player came back meanwhile
        claim.refused(ProtocolError("that seat is not free: its player is at the table", "not_free", seat=seat))
        table.tell_all(table.lobby())
        return
    token = new_token()
    row = SeatRow(claim.name, "remote", None, token_hash(token), claim.identity)
    was_computer = table.row.seats[seat].kind == "computer"
    try:
        table.write(table.store.set_seat, seat, row)
    except ProtocolError as err:
        claim.refused(err)
        raise
    table.row.seats[seat] = row
    old = table.net.pop(seat, None)
    if old is not None:
        old.end_link(None, "seat given to another person")
    if was_computer:
        _rebuild(table)
    claim.granted(seat, token)


def _rebuild(table: TableAPI) -> None:
    """The match played so far, with the seats as they are now (a computer for a
    player, or a player for a computer)."""
    if table.referee is not None and table.halted is None:
        table.referee.cancel()
        table.rebuild()
        table.wake()


def _drop_claim(table: TableAPI, seat: int, why: str) -> None:
    claim = table.claims.pop(seat, None)
    if claim is not None:
        claim.refused(ProtocolError(why, "claim_over", seat=seat))


def back(table: TableAPI, seat: int) -> None:
    """The seat's own player is back (with the token): a claim for it is over."""
    _drop_claim(table, seat, "the seat's player came back")


def withdraw(table: TableAPI, claim: Claim) -> None:
    """The claimant left before the host answered."""
    if table.claims.get(claim.seat) is claim:
        del table.claims[claim.seat]
        table.tell_all(table.lobby())


def expire(table: TableAPI, now: float) -> None:
    for seat, claim in list(table.claims.items()):
        if now - claim.at > CLAIM_S:
            del table.claims[seat]
            claim.refused(ProtocolError("the host did not answer: try again later", "claim_unanswered", seat=seat))
            table.tell_all(table.lobby())
