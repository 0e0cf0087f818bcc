"""Rule sets: typed options, the six presets of RULES.md, and their checks."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

from game.engine.errors import RuleError
from game.engine.tiles import HALVES, TILE_COUNT, Tile
from game.i18n import N_, _

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
            raise RuleError(f"unknown rule set {base!r} (known: {', '.join(RULE_SETS)})")
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError(f"the number of players must be a whole number, not {players!r}")
        if not info.min_players <= players <= info.max_players:
            if info.min_players == info.max_players:
                reason = _("{rule_set} is for exactly {count} players, not {players}")
            else:
                reason = _("{rule_set} is for {low} to {high} players, not {players}")
            raise RuleError(
                reason.format(
                    rule_set=_(info.title), count=info.min_players, low=info.min_players, high=info.max_players, players=players
                )
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
                raise RuleError(f"unknown option {key!r}")
            changes[key] = _checked_option(key, value)
        if "players" in changes and changes["players"] != self.players:
            raise RuleError(
                f"option players is {changes['players']} but the game has {self.players} players"
            )
        rules = replace(self, **changes)
        rules.check()
        return rules

    def check(self) -> None:
        """Refuse combinations that cannot be played, with the reason."""
        tiles = len(self.all_tiles)
        if self.players < 2:
            raise RuleError(_("a game needs at least 2 players"))
        if self.hand_size < 1:
            raise RuleError(_("hands must hold at least 1 tile"))
        if self.players * self.hand_size > tiles:
            raise RuleError(
                _("{players} hands of {hand} need {needed} tiles but the {tile_set} set has only {tiles}").format(
                    players=self.players, hand=self.hand_size, needed=self.players * self.hand_size, tile_set=_(self.tile_set), tiles=tiles
                )
            )
        if self.crosswise and not self.matadors:
            raise RuleError(_("crosswise matadors need matadors"))
        if self.wild_doubles and self.matadors:
            raise RuleError(_("wild doubles and matadors cannot be played together"))
        if self.wild_doubles and self.layout != "line":
            raise RuleError(_("wild doubles are played in a line layout only"))
        if self.layout.startswith("cross"):
            if self.lead == "highest-double-else-highest-tile":
                raise RuleError(_("a cross layout must open with a double"))
            if self.next_lead == "winner-any-tile":
                raise RuleError(_("a cross layout must open with a double, so the winner cannot lead any tile"))
        if (self.lead in TWO_PLAYER_LEADS or self.next_lead in REFUSABLE_LEADS) and self.players != 2:
            raise RuleError(_("the Leyden lead (refusing, drawing for a double) is for exactly 2 players"))
        if self.reserve not in (0, 2):
            raise RuleError(_("the reserve is 0 or 2 tiles"))
        if self.target_score is not None and self.target_score < 1:
            raise RuleError(_("the match target must be at least 1 point"))

    def is_matador(self, tile: Tile) -> bool:
        return bool(self.matador_mask >> tile & 1)

    def options(self) -> dict[str, Any]:
        """The options by their ids, as a record's ``rules.options`` writes them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in OPTION_IDS}

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from this rule set's preset."""
        preset = RULE_SETS[self.base].preset(self.players).options()
        return {k: v for k, v in self.options().items() if preset[k] != v}


def _checked_option(key: str, value: Any) -> Any:
    def one_of(allowed: tuple[str, ...]) -> str:
        if value not in allowed:
            raise RuleError(f"option {key} must be one of {', '.join(allowed)}, not {value!r}")
        return str(value)

    def boolean() -> bool:
        if not isinstance(value, bool):
            raise RuleError(f"option {key} must be true or false, not {value!r}")
        return value

    def whole(low: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise RuleError(f"option {key} must be a whole number of at least {low}, not {value!r}")
        return value

    if key == "tile_set":
        return one_of(TILE_SETS)
    if key in ("matadors", "crosswise", "wild_doubles"):
        return boolean()
    if key == "layout":
        return one_of(LAYOUTS)
    if key == "drawing":
        return one_of(DRAWING)
    if key == "lead":
        return one_of(LEADS)
    if key == "next_lead":
        return one_of(NEXT_LEADS)
    if key == "scoring":
        return one_of(SCORINGS)
    if key == "match_end":
        return one_of(MATCH_ENDS)
    if key == "target_score":
        return None if value is None else whole(1)
    if key == "reserve":
        if value not in (0, 2) or isinstance(value, bool):
            raise RuleError(f"option reserve must be 0 or 2, not {value!r}")
        return value
    if key in ("players", "hand_size"):
        return whole(1)
    raise RuleError(f"unknown option {key!r}")  # pragma: no cover - OPTION_IDS guards


@dataclass(frozen=True)
class RuleSetInfo:
    """A named rule set: its menu text, player range and custom-game choices."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    defaults: Mapping[str, Any]

    def preset(self, players: int) -> Rules:
        opts = dict(self.defaults)
        opts.update(_player_dependent(self.id, players))
        return Rules(base=self.id, players=players, **opts)

    def choices_for(self, players: int) -> dict[str, list[Any]]:
        """Option id -> values a custom game may pick, for ``players`` seats."""
        return _choices(self.id, players)


def _player_dependent(base: str, players: int) -> dict[str, Any]:
    if base == "matador":
        return {"hand_size": 7 if players == 2 else 5}
    if base == "all-sevens":
        return {"hand_size": 7}
    if base == "family":
        return {
            "tile_set": "double-six" if players <= 4 else "double-nine",
            "hand_size": 7 if players == 2 else 5,
        }
    if base == "wild-doubles":
        return {"hand_size": 7 if players <= 3 else 5}
    return {}


def _choices(base: str, players: int) -> dict[str, list[Any]]:
    if base == "matador":
        return {
            "hand_size": [h for h in (5, 6, 7, 8) if h * players <= 28],
            "drawing": ["until-playable", "one-then-pass"],
            "target_score": [50, 100, 150, 200, None],
        }
    if base == "all-sevens":
        return {
            "hand_size": [7, 8] if players == 2 else [5, 6, 7],
            "matadors": [False, True],
            "layout": ["line", "first-double-spinner"],
            "lead": ["highest-double-redeal", "six-six-redeal", "highest-double-else-highest-tile"],
            "target_score": [100, 50, 101, 150, 200],
        }
    if base == "family":
        return {"target_score": [50, 100]}
    if base == "wild-doubles":
        return {"target_score": [100, 200]}
    return {}


_COMMON: dict[str, Any] = {
    "tile_set": "double-six",
    "matadors": True,
    "crosswise": False,
    "wild_doubles": False,
    "layout": "line",
    "drawing": "until-playable",
    "reserve": 0,
    "lead": "highest-double-draw",
    "next_lead": "winner-any-tile",
    "scoring": "opponents-pips-less-own",
    "target_score": 100,
    "match_end": "first-to-target-wins",
}


def _preset(**changes: Any) -> dict[str, Any]:
    opts = dict(_COMMON)
    opts.update(changes)
    return opts


RULE_SETS: dict[str, RuleSetInfo] = {
    info.id: info
    for info in (
        RuleSetInfo(
            "matador",
            N_("Matador"),
            N_("The classic: ends add up to seven, matadors are wild, draw until you can play."),
            2,
            4,
            _preset(),
        ),
        RuleSetInfo(
            "all-sevens",
            N_("All Sevens"),
            N_("No matadors and no drawing: one tile a turn, a blank end is closed for good."),
            2,
            4,
            _preset(
                matadors=False,
                drawing="none",
                lead="highest-double-redeal",
                scoring="opponents-pips",
            ),
        ),
        RuleSetInfo(
            "family",
            N_("Family Matador"),
            N_("Up to 8 players (double-nine from 5): lay or draw, two tiles stay in the boneyard."),
            2,
            8,
            _preset(drawing="lay-or-draw", reserve=2, next_lead="as-first", target_score=50),
        ),
        RuleSetInfo(
            "leyden",
            N_("Leyden"),
            N_("Two players, a spinner cross, matadors laid across; the first to 100 loses."),
            2,
            2,
            _preset(
                hand_size=6,
                crosswise=True,
                layout="cross-sides-first",
                drawing="free",
                reserve=2,
                lead="lowest-double-not-blank",
                next_lead="loser-double-not-blank",
                scoring="own-pips",
                match_end="first-to-target-loses",
            ),
        ),
        RuleSetInfo(
            "leyden-senst",
            N_("Leyden (Senst)"),
            N_("Leyden with a complete cross of five first; the winner scores both hands."),
            2,
            2,
            _preset(
                hand_size=6,
                crosswise=True,
                layout="cross-complete",
                drawing="free",
                reserve=2,
                lead="highest-holder-any-double-not-blank",
                next_lead="winner-double-not-blank",
                scoring="both-hands",
            ),
        ),
        RuleSetInfo(
            "wild-doubles",
            N_("Wild Doubles"),
            N_("No matadors, but every double is wild and leaves the end as it was."),
            2,
            4,
            _preset(
                matadors=False,
                wild_doubles=True,
                lead="highest-double-else-highest-tile",
                next_lead="as-first",
                scoring="own-pips",
                match_end="lowest-when-target-reached",
            ),
        ),
    )
}
