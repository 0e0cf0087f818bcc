"""A network table as the seat at this screen knows it: what the table scene of a
network game reads instead of a local ``Match``.

``Mirror`` follows a ``Session``'s messages (``update()`` once a frame: it polls
the session and never waits) and keeps:

- the lobby (``lobby``: the table code, the rules, who sits where, who is
  connected), this seat and whether it hosts;
- the seat's current ``SeatView`` (``view``), rebuilt from what the server sends
  (``seat_view``, game/net/seat_view.py): the seat's own hand, the counts of the others, the tiles on
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

from game.engine import Action, Match, RecordError, RoundOutcome, Rules, RuleError, SeatView, action_from_json, load_record
from game.engine.match import LEVELS
from game.engine.record import FORMAT
from game.engine.seal import COMMITMENT, SECRET
from game.i18n import _
from game.net.protocol import HOST_LEFT, REACTIONS, ProtocolError, action_json, apply_change
from game.net.seat_view import placement_of, seat_view

__all__ = ["Lobby", "LobbySeat", "Mirror", "News", "RoundEnd", "Source", "read_lobby", "seat_view"]

log = logging.getLogger("matador.net")

MAX_ROUNDS = 10_000  # rounds kept of one match (a hostile server could send more)
RETURN_S = 5 * 60  # a player away this long may have their seat given to a computer (game/net/table.py)
REACTION_S = 4.0  # how long a reaction shows
REACTION_GAP_S = 1.5  # this seat's reactions: at most one in this time


class Source(Protocol):
    """What a mirror follows: a ``Session`` (or a test's stand-in)."""

    def poll(self) -> list[dict[str, Any]]: ...

    def send(self, message: dict[str, Any]) -> None: ...


# The lobby ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby tells it: ``kind`` is ``open``, ``remote`` or ``computer``."""

    seat: int
    name: str | None
    kind: str
    connected: bool = True
    level: str | None = None

    @property
    def taken(self) -> bool:
        return self.kind != "open"


@dataclass(frozen=True)
class Lobby:
    """The table as its ``table`` message tells it."""

    table: str
    rules: Rules
    host: int
    state: str  # lobby, playing, over
    seats: tuple[LobbySeat, ...]

    @property
    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "open"]

    @property
    def full(self) -> bool:
        return not self.open_seats

    @property
    def names(self) -> list[str]:
        return [s.name or _("Seat {number}").format(number=s.seat + 1) for s in self.seats]


def read_lobby(message: dict[str, Any]) -> Lobby:
    """A ``table`` message as a ``Lobby`` (``ProtocolError`` if it cannot be read)."""
    try:
        spec = message["rules"]
        rules = Rules.from_base(spec["base"], spec["players"], spec.get("options") or {})
        seats = tuple(
            LobbySeat(int(s["seat"]), s.get("name"), str(s["kind"]), bool(s.get("connected", True)), s.get("level"))
            for s in message["seats"]
        )
        return Lobby(str(message["table"]), rules, int(message["host"]), str(message["state"]), seats)
    except (KeyError, TypeError, ValueError, RuleError) as err:
        raise ProtocolError(f"the table's description cannot be read: {err}") from None


# The mirror ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundEnd:
    """A round's end as the server tells it, with the deal revealed."""

    round: int
    end: str  # domino, blocked, redeal
    winner: int | None
    pips: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]  # every hand as dealt
    boneyard: tuple[str, ...]
    actions: tuple[tuple[int, Action], ...] = ()  # the round's actions, in order (to play it again here)


@dataclass
class News:
    """Something a scene may want to show as it happens."""

    kind: str  # joined, lobby, round, played, round_over, match_over, reaction, refused, link
    seat: int | None = None
    action: Action | None = None
    text: str = ""
    end: RoundEnd | None = None  # a round_over's end (the mirror's own moves on with the next round)


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
        return [News("link", text=self.link_reason)]

    def _on_joined(self, message: dict[str, Any]) -> list[News]:
        self.seat = int(message["seat"])
        self.code = str(message["table"])
        self.hosting = bool(message.get("host")) or (self.lobby is not None and self.lobby.host == self.seat)
        return [News("joined", self.seat)]

    def _on_table(self, message: dict[str, Any]) -> list[News]:
        self.lobby = read_lobby(message)
        self.hosting = self.hosting or self.lobby.host == self.seat
        now = self.clock()
        for s in self.lobby.seats:
            if s.kind == "remote" and not s.connected:
                self.away_since.setdefault(s.seat, now)
            else:
                self.away_since.pop(s.seat, None)
        if self.view is None and self.view_data is not None:
            self._rebuild(self.view_data)
        return [News("lobby")]

    def _on_round(self, message: dict[str, Any]) -> list[News]:
        data = message["view"]
        if data["round"] != self.round_index:
            self.round_end = None
        self.commitments[int(data["round"])] = str(message.get("commitment", ""))
        self._rebuild(data)
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
        """A round's end as a ``round_over`` message says it (raises on one that is
        not shaped like it)."""
        deal = message.get("deal") or {}
        rules = self.rules_or_fail()
        actions = tuple(action_from_json(entry, rules) for entry in message.get("actions", ()))
        return RoundEnd(
            int(message["round"]),
            str(message["end"]),
            message.get("winner"),
            tuple(message.get("pips", ())),
            tuple(message.get("scores", ())),
            tuple(message.get("totals", ())),
            tuple(tuple(hand) for hand in deal.get("hands", ())),
            tuple(deal.get("boneyard", ())),
            actions,
        )

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
        """Keep a round's revealed deal and actions (for ``known_record``); what is
        not shaped like them is left out (the record's own check comes later)."""
        r, deal, actions = message.get("round"), message.get("deal"), message.get("actions")
        if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < MAX_ROUNDS:
            return
        if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) or not isinstance(deal.get("boneyard"), list):
            return
        if not isinstance(actions, list):
            return
        entry: dict[str, Any] = {"deal": {"hands": deal["hands"], "boneyard": deal["boneyard"]}, "actions": actions}
        # The commitment as told when the round was dealt (else as its end repeats it,
        # for a seat that came back after the round was dealt).
        commit = self.commitments.get(r) or message.get("commitment")
        seed, salt = message.get("deal_seed"), message.get("salt")
        if all(isinstance(v, str) for v in (commit, seed, salt)) and COMMITMENT.fullmatch(str(commit)) and all(
            SECRET.fullmatch(str(v)) for v in (seed, salt)
        ):  # the commitment told when the round was dealt, and its secrets told at its end
            entry = {"commitment": commit, **entry, "deal_seed": seed, "salt": salt}
        self.finished[r] = entry

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
        table is closed), or a newer connection took the seat."""
        reason = str(message.get("reason", ""))
        if message.get("by") == "host" or reason == HOST_LEFT:
            self.host_left = True
            return [News("host_left", text=reason)]
        self.taken_over = True
        return []

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
        self.refused = " ".join(str(message.get("reason", "")).split())[:200]
        if message.get("about") == "play":
            self._sent_at = None  # the move was not played: this seat may try again
        return [News("refused", text=self.refused)]

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

    # What a scene reads ------------------------------------------------------------
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

    def may_give_seat(self, seat: int) -> bool:
        """The host may give the seat of a player away for 5 minutes to a computer."""
        since = self.away_since.get(seat)
        return self.hosting and seat != self.seat and since is not None and self.clock() - since >= RETURN_S

    def shown_reactions(self) -> list[tuple[int, str]]:
        now = self.clock()
        return [(seat, kind) for seat, kind, at in self.reactions if now - at < REACTION_S]

    @property
    def table_gone(self) -> bool:
        """The table will not go on: its host left, or it stopped answering for
        good (the session gave up) after this seat sat down at it."""
        if self.over is not None:
            return False
        if self.host_left:
            return True
        return self.link == "failed" and not self.taken_over and self.seat is not None and self.lobby is not None

    def status(self) -> tuple[str, int | None]:
        """What the table is waiting for: (``gone``, None) once the host left or
        the table stopped answering for good; (``link``, None) while this screen's
        connection is down; (``away``, seat) while the seat to move has lost its
        connection; (``yours``, seat); (``thinking``, seat); (``lobby``, None)
        before the start; (``over``, None); (``between``, None) between rounds."""
        if self.table_gone:
            return "gone", None
        if self.link in ("lost", "failed", "connecting"):
            return "link", None
        if self.over is not None:
            return "over", None
        if not self.started:
            return "lobby", None
        seat = self.to_move
        if seat is None:
            return "between", None
        if seat == self.seat:
            return "yours", seat
        if not self.connected(seat):
            return "away", seat
        return "thinking", seat

    def status_text(self) -> str:
        """The status in a player's words, one line."""
        kind, seat = self.status()
        names = self.names
        name = names[seat] if seat is not None and seat < len(names) else ""
        if kind == "gone":
            if self.host_left:
                return _("The host left: the table is closed.")
            return _("The table stopped answering: the host may have left.")
        if kind == "link":
            if self.link == "connecting":
                return _("Connecting…")
            if self.link == "lost":
                return _("Connection lost: trying again…")
            return _("The connection to the table ended.")
        if kind == "over":
            return _("The match is over.")
        if kind == "lobby":
            return _("Waiting for the host to start.")
        if kind == "yours":
            return _("Your turn")
        if kind == "away":
            return _("{name} lost connection, waiting…").format(name=name)
        if kind == "thinking":
            return _("{name} is thinking…").format(name=name)
        return ""

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
        """The match as far as this seat knows it, as a record (RECORD.md): the
        server's whole record once the match is over; before that, every round
        played out from the first (its deal as revealed at its end, its actions)
        and nothing of the round being played (its deal is secret until its end:
        a record holds whole deals only), without the seed (not revealed yet).
        None if no round has been played out, or one is missing (this seat came
        back and was not told it). Not checked here: ``load_record`` does that."""
        if self.over is not None:
            record = self.over.get("record")
            return record if isinstance(record, dict) else None
        if self.lobby is None or not self.finished:
            return None
        rounds = []
        for r in range(len(self.finished)):
            entry = self.finished.get(r)
            if entry is None:
                return None
            rounds.append(entry)
        players: list[dict[str, Any]] = []
        for s in self.lobby.seats:
            player: dict[str, Any] = {"name": s.name or f"Seat {s.seat + 1}", "kind": "computer" if s.kind == "computer" else "human"}
            if s.kind == "computer" and s.level in LEVELS:
                player["level"] = s.level
            players.append(player)
        rules = self.lobby.rules
        return {"format": FORMAT, "rules": {"base": rules.base, "options": rules.overrides()}, "players": players, "rounds": rounds}

    # Acting --------------------------------------------------------------------------
    def play(self, action: Action) -> str | None:
        """Send this seat's ``action``; None, or why it cannot be played (the engine's
        reason, in words), and then nothing is sent."""
        if self.view is None or self.seat is None or self.source is None:
            return _("the table is not ready")
        if not self.my_turn:
            return _("it is not your turn") if not self.sent else _("your move is on its way")
        reason = self.view.explain(action)
        if reason is not None:
            return reason
        self._sent_at = self._position()
        self.refused = None
        self.source.send({"type": "play", "action": action_json(self.seat, action)})
        return None

    def react(self, reaction: str) -> bool:
        """Send a reaction (Nice!, Oops, Well played); False if not one, or too soon."""
        now = self.clock()
        if reaction not in REACTIONS or self.source is None or self.seat is None or now - self._reacted_at < REACTION_GAP_S:
            return False
        self._reacted_at = now
        self.source.send({"type": "react", "reaction": reaction})
        return True

    def start(self) -> bool:
        """The host starts the table once every seat is taken."""
        if not self.hosting or self.lobby is None or not self.lobby.full or self.started or self.source is None:
            return False
        self.source.send({"type": "start"})
        return True

    def give_seat(self, seat: int, level: str = "easy") -> bool:
        if not self.may_give_seat(seat) or self.source is None:
            return False
        self.source.send({"type": "give_seat", "seat": seat, "level": level})
        return True
