"""A network table with several people at the host's screen (``CouchNetMode``).

The host's app holds one seat per person at its screen, each with a
connection, a token and a mirror of its own (``NetPlay.mirrors``,
game/net/app/netplay.py): a person's view, hidden tiles included, comes from the
server as any remote seat's does, and only to that seat's mirror. The table
shows one of those seats at a time, from that seat's own view:

- the seat shown is the person who lifted the last cover (``table.model.viewer``),
  else the first person here (whose hand then shows as backs); the mode's
  ``mirror`` is that seat's, so everything ``NetMode`` does (the position, the
  moves sent, the news shown) is that seat's;
- when another person here is to move (their own mirror says so, at the same
  move as the seat shown), the screen is handed over with couch play's cover
  (``who_plays.hand_over``: *Pass to NAME*), which hides everything until that
  person lifts it; a hand is face up only on its owner's turn, the others'
  are backs; a new deal is handed over afresh;
- undo and hints stay off, as at any table of several people (``NetMode``).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from game.engine import Match
from game.play.referee import Listener, Referee
from game.play.seat import PersonSeat, RemoteSeat, Seat
from game.ui.table.modes.net_mode import NetMode, NetMoves, table_of
from game.ui.table.modes.net_look import NetLook
from game.ui.table.modes.net_source import NetSource

if TYPE_CHECKING:
    from game.ui.table.table_model import TableModel
    from game.net.app.mirror import Mirror
    from game.net.app.netplay import NetPlay
    from game.ui.table.table_scene import TableScene
    from game.ui.table.protocols import Table


class CouchNetMode(NetMode):
    """Several people at this screen at a network table (see the module's doc)."""

    name = "net-couch"

    def __init__(self, play: NetPlay, on_over: Callable[[Match], None] | None = None):
        self.source = CouchNetSource(play, on_over)
        self.moves = NetMoves(self.source)
        self.look = CouchNetLook(self.source)


class CouchNetSource(NetSource):
    """The network table's source, following the seat shown at this screen."""

    def __init__(self, play: NetPlay, on_over: Callable[[Match], None] | None = None):
        self._primary: Mirror = play.mirror
        self._forced: Mirror | None = None
        self.showing: int | None = None  # the seat shown at the last frame
        super().__init__(play, on_over)

    # Whose seat the table shows ------------------------------------------------------
    @property
    def mirror(self) -> Mirror:
        """The mirror of the seat shown (the host's until its seat has a view)."""
        if self._forced is not None:
            return self._forced
        seat = self.shown_seat()
        chosen = self.play.mirrors.get(seat) if seat is not None else None
        return chosen if chosen is not None and chosen.view is not None else self._primary

    @mirror.setter
    def mirror(self, value: Mirror) -> None:
        self._primary = value  # NetMode's own: the host's seat

    def shown_seat(self) -> int | None:
        """The person at the screen (the last to lift the cover), else the first here."""
        table = self.table
        if table is not None and table.model.viewer is not None:
            return table.model.viewer
        seats = list(self.play.mirrors)
        return seats[0] if seats else None

    @contextmanager
    def as_host(self) -> Iterator[None]:
        """What only the host's seat may do (give a seat away), whoever is at the screen."""
        self._forced = self._primary
        try:
            yield
        finally:
            self._forced = None

    # Where the positions come from ---------------------------------------------------
    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """Every seat of this app a person at this screen, the others remote."""
        here = set(self.play.mirrors)
        seats: list[Seat] = [PersonSeat(i) if i in here else RemoteSeat(i) for i in range(match.rules.players)]
        return Referee(match, seats, listeners, auto_ask=False)

    def turn(self, table: Table, seat: int, dt: float) -> None:
        """Another person here is to move: the screen is handed to them, once their
        own seat's view says it is their turn at the move the table shows."""
        super().turn(table, seat, dt)
        if self.frozen is not None or seat == table.model.viewer or table.controls.handoff_open or not table.model.is_person(seat):
            return
        theirs = self.play.mirrors.get(seat)
        shown = self.mirror
        if theirs is None or not theirs.my_turn or theirs.view is None:
            return
        if theirs.round_index != shown.round_index or len(theirs.history) != len(shown.history):
            return  # one connection is a message ahead: the table waits for the other
        table.motion.finish()  # nothing of this hand glides on once the next person is at the screen
        table.controls.hand_over(seat)

    def next_round(self, table: Table) -> None:
        """A new deal: the next person here is handed the screen afresh."""
        if len(table.model.people) > 1:
            table.model.show_to(None)
        super().next_round(table)

    # Every frame ------------------------------------------------------------------------
    def update(self, table: Table, dt: float) -> None:
        seat = self.shown_seat()
        if seat != self.showing:  # another seat shown: its own hand is the one to follow
            self.showing = seat
            self._view = None
            view = self.mirror.view
            self.hand_before = set(view.hand) if view is not None else set()
        self.play.shown = seat  # the news followed are the shown seat's
        super().update(table, dt)
        self.hide_glides(table)

    def hide_glides(self, table: Table) -> None:
        """The hand shown is face down now (its turn is over): a tile of it still
        gliding face up (one just drawn) is not shown any more."""
        if self.frozen is not None or table.mode.look.hand_face_up(table) or table.model.viewer is None:
            return
        table.motion.drop_glides(set(self.mirror.view.hand) if self.mirror.view is not None else set())


class CouchNetLook(NetLook):
    """The network table's look; what only the host's seat may do is done as the host."""

    net: CouchNetSource

    def __init__(self, net: CouchNetSource):
        super().__init__(net)
        self.net = net

    def _show_host(self) -> None:
        with self.net.as_host():
            super()._show_host()

    def press(self, table: Table, name: str) -> None:
        if name in ("give", "let", "refuse"):
            with self.net.as_host():
                super().press(table, name)
            return
        super().press(table, name)


def couch_net_table(
    play: NetPlay,
    *,
    on_over: Callable[[Match], None] | None = None,
    on_leave: Callable[[Table], None] | None = None,
    animation_speed: str = "normal",
    hints: bool = True,
    show_knowledge: bool = False,
) -> TableScene:
    """The table of a network match with several people at this screen (every
    seat of this app has its view)."""
    mirror = play.mirror
    if mirror.lobby is None or mirror.seat is None or not play.viewing:
        raise ValueError("the network table opens once every seat at this screen has a view")
    return table_of(play, CouchNetMode(play, on_over), on_leave, animation_speed, hints, show_knowledge)
