"""The engine's and the referee's refusals in words: ``refusal_text(refusal)``.

Every code the engine (``RoundState.explain``, ``SeatView.explain``,
``RuleError``, ``IllegalMoveError``) and the referee can refuse with has its
sentence here, in the player's language. A few codes come only from a
hand-written record, a network message or a bad command line (an unknown
option, a value of the wrong type): their sentences stay English, as the
messages around them do (``DEVELOPER``). A code without words (a newer
server's) is said in its plain form (``not-in-hand (tile=6-1)``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Callable, Mapping

from game.engine.errors import EngineError, Param, Refusal
from game.i18n import _, ngettext
from game.words.rule_sets import title

if TYPE_CHECKING:
    from game.engine.record import RecordError

log = logging.getLogger(__name__)

Words = Callable[[Mapping[str, Param]], str]


def _tile_set(name: Param) -> str:
    return _("double-nine") if name == "double-nine" else _("double-six")


WORDS: dict[str, Words] = {
    # A round's actions (RoundState.explain, SeatView.explain).
    "round-over": lambda p: _("the round is over"),
    "not-your-turn": lambda p: _("it is not your turn"),
    "after-drawing": lambda p: _("after drawing {count}: {reason}").format(count=p["count"], reason=_said(p["reason"])),
    "draw-ends-turn": lambda p: _("drawing ends the turn, so {count} tiles cannot be drawn at once").format(count=p["count"]),
    "draw-at-least-one": lambda p: _("a draw takes at least 1 tile"),
    "pass-can-lay": lambda p: _("you cannot pass while you hold a tile that can be laid"),
    "pass-can-draw": lambda p: _("you cannot pass while you may draw"),
    "no-drawing": lambda p: _("this rule set has no drawing"),
    "reserve-never-drawn": lambda p: ngettext(
        "the last {count} tile of the boneyard is never drawn",
        "the last {count} tiles of the boneyard are never drawn",
        int(p["count"]),  # type: ignore[arg-type]
    ).format(count=p["count"]),
    "boneyard-empty": lambda p: _("the boneyard is empty"),
    "draw-not-now": lambda p: _("you cannot draw now"),
    "drawn-once": lambda p: _("you have drawn once this turn: lay the tile or pass"),
    "draw-can-lay": lambda p: _("you cannot draw while you hold a tile that can be laid"),
    "refuse-not-leader": lambda p: _("only the leader of a Leyden round may refuse to lead"),
    "unknown-action": lambda p: _("unknown action {kind}").format(kind=repr(p["kind"])),
    "not-a-tile": lambda p: _("{tile} is not a tile of this set").format(tile=p["tile"]),
    "not-in-hand": lambda p: _("{tile} is not in your hand").format(tile=p["tile"]),
    "say-where": lambda p: _("say where {tile} goes: the lead is already on the table").format(tile=p["tile"]),
    "no-arm": lambda p: _("there is no arm {arm}").format(arm=repr(p["arm"])),
    "arm-not-yet": lambda p: _("{tile} cannot go on {arm}: there is no such arm yet (open: {open})").format(
        tile=p["tile"], arm=p["arm"], open=p["open"]
    ),
    "arm-not-now": lambda p: _("{tile} cannot go on {arm}: only {open} may be played now").format(
        tile=p["tile"], arm=p["arm"], open=p["open"]
    ),
    "no-half": lambda p: _("{tile} has no half {half}").format(tile=p["tile"], half=p["half"]),
    "across-not-matador": lambda p: _("only a matador can be laid across, and {tile} is not one").format(tile=p["tile"]),
    "across-double": lambda p: _("a double ({tile}) is laid in line, not across").format(tile=p["tile"]),
    "across-not-in-rules": lambda p: _("this rule set does not lay matadors across"),
    "across-after-crosswise": lambda p: _(
        "{tile} cannot be laid across {arm}: the next tile on a crosswise matador goes in line"
    ).format(tile=p["tile"], arm=p["arm"]),
    "cross-joins-other": lambda p: _("{tile} cannot join {value} on {arm}: the end shows {first} and {second}").format(
        tile=p["tile"], value=p["value"], arm=p["arm"], first=p["first"], second=p["second"]
    ),
    "cross-say-half": lambda p: _("say which half of {tile} touches and which value of {arm} it joins").format(
        tile=p["tile"], arm=p["arm"]
    ),
    "cross-needs-or-matador": lambda p: _(
        "{tile} cannot join {arm}: the end shows {first} and {second} and needs {need} or {other}, or a matador"
    ).format(tile=p["tile"], arm=p["arm"], first=p["first"], second=p["second"], need=p["need"], other=p["other"]),
    "cross-needs": lambda p: _("{tile} cannot join {arm}: the end shows {first} and {second} and needs {need} or {other}").format(
        tile=p["tile"], arm=p["arm"], first=p["first"], second=p["second"], need=p["need"], other=p["other"]
    ),
    "say-half": lambda p: _("say which half of the matador {tile} touches {arm}").format(tile=p["tile"], arm=p["arm"]),
    "blank-matador-only": lambda p: _("{tile} cannot join {arm}: the end is blank and only a matador can open it").format(
        tile=p["tile"], arm=p["arm"]
    ),
    "blank-closed": lambda p: _("{tile} cannot join {arm}: the end is blank and no tile can join it").format(
        tile=p["tile"], arm=p["arm"]
    ),
    "needs-or-matador": lambda p: _("{tile} cannot join {arm}: the end shows {end} and needs {need}, or a matador").format(
        tile=p["tile"], arm=p["arm"], end=p["end"], need=p["need"]
    ),
    "needs-or-double": lambda p: _("{tile} cannot join {arm}: the end shows {end} and needs {need}, or a double").format(
        tile=p["tile"], arm=p["arm"], end=p["end"], need=p["need"]
    ),
    "needs": lambda p: _("{tile} cannot join {arm}: the end shows {end} and needs {need}").format(
        tile=p["tile"], arm=p["arm"], end=p["end"], need=p["need"]
    ),
    "lead-in-middle": lambda p: _("{tile} is the lead: it goes in the middle, not on {arm}").format(tile=p["tile"], arm=p["arm"]),
    "lead-must-be": lambda p: _("the round must open with {tile}").format(tile=p["tile"]),
    "lead-draw-for-double": lambda p: _("nobody holds a double: draw until someone draws one"),
    "lead-double-not-blank": lambda p: _("the lead must be a double other than 0-0"),
    "cannot-lead": lambda p: _("{tile} cannot lead").format(tile=p["tile"]),
    # A match's steps (Match) and the referee's checks before the engine's.
    "match-over": lambda p: _("the match is over"),
    "round-not-over": lambda p: _("the round in play is not over"),
    "round-over-final": lambda p: _("the round is over: its moves cannot be taken back"),
    "nothing-to-take-back": lambda p: _("no move of this round to take back"),
    "no-seat": lambda p: _("there is no seat {seat}").format(seat=p["seat"]),
    "not-their-turn": lambda p: _("it is not your turn (it is {name}'s)").format(name=p["name"]),
    "nobody-to-move": lambda p: _("nobody is to move"),
    "undo-not-allowed": lambda p: _("undo is only for one person playing against computers"),
    # Rules that cannot be played together (RuleError).
    "players-exactly": lambda p: _("{rule_set} is for exactly {count} players, not {players}").format(
        rule_set=title(str(p["rule_set"])), count=p["count"], players=p["players"]
    ),
    "players-range": lambda p: _("{rule_set} is for {low} to {high} players, not {players}").format(
        rule_set=title(str(p["rule_set"])), low=p["low"], high=p["high"], players=p["players"]
    ),
    "too-few-players": lambda p: _("a game needs at least 2 players"),
    "empty-hands": lambda p: _("hands must hold at least 1 tile"),
    "too-few-tiles": lambda p: _("{players} hands of {hand} need {needed} tiles but the {tile_set} set has only {tiles}").format(
        players=p["players"], hand=p["hand"], needed=p["needed"], tile_set=_tile_set(p["tile_set"]), tiles=p["tiles"]
    ),
    "crosswise-without-matadors": lambda p: _("crosswise matadors need matadors"),
    "wild-doubles-with-matadors": lambda p: _("wild doubles and matadors cannot be played together"),
    "wild-doubles-not-in-line": lambda p: _("wild doubles are played in a line layout only"),
    "cross-lead-not-double": lambda p: _("a cross layout must open with a double"),
    "cross-winner-any-tile": lambda p: _("a cross layout must open with a double, so the winner cannot lead any tile"),
    "leyden-lead-not-two": lambda p: _("the Leyden lead (refusing, drawing for a double) is for exactly 2 players"),
    "reserve-not-0-or-2": lambda p: _("the reserve is 0 or 2 tiles"),
    "target-below-1": lambda p: _("the match target must be at least 1 point"),
}

# Seen only in hand-written records, network messages and command lines, among
# English words: English too (not translated).
DEVELOPER: dict[str, str] = {
    "unknown-rule-set": "unknown rule set {base!r} (known: {known})",
    "players-not-whole": "the number of players must be a whole number, not {players}",
    "players-option-differs": "option players is {value} but the game has {players} players",
    "unknown-option": "unknown option {key!r}",
    "option-not-one-of": "option {key} must be one of {allowed}, not {value}",
    "option-not-0-or-2": "option {key} must be 0 or 2, not {value}",
    "option-not-boolean": "option {key} must be true or false, not {value}",
    "option-not-whole": "option {key} must be a whole number of at least {low}, not {value}",
}


def _said(value: Param) -> str:
    return refusal_text(value) if isinstance(value, Refusal) else str(value)


def refusal_text(refusal: Refusal) -> str:
    """``refusal`` as a sentence in the player's language (lower case, no full stop:
    the table says it as it is, or after a name)."""
    try:
        words = WORDS.get(refusal.code)
        if words is not None:
            return words(refusal.params)
        english = DEVELOPER.get(refusal.code)
        if english is not None:
            return english.format(**refusal.params)
    except (KeyError, IndexError, TypeError, ValueError) as err:  # a parameter missing or odd (a newer server's)
        log.warning("refusal %s cannot be said (%s)", refusal, err)
    return str(refusal)


def error_text(err: EngineError) -> str:
    """A ``RuleError`` or ``IllegalMoveError`` in words."""
    return refusal_text(err.refusal)


def record_error_text(err: RecordError) -> str:
    """A ``RecordError`` as one line: its English context, and the engine's
    refusal (a rule or a move of the record) in words."""
    if err.refusal is None:
        return str(err)
    return f"{err.context}{refusal_text(err.refusal)}"
