"""What a network table is waiting for, and that in a player's words (one line):
the table scene and the lobby show it.

No pygame here.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.i18n import _
from game.words.names import worded


class Mirror(Protocol):
    """The fields of a table's mirror (``game.net.app.mirror.Mirror``) that its status reads:
    named here, so that the mirror imports this module and it does not import the mirror back."""

    over: dict[str, Any] | None
    halted: str | None
    link: str
    seat: int | None
    host_left: bool
    removed: bool
    seat_given: bool
    stopped: bool

    @property
    def table_gone(self) -> bool: ...

    @property
    def started(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def names(self) -> list[str]: ...

    def connected(self, seat: int) -> bool: ...


def status(mirror: Mirror) -> tuple[str, int | None]:
    """What the table is waiting for: (``gone``, None) once the host left or
    the table stopped answering for good (or this seat's player was removed, or
    its seat given to a computer); (``link``, None) while this screen's
    connection is down; (``halted``, None) while the server cannot store moves; (``away``, seat) while the seat to move has lost its
    connection; (``yours``, seat); (``thinking``, seat); (``lobby``, None)
    before the start; (``over``, None); (``between``, None) between rounds."""
    if mirror.table_gone:
        return "gone", None
    if mirror.link in ("lost", "failed", "connecting"):
        return "link", None
    if mirror.over is not None:
        return "over", None
    if mirror.halted is not None:
        return "halted", None
    if not mirror.started:
        return "lobby", None
    seat = mirror.to_move
    if seat is None:
        return "between", None
    if seat == mirror.seat:
        return "yours", seat
    if not mirror.connected(seat):
        return "away", seat
    return "thinking", seat


def status_text(mirror: Mirror) -> str:
    """The status in a player's words, one line."""
    kind, seat = status(mirror)
    names = mirror.names
    name = worded(names[seat]) if seat is not None and seat < len(names) else ""
    if kind == "gone":
        return gone_text(mirror)
    if kind == "link":
        if mirror.link == "connecting":
            return _("Connecting…")
        if mirror.link == "lost":
            return _("Connection lost: trying again…")
        return _("The connection to the table ended.")
    if kind == "over":
        return _("The match is over.")
    if kind == "halted":
        return _("The server cannot store the moves now: play waits until it can.")
    if kind == "lobby":
        return _("Waiting for the host to start.")
    if kind == "yours":
        return _("Your turn")
    if kind == "away":
        return _("{name} lost connection, waiting…").format(name=name)
    if kind == "thinking":
        return _("{name} is thinking…").format(name=name)
    return ""


def gone_text(mirror: Mirror) -> str:
    """Why this seat's table will not go on, in a player's words."""
    if mirror.seat_given:
        return _("The host gave your seat to a computer.")
    if mirror.removed:
        return _("The host removed you from the table.")
    if mirror.stopped:
        return _("The match was stopped: its host was away.")
    if mirror.host_left:
        return _("The host left: the table is closed.")
    return _("The table stopped answering: the host may have left.")
