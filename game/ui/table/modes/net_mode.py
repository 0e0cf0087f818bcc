"""A network table (``NetMode``): the table of a match played over the network,
driven by what the server sends this seat (its ``SeatView`` and the public
actions, followed by ``game.net.app.mirror.Mirror``), not by a local match.

- ``position`` is the mirror's view (``ViewPosition``): this seat's hand, the
  others' counts, the tiles on the table; ``record`` is None while a round is
  played (no one here holds the whole round).
- A move is offered as at any table; ``vet`` sends it to the server (the
  engine's reason shows if it cannot be sent) and nothing is pushed here;
  ``turn`` does nothing (the server asks the seats). Each action the server
  tells (``played``) is shown as a local one is: the tile glides, the plaques
  and the hand follow.
- A round's end: the server reveals the deal and the actions; the round is
  played again here from them (``replay``), so the table holds still on the
  finished round with every hand face up, and the round's summary, its review
  and the match's totals are the local table's own. The server deals the next
  round by itself; the summary's *Next round* shows it.
- Undo, redo and hints are off (a table of several people). The moves panel
  tells the round's public actions (played again on a scratch round:
  ``log.view_log``; this seat's own draws face up as it saw them), the score
  sheet every round's end the mirror received (a seat that came back mid-match
  says which rounds it has not seen; the totals are the server's), what the
  table knows reads the view.
- The toolbar's row holds Moves and Scores, the reactions (Nice!, Oops, Well
  played) and Leave; the host may give the seat of a friend away for 5
  minutes to a computer.
- The match's end: the match-over screen (``MatchOverScene`` with the server's
  record: the final scores, who won; Past matches, Review, Title).
- The connection given up: the table says why (refused, the table closed,
  stopped answering), on the felt and in the hand's label.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.engine import Action, Match, PlayerInfo
from game.ui.table.input import plain
from game.ui.table.modes.mode import REFUSED, SENT, LiveMoves
from game.ui.table.modes.net_look import NetLook
from game.ui.table.modes.net_source import NetSource

if TYPE_CHECKING:
    from game.net.app.netplay import NetPlay
    from game.ui.table.table_scene import TableScene
    from game.ui.table.protocols import Table


class NetMode:
    """One seat at a network table (see the module's doc): the server's news is
    the source (net_source.py), a move is sent to it, its look is net_look.py's."""

    name = "net"

    def __init__(self, play: NetPlay, on_over: Callable[[Match], None] | None = None):
        self.source = NetSource(play, on_over)
        self.moves = NetMoves(self.source)
        self.look = NetLook(self.source)

    def attach(self, table: Table) -> None:
        self.source.attach(table)
        self.look.attach(table)


class NetMoves(LiveMoves):
    """A move goes to the server; undo, redo and the hint are off (a table of
    several people)."""

    def __init__(self, net: NetSource):
        self.net = net

    def aids_on(self, table: Table) -> bool:
        return False

    def may_act(self, table: Table) -> bool:
        return self.net.frozen is None and self.net.mirror.my_turn

    def submit(self, table: Table, seat: int, action: Action) -> str:
        """Send the move to the server (nothing is played here until it tells it);
        say why if it cannot go."""
        reason = self.net.mirror.play(action)
        if reason is not None:
            table.motion.say(plain(reason), 3.5, warning=True)
            table.sound("refused")
            return REFUSED
        return SENT


def net_table(
    play: NetPlay,
    *,
    on_over: Callable[[Match], None] | None = None,
    on_leave: Callable[[Table], None] | None = None,
    animation_speed: str = "normal",
    hints: bool = True,
    show_knowledge: bool = False,
) -> TableScene:
    """The table of a network match this app sits at (its seat has a view)."""
    mirror = play.mirror
    if mirror.lobby is None or mirror.seat is None or mirror.view is None:
        raise ValueError("the network table opens once its seat has a view")
    return table_of(play, NetMode(play, on_over), on_leave, animation_speed, hints, show_knowledge)


def table_of(
    play: NetPlay,
    mode: NetMode,
    on_leave: Callable[[Table], None] | None,
    animation_speed: str,
    hints: bool,
    show_knowledge: bool,
) -> TableScene:
    """The table scene in ``mode`` over a stand-in match of the lobby's rules and
    names (never dealt here: the server deals)."""
    from game.play.thinker import Thinker
    from game.ui.table.table_scene import TableScene

    lobby = play.mirror.lobby
    assert lobby is not None
    match = Match(lobby.rules, [PlayerInfo(name) for name in lobby.names], seed=0)
    return TableScene(
        match,
        thinker=Thinker("thread"),  # nobody thinks here: the server's computers think there
        animation_speed=animation_speed,
        hints=hints,  # the playable tiles marked (the setting); the hint itself is off here
        show_knowledge=show_knowledge,
        on_leave=on_leave,
        mode=mode,
    )

