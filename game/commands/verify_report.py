"""``python -m game verify RECORD.json [--json]``: are the deals the ones committed to?

One line per round (docs/record.md, "Deals anyone can check"), in English like
the other commands' reports, rounds, actions and boneyard places counted from 1
as a person counts them (``--json`` keeps the record's indexes, from 0). Exit status: 0 every round holds, 1 tampering
found, 2 the record cannot be read, 3 nothing wrong found but some round could
not be checked (dealt without a commitment, or not revealed yet).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from game.engine import RecordError
from game.engine.seal import fingerprint
from game.engine.verify import (
    ILLEGAL,
    IN_PROGRESS,
    NO_COMMITMENT,
    NOT_CHECKED,
    NOT_FROM_MATCH_SEED,
    NOT_REVEALED,
    OK,
    SEED_MISMATCH,
    WRONG_BONEYARD,
    WRONG_HAND,
    RoundCheck,
    Verification,
    verify,
)
from game.profile.saves import read_record_data
from game.words.deals import why_words


def _tiles(count: int) -> str:
    return f"{count} tile{'s' if count != 1 else ''}"


# The verdicts said in one fixed line (``{mark}``: the deal, by its fingerprint where committed to).
ONE_LINE = {
    IN_PROGRESS: "not checked yet: {mark} is committed to, and revealed when the round is over",
    NO_COMMITMENT: "not checked: dealt without a commitment (an older record, or a deal set by hand)",
    NOT_REVEALED: "not checked: {mark} is committed to, but the record does not reveal its seed and salt",
    NOT_CHECKED: "not checked: an earlier round failed",
    SEED_MISMATCH: "TAMPERED: the revealed seed and salt do not give the commitment made before play",
    NOT_FROM_MATCH_SEED: "TAMPERED: the round's seed and salt do not follow from the match's seed",
}


def why(check: RoundCheck) -> str:
    """Why an action of the round cannot be right, in words (the verifier's own
    sentences in English)."""
    return why_words(check, str)


def round_line(check: RoundCheck) -> str:
    """What one round's check found, in one line."""
    head = f"round {check.round + 1}: "
    mark = f"deal {fingerprint(check.commitment)}" if check.commitment else "deal"
    status = check.status
    if status == OK:
        return (
            f"{head}ok: {mark} is the one committed to before the first action; "
            f"{check.actions} actions, {_tiles(check.drawn)} drawn, each the committed boneyard's next"
        )
    line = ONE_LINE.get(status)
    if line is not None:
        return head + line.format(mark=mark)
    if status == WRONG_HAND:
        said = []
        if check.found:
            said.append(f"holds {check.found}, which the committed deal did not give it")
        if check.expected:
            said.append(f"lacks {check.expected}, which the committed deal gave it")
        detail = " and ".join(said) or "does not hold the tiles the committed deal gave it"
        return f"{head}TAMPERED: hand {check.seat} {detail}"
    if status == WRONG_BONEYARD:
        return (
            f"{head}TAMPERED: boneyard tile {(check.place or 0) + 1} (counted from 1, in drawing order) is "
            f"{check.found or 'missing'}, but the committed deal has {check.expected or 'no tile there'}"
        )
    if status == ILLEGAL and check.action is None:
        return f"{head}TAMPERED: {why(check)}"
    if status == ILLEGAL:
        return (
            f"{head}TAMPERED: action {(check.action or 0) + 1} (player {check.seat}) cannot be played on the committed deal: "
            f"{why(check)}"
        )
    return f"{head}{status}"


def summary_line(result: Verification) -> str:
    if not result.rounds:
        return "the record has no rounds: nothing to check"
    if result.failed:
        bad = [c.round for c in result.rounds if c.failed]
        return f"the record was changed after play: round {bad[0] + 1} is not what was committed to"
    checked = sum(1 for c in result.rounds if c.status == OK)
    line = f"{checked} of {len(result.rounds)} rounds checked: each deal is the one committed to before its first action"
    if result.seeded:
        line += "; every round's seed follows from the match's seed"
    return line


def to_json(result: Verification) -> dict[str, Any]:
    return {
        "rounds": [_check_json(c) for c in result.rounds],
        "seeded": result.seeded,
        "failed": result.failed,
        "complete": result.complete,
    }


def _check_json(check: RoundCheck) -> dict[str, Any]:
    out = {k: v for k, v in asdict(check).items() if v is not None and k != "refusal"}
    if check.refusal is not None:
        out["refusal"] = {"code": check.refusal.code, "params": {k: str(v) for k, v in check.refusal.params.items()}}
        out["reason"] = why(check)
    return out


def main(args: argparse.Namespace) -> int:
    try:
        result = verify(read_record_data(args.record))
    except RecordError as err:
        print(f"verify: {' '.join(str(err).split())}", file=sys.stderr)
        return 2
    except RecursionError:
        print("verify: not a game record: it nests too deeply", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_json(result)))
    else:
        for check in result.rounds:
            print(round_line(check))
        print(summary_line(result))
    return result.exit_status
