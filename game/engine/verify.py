"""Checking a record's deals against the commitments made before play.

``verify(data)`` takes a record as read from JSON (``matador-record/1``) and,
for every round, recomputes the deal from the deal seed the record reveals
(``game.engine.seal``), checks that the seed and salt give the commitment made
when the round was dealt, that the deal written in the record is that deal
(every hand, and the boneyard in its drawing order), and replays the round's
actions on it, so that every tile drawn is the committed boneyard's next
tile and every lay a tile its seat held. Where the record gives the match's
seed (revealed at the match's end), every round's secrets must follow from it.

It returns codes and facts, never words (the command line and the review
write those): one ``RoundCheck`` per round, and ``RecordError`` for a record
that cannot be read at all. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.errors import IllegalMoveError, Refusal
from game.engine.match import Match
from game.engine.record import RecordError, _action, _where, read_header, read_seal
from game.engine.rules import Rules
from game.engine.seal import Seal, commitment, deal_from_seed
from game.engine.state import RoundState
from game.engine.tiles import Tile, parse_tile, tile_name

# A round's verdict.
OK = "ok"  # the deal is the one committed to, and every action fits it
IN_PROGRESS = "in-progress"  # committed to, not revealed yet: the round is still being played
NO_COMMITMENT = "no-commitment"  # dealt without one (an older record, a lesson): nothing to check
NOT_REVEALED = "not-revealed"  # over, but its seed and salt are not in the record
NOT_CHECKED = "not-checked"  # an earlier round failed: this one was not replayed
# ... and the failures:
SEED_MISMATCH = "seed-mismatch"  # the revealed seed and salt do not give the commitment
NOT_FROM_MATCH_SEED = "not-from-match-seed"  # the round's secrets do not follow from the match's seed
WRONG_HAND = "wrong-hand"  # a hand written in the record is not the one the seed deals
WRONG_BONEYARD = "wrong-boneyard"  # the boneyard written in the record is not the seed's, in order
ILLEGAL = "illegal"  # an action cannot be played on the committed deal (a changed lay or draw)
FAILURES = (SEED_MISMATCH, NOT_FROM_MATCH_SEED, WRONG_HAND, WRONG_BONEYARD, ILLEGAL)
# Why a round of the record cannot be right, beyond the engine's own refusals.
MATCH_WAS_OVER = "verify-match-was-over"  # a round after the match's end
CUT_SHORT = "verify-cut-short"  # a round that stops before its end, with another after it


@dataclass(frozen=True)
class RoundCheck:
    """One round's verdict (``status``) and the facts that go with it: the
    commitment, how many tiles were drawn (each checked to be the committed
    boneyard's next), and for a failure where it is: ``seat`` (a hand),
    ``place`` (a boneyard position, from 0), ``action`` (its index in the
    round), ``expected`` and ``found`` (tile names), ``refusal`` (why an action
    could not be played: the engine's code, or ``MATCH_WAS_OVER`` and
    ``CUT_SHORT``, this module's)."""

    round: int
    status: str
    commitment: str | None = None
    actions: int = 0
    drawn: int = 0
    seat: int | None = None
    place: int | None = None
    action: int | None = None
    expected: str | None = None
    found: str | None = None
    refusal: Refusal | None = None

    @property
    def failed(self) -> bool:
        return self.status in FAILURES


@dataclass(frozen=True)
class Verification:
    """Every round's check, in order; ``seeded``: the record gives the match's
    seed and every revealed round's secrets were checked to follow from it."""

    rounds: tuple[RoundCheck, ...]
    seeded: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def failed(self) -> bool:
        return any(r.failed for r in self.rounds)

    @property
    def complete(self) -> bool:
        """Every round was checked and holds (and there is at least one)."""
        return bool(self.rounds) and all(r.status == OK for r in self.rounds)

    @property
    def exit_status(self) -> int:
        """0: every round holds; 1: tampering found; 3: nothing wrong found, but
        not every round could be checked (no commitment, not revealed yet)."""
        if self.failed:
            return 1
        return 0 if self.complete else 3


def verify(data: Any) -> Verification:
    """Check every round of the record ``data`` (see the module);
    ``RecordError`` for a record that cannot be read at all."""
    match, seed, rounds = read_header(data)
    checks: list[RoundCheck] = []
    failed = False
    for r, round_obj in enumerate(rounds):
        if failed:
            checks.append(RoundCheck(r, NOT_CHECKED))
            continue
        if match.over:
            check = RoundCheck(r, ILLEGAL, refusal=Refusal(MATCH_WAS_OVER))
        else:
            check = _check_round(match, r, round_obj, seed)
            if not check.failed and r < len(rounds) - 1 and not match.rounds[-1].over:
                check = RoundCheck(r, ILLEGAL, check.commitment, check.actions, check.drawn, refusal=Refusal(CUT_SHORT))
        checks.append(check)
        failed = check.failed
    seeded = seed is not None and not failed and any(c.status == OK for c in checks)
    return Verification(tuple(checks), seeded)


def _check_round(match: Match, r: int, round_obj: Any, seed: int | None) -> RoundCheck:
    where = _where(r, None)
    if not isinstance(round_obj, dict):
        raise RecordError(f"{where}a round must be an object")
    seal = read_seal(round_obj, where)
    actions = round_obj.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"{where}actions must be a list")
    deal_obj = round_obj.get("deal")
    if seal is None or seal.seed is None or seal.salt is None:
        return _unrevealed(match, r, round_obj, seal, actions, seed)
    commit = seal.commitment
    if commitment(seal.seed, seal.salt) != commit:
        return RoundCheck(r, SEED_MISMATCH, commit)
    if seed is not None and Seal.of(seed, r) != seal:
        return RoundCheck(r, NOT_FROM_MATCH_SEED, commit)
    hands, boneyard = deal_from_seed(match.rules, seal.seed)
    if deal_obj is not None:
        wrong = _compare_deal(match.rules, r, commit, deal_obj, hands, boneyard)
        if wrong is not None:
            return wrong
    match.next_round(hands, boneyard, seal)
    return _replay(match, r, commit, actions)


def _unrevealed(
    match: Match, r: int, round_obj: dict[str, Any], seal: Seal | None, actions: list[Any], seed: int | None
) -> RoundCheck:
    """A round with nothing to check it against: replayed from the record's own
    deal (for the rounds after it), and said so."""
    from game.engine.record import _replay_round

    _replay_round(match, r, round_obj, seed)
    state = match.rounds[-1]
    if seal is None:
        status = NO_COMMITMENT
    else:
        status = NOT_REVEALED if state.over else IN_PROGRESS
    return RoundCheck(r, status, None if seal is None else seal.commitment, len(actions), _drawn(state))


def _compare_deal(
    rules: Rules, r: int, commit: str, deal_obj: Any, hands: list[list[Tile]], boneyard: list[Tile]
) -> RoundCheck | None:
    """The first place where the record's deal is not the seed's; None if it is the seed's."""
    where = _where(r, None)
    if not isinstance(deal_obj, dict):
        raise RecordError(f"{where}deal must be an object with hands and boneyard")
    hands_obj, bone_obj = deal_obj.get("hands"), deal_obj.get("boneyard", [])
    if not isinstance(hands_obj, list) or not all(isinstance(h, list) for h in hands_obj) or not isinstance(bone_obj, list):
        raise RecordError(f"{where}deal.hands must be a list of lists of tiles, deal.boneyard a list of tiles")

    def read(text: Any) -> Tile:
        try:
            return parse_tile(text, rules.top)
        except ValueError as err:
            raise RecordError(f"{where}{err}") from None

    for seat, dealt in enumerate(hands):
        written = [read(t) for t in hands_obj[seat]] if seat < len(hands_obj) else []
        extra = sorted(set(written) - set(dealt))
        missing = sorted(set(dealt) - set(written))
        if extra or missing or len(written) != len(dealt):
            return RoundCheck(
                r,
                WRONG_HAND,
                commit,
                seat=seat,
                expected=tile_name(missing[0]) if missing else None,
                found=tile_name(extra[0]) if extra else None,
            )
    if len(hands_obj) > len(hands):
        return RoundCheck(r, WRONG_HAND, commit, seat=len(hands))
    written_bone = [read(t) for t in bone_obj]
    for place in range(max(len(written_bone), len(boneyard))):
        expected = boneyard[place] if place < len(boneyard) else None
        found = written_bone[place] if place < len(written_bone) else None
        if expected != found:
            return RoundCheck(
                r,
                WRONG_BONEYARD,
                commit,
                place=place,
                expected=None if expected is None else tile_name(expected),
                found=None if found is None else tile_name(found),
            )
    return None


def _replay(match: Match, r: int, commit: str, actions: list[Any]) -> RoundCheck:
    state = match.rounds[-1]
    for a, obj in enumerate(actions):
        where = _where(r, a)
        seat, action = _action(obj, match.rules, where)
        if state.over:
            return RoundCheck(r, ILLEGAL, commit, a, _drawn(state), seat=seat, action=a, refusal=Refusal("round-over"))
        if seat != state.current_player:
            return RoundCheck(r, ILLEGAL, commit, a, _drawn(state), seat=seat, action=a, refusal=Refusal("not-your-turn"))
        try:
            match.push(action)
        except IllegalMoveError as err:
            found = tile_name(action.tile) if action.tile is not None else None
            return RoundCheck(r, ILLEGAL, commit, a, _drawn(state), seat=seat, action=a, found=found, refusal=err.refusal)
    return RoundCheck(r, OK, commit, len(actions), _drawn(state))


def _drawn(state: RoundState) -> int:
    return len(state.boneyard) - state.boneyard_count


__all__ = [
    "CUT_SHORT",
    "FAILURES",
    "MATCH_WAS_OVER",
    "ILLEGAL",
    "IN_PROGRESS",
    "NOT_CHECKED",
    "NOT_FROM_MATCH_SEED",
    "NOT_REVEALED",
    "NO_COMMITMENT",
    "OK",
    "RoundCheck",
    "SEED_MISMATCH",
    "Verification",
    "WRONG_BONEYARD",
    "WRONG_HAND",
    "verify",
]
