"""One network table this app sits at, from the first screen to the last: the
session (game/net/app/session.py), the mirror that follows it (game/net/app/mirror.py)
and, when this app hosts the table, the server on a thread of its own
(game/net/app/hosting.py). The screens of *Play with friends* hand it on, from the
host's setup or *Join a table* to the lobby and the table; whoever holds it last
closes it (the server thread stops with it).

    play = NetPlay.join("ws://192.168.1.20:47123/", "K7QX-2M", "Ann")
    play = NetPlay.host(create_fields, visible=False)
    play = NetPlay.host_again(kept)  # the host's own table, after a restart (or kill -9)
    play = NetPlay.host(create_fields, here=[(2, "Bo")])  # Bo plays seat 2 at this screen too
    play = NetPlay.host(create_fields, here=[(2, "Bo")], pads={2: 1})  # ...with controller 1
    play = NetPlay.create_on("ws://club.example.org:47123/", create_fields, listed=True)  # on a dedicated server
    play = NetPlay.claim("ws://club.example.org:47123/", "K7QX-2M", 2, "Bo")  # ask the host for a free seat
    ...                          # every frame
    news = play.update()         # never waits
    play.phase                   # starting, connecting, lobby, playing, over, failed
    play.failure                 # the one line saying why, once failed
    play.failure_code            # and its code (a refusal's, the link's), for the screens to word
    play.asking                  # a claim: the host has been asked and has not answered yet
    play.table_gone              # the host left (or the table stopped answering for good)
    play.kept                    # the file of Past matches the match is kept in, if any
    play.close()

A host may seat other people at its own screen (``here``: their seats and
names): each is one more seat of this app at its table, with a connection and a
token of its own (``Session.join`` to the hosted server once the table exists),
so each person's view comes from the server as any remote seat's does, and
nothing of one seat's hand reaches another's mirror. ``mirrors`` holds every
seat of this app; ``update()`` follows them all and returns the news of the
seat the screen shows (``shown``: the host's unless told). ``pads``: the seats
of this screen played with a controller (seat -> the controller's number, as the
host's setup gave them), for the table to hand over as a local match's are.

The match is kept among the Past matches as it goes (game/net/app/keeper.py): after
each round, when the table is gone or left, and at its end (then counted in the
statistics of every person who played it at this screen); one record for the
match, whoever played it here (the host's seat's keeper keeps it; the other
people's mirrors keep nothing); ``record=False`` keeps nothing (the built app's
smoke check).

No pygame here.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.net.app.client import Seated
from game.net.app.hosting import HostedServer
from game.net.app.keeper import MatchKeeper
from game.net.app.mirror import Mirror, News
from game.net.app.session import Request, Session
from game.net.shared.protocol import DEFAULT_PORT

if TYPE_CHECKING:
    from game.net.app.kept_seats import KeptSeat

log = logging.getLogger("matador.net")

LOOPBACK_ONLY = "MATADOR_LOOPBACK_ONLY"  # set (tests): host on 127.0.0.1 (the default port: any free one), announce nothing
CREATE_FIELDS = ("rules", "players", "options", "seats", "name", "seat")
PHASES = ("starting", "connecting", "lobby", "playing", "over", "failed")


def loopback_only() -> bool:
    return os.environ.get(LOOPBACK_ONLY, "") not in ("", "0")


def hosting_at(visible: bool, port: int) -> tuple[bool, int]:
    """Where a table hosted here listens: (visible, port). With ``LOOPBACK_ONLY``
    (tests side by side) never visible, and any free port instead of the default
    one (a port chosen otherwise is kept)."""
    if loopback_only():
        return False, 0 if port == DEFAULT_PORT else port
    return visible, port


def port_taken(visible: bool, port: int) -> bool:
    """Whether hosting a table visible or not on ``port`` would find the port in use
    now (``NetPlay.host`` fails then: ``failure_code`` ``port_taken``). Never waits."""
    from game.net.app.hosting import port_free

    visible, port = hosting_at(visible, port)
    return not port_free("0.0.0.0" if visible else "127.0.0.1", port)


def remember_seat(name: str, hosted: HostedServer | None = None) -> Callable[[Seated], None]:
    """Keep a seat taken (game/net/app/kept_seats.py), so the app takes it back later;
    the host's seat at a table this app hosts with how its server listened."""

    def remember(seated: Seated) -> None:
        from game.net.app import kept_seats

        how = None
        if hosted is not None and hosted.port is not None:
            how = kept_seats.Hosted(hosted.visible, hosted.port)
        kept_seats.remember(seated, name, hosted=how)

    return remember


class NetPlay:
    """A seat at a network table (and the server, when this app hosts it)."""

    def __init__(
        self,
        mirror: Mirror,
        session: Session | None = None,
        hosted: HostedServer | None = None,
        create: dict[str, Any] | None = None,
        record: bool = True,
        here: Sequence[tuple[int, str]] = (),
        pads: dict[int, int] | None = None,
    ):
        self.mirror = mirror
        self.keeper = MatchKeeper() if record else None
        self.session = session
        self.hosted = hosted
        self.create = create  # the table to create once the hosted server listens
        self.failure = ""
        self.failure_code = ""  # the refusal's or the link's code, when it says one
        self.failure_params: dict[str, str] = {}  # what that code needs (tls_untrusted: the certificate's fingerprint, address)
        self.server: str | None = None  # the dedicated server's address, when this app created the table there
        self.listed = False  # that table is open to anyone on the server
        self.asking = False  # a claim: the host was asked and has not answered yet
        self.announced = False
        self.closed = False
        self.here_wanted = [(int(seat), str(name)) for seat, name in here]  # other people at this screen: (seat, name)
        self.here: dict[int, Mirror] = {}  # their seats' mirrors, once the table exists
        self.shown: int | None = None  # the seat whose news ``update`` returns (None: the host's)
        self.pads = dict(pads or {})  # seat -> the controller that plays it at this screen (the others: keyboard and mouse)
        self.again: KeptSeat | None = None  # the host's seat taken back once the hosted server resumes its table
        self.keep_here = bool((create or {}).get("keep", False))  # the seats of the people here kept with the host's
        self.here_tokens: dict[int, str] = {}  # seat -> token: people here taking their seats back (``host_again``)
        self._here_kept: set[int] = set()  # the seats of people here kept so far
        self._here_tried_at = -1e9  # (the file is not read every frame while the host's seat is not kept yet)
        self.back_as_host = False  # a seat taken back (``rejoin``) that the server says is the table's host's

    # The two ways in ---------------------------------------------------------------
    @classmethod
    def following(
        cls,
        session: Session,
        create: dict[str, Any] | None = None,
        record: bool = True,
        here: Sequence[tuple[int, str]] = (),
        pads: dict[int, int] | None = None,
    ) -> NetPlay:
        """The play that follows ``session`` (at a table this app does not host): its
        mirror is made before the session starts, so that it misses no message."""
        mirror = Mirror(session)
        session.start()
        return cls(mirror, session, create=create, record=record, here=here, pads=pads)

    @classmethod
    def join(cls, url: str, table: str, name: str, seat: int | None = None, keep: bool = True, record: bool = True) -> NetPlay:
        session = Session.join(url, table, name, seat, remember=remember_seat(name) if keep else None)
        return cls.following(session, record=record)

    @classmethod
    def watch(cls, url: str, table: str) -> NetPlay:
        """Watch ``table`` on the server at ``url`` without a seat: the mirror's seat is
        ``NO_SEAT`` (no hand, no move); nothing is kept among the past matches."""
        return cls.following(Session.watch(url, table), record=False)

    @classmethod
    def rejoin(cls, seated: Seated, record: bool = True, name: str | None = None) -> NetPlay:
        """Take back a seat kept from an earlier run (game/net/app/kept_seats.py); with
        ``name``, the seat is kept again once taken (at a new address, say)."""
        session = Session.rejoin(seated, remember=remember_seat(name) if name is not None else None)
        return cls.following(session, record=record)

    @classmethod
    def create_on(
        cls,
        url: str,
        create: dict[str, Any],
        listed: bool = False,
        record: bool = True,
        here: Sequence[tuple[int, str]] = (),
        pads: dict[int, int] | None = None,
    ) -> NetPlay:
        """Create the table ``create`` describes (as ``host`` takes it) on the dedicated
        server at ``url`` (``python -m game serve``), this app at its host's seat;
        ``listed``: open to anyone on that server (its lobby is in the server's
        list). The host's seat is kept like a friend's (``Back to table`` takes it
        back after a restart); the other people at this screen (``here``) take their
        seats as at a table this app hosts, and are not kept."""
        fields = {k: v for k, v in create.items() if k in CREATE_FIELDS}
        if listed:
            fields["listed"] = True
        session = Session(url, Request("create", fields), remember=remember_seat(str(fields.get("name", ""))))
        play = cls.following(session, create={**create, "keep": False}, record=record, here=here, pads=pads)
        play.server, play.listed = url, listed
        return play

    @classmethod
    def play_now(cls, url: str, rules: str, players: int, name: str, record: bool = True) -> NetPlay:
        """Wait on the server at ``url`` for someone of one's rating (docs/network.md,
        "Play now"): ``mirror.queued`` says the queue (and the computer level offered);
        ``play_computer()`` takes that offer; once paired, the table has started."""
        session = Session.play_now(url, rules, players, name, remember=remember_seat(name))
        play = cls.following(session, record=record)
        play.server = url
        return play

    def play_computer(self) -> None:
        """Waiting to play now: a computer of one's level instead (the server's offer)."""
        if self.session is not None:
            self.session.send({"type": "play_computer"})

    @classmethod
    def claim(cls, url: str, table: str, seat: int, name: str, record: bool = True) -> NetPlay:
        """Ask the host of ``table`` for a free seat (its player away, or given to a
        computer): a person without the seat's token (another machine, a
        reinstall). ``asking`` while the host decides; seated (and the new token
        kept) if the host lets them in, else ``failure`` says why."""
        session = Session.claim(url, table, seat, name, remember=remember_seat(name))
        return cls.following(session, record=record)

    @classmethod
    def host(
        cls,
        create: dict[str, Any],
        visible: bool = False,
        port: int = DEFAULT_PORT,
        store_path: Path | None = None,
        keep: bool = True,
        record: bool = True,
        here: Sequence[tuple[int, str]] = (),
        pads: dict[int, int] | None = None,
    ) -> NetPlay:
        """Start a server here for the table ``create`` describes (``rules``,
        ``players``, ``options``, ``seats``, ``name``, ``seat``); its session sits
        down once the server listens. The host's seat is kept for a later run
        (``keep``, game/net/app/kept_seats.py): if this app is killed, *Back to table*
        takes the table back (``host_again``). The tables hosted before and not
        taken back are closed for good (friends coming back are told the host
        left), and the host's seats kept at them forgotten. ``here``: the
        other people at this screen, (seat, name) each; their seats must be open
        in ``create`` (each takes its own once the table exists, before the lobby
        shows the table's code). ``pads``: which controller plays which seat of
        this screen (seat -> number; the others use the keyboard and mouse).
        The server listens on ``port`` (the host's choice): a port in use fails
        (``failure_code`` ``port_taken``; ``port_taken`` asks before)."""
        visible, port = hosting_at(visible, port)
        hosted = HostedServer(visible, port, store_path, keep=(), fallback=False)
        hosted.start()
        if keep:
            _forget_hosted()
        play = cls(Mirror(None), None, hosted, {**create, "keep": keep}, record=record, here=here, pads=pads)
        return play

    @classmethod
    def host_again(cls, kept: KeptSeat, store_path: Path | None = None, record: bool = True) -> NetPlay:
        """Host again the table whose host's seat was kept (``kept.hosted``) after
        this app stopped without closing it (a crash, kill -9): the server starts on
        the same port if it is free (else another: the lobby says the address),
        resumes that table from its journal (any other table left in the store is
        closed) and the host takes its seat back where it was."""
        assert kept.hosted is not None
        visible, port = kept.hosted.visible, kept.hosted.port
        if loopback_only():
            visible = False
        hosted = HostedServer(visible, port, store_path, keep=(kept.seated.table,))
        hosted.start()
        _forget_hosted(but=kept.seated.table)
        play = cls(Mirror(None), None, hosted, None, record=record, here=[(h.seat, h.name) for h in kept.hosted.here])
        play.again = kept
        play.keep_here = True
        play.here_tokens = {h.seat: h.token for h in kept.hosted.here}
        return play

    # Every frame --------------------------------------------------------------------
    def update(self) -> list[News]:
        """What happened since the last frame (never waits)."""
        if self.closed:
            return []
        hosted = self.hosted
        if hosted is not None and self.session is None:
            if hosted.state == "failed":
                self.failure = hosted.error or "the table could not be opened"
                self.failure_code = hosted.problem if hosted.problem == "port_taken" else ""
                return []
            if hosted.state != "ready" or (self.create is None and self.again is None):
                return []
            if self.again is not None:  # the host's seat, at the table resumed
                was = self.again.seated
                seated = Seated(hosted.url, was.table, was.seat, was.token)
                session = Session.rejoin(seated, remember=remember_seat(self.again.name, hosted))
            else:
                fields = dict(self.create or {})
                keep = fields.pop("keep", True)
                name = str(fields.get("name", ""))
                create = Request("create", {k: v for k, v in fields.items() if k in CREATE_FIELDS})
                session = Session(hosted.url, create, remember=remember_seat(name, hosted) if keep else None)
            self.session = session
            self.mirror.source = session
            session.start()
        news = self.mirror.update()
        self._host_back()
        if any(n.kind == "waiting" for n in news):
            self.asking = True
        elif self.asking and self.mirror.seat is not None:
            self.asking = False  # let in
        if self.keeper is not None:
            self.keeper.here = {seat for seat, other in self.here.items() if other.seat == seat}
            self.keeper.follow(self.mirror)
        shown = self._follow_here(news)
        code = self.mirror.code
        if hosted is not None and not self.announced and code is not None and self.seated and hosted.visible:
            self.announced = True
            name = str((self.create or {}).get("name", "")) or (self.again.name if self.again is not None else "")
            hosted.announce(code, f"{name} · {code}" if name else code)
        for mirror in (self.mirror, *self.here.values()):
            if mirror.link == "failed" and not self.failure:
                self.failure = mirror.link_reason or "the connection failed"
                self.failure_code = mirror.link_code
                self.failure_params = dict(mirror.link_params)
                self.asking = False
        return shown

    def _host_back(self) -> None:
        """A seat taken back at a table on a server (*Back to table*) that the server
        says is its creator's (``joined``'s ``host``, the ``table``'s ``host``): this
        app hosts it again as when it created it (Start, Remove, the code to give)."""
        if self.hosted is None and self.session is not None and (self.server is None or self.back_as_host) and self.mirror.hosting:
            self.server, self.back_as_host = self.session.url, True
            if self.mirror.lobby is not None:
                self.listed = self.mirror.lobby.listed

    @property
    def phase(self) -> str:
        mirror = self.mirror
        if self.failure:
            return "failed"
        if self.session is None:
            return "starting"
        lobby = mirror.lobby
        if not self.seated or lobby is None:
            return "connecting"
        if mirror.over is not None or lobby.state == "over":
            return "over"
        if lobby.state == "playing":
            return "playing"
        return "lobby"

    @property
    def table_gone(self) -> bool:
        """The host left (or the table stopped answering for good) before the
        match's end: the match so far is kept (``kept``)."""
        return self.mirror.table_gone

    @property
    def kept(self) -> Path | None:
        """The file of Past matches this match is kept in (None: nothing kept yet)."""
        return self.keeper.path if self.keeper is not None else None

    @property
    def hosting(self) -> bool:
        """This app runs the table's server (on a thread of its own)."""
        return self.hosted is not None

    @property
    def hosts(self) -> bool:
        """This app's seat is the table's host: it hosts the table, or created it on
        a dedicated server (it starts the match, removes, lets people in)."""
        return self.hosted is not None or self.server is not None

    @property
    def table_url(self) -> str | None:
        """Where the table is: the hosted server's address, or the session's."""
        if self.hosted is not None:
            return self.hosted.url if self.hosted.port is not None else None
        return self.session.url if self.session is not None else None

    def addresses(self) -> list[str]:
        """What friends type to join (the hosted server's addresses, or the
        dedicated server's as it was typed)."""
        if self.hosted is not None:
            return self.hosted.addresses()
        if self.server is not None:
            from urllib.parse import urlsplit

            parts = urlsplit(self.server)
            host = parts.hostname or ""
            shown = f"[{host}]" if ":" in host else host
            where = f"{shown}:{parts.port}" if parts.port is not None else shown
            # A wss:// server is typed with its scheme, or a friend's app would
            # try plain WebSocket and fail (game/net/shared/tls.py).
            return [f"wss://{where}" if parts.scheme == "wss" else where]
        return []

    def close(self, wait_s: float = 0.0, keep_table: bool = False) -> None:
        """Leave the table; when hosting, stop the server: the host leaves, the table
        is closed for good (its journal says so; friends are told the host left)
        and the host's seat kept at it forgotten; unless ``keep_table`` (taking the
        table back did not work out: it is still offered).
        The threads are told to end at once; by default nothing waits for them (a
        screen being left never freezes): ``finish_closing`` waits, when the app quits."""
        if self.closed:
            return
        self.closed = True
        _CLOSING.append(self)
        if self.keeper is not None and self.mirror.started:
            self.mirror.update()  # what arrived since the last frame (a round's end) is kept too
            self.keeper.leave(self.mirror)
        for session in self.sessions:
            if not self.mirror.over:
                try:
                    session.send({"type": "leave"})
                except Exception:
                    pass
            session.close(wait_s)
        if self.hosted is not None:
            self.hosted.stop(wait_s, close_tables=not keep_table)
            if not keep_table and (self.again is not None or (self.create or {}).get("keep", False)):
                _forget_hosted()

    @property
    def sessions(self) -> list[Session]:
        """Every connection of this app to the table: the host's (or the joined seat's),
        then those of the other people at this screen."""
        sessions = [self.session] if self.session is not None else []
        return sessions + [m.source for m in self.here.values() if isinstance(m.source, Session)]

    @property
    def threads_alive(self) -> bool:
        """Whether a thread of this table still runs (tests check none is left)."""
        return any(s.running for s in self.sessions) or bool(self.hosted is not None and self.hosted.running)

    # The people at this screen (a couch at a network table): each takes a seat of its
    # own once the table exists (a connection, a token and a mirror of its own, so
    # nothing of one seat's hand reaches another's mirror); their seats are kept with
    # the host's at a table this app hosts, so a restart takes them back too.
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


def _forget_hosted(but: str | None = None) -> None:
    """The host's seats kept at tables this app hosted (but ``but``): closed."""
    from game.net.app import kept_seats

    try:
        kept_seats.forget_hosted(but)
    except Exception:  # an unwritable file: the seat stays listed, and its table answers that it is closed
        log.exception("could not forget the host's seats")


_CLOSING: list[NetPlay] = []  # closed, their threads perhaps still ending


def finish_closing(timeout: float = 3.0) -> bool:
    """Wait (at most ``timeout`` in all) for the threads of every closed table to end:
    when the app quits, a hosted server closes its connections and its store
    cleanly. True if none is left."""
    end = time.monotonic() + timeout
    for play in list(_CLOSING):
        for part in (*play.sessions, play.hosted):
            if part is not None:
                part.wait(max(0.0, end - time.monotonic()))
        if not play.threads_alive:
            _CLOSING.remove(play)
    return not _CLOSING
