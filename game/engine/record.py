"""The game record (shared/RECORD.md): read, check and write ``matador-record/1``.

Reading replays every action through the engine, so a record that loads is a
legal game. Nothing in a record is ever executed or unpickled: it is JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

from game.engine.actions import ARMS, Action
from game.engine.errors import IllegalMoveError, Refusal, RuleError
from game.engine.match import COMPUTER, HUMAN, Match, PlayerInfo
from game.engine.rules import RULE_SETS, Rules
from game.engine.seal import COMMITMENT, SECRET, Seal
from game.engine.state import RoundState
from game.engine.tiles import HALVES, LOW, Tile, parse_tile, tile_name

FORMAT = "matador-record/1"
ACTION_KINDS = ("lay", "draw", "pass", "refuse")


# A computer level's id, as records write them (which levels there are is not the
# engine's to know: a seat of a level this version lacks is the seats' to resolve).
LEVEL_ID = re.compile(r"[a-z][a-z0-9-]{0,31}")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message is one line. When the
    engine refused a rule or a move in it, ``refusal`` is that refusal and
    ``context`` the message before it (``round 1, action 4: ``), so that the UI
    can say it in words (``game.words.refusals.record_error_text``)."""

    def __init__(self, message: str, refusal: Refusal | None = None):
        super().__init__(message if refusal is None else f"{message}{refusal}")
        self.context = message
        self.refusal = refusal

    def __reduce__(self) -> tuple[type[RecordError], tuple[str, Refusal | None]]:
        return (type(self), (self.context, self.refusal))


def _where(round_index: int | None, action_index: int | None) -> str:
    if round_index is None:
        return ""
    if action_index is None:
        return f"round {round_index}: "
    return f"round {round_index}, action {action_index}: "


# Writing -------------------------------------------------------------------
def action_to_json(seat: int, action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"player": seat}
    if action.kind == "draw":
        out["draw"] = action.count
    elif action.kind == "pass":
        out["pass"] = True
    elif action.kind == "refuse":
        out["refuse"] = True
    else:
        tile = action.tile
        assert tile is not None
        if action.arm is None:
            a, b = HALVES[tile]
            out["lay"] = f"{b}-{a}" if action.touch == b and a != b else tile_name(tile)
            return out
        out["lay"] = tile_name(tile)
        out["on"] = action.arm
        if action.across:
            out["across"] = True
        else:
            out["touch"] = action.touch
            if action.joins is not None:
                out["joins"] = action.joins
    return out


def match_to_record(match: Match) -> dict[str, Any]:
    """The whole match as a record (deals written out, so it stands alone)."""
    players = []
    for p in match.players:
        entry: dict[str, Any] = {"name": p.name, "kind": p.kind}
        if p.kind == COMPUTER and p.level:
            entry["level"] = p.level
        players.append(entry)
    rounds = []
    for r, state in enumerate(match.rounds):
        round_entry: dict[str, Any] = {}
        seal = match.seal(r)
        if seal is not None:  # made before the round's first action
            round_entry["commitment"] = seal.commitment
        round_entry["deal"] = deal_to_json(state)
        round_entry["actions"] = [action_to_json(seat, a) for seat, a in state.history]
        if seal is not None and state.over and seal.seed is not None and seal.salt is not None:
            round_entry["deal_seed"], round_entry["salt"] = seal.seed, seal.salt  # revealed once the round is over
        rounds.append(round_entry)
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": {"base": match.rules.base, "options": match.rules.overrides()},
        "players": players,
        "seed": match.seed,
        "rounds": rounds,
    }
    if match.assisted:
        record["assisted"] = True
    return record


def deal_to_json(state: RoundState) -> dict[str, Any]:
    """A round's deal as a record writes it: the hands as dealt, and the boneyard."""
    return {"hands": [[tile_name(t) for t in hand] for hand in dealt_hands(state)], "boneyard": [tile_name(t) for t in state.boneyard]}


def dealt_hands(state: RoundState) -> list[list[Tile]]:
    """The hands as dealt: from the undo stack, else rebuilt from the current hands,
    the table and the draws."""
    try:
        return [_tiles(h) for h in state.before(0).hands]
    except ValueError:  # no undo stack (a copy): undo the round's effects on the hands by hand
        pass
    hands = [set(_tiles(h)) for h in state.hands]
    for p in state.placements:
        hands[p.seat].add(p.tile)
    drawn_index = 0
    for seat, action in state.history:
        if action.kind == "draw":
            for _ in range(action.count):
                hands[seat].discard(state.boneyard[drawn_index])
                drawn_index += 1
    return [sorted(h) for h in hands]


def _tiles(mask: int) -> list[Tile]:
    return [t for t in range(mask.bit_length()) if mask >> t & 1]


def dump_record(match: Match) -> str:
    return json.dumps(match_to_record(match), indent=1)


# Reading -------------------------------------------------------------------
def load_record_text(text: str) -> Match:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"not a game record: not valid JSON ({err.msg} at line {err.lineno})") from None
    except RecursionError:
        raise RecordError("not a game record: the JSON nests too deeply") from None
    return load_record(data)


def load_record(data: Any) -> Match:
    """Replay a record into a ``Match``; ``RecordError`` with a one-line reason."""
    match, seed, rounds = read_header(data)
    for r, round_obj in enumerate(rounds):
        _replay_round(match, r, round_obj, seed)
    return match


def read_header(data: Any) -> tuple[Match, int | None, list[Any]]:
    """A record's rules, players, seed and ``assisted`` as a ``Match`` with no
    round dealt yet, the seed as written (None if left out) and the rounds as
    read (not checked yet); ``RecordError`` with a one-line reason."""
    if not isinstance(data, dict):
        raise RecordError("not a game record: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record: format must be {FORMAT!r}, not {data.get('format')!r}")
    rules_obj = data.get("rules")
    if not isinstance(rules_obj, dict) or not isinstance(rules_obj.get("base"), str):
        raise RecordError("rules must be an object with a rule set id as base")
    base = rules_obj["base"]
    if base not in RULE_SETS:
        raise RecordError(f"unknown rule set {base!r} (known: {', '.join(RULE_SETS)})")
    options = rules_obj.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RecordError("rules.options must be an object")
    players = _players(data.get("players"))
    try:
        rules = Rules.from_base(base, len(players), options)
    except RuleError as err:
        raise RecordError("rules: ", err.refusal) from None
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError("seed must be a whole number")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list")
    assisted = data.get("assisted", False)
    if not isinstance(assisted, bool):
        raise RecordError("assisted must be true or false")
    match = Match(rules, players, seed if seed is not None else 0)
    match.assisted = assisted
    return match, seed, rounds


def _players(value: Any) -> list[PlayerInfo]:
    if not isinstance(value, list) or not value:
        raise RecordError("players must be a non-empty list")
    players = []
    for i, p in enumerate(value):
        if not isinstance(p, dict):
            raise RecordError(f"player {i} must be an object")
        name = p.get("name", f"@player:{i + 1}")  # (the seat's default name, as a code: docs/record.md)
        kind = p.get("kind", HUMAN)
        level = p.get("level")
        if not isinstance(name, str):
            raise RecordError(f"player {i}: name must be a string")
        if kind not in (HUMAN, COMPUTER):
            raise RecordError(f"player {i}: kind must be human or computer, not {kind!r}")
        if level is not None and not (isinstance(level, str) and LEVEL_ID.fullmatch(level)):
            raise RecordError(f"player {i}: level must be a level's id (like medium), not {str(level)[:40]!r}")
        players.append(PlayerInfo(name, kind, level))
    return players


def _replay_round(match: Match, r: int, round_obj: Any, seed: int | None) -> None:
    where = _where(r, None)
    if match.over:
        raise RecordError(f"{where}the match is already over")
    if match.rounds and not match.rounds[-1].over:
        raise RecordError(f"{where}round {r - 1} is not finished")
    if not isinstance(round_obj, dict):
        raise RecordError(f"{where}a round must be an object")
    deal_obj = round_obj.get("deal")
    seal = read_seal(round_obj, where)
    if deal_obj is None:
        if seed is None:
            raise RecordError(f"{where}no deal and no seed to deal from")
        state = match.next_round()
    else:
        hands, boneyard = _deal(match.rules, deal_obj, where)
        if seal is not None and seal.seed is None and seed is not None:
            # A round in progress (a save): its secrets come from the match's
            # seed, if that is what it was committed with, to be revealed at its end.
            made = Seal.of(seed, r)
            if made.commitment == seal.commitment:
                seal = made
        state = match.next_round(hands, boneyard, seal)
    actions = round_obj.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"{where}actions must be a list")
    for a, obj in enumerate(actions):
        where_a = _where(r, a)
        seat, action = _action(obj, match.rules, where_a)
        if state.over:
            raise RecordError(f"{where_a}the round is already over")
        if seat != state.current_player:
            raise RecordError(f"{where_a}it is player {state.current_player}'s turn, not player {seat}'s")
        try:
            match.push(action)
        except IllegalMoveError as err:
            raise RecordError(where_a, err.refusal) from None


def read_seal(round_obj: dict[str, Any], where: str = "") -> Seal | None:
    """A round's ``commitment``, with its ``deal_seed`` and ``salt`` if revealed
    (docs/record.md); checked for shape only (``game.engine.verify`` checks that
    they hold). None for a round without a commitment."""
    commit = round_obj.get("commitment")
    secrets = [round_obj.get(key) for key in ("deal_seed", "salt")]
    if commit is None:
        if any(value is not None for value in secrets):
            raise RecordError(f"{where}deal_seed and salt come only with a commitment")
        return None
    if not isinstance(commit, str) or not COMMITMENT.fullmatch(commit):
        raise RecordError(f"{where}commitment must be 64 lowercase hex digits (a SHA-256)")
    for key, value in zip(("deal_seed", "salt"), secrets):
        if value is not None and (not isinstance(value, str) or not SECRET.fullmatch(value)):
            raise RecordError(f"{where}{key} must be 32 lowercase hex digits")
    if (secrets[0] is None) != (secrets[1] is None):
        raise RecordError(f"{where}deal_seed and salt are revealed together")
    return Seal(commit, secrets[0], secrets[1])


def _deal(rules: Rules, deal_obj: Any, where: str) -> tuple[list[list[Tile]], list[Tile]]:
    if not isinstance(deal_obj, dict):
        raise RecordError(f"{where}deal must be an object with hands and boneyard")
    hands_obj = deal_obj.get("hands")
    bone_obj = deal_obj.get("boneyard", [])
    if not isinstance(hands_obj, list) or not all(isinstance(h, list) for h in hands_obj):
        raise RecordError(f"{where}deal.hands must be a list of lists of tiles")
    if not isinstance(bone_obj, list):
        raise RecordError(f"{where}deal.boneyard must be a list of tiles")
    if len(hands_obj) != rules.players:
        raise RecordError(f"{where}the deal has {len(hands_obj)} hands for {rules.players} players")
    seen: set[Tile] = set()

    def read(text: Any) -> Tile:
        try:
            tile = parse_tile(text, rules.top)
        except ValueError as err:
            raise RecordError(f"{where}{err}") from None
        if tile in seen:
            raise RecordError(f"{where}{tile_name(tile)} is dealt twice")
        seen.add(tile)
        return tile

    hands = []
    for i, hand in enumerate(hands_obj):
        if len(hand) != rules.hand_size:
            raise RecordError(f"{where}hand {i} has {len(hand)} tiles, but hands hold {rules.hand_size}")
        hands.append([read(t) for t in hand])
    boneyard = [read(t) for t in bone_obj]
    missing = [t for t in rules.all_tiles if t not in seen]
    if missing:
        names = ", ".join(tile_name(t) for t in missing[:5])
        raise RecordError(f"{where}the deal leaves out {names}" + (" and more" if len(missing) > 5 else ""))
    return hands, boneyard


def action_from_json(obj: Any, rules: Rules) -> tuple[int, Action]:
    """(seat, action) of one record action; ``RecordError`` with the reason."""
    return _action(obj, rules, "")


def _action(obj: Any, rules: Rules, where: str) -> tuple[int, Action]:
    if not isinstance(obj, dict):
        raise RecordError(f"{where}an action must be an object")
    seat = obj.get("player")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise RecordError(f"{where}player must be a seat number from 0 to {rules.players - 1}")
    kinds = [k for k in ACTION_KINDS if k in obj]
    if len(kinds) != 1:
        raise RecordError(f"{where}an action must have exactly one of lay, draw, pass, refuse")
    kind = kinds[0]
    if kind == "draw":
        count = obj["draw"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RecordError(f"{where}draw must be a number of tiles of at least 1")
        return seat, Action.draw(count)
    if kind in ("pass", "refuse"):
        if obj[kind] is not True:
            raise RecordError(f"{where}{kind} must be true")
        return seat, Action(kind)
    try:
        tile = parse_tile(obj["lay"], rules.top)
    except ValueError as err:
        raise RecordError(f"{where}{err}") from None
    arm = obj.get("on")
    touch = obj.get("touch")
    across = obj.get("across", False)
    joins = obj.get("joins")
    if arm is None:
        if any(k in obj for k in ("touch", "across", "joins")):
            raise RecordError(f"{where}a lay without on is the lead and takes nothing more")
        first = int(str(obj["lay"]).split("-")[0])
        return seat, Action.lay(tile, None, first)
    if arm not in ARMS:
        raise RecordError(f"{where}on must be one of {', '.join(ARMS)}, not {arm!r}")
    for key, value in (("touch", touch), ("joins", joins)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise RecordError(f"{where}{key} must be a number of pips")
    if not isinstance(across, bool):
        raise RecordError(f"{where}across must be true or false")
    if across and (touch is not None or joins is not None):
        raise RecordError(f"{where}a tile laid across takes no touch or joins")
    return seat, Action.lay(tile, arm, touch, across, joins)


__all__ = [
    "FORMAT",
    "RecordError",
    "action_to_json",
    "dump_record",
    "load_record",
    "load_record_text",
    "match_to_record",
    "read_header",
    "read_seal",
    "action_from_json",
    "LOW",
]
