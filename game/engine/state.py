"""A round in play: the deal and its opening, applying actions and taking them
back, and why an action is refused.

``RoundState`` is a ``Position`` (game/engine/position.py: the fields, the table,
the legal moves) that plays: ``push`` checks an action and applies it, ``pop``
takes it back. ``legal_moves``, ``push_unchecked`` and ``pop`` are the hot loop
of every search that is not a fast playout (game/engine/fastplay.py, which plays
the same rules; tests/playthroughs/ pins the two together).
"""

from __future__ import annotations

from typing import Sequence

from game.engine.actions import ARMS, Action
from game.engine.errors import IllegalMoveError, Refusal
from game.engine.layout import CLOSED, CROSS, SIDE_ARMS, E, N, Placement, S, W
from game.engine.normalize import normalize
from game.engine.opening import ANY_TILE, DRAW_FOR_DOUBLE, FORCED, REDEAL, REFUSABLE, Opening, lead_of
from game.engine.outcome import RoundOutcome, round_outcome
from game.engine.position import PHASE_LEAD, PHASE_OVER, PHASE_PLAY, Position
from game.engine.rules import Rules
from game.engine.tiles import DOUBLE, HALVES, HIGH, Tile, tile_name
from game.engine.view import SeatViewOf

# RoundState and SeatView live here; the rest is at home elsewhere and found here too.
__all__ = ["RoundState", "SeatView", "Opening", "RoundOutcome", "ANY_TILE", "DRAW_FOR_DOUBLE", "FORCED", "REFUSABLE"]
__all__ += ["PHASE_LEAD", "PHASE_OVER", "PHASE_PLAY"]


class RoundState(Position):
    """The full position of one round. Mutable, with ``push``/``pop``."""

    __slots__ = ()

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], opening: Opening):
        self.rules = rules
        self.players = rules.players
        self.hands = [sum(1 << t for t in hand) for hand in hands]
        self.boneyard = list(boneyard)
        self._start()  # every other field as a round starts (game/engine/position.py)
        self._open(opening)

    # ----------------------------------------------------------------- opening
    def _open(self, opening: Opening) -> None:
        """Decide who leads, and how, from the deal."""
        lead = lead_of(self.rules, self.hands, opening)
        if lead.lacks:
            for seat in range(self.players):
                self.lacks[seat] |= lead.lacks
        if lead.kind == REDEAL:
            self._redeal()
        else:
            self._lead(lead.kind, lead.seat, lead.tile)

    def _lead(self, kind: str, seat: int, tile: Tile | None = None) -> None:
        self.lead_kind = kind
        self.lead_seat = seat
        self.lead_tile = tile
        self.current = seat

    def _redeal(self) -> None:
        self.phase = PHASE_OVER
        self.current = None
        self.outcome = round_outcome(self.rules, "redeal", None, self.hands, None)

    # ---------------------------------------------------------------- checking
    def normalized(self, action: Action) -> Action:
        """``action`` as ``push`` would play it: what a record may leave out filled in."""
        return self._normalize(action)

    def _normalize(self, action: Action) -> Action:
        """Fill in what a record may leave out: ``touch`` and ``joins`` when they follow."""
        return normalize(self, action)

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
        self.phase = PHASE_OVER
        self.current = None
        self.outcome = round_outcome(self.rules, end, winner, self.hands, self.leader)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this position, and nothing more."""
        return SeatView.of(self, seat)


class SeatView(SeatViewOf[RoundState]):
    """What one seat may know of a round (game/engine/view.py)."""

    __slots__ = ()
