"""Rule sets: typed options, their checks, and the registry of named rule sets
(``RULE_SETS``; the six of RULES.md are entered in ``game.engine.presets``).
No words here: a refusal is a ``RuleError`` with a code, and each rule set's
title, summary and rules text are the UI's (``game.words.rule_sets``)."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, Iterator, Mapping

from game.engine.errors import RuleError
from game.engine.tiles import HALVES, TILE_COUNT, Tile

TILE_SETS = ("double-six", "double-nine")
LAYOUTS = ("line", "first-double-spinner", "cross-sides-first", "cross-complete")
DRAWING = ("until-playable", "one-then-pass", "none", "lay-or-draw", "free")
LEADS = (
    "highest-double-draw",
    "highest-double-redeal",
    "six-six-redeal",
    "highest-double-else-highest-tile",
    "lowest-double-not-blank",
    "highest-holder-any-double-not-blank",
)
NEXT_LEADS = ("winner-any-tile", "loser-double-not-blank", "winner-double-not-blank", "as-first")
SCORINGS = ("opponents-pips-less-own", "opponents-pips", "own-pips", "both-hands")
MATCH_ENDS = ("first-to-target-wins", "first-to-target-loses", "lowest-when-target-reached")

# Leads in which the leader may draw for a double, refuse, and both refusing redeals.
REFUSABLE_LEADS = ("loser-double-not-blank", "winner-double-not-blank")
TWO_PLAYER_LEADS = ("lowest-double-not-blank", "highest-holder-any-double-not-blank")

OPTION_IDS = (
    "players",
    "tile_set",
    "hand_size",
    "matadors",
    "crosswise",
    "wild_doubles",
    "layout",
    "drawing",
    "reserve",
    "lead",
    "next_lead",
    "scoring",
    "target_score",
    "match_end",
)


@dataclass(frozen=True)
class Rules:
    """Every option of one game, as RULES.md section 4 names them."""

    base: str
    players: int
    tile_set: str
    hand_size: int
    matadors: bool
    crosswise: bool
    wild_doubles: bool
    layout: str
    drawing: str
    reserve: int
    lead: str
    next_lead: str
    scoring: str
    target_score: int | None
    match_end: str
    top: int = field(init=False)
    target: int = field(init=False)
    all_tiles: tuple[Tile, ...] = field(init=False)
    matador_mask: int = field(init=False)
    fits: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        top = 6 if self.tile_set == "double-six" else 9
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "target", top + 1)
        object.__setattr__(self, "all_tiles", tuple(range(TILE_COUNT.get(top, 0))))
        mask = 0
        if self.matadors:
            for t in self.all_tiles:
                a, b = HALVES[t]
                if a + b == top + 1 or (a == 0 and b == 0):
                    mask |= 1 << t
        object.__setattr__(self, "matador_mask", mask)
        # fits[v]: the tiles that may be laid on an end showing v.
        every = (1 << len(self.all_tiles)) - 1
        wild = sum(1 << t for t in self.all_tiles if HALVES[t][0] == HALVES[t][1]) if self.wild_doubles else 0
        fits = []
        for v in range(top + 1):
            need = top + 1 - v
            having = sum(1 << t for t in self.all_tiles if need in HALVES[t]) if 0 < need <= top else 0
            fits.append((having | mask | wild) & every)
        object.__setattr__(self, "fits", tuple(fits))

    @staticmethod
    def from_base(base: str, players: int, overrides: Mapping[str, Any] | None = None) -> Rules:
        """The rules of rule set ``base`` for ``players`` seats, with ``overrides``.

        Raises ``RuleError`` with a reason for anything that cannot be played.
        """
        info = RULE_SETS.get(base)
        if info is None:
            raise RuleError("unknown-rule-set", {"base": str(base), "known": ", ".join(RULE_SETS)})
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError("players-not-whole", {"players": repr(players)})
        if not info.min_players <= players <= info.max_players:
            if info.min_players == info.max_players:
                raise RuleError("players-exactly", {"rule_set": info.id, "count": info.min_players, "players": players})
            raise RuleError(
                "players-range", {"rule_set": info.id, "low": info.min_players, "high": info.max_players, "players": players}
            )
        rules = info.preset(players)
        if overrides:
            rules = rules.with_options(overrides)
        rules.check()
        return rules

    def with_options(self, overrides: Mapping[str, Any]) -> Rules:
        """A copy with some options changed (each checked for type and value)."""
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key not in OPTION_IDS:
                raise RuleError("unknown-option", {"key": str(key)})
            changes[key] = _checked_option(key, value)
        if "players" in changes and changes["players"] != self.players:
            raise RuleError("players-option-differs", {"value": changes["players"], "players": self.players})
        rules = replace(self, **changes)
        rules.check()
        return rules

    def check(self) -> None:
        """Refuse combinations that cannot be played, with the reason."""
        tiles = len(self.all_tiles)
        if self.players < 2:
            raise RuleError("too-few-players")
        if self.hand_size < 1:
            raise RuleError("empty-hands")
        if self.players * self.hand_size > tiles:
            raise RuleError(
                "too-few-tiles",
                {"players": self.players, "hand": self.hand_size, "needed": self.players * self.hand_size, "tile_set": self.tile_set, "tiles": tiles},
            )
        if self.crosswise and not self.matadors:
            raise RuleError("crosswise-without-matadors")
        if self.wild_doubles and self.matadors:
            raise RuleError("wild-doubles-with-matadors")
        if self.wild_doubles and self.layout != "line":
            raise RuleError("wild-doubles-not-in-line")
        if self.layout.startswith("cross"):
            if self.lead == "highest-double-else-highest-tile":
                raise RuleError("cross-lead-not-double")
            if self.next_lead == "winner-any-tile":
                raise RuleError("cross-winner-any-tile")
        if (self.lead in TWO_PLAYER_LEADS or self.next_lead in REFUSABLE_LEADS) and self.players != 2:
            raise RuleError("leyden-lead-not-two")
        if self.reserve not in (0, 2):
            raise RuleError("reserve-not-0-or-2")
        if self.target_score is not None and self.target_score < 1:
            raise RuleError("target-below-1")

    def is_matador(self, tile: Tile) -> bool:
        return bool(self.matador_mask >> tile & 1)

    def options(self) -> dict[str, Any]:
        """The options by their ids, as a record's ``rules.options`` writes them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTION_IDS}

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from this rule set's preset."""
        preset = RULE_SETS[self.base].preset(self.players).options()
        return {k: v for k, v in self.options().items() if preset[k] != v}


# The options that take one of a list of names, and the names.
_CHOICES: dict[str, tuple[str, ...]] = {
    "tile_set": TILE_SETS,
    "layout": LAYOUTS,
    "drawing": DRAWING,
    "lead": LEADS,
    "next_lead": NEXT_LEADS,
    "scoring": SCORINGS,
    "match_end": MATCH_ENDS,
}


def _checked_option(key: str, value: Any) -> Any:
    def one_of(allowed: tuple[str, ...]) -> str:
        if value not in allowed:
            raise RuleError("option-not-one-of", {"key": key, "allowed": ", ".join(allowed), "value": repr(value)})
        return str(value)

    def boolean() -> bool:
        if not isinstance(value, bool):
            raise RuleError("option-not-boolean", {"key": key, "value": repr(value)})
        return value

    def whole(low: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise RuleError("option-not-whole", {"key": key, "low": low, "value": repr(value)})
        return value

    allowed = _CHOICES.get(key)
    if allowed is not None:
        return one_of(allowed)
    if key in ("matadors", "crosswise", "wild_doubles"):
        return boolean()
    if key == "target_score":
        return None if value is None else whole(1)
    if key == "reserve":
        if value not in (0, 2) or isinstance(value, bool):
            raise RuleError("option-not-0-or-2", {"key": key, "value": repr(value)})
        return value
    if key in ("players", "hand_size"):
        return whole(1)
    raise RuleError("unknown-option", {"key": key})  # pragma: no cover - OPTION_IDS guards


def _none(players: int) -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True)
class RuleSetInfo:
    """A named rule set, one entry of ``RULE_SETS``.

    ``family``: ``matador`` or ``leyden`` (games alike enough to share a rating);
    ``order``: its place in every list (New game, Host, the Rules screen, the
    command line); ``defaults``: every option but ``players``; ``by_players``:
    the options that change with the number of players; ``choices``: the values
    a custom game may pick, for a number of players. Its title, summary and
    rules text are the UI's (``game.words.rule_sets``).
    """

    id: str
    family: str
    order: int
    min_players: int
    max_players: int
    defaults: Mapping[str, Any]
    by_players: Callable[[int], Mapping[str, Any]] = _none
    choices: Callable[[int], Mapping[str, list[Any]]] = _none

    def preset(self, players: int) -> Rules:
        opts = dict(self.defaults)
        opts.update(self.by_players(players))
        return Rules(base=self.id, players=players, **opts)

    def choices_for(self, players: int) -> dict[str, list[Any]]:
        """Option id -> values a custom game may pick, for ``players`` seats."""
        return {key: list(values) for key, values in self.choices(players).items()}


FAMILIES = ("matador", "leyden")

# The registry, in ``order``: every list of rule sets is read from it.
RULE_SETS: dict[str, RuleSetInfo] = {}


def register_rule_set(info: RuleSetInfo) -> None:
    """Add a rule set (``ValueError`` if its id is taken or its family unknown)."""
    if info.id in RULE_SETS:
        raise ValueError(f"a rule set {info.id!r} is already registered")
    if info.family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}, not {info.family!r}")
    info.preset(info.min_players).check()
    entries = sorted([*RULE_SETS.values(), info], key=lambda each: (each.order, each.id))
    RULE_SETS.clear()
    RULE_SETS.update((each.id, each) for each in entries)


def unregister_rule_set(rule_id: str) -> None:
    """Take a rule set out again (a test's, or a plug-in's)."""
    RULE_SETS.pop(rule_id, None)


@contextmanager
def registered_rule_set(info: RuleSetInfo) -> Iterator[RuleSetInfo]:
    """``info`` registered for the ``with`` block only."""
    register_rule_set(info)
    try:
        yield info
    finally:
        unregister_rule_set(info.id)
