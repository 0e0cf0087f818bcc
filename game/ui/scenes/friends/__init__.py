"""Play with friends: a table played from several machines over the network
(game/net/, docs/network.md).

Title -> *Play with friends* (``FriendsScene``) -> *Host a table* (``HostScene``:
the New game form whose seats are yours, a friend's or a computer's), *Join a
table* (``JoinScene``: the tables heard on the local network, or an address and a
code; or ask the host for a seat that was yours) or *On a server*
(``ServerScene``: a dedicated server's open tables, or a table created there with
the host's form, or *Play now*: ``PlayNowScene``, paired with someone of your
strength waiting there; *Leaderboard*: ``LeaderboardScene``, the server's best
players by family and your place) -> the lobby (``LobbyScene``: who has joined, the host's Start) -> the table
(the table itself, ``game.ui.table.TableScene`` in its network mode,
``NetMode``: driven by what the server sends). The screens hand on one
``game.net.app.netplay.NetPlay`` (the session, its mirror and, when hosting, the
server on a thread of this app); the last to hold it closes it.

One module per concern:

- ``menu``, ``join``, ``host``, ``server``, ``play_now``, ``leaderboard``, ``lobby``: the scenes;
- ``fields``: the forms' text fields and the line in focus;
- ``model``: the join form's checks, the host's setup, the tables heard, what the
  settings remember (no widgets);
- ``geometry``: where things go, fixed by the window size;
- ``draw``: the pictures (reads, never changes);
- ``words``: what the screens say, and every way joining can fail in one line
  (``play_now_words``: *Play now*'s; ``leaderboard_words``: the leaderboard's).
"""

from game.ui.scenes.friends.host_screen import HostScene
from game.ui.scenes.friends.join_screen import JoinScene
from game.ui.scenes.friends.lobby_screen import LobbyScene
from game.ui.scenes.friends.friends_menu import FriendsScene
from game.ui.scenes.friends.server_screen import ServerScene
from game.ui.scenes.friends.play_now_screen import PlayNowScene
from game.ui.scenes.friends.leaderboard_screen import LeaderboardScene

__all__ = ["FriendsScene", "HostScene", "JoinScene", "LeaderboardScene", "LobbyScene", "PlayNowScene", "ServerScene"]
