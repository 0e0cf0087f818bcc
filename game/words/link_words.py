"""Why a link to a table failed, in one line a player can act on.

Both the screens of *Play with friends* and the table at a network table say it
(a refusal's or the link's code first, else an older server's reason in
English), so it lives here, below both, and neither reaches into the other.
"""

from __future__ import annotations

from game.i18n import N_, _

__all__ = ["KEPT_SO_FAR", "ECHO_MAX", "elided", "failure_line", "reason_line", "coded_line", "tls_line"]

ECHO_MAX = 24  # characters of what a person typed that a line echoes (an address, a code): the reason stays readable


def elided(text: str, most: int = ECHO_MAX) -> str:
    """``text`` as a line echoes it: whole if short, else its start and its end
    around "…" (``most`` characters in all), so the line around it keeps its size."""
    if len(text) <= most:
        return text
    head = (most - 1) // 2
    return text[:head] + "…" + text[len(text) - (most - 1 - head) :]

KEPT_SO_FAR = N_("The match so far is kept in Past matches.")  # the table is gone before the end


# Why joining failed, in one line a player can act on: the refusal's or the link's
# code first (``why``: a server of protocol 2 and the session say it), else the
# server's reason (English, game/net/server/endpoint.py and table.py: an older server's).
def failure_line(reason: str, address: str = "", code: str = "", name: str = "", why: str = "", params: dict[str, str] | None = None) -> str:
    """``params``: what the code needs (a certificate's ``fingerprint``, ``known`` and ``address``)."""
    address = elided(address)
    said = tls_line(why, params or {}, address) if why.startswith("tls_") else None
    if said is not None:
        return said
    said = coded_line(why, reason, address, code, name)
    return said if said is not None else reason_line(reason, address, code, name)


def _machine(reason: str, address: str) -> str:
    """The machine's name in "No machine is called kitchen-pc." (else the address's)."""
    if reason.lower().startswith("no machine is called"):
        found = reason[len("no machine is called") :].strip().rstrip(".")
        if found:
            return found
    return address.rsplit(":", 1)[0] if address.count(":") == 1 else address


def tls_line(why: str, params: dict[str, str], address: str) -> str | None:
    """A ``wss://`` server's certificate not taken (game/net/shared/tls.py), in one line."""
    where = elided(params.get("address") or address)
    found = params.get("fingerprint", "?")
    if why == "tls_untrusted":
        return _("The certificate of {address} is not signed by a known authority. Its fingerprint is {fingerprint}. Trust it?").format(
            address=where, fingerprint=found
        )
    if why == "tls_changed":
        return _(
            "WARNING: the certificate of {address} has changed (it was {known}, it is now {fingerprint}): someone may be listening in. "
            "Not connected. Forget the old certificate only if the server's owner says it changed."
        ).format(address=where, known=params.get("known", "?"), fingerprint=found)
    if why == "tls_failed":
        return _("No secure connection with {address}: check the address, and that the server serves wss://.").format(address=where)
    return None


def coded_line(why: str, reason: str, address: str, code: str, name: str) -> str | None:
    """The line for a refusal's or the link's code (None: not a code said here)."""
    if why == "unknown_host":
        return _("No machine is called {machine}: check the address.").format(machine=_machine(reason, address))
    if why == "lookup_failed":
        return _("The name {machine} could not be looked up: check the address, or type the host's number (like 192.168.1.20).").format(
            machine=_machine(reason, address)
        )
    words = CODE_LINES.get(why)
    if words is None:
        return None
    return _(words).format(code=code or "?", name=name, address=address)


CODE_LINES = {
    "unreachable": N_("No table answers at {address}: check the address, and that the host's table is open."),
    "gave_up": N_("The table stopped answering: the host may have left."),
    "store_failed": N_("The server cannot store the table's moves now: try again later."),
    "halted": N_("The server cannot store the table's moves now: try again later."),
    "address_tables": N_("Your network has opened the most tables this server allows: finish one first."),
    "address_computers": N_("Your tables hold the most computers this server allows: give fewer seats to computers."),
    "busy": N_("That server is busy: try again in a moment."),
    "slow_down": N_("That server is busy: try again in a moment."),
    "name_empty": N_("Type a name of up to 24 letters."),
    "name_long": N_("Type a name of up to 24 letters."),
    "seat_given": N_("The host gave your seat to a computer."),
    "removed": N_("The host removed you from the table."),
    "seat_away": N_("A friend is away: the match can start once everyone is back."),
    "seat_open": N_("A seat is still open: the match can start once every seat is taken."),
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
    "stopped": N_("The match was stopped: its host was away."),
    "name_owned": N_("{name} is the name of someone else on that server: choose another name."),
    "barred": N_("The host removed you from that table: you cannot sit there again."),
    "no_identity": N_("That server does not know who you are yet: connect again."),
    "unwatched": N_("The host closed that table to watchers."),
    "watchers_full": N_("That table has as many watchers as it takes: try again later."),
    "address_watching": N_("Your network watches as many tables as it may: leave one first."),
}


# A server's reason in words (an older server's, in English): the line of the first
# entry one of whose words it holds, in this order (the longer words first).
REASON_LINES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("match was stopped",), CODE_LINES["stopped"]),
    (("gave your seat to a computer",), CODE_LINES["seat_given"]),
    (("removed you",), CODE_LINES["removed"]),
    (("cannot store",), CODE_LINES["store_failed"]),
    (("too many tries",), CODE_LINES["too_many_tries"]),
    (("name of a computer level",), CODE_LINES["name_level"]),
    (("who is at this table",), CODE_LINES["name_lookalike"]),
    (("must show something", "may not hold"), CODE_LINES["name_blank"]),
    (("there is no table",), CODE_LINES["no_table"]),
    (("speaks protocol", "protocol refused"), CODE_LINES["protocol"]),
    (("is full",), CODE_LINES["full"]),
    (("has started",), N_("That table has started without you.")),
    (("already called",), CODE_LINES["name_taken"]),
    (("is not open",), CODE_LINES["seat_taken"]),
    (("not a table code",), CODE_LINES["bad_code"]),
    (("name must",), CODE_LINES["name_long"]),
    (("could not be reached again", "gave up"), CODE_LINES["gave_up"]),
    (("could not be reached",), CODE_LINES["unreachable"]),
    (("host left",), CODE_LINES["host_left"]),
    (("newer connection", "taken by another connection"), CODE_LINES["seat"]),
)


def reason_line(reason: str, address: str = "", code: str = "", name: str = "") -> str:
    """The line for a server's reason in words (a server or a session that gives no code)."""
    text = reason.lower()
    if text.startswith("no machine is called"):
        return _("No machine is called {machine}: check the address.").format(machine=_machine(reason, address))
    for keys, words in REASON_LINES:
        if any(key in text for key in keys):
            shown = code if words == CODE_LINES["bad_code"] else code or "?"  # (a code not a code is said as typed)
            return _(words).format(code=shown, name=name, address=address)
    if "too many" in text or ("holds" in text and "tables" in text):
        return _(CODE_LINES["busy"])
    return _("The table refused: {reason}").format(reason=" ".join(reason.split())[:120])
