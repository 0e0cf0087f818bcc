"""What the *Play with friends* screens say: their titles and buttons, the join
form's labels, the lobby's lines, and every way joining can fail, each in one
line a player can act on."""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.words.link_words import elided
from game.words.seat_words import hold_words, watchers_words

__all__ = ["hold_words"]  # (the hold's clock is game.words.seat_words'; the lobby takes it from here)

TITLE = N_("Play with friends")
INTRO = N_("One table, several machines: host it here and give your friends its address and code, join a friend's table, or play on a server.")
HOST = N_("Host a table")
JOIN = N_("Join a table")
# TRANSLATORS: Play with friends: a dedicated server (python -m game serve) where tables are created, listed and joined.
SERVER = N_("On a server")
BACK = N_("Back")


def back_to_words(code: str) -> str:
    """A seat kept from an earlier run: its button."""
    return _("Back to table {code}").format(code=code)


# Join a table
FOUND_HEAD = N_("Tables on this network")
TYPED_HEAD = N_("Or by address and code")
LOOKING = N_("Looking for tables on this network…")
NONE_FOUND = N_("No table found on this network yet: type the address and code your host gives you.")
NOT_LOOKING = N_("Finding tables on this network is off here: type the address and code your host gives you.")
ADDRESS = N_("Address")
CODE = N_("Table code")
NAME = N_("Your name")
SEAT = N_("Seat")
FIRST_FREE = N_("First free")
ADDRESS_HINT = N_("like 192.168.1.20:47123")
CODE_HINT = N_("like K7QX-2M")
JOIN_BUTTON = N_("Join")
# TRANSLATORS: a wss:// server's certificate not signed by a known authority, its fingerprint shown: the button that trusts it (and connects).
TRUST_BUTTON = N_("Trust it")
# TRANSLATORS: a server's certificate changed since it was trusted: the button that forgets the old one (the next connection asks again).
FORGET_BUTTON = N_("Forget the old one")
# TRANSLATORS: Join a table, beside the seat: a person whose seat it was (without the saved token) asks the host to let them take it back.
ASK_SEAT = N_("Ask the host for it")
# TRANSLATORS: Play with friends, after "The host gave your seat to a computer": ask the host for that seat again.
ASK_BACK = N_("Ask the host to let you back")
CHOOSE_SEAT = N_("Choose the seat that was yours, then ask the host for it.")


def asking_words(code: str, seat: int) -> str:
    return _("Asking the host of table {code} for seat {number}…").format(code=code, number=seat + 1)


def asked_words(seat: int) -> str:
    """The host was asked: the claimant waits (the server gives the host 2 minutes)."""
    return _("The host has been asked for seat {number}: waiting for an answer (up to 2 minutes)…").format(number=seat + 1)


# On a server
SERVER_HEAD = N_("The server")
SERVER_ADDRESS = N_("Server")
SERVER_HINT = N_("like club.example.org:47123")
NAME_HINT = N_("the name the others see")
TABLES_HEAD = N_("Open tables on this server")
LIST_TABLES = N_("List its tables")
CREATE = N_("Create a table")
ASKING = N_("Asking the server for its open tables…")
NO_TABLES = N_("No table on this server is open to anyone now: create one, or join one by its code with Join a table.")
NO_SERVER = N_("Type the address of a server (python -m game serve), then list its tables.")


def server_unreachable(address: str) -> str:
    return _("No server answers at {address}: check the address, and that the server runs.").format(address=elided(address))


def open_table_words(host: str, code: str, rule_set: str, players: int, seats: int) -> str:
    """A table open to anyone on the server, as its row: whose, its code, what it plays, the seats open."""
    what = ngettext("{rule_set}, {count} player", "{rule_set}, {count} players", players).format(rule_set=rule_set, count=players)
    free = ngettext("{count} seat open", "{count} seats open", seats).format(count=seats)
    if host:
        return _("{host}'s table {code}: {what}, {free}").format(host=host, code=code, what=what, free=free)
    return _("Table {code}: {what}, {free}").format(code=code, what=what, free=free)


def playing_table_words(who: str, code: str, rule_set: str, players: int, watchers: int) -> str:
    """A table being played on the server, as its row (to watch): who plays (their
    names), its code, what it plays, how many watch it."""
    what = ngettext("{rule_set}, {count} player", "{rule_set}, {count} players", players).format(rule_set=rule_set, count=players)
    if who:
        # TRANSLATORS: a row of On a server's list: a table whose match is under way, to watch; {who}: its players' names ("Ann, Bob").
        line = _("{who} at table {code}: {what}, being played").format(who=who, code=code, what=what)
    else:
        # TRANSLATORS: a row of On a server's list: a table whose match is under way, to watch.
        line = _("Table {code}: {what}, being played").format(code=code, what=what)
    return f"{line}  ·  {watchers_words(watchers)}" if watchers > 0 else line


# Host a table
HOST_TITLE = N_("Host a table")
YOU = N_("You")
FRIEND = N_("A friend")
# TRANSLATORS: a seat's kind on Host a table: another person playing at the host's screen (the hands pass between them).
HERE = N_("Person here")
FRIEND_NOTE = N_("a friend joins here")
OPEN_TABLE = N_("Open the table")
LAN_ON = N_("Local network: on")
LAN_OFF = N_("Local network: off")
# On a server: the same form creates the table there
SERVER_HOST_TITLE = N_("A table on a server")
# TRANSLATORS: a table on a server: listed for anyone on that server to see and join (on), or joined only by its code (off).
LISTED_ON = N_("Open to anyone: on")
LISTED_OFF = N_("Open to anyone: off")

# The lobby
LEAVE = N_("Leave")
START = N_("Start the match")
# TRANSLATORS: the lobby, the host's button on a seat someone took: frees the seat (its taker is sent away).
REMOVE = N_("Remove")
SERVER_NAME = N_("Your name on this server")  # the server's screen: the name field is the one the server keeps for you
NEW_CODE = N_("New code")  # the host's: the lobby gets a new code, the old one opens it no more
# TRANSLATORS: a button at the end of an open table's row on a server, and on Join a table: follow the table without a seat.
WATCH = N_("Watch")
# TRANSLATORS: the host's answer to a person asking for a free seat (they take it) ...
LET_IN = N_("Let in")
# TRANSLATORS: ... or not.
REFUSE = N_("Refuse")
GIVE = N_("Give to a computer")


def seat_words(index: int) -> str:
    return _("Seat {number}").format(number=index + 1)


def listing_words(name: str, address: str, compatible: bool) -> str:
    """A table heard on the local network, as its row in the list."""
    if not compatible:
        return _("{name} ({address}): another version of Matador").format(name=name, address=address)
    return _("{name} ({address})").format(name=name, address=address)


def address_problem(kind: str, text: str) -> str:
    """A mistyped address or code, in one line (``kind``: empty, address, port, code,
    name, name_long); what was typed is echoed ``elided``: the reason always shows."""
    if kind == "empty":
        return _("Type the address your host gives you, like 192.168.1.20:47123.")
    if kind == "port":
        return _("The port after the colon must be a number from 1 to 65535.")
    if kind == "code":
        return _("Type the table code your host gives you, like K7QX-2M.") if not text else _("{code} is not a table code (like K7QX-2M).").format(code=elided(text))
    if kind == "name":
        return _("Type a name of up to 24 letters.")
    if kind == "name_long":  # (``text``: the name typed)
        return _("This name has {count} letters: type one of up to 24.").format(count=len(text))
    return _("{address} is not an address (like 192.168.1.20:47123).").format(address=elided(text))


def connecting_words(address: str) -> str:
    return _("Connecting to {address}…").format(address=elided(address))


# The lobby's lines
def lobby_title(code: str) -> str:
    return _("Table {code}").format(code=code)


def give_words(addresses: list[str], code: str) -> str:
    return _("Give your friends the address {address} and the code {code}.").format(address=_(" or ").join(addresses), code=code)


def guest_words(host: str | None, address: str, code: str) -> str:
    """What a friend who joined is told where the host is told what to give."""
    if host:
        return _("You are at {host}'s table {code}, at {address}.").format(host=host, code=code, address=address)
    return _("You are at table {code}, at {address}.").format(code=code, address=address)


GUEST_NOTE = N_("If the connection drops, Matador connects again by itself: your seat is kept for 5 minutes.")
LISTED_NOTE = N_("Anyone on this server can find this table in its list and join it.")
CODE_NOTE = N_("Only people you give the code to can join this table.")
LOOPBACK_NOTE = N_("Only this machine can reach this table: host with the local network on for friends on other machines.")
OPENING = N_("Opening the table…")
WAITING_FRIENDS = N_("Waiting for friends to join…")
READY = N_("Everyone is here: start when you are ready.")
WAITING_HOST = N_("Waiting for the host to start.")


def away_words(names: list[str]) -> str:
    """The host's lobby, every seat taken but some friends away (their seats held):
    who, and that Start waits for them."""
    return ngettext(
        "{names} is away: the match can start once they are back.",
        "{names} are away: the match can start once they are back.",
        len(names),
    ).format(names=_(", ").join(names))

STARTING = N_("The table is starting…")


def opening_failed(reason: str) -> str:
    return _("The table could not be opened: {reason}").format(reason=reason)


# TRANSLATORS: Host a table: the label of the field where the host types the network port its table listens on (like 47123).
PORT = N_("Port")


def port_problem(kind: str, port: str | int = "") -> str:
    """Host a table's port, in one line (``kind``: ``invalid``, not a number from
    1024 to 65535; ``taken``, in use on this machine, in the form; ``taken_lobby``,
    found in use as the server started)."""
    if kind == "taken":
        # TRANSLATORS: Host a table, the status line: another program (a game, a server) already listens on that port.
        return _("Port {port} is in use on this machine (another game or server?): choose another").format(port=port)
    if kind == "taken_lobby":
        return _("The table could not be opened: port {port} is in use on this machine. Go back and choose another port.").format(port=port)
    return _("The port must be a number from 1024 to 65535 (like 47123)")


def seat_state(
    kind: str, name: str | None, mine: bool, host: bool, connected: bool, level: str | None, here: bool = False,
    held: float | None = None, claimant: str | None = None,
) -> str:
    """A lobby seat's line after its number (``here``: taken by another person at
    this screen; ``held``: its player is away, the seconds before the host may give
    the seat to a computer; ``claimant``: someone asks the host for the seat)."""
    if kind == "open":
        return _("open: waiting for a friend")
    if kind == "computer":
        words = _("{name} (computer)").format(name=name or (level or "").capitalize())
        return _("{seat}: {claimant} asks for this seat").format(seat=words, claimant=claimant) if claimant else words
    words = name or "?"
    if mine:
        words = _("{name} (you)").format(name=words)
    elif here:
        # TRANSLATORS: a lobby seat taken by another person playing at the host's screen.
        words = _("{name} (at this screen)").format(name=words)
    if host:
        words = _("{name}, host").format(name=words)
    if not connected:
        if claimant:
            words = _("{name}: away, {claimant} asks for this seat").format(name=words, claimant=claimant)
        elif held is not None and held > 0:
            # TRANSLATORS: a player away; the time (like 4:05) the seat is still held for them before it may go to a computer.
            words = _("{name}: away, seat held {time}").format(name=words, time=hold_words(held))
        elif held is not None:
            words = _("{name}: away for 5 minutes").format(name=words)
        else:
            words = _("{name}: away").format(name=words)
    return words


def watch_waits_words(code: str) -> str:
    """*On a server*, watching a table whose match has not started yet."""
    # TRANSLATORS: On a server: this screen watches a table (its code) whose host has not started the match yet.
    return _("Watching table {code}: its match shows as soon as it starts.").format(code=code)
