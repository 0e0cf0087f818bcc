"""A round of play: the position, legal moves, push/pop, and the outcome.

Hands are bitmasks over tile indices; the fitting tiles for an end come from
precomputed masks, so move generation is a few integer operations per end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.engine.actions import ARMS, Action
from game.engine.errors import IllegalMoveError, Refusal
from game.engine.layout import (
    CLOSED,
    CROSS,
    SIDE_ARMS,
    E,
    N,
    OpenEnd,
    Placement,
    S,
    Spinner,
    W,
)
from game.engine.rules import REFUSABLE_LEADS, Rules
from game.engine.tiles import (
    DOUBLE,
    DOUBLES_MASK,
    HALVES,
    HIGH,
    LOW,
    PIPS,
    Tile,
    hand_pips,
    hand_tiles,
    tile_name,
)
from game.engine.view import SeatView


# Lead situations (how this round opens).
FORCED = "forced"  # one seat must lead one tile
ANY_TILE = "any-tile"  # one seat leads any tile of theirs
REFUSABLE = "refusable"  # one seat leads a double other than 0-0, may draw for one, or refuse
DRAW_FOR_DOUBLE = "draw-for-double"  # seats draw in turn until someone draws a double

PHASE_LEAD, PHASE_PLAY, PHASE_OVER = "lead", "play", "over"

_LAYS: dict[tuple[Tile, str | None, int | None, bool, int | None], Action] = {}


def _lay(tile: Tile, arm: str | None, touch: int | None, across: bool = False, joins: int | None = None) -> Action:
    """A lay action, shared: actions are immutable and made very often in search."""
    key = (tile, arm, touch, across, joins)
    action = _LAYS.get(key)
    if action is None:
        action = _LAYS[key] = Action("lay", tile, arm, touch, across, joins)
    return action


_DRAW, _PASS, _REFUSE = Action("draw"), Action("pass"), Action("refuse")


@dataclass(frozen=True, slots=True)
class Opening:
    """How a round opens: a lead rule id of RULES.md section 4, and the seat it names
    (the previous winner, loser or leader), if any."""

    rule: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended: ``end`` is ``domino``, ``blocked`` or ``redeal``."""

    end: str
    winner: int | None
    pips: tuple[int, ...]
    scores: tuple[int, ...]
    leader: int | None


class RoundState:
    """The full position of one round. Mutable, with ``push``/``pop``."""

    __slots__ = (
        "rules",
        "players",
        "hands",
        "boneyard",
        "drawn",
        "phase",
        "current",
        "ends",
        "cross",
        "arm_len",
        "placements",
        "spinner_at",
        "passes",
        "drew",
        "lead_kind",
        "lead_seat",
        "lead_tile",
        "refusals",
        "leader",
        "outcome",
        "history",
        "lacks",
        "drawn_since",
        "_stack",
    )

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], opening: Opening):
        self.rules = rules
        self.players = rules.players
        self.hands = [sum(1 << t for t in hand) for hand in hands]
        self.boneyard: list[Tile] = list(boneyard)
        self.drawn = 0
        self.phase = PHASE_LEAD
        self.current: int | None = 0
        self.ends = [CLOSED] * 8
        self.cross: list[tuple[int, int] | None] = [None] * 8
        self.arm_len = [0] * 8
        self.placements: list[Placement] = []
        # (arm index or -1 for the lead, index on the arm) of the spinner, if any
        self.spinner_at: tuple[int, int] | None = None
        self.passes = 0
        self.drew = False  # drew this turn (draw one, then pass)
        self.lead_kind = FORCED
        self.lead_seat = 0
        self.lead_tile: Tile | None = None
        self.refusals = 0
        self.leader: int | None = None
        self.outcome: RoundOutcome | None = None
        self.history: list[tuple[int, Action]] = []
        # What the table has learnt about each hand: tiles it cannot hold, and how
        # many tiles it drew since (whose identity nothing constrains).
        self.lacks = [0] * self.players
        self.drawn_since = [0] * self.players
        self._stack: list[tuple[Any, ...]] = []
        self._open(opening)

    # ----------------------------------------------------------------- opening
    def _open(self, opening: Opening) -> None:
        """Decide who leads, and how, from the deal."""
        rule = opening.rule
        if rule in ("winner-any-tile",):
            self._lead(ANY_TILE, self._seat_or_zero(opening))
            return
        if rule in REFUSABLE_LEADS:
            self._lead(REFUSABLE, self._seat_or_zero(opening))
            return
        doubles = [(HIGH[t], seat, t) for seat, h in enumerate(self.hands) for t in hand_tiles(h & DOUBLES_MASK)]
        every_seat = range(self.players)
        if rule == "lowest-double-not-blank":
            candidates = [d for d in doubles if d[0] > 0]
            if not candidates:
                self._redeal()
                return
            _, seat, tile = min(candidates)
            self._lead(FORCED, seat, tile)
            for other in every_seat:  # nobody holds a lower double other than 0-0
                self.lacks[other] |= sum(1 << d for d in range(len(HALVES)) if DOUBLE[d] and 0 < HIGH[d] < HIGH[tile])
            return
        if rule == "six-six-redeal":
            six_six = 27
            holder = next((s for s in every_seat if self.hands[s] >> six_six & 1), None)
            if holder is None:
                self._redeal()
            else:
                self._lead(FORCED, holder, six_six)
            return
        if doubles:
            _, seat, tile = max(doubles)
            higher = sum(1 << d for d in range(len(self.rules.all_tiles)) if DOUBLE[d] and HIGH[d] > HIGH[tile])
            for other in every_seat:
                self.lacks[other] |= higher
            if rule == "highest-holder-any-double-not-blank":
                self._lead(REFUSABLE, seat)
            else:
                self._lead(FORCED, seat, tile)
            return
        # Nobody holds a double.
        all_doubles = DOUBLES_MASK & ((1 << len(self.rules.all_tiles)) - 1)
        for other in every_seat:
            self.lacks[other] |= all_doubles
        if rule == "highest-double-draw":
            self._lead(DRAW_FOR_DOUBLE, 0)
        elif rule == "highest-double-else-highest-tile":
            held = [(PIPS[t], HIGH[t], seat, t) for seat, h in enumerate(self.hands) for t in hand_tiles(h)]
            _, _, seat, tile = max(held)
            self._lead(FORCED, seat, tile)
        else:  # highest-double-redeal, highest-holder-any-double-not-blank
            self._redeal()

    def _seat_or_zero(self, opening: Opening) -> int:
        return opening.seat if opening.seat is not None else 0

    def _lead(self, kind: str, seat: int, tile: Tile | None = None) -> None:
        self.lead_kind = kind
        self.lead_seat = seat
        self.lead_tile = tile
        self.current = seat

    def _redeal(self) -> None:
        self.phase = PHASE_OVER
        self.current = None
        pips = tuple(hand_pips(h) for h in self.hands)
        self.outcome = RoundOutcome("redeal", None, pips, (0,) * self.players, None)

    # -------------------------------------------------------------- inspection
    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def current_player(self) -> int | None:
        return self.current

    def hand(self, seat: int) -> list[Tile]:
        return hand_tiles(self.hands[seat])

    def hand_count(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def pips(self, seat: int) -> int:
        return hand_pips(self.hands[seat])

    @property
    def boneyard_count(self) -> int:
        return len(self.boneyard) - self.drawn

    @property
    def reserve_count(self) -> int:
        """Tiles of the boneyard that are never drawn."""
        return min(self.rules.reserve, self.boneyard_count) if self.rules.drawing != "none" else 0

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (0 where the rules never draw)."""
        if self.rules.drawing == "none":
            return 0
        return max(0, self.boneyard_count - self.rules.reserve)

    @property
    def lead(self) -> Placement | None:
        return self.placements[0] if self.placements else None

    @property
    def spinner(self) -> Spinner | None:
        if self.spinner_at is None:
            return None
        arm, index = self.spinner_at
        sides = SIDE_ARMS[arm]
        if arm == -1:
            placement = self.placements[0]
        else:
            placement = next(p for p in self.placements if p.arm == ARMS[arm] and p.index == index)
        return Spinner(
            None if arm == -1 else ARMS[arm],
            index,
            placement.inner,
            (ARMS[sides[0]], ARMS[sides[1]]),
            self._sides_open(),
        )

    def arms(self) -> dict[str, list[Placement]]:
        """The tiles on each arm that has any, from the centre outwards."""
        result: dict[str, list[Placement]] = {}
        for p in self.placements:
            if p.arm is not None:
                result.setdefault(p.arm, []).append(p)
        return result

    def open_ends(self) -> list[OpenEnd]:
        """The ends that may be played now, with what each shows."""
        if self.phase != PHASE_PLAY:
            return []
        return [OpenEnd(ARMS[arm], self.end_values(ARMS[arm])) for arm in self._playable_arms()]

    def end_values(self, arm: str) -> tuple[int, ...]:
        """What an arm's end shows (one value, or two after a crosswise matador)."""
        index = ARMS.index(arm)
        pair = self.cross[index]
        if self.ends[index] == CROSS and pair is not None:
            return (pair[0], pair[1])
        return (self.ends[index],)

    # ------------------------------------------------------------------- arms
    def _sides_open(self) -> bool:
        if self.spinner_at is None:
            return False
        arm, index = self.spinner_at
        layout = self.rules.layout
        if layout.startswith("cross"):
            return True
        if arm == -1:
            return self.arm_len[W] > 0 and self.arm_len[E] > 0
        return self.arm_len[arm] > index + 1

    def _playable_arms(self) -> list[int]:
        layout = self.rules.layout
        if layout == "cross-sides-first":
            if self.arm_len[N] == 0 or self.arm_len[S] == 0:
                return [a for a in (N, S) if self.arm_len[a] == 0]
            return [W, E, N, S]
        if layout == "cross-complete":
            missing = [a for a in (W, E, N, S) if self.arm_len[a] == 0]
            return missing or [W, E, N, S]
        arms = [W, E]
        if self.spinner_at is not None and self._sides_open():
            arms.extend(SIDE_ARMS[self.spinner_at[0]])
        return arms

    def fitting(self) -> int:
        """Every tile that could be laid on one of the open ends now, whoever
        holds it (as a mask; 0 outside the play phase): ``open_ends()``
        without its words."""
        if self.phase != PHASE_PLAY:
            return 0
        mask = 0
        for arm in self._playable_arms():
            mask |= self._fitting_mask(arm)
        return mask

    def _fitting_mask(self, arm: int) -> int:
        """The tiles that may be laid on ``arm`` (ignoring whose they are)."""
        end = self.ends[arm]
        if end == CROSS:
            pair = self.cross[arm]
            assert pair is not None
            return self.rules.fits[pair[0]] | self.rules.fits[pair[1]]
        return self.rules.fits[end]

    # ------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Action]:
        """Every distinct legal action of the player to move, in a fixed order."""
        if self.phase == PHASE_PLAY:
            return self._play_moves()
        if self.phase == PHASE_LEAD:
            return self._lead_moves()
        return []

    def _lead_moves(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        kind = self.lead_kind
        if kind == FORCED:
            assert self.lead_tile is not None
            return [_lay(self.lead_tile, None, HIGH[self.lead_tile])]
        if kind == ANY_TILE:
            return [_lay(t, None, HIGH[t]) for t in hand_tiles(self.hands[seat])]
        if kind == DRAW_FOR_DOUBLE:
            # Never empty here: with no double in any hand, every double is in the boneyard.
            return [_DRAW]
        moves = [_lay(t, None, HIGH[t]) for t in hand_tiles(self.hands[seat] & DOUBLES_MASK) if t != 0]
        if self.drawable > 0:
            moves.append(_DRAW)
        moves.append(_REFUSE)
        return moves

    def _lays(self, seat: int) -> list[Action]:
        rules = self.rules
        hand = self.hands[seat]
        target = rules.target
        matadors = rules.matador_mask
        crosswise = rules.crosswise
        wild = rules.wild_doubles
        fits = rules.fits
        ends = self.ends
        targets = []  # (arm, tiles of the hand that fit it)
        union = 0
        for arm in self._playable_arms():
            end = ends[arm]
            if end == CROSS:
                pair = self.cross[arm]
                assert pair is not None
                mask = hand & (fits[pair[0]] | fits[pair[1]])
            else:
                mask = hand & fits[end]
            if mask:
                targets.append((arm, mask))
                union |= mask
        moves: list[Action] = []
        out = moves.append
        while union:
            low = union & -union
            union ^= low
            t = low.bit_length() - 1
            a, b = HALVES[t]
            matador = matadors & low
            for arm, mask in targets:
                if not mask & low:
                    continue
                name = ARMS[arm]
                end = ends[arm]
                if end == CROSS:
                    pair = self.cross[arm]
                    assert pair is not None
                    joins = (pair[0], pair[1]) if pair[0] > pair[1] else (pair[1], pair[0])
                    for j in joins:
                        if matador:
                            out(_lay(t, name, a, False, j))
                            if b != a:
                                out(_lay(t, name, b, False, j))
                        elif target - j == a or target - j == b:
                            out(_lay(t, name, target - j, False, j))
                elif matador:
                    out(_lay(t, name, a))
                    if b != a:
                        out(_lay(t, name, b))
                        if crosswise:
                            out(_lay(t, name, None, True))
                elif wild and a == b:
                    out(_lay(t, name, a))
                else:
                    out(_lay(t, name, target - end))
        return moves

    def _play_moves(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        lays = self._lays(seat)
        policy = self.rules.drawing
        can_draw = self.drawable > 0
        if policy in ("lay-or-draw", "free"):
            if can_draw:
                lays.append(_DRAW)
            return lays or [_PASS]
        if lays:
            return lays
        if policy == "until-playable" and can_draw:
            return [_DRAW]
        if policy == "one-then-pass" and can_draw and not self.drew:
            return [_DRAW]
        return [_PASS]

    def normalized(self, action: Action) -> Action:
        """``action`` as ``push`` would play it: what a record may leave out filled in."""
        return self._normalize(action)

    def _normalize(self, action: Action) -> Action:
        """Fill in what a record may leave out: ``touch`` and ``joins`` when they follow."""
        if action.kind == "draw" and action.count != 1:
            return action
        if action.kind != "lay" or action.tile is None:
            return action
        tile = action.tile
        a, b = HALVES[tile]
        if action.arm is None:
            return Action("lay", tile, None, HIGH[tile] if action.touch is None else action.touch)
        if action.across:
            return Action("lay", tile, action.arm, None, True)
        touch, joins = action.touch, action.joins
        if action.arm not in ARMS:
            return action
        arm = ARMS.index(action.arm)
        if self.ends[arm] == CROSS:
            pair = self.cross[arm]
            assert pair is not None
            if self.rules.is_matador(tile):
                if joins is None:
                    joins = max(pair)
                if touch is None and a == b:
                    touch = a
            else:
                target = self.rules.target
                if touch is None:
                    options = [(h, j) for j in pair for h in (a, b) if h + j == target]
                    if joins is not None:
                        options = [o for o in options if o[1] == joins]
                    if len({o[0] for o in options}) == 1:
                        touch = options[0][0]
                if joins is None and touch is not None:
                    options_j = [j for j in pair if touch + j == target]
                    if len(set(options_j)) == 1:
                        joins = options_j[0]
        elif touch is None:
            if a == b:
                touch = a
            elif not self.rules.is_matador(tile):
                need = self.rules.target - self.ends[arm]
                if need in (a, b):
                    touch = need
        return Action("lay", tile, action.arm, touch, False, joins)

    def is_legal(self, action: Action) -> bool:
        return self.explain(action) is None

    def explain(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else why not (a code the UI words)."""
        if self.phase == PHASE_OVER:
            return Refusal("round-over")
        if action.kind == "draw" and action.count > 1:
            copy = self.copy()
            for i in range(action.count):
                reason = copy.explain(Action("draw"))
                if reason is not None:
                    return reason if i == 0 else Refusal("after-drawing", {"count": i, "reason": reason})
                copy._apply(Action("draw"))
                if copy.current != self.current:
                    return Refusal("draw-ends-turn", {"count": action.count})
            return None
        if action.kind == "draw" and action.count < 1:
            return Refusal("draw-at-least-one")
        normal = self._normalize(action)
        legal = self.legal_moves()
        canonical = normal
        if normal.kind == "lay" and normal.arm is None and normal.tile is not None:
            if normal.touch in HALVES[normal.tile] and not normal.across and normal.joins is None:
                # Either half of a lead may face W; the list names the higher one.
                canonical = Action("lay", normal.tile, None, HIGH[normal.tile])
        if canonical in legal:
            return None
        return self._reason(normal, legal)

    def _reason(self, action: Action, legal: list[Action]) -> Refusal:
        seat = self.current
        assert seat is not None
        kinds = {m.kind for m in legal}
        if action.kind == "pass":
            return Refusal("pass-can-lay" if "lay" in kinds else "pass-can-draw")
        if action.kind == "draw":
            if self.rules.drawing == "none":
                return Refusal("no-drawing")
            if self.drawable <= 0:
                if self.rules.reserve and self.boneyard_count:
                    return Refusal("reserve-never-drawn", {"count": self.rules.reserve})
                return Refusal("boneyard-empty")
            if self.phase == PHASE_LEAD:
                return Refusal("draw-not-now")
            if self.rules.drawing == "one-then-pass" and self.drew:
                return Refusal("drawn-once")
            return Refusal("draw-can-lay")
        if action.kind == "refuse":
            return Refusal("refuse-not-leader")
        if action.kind != "lay" or action.tile is None:
            return Refusal("unknown-action", {"kind": str(action.kind)})
        tile = action.tile
        name = tile_name(tile)
        if tile >= len(self.rules.all_tiles):
            return Refusal("not-a-tile", {"tile": name})
        if not self.hands[seat] >> tile & 1:
            return Refusal("not-in-hand", {"tile": name})
        if self.phase == PHASE_LEAD:
            return self._lead_reason(action)
        if action.arm is None:
            return Refusal("say-where", {"tile": name})
        if action.arm not in ARMS:
            return Refusal("no-arm", {"arm": str(action.arm)})
        arm = ARMS.index(action.arm)
        playable = self._playable_arms()
        if arm not in playable:
            open_now = ", ".join(ARMS[a] for a in playable)
            code = "arm-not-yet" if self.ends[arm] == CLOSED else "arm-not-now"
            return Refusal(code, {"tile": name, "arm": action.arm, "open": open_now})
        a, b = HALVES[tile]
        matador = self.rules.is_matador(tile)
        target = self.rules.target
        if action.touch is not None and action.touch not in (a, b):
            return Refusal("no-half", {"tile": name, "half": action.touch})
        if action.across:
            if not matador:
                return Refusal("across-not-matador", {"tile": name})
            if a == b:
                return Refusal("across-double", {"tile": name})
            if not self.rules.crosswise:
                return Refusal("across-not-in-rules")
            return Refusal("across-after-crosswise", {"tile": name, "arm": action.arm})
        if self.ends[arm] == CROSS:
            pair = self.cross[arm]
            assert pair is not None
            if action.joins is not None and action.joins not in pair:
                return Refusal(
                    "cross-joins-other", {"tile": name, "value": action.joins, "arm": action.arm, "first": pair[0], "second": pair[1]}
                )
            if matador:
                return Refusal("cross-say-half", {"tile": name, "arm": action.arm})
            return Refusal(
                "cross-needs-or-matador" if self.rules.matadors else "cross-needs",
                {"tile": name, "arm": action.arm, "first": pair[0], "second": pair[1], "need": target - pair[0], "other": target - pair[1]},
            )
        end = self.ends[arm]
        if matador and action.touch is None:
            return Refusal("say-half", {"tile": name, "arm": action.arm})
        if end == 0 and not (self.rules.wild_doubles and a == b):
            return Refusal("blank-matador-only" if self.rules.matadors else "blank-closed", {"tile": name, "arm": action.arm})
        if self.rules.matadors:
            code = "needs-or-matador"
        elif self.rules.wild_doubles:
            code = "needs-or-double"
        else:
            code = "needs"
        return Refusal(code, {"tile": name, "arm": action.arm, "end": end, "need": target - end})

    def _lead_reason(self, action: Action) -> Refusal:
        tile = action.tile
        assert tile is not None
        name = tile_name(tile)
        if action.arm is not None:
            return Refusal("lead-in-middle", {"tile": name, "arm": action.arm})
        kind = self.lead_kind
        if kind == FORCED and self.lead_tile is not None:
            return Refusal("lead-must-be", {"tile": tile_name(self.lead_tile)})
        if kind == DRAW_FOR_DOUBLE:
            return Refusal("lead-draw-for-double")
        if kind == REFUSABLE:
            return Refusal("lead-double-not-blank")
        return Refusal("cannot-lead", {"tile": name})

    # ------------------------------------------------------------- applying
    def push(self, action: Action) -> None:
        """Check ``action`` and apply it; ``IllegalMoveError`` with the refusal if not legal."""
        reason = self.explain(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._stack.append(self._snapshot())
        normal = self._normalize(action)
        if normal.kind == "draw" and normal.count > 1:
            seat = self.current
            assert seat is not None
            for _ in range(normal.count):
                self._apply(Action("draw"), record=False)
            self.history.append((seat, normal))
        else:
            self._apply(normal)

    def push_unchecked(self, action: Action) -> None:
        """Apply an action taken from ``legal_moves()`` (no check); undo with ``pop``."""
        self._stack.append(self._snapshot())
        self._apply(action)

    def pop(self) -> Action:
        """Undo the last ``push`` and return its action."""
        last = self.history[-1][1]
        self._restore(self._stack.pop())
        return last

    def before(self, index: int) -> RoundState:
        """A copy of the position just before action ``index`` of the history
        (``index == len(history)``: the position now). Needs the undo stack that
        every pushed action leaves, so not on a ``copy()``."""
        if not 0 <= index <= len(self.history):
            raise IndexError(f"no action {index} in a history of {len(self.history)}")
        other = self.copy()
        if index == len(self.history):
            return other
        if len(self._stack) != len(self.history):
            raise ValueError("this position has no undo stack (it is a copy)")
        other._restore(self._copied(self._stack[index]))
        return other

    @staticmethod
    def _copied(snap: tuple[Any, ...]) -> tuple[Any, ...]:
        """A snapshot whose lists are fresh, so restoring it shares nothing."""
        return tuple(item[:] if isinstance(item, list) else item for item in snap)

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.hands[:],
            self.drawn,
            self.phase,
            self.current,
            self.ends[:],
            self.cross[:],
            self.arm_len[:],
            len(self.placements),
            self.spinner_at,
            self.passes,
            self.drew,
            self.lead_kind,
            self.lead_seat,
            self.lead_tile,
            self.refusals,
            self.leader,
            self.outcome,
            len(self.history),
            self.lacks[:],
            self.drawn_since[:],
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (
            self.hands,
            self.drawn,
            self.phase,
            self.current,
            self.ends,
            self.cross,
            self.arm_len,
            placed,
            self.spinner_at,
            self.passes,
            self.drew,
            self.lead_kind,
            self.lead_seat,
            self.lead_tile,
            self.refusals,
            self.leader,
            self.outcome,
            history,
            self.lacks,
            self.drawn_since,
        ) = snap
        del self.placements[placed:]
        del self.history[history:]

    def _next_turn(self) -> None:
        assert self.current is not None
        self.current = (self.current + 1) % self.players
        self.drew = False

    def _apply(self, action: Action, record: bool = True) -> None:
        seat = self.current
        assert seat is not None
        if record:
            self.history.append((seat, action))
        kind = action.kind
        if kind == "lay":
            self._lay(seat, action)
        elif kind == "draw":
            self._draw(seat)
        elif kind == "pass":
            self.lacks[seat] |= self._fitting_all()
            self.drawn_since[seat] = 0
            self.passes += 1
            if self.passes >= self.players:
                self._finish("blocked", None)
            else:
                self._next_turn()
        elif kind == "refuse":
            self.refusals += 1
            if self.refusals >= self.players:
                self._redeal()
            else:
                self.current = (seat + 1) % self.players
        else:  # pragma: no cover - legal_moves never yields other kinds
            raise IllegalMoveError("unknown-action", {"kind": str(kind)})

    def _fitting_all(self) -> int:
        mask = 0
        for arm in self._playable_arms():
            mask |= self._fitting_mask(arm)
        return mask

    def _draw(self, seat: int) -> None:
        policy = self.rules.drawing
        if self.phase == PHASE_PLAY:
            if policy in ("until-playable", "one-then-pass"):
                # Only a player who cannot lay may draw: the table learns what they lack.
                self.lacks[seat] |= self._fitting_all()
            else:
                self.drawn_since[seat] += 1
        elif self.lead_kind == REFUSABLE:
            self.drawn_since[seat] += 1
        tile = self.boneyard[self.drawn]
        self.drawn += 1
        self.hands[seat] |= 1 << tile
        self.passes = 0
        if self.phase == PHASE_LEAD:
            if self.lead_kind == DRAW_FOR_DOUBLE:
                if DOUBLE[tile]:
                    self._lead(FORCED, seat, tile)
                else:
                    self.current = (seat + 1) % self.players
                    if self.boneyard_count == 0:  # cannot happen with real sets; stay safe
                        self._redeal()
            return
        if policy == "lay-or-draw":
            self._next_turn()
        else:
            self.drew = True

    def _lay(self, seat: int, action: Action) -> None:
        tile = action.tile
        assert tile is not None
        self.hands[seat] &= ~(1 << tile)
        self.passes = 0
        a, b = HALVES[tile]
        double = a == b
        if self.phase == PHASE_LEAD:
            west = action.touch if action.touch is not None else a
            east = b if west == a else a
            self.placements.append(Placement(tile, None, west, east, False, None, seat, double, 0))
            self.ends[W] = west
            self.ends[E] = east
            self.leader = seat
            self.phase = PHASE_PLAY
            if double and self.rules.layout != "line":
                self.spinner_at = (-1, 0)
                self.ends[N] = self.ends[S] = a
        else:
            assert action.arm is not None
            arm = ARMS.index(action.arm)
            index = self.arm_len[arm]
            self.arm_len[arm] = index + 1
            if action.across:
                self.placements.append(Placement(tile, action.arm, a, b, True, None, seat, False, index))
                self.ends[arm] = CROSS
                self.cross[arm] = (a, b)
            else:
                touch = action.touch
                assert touch is not None
                outer = b if touch == a else a
                self.placements.append(
                    Placement(tile, action.arm, touch, outer, False, action.joins, seat, double, index)
                )
                self.cross[arm] = None
                if not (double and self.rules.wild_doubles):
                    self.ends[arm] = outer
                elif self.ends[arm] == CROSS:  # pragma: no cover - wild doubles never meet crosswise ends
                    self.ends[arm] = a
                if (
                    double
                    and self.spinner_at is None
                    and self.rules.layout == "first-double-spinner"
                    and arm in (W, E)
                ):
                    self.spinner_at = (arm, index)
                    for side in SIDE_ARMS[arm]:
                        self.ends[side] = a
        self.drew = False
        if self.drawn_since[seat] > 0:
            self.drawn_since[seat] = min(self.drawn_since[seat], self.hands[seat].bit_count())
        if not self.hands[seat]:
            self._finish("domino", seat)
        else:
            self._next_turn()

    def _finish(self, end: str, winner: int | None) -> None:
        pips = tuple(hand_pips(h) for h in self.hands)
        if end == "blocked":
            low = min(pips)
            holders = [s for s, p in enumerate(pips) if p == low]
            winner = holders[0] if len(holders) == 1 else None
        self.phase = PHASE_OVER
        self.current = None
        self.outcome = RoundOutcome(end, winner, pips, self._scores(end, winner, pips), self.leader)

    def _scores(self, end: str, winner: int | None, pips: tuple[int, ...]) -> tuple[int, ...]:
        scoring = self.rules.scoring
        if scoring == "own-pips":
            return pips
        scores = [0] * self.players
        if winner is None:
            return tuple(scores)
        others = [p for s, p in enumerate(pips) if s != winner]
        if scoring == "opponents-pips-less-own":
            scores[winner] = sum(others) if end == "domino" else sum(p - pips[winner] for p in others)
        elif scoring == "opponents-pips":
            scores[winner] = sum(others)
        else:  # both-hands
            scores[winner] = sum(pips)
        return tuple(scores)

    # ---------------------------------------------------------------- copies
    def copy(self) -> RoundState:
        """A cheap, independent copy (without the undo stack)."""
        other = RoundState.__new__(RoundState)
        other.rules = self.rules
        other.players = self.players
        other.hands = self.hands[:]
        other.boneyard = self.boneyard
        other.drawn = self.drawn
        other.phase = self.phase
        other.current = self.current
        other.ends = self.ends[:]
        other.cross = self.cross[:]
        other.arm_len = self.arm_len[:]
        other.placements = self.placements[:]
        other.spinner_at = self.spinner_at
        other.passes = self.passes
        other.drew = self.drew
        other.lead_kind = self.lead_kind
        other.lead_seat = self.lead_seat
        other.lead_tile = self.lead_tile
        other.refusals = self.refusals
        other.leader = self.leader
        other.outcome = self.outcome
        other.history = self.history[:]
        other.lacks = self.lacks[:]
        other.drawn_since = self.drawn_since[:]
        other._stack = []
        return other

    def key(self) -> tuple[Any, ...]:
        """Everything that makes the position, for equality checks in tests."""
        return (
            tuple(self.hands),
            tuple(self.boneyard),
            self.drawn,
            self.phase,
            self.current,
            tuple(self.ends),
            tuple(self.cross),
            tuple(self.arm_len),
            tuple(self.placements),
            self.spinner_at,
            self.passes,
            self.drew,
            self.lead_kind,
            self.lead_seat,
            self.lead_tile,
            self.refusals,
            self.leader,
            self.outcome,
            tuple(self.history),
            tuple(self.lacks),
            tuple(self.drawn_since),
        )

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this position, and nothing more."""
        return SeatView.of(self, seat)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(tile_name(t) for t in self.hand(s)) for s in range(self.players))
        table = ", ".join(str(p) for p in self.placements)
        return f"<RoundState {self.phase} to move {self.current}: hands [{hands}] table [{table}]>"
