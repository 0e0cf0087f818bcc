"""The other people at the host's screen, as ``NetPlay`` (game/net/app/netplay.py)
seats and follows them: each takes a seat of its own at the table once it
exists (a connection, a token and a mirror of its own, so nothing of one seat's
hand reaches another's mirror); their seats are kept with the host's at a table
this app hosts, so a restart takes them back too.

No pygame here.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from game.net.app.client import Seated
from game.net.app.mirror import Mirror, News
from game.net.app.session import Session

if TYPE_CHECKING:
    from game.net.app.keeper import MatchKeeper

log = logging.getLogger("matador.net")


class HereSeats:
    """What ``NetPlay`` adds for the people at this screen (its fields are NetPlay's)."""

    mirror: Mirror
    keeper: MatchKeeper | None
    here_wanted: list[tuple[int, str]]
    here: dict[int, Mirror]
    here_tokens: dict[int, str]
    shown: int | None
    keep_here: bool
    _here_kept: set[int]
    _here_tried_at: float

    @property
    def table_url(self) -> str | None:
        raise NotImplementedError

    def _follow_here(self, news: list[News]) -> list[News]:
        """Seat the other people at this screen once the table exists, follow their
        mirrors; the news of the seat shown (the host's unless ``shown`` says)."""
        mirror, url = self.mirror, self.table_url
        if self.here_wanted and not self.here and url is not None and mirror.code is not None and mirror.seat is not None:
            for seat, name in self.here_wanted:
                token = self.here_tokens.get(seat)
                if token is not None:  # taken back after the host's app restarted
                    session = Session.rejoin(Seated(url, mirror.code, seat, token))
                else:
                    session = Session.join(url, mirror.code, name, seat)
                self.here[seat] = Mirror(session)
                session.start()
        if self.keep_here and len(self._here_kept) < len(self.here) and time.monotonic() - self._here_tried_at >= 0.5:
            self._here_tried_at = time.monotonic()
            self._keep_here()
        shown = news
        for seat, other in self.here.items():
            theirs = other.update()
            if seat == self.shown:
                shown = theirs
        return shown

    def _keep_here(self) -> None:
        """Keep each seat of the people here, once taken, with the host's kept seat
        (game/net/app/kept_seats.py): a restart of this app takes them back too."""
        from game.net.app import kept_seats

        names = dict(self.here_wanted)
        for seat, other in self.here.items():
            seated = other.source.seated if isinstance(other.source, Session) else None
            if seat in self._here_kept or seated is None or self.mirror.seat is None:
                continue
            try:
                if kept_seats.remember_here(seated, names.get(seat, "")):
                    self._here_kept.add(seat)
            except OSError:
                log.exception("could not keep the seat of a person here")
                self._here_kept.add(seat)  # (not tried again every frame)

    @property
    def mirrors(self) -> dict[int, Mirror]:
        """Every seat of this app at the table (the host's and the other people's at
        this screen), by seat."""
        out = dict(self.here)
        if self.mirror.seat is not None:
            out[self.mirror.seat] = self.mirror
        return dict(sorted(out.items()))

    @property
    def seated(self) -> bool:
        """Every seat of this app has sat down (the table's code may be given out)."""
        if self.mirror.lobby is None or self.mirror.seat is None or self.mirror.code is None:
            return False
        if len(self.here) < len(self.here_wanted):
            return False
        taken = {s.seat for s in self.mirror.lobby.seats if s.taken}  # as the host's lobby shows them, too
        return all(m.lobby is not None and m.seat is not None and m.seat in taken for m in self.here.values())

    @property
    def viewing(self) -> bool:
        """Every seat of this app has its view (the table can show any of them)."""
        return all(m.view is not None for m in (self.mirror, *self.here.values()))
