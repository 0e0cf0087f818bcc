"""The wire format of network play: JSON objects, one per WebSocket text message.

docs/network.md describes every message. This module holds what the server and
the client share: the version, the limits, table codes, and how a seat's view,
an action and a round's revealed deal are written. Tiles are always written as
``"a-b"`` strings (the record's notation); nothing here knows a hidden tile
unless it is given one.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from typing import Any

from game.engine import Action, Match, Placement, RecordError, Refusal, Rules, SeatView, action_from_json, tile_name
from game.engine.record import action_to_json, deal_to_json
from game.engine.seal import SECRET, commitment, deal_from_seed
from game.engine.tiles import parse_tile
from game.engine.state import FORCED, PHASE_LEAD

DEFAULT_PORT = 47123  # a dedicated server's and a hosted table's, unless told another
PROTOCOL = 2  # the newest version this build speaks (docs/network.md: the version rule)
SUPPORTED = (1, 2)  # what a server of this build accepts in ``hello``: a client of version 1 is served as before
MAX_MESSAGE = 64 * 1024  # bytes; a bigger message closes the connection (1009)
REACTIONS = ("nice", "oops", "well-played")  # Nice!, Oops, Well played: nothing else
NAME_MAX = 24  # characters of a player's name (game/net/server/name_rules.py)
GIVEN_SEAT_LEVEL = "easy"  # give_seat's level when the message names none (and a computer seat's without one)
RETURN_S = 5 * 60  # a player who dropped keeps the seat this long before the host may give it to a computer
HOST_LEFT = "the host left: the table is closed"  # the reason in ``closed`` when the app hosting the table stops
# Table codes: K7QX-2M (or K7QX-2MPA on a server that gives long codes). No 0/O,
# 1/I/L, so a code read aloud is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTHS = (6, 8)


class ProtocolError(ValueError):
    """A message that cannot be used. The text is sent back as the reason (English,
    for logs and older clients); ``code`` and ``params`` say it to a client that puts
    it into its own words (``refused``: docs/network.md lists the codes); and when
    the engine or the referee refused (``code`` ``illegal`` or ``bad_rules``), its
    ``refusal`` too, for the client to say in its player's language."""

    def __init__(self, reason: str, code: str = "bad_message", refusal: Refusal | None = None, **params: Any):
        super().__init__(reason)
        self.code = code
        self.refusal = refusal
        self.params = params


def refusal(about: Any, err: ProtocolError) -> dict[str, Any]:
    """The ``refused`` message for ``err`` (``about``: the type of the message refused)."""
    message: dict[str, Any] = {"type": "refused", "about": str(about)[:32] if about is not None else None, "reason": str(err), "code": err.code}
    if err.params:
        message["params"] = err.params
    if err.refusal is not None:  # the engine's or the referee's: the client says it in its player's language
        message["refusal"] = refusal_json(err.refusal)
    return message


REFUSAL_CODE = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """A refusal as ``refused`` sends it: ``{"code": ..., "params": {...}}``."""
    params = {key: refusal_json(value) if isinstance(value, Refusal) else value for key, value in refusal.params.items()}
    return {"code": refusal.code, "params": params}


def read_refusal(obj: Any, depth: int = 0) -> Refusal | None:
    """A refusal a server sent, or None if it is not one (an older server sends
    none; a hostile one anything): short strings and whole numbers only."""
    if not isinstance(obj, dict) or depth > 2:
        return None
    code, params = obj.get("code"), obj.get("params", {})
    if not isinstance(code, str) or not REFUSAL_CODE.fullmatch(code) or not isinstance(params, dict) or len(params) > 12:
        return None
    read: dict[str, str | int | Refusal] = {}
    for key, value in params.items():
        if not isinstance(key, str) or len(key) > 20:
            return None
        if isinstance(value, dict):
            inner = read_refusal(value, depth + 1)
            if inner is None:
                return None
            read[key] = inner
        elif isinstance(value, str) and len(value) <= 80:
            read[key] = value
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6:
            read[key] = value
        else:
            return None
    return Refusal(code, read)


def new_code(length: int = 6) -> str:
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
    return f"{chars[:4]}-{chars[4:]}"


def normal_code(text: Any) -> str:
    """A table code as typed ("k7qx2m", " K7QX-2M ") in its one written form."""
    if not isinstance(text, str):
        raise ProtocolError("table must be a table code like K7QX-2M", "bad_code")
    plain = text.strip().upper().replace("-", "").replace(" ", "")
    if len(plain) not in CODE_LENGTHS or any(c not in CODE_ALPHABET for c in plain):
        raise ProtocolError(f"{text[:20]!r} is not a table code (like K7QX-2M)", "bad_code")
    return f"{plain[:4]}-{plain[4:]}"


def new_token() -> str:
    """A seat's secret: 128 random bits."""
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    """What the server stores of a token (a stolen database seats no one)."""
    return hashlib.sha256(token.encode()).hexdigest()


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def decode(text: str | bytes) -> dict[str, Any]:
    """A client's message as an object with a string ``type``; ``ProtocolError`` otherwise."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # (ValueError: also a number of more than 4300 digits)
        raise ProtocolError("not valid JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError('a message is a JSON object with a "type"')
    return data


# Actions ---------------------------------------------------------------------------
def action_json(seat: int, action: Action) -> dict[str, Any]:
    """An action as the record writes it; a draw carries only its count."""
    return action_to_json(seat, action)


def read_action(value: Any, rules: Rules, seat: int) -> Action:
    """The action a client sends for its own ``seat`` (``player`` may be left out)."""
    if not isinstance(value, dict):
        raise ProtocolError("action must be an object like {\"lay\": \"6-1\", \"on\": \"W\", \"touch\": 1}")
    claimed = value.get("player", seat)
    if claimed != seat:
        raise ProtocolError(f"you play seat {seat}, not seat {claimed}")
    try:
        _, action = action_from_json({**value, "player": seat}, rules)
    except RecordError as err:
        raise ProtocolError(f"action: {err}") from None
    return action


# What a seat is sent ---------------------------------------------------------------
def _placement(p: Placement) -> dict[str, Any]:
    return {
        "tile": tile_name(p.tile),
        "arm": p.arm,
        "inner": p.inner,
        "outer": p.outer,
        "across": p.across,
        "joins": p.joins,
        "seat": p.seat,
        "index": p.index,
    }


def view_json(view: SeatView, round_index: int) -> dict[str, Any]:
    """Everything ``view.seat`` may know of the round, and nothing more: sent when
    a round is dealt and to a player who comes back."""
    return {
        **view_change(view, round_index),
        "table": [_placement(p) for p in view.placements],
        "history": [action_json(s, a) for s, a in view.history],
    }


def view_change(view: SeatView, round_index: int) -> dict[str, Any]:
    """The view after one more action, without what the action itself adds to
    the table and the history (``turn`` and ``played`` carry those): ``moves``
    counts the history, so a client can tell that it missed nothing."""
    spinner = view.spinner
    lead_kind, lead_tile = view.lead
    told = {"lead": tile_name(lead_tile)} if view.phase == PHASE_LEAD and lead_kind == FORCED and lead_tile is not None else {}
    return {
        "seat": view.seat,
        "round": round_index,
        "moves": len(view.history),
        "hand": [tile_name(t) for t in view.hand],
        "hand_counts": list(view.hand_counts),
        "totals": list(view.totals),
        "current": view.current_player,
        "phase": view.phase,
        "boneyard": view.boneyard_count,
        "drawable": view.drawable,
        "spinner": None if spinner is None else {"arm": spinner.arm, "index": spinner.index, "value": spinner.value},
        "legal": [action_json(view.seat, a) for a in view.legal_moves()],
        **told,  # a forced lead's tile is public by the rules (its holder must announce it)
    }


def action_message(kind: str, seat: int, action: Action, view: SeatView, round_index: int) -> dict[str, Any]:
    """``played`` or ``turn``: the action, the tile it put on the table (a lay), and the view's change."""
    message: dict[str, Any] = {"type": kind, "action": action_json(seat, action), "view": view_change(view, round_index)}
    if action.is_lay:
        message["placed"] = _placement(view.placements[-1])
    return message


def apply_change(view: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """A client's full view after a ``turn`` or ``played`` message (``ProtocolError``
    if the message does not follow the view: the client should ask to ``sync``)."""
    change = message["view"]
    table, history = list(view["table"]), list(view["history"])
    if "action" in message:
        history.append(message["action"])
    if "placed" in message:
        table.append(message["placed"])
    if change["round"] != view["round"] or change["moves"] != len(history):
        raise ProtocolError("a message was missed")
    return {**change, "table": table, "history": history}


def round_deal(match: Match, round_index: int) -> dict[str, Any]:
    """Round ``round_index``'s deal as the record writes it (that round's alone)."""
    return deal_to_json(match.rounds[round_index])


def round_commitment(match: Match, round_index: int) -> str:
    """The commitment to a round's deal (``game.engine.seal``): sent when the round
    is dealt; its deal seed and salt only with the round's end (``round_reveal``)."""
    seal = match.seal(round_index)
    assert seal is not None, "a table's rounds are dealt from its seed"
    return seal.commitment


def round_reveal(match: Match, round_index: int) -> dict[str, str]:
    """A finished round's ``deal_seed`` and ``salt``: never sent before its end."""
    seal = match.seal(round_index)
    assert seal is not None and seal.seed is not None and seal.salt is not None
    assert match.rounds[round_index].over, "a round's secrets are revealed only once it is over"
    return {"deal_seed": seal.seed, "salt": seal.salt}


def reveal_holds(rules: Rules, commit: Any, reveal: dict[str, Any]) -> bool:
    """Whether a ``round_over``'s ``deal_seed`` and ``salt`` give ``commit`` (the
    round's commitment) and its ``deal`` is the one that seed deals."""
    seed, salt, deal = reveal.get("deal_seed"), reveal.get("salt"), reveal.get("deal")
    if not all(isinstance(v, str) and SECRET.fullmatch(v) for v in (seed, salt)) or not isinstance(deal, dict):
        return False
    assert isinstance(seed, str) and isinstance(salt, str)
    if commitment(seed, salt) != commit:
        return False
    hands, boneyard = deal_from_seed(rules, seed)
    try:
        told_hands = [sorted(parse_tile(t, rules.top) for t in hand) for hand in deal.get("hands", [])]
        told_boneyard = [parse_tile(t, rules.top) for t in deal.get("boneyard", [])]
    except (TypeError, ValueError):
        return False
    return told_hands == hands and told_boneyard == boneyard
