"""What the *Play with friends* screens say: their titles and buttons, the join
form's labels, the lobby's lines, and every way joining can fail, each in one
line a player can act on."""

from __future__ import annotations

from game.i18n import N_, _

TITLE = N_("Play with friends")
INTRO = N_("One table, several machines: host it here and give your friends its address and code, or join a friend's table.")
HOST = N_("Host a table")
JOIN = N_("Join a table")
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

# The lobby
LEAVE = N_("Leave")
START = N_("Start the match")


def seat_words(index: int) -> str:
    return _("Seat {number}").format(number=index + 1)


def listing_words(name: str, address: str, compatible: bool) -> str:
    """A table heard on the local network, as its row in the list."""
    if not compatible:
        return _("{name} ({address}): another version of Matador").format(name=name, address=address)
    return _("{name} ({address})").format(name=name, address=address)


# Why joining failed: the server's reason (English, game/net/server.py and
# table.py) or the connection's, told as one line a player can act on.
def failure_line(reason: str, address: str = "", code: str = "", name: str = "") -> str:
    text = reason.lower()
    if text.startswith("no machine is called"):
        machine = reason[len("no machine is called") :].strip().rstrip(".") or address
        return _("No machine is called {machine}: check the address.").format(machine=machine)
    if "gave your seat to a computer" in text:
        return _("The host gave your seat to a computer.")
    if "removed you" in text:
        return _("The host removed you from the table.")
    if "cannot store" in text:
        return _("The server cannot store the table's moves now: try again later.")
    if "too many tries" in text:
        return _("Too many tries with codes that lead nowhere from this network: wait a minute.")
    if "name of a computer level" in text:
        return _("{name} is the name of a computer level: choose another name.").format(name=name)
    if "who is at this table" in text:
        return _("{name} looks too much like the name of someone at that table: choose another name.").format(name=name)
    if "must show something" in text or "may not hold" in text:
        return _("Type a name that shows letters, without control characters.")
    if "there is no table" in text:
        return _("There is no table {code} there: check the code.").format(code=code or "?")
    if "speaks protocol" in text or "protocol refused" in text:
        return _("That table runs another version of Matador: use the same version as the host.")
    if "is full" in text:
        return _("That table is full.")
    if "has started" in text:
        return _("That table has started without you.")
    if "already called" in text:
        return _("Someone at that table is already called {name}: choose another name.").format(name=name)
    if "is not open" in text:
        return _("That seat is taken: choose another, or the first free one.")
    if "not a table code" in text:
        return _("{code} is not a table code (like K7QX-2M).").format(code=code)
    if "name must" in text:
        return _("Type a name of up to 24 letters.")
    if "could not be reached again" in text or "gave up" in text:
        return _("The table stopped answering: the host may have left.")
    if "could not be reached" in text:
        return _("No table answers at {address}: check the address, and that the host's table is open.").format(address=address)
    if "host left" in text:
        return _("The host left: the table is closed.")
    if "newer connection" in text or "taken by another connection" in text:
        return _("Your seat was taken over from another window or machine.")
    if "too many" in text or ("holds" in text and "tables" in text):
        return _("That server is busy: try again in a moment.")
    return _("The table refused: {reason}").format(reason=" ".join(reason.split())[:120])


def address_problem(kind: str, text: str) -> str:
    """A mistyped address or code, in one line (``kind``: empty, address, port, code, name)."""
    if kind == "empty":
        return _("Type the address your host gives you, like 192.168.1.20:47123.")
    if kind == "port":
        return _("The port after the colon must be a number from 1 to 65535.")
    if kind == "code":
        return _("Type the table code your host gives you, like K7QX-2M.") if not text else _("{code} is not a table code (like K7QX-2M).").format(code=text)
    if kind == "name":
        return _("Type a name of up to 24 letters.")
    return _("{address} is not an address (like 192.168.1.20:47123).").format(address=text)


def connecting_words(address: str) -> str:
    return _("Connecting to {address}…").format(address=address)


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
LOOPBACK_NOTE = N_("Only this machine can reach this table: host with the local network on for friends on other machines.")
OPENING = N_("Opening the table…")
WAITING_FRIENDS = N_("Waiting for friends to join…")
READY = N_("Everyone is here: start when you are ready.")
WAITING_HOST = N_("Waiting for the host to start.")
STARTING = N_("The table is starting…")
KEPT_SO_FAR = N_("The match so far is kept in Past matches.")  # the table is gone before the end


def opening_failed(reason: str) -> str:
    return _("The table could not be opened: {reason}").format(reason=reason)


def seat_state(kind: str, name: str | None, mine: bool, host: bool, connected: bool, level: str | None, here: bool = False) -> str:
    """A lobby seat's line after its number (``here``: taken by another person at
    this screen)."""
    if kind == "open":
        return _("open: waiting for a friend")
    if kind == "computer":
        return _("{name} (computer)").format(name=name or (level or "").capitalize())
    words = name or "?"
    if mine:
        words = _("{name} (you)").format(name=words)
    elif here:
        # TRANSLATORS: a lobby seat taken by another person playing at the host's screen.
        words = _("{name} (at this screen)").format(name=words)
    if host:
        words = _("{name}, host").format(name=words)
    if not connected:
        words = _("{name}: away").format(name=words)
    return words
