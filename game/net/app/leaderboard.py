"""A server's ratings as the app reads them: the identity's own per family (told in
``hello``'s ``identity.ratings``) and a family's leaderboard (the ``leaderboard``
message, docs/network.md "The server's ratings"), asked on a thread of its own
and read once a frame (nothing waits on the network).

    board = BoardAsker("ws://club.example.org:47123/")
    board.start()
    board.ask("leyden")       # asked now (a connection of its own: hello, leaderboard, close)
    ...                       # every frame
    board.state               # idle, asking, shown, failed
    board.board               # Board (the last answer), or None
    board.ratings             # {family: Standing}: yours on that server, from its hello
    board.failure, board.code, board.params   # why it failed (a line for logs, a code to word)
    board.close()

Any address can be typed in, so an answer is read as a hostile server's would be:
rows that cannot be read are left out, at most ``MAX_ROWS`` are kept, names are
cut to the name rules' length.

No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass
from typing import Any

from game.engine.rules import FAMILIES
from game.net.app.client import TIMEOUT_S, Client, ServerRefused
from game.net.shared.loop_thread import AskingThread
from game.net.shared.protocol import NAME_MAX, ProtocolError

log = logging.getLogger("matador.net")

MAX_ROWS = 100  # a server sends at most its top 100


@dataclass(frozen=True)
class Standing:
    """A rating on a server: its value, deviation, whether it is provisional, the matches it rated."""

    rating: float
    rd: float
    provisional: bool
    matches: int


@dataclass(frozen=True)
class BoardRow:
    """One row of a leaderboard: its place, the name, the rating; ``you``: the asker's own."""

    place: int
    name: str
    standing: Standing
    you: bool = False


@dataclass(frozen=True)
class Board:
    """A family's leaderboard on a server: its top rows, how many it rates, and the
    asker's own place (None: not rated there) and rating."""

    family: str
    count: int
    top: tuple[BoardRow, ...]
    place: int | None
    you: Standing | None


def _number(value: Any, low: float, high: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value) if low <= value <= high else None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9 else None


def read_standing(value: Any) -> Standing | None:
    """``{"rating", "rd", "provisional", "matches"}`` as a server sends it (None if it cannot be read)."""
    if not isinstance(value, dict):
        return None
    rating, rd = _number(value.get("rating"), -10_000, 10_000), _number(value.get("rd"), 0, 10_000)
    provisional, matches = value.get("provisional"), _count(value.get("matches"))
    if rating is None or rd is None or not isinstance(provisional, bool) or matches is None:
        return None
    return Standing(rating, rd, provisional, matches)


def read_ratings(value: Any) -> dict[str, Standing]:
    """``hello``'s ``identity.ratings``: the families this app knows that it could read."""
    if not isinstance(value, dict):
        return {}
    found = {family: read_standing(value.get(family)) for family in FAMILIES}
    return {family: standing for family, standing in found.items() if standing is not None}


def read_board(message: Any, family: str) -> Board:
    """A ``leaderboard`` answer for ``family`` (``ProtocolError`` if it is not one)."""
    if not isinstance(message, dict) or message.get("family") != family or not isinstance(message.get("top"), list):
        raise ProtocolError("the server's leaderboard cannot be read")
    rows: list[BoardRow] = []
    for entry in message["top"][:MAX_ROWS]:
        standing = read_standing(entry)
        place = _count(entry.get("place")) if isinstance(entry, dict) else None
        name = entry.get("name") if isinstance(entry, dict) else None
        if standing is None or not place or not isinstance(name, str):
            continue
        rows.append(BoardRow(place, " ".join(name.split())[:NAME_MAX], standing, entry.get("you") is True))
    rows.sort(key=lambda row: row.place)
    count = _count(message.get("count"))
    you = message.get("you")
    place = _count(you.get("place")) if isinstance(you, dict) else None
    return Board(family, max(count or 0, len(rows)), tuple(rows), place or None, read_standing(you))


class BoardAsker(AskingThread):
    """A server's leaderboard, asked off the frame loop (see the module's doc)."""

    failed_line = "asking a server's leaderboard ended on an error"

    def __init__(self, url: str, timeout: float = TIMEOUT_S) -> None:
        super().__init__()
        self.url = url
        self.timeout = timeout
        self.state = "idle"  # idle (nothing asked yet), asking, shown, failed
        self.board: Board | None = None
        self.ratings: dict[str, Standing] = {}  # yours on this server, from its hello
        self.failure = ""  # why the last ask failed, for logs
        self.code = ""  # and its code: unreachable, unreadable, a refusal's...
        self.params: dict[str, str] = {}
        self.answers = 0  # answers taken so far (a screen follows it)
        self.wanted: str | None = None  # the family to ask for next

    def start(self) -> None:
        self._start_thread(self._run, "matador-board")

    def ask(self, family: str) -> None:
        """Ask for ``family``'s leaderboard now."""
        self.wanted, self.state = family, "asking"
        self._wake_up()

    # The thread ---------------------------------------------------------------------
    async def _asking(self, wake: asyncio.Event) -> None:
        while not self._closed:
            family = self.wanted
            if family is not None:
                self.wanted = None
                await self._ask_once(family)
            if self.wanted is None:
                await wake.wait()
                wake.clear()

    async def _ask_once(self, family: str) -> None:
        from game.net.app.session import unreached

        try:
            async with Client.connect(self.url, timeout=self.timeout, identity=True) as client:
                self.ratings = read_ratings((client.identity or {}).get("ratings")) or self.ratings
                await client.send({"type": "leaderboard", "family": family})
                board = read_board(await client.expect("leaderboard", timeout=self.timeout), family)
        except ServerRefused as refused:
            self._failed(str(refused), refused.code or "refused", {str(k): str(v)[:80] for k, v in refused.params.items()})
        except ProtocolError as err:
            self._failed(str(err), "unreadable")
        except asyncio.CancelledError:
            raise
        except Exception as err:  # OSError, timeouts, websockets' ConnectionClosed, a bad address...
            self._failed(*unreached(err, self.url))
        else:
            if self.wanted is None:  # (an answer for a family no longer wanted is not shown)
                if board.you is not None:
                    self.ratings = {**self.ratings, family: board.you}
                self.board, self.failure, self.code, self.params = board, "", "", {}
                self.answers += 1
                self.state = "shown"

    def _failed(self, reason: str, code: str, params: dict[str, str] | None = None) -> None:
        self.failure, self.code, self.params = reason, code[:32], params or {}
        self.answers += 1
        self.state = "failed"


__all__ = ["Board", "BoardAsker", "BoardRow", "MAX_ROWS", "Standing", "read_board", "read_ratings", "read_standing"]
