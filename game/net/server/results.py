"""What a table has told and may tell again, made once and kept: each round's deal
and commitment (the engine's, ``game.engine.seal``), each round's end
(``round_over``, with the deal's seed and salt revealed), and the match's record
at its end. Asking again (a seat coming back, ``sync``) costs a lookup, whatever the
match's length: nothing is rebuilt from the whole match.

No pygame here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.engine import Match
from game.engine.match import opening_after
from game.engine.record import match_to_record
from game.net.shared.protocol import action_json, encode, round_commitment, round_deal, round_reveal, view_json

ROUNDS_CHUNK = 48 * 1024  # bytes of past rounds in one ``rounds`` message (a client reads 256 KB at most)


class Results:
    """The kept results of one match (made anew when the match is rebuilt)."""

    def __init__(self, match: Match):
        self.match = match
        self._deals: dict[int, dict[str, Any]] = {}
        self._commitments: dict[int, str] = {}
        self._ends: dict[int, dict[str, Any]] = {}
        self._sizes: dict[int, int] = {}
        self._totals: list[list[int]] = []  # after each round that ended, in order
        self._record: dict[str, Any] | None = None

    def deal(self, r: int) -> dict[str, Any]:
        found = self._deals.get(r)
        if found is None:
            found = self._deals[r] = round_deal(self.match, r)
        return found

    def commitment(self, r: int) -> str:
        found = self._commitments.get(r)
        if found is None:
            found = self._commitments[r] = round_commitment(self.match, r)
        return found

    def totals_after(self, r: int) -> list[int]:
        """Every seat's total after round ``r`` (each round's scores added once)."""
        match = self.match
        while len(self._totals) <= r:
            done = len(self._totals)
            outcome = match.rounds[done].outcome
            before = self._totals[-1] if self._totals else [0] * match.rules.players
            scores = outcome.scores if outcome is not None else [0] * match.rules.players
            self._totals.append([t + s for t, s in zip(before, scores)])
        return self._totals[r]

    def end(self, r: int) -> dict[str, Any]:
        """Round ``r``'s ``round_over`` (the round is over): its result, the deal
        revealed, its actions, and how it opened and the totals before it, so that a
        seat that came in after the match began can play the round again alone."""
        found = self._ends.get(r)
        if found is not None:
            return found
        match = self.match
        state = match.rounds[r]
        outcome = state.outcome
        assert outcome is not None
        played = [s for s in match.rounds[:r] if s.outcome is not None and s.outcome.end != "redeal"]
        opening = opening_after(match.rules, played[-1] if played else None)
        found = self._ends[r] = {
            "type": "round_over",
            "round": r,
            "end": outcome.end,
            "winner": outcome.winner,
            "pips": list(outcome.pips),
            "scores": list(outcome.scores),
            "totals": list(self.totals_after(r)),
            "before": list(self.totals_after(r - 1)) if r > 0 else [0] * match.rules.players,
            "opening": {"rule": opening.rule, "seat": opening.seat},
            "commitment": self.commitment(r),
            "deal": self.deal(r),
            **round_reveal(match, r),  # the deal's seed and salt: only now, the round over
            "actions": [action_json(s, a) for s, a in state.history],
        }
        return found

    def past(self) -> list[dict[str, Any]]:
        """``rounds`` messages for a seat that sits down again: every round played out
        before the one being played (and that one, if it is over and the next not yet
        dealt), a few rounds a message so that no message is too big to be read."""
        match = self.match
        if match.over or not match.rounds:
            return []
        last = match.round_index if match.round.over else match.round_index - 1
        messages: list[dict[str, Any]] = []
        chunk: list[dict[str, Any]] = []
        size = 0
        for r in range(last + 1):
            end = self.end(r)
            bytes_ = self._sizes.get(r)
            if bytes_ is None:
                bytes_ = self._sizes[r] = len(json.dumps(end, separators=(",", ":")))
            if chunk and size + bytes_ > ROUNDS_CHUNK:
                messages.append({"type": "rounds", "rounds": chunk})
                chunk, size = [], 0
            chunk.append(end)
            size += bytes_
        if chunk:
            messages.append({"type": "rounds", "rounds": chunk})
        return messages

    def record(self) -> dict[str, Any]:
        """The whole match's record (made once, at its end)."""
        if self._record is None or not self.match.over:
            self._record = match_to_record(self.match)
        return self._record


@dataclass
class Ending:
    """What a finished table still tells a seat that comes back: its last view and
    the match's end with its record, each written once (a few kilobytes, where the
    match itself held hundreds)."""

    views: dict[int, str]  # seat -> its last ``round`` message, as sent
    over: str  # the ``match_over`` message, as sent

    @staticmethod
    def of(match: Match, results: Results, seats: list[int], over: dict[str, Any]) -> Ending:
        r = match.round_index
        views = {seat: encode({"type": "round", "commitment": results.commitment(r), "view": view_json(match.view(seat), r)}) for seat in seats}
        return Ending(views, encode(over))

    def told(self, seat: int) -> list[dict[str, Any]]:
        """What ``seat`` is told on coming back (read anew from what was written)."""
        view = self.views.get(seat)
        return [json.loads(text) for text in ((view, self.over) if view is not None else (self.over,))]
