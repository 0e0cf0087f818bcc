"""One table on the server: its seats, its referee, and what each seat is sent.

The referee is the authority; every seat's messages are made from the
``SeatView`` the referee hands that seat (game/net/server/remote_seats.py), so a connection can
only ever be sent its own hand. **Write before you tell**: while the referee
plays an action, what the seats are to be told is held back (``deliver``) until
the action is in the store; a write that fails halts the table (``halted``): its
seats are told why, nothing unstored is told, and play goes on once a write
works again (``retry``), from the last action stored. Computer seats think in the
server's ``ThinkPool``, off the event loop. No sockets here: a seat's messages go
to a ``send`` function (a connection's, or none while the player is away).
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, Callable, Collection, Iterator

from game.engine import NO_SEAT, IllegalMoveError, Match, PlayerInfo, Rules
from game.net.server import new_table
from game.net.server.host_powers import back
from game.net.shared.lobby import lobby_json
from game.net.shared.protocol import GIVEN_SEAT_LEVEL, REACTIONS, RETURN_S, ProtocolError, action_json, action_message, new_token, read_action, token_hash, view_json
from game.net.server.halting import halt, halted_message
from game.net.server.results import Ending, Results
from game.net.server.remote_seats import Close, NetSeat, PoolSeat, Send
from game.net.server.store import FencedOut, SeatRow, StoreError, TableRow, TableStore
from game.net.server.table_api import Claim
from game.net.server.thinking import ThinkPool
from game.net.server.watchers import Watcher, watch_round
from game.play.referee import ACTION, OVER, ROUND, Event, Referee
from game.words.refusals import refusal_text
from game.play.seat import Seat

log = logging.getLogger("matador.server")

__all__ = ["RETURN_S", "NetSeat", "PoolSeat", "Send", "Table"]


class Table:
    """A table: created with its rules and seats, started by its host, played to the end."""

    def __init__(self, row: TableRow, store: TableStore, thinkers: ThinkPool | Executor, owner: str = ""):
        self.row = row
        self.code = row.code
        self.store = store
        self.thinkers = thinkers if isinstance(thinkers, ThinkPool) else ThinkPool(getattr(thinkers, "_max_workers", 1), executor=thinkers)
        self.owner = owner or row.code  # whose share of the thinking pool its computers use (its creator's address)
        self.rules = Rules.from_base(row.base, row.players, row.options)
        self.match: Match | None = None
        self.referee: Referee | None = None
        self.results: Results | None = None
        self.seats: list[Seat] = []
        self.net: dict[int, NetSeat] = {}
        self.watchers: dict[int, Watcher] = {}  # who watches without a seat (game/net/server/watchers.py), by connection
        self.touched = time.monotonic()
        self.over_at: float | None = None  # when the match ended (or the table was resumed over)
        self.halted: str | None = None  # why play stopped (a write failed), until a write works again
        self._held: list[tuple[NetSeat | Watcher, dict[str, Any]]] | None = None
        self.claims: dict[int, Claim] = {}  # people asking the host for a free seat (game/net/server/host_powers.py)
        self.on_event: Any = None  # the server's log of events (game/net/server/adminlog.py), if any
        self.ending: Ending | None = None  # a finished table keeps only what it still tells (results.Ending)
        # A cluster on Redis (game/net/server/cluster/cluster_process.py): whether this process surely still
        # referees the table (its lease, by the clock), asked before anything is told; and
        # what to do when a write finds the lease gone.
        self.gate: Callable[[], bool] | None = None
        self.on_fenced: Callable[[], None] | None = None
        # The server's ratings (game/net/server/server_ratings.py): told when the match
        # ends, or when seats leave it before its end (the seats that left).
        self.on_settle: Callable[[Table, frozenset[int]], None] | None = None
        # A cluster: told when the watchers come or go (their count, for the cluster's list).
        self.on_watchers: Callable[[Table], None] | None = None

    new_row = staticmethod(new_table.new_row)

    @property
    def round_index(self) -> int:
        return self.match.round_index if self.match is not None else -1

    @property
    def state(self) -> str:
        return self.row.state

    def say(self, event: str, **fields: Any) -> None:
        if self.on_event is not None:
            self.on_event(event, table=self.code, **fields)

    # Telling -------------------------------------------------------------------------
    def deliver(self, net: NetSeat | Watcher, message: dict[str, Any]) -> None:
        """A seat's (or a watcher's) message: held while an action is being stored, dropped while halted."""
        if self.halted is not None:
            return
        if self._held is not None:
            self._held.append((net, message))
        else:
            net.deliver(message)

    @contextmanager
    def _holding(self) -> Iterator[None]:
        """Hold back what the seats are told until the end of the block: by then every
        action played in it is stored (or the table halted and nothing is told)."""
        if self._held is not None:
            yield
            return
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            if self.halted is None:
                for net, message in held:
                    net.deliver(message)
            if self.over_at is not None and self.ending is None and self.match is not None and self.match.over:
                self._finish()

    def may_tell(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` may go to a seat now: always, but in a cluster only while
        this process surely holds the table's lease (a halt is told even so)."""
        return self.gate is None or message.get("type") == "halted" or self.gate()

    def fenced(self) -> None:
        """Another process referees this table now: nothing more is played or told here."""
        self.halted = "fenced"
        self.forget_held()
        if self.referee is not None:
            self.referee.cancel()
        if self.on_fenced is not None:
            self.on_fenced()

    def forget_held(self) -> None:
        """Drop what is held back (the action it told of could not be stored)."""
        if self._held is not None:
            self._held.clear()

    def rebuild(self) -> None:
        """The match again from the actions stored (after a halt, or with a seat changed)."""
        self.build(self.row.actions)

    def tell_all(self, message: dict[str, Any]) -> None:
        """Tell every seat and every watcher (what is for all to see)."""
        for seat in self.net.values():
            seat.tell(message)
        for watcher in list(self.watchers.values()):
            self.deliver(watcher, message)

    # Watchers ------------------------------------------------------------------------
    def watch(self, watcher: Watcher) -> None:
        """``watcher`` watches from now on: told the lobby (everyone is told the
        count), the rounds played out so far and the round as no seat sees it."""
        self.watchers[watcher.key] = watcher
        self.touched = time.monotonic()
        self.watchers_changed()
        self.watch_sync(watcher)

    def unwatch(self, key: int) -> bool:
        """The watcher of connection ``key`` left (or dropped); whether it was one."""
        if self.watchers.pop(key, None) is None:
            return False
        self.watchers_changed()
        return True

    def watchers_changed(self) -> None:
        """Watchers came or went (or the host opened or closed the table to them):
        everyone is told the lobby, with its count."""
        self.tell_all(self.lobby())
        if self.on_watchers is not None:
            self.on_watchers(self)

    def watch_sync(self, watcher: Watcher) -> None:
        """Send a watcher the whole of what it may see (on coming, or when it asks)."""
        if self.ending is not None:
            for message in self.ending.told(NO_SEAT):
                watcher.deliver(message)
            return
        if self.halted is not None:
            watcher.deliver(halted_message(self.halted))
            return
        if self.results is not None:
            for message in self.results.past():
                self.deliver(watcher, message)
        found = watch_round(self)
        if found is not None:
            self.deliver(watcher, found)
        if self.match is not None and self.match.over:
            self.deliver(watcher, self._match_over())

    def write(self, write: Any, *args: Any) -> None:
        """A lobby's write (a seat taken, the state): refused with the reason if it fails."""
        try:
            write(self.code, *args)
        except FencedOut:
            self.fenced()
            raise ProtocolError("this table moved to another process of the server: connect again", "busy") from None
        except StoreError as err:
            log.error("table %s: a write failed: %s", self.code, err)
            raise ProtocolError(f"the server cannot store this table now ({err}): try again later", "store_failed", why=str(err)) from None

    # Lobby ---------------------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        """The ``table`` message: the lobby as every seat is told it."""
        return lobby_json(self)

    def name_of(self, seat: Any) -> str | None:
        if isinstance(seat, int) and 0 <= seat < len(self.row.seats):
            return self.row.seats[seat].name or f"seat {seat + 1}"
        return None if seat is None else str(seat)

    def names(self, leaving_out: int | None = None) -> list[str | None]:
        return [s.name for i, s in enumerate(self.row.seats) if i != leaving_out and s.kind != "open"]

    def take_seat(self, seat: int | None, name: str, identity: str | None = None) -> tuple[int, str]:
        """Seat a new player (``identity``, if the connection has one) on ``seat``
        (or the first open one); (seat, token)."""
        from game.net.server.host_powers import check_barred
        from game.net.server.name_rules import check_name

        open_seats = [i for i, s in enumerate(self.row.seats) if s.kind == "open"]
        if self.state != "lobby":  # to a stranger, a table that has started is no table at all
            raise ProtocolError(f"there is no table {self.code} on this server", "no_table", table=self.code)
        check_barred(self, identity)
        if not open_seats:
            raise ProtocolError("this table is full", "full")
        if seat is None:
            seat = open_seats[0]
        if seat not in open_seats:
            raise ProtocolError(f"seat {seat} is not open (open: {', '.join(map(str, open_seats))})", "seat_taken", seat=seat, open=open_seats)
        check_name(name, self.names())
        token = new_token()
        row = SeatRow(name, "remote", None, token_hash(token), identity)
        self.write(self.store.set_seat, seat, row)
        self.row.seats[seat] = row
        self.net[seat] = NetSeat(seat, self)
        return seat, token

    def check_token(self, seat: Any, token: Any) -> int:
        """The seat ``token`` holds; to anyone without it the table is no table. (The
        token is the seat's own secret, kept with it by the app: the seat stays the
        identity's that took it, whichever identity the connection bringing it has.)"""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.row.seats) and isinstance(token, str):
            row = self.row.seats[seat]
            if row.token_hash is not None and row.token_hash == token_hash(token[:64]):
                if row.kind == "remote":
                    return seat
                if row.kind == "computer":
                    raise ProtocolError("the host gave your seat to a computer", "seat_given", seat=seat)
        raise ProtocolError(f"there is no table {self.code} on this server", "no_table", table=self.code)

    def connect(self, seat: int, send: Send, close: Close | None = None) -> bool:
        """``seat``'s player is here on this connection (an older one is closed);
        whether the player was away."""
        net = self.net.setdefault(seat, NetSeat(seat, self))
        was_away = net.away_since is not None and self.row.seats[seat].kind == "remote"
        if net.send is not None and net.send != send:
            net.end_link({"type": "closed", "by": "seat", "reason": "your seat was taken over by a newer connection"}, "seat taken over")
        net.send, net.close, net.away_since = send, close, None
        back(self, seat)
        self.touched = time.monotonic()
        self.tell_all(self.lobby())
        self.tell_past_rounds(seat)
        self.sync(seat)
        return was_away

    def sync(self, seat: int) -> None:
        """Send ``seat`` the whole of its view (on coming back, or when it asks)."""
        net = self.net.get(seat)
        if net is not None and self.ending is not None:  # a finished table: its last view and its end
            for message in self.ending.told(seat):
                net.deliver(message)
            return
        if net is None or self.match is None or self.referee is None or self.results is None:
            return
        if self.halted is not None:
            net.deliver(halted_message(self.halted))
            return
        match = self.match
        view = match.view(seat)
        net.tell({"type": "round", "commitment": self.results.commitment(match.round_index), "view": view_json(view, match.round_index)})
        if self.referee.to_move == seat:
            net.turn(view)
        if match.over:  # back after the end: the record is theirs to keep
            net.tell(self._match_over())

    def tell_past_rounds(self, seat: int) -> None:
        """Send a seat (coming back) every round played out before the current one,
        as their ``round_over`` revealed them: the match so far is then its record
        to keep, even if the host leaves before the end."""
        net = self.net.get(seat)
        if net is None or self.results is None:
            return
        for message in self.results.past():
            net.tell(message)

    def disconnect(self, seat: int, send: Send) -> bool:
        """The connection ``send`` of ``seat`` ended (or left): the player is away.
        Whether it held the seat (a connection taken over held it no more)."""
        net = self.net.get(seat)
        if net is None or net.send != send:
            return False
        net.send, net.close, net.away_since = None, None, time.monotonic()
        self.tell_all(self.lobby())
        return True

    def present(self) -> bool:
        return any(seat.send is not None for seat in self.net.values())

    # Playing -------------------------------------------------------------------------
    def start(self, by: int, nobody_away: bool = False) -> None:
        """``by`` (the host) starts the table, every seat taken; ``nobody_away``
        (the host's ``start`` message): refused too while a player is away, the seat
        held for them (the match would start without them)."""
        if by != self.row.host:
            raise ProtocolError("only the host starts the table", "host_only")
        if self.state != "lobby":
            raise ProtocolError("the table has already started", "started")
        waiting = [i for i, s in enumerate(self.row.seats) if s.kind == "open"]
        if waiting:
            raise ProtocolError(f"seat {waiting[0]} is still waiting for a player", "seat_open", seat=waiting[0])
        away = [i for i, s in enumerate(self.row.seats) if s.kind == "remote" and (i not in self.net or self.net[i].send is None)]
        if away and nobody_away:
            raise ProtocolError(f"seat {away[0]}'s player is away: start once they are back", "seat_away", seat=away[0])
        self.write(self.store.set_state, "playing")
        self.row.state = "playing"
        self.say("started")
        self.tell_all(self.lobby())
        self.build()
        self.wake()

    def build(self, replay: list[dict[str, Any]] | None = None) -> None:
        """The match and the referee, with ``replay``'s actions already played."""
        players = [
            PlayerInfo(s.name or f"Seat {i + 1}", "computer" if s.kind == "computer" else "human", s.level)
            for i, s in enumerate(self.row.seats)
        ]
        match = Match(self.rules, players, self.row.seed)
        for entry in replay or ():
            while match.needs_next_round:  # a redealt round ends as it is dealt
                match.next_round()
            match.push(read_action(entry, self.rules, entry["player"]))
        self.match = match
        self.results = Results(match)
        seeds = [hash((self.row.seed, i)) & 0x7FFFFFFF for i in range(self.rules.players)]
        self.seats = [
            PoolSeat(i, s.level or GIVEN_SEAT_LEVEL, seeds[i], self) if s.kind == "computer" else self.net.setdefault(i, NetSeat(i, self))
            for i, s in enumerate(self.row.seats)
        ]
        self.referee = Referee(match, self.seats, [self._event])

    def resume(self) -> None:
        """Rebuild a table read from the store (after a restart): every player is away.
        A table whose match is over is kept for a while, to tell its end to who comes back."""
        for i, s in enumerate(self.row.seats):
            if s.kind == "remote":
                self.net[i] = NetSeat(i, self)
                self.net[i].away_since = time.monotonic()
        if self.state in ("playing", "over"):
            self.build(self.row.actions)
            if self.state == "over":
                self.over_at = time.monotonic()
                self._finish()
                return
            self.wake()

    def commitment(self) -> str:
        assert self.match is not None and self.results is not None
        return self.results.commitment(self.match.round_index)

    def _event(self, event: Event) -> None:
        match = event.match
        results = self.results
        assert results is not None
        if event.kind == ROUND:
            r = match.round_index
            self.say("dealt", round=r)
            for index, net in self.net.items():
                net.tell({"type": "round", "commitment": results.commitment(r), "view": view_json(match.view(index), r)})
            told = watch_round(self) if self.watchers else None
            if told is not None:
                for watcher in list(self.watchers.values()):
                    self.deliver(watcher, told)
            if match.round.over:  # redealt as it was dealt: no action ends it, so its end is told now
                self._round_over(match)
        elif event.kind == ACTION:
            assert event.action is not None and event.seat is not None
            entry = action_json(event.seat, event.action)
            state = "over" if match.over else "playing"
            try:
                self.store.add_action(self.code, len(self.row.actions), event.seat, entry, state)
            except FencedOut:
                self.fenced()
                return
            except StoreError as err:
                halt(self, str(err))
                return
            self.row.actions.append(entry)
            self.row.state = state
            self.say("action", seat=event.seat, action=entry)
            if self.watchers:  # the action as no seat sees it (a draw: its count alone)
                played = action_message("played", event.seat, event.action, match.view(NO_SEAT), match.round_index)
                for watcher in list(self.watchers.values()):
                    self.deliver(watcher, played)
            if match.round.over:
                self._round_over(match)
        elif event.kind == OVER and self.halted is None:
            self.over_at = time.monotonic()
            self.say("match_over", winner=self.name_of(match.winner), totals=list(match.totals))
            self.tell_all(self._match_over())
            self.settle()

    def settle(self, leavers: Collection[int] = ()) -> None:
        """The match is rated: at its end, or as ``leavers`` leave it before its end."""
        if self.on_settle is not None and self.match is not None and self.state in ("playing", "over"):
            self.on_settle(self, frozenset(leavers))

    def _match_over(self) -> dict[str, Any]:
        match, results = self.match, self.results
        assert match is not None and results is not None
        return {"type": "match_over", "winner": match.winner, "totals": match.totals, "record": results.record()}

    def _round_over(self, match: Match) -> None:
        assert self.results is not None
        message = self.results.end(match.round_index)
        self.say("round_over", round=match.round_index, end=message["end"], winner=self.name_of(message["winner"]))
        self.tell_all(message)

    def _finish(self) -> None:
        """The match is over (and its end told): what a seat coming back is told is
        written once (its last view, the end and its record); the match itself is let
        go at the next housekeeping (``release``)."""
        assert self.match is not None and self.results is not None
        self.ending = Ending.of(self.match, self.results, [*self.net, NO_SEAT], self._match_over())
        if self.referee is not None:
            self.referee.cancel()

    def release(self) -> None:
        """A finished table keeps only its ``ending`` (kilobytes, where the match held hundreds)."""
        if self.ending is not None:
            self.match, self.referee, self.results, self.seats = None, None, None, []
            self.row.actions = []

    def retry(self) -> bool:
        """Try a write again if the table is halted (game/net/server/halting.py)."""
        from game.net.server.halting import retry

        return retry(self)

    def wake(self) -> None:
        """A seat may have an answer: let the referee take it, and deal on when a round ended."""
        referee = self.referee
        if referee is None or self.halted is not None:
            return
        with self._holding():
            for _ in range(1000):  # computers answering one another; bounded
                if self.halted is not None:
                    break
                if referee.start_round():
                    continue
                if referee.poll() is None:
                    break

    def play(self, seat: int, msg: dict[str, Any]) -> None:
        """A player's action: played, or ``ProtocolError`` with the referee's reason."""
        if self.halted is not None:
            raise ProtocolError(halted_message(self.halted)["reason"], "halted", why=self.halted)
        if self.ending is not None:
            raise ProtocolError("the match is over", "over")
        if self.referee is None or self.match is None:
            raise ProtocolError("the table has not started", "not_started")
        action = read_action(msg.get("action"), self.rules, seat)
        with self._holding():
            try:
                verdict = self.referee.offer(seat, action)
            except IllegalMoveError as err:
                raise ProtocolError(refusal_text(err.refusal), "illegal", err.refusal) from None
            if verdict.refusal is not None:
                raise ProtocolError(refusal_text(verdict.refusal), "illegal", verdict.refusal)
            if self.halted is not None:
                raise ProtocolError(halted_message(self.halted)["reason"], "halted", why=self.halted)
            self.touched = time.monotonic()
            self.wake()

    def react(self, seat: int, msg: dict[str, Any]) -> None:
        reaction = msg.get("reaction")
        if reaction not in REACTIONS:
            raise ProtocolError(f"reaction must be one of {', '.join(REACTIONS)}", "bad_reaction")
        self.tell_all({"type": "reaction", "seat": seat, "reaction": reaction})
