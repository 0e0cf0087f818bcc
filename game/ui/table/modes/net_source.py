"""Following the server at a network table (``NetSource``, the source of
``NetMode``, net_mode.py): the positions are this seat's ``SeatView`` as the
mirror keeps it (``ViewPosition``), the actions the server tells are shown as a
local table shows its own, a finished round is played again here from the
deal the server reveals (so its summary, its review and the match's totals are
the local table's own), and the match's end and a connection given up are
said on the felt.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Sequence

from game.engine import IllegalMoveError, Match, RoundState, SeatView, parse_tile
from game.i18n import _
from game.play.referee import Listener, Referee
from game.play.seat import PersonSeat, RemoteSeat, Seat
from game.ui.table.input import plain
from game.ui.table.log import LogLine, view_log
from game.ui.table.modes.mode import LiveSource
from game.ui.table.position_reads import Position, ViewPosition
from game.ui.table.panels.score_sheet import ScoreRow, Sheet, match_sheet
from game.ui.table.table_words import reaction_text

if TYPE_CHECKING:
    from game.net.app.mirror import RoundEnd
    from game.net.app.netplay import NetPlay
    from game.ui.table.table_model import TableModel
    from game.ui.table.protocols import Table

log = logging.getLogger(__name__)

OVER_S = 2.5  # the last move and the match's end in words show this long before the end screen
GAVE_UP_S = 3600.0  # the connection given up: why, on the felt, until the player leaves


class NetSource(LiveSource):
    """One seat's view of a network table, as the server tells it."""

    def __init__(self, play: NetPlay, on_over: Callable[[Match], None] | None = None):
        super().__init__()
        self.play = play
        self.mirror = play.mirror
        self.on_over = on_over  # the finished match's record, for the past matches
        self.table: Table | None = None
        self.frozen: RoundState | None = None  # a finished round played again here, shown until its summary closes
        self.replays = True  # every round so far was played again here (False: one could not be)
        self.kept = False  # the finished match is among the past matches
        self.hand_before: set[int] = set()  # this seat's hand at the last position shown
        self.drawn: dict[int, tuple[int, ...]] = {}  # this seat's draws this round, by the action's index: the tiles it took
        self.over_due = False  # the match is over and its last round was not played again here: its end screen follows
        self.over_wait = 0.0  # how long the table has stood still since
        self.said_gone = False  # why the table is gone was said on the felt
        self._view: tuple[SeatView, ViewPosition] | None = None
        self._log: tuple[tuple[object, ...], list[LogLine]] | None = None
        self._final: tuple[bool, Match | None] | None = None



    def attach(self, table: Table) -> None:
        self.table = table
        view = self.mirror.view
        self.replays = True  # (an app that came in mid-match plays the rounds before again from the server's ``rounds``)
        self.hand_before = set(view.hand) if view is not None else set()

    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """A referee only to say who sits where (this seat a person, the others
        remote): it never deals and is never offered a move here."""
        seats: list[Seat] = [
            PersonSeat(i) if i == self.mirror.seat else RemoteSeat(i) for i in range(match.rules.players)
        ]
        return Referee(match, seats, listeners, auto_ask=False)

    def position(self, model: TableModel) -> Position:
        if self.frozen is not None:
            return self.frozen
        view = self.mirror.view
        assert view is not None, "a network table opens once its seat has a view"
        if self._view is None or self._view[0] is not view:
            self._view = (view, ViewPosition(view))
        return self._view[1]

    def record(self, model: TableModel) -> RoundState | None:
        return self.frozen

    def totals(self, model: TableModel) -> list[int]:
        if self.frozen is not None:
            return model.match.totals
        view = self.mirror.view
        return list(view.totals) if view is not None else [0] * model.match.rules.players

    def round_index(self, model: TableModel) -> int:
        return model.match.round_index if self.frozen is not None else self.mirror.round_index

    def view(self, model: TableModel, seat: int) -> SeatView:
        view = self.mirror.view
        if self.frozen is not None or view is None or seat != self.mirror.seat:
            return (self.frozen or model.match.round).view(seat)
        return view

    def takes_back(self, model: TableModel) -> bool:
        return False

    def start(self, table: Table) -> None:
        """The server deals."""

    def next_change(self, table: Table) -> float | None:
        """Every frame: the table follows its server (and its reactions, its link) each frame."""
        return 0.0

    def turn(self, table: Table, seat: int, dt: float) -> None:
        """The server asks the seats; this one's person moves through the table (a
        seat played with a controller has a tile in focus, as at a local table)."""
        table.controls.keep_pad_focus()

    def next_round(self, table: Table) -> None:
        """The summary closed: the table follows the server's round again."""
        self.frozen = None
        self.round_wait = 0.0
        self._moved_on(table)

    def new_match(self, table: Table) -> None:
        """A network match is played once (the host opens another table)."""

    def leave_holds_seat(self) -> bool:
        """Whether this seat's Leave leaves the creator's seat held at a table on a
        server (the match not over): the table goes on, the others may give the
        seat to a computer once the hold is over."""
        return not self.play.hosting and self.play.server is not None and self.mirror.over is None and not self.given_up()

    def leave_closes_table(self) -> bool:
        """Whether this seat's Leave ends the match for everyone: the host's app,
        the match not over, the table still answering."""
        return self.play.hosting and self.mirror.over is None and not self.given_up()

    def update(self, table: Table, dt: float) -> None:
        """What the server told since the last frame: the actions played (shown as
        a local table shows its own), a round's end (played again here), the
        reactions, the link given up, the match's end."""
        news = self.play.update()
        ends = [n for n in news if n.kind == "round_over" and n.end is not None]
        told: str | None = None  # a round's end in words, said once its last move has been shown
        if ends and self.frozen is None and (ends[0].end is None or ends[0].end.round >= len(table.model.match.rounds)):
            end = ends[0].end  # (a round's end told again, one played again here already, is not said twice)
            assert end is not None
            self.frozen = self.replay(table, end)
            if self.frozen is None:  # not played again here: its end in words
                told = self.end_words(table, end)
        newer = False  # past a new deal: its moves show when the summary closes
        played = [i for i, n in enumerate(news) if n.kind == "played"]
        for at, item in enumerate(news):
            if item.kind == "round":
                newer = True
                if self.frozen is None:
                    self._moved_on(table)
            elif item.kind == "played" and item.seat is not None and item.action is not None and not (newer and self.frozen is not None):
                mine = item.seat == self.mirror.seat
                before = self.hand_before if mine else set()
                if mine and item.action.kind == "draw" and not newer and self.frozen is None:
                    later = sum(1 for i in played if i > at)  # the actions told after it in this poll
                    taken = tuple(sorted(set(table.model.state.hand(item.seat)) - self.hand_before))
                    self.drawn[len(table.model.state.history) - 1 - later] = taken
                table.played(item.seat, item.action, before, None)
                self.hand_before = set(table.model.state.hand(self.mirror.seat or 0))
            if item.kind == "lobby":
                self._follow_names(table)
            if item.kind == "host_left":
                self.forget_seat()  # the table is closed for good: no *Back to table* for it
            if item.kind in ("link", "host_left") and self.given_up() and not self.said_gone:
                self.said_gone = True
                table.motion.say(self.gone_words(), GAVE_UP_S, warning=True)
                table.sound("refused")
            elif item.kind == "refused":
                table.motion.say(plain(item.text), 4.0, warning=True)
                table.sound("refused")
            elif item.kind == "reaction" and item.seat is not None and item.seat != self.mirror.seat:
                name = table.model.names[item.seat] if 0 <= item.seat < len(table.model.names) else "?"
                table.motion.say(_("{name}: {reaction}").format(name=name, reaction=reaction_text(item.text)), 3.0)
            elif item.kind == "match_over":
                self.keep_match()
                if self.frozen is None:  # no summary of the last round here: the match's end screen follows
                    told = self.over_words(table)
                    self.over_due = True
        if told is not None:
            table.motion.say(told, 6.0)
        if self.frozen is None:
            self.hand_before = set(table.model.state.hand(self.mirror.seat or 0))
        if self.over_due and self.frozen is None and not table.motion.blocking and table.app is not None and table.app.top is table:
            self.over_wait += dt
            if self.over_wait >= OVER_S:
                self.over_due = False
                table.leave()  # the match is over: its end screen (the routes decide)

    def _follow_names(self, table: Table) -> None:
        """The plaques follow the seats: a seat the host gave to a computer reads as
        the computer's, a person let in takes it under their own name."""
        players = table.model.match.players
        for seat, name in enumerate(self.mirror.names[: len(players)]):
            if name and players[seat].name != name:
                players[seat] = replace(players[seat], name=name)

    def _moved_on(self, table: Table) -> None:
        """A new round shows: nothing of the last one is held or glides."""
        self.drawn = {}
        table.model.refresh()
        self.hand_before = set(table.model.state.hand(self.mirror.seat or 0))
        table.jumped(forget_last=True)

    def replay(self, table: Table, end: RoundEnd) -> RoundState | None:
        """Play the finished round again here from its revealed deal and actions
        (the table's match holds every round so played). An app that came in
        mid-match (restarted, or on another machine) first plays again the rounds
        before, as the server told them when it sat down (``rounds``). None if it
        cannot be: a round before is missing, or what was revealed does not add up."""
        match = table.model.match
        if not self.replays or match.over or end.round < len(match.rounds):
            self.replays = False
            return None
        before = [self.mirror.ends.get(r) for r in range(len(match.rounds), end.round)]
        for earlier in before:
            if earlier is None or self._play_again(match, earlier) is None:
                self.replays = False
                return None
        return self._play_again(match, end)

    def _play_again(self, match: Match, end: RoundEnd) -> RoundState | None:
        """One round played again into ``match`` (None, and ``replays`` off, if it does not add up)."""
        try:
            top = match.rules.top
            hands = [[parse_tile(t, top) for t in hand] for hand in end.hands]
            state = match.next_round(hands, [parse_tile(t, top) for t in end.boneyard])
            for _seat, action in end.actions:
                match.push(action)
        except (IllegalMoveError, ValueError, TypeError) as err:
            log.warning("round %d could not be played again here: %s", end.round, err)
            self.replays = False
            return None
        outcome = state.outcome
        if outcome is None or outcome.end != end.end or outcome.winner != end.winner or tuple(match.totals) != end.totals:
            log.warning("round %d played again here does not end as the server says", end.round)
            self.replays = False
            return None
        return state

    def end_words(self, table: Table, end: RoundEnd) -> str:
        """A round's end in one line, when it could not be played again here."""
        if end.end == "redeal":
            return _("Nobody could lead: the tiles are dealt again")
        if end.winner is not None and 0 <= end.winner < len(table.model.names):
            return _("Round {number}: {name} wins").format(number=end.round + 1, name=table.model.names[end.winner])
        return _("Round {number}: blocked, nobody wins").format(number=end.round + 1)

    def over_words(self, table: Table) -> str:
        """The match's end in one line, when its last round could not be played again here."""
        winner = (self.mirror.over or {}).get("winner")
        if isinstance(winner, int) and 0 <= winner < len(table.model.names):
            head = _("{name} wins the match").format(name=table.model.names[winner])
        else:
            head = _("The match is drawn")
        kept = _("The match is kept in Past matches.")
        return f"{head}  ·  {kept}"

    def after_round(self, table: Table, dt: float) -> None:
        """The round is over: once the table stands still, its summary (or a redeal's notice)."""
        state = self.frozen
        if state is None or table.motion.blocking or table.motion.shift is not None or table.app is None:
            return
        if state.outcome is not None:
            self.round_over(table, state.outcome.end, dt)

    def final_match(self, table: Table) -> Match | None:
        """The finished match as the server's record tells it (every round, the
        seed), or the match played again here if that record cannot be read (or
        has not come yet); None while the match goes on."""
        if self.mirror.over is None:  # the server's word not here yet: the last round played again here may say it
            return table.model.match if table.model.match.over else None
        if self._final is None:
            match = self.mirror.record()
            if match is not None and (match.rules.players != table.model.match.rules.players or not match.over):
                log.warning("the match's record does not hold the finished match of this table")
                match = None
            self._final = (True, match)
        final = self._final[1]
        if final is None and table.model.match.over:
            return table.model.match
        return final

    def given_up(self) -> bool:
        """The table will not go on for this seat: the session gave the connection
        up (or the mirror says the table is gone), before the match's end."""
        return self.mirror.over is None and (self.mirror.link == "failed" or self.mirror.status()[0] == "gone")

    def gone_words(self) -> str:
        """Why, in a player's words: the link's reason as the lobby says it
        (refused, taken over, the host left, stopped answering); the mirror's
        words where it says the table is gone before the link failed."""
        from game.words.link_words import KEPT_SO_FAR, failure_line

        if self.mirror.link != "failed":
            words = self.mirror.status_text()
        else:
            session = self.play.session
            address = str(getattr(session, "url", "") or "").split("://", 1)[-1].rstrip("/")
            tls = self.mirror.link_code if self.mirror.link_code.startswith("tls_") else ""  # a certificate changed on the way back
            words = failure_line(self.mirror.link_reason, address, self.mirror.code or "", why=tls, params=self.mirror.link_params)
        if self.play.table_gone and self.play.kept is not None:
            words = f"{words}  ·  {_(KEPT_SO_FAR)}"  # the rounds played out are in Past matches
        return words

    def keep_match(self) -> None:
        """The match is over: its record (seed included) joins the past matches here, once."""
        if self.kept:
            return
        self.kept = True
        match = self.mirror.record()
        if match is not None and self.on_over is not None:
            try:
                self.on_over(match)
            except Exception as err:  # never stop the game for a record
                log.warning("the network match could not be kept: %s", err)
        self.forget_seat()

    def forget_seat(self) -> None:
        """This seat's table will not go on (its match is over, or its host left):
        the seat kept to take it back (game/net/app/kept_seats.py) is forgotten."""
        session = self.play.session
        try:
            from game.net.app import kept_seats

            if session is not None and session.seated is not None:
                kept_seats.forget(session.seated.url, session.seated.table)
        except Exception as err:
            log.warning("the kept seat could not be forgotten: %s", err)

    def log_lines(self, table: Table) -> list[LogLine]:
        """The round's public moves in words, from the view (the finished round
        played again here tells its own, from the record)."""
        view = self.mirror.view
        if self.frozen is not None:
            return super().log_lines(table)
        if view is None:
            return []
        key: tuple[object, ...] = (id(view), len(view.history), tuple(sorted(self.drawn.items())))
        if self._log is None or self._log[0] != key:
            self._log = (key, view_log(view.rules, view.history, table.model.names, self.drawn))
        return self._log[1]

    def sheet(self, table: Table) -> Sheet:
        """Every round's end this seat received (the finished match's record once
        it is over); the rounds before the first it received are said unseen."""
        final = self.final_match(table)
        if final is not None:
            return match_sheet(final)
        players = table.model.match.rules.players
        rows: list[ScoreRow] = []
        for r in sorted(self.mirror.ends):
            end = self.mirror.ends[r]
            if not all(len(part) == players and all(isinstance(v, int) for v in part) for part in (end.pips, end.scores, end.totals)):
                continue  # not the table's (a server of another build): left out rather than shown wrong
            scores = tuple(end.scores) if end.end != "redeal" else (0,) * players
            rows.append(ScoreRow(end.round + 1, end.end, end.winner, tuple(end.pips), scores, tuple(end.totals)))
        return Sheet(table.model.match, tuple(rows), tuple(self.totals(table.model)), self.unseen())

    def unseen(self) -> int:
        """How many rounds were dealt before the first this seat saw end (an app
        that came back mid-match was not told them): none for a seat there from
        the start."""
        ends = self.mirror.ends
        return min(ends) if ends else max(0, self.mirror.round_index)

    def close(self, table: Table) -> None:
        self.play.close()

