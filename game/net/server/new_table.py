"""What a ``create`` message may ask for, bounded: a rule set, its players, options
among the values the rule set offers (its preset and its choices, as New game and
Host show them), a match target of one round or 1 to ``MAX_TARGET`` points (the
highest any rule set offers: a match cannot be made endless), and each seat open
or a computer of a known level.

No pygame here.
"""

from __future__ import annotations

from typing import Any

from game.ai import levels
from game.engine import RULE_SETS, Rules, RuleError
from game.net.shared.protocol import ProtocolError
from game.net.server.store import SeatRow, TableRow
from game.words.refusals import refusal_text
MAX_OPTIONS = 16  # options in one create message (the rules have 14)


def _max_target() -> int:
    targets = [0]
    for info in RULE_SETS.values():
        for players in range(info.min_players, info.max_players + 1):
            offered = [info.preset(players).target_score, *info.choices_for(players).get("target_score", [])]
            targets += [t for t in offered if isinstance(t, int)]
    return max(targets)


MAX_TARGET = _max_target()  # points (200 today)


def allowed_options(base: str, players: int) -> dict[str, list[Any]]:
    """For each option a client may set: the values it may take at this table."""
    info = RULE_SETS[base]
    preset = info.preset(players).options()
    allowed: dict[str, list[Any]] = {key: [value] for key, value in preset.items()}
    for key, values in info.choices_for(players).items():
        allowed[key] = [*allowed.get(key, []), *values]
    return allowed


def checked_options(base: str, players: int, options: Any) -> dict[str, Any]:
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise ProtocolError("options must be an object of rule options", "bad_options")
    allowed = allowed_options(base, players)
    for key, value in options.items():
        if key == "target_score" and (value is None or (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_TARGET)):
            continue
        values = allowed.get(key)
        if values is None:
            raise ProtocolError(f"option {str(key)[:32]!r} cannot be set at a table of {base}", "bad_options", option=str(key)[:32])
        if not any(value == v and type(value) is type(v) for v in values):
            shown = ", ".join("none" if v is None else str(v) for v in dict.fromkeys(values))
            raise ProtocolError(f"option {key} must be one of {shown}", "bad_options", option=key, allowed=list(dict.fromkeys(values)))
    return dict(options)


def new_row(code: str, msg: dict[str, Any], seed: int) -> TableRow:
    """The row of a table as a ``create`` message describes it (``ProtocolError`` if it cannot be played)."""
    base, players, kinds = msg.get("rules"), msg.get("players"), msg.get("seats")
    if not isinstance(base, str) or base not in RULE_SETS:
        raise ProtocolError(f"rules must be one of {', '.join(RULE_SETS)}", "bad_rules")
    info = RULE_SETS[base]
    if isinstance(players, bool) or not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        try:
            Rules.from_base(base, players)  # type: ignore[arg-type]  # (its reason names the rule set's range)
        except RuleError as err:
            raise ProtocolError(f"rules: {refusal_text(err.refusal)}", "bad_rules", err.refusal) from None
        raise ProtocolError("players must be a number of players", "bad_rules")  # pragma: no cover - from_base refuses
    options = checked_options(base, players, msg.get("options") or {})
    try:
        Rules.from_base(base, players, options)
    except RuleError as err:
        raise ProtocolError(f"rules: {refusal_text(err.refusal)}", "bad_rules", err.refusal) from None
    if kinds is None:
        kinds = ["open"] * players
    known = levels.ids()
    if not isinstance(kinds, list) or len(kinds) != players or any(k not in ("open", *known) for k in kinds):
        raise ProtocolError(f"seats must list {players} seats, each open or a computer level ({', '.join(known)})", "bad_seats")
    host = msg.get("seat", 0)
    if not isinstance(host, int) or isinstance(host, bool) or not 0 <= host < players or kinds[host] != "open":
        raise ProtocolError("seat must be the number of an open seat, for the host", "bad_seats")
    seats = [SeatRow(None, "open") if k == "open" else SeatRow(level_name(k), "computer", k) for k in kinds]
    listed = msg.get("listed", False)
    if not isinstance(listed, bool):
        raise ProtocolError("listed must be true or false", "bad_message")
    return TableRow(code, base, players, options, seed, host, "lobby", seats, listed=listed)


def level_name(level_id: str) -> str:
    """A computer seat's name at a server table: its level's name, in English
    (each player's screen names computer seats in its own language)."""
    level = levels.get(level_id)
    return level.name if level is not None else level_id.capitalize()


def computers(row: TableRow) -> int:
    return sum(1 for s in row.seats if s.kind == "computer")
