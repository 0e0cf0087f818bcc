"""What the *Play with friends* screens say: their titles and buttons, the join
form's labels, the lobby's lines, and every way joining can fail, each in one
line a player can act on."""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.ui.words import hold_words

__all__ = ["hold_words"]  # (the hold's clock is game.ui.words'; the lobby takes it from here)

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
    return _("No server answers at {address}: check the address, and that the server runs.").format(address=address)


def open_table_words(host: str, code: str, rule_set: str, players: int, seats: int) -> str:
    """A table open to anyone on the server, as its row: whose, its code, what it plays, the seats open."""
    what = ngettext("{rule_set}, {count} player", "{rule_set}, {count} players", players).format(rule_set=rule_set, count=players)
    free = ngettext("{count} seat open", "{count} seats open", seats).format(count=seats)
    if host:
        return _("{host}'s table {code}: {what}, {free}").format(host=host, code=code, what=what, free=free)
    return _("Table {code}: {what}, {free}").format(code=code, what=what, free=free)

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


# Why joining failed, in one line a player can act on: the refusal's or the link's
# code first (``why``: a server of protocol 2 and the session say it), else the
# server's reason (English, game/net/server.py and table.py: an older server's).
def failure_line(reason: str, address: str = "", code: str = "", name: str = "", why: str = "") -> str:
    said = coded_line(why, reason, address, code, name)
    return said if said is not None else reason_line(reason, address, code, name)


def _machine(reason: str, address: str) -> str:
    """The machine's name in "No machine is called kitchen-pc." (else the address's)."""
    if reason.lower().startswith("no machine is called"):
        found = reason[len("no machine is called") :].strip().rstrip(".")
        if found:
            return found
    return address.rsplit(":", 1)[0] if address.count(":") == 1 else address


def coded_line(why: str, reason: str, address: str, code: str, name: str) -> str | None:
    """The line for a refusal's or the link's code (None: not a code said here)."""
    if why == "unknown_host":
        return _("No machine is called {machine}: check the address.").format(machine=_machine(reason, address))
    if why == "lookup_failed":
        return _("The name {machine} could not be looked up: check the address, or type the host's number (like 192.168.1.20).").format(
            machine=_machine(reason, address)
        )
    if why == "unreachable":
        return _("No table answers at {address}: check the address, and that the host's table is open.").format(address=address)
    if why == "gave_up":
        return _("The table stopped answering: the host may have left.")
    if why in ("store_failed", "halted"):
        return _("The server cannot store the table's moves now: try again later.")
    if why == "address_tables":
        return _("Your network has opened the most tables this server allows: finish one first.")
    if why == "address_computers":
        return _("Your tables hold the most computers this server allows: give fewer seats to computers.")
    if why in ("busy", "slow_down"):
        return _("That server is busy: try again in a moment.")
    if why in ("name_empty", "name_long"):
        return _("Type a name of up to 24 letters.")
    words = CODE_LINES.get(why)
    if words is None:
        return None
    return _(words).format(code=code or "?", name=name, address=address)


CODE_LINES = {
    "seat_given": N_("The host gave your seat to a computer."),
    "removed": N_("The host removed you from the table."),
    "host_left": N_("The host left: the table is closed."),
    "host": N_("The host left: the table is closed."),
    "seat": N_("Your seat was taken over from another window or machine."),
    "too_many_tries": N_("Too many tries with codes that lead nowhere from this network: wait a minute."),
    "name_level": N_("{name} is the name of a computer level: choose another name."),
    "name_code": N_("{name} begins with @, which only the game's own names do: choose another name."),
    "name_lookalike": N_("{name} looks too much like the name of someone at that table: choose another name."),
    "name_blank": N_("Type a name that shows letters, without control characters."),
    "name_control": N_("Type a name that shows letters, without control characters."),
    "name_taken": N_("Someone at that table is already called {name}: choose another name."),
    "no_table": N_("There is no table {code} there: check the code."),
    "protocol": N_("That table runs another version of Matador: use the same version as the host."),
    "full": N_("That table is full."),
    "seat_taken": N_("That seat is taken: choose another, or the first free one."),
    "bad_code": N_("{code} is not a table code (like K7QX-2M)."),
    "claim_refused": N_("The host did not let you take that seat."),
    "claim_unanswered": N_("The host did not answer: try again later."),
    "claim_over": N_("That seat changed while you waited (its player came back, or it is open now): try again."),
    "not_free": N_("That seat is not free: its player is at the table."),
    "host_away": N_("The host is not at the table to let you in: try again later."),
    "claim_pending": N_("Someone is already asking the host for that seat: try again in a moment."),
}


def reason_line(reason: str, address: str = "", code: str = "", name: str = "") -> str:
    """The line for a server's reason in words (a server or a session that gives no code)."""
    text = reason.lower()
    if text.startswith("no machine is called"):
        return _("No machine is called {machine}: check the address.").format(machine=_machine(reason, address))
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
LISTED_NOTE = N_("Anyone on this server can find this table in its list and join it.")
CODE_NOTE = N_("Only people you give the code to can join this table.")
LOOPBACK_NOTE = N_("Only this machine can reach this table: host with the local network on for friends on other machines.")
OPENING = N_("Opening the table…")
WAITING_FRIENDS = N_("Waiting for friends to join…")
READY = N_("Everyone is here: start when you are ready.")
WAITING_HOST = N_("Waiting for the host to start.")
STARTING = N_("The table is starting…")
KEPT_SO_FAR = N_("The match so far is kept in Past matches.")  # the table is gone before the end


def opening_failed(reason: str) -> str:
    return _("The table could not be opened: {reason}").format(reason=reason)


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
