"""*Play now*: people waiting for a match of a rule set, paired by their rating on
this server (docs/network.md, "Play now").

``queues()`` are what may be asked for, read from the rule sets' registry
(``game.engine.RULE_SETS``): every rule set that seats two, and the first rule
set of the ``matador`` family (in the registry's order) that seats four at
four. ``Queue`` holds the people waiting, without sockets or a clock of its own
(``clock`` is given: tests turn it by hand): a person is one ``Ticket`` (who
they are, their rating, since when they wait), and ``pairs()`` makes the tables
it can, the longest waiting first:

- a person's **window** is ``WINDOW_START`` rating points, widened by
  ``WIDEN_PER_S`` each second of their wait; two people (or a table of four)
  may meet when every gap to the longest waiting one is within that one's window;
- among those, the **closest rating** first (on a tie, who waited longer);
- **never the same person twice in a row while others wait**: whom a person
  last met is kept (by identity); a table that would seat them together again is
  made only when nobody else waits in that queue.

``Matchmaking`` is what ``Server`` (game/net/server/endpoint.py) does with the
messages ``play_now``, ``leave_queue`` and ``play_computer``: a pairing seats
its people through the create and join path (game/net/server/arrivals.py) at an
ordinary table that starts at once. Leaving (or a connection that drops) is
immediate: the ticket is gone before the next message is read.

No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable, cast

from game.engine import RULE_SETS
from game.net.server.name_rules import check_name, clean_name, skeleton
from game.net.shared.protocol import ProtocolError, refusal
from game.rating import at_my_level
from game.rating.glicko2 import Rating
from game.rating.player_rating import family_of

if TYPE_CHECKING:
    from game.net.server.conn import Conn
    from game.net.server.identities import Identities
    from game.net.server.limits import Addresses
    from game.net.server.server_ratings import ServerRatings
    from game.net.server.table import Table

log = logging.getLogger("matador.server")

WINDOW_START = 100.0  # rating points either side, at once
WIDEN_PER_S = 25.0  # more points each second of waiting (30 s: 850)
OFFER_S = 30.0  # after this long, the app offers a computer of the person's strength
TICK_S = 0.5  # how often the server tries again while anyone waits (the windows widen)
DEFAULT_RATING = 1500.0  # the rating of someone this server has not rated
EXACT_UP_TO = 16  # waiting people among whom every table is tried for one without meeting again (1,820 of four)
SEARCH_NEAR = 24  # the closest in a person's window among whom a table without meeting again is searched
FOUR_SEAT_FAMILY = "matador"  # the family whose first four-seat rule set has a queue at four


def queues() -> list[tuple[str, int]]:
    """(rule set, players) of every queue, in the registry's order: each rule set
    that seats two, then the first of ``FOUR_SEAT_FAMILY`` that seats four."""
    found = [(info.id, 2) for info in RULE_SETS.values() if info.min_players <= 2 <= info.max_players]
    four = next((info.id for info in RULE_SETS.values() if info.family == FOUR_SEAT_FAMILY and info.min_players <= 4 <= info.max_players), None)
    if four is not None:
        found.append((four, 4))
    return found


def window(waited: float) -> float:
    """The rating gap a person who has waited ``waited`` seconds takes."""
    return WINDOW_START + WIDEN_PER_S * max(0.0, waited)


@dataclass
class Ticket:
    """One person waiting: ``key`` (their connection), ``person`` (their identity),
    the queue's rule set and players, their rating, name and since when."""

    key: Hashable
    person: str
    rules: str
    players: int
    rating: float
    since: float
    name: str = ""
    level: str = ""  # the computer level nearest the rating (the offer after OFFER_S)


@dataclass
class Made:
    """A table the queue made: its people (the longest waiting first) and their waits."""

    tickets: list[Ticket]
    at: float
    waits: list[float] = field(default_factory=list)

    @property
    def gap(self) -> float:
        """The widest rating gap at the table."""
        ratings = [t.rating for t in self.tickets]
        return max(ratings) - min(ratings)


class Queue:
    """The people waiting on one server, in every queue."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.tickets: dict[Hashable, Ticket] = {}  # in the order they came
        self.last_met: dict[str, frozenset[str]] = {}  # identity -> whom they met at their last table

    def __len__(self) -> int:
        return len(self.tickets)

    def join(self, key: Hashable, person: str, rules: str, players: int, rating: float, name: str = "", level: str = "") -> Ticket:
        """Queue ``person`` (``ProtocolError`` for a queue there is not, or a person already waiting)."""
        if (rules, players) not in queues():
            offered = ", ".join(f"{r} ({p})" for r, p in queues())
            raise ProtocolError(f"play now offers {offered}", "bad_rules")
        if key in self.tickets or any(t.person == person for t in self.tickets.values()):
            raise ProtocolError("you are waiting to play already: leave_queue first", "queued")
        ticket = Ticket(key, person, rules, players, float(rating), self.clock(), name, level)
        self.tickets[key] = ticket
        return ticket

    def leave(self, key: Hashable) -> Ticket | None:
        return self.tickets.pop(key, None)

    def waiting(self, rules: str, players: int) -> list[Ticket]:
        return [t for t in self.tickets.values() if t.rules == rules and t.players == players]

    def pairs(self) -> list[Made]:
        """Every table that can be made now, out of the queue (whom each met is remembered)."""
        now = self.clock()
        made: list[Made] = []
        for rules, players in {(t.rules, t.players) for t in self.tickets.values()}:
            waiting = sorted(self.waiting(rules, players), key=lambda t: t.since)
            while len(waiting) >= players:
                group = self._group(waiting, players, now)
                if group is None:
                    break
                for ticket in group:
                    waiting.remove(ticket)
                    del self.tickets[ticket.key]
                people = {t.person for t in group}
                for ticket in group:
                    self.last_met[ticket.person] = frozenset(people - {ticket.person})
                made.append(Made(group, now, [now - t.since for t in group]))
        return made

    def _met(self, a: Ticket, b: Ticket) -> bool:
        return b.person in self.last_met.get(a.person, ()) or a.person in self.last_met.get(b.person, ())

    def _group(self, waiting: list[Ticket], players: int, now: float) -> list[Ticket] | None:
        """The first table of ``waiting`` (oldest first) that can be made: its longest
        waiting person and the closest others within that one's window who have not
        met one another at their last tables (found by rating, in the order of
        ratings: a long queue of people far apart costs a search each, not a pass
        over everyone)."""
        by_rating = sorted(waiting, key=lambda t: t.rating)
        ratings = [t.rating for t in by_rating]
        for first in waiting:
            reach = window(now - first.since)
            low, high = bisect_left(ratings, first.rating - reach), bisect_right(ratings, first.rating + reach)
            if high - low < players:
                continue
            near = [t for t in by_rating[low:high] if t is not first]
            near.sort(key=lambda t: (abs(t.rating - first.rating), t.since))
            group = self._unmet([first], near[:SEARCH_NEAR], players)
            if group is None and len(waiting) == players:  # those met last time, only if nobody else waits
                group = list(waiting)
            if group is not None:
                return group
        fresh = self._fresh_table(waiting, players)
        if fresh is not None:  # (its longest waiting person first: ``waiting`` is in that order)
            reach = window(now - fresh[0].since)
            if all(abs(t.rating - fresh[0].rating) <= reach for t in fresh):  # one the search above did not reach
                return fresh
            return None  # made once the windows reach it
        # Nobody else waits with whom a table could be made without meeting someone again (four
        # who met, and a fifth): the fewest meetings again, or these would wait for ever.
        for first in waiting:
            reach = window(now - first.since)
            near = [t for t in by_rating if t is not first and abs(t.rating - first.rating) <= reach]
            group = [first]
            while near and len(group) < players:
                other = min(near, key=lambda t: (sum(self._met(t, g) for g in group), abs(t.rating - first.rating), t.since))
                near.remove(other)
                group.append(other)
            if len(group) == players:
                return group
        return None

    def _unmet(self, group: list[Ticket], others: list[Ticket], players: int) -> list[Ticket] | None:
        """``group`` completed to ``players`` from ``others`` (in their order, the first
        that fits first) with people none of whom met another at their last tables, or None."""
        if len(group) == players:
            return group
        for i, other in enumerate(others):
            if not any(self._met(other, g) for g in group):
                found = self._unmet([*group, other], others[i + 1:], players)
                if found is not None:
                    return found
        return None

    def _fresh_table(self, waiting: list[Ticket], players: int) -> list[Ticket] | None:
        """Some ``players`` of ``waiting`` (whatever their ratings, in its order) who have
        not met one another at their last tables: tried greedily from each person, and
        among a few people (at most ``EXACT_UP_TO``) every way; None if none is found."""
        for first in waiting:
            group = [first]
            for other in waiting:
                if other is not first and len(group) < players and not any(self._met(other, g) for g in group):
                    group.append(other)
            if len(group) == players:
                return sorted(group, key=waiting.index)
        if len(waiting) > EXACT_UP_TO:
            return None
        return self._unmet([], waiting, players)


class Matchmaking:
    """What ``Server`` does with *Play now* (its fields are the server's)."""

    tables: dict[str, Table]
    addresses: Addresses
    hello_timeout: float
    queue: Queue
    identities: Identities
    ratings: ServerRatings

    def event(self, kind: str, **fields: Any) -> None: ...

    def _create(self, conn: Conn, msg: dict[str, Any]) -> None: ...

    def _seat(self, conn: Conn, table: Table, seat: int, token: str | None) -> None: ...

    def _arm(self, conn: Conn, seconds: float) -> None: ...

    def _named(self, conn: Conn, name: str) -> None: ...

    _queue_timer: asyncio.TimerHandle | None = None

    # Who and how strong ------------------------------------------------------------
    def person_of(self, conn: Conn) -> str:
        """Whom ``conn`` is, for the queue: its identity (a connection of its own when it has none)."""
        return conn.identity if conn.identity else f"conn:{id(conn)}"

    def rating_for(self, conn: Conn, rules: str) -> Rating | None:
        """``conn``'s rating on this server in ``rules``'s family (game/net/server/server_ratings.py);
        None: not rated here (no identity, or no match rated yet)."""
        if conn.identity is None or rules not in RULE_SETS:
            return None
        shown = self.ratings.rating_of(conn.identity, family_of(rules))
        return Rating(shown.rating, shown.rd) if shown.matches > 0 else None

    # The messages ---------------------------------------------------------------------
    def _play_now(self, conn: Conn, msg: dict[str, Any]) -> None:
        rules, players = msg.get("rules"), msg.get("players", 2)
        if not isinstance(rules, str) or isinstance(players, bool) or not isinstance(players, int):
            raise ProtocolError("rules must be a rule set's id and players a number", "bad_rules")
        known = self.identities.name_of(conn.identity) if conn.identity is not None else None
        name = clean_name(msg.get("name", known))  # (the identity's name on this server when none is given)
        check_name(name, ())
        self.identities.check(conn.identity, name)
        rating = self.rating_for(conn, rules)
        level = at_my_level.choose(rules, rating).level if rules in RULE_SETS else ""
        value = rating.r if rating is not None else DEFAULT_RATING
        ticket = self.queue.join(conn, self.person_of(conn), rules, players, value, name, level)
        self._queued_here(conn, ticket)
        if conn.timer is not None:  # waiting is a reason to stay
            conn.timer.cancel()
            conn.timer = None
        self.event("queued", rules=rules, players=players, rating=round(value), address=conn.address)
        conn.send({
            "type": "queued", "rules": rules, "players": players, "level": level, "family": family_of(rules),
            "rating": round(value), "offer_after": OFFER_S, "waiting": len(self.queue.waiting(rules, players)),
        })
        self._pair()

    def _leave_queue(self, conn: Conn, msg: dict[str, Any]) -> None:
        if not self._unqueue(conn):
            raise ProtocolError("you are not waiting to play", "not_queued")
        conn.send({"type": "left_queue"})
        self._arm(conn, self.hello_timeout)

    def _play_computer(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Someone waiting takes the offer: a table with computers of their level, started at once."""
        ticket = self.queue.tickets.get(conn)
        if ticket is None:
            raise ProtocolError("you are not waiting to play", "not_queued")
        self._unqueue(conn)
        self._met_nobody(ticket.person)  # this match is between them and the computers: whom they met before is no longer their last
        seats = ["open"] + [ticket.level] * (ticket.players - 1)
        try:
            # Listed, as a match between people met here: to be watched (every seat is taken, and
            # it starts below, before any other message is read: nobody joins it)
            self._create(conn, {"rules": ticket.rules, "players": ticket.players, "name": ticket.name, "seats": seats, "listed": True})
        except ProtocolError:
            self._arm(conn, self.hello_timeout)
            raise
        table = conn.table
        if table is not None:
            self.event("paired", table=table.code, rules=ticket.rules, computer=ticket.level, waited=round(self.queue.clock() - ticket.since, 1))
            table.start(table.row.host)

    def _unqueue(self, conn: Conn) -> bool:
        """``conn`` waits no more (it left, or dropped); whether it was waiting."""
        self._left_here(conn)
        return self.queue.leave(conn) is not None

    # Where the queue is kept: this process (a cluster keeps it in Redis: game/net/server/cluster/cluster_queue.py)
    def _queued_here(self, conn: Conn, ticket: Ticket) -> None:
        """``conn`` waits (``ticket``) on this process."""

    def _left_here(self, conn: Conn) -> None:
        """``conn`` waits on this process no more."""

    def _met_nobody(self, person: str) -> None:
        """``person``'s last table had nobody of the queue at it (they took the computers)."""
        self.queue.last_met.pop(person, None)

    def _make_tables(self) -> None:
        """Seat every table the queue can make now."""
        for made in self.queue.pairs():
            self._sit_down(made)

    def _keep_pairing(self) -> bool:
        """Whether to try again after ``TICK_S``."""
        return bool(len(self.queue))

    # Pairing ---------------------------------------------------------------------------
    def _pair(self) -> None:
        """Seat every table the queue can make now; try again soon while anyone waits."""
        self._make_tables()
        if self._queue_timer is not None:
            self._queue_timer.cancel()
            self._queue_timer = None
        if self._keep_pairing():
            self._queue_timer = asyncio.get_running_loop().call_later(TICK_S, self._pair)

    def _sit_down(self, made: Made) -> None:
        """The people of ``made`` at a new table: the longest waiting creates it, the
        others join, and it starts."""
        conns = [cast("Conn", t.key) for t in made.tickets]
        names = unique_names([t.name for t in made.tickets])
        first, rest = made.tickets[0], conns[1:]
        if any(c.closing for c in conns):  # (one is going: the others wait again, as they were)
            for ticket, conn in zip(made.tickets, conns):
                if not conn.closing:
                    self.queue.tickets[conn] = ticket
            return
        host = conns[0]
        try:
            # Listed: a match between people met here is in the server's list, to be
            # watched (it starts below, before any other message is read: nobody joins it).
            self._create(host, {"rules": first.rules, "players": first.players, "name": names[0], "listed": True})
        except ProtocolError as err:  # (the server holds its most tables, the host's address its most...)
            log.warning("play now: a table could not be created: %s", err)
            host.send(refusal("play_now", err))
            self._arm(host, self.hello_timeout)
            for ticket, conn in zip(made.tickets[1:], rest):  # the others wait on, as they were
                self.queue.tickets[conn] = ticket
            return
        table = host.table
        assert table is not None
        try:
            for conn, name in zip(rest, names[1:]):
                seat, token = table.take_seat(None, name, conn.identity)
                self._named(conn, name)
                self.event("seated", table=table.code, seat=seat, name=name, address=conn.address)
                self._seat(conn, table, seat, token)
            table.start(table.row.host)
        except ProtocolError as err:  # a store that fails: said to those not seated (the others are told by their table)
            log.warning("play now: a table for %d could not be made: %s", len(conns), err)
            for conn in conns:
                if conn.table is None:
                    conn.send(refusal("play_now", err))
                    self._arm(conn, self.hello_timeout)
            return
        self.event("paired", table=table.code, rules=first.rules, gap=round(made.gap), waited=[round(w, 1) for w in made.waits])


def unique_names(names: list[str]) -> list[str]:
    """The names of a table's people, a number added to one taken already (two Anns: Ann, Ann 2)."""
    found: list[str] = []
    for name in names:
        taken = {skeleton(n) for n in found}
        shown, n = name, 2
        while skeleton(shown) in taken:
            shown = f"{name[:20]} {n}"
            n += 1
        found.append(shown)
    return found


QUEUE_MESSAGES: dict[str, Callable[[Matchmaking, Conn, dict[str, Any]], None]] = {
    "play_now": lambda server, conn, msg: server._play_now(conn, msg),
    "leave_queue": lambda server, conn, msg: server._leave_queue(conn, msg),
    "play_computer": lambda server, conn, msg: server._play_computer(conn, msg),
}

__all__ = ["DEFAULT_RATING", "Made", "Matchmaking", "OFFER_S", "QUEUE_MESSAGES", "Queue", "Ticket", "queues", "unique_names", "window"]
