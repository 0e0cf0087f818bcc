"""A round's end as the server tells it (``round_over``), with the deal revealed,
and the match as far as a seat knows it, as a record (RECORD.md).

No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import Action, Rules, action_from_json
from game.ai import levels
from game.engine.record import FORMAT
from game.engine.seal import COMMITMENT, SECRET
from game.net.shared.lobby import Lobby

MAX_ROUNDS = 10_000  # rounds kept of one match (a hostile server could send more)


@dataclass(frozen=True)
class RoundEnd:
    """A round's end as the server tells it, with the deal revealed. ``opening``
    (the lead rule and the seat it names) and ``before`` (the totals before the
    round) let a seat that came in after the match began play the round again on
    its own (a server of protocol 2 sends them; None and () otherwise)."""

    round: int
    end: str  # domino, blocked, redeal
    winner: int | None
    pips: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]  # every hand as dealt
    boneyard: tuple[str, ...]
    actions: tuple[tuple[int, Action], ...] = ()  # the round's actions, in order (to play it again here)
    opening: tuple[str, int | None] | None = None
    before: tuple[int, ...] = ()


def end_of(message: dict[str, Any], rules: Rules) -> RoundEnd:
    """A round's end as a ``round_over`` message says it (raises on one that is not
    shaped like it)."""
    deal = message.get("deal") or {}
    actions = tuple(action_from_json(entry, rules) for entry in message.get("actions", ()))
    opening = message.get("opening")
    told: tuple[str, int | None] | None = None
    if isinstance(opening, dict) and isinstance(opening.get("rule"), str):
        seat = opening.get("seat")
        told = (opening["rule"], seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < rules.players else None)
    before = message.get("before")
    return RoundEnd(
        int(message["round"]),
        str(message["end"]),
        message.get("winner"),
        tuple(message.get("pips", ())),
        tuple(message.get("scores", ())),
        tuple(message.get("totals", ())),
        tuple(tuple(hand) for hand in deal.get("hands", ())),
        tuple(deal.get("boneyard", ())),
        actions,
        told,
        tuple(int(t) for t in before) if isinstance(before, list) and len(before) == rules.players else (),
    )


def revealed_round(message: dict[str, Any], told: dict[int, str] | None = None) -> tuple[int, dict[str, Any]] | None:
    """A round's revealed deal and actions (for ``known_record``); None for what is
    not shaped like them (the record's own check comes later). With the round's
    commitment (as ``told`` when it was dealt, else as its end repeats it, for a
    seat that came back after it was dealt) and its revealed seed and salt, the
    record's round carries them too, so that ``python -m game verify`` can check
    its deal (docs/record.md)."""
    r, deal, actions = message.get("round"), message.get("deal"), message.get("actions")
    if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < MAX_ROUNDS:
        return None
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) or not isinstance(deal.get("boneyard"), list):
        return None
    if not isinstance(actions, list):
        return None
    entry: dict[str, Any] = {"deal": {"hands": deal["hands"], "boneyard": deal["boneyard"]}, "actions": actions}
    commit = (told or {}).get(r) or message.get("commitment")
    seed, salt = message.get("deal_seed"), message.get("salt")
    if isinstance(commit, str) and COMMITMENT.fullmatch(commit) and all(isinstance(v, str) and SECRET.fullmatch(v) for v in (seed, salt)):
        entry = {"commitment": commit, **entry, "deal_seed": seed, "salt": salt}
    return r, entry


def known_record(lobby: Lobby | None, over: dict[str, Any] | None, finished: dict[int, dict[str, Any]]) -> dict[str, Any] | None:
    """The match as far as a seat knows it, as a record (RECORD.md): the server's
    whole record once the match is over; before that, every round played out from
    the first (its deal as revealed at its end, its actions) and nothing of the
    round being played (its deal is secret until its end: a record holds whole
    deals only), without the seed (not revealed yet). None if no round has been
    played out, or one is missing (this seat came back and was not told it). Not
    checked here: ``load_record`` does that."""
    if over is not None:
        record = over.get("record")
        return record if isinstance(record, dict) else None
    if lobby is None or not finished:
        return None
    rounds = []
    for r in range(len(finished)):
        entry = finished.get(r)
        if entry is None:
            return None
        rounds.append(entry)
    players: list[dict[str, Any]] = []
    for s in lobby.seats:
        player: dict[str, Any] = {"name": s.name or f"Seat {s.seat + 1}", "kind": "computer" if s.kind == "computer" else "human"}
        if s.kind == "computer" and levels.get(s.level) is not None:
            player["level"] = s.level
        players.append(player)
    rules = lobby.rules
    return {"format": FORMAT, "rules": {"base": rules.base, "options": rules.overrides()}, "players": players, "rounds": rounds}
