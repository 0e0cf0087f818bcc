"""One table on the server: its seats, its referee, and what each seat is sent.

The referee is the authority; every seat's messages are made from the
``SeatView`` the referee hands that seat (``NetSeat.turn`` and ``heard``), so a
connection can only ever be sent its own hand. Computer seats think in a thread
pool, off the event loop. No sockets here: a seat's messages go to a ``send``
function (a connection's, or none while the player is away).
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import Executor
from typing import Any, Callable

from game.engine import RULE_SETS, Action, IllegalMoveError, Match, PlayerInfo, Rules, RuleError, SeatView
from game.engine.record import match_to_record
from game.net.protocol import (
    REACTIONS,
    ProtocolError,
    action_json,
    action_message,
    new_token,
    read_action,
    round_commitment,
    round_deal,
    round_reveal,
    token_hash,
    view_json,
)
from game.net.store import SeatRow, TableRow, TableStore
from game.referee import ACTION, OVER, ROUND, Event, Referee
from game.seat import RemoteSeat, Seat, turn_seed
from game.thinker import BUDGET_S, choose_action

log = logging.getLogger("matador.server")

LEVELS = ("random", "easy", "medium", "hard")
RETURN_S = 5 * 60  # a player who dropped keeps the seat this long before the host may give it away
Send = Callable[[dict[str, Any]], None]


class NetSeat(RemoteSeat):
    """A player connected over the network (or away, for a while)."""

    def __init__(self, index: int, table: Table):
        super().__init__(index)
        self.table = table
        self.send: Send | None = None
        self.away_since: float | None = None
        self._just_played: tuple[int, Action] | None = None  # told with the turn that follows it

    def turn(self, view: SeatView) -> None:
        super().turn(view)
        r = self.table.round_index
        if self._just_played is None:  # the round's first turn, or a turn given back: the whole view
            self.tell({"type": "turn", "view": view_json(view, r)})
            return
        seat, action = self._just_played
        self._just_played = None
        self.tell(action_message("turn", seat, action, view, r))

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        super().heard(seat, action, view)
        if view.current_player == self.index:  # ``turn`` follows with the same view: one message, not two
            self._just_played = (seat, action)
            return
        self.tell(action_message("played", seat, action, view, self.table.round_index))

    def tell(self, message: dict[str, Any]) -> None:
        if self.send is not None:
            self.send(message)


class PoolSeat:
    """A computer at a server table: thinks in the server's thread pool."""

    kind = "computer"

    def __init__(self, index: int, level: str, seed: int, table: Table):
        self.index = index
        self.level = level
        self.seed = seed
        self.table = table
        self._future: asyncio.Future[Action] | None = None
        self._decided: Action | None = None

    def turn(self, view: SeatView) -> None:
        self.cancel()
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self.table.pool, choose_action, self.level, view, turn_seed(self.seed, view), min(BUDGET_S.get(self.level, 0.3), 0.3)
        )
        self._future = future
        future.add_done_callback(self._done)

    def _done(self, future: asyncio.Future[Action]) -> None:
        if future is not self._future or future.cancelled():
            return
        self._future = None
        if future.exception() is None:
            self._decided = future.result()
            self.table.wake()

    def answer(self) -> Action | None:
        action, self._decided = self._decided, None
        return action

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None
        self._decided = None

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        pass


class Table:
    """A table: created with its rules and seats, started by its host, played to the end."""

    def __init__(self, row: TableRow, store: TableStore, pool: Executor):
        self.row = row
        self.code = row.code
        self.store = store
        self.pool = pool
        self.rules = Rules.from_base(row.base, row.players, row.options)
        self.match: Match | None = None
        self.referee: Referee | None = None
        self.seats: list[Seat] = []
        self.net: dict[int, NetSeat] = {}
        self.touched = time.monotonic()

    @property
    def round_index(self) -> int:
        return self.match.round_index if self.match is not None else -1

    # Making a table ----------------------------------------------------------------
    @staticmethod
    def new_row(code: str, msg: dict[str, Any], seed: int) -> TableRow:
        """The row of a table as a ``create`` message describes it (``ProtocolError`` if it cannot be played)."""
        base, players, options, kinds = msg.get("rules"), msg.get("players"), msg.get("options") or {}, msg.get("seats")
        if not isinstance(base, str) or base not in RULE_SETS:
            raise ProtocolError(f"rules must be one of {', '.join(RULE_SETS)}")
        if not isinstance(options, dict):
            raise ProtocolError("options must be an object")
        try:
            Rules.from_base(base, players, options)  # type: ignore[arg-type]
        except RuleError as err:
            raise ProtocolError(f"rules: {err}") from None
        assert isinstance(players, int)
        if kinds is None:
            kinds = ["open"] * players
        if not isinstance(kinds, list) or len(kinds) != players or any(k not in ("open", *LEVELS) for k in kinds):
            raise ProtocolError(f"seats must list {players} seats, each open or a computer level ({', '.join(LEVELS)})")
        host = msg.get("seat", 0)
        if not isinstance(host, int) or isinstance(host, bool) or not 0 <= host < players or kinds[host] != "open":
            raise ProtocolError("seat must be the number of an open seat, for the host")
        seats = [SeatRow(None, "open") if k == "open" else SeatRow(k.capitalize(), "computer", k) for k in kinds]
        return TableRow(code, base, players, options, seed, host, "lobby", seats)

    # Lobby ---------------------------------------------------------------------------
    @property
    def state(self) -> str:
        return self.row.state

    def lobby(self) -> dict[str, Any]:
        seats = []
        for index, s in enumerate(self.row.seats):
            net = self.net.get(index)
            entry: dict[str, Any] = {"seat": index, "name": s.name, "kind": s.kind}
            if s.kind == "remote":
                entry["connected"] = net is not None and net.send is not None
            if s.kind == "computer":
                entry["level"] = s.level
            seats.append(entry)
        return {
            "type": "table",
            "table": self.code,
            "rules": {"base": self.rules.base, "players": self.rules.players, "options": self.rules.overrides()},
            "host": self.row.host,
            "state": self.state,
            "seats": seats,
        }

    def tell_all(self, message: dict[str, Any]) -> None:
        for seat in self.net.values():
            seat.tell(message)

    def take_seat(self, seat: int | None, name: str) -> tuple[int, str]:
        """Seat a new player on ``seat`` (or the first open one); (seat, token)."""
        open_seats = [i for i, s in enumerate(self.row.seats) if s.kind == "open"]
        if self.state != "lobby":
            raise ProtocolError("this table has started: join it with your seat's token")
        if not open_seats:
            raise ProtocolError("this table is full")
        if seat is None:
            seat = open_seats[0]
        if seat not in open_seats:
            raise ProtocolError(f"seat {seat} is not open (open: {', '.join(map(str, open_seats))})")
        if any(s.name == name for s in self.row.seats):
            raise ProtocolError(f"someone at this table is already called {name}")
        token = new_token()
        row = SeatRow(name, "remote", None, token_hash(token))
        self.row.seats[seat] = row
        self.store.set_seat(self.code, seat, row)
        self.net[seat] = NetSeat(seat, self)
        log.info("table %s: %s takes seat %d", self.code, name, seat)
        return seat, token

    def check_token(self, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.row.seats):
            raise ProtocolError("seat must be a seat number")
        row = self.row.seats[seat]
        if row.kind != "remote" or not isinstance(token, str) or row.token_hash != token_hash(token):
            raise ProtocolError("this token is not the token of that seat")
        return seat

    def connect(self, seat: int, send: Send) -> None:
        net = self.net.setdefault(seat, NetSeat(seat, self))
        was_away = net.away_since is not None
        old = net.send
        net.send, net.away_since = send, None
        if old is not None and old != send:
            old({"type": "closed", "by": "seat", "reason": "your seat was taken over by a newer connection"})
        self.touched = time.monotonic()
        self.tell_all(self.lobby())
        self.tell_past_rounds(seat)
        self.sync(seat)
        if was_away:
            log.info("table %s: seat %d is back", self.code, seat)

    def sync(self, seat: int) -> None:
        """Send ``seat`` the whole of its view (on coming back, or when it asks)."""
        net = self.net.get(seat)
        if net is None or self.match is None or self.referee is None:
            return
        view = self.match.view(seat)
        net.tell({"type": "round", "commitment": self.commitment(), "view": view_json(view, self.match.round_index)})
        if self.referee.to_move == seat:
            net.turn(view)
        if self.match.over:  # back after the end: the record is theirs to keep
            net.tell(self._match_over())

    def tell_past_rounds(self, seat: int) -> None:
        """Send a seat (coming back) every round played out before the current one,
        as their ``round_over`` revealed them: the match so far is then its record
        to keep, even if the host leaves before the end."""
        net, match = self.net.get(seat), self.match
        if net is None or match is None or match.over:
            return
        past = [self._round_over_json(match, r) for r, state in enumerate(match.rounds) if state.over and r < match.round_index]
        if match.rounds and match.round.over and not match.over:
            past.append(self._round_over_json(match, match.round_index))
        if past:
            net.tell({"type": "rounds", "rounds": past})

    def disconnect(self, seat: int, send: Send) -> None:
        net = self.net.get(seat)
        if net is None or net.send != send:
            return
        net.send, net.away_since = None, time.monotonic()
        log.info("table %s: seat %d dropped", self.code, seat)
        self.tell_all(self.lobby())

    # Playing -------------------------------------------------------------------------
    def start(self, by: int) -> None:
        if by != self.row.host:
            raise ProtocolError("only the host starts the table")
        if self.state != "lobby":
            raise ProtocolError("the table has already started")
        waiting = [i for i, s in enumerate(self.row.seats) if s.kind == "open"]
        if waiting:
            raise ProtocolError(f"seat {waiting[0]} is still waiting for a player")
        self.row.state = "playing"
        self.store.set_state(self.code, "playing")
        log.info("table %s: started", self.code)
        self.tell_all(self.lobby())
        self._build()
        self.wake()

    def _build(self, replay: list[dict[str, Any]] | None = None) -> None:
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
        seeds = [hash((self.row.seed, i)) & 0x7FFFFFFF for i in range(self.rules.players)]
        self.seats = [
            PoolSeat(i, s.level or "easy", seeds[i], self) if s.kind == "computer" else self.net.setdefault(i, NetSeat(i, self))
            for i, s in enumerate(self.row.seats)
        ]
        self.referee = Referee(match, self.seats, [self._event])

    def resume(self) -> None:
        """Rebuild a table read from the store (after a restart): every player is away."""
        for i, s in enumerate(self.row.seats):
            if s.kind == "remote":
                self.net[i] = NetSeat(i, self)
                self.net[i].away_since = time.monotonic()
        if self.state == "playing":
            self._build(self.row.actions)
            self.wake()

    def commitment(self) -> str:
        assert self.match is not None
        return round_commitment(self.match, self.match.round_index)

    def _event(self, event: Event) -> None:
        match = event.match
        if event.kind == ROUND:
            r = match.round_index
            log.info("table %s: round %d dealt", self.code, r)
            for index, net in self.net.items():
                net.tell({"type": "round", "commitment": self.commitment(), "view": view_json(match.view(index), r)})
            if match.round.over:  # redealt as it was dealt: no action ends it, so its end is told now
                self._round_over(match)
        elif event.kind == ACTION:
            assert event.action is not None and event.seat is not None
            self.row.actions.append(action_json(event.seat, event.action))
            state = "over" if match.over else "playing"
            self.row.state = state
            self.store.add_action(self.code, len(self.row.actions) - 1, event.seat, self.row.actions[-1], state)
            log.debug("table %s: seat %d plays %s", self.code, event.seat, event.action)
            if match.round.over:
                self._round_over(match)
        elif event.kind == OVER:
            log.info("table %s: match over, winner %s, totals %s", self.code, match.winner, match.totals)
            self.tell_all(self._match_over())

    def _match_over(self) -> dict[str, Any]:
        match = self.match
        assert match is not None
        return {"type": "match_over", "winner": match.winner, "totals": match.totals, "record": match_to_record(match)}

    def _round_over(self, match: Match) -> None:
        r = match.round_index
        outcome = match.round.outcome
        assert outcome is not None
        log.info("table %s: round %d over (%s, winner %s)", self.code, r, outcome.end, outcome.winner)
        self.tell_all(self._round_over_json(match, r))

    def _round_over_json(self, match: Match, r: int) -> dict[str, Any]:
        state = match.rounds[r]
        outcome = state.outcome
        assert outcome is not None
        totals = [sum(o.scores[seat] for o in (s.outcome for s in match.rounds[: r + 1]) if o is not None) for seat in range(match.rules.players)]
        return {
            "type": "round_over",
            "round": r,
            "end": outcome.end,
            "winner": outcome.winner,
            "pips": list(outcome.pips),
            "scores": list(outcome.scores),
            "totals": totals,
            "commitment": round_commitment(match, r),
            "deal": round_deal(match, r),
            **round_reveal(match, r),
            "actions": [action_json(s, a) for s, a in state.history],
        }

    def wake(self) -> None:
        """A seat may have an answer: let the referee take it, and deal on when a round ended."""
        referee = self.referee
        if referee is None:
            return
        for _ in range(1000):  # computers answering one another; bounded
            if referee.start_round():
                continue
            if referee.poll() is None:
                break

    def play(self, seat: int, msg: dict[str, Any]) -> None:
        """A player's action: played, or ``ProtocolError`` with the referee's reason."""
        if self.referee is None or self.match is None:
            raise ProtocolError("the table has not started")
        action = read_action(msg.get("action"), self.rules, seat)
        try:
            verdict = self.referee.offer(seat, action)
        except IllegalMoveError as err:
            raise ProtocolError(str(err)) from None
        if not verdict.accepted:
            raise ProtocolError(verdict.reason or "refused")
        self.touched = time.monotonic()
        self.wake()

    def react(self, seat: int, msg: dict[str, Any]) -> None:
        reaction = msg.get("reaction")
        if reaction not in REACTIONS:
            raise ProtocolError(f"reaction must be one of {', '.join(REACTIONS)}")
        self.tell_all({"type": "reaction", "seat": seat, "reaction": reaction})

    def give_seat(self, by: int, msg: dict[str, Any]) -> None:
        """The host gives the seat of a player away for more than 5 minutes to a computer."""
        if by != self.row.host:
            raise ProtocolError("only the host gives a seat away")
        seat, level = msg.get("seat"), msg.get("level", "easy")
        net = self.net.get(seat) if isinstance(seat, int) else None
        if net is None or not isinstance(seat, int) or seat == by:
            raise ProtocolError("seat must be the seat of another player")
        if level not in LEVELS:
            raise ProtocolError(f"level must be one of {', '.join(LEVELS)}")
        if net.away_since is None or time.monotonic() - net.away_since < RETURN_S:
            raise ProtocolError("a player who dropped keeps the seat for 5 minutes")
        row = SeatRow(f"{level.capitalize()}", "computer", level)
        self.row.seats[seat] = row
        self.store.set_seat(self.code, seat, row)
        del self.net[seat]
        log.info("table %s: seat %d given to a computer (%s)", self.code, seat, level)
        if self.referee is not None:
            self.referee.cancel()
            self._build(self.row.actions)
            self.wake()
        self.tell_all(self.lobby())
