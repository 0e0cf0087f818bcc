"""A network table as the seat at this screen knows it: what the table scene of a
network game reads instead of a local ``Match``.

``Mirror`` follows a ``Session``'s messages (``update()`` once a frame: it polls
the session and never waits) and keeps:

- the lobby (``lobby``: the table code, the rules, who sits where, who is
  connected), this seat and whether it hosts;
- the seat's current ``SeatView`` (``view``), rebuilt from what the server sends
  (``seat_view``, game/net/app/seat_view.py): the seat's own hand, the counts of the others, the tiles on
  the table, the public history; the legal moves come from it with the
  engine's own functions (``legal``), and match the server's list;
- whose turn it is, the link ("Ann is thinking...", "Ann lost connection,
  waiting..."), the reactions, the round's end (the deal revealed) and the
  match's end (its whole record, for Past matches);
- every round played out, as its end revealed it (``finished``), so that the
  match as far as it is known is a record (``known_record``) even if the host
  leaves before its end; and whether the table is gone (``host_left``: the host
  said so; ``table_gone``: that, or the table stopped answering for good);
- ``play(action)`` and ``react(kind)`` (and for the host ``start`` and
  ``give_seat``), which check what they can here and queue the message.

No pygame here, and nothing that waits: the session's thread does the network.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from game.engine import NO_SEAT, Action, Match, RecordError, RoundOutcome, Rules, RuleError, SeatView, action_from_json, load_record
from game.i18n import _
from game.net.shared.lobby import Lobby, LobbySeat, read_lobby
from game.net.app.mirror_status import status, status_text
from game.net.app.round_end import known_record
from game.net.shared.protocol import GIVEN_SEAT_LEVEL, HOST_LEFT, REACTIONS, RETURN_S, ProtocolError, action_json, apply_change, normal_code, read_refusal
from game.net.app.round_end import MAX_ROUNDS, RoundEnd, end_of, revealed_round
from game.net.app.seat_view import placement_of, seat_view
from game.words.refusals import refusal_text

__all__ = ["Lobby", "LobbySeat", "Mirror", "News", "RoundEnd", "Source", "read_lobby", "seat_view"]

log = logging.getLogger("matador.net")

REACTION_S = 4.0  # how long a reaction shows
REACTION_GAP_S = 1.5  # this seat's reactions: at most one in this time


class Source(Protocol):
    """What a mirror follows: a ``Session`` (or a test's stand-in)."""

    def poll(self) -> list[dict[str, Any]]: ...

    def send(self, message: dict[str, Any]) -> None: ...


# The mirror ----------------------------------------------------------------------------
@dataclass
class News:
    """Something a scene may want to show as it happens."""

    kind: str  # joined, lobby, round, played, round_over, match_over, reaction, refused, link
    seat: int | None = None
    action: Action | None = None
    text: str = ""
    end: RoundEnd | None = None  # a round_over's end (the mirror's own moves on with the next round)
    code: str = ""  # a refusal's code (a server of protocol 2), for a screen to word


@dataclass
class Mirror:
    """One seat at a network table, followed from a ``Session`` (see the module's doc)."""

    source: Source | None = None
    clock: Callable[[], float] = time.monotonic
    link: str = "connecting"  # the session's: connecting, open, lost, failed, closed
    link_reason: str = ""
    seat: int | None = None
    code: str | None = None
    hosting: bool = False
    lobby: Lobby | None = None
    view: SeatView | None = None
    view_data: dict[str, Any] | None = None  # the whole view as the server wrote it
    round_index: int = -1
    commitments: dict[int, str] = field(default_factory=dict)
    server_legal: list[Action] = field(default_factory=list)  # what the server listed
    round_end: RoundEnd | None = None
    ends: dict[int, RoundEnd] = field(default_factory=dict)  # every round's end seen here, by round (the score sheet's rows)
    over: dict[str, Any] | None = None  # the match_over message
    reactions: list[tuple[int, str, float]] = field(default_factory=list)  # (seat, reaction, when)
    refused: str | None = None  # the last refusal, one line
    away_since: dict[int, float] = field(default_factory=dict)  # remote seats seen disconnected
    finished: dict[int, dict[str, Any]] = field(default_factory=dict)  # round -> {"deal", "actions"} as revealed at its end
    host_left: bool = False  # the host said the table is closed for good
    taken_over: bool = False  # a newer connection of this seat took it (the table goes on there)
    removed: bool = False  # the host removed this seat's player in the lobby
    seat_given: bool = False  # the host gave this seat to a computer (its player was away for 5 minutes)
    stopped: bool = False  # the match was stopped by those at the table, its host away past the hold
    queued: dict[str, Any] | None = None  # play now: the server's ``queued`` (the queue, the computer level offered)
    halted: str | None = None  # the server cannot store moves now (its reason): play waits
    link_code: str = ""  # the session's code of why the link failed (a refusal's code, ``unknown_host``...)
    link_params: dict[str, str] = field(default_factory=dict)  # what that code needs (a certificate's fingerprint, address)
    give_at: dict[int, float] = field(default_factory=dict)  # away seats: when the host may give them away (the clock's time)
    watching: bool = False  # this screen watches the table without a seat (``seat`` is NO_SEAT)
    unwatched: bool = False  # the host closed the table to watchers
    _sent_at: tuple[int, int] | None = None  # (round, moves) when this seat last sent a move
    _reacted_at: float = -1e9
    _asked_sync: tuple[int, int] | None = None

    @property
    def completed(self) -> int:
        """Rounds seen played out (not redealt)."""
        return sum(1 for end in self.ends.values() if end.end != "redeal")

    # Following ---------------------------------------------------------------------
    def update(self) -> list[News]:
        """What arrived since the last call (polls the source; never waits)."""
        if self.source is None:
            return []
        news: list[News] = []
        for message in self.source.poll():
            news += self.follow(message)
        return news

    def follow(self, message: dict[str, Any]) -> list[News]:
        """Take in one message of the session; what it means for a scene. A message
        that cannot be read (a server of another build, or a hostile one: any address
        can be typed in) is logged and the whole view asked for again; it never
        raises into the frame loop."""
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) and kind.isidentifier() else None
            return handler(message) if handler is not None else []
        except (ProtocolError, RecordError, KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            log.warning("a %s message could not be followed: %s", str(kind)[:32], err)
            self._resync()
            return []

    def _on_link(self, message: dict[str, Any]) -> list[News]:
        self.link = str(message.get("state", ""))
        self.link_reason = str(message.get("reason", ""))
        self.link_code = str(message.get("code", ""))[:32]
        params = message.get("params")
        self.link_params = {str(k)[:32]: str(v)[:200] for k, v in params.items()} if isinstance(params, dict) else {}
        if self.link == "open":  # a new connection: a move sent on the old one may have been lost
            self._sent_at = None  # with it, and the server's view says whether it was played
        if self.link_code == "seat_given":
            self.seat_given = True
        return [News("link", text=self.link_reason)]

    def _on_joined(self, message: dict[str, Any]) -> list[News]:
        self.seat = int(message["seat"])
        self.code = str(message["table"])
        self.hosting = bool(message.get("host")) or (self.lobby is not None and self.lobby.host == self.seat)
        return [News("joined", self.seat)]

    def _on_watching(self, message: dict[str, Any]) -> list[News]:
        """This screen watches the table: no seat, no hand, no move (``NO_SEAT``)."""
        self.seat, self.watching, self.hosting = NO_SEAT, True, False
        self.code = normal_code(message["table"])
        return [News("joined", NO_SEAT)]

    def _on_new_code(self, message: dict[str, Any]) -> list[News]:
        self.code = normal_code(message["table"])  # the host gave the table a new code
        return [News("new_code", text=self.code)]

    def _on_table(self, message: dict[str, Any]) -> list[News]:
        self.lobby = read_lobby(message)
        self.hosting = self.hosting or self.lobby.host == self.seat
        now = self.clock()
        for s in self.lobby.seats:
            if s.kind == "remote" and not s.connected:
                self.away_since.setdefault(s.seat, now)
            else:
                self.away_since.pop(s.seat, None)
            if s.kind == "remote" and not s.connected and s.give_in is not None:
                self.give_at[s.seat] = now + s.give_in  # the server's count, from when it sent it
            else:
                self.give_at.pop(s.seat, None)
        if self.view is None and self.view_data is not None:
            self._rebuild(self.view_data)
        return [News("lobby")]

    def _on_round(self, message: dict[str, Any]) -> list[News]:
        data = message["view"]
        if data["round"] != self.round_index:
            self.round_end = None
        self.commitments[int(data["round"])] = str(message.get("commitment", ""))
        self._rebuild(data)
        self.halted = None  # (a halted table sends every seat its whole view when it plays again)
        return [News("round")]

    def _on_turn(self, message: dict[str, Any]) -> list[News]:
        return self._on_played(message)

    def _on_played(self, message: dict[str, Any]) -> list[News]:
        change = message["view"]
        if "history" in change:  # a whole view
            data = change
        elif self.view_data is None:
            raise ProtocolError("a change came before any view")
        else:
            data = apply_change(self.view_data, message)
        self._rebuild(data)
        news: list[News] = []
        if "action" in message:
            seat, action = action_from_json(message["action"], self.rules_or_fail())
            news.append(News("played", seat, action))
        return news

    def _end_of(self, message: dict[str, Any]) -> RoundEnd:
        return end_of(message, self.rules_or_fail())

    def _add_end(self, end: RoundEnd) -> None:
        """Keep a round's end once, however often it is told (a ``round_over``,
        and again among the ``rounds`` of a seat that came back)."""
        if 0 <= end.round < MAX_ROUNDS:  # (a hostile server could send more)
            self.ends[end.round] = end

    def _on_round_over(self, message: dict[str, Any]) -> list[News]:
        self.round_end = self._end_of(message)
        self._add_end(self.round_end)
        self._keep_round(message)
        if self.view_data is not None and self.view_data["round"] == self.round_end.round:
            self._rebuild(self.view_data)  # the view's round now has its outcome
        return [News("round_over", self.round_end.winner, end=self.round_end)]

    def _keep_round(self, message: dict[str, Any]) -> None:
        """Keep a round's revealed deal and actions (for ``known_record``)."""
        kept = revealed_round(message, self.commitments)
        if kept is not None:
            self.finished[kept[0]] = kept[1]

    def _on_rounds(self, message: dict[str, Any]) -> list[News]:
        """The rounds played out before this seat came back (each as its
        ``round_over`` said it): kept for the record and for the score sheet (an
        entry not shaped like a round's end is left out)."""
        for entry in list(message.get("rounds") or ())[:MAX_ROUNDS]:
            if isinstance(entry, dict):
                self._keep_round(entry)
                try:
                    self._add_end(self._end_of(entry))
                except (ProtocolError, RecordError, RuleError, KeyError, TypeError, ValueError, IndexError, AttributeError):
                    continue
        return []

    def _on_closed(self, message: dict[str, Any]) -> list[News]:
        """The server closed this seat's connection for good: the host left (the
        table is closed), removed this seat's player, gave the seat to a computer,
        or a newer connection took the seat. After the match's end it only means
        the table was put away."""
        reason = str(message.get("reason", ""))
        code, by = message.get("code"), message.get("by")
        if code == "unwatched":  # the host closed the table to watchers (this screen watched it)
            self.unwatched = True
            return [News("unwatched", text=reason)]
        if self.over is not None:
            return []
        if code == "stopped":
            self.stopped = True
            return [News("stopped", text=reason)]
        if code == "seat_given":
            self.seat_given = True
            return [News("seat_given", text=reason)]
        if by == "removed" or code == "removed":
            self.removed = True
            return [News("removed", text=reason)]
        if by == "host" or reason == HOST_LEFT:
            self.host_left = True
            return [News("host_left", text=reason)]
        self.taken_over = True
        return []

    def _on_halted(self, message: dict[str, Any]) -> list[News]:
        """The server cannot store this table's moves now: play waits until it can."""
        self.halted = " ".join(str(message.get("reason", "")).split())[:200] or "halted"
        return [News("halted", text=self.halted)]

    def _on_claim(self, message: dict[str, Any]) -> list[News]:
        """(The host) someone asks for a free seat: ``answer_claim`` lets them in or not."""
        return [News("claim", int(message["seat"]), text=str(message.get("name", ""))[:64])]

    def _on_queued(self, message: dict[str, Any]) -> list[News]:
        """(Play now) waiting in the server's queue: ``level`` is the computer offered after ``offer_after`` s."""
        self.queued = {
            "rules": str(message.get("rules", ""))[:32], "players": int(message.get("players", 2)),
            "level": str(message.get("level", ""))[:32], "offer_after": float(message.get("offer_after", 30.0)),
        }
        return [News("queued", text=self.queued["level"])]

    def _on_waiting(self, message: dict[str, Any]) -> list[News]:
        """(A person asking for a seat) the host has been asked."""
        return [News("waiting", int(message["seat"]))]

    def _on_match_over(self, message: dict[str, Any]) -> list[News]:
        self.over = message
        return [News("match_over", message.get("winner") if isinstance(message.get("winner"), int) else None)]

    def _on_reaction(self, message: dict[str, Any]) -> list[News]:
        seat, reaction = int(message["seat"]), str(message["reaction"])
        if reaction not in REACTIONS:
            return []
        now = self.clock()
        self.reactions = [r for r in self.reactions if now - r[2] < REACTION_S] + [(seat, reaction, now)]
        return [News("reaction", seat, text=reaction)]

    def _on_refused(self, message: dict[str, Any]) -> list[News]:
        refusal = read_refusal(message.get("refusal"))  # said here, in this player's language (a newer server's)
        reason = refusal_text(refusal) if refusal is not None else str(message.get("reason", ""))
        self.refused = " ".join(reason.split())[:200]
        if message.get("about") == "play":
            self._sent_at = None  # the move was not played: this seat may try again
        return [News("refused", text=self.refused, code=str(message.get("code") or "")[:32])]

    def _on_error(self, message: dict[str, Any]) -> list[News]:
        return self._on_refused({"reason": message.get("reason", "")})

    def _resync(self) -> None:
        """A message was missed or could not be read: ask for the whole view again
        (once per position)."""
        at = (self.round_index, len(self.view_data["history"]) if self.view_data else -1)
        if self.source is not None and self._asked_sync != at:
            self._asked_sync = at
            self.source.send({"type": "sync"})

    def rules_or_fail(self) -> Rules:
        if self.lobby is None:
            raise ProtocolError("no table description yet")
        return self.lobby.rules

    def opening_rule(self, round_index: int, totals: tuple[int, ...] = ()) -> str:
        """How round ``round_index`` opens: the first lead rule until a round has been
        played out (a redeal does not count: seen here, or told by the totals of a
        seat that came back mid-match), then the next rounds' rule."""
        rules = self.rules_or_fail()
        played = self.completed or any(totals)
        if round_index == 0 or rules.next_lead == "as-first" or not played:
            return rules.lead
        return rules.next_lead

    def _rebuild(self, data: dict[str, Any]) -> None:
        """Take a whole view: kept (and the seat's view built from it, once the rules
        are known) only if it can be read; else the last good one stays, and
        ``ProtocolError`` says why."""
        if not (isinstance(data, dict) and isinstance(data.get("round"), int) and isinstance(data.get("history"), list)
                and isinstance(data.get("table"), list)):
            raise ProtocolError("not a whole view")
        if self.lobby is None:  # the view is built once the rules are known
            self.view_data, self.round_index = data, data["round"]
            return
        rules = self.lobby.rules
        end = self.round_end
        outcome = None
        if end is not None and end.round == data["round"] and data.get("phase") == "over":
            leader = next((p.seat for p in (placement_of(t, rules) for t in data["table"][:1])), None)
            outcome = RoundOutcome(end.end, end.winner, end.pips, end.scores, leader)
        view = seat_view(rules, data, self.opening_rule(data["round"], tuple(data.get("totals", ()))), outcome)
        legal = [action_from_json(entry, rules)[1] for entry in data.get("legal", [])]
        self.view_data, self.round_index, self.view, self.server_legal = data, data["round"], view, legal

    # Acting --------------------------------------------------------------------------
    def play(self, action: Action) -> str | None:
        """Send this seat's ``action``; None, or why it cannot be played (the engine's
        reason, in words), and then nothing is sent."""
        if self.watching:
            return _("you are watching: you hold no hand")
        if self.view is None or self.seat is None or self.source is None:
            return _("the table is not ready")
        if not self.my_turn:
            return _("it is not your turn") if not self.sent else _("your move is on its way")
        refusal = self.view.explain(action)
        if refusal is not None:
            return refusal_text(refusal)
        self._sent_at = self._position()
        self.refused = None
        self.source.send({"type": "play", "action": action_json(self.seat, action)})
        return None

    def react(self, reaction: str) -> bool:
        """Send a reaction (Nice!, Oops, Well played); False if not one, or too soon."""
        now = self.clock()
        if self.watching or reaction not in REACTIONS or self.source is None or self.seat is None or now - self._reacted_at < REACTION_GAP_S:
            return False
        self._reacted_at = now
        self.source.send({"type": "react", "reaction": reaction})
        return True

    # What a scene reads -------------------------------------------------------------
    @property
    def rules(self) -> Rules | None:
        return self.lobby.rules if self.lobby is not None else None

    @property
    def names(self) -> list[str]:
        return self.lobby.names if self.lobby is not None else []

    @property
    def to_move(self) -> int | None:
        """The seat to move (None between rounds, after the match, or before it starts)."""
        if self.view is None or self.over is not None:
            return None
        return self.view.current_player

    @property
    def my_turn(self) -> bool:
        return self.to_move is not None and self.to_move == self.seat and self.view is not None and not self.sent

    @property
    def sent(self) -> bool:
        """A move of this seat is on its way (until the server answers)."""
        return self._sent_at is not None and self._sent_at == self._position()

    def _position(self) -> tuple[int, int]:
        return (self.round_index, len(self.view_data["history"]) if self.view_data else -1)

    @property
    def legal(self) -> list[Action]:
        """This seat's legal actions now (none unless it is its turn), from the view."""
        if self.view is None or not self.my_turn:
            return []
        return self.view.legal_moves()

    @property
    def history(self) -> list[tuple[int, Action]]:
        return self.view.history if self.view is not None else []

    @property
    def started(self) -> bool:
        return self.lobby is not None and self.lobby.state != "lobby"

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` is at the table now (computers always are)."""
        if self.lobby is None or not 0 <= seat < len(self.lobby.seats):
            return False
        entry = self.lobby.seats[seat]
        return entry.kind == "computer" or (entry.kind == "remote" and entry.connected)

    def shown_reactions(self) -> list[tuple[int, str]]:
        now = self.clock()
        return [(seat, kind) for seat, kind, at in self.reactions if now - at < REACTION_S]

    @property
    def table_gone(self) -> bool:
        """The table will not go on: its host left, or it stopped answering for
        good (the session gave up) after this seat sat down at it."""
        if self.over is not None:
            return False
        if self.host_left or self.removed or self.seat_given or self.stopped:
            return True
        return self.link == "failed" and not self.taken_over and self.seat is not None and self.lobby is not None

    def status(self) -> tuple[str, int | None]:
        """What the table is waiting for (``mirror_status.status``)."""
        return status(self)

    def status_text(self) -> str:
        """The status in a player's words, one line (``mirror_status.status_text``)."""
        return status_text(self)

    def record(self) -> Match | None:
        """The finished match, from the record the server sent at its end (seed included)."""
        if self.over is None:
            return None
        try:
            return load_record(self.over["record"])
        except (RecordError, KeyError, TypeError, ValueError) as err:
            log.warning("the match record could not be read: %s", err)
            return None

    def known_record(self) -> dict[str, Any] | None:
        """The match as far as this seat knows it, as a record (``round_end.known_record``)."""
        return known_record(self.lobby, self.over, self.finished)

    # The host's side ------------------------------------------------------------------
    def give_countdown(self, seat: int) -> float | None:
        """Seconds before the host may give ``seat`` (its player away) to a computer;
        None if its player is not away."""
        at = self.give_at.get(seat)
        if at is None:
            since = self.away_since.get(seat)
            if since is None:
                return None
            at = since + RETURN_S  # a server that does not say (protocol 1): counted from when this screen saw the drop
        return max(0.0, at - self.clock())

    def may_give_seat(self, seat: int) -> bool:
        """The host may give the seat of a player away for 5 minutes to a computer;
        anyone at the table may while the host is away (its own seat too)."""
        left = self.give_countdown(seat)
        return (self.hosting or self.host_away()) and seat != self.seat and left is not None and left <= 0

    def may_stop(self) -> bool:
        """The match under way may be stopped from this seat: its host (another seat)
        has been away past the hold (kept as stopped: nobody waits for ever)."""
        lobby = self.lobby
        if lobby is None or lobby.state != "playing" or self.over is not None or self.link != "open" or not self.host_away():
            return False
        left = self.give_countdown(lobby.host)
        return left is not None and left <= 0

    def stop(self) -> bool:
        """Stop the match (``may_stop``): the server closes the table for everyone."""
        if not self.may_stop() or self.source is None:
            return False
        self.source.send({"type": "stop"})
        return True

    def host_away(self) -> bool:
        """The table's host (another seat) is away: the others may give away seats held too long."""
        lobby = self.lobby
        return lobby is not None and lobby.host != self.seat and 0 <= lobby.host < len(lobby.seats) and not self.connected(lobby.host)

    def start(self) -> bool:
        """The host starts the table once every seat is taken."""
        if not self.hosting or self.lobby is None or not self.lobby.full or self.started or self.source is None:
            return False
        self.source.send({"type": "start"})
        return True

    def remove(self, seat: int) -> bool:
        """The host frees a seat another person took, before the match starts."""
        if not self.hosting or self.started or self.lobby is None or self.source is None or seat == self.seat:
            return False
        if not 0 <= seat < len(self.lobby.seats) or self.lobby.seats[seat].kind != "remote":
            return False
        self.source.send({"type": "remove", "seat": seat})
        return True

    def new_code(self) -> bool:
        """The host gives the lobby a new code (the old one opens it no more)."""
        if not self.hosting or self.started or self.lobby is None or self.lobby.state != "lobby" or self.source is None:
            return False
        self.source.send({"type": "new_code"})
        return True

    def may_set_watchable(self) -> bool:
        """The host may open or close the table to watchers now: in its lobby, or
        with its match under way (not over), its link open."""
        lobby = self.lobby
        return self.hosting and lobby is not None and lobby.state in ("lobby", "playing") and self.over is None and self.link == "open"

    def set_watchable(self, watchable: bool) -> bool:
        """The host lets people watch the table (or not: those watching are dropped)."""
        if not self.may_set_watchable() or self.lobby is None or self.source is None or self.lobby.watchable == watchable:
            return False
        self.source.send({"type": "watchers", "open": watchable})
        return True

    def answer_claim(self, seat: int, approve: bool) -> bool:
        """The host lets the person asking for ``seat`` take it, or not."""
        if not self.hosting or self.lobby is None or self.source is None or seat not in dict(self.lobby.claims):
            return False
        self.source.send({"type": "answer_claim", "seat": seat, "approve": approve})
        return True

    def give_seat(self, seat: int, level: str = GIVEN_SEAT_LEVEL) -> bool:
        if not self.may_give_seat(seat) or self.source is None:
            return False
        self.source.send({"type": "give_seat", "seat": seat, "level": level})
        return True
