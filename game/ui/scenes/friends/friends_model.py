"""What the *Play with friends* screens hold, without widgets: the join form (an
address, a table code, a name, a seat) checked into what to connect to; the host's
setup (the New game setup whose seats are this player, other people at this
screen, friends or computers);
the tables heard on the local network; and what the settings remember of them.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import urlsplit

from game.i18n import _
from game.net.shared.protocol import DEFAULT_PORT, NAME_MAX, ProtocolError, normal_code
from game.ui.scenes.new_game.setup import NAME_LIMIT, Setup
from game.ui.scenes.friends.friends_words import FRIEND_NOTE, address_problem
from game.words import names

log = logging.getLogger(__name__)

LOOKING_S = 4.0  # "Looking for tables..." this long, then "No table found yet"
_HOSTNAME = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?$")
_IPV6 = re.compile(r"^[0-9A-Fa-f:.]+(%[A-Za-z0-9]+)?$")

GONE = ("no_table", "host_left", "host", "seat_given", "removed")  # a kept seat that will not come back



class Problem(ValueError):
    """A field of the join form that cannot be used: ``line`` says why, in one line."""

    def __init__(self, field: str, line: str):
        super().__init__(line)
        self.field = field
        self.line = line


def is_secure(text: str) -> bool:
    """Whether the address typed asks for TLS (``wss://club.example.org:47123``)."""
    return text.strip().lower().startswith("wss://")


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` as typed (``ws://`` or ``wss://`` and a trailing ``/`` allowed, the port
    47123 if none, an IPv6 address in brackets) -> (host, port); ``Problem`` if not."""
    typed = text.strip()
    if not typed:
        raise Problem("address", address_problem("empty", typed))
    plain = re.sub(r"^wss?://", "", typed, flags=re.IGNORECASE).rstrip("/")
    port_text: str | None = None
    if plain.startswith("["):  # [fe80::1]:47123
        end = plain.find("]")
        if end < 0:
            raise Problem("address", address_problem("address", typed))
        host, rest = plain[1:end], plain[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise Problem("address", address_problem("address", typed))
            port_text = rest[1:]
        if not _IPV6.match(host):
            raise Problem("address", address_problem("address", typed))
    elif plain.count(":") > 1:  # a bare IPv6 address: no port
        host = plain
        if not _IPV6.match(host):
            raise Problem("address", address_problem("address", typed))
    else:
        host, _sep, port_text = plain.partition(":")
        if not _sep:
            port_text = None
        if not _HOSTNAME.match(host) or len(host) > 253:
            raise Problem("address", address_problem("address", typed))
    port = DEFAULT_PORT
    if port_text is not None:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise Problem("address", address_problem("port", typed))
        port = int(port_text)
    return host, port


def url_of(host: str, port: int, secure: bool = False) -> str:
    """The server's URL (``secure``: ``wss://``, TLS: game/net/shared/tls.py)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if secure else 'ws'}://{shown}:{port}/"


def address_of(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def address_in(url: str) -> str:
    """``url_of``'s address again, as a person types it: ``ws://kitchen-pc:47123/`` ->
    ``kitchen-pc:47123``."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    return address_of(host, parts.port) if parts.port is not None else host


NAME_TYPED = 64  # characters a name's field takes: a longer name than NAME_MAX is said too long, never cut without a word
ADDRESS_TYPED = 1000  # an address's field: a pasted line of 400 is kept whole and said not an address, not cut to 300 unsaid
OTHER_TYPED = 24  # a table's code, a port


def typed_limit(field: str) -> int:
    """How many characters the form's field ``field`` takes ("address", "name", "code"...)."""
    return {"address": ADDRESS_TYPED, "name": NAME_TYPED}.get(field, OTHER_TYPED)


def check_name(text: str) -> str:
    name = " ".join(text.split())
    if len(name) > NAME_MAX and name.isprintable():
        raise Problem("name", address_problem("name_long", name))
    if not name or len(name) > NAME_MAX or not name.isprintable():
        raise Problem("name", address_problem("name", text))
    return name


def check_code(text: str) -> str:
    try:
        return normal_code(text)
    except ProtocolError:
        raise Problem("code", address_problem("code", text.strip()[:20])) from None


@dataclass(frozen=True)
class JoinRequest:
    """What *Join* connects to, once the form is checked."""

    url: str
    address: str  # host:port, as shown
    code: str
    name: str
    seat: int | None  # None: the first free seat


def join_request(address: str, code: str, name: str, seat: int | None) -> JoinRequest:
    """The form checked, field by field from the top; ``Problem`` at the first that
    cannot be used."""
    host, port = parse_address(address)
    table = check_code(code)
    who = check_name(name)
    return JoinRequest(url_of(host, port, is_secure(address)), address_of(host, port), table, who, seat)


# A wss:// server's certificate not taken (game/net/shared/tls.py) --------------------------------
@dataclass(frozen=True)
class CertificateStep:
    """What the screen's action does next at ``url``: ``trust`` the certificate of
    ``fingerprint`` (shown to the person, who is asked), or ``forget`` the one
    trusted before (it changed: refused until then)."""

    kind: str
    url: str
    fingerprint: str = ""


_FINGERPRINT = re.compile(r"^[0-9A-F]{2}(:[0-9A-F]{2}){31}$")


def certificate_step(code: str, params: dict[str, str], url: str) -> CertificateStep | None:
    """The step a failure's code offers (None: none)."""
    found = str(params.get("fingerprint", ""))
    if code == "tls_untrusted" and _FINGERPRINT.match(found):
        return CertificateStep("trust", url, found)
    if code == "tls_changed":
        return CertificateStep("forget", url)
    return None


def take_step(step: CertificateStep, address: str) -> str | None:
    """Trust or forget as ``step`` says; a line to show (None: trusted, connect now)."""
    from game.net.shared import tls

    try:
        if step.kind == "trust":
            tls.trust(step.url, step.fingerprint)
            return None
        tls.forget(step.url)
    except OSError as err:
        return _("The certificate could not be remembered ({reason}).").format(reason=err.strerror or err)
    return _("The old certificate of {address} is forgotten: connect again to see the new one, and trust it only if it is the owner's.").format(address=address)


# What the settings remember ------------------------------------------------------------
def remembered(settings: Any, key: str, default: Any, check: Callable[[Any], bool]) -> Any:
    network = getattr(settings, "network", None)
    value = network.get(key, default) if isinstance(network, dict) else default
    return value if check(value) else default


def remember(app: Any, **values: Any) -> None:
    """Keep ``values`` among the settings' network choices (never stops the game)."""
    from game.profile.settings import Settings, save_settings

    settings = app.services.get("settings")
    if not isinstance(settings, Settings):
        settings = Settings()
        app.services["settings"] = settings
    network = dict(settings.network) if isinstance(settings.network, dict) else {}
    network.update(values)
    settings.network = network
    try:
        save_settings(settings)
    except Exception as err:
        log.warning("settings not saved: %s", err)


def player_name(settings: Any) -> str:
    """The name this player gave last at a table (else the one typed for the New
    game's person seat, else "Player")."""
    name = remembered(settings, "name", "", lambda v: isinstance(v, str) and 0 < len(v) <= NAME_MAX)
    if name:
        return str(name)
    setup = getattr(settings, "last_setup", None)
    for seat in (setup.get("seats") if isinstance(setup, dict) else None) or []:
        if isinstance(seat, dict) and seat.get("kind") == "human" and isinstance(seat.get("name"), str):
            typed = " ".join(seat["name"].split())
            if typed and typed != "You" and not names.is_code(typed) and len(typed) <= NAME_MAX:
                return typed
    return _("Player")


# The host's setup -------------------------------------------------------------------------
HOST_DEFAULT: dict[str, Any] = {
    "rules": "matador",
    "players": 2,
    "options": {},
    "seats": [{"kind": "human", "name": ""}, {"kind": "friend", "name": ""}],
}


class HostSetup(Setup):
    """The New game setup for a hosted table: one seat is this player's (``human``),
    the others other people at this screen (``here``: a name each, as the New
    game's people), friends (open seats) or computers."""

    people = ("human", "here", "friend")  # this player, the host; another person at this screen; a friend (an open seat)
    port_line = False  # the form has a port line (a table hosted here), walked after the choices
    named_kinds = ("human", "here")
    person_kind = "here"  # a seat taken by a controller: another person at this screen

    def load(self, saved: object, pad_connected: Callable[[int], bool]) -> None:
        super().load(saved if isinstance(saved, dict) and saved else HOST_DEFAULT, pad_connected)

    def fit_seats(self) -> None:
        """A seat for every player (a new one is a friend's)."""
        while len(self.seats) < self.players:
            self.seats.append({"kind": "friend", "name": ""})

    def name_person(self, index: int) -> None:
        """The host's seat: the name given at tables; another person's here: Player N."""
        seat = self.seats[index]
        if not seat["name"]:
            seat["name"] = self.host_name if seat["kind"] == "human" else _("Player {number}").format(number=index + 1)

    host_name = ""  # set by the scene from the settings

    def kept_name(self, name: str, kind: str) -> str:
        """A hosted table's names are words: the network sends them as typed."""
        return name

    def typed_name(self, index: int, text: str) -> str:
        return text

    def kept(self, index: int) -> str:
        return self.seats[index]["name"]

    def seat_name(self, index: int) -> str:
        if self.seats[index]["kind"] == "friend":
            return ""
        return super().seat_name(index)

    def seat_note(self, index: int) -> str:
        if self.seats[index]["kind"] == "friend":
            return _(FRIEND_NOTE)
        return super().seat_note(index)

    def check(self) -> tuple[Any, str | None]:
        rules, problem = self._rules_and_names()
        if rules is None or problem is not None:
            return rules, problem
        kinds = [self.seats[i]["kind"] for i in range(self.players)]
        if kinds.count("human") != 1:
            return rules, _("Choose You for exactly one seat: yours")
        if "friend" not in kinds:
            return rules, _("Give at least one seat to a friend")
        return rules, None

    def _rules_and_names(self) -> tuple[Any, str | None]:
        """The New game's check: the rules, and names present and different (friends
        have none yet: only the others are compared)."""
        rules, refused = self.checked_rules()
        if rules is None:
            return None, refused
        return rules, self.names_problem(i for i in range(self.players) if self.seats[i]["kind"] != "friend")

    def lines(self) -> list[str]:
        """The New game's lines, and the port's after the choices (hosted here)."""
        order = super().lines()
        if self.port_line:
            order.insert(next((i for i, key in enumerate(order) if key.startswith("kind")), len(order)), "port")
        return order

    def host_seat(self) -> int:
        return next(i for i in range(self.players) if self.seats[i]["kind"] == "human")

    def create_fields(self) -> dict[str, Any]:
        """The ``create`` message's fields for this setup (game/net/server/endpoint.py)."""
        seats = ["open" if self.seats[i]["kind"] in ("human", "here", "friend") else self.level_kind(i) for i in range(self.players)]  # At my level: the level chosen
        host = self.host_seat()
        return {
            "rules": self.rule_id,
            "players": self.players,
            "options": dict(self.options),
            "seats": seats,
            "name": self.seat_name(host)[:NAME_LIMIT],
            "seat": host,
        }

    def here_seats(self) -> list[tuple[int, str]]:
        """The other people at this screen: (seat, name) each (their seats are open
        in ``create_fields``; this app takes them once the table exists)."""
        return [(i, self.seat_name(i)[:NAME_LIMIT]) for i in range(self.players) if self.seats[i]["kind"] == "here"]


def chosen_port(text: str) -> int | None:
    """The port typed on Host a table, if it is one a host may choose (1024 to 65535)."""
    from game.net.app.hosting import PORTS

    typed = text.strip()
    if not typed.isascii() or not typed.isdigit() or len(typed) > 5 or not PORTS[0] <= int(typed) <= PORTS[1]:
        return None
    return int(typed)


# The tables heard on the local network ----------------------------------------------------
class Finder:
    """``game.net.shared.discovery.Browser`` started on a thread of its own (opening its
    sockets may take a moment) and read once a frame; it never waits. Off where
    ``enabled`` is False (tests: nothing is multicast)."""

    def __init__(self, enabled: bool = True, make: Callable[[], Any] | None = None):
        self.enabled = enabled
        self.make = make
        self.browser: Any = None
        self.failed = False
        self.started = 0.0
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> None:
        if not self.enabled:
            return
        self.started = time.monotonic()
        threading.Thread(target=self._open, name="matador-lan", daemon=True).start()

    def _open(self) -> None:
        try:
            if self.make is not None:
                browser = self.make()
            else:
                from game.net.shared.discovery import Browser

                browser = Browser()
            browser.start()
        except Exception as err:  # no zeroconf, no multicast: join by address
            log.info("tables on the local network cannot be listed: %s", err)
            self.failed = True
            return
        with self._lock:
            if self._closed:
                browser.close()
                return
            self.browser = browser

    def listings(self) -> list[Any]:
        with self._lock:
            browser = self.browser
        if browser is None:
            return []
        try:
            return list(browser.listings())
        except Exception:
            return []

    @property
    def looking(self) -> bool:
        return self.enabled and not self.failed

    def state(self) -> str:
        """``off`` (not looking here), ``looking`` (the first seconds), ``listening``
        (nothing heard yet: tables are typed in meanwhile)."""
        if not self.looking:
            return "off"
        return "looking" if time.monotonic() - self.started < LOOKING_S else "listening"

    def close(self) -> None:
        with self._lock:
            self._closed = True
            browser, self.browser = self.browser, None
        if browser is not None:
            threading.Thread(target=_close_quietly, args=(browser,), name="matador-lan-close", daemon=True).start()


def _close_quietly(browser: Any) -> None:
    try:
        browser.close()
    except Exception as err:
        log.info("closing the local network browser: %s", err)

