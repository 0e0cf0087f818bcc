"""Fast random playouts: the rules of ``RoundState`` on plain ints.

A random playout plays a round from some position to its end, each action chosen
uniformly among the legal actions. This module does exactly what ``RoundState``
does for every option ``Rules`` allows, but on bitmask hands and precomputed
tables, without building ``Action`` objects: a legal action is a small int (see
``decode``), and the legal actions of a turn come in the same order as
``RoundState.legal_moves()``.

The random stream: when a turn has exactly one legal action no random number is
drawn; otherwise the action with index ``int(rng.random() * n)`` of the ``n``
legal actions is taken (uniform to within n / 2**53). Driving ``RoundState`` the
same way gives the same round: tests/engine/test_fastplay.py checks, action by
action, the number of legal actions, the action taken and the outcome.

    play_random_round(rules, hands, boneyard, opening, rng) -> (end, winner, pips, scores)
    from_state(state).playout(rng)   -> the same, from any RoundState position
                                        (the position is copied; reuse it for many playouts)
    random_games(rules, count, seed) -> count random rounds from fresh deals (the benchmark)

How it is fast: per end value, the mask of tiles that fit (``Tables.fits``); per
pair of arms and pair of end values, the fitting tiles and each tile's lays
ready-made in ``legal_moves()`` order (``Tables.pairs``), so a turn is a few mask
operations and a list of at most a handful of tuples; "draw until playable" draws
in a tight loop that only tests the drawn tile. A line (W and E) has its own loop
(``_line``), four arms open for good another (``_four``); the openings of a
spinner or a cross use the general loop (``_play``). A playout policy's
choices (``Policy``) have a loop of their own (``_play_chosen``), any layout.
"""

from __future__ import annotations

import importlib
import random as _random
from dataclasses import dataclass
from math import comb
from typing import Any, Callable, Iterator, Sequence

from game.engine.actions import ARMS, Action
from game.engine.layout import CLOSED, CROSS
from game.engine.rules import REFUSABLE_LEADS, Rules
from game.engine.state import Opening, RoundState
from game.engine.tiles import DOUBLE, HALVES, HIGH, PIPS, Tile, tile_of

# Actions other than lays.
DRAW, PASS, REFUSE = -1, -2, -3

# A lay is   tile | arm << 6 | new end << 9 | touch << 16 | joins << 20 | across << 24 | lead << 25
# where "new end" is what the arm shows afterwards (a value, or CROSS_BASE + tile
# for a crosswise matador), and 15 stands for "none" in touch and joins.
CROSS_BASE = 16
_NONE = 15
_LEAD = 1 << 25
_ACROSS = 1 << 24

W, E, N, S, WN, WS, EN, ES = range(8)
_SIDES = {-1: (N, S), W: (WN, WS), E: (EN, ES)}

# Layouts, drawing policies, scorings and lead kinds as small ints.
LINE, SPINNER, CROSS_SIDES, CROSS_COMPLETE = range(4)
_LAYOUTS = {"line": LINE, "first-double-spinner": SPINNER, "cross-sides-first": CROSS_SIDES, "cross-complete": CROSS_COMPLETE}
UNTIL, ONE_THEN_PASS, NO_DRAW, LAY_OR_DRAW, FREE = range(5)
_POLICIES = {"until-playable": UNTIL, "one-then-pass": ONE_THEN_PASS, "none": NO_DRAW, "lay-or-draw": LAY_OR_DRAW, "free": FREE}
LESS_OWN, OPPONENTS, OWN, BOTH = range(4)
_SCORINGS = {"opponents-pips-less-own": LESS_OWN, "opponents-pips": OPPONENTS, "own-pips": OWN, "both-hands": BOTH}
FORCED, ANY_TILE, REFUSABLE, DRAW_FOR_DOUBLE = range(4)
_KINDS = {"forced": FORCED, "any-tile": ANY_TILE, "refusable": REFUSABLE, "draw-for-double": DRAW_FOR_DOUBLE}
PHASE_LEAD, PHASE_PLAY, PHASE_OVER = range(3)
_PHASES = {"lead": PHASE_LEAD, "play": PHASE_PLAY, "over": PHASE_OVER}

_DOUBLES = sum(1 << t for t, d in enumerate(DOUBLE) if d)
_BIT = tuple(1 << t for t in range(64))
_TILE = {1 << t: t for t in range(64)}

Outcome = tuple[str, "int | None", tuple[int, ...], tuple[int, ...]]
Trace = list[tuple[int, int]]
Random = Callable[[], float]
Lay = tuple[int, int, int, int]
Deal = tuple[list[int], list[int]]
Pair = tuple[list[list[int]], list[list[dict[int, tuple[Lay, ...]]]]]


@dataclass(frozen=True)
class Policy:
    """A move chooser for playouts, in place of uniformly random moves (the
    playout policy of the computer players and the coach, ``game.ai.playout``).

    Each choice scores every lay: the tile's pips and a little noise (one
    random number per lay, in ``legal_moves()`` order), less ``keep_special``
    for laying a tile of ``special`` (matadors, wild doubles) while the hand
    holds more than ``keep_while`` tiles, plus ``follow`` when the hand keeps a
    plain tile that fits an end left, less ``block`` times the chance that the
    next seat can answer the ends left (``block_second`` for the seat after).
    That chance is worked out from what the mover may know, never from the
    other hands of the deal: the next seat's tiles are taken to be any that the
    mover cannot see, less those its passes and forced draws showed it lacks
    (``FastRound.lacks``). A draw scores -100 and a refusal -50, so neither is
    chosen while a lay is open. With chance ``epsilon`` (one random number per
    choice) the move is uniformly random instead."""

    special: int
    keep_special: float
    keep_while: int
    follow: float
    block: float
    block_second: float
    epsilon: float = 0.0


_NONE_ROWS: dict[tuple[int, int], list[float]] = {}


def none_row(pool: int, held: int) -> list[float]:
    """Per number ``a`` of answering tiles among ``pool`` possible ones: the
    chance that a hand of ``held`` tiles dealt from the pool holds none of them."""
    row = _NONE_ROWS.get((pool, held))
    if row is None:
        k = min(held, pool)
        total = comb(pool, k)
        row = _NONE_ROWS[(pool, held)] = [comb(pool - a, k) / total for a in range(pool + 1)]
    return row


def _choose_lead(fr: FastRound, moves: list[int], random: Random, policy: Policy) -> int:
    """The policy's choice in the lead phase (no ends yet)."""
    n = len(moves)
    if random() < policy.epsilon:
        return moves[int(random() * n)]
    tb = fr.tb
    fits = tb.fits
    seat = fr.current
    hand = fr.hands[seat]
    nxt = tb.following[seat]
    unseen = ((1 << tb.ntiles) - 1) & ~hand & ~fr.laid
    pool1 = unseen & ~fr.lacks[nxt]
    none1 = none_row(pool1.bit_count(), fr.hands[nxt].bit_count())
    second_on = tb.players > 2 and policy.block_second != 0.0
    if second_on:
        nxt2 = tb.following[nxt]
        pool2 = unseen & ~fr.lacks[nxt2]
        none2 = none_row(pool2.bit_count(), fr.hands[nxt2].bit_count())
    special = policy.special
    keep = hand.bit_count() > policy.keep_while
    best = moves[0]
    best_score = -1e9
    for code in moves:
        if code < 0:
            score = -100.0 if code == DRAW else -50.0
        else:
            t = code & 63
            score = PIPS[t] + random()
            if keep and special >> t & 1:
                score -= policy.keep_special
            a, b = HALVES[t]
            after = fits[a] | fits[b]
            if hand & ~_BIT[t] & after & ~special:
                score += policy.follow
            score -= policy.block * (1.0 - none1[(after & pool1).bit_count()])
            if second_on:
                score -= policy.block_second * (1.0 - none2[(after & pool2).bit_count()])
        if score > best_score:
            best, best_score = code, score
    return best


def _lay_code(tile: Tile, arm: int, end: int, touch: int, joins: int = _NONE, across: bool = False) -> int:
    return tile | arm << 6 | end << 9 | touch << 16 | joins << 20 | (_ACROSS if across else 0)


def lead_code(tile: Tile) -> int:
    return tile | _LEAD | HIGH[tile] << 16 | _NONE << 20


def decode(code: int) -> Action:
    """The ``Action`` a move code stands for (as ``RoundState.legal_moves`` lists it)."""
    if code == DRAW:
        return Action("draw")
    if code == PASS:
        return Action("pass")
    if code == REFUSE:
        return Action("refuse")
    tile = code & 63
    if code & _LEAD:
        return Action("lay", tile, None, HIGH[tile])
    touch = code >> 16 & 15
    joins = code >> 20 & 15
    return Action(
        "lay",
        tile,
        ARMS[code >> 6 & 7],
        None if touch == _NONE else touch,
        bool(code & _ACROSS),
        None if joins == _NONE else joins,
    )


class Tables:
    """Everything the playout loops look up, computed once per ``Rules``."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.players = rules.players
        self.target = target = rules.target
        self.ntiles = ntiles = len(rules.all_tiles)
        self.layout = _LAYOUTS[rules.layout]
        self.policy = _POLICIES[rules.drawing]
        self.reserve = rules.reserve
        self.scoring = _SCORINGS[rules.scoring]
        self.crosswise = rules.crosswise
        self.wild = rules.wild_doubles
        self.matadors = matadors = rules.matador_mask
        self.doubles = _DOUBLES & ((1 << ntiles) - 1)
        # Tiles with two lays on an ordinary end (a matador that is not a double).
        self.two_ways = sum(_BIT[t] for t in range(ntiles) if matadors >> t & 1 and not DOUBLE[t])
        # fits[v]: the tiles that may be laid on an end showing v (v >= CROSS_BASE: crosswise).
        values = CROSS_BASE + ntiles
        fits = [0] * values
        for v in range(rules.top + 1):
            fits[v] = rules.fits[v]
        if self.crosswise:
            for t in range(ntiles):
                if self.two_ways >> t & 1:
                    a, b = HALVES[t]
                    fits[CROSS_BASE + t] = rules.fits[a] | rules.fits[b]
        self.fits = fits
        # codes[arm][v][t]: the lays of tile t on arm showing v, in legal_moves() order.
        self.codes: list[list[tuple[tuple[int, ...], ...]]] = [
            [self._codes_for(arm, v) for v in range(values)] for arm in range(8)
        ]
        # The same lays as tuples (tile bit, arm, new end, code), by tile bit.
        self.lays: list[list[dict[int, tuple[Lay, ...]]]] = [
            [
                {_BIT[t]: tuple((_BIT[t], arm, c >> 9 & 127, c) for c in lays) for t, lays in enumerate(by_tile) if lays}
                for by_tile in self.codes[arm]
            ]
            for arm in range(8)
        ]
        # The end values an arm can show: pips, and a crosswise matador's pair.
        self.values = [v for v in range(len(fits)) if v <= rules.top or fits[v]]
        self._pairs: dict[tuple[int, int], Pair] = {}
        self.pair_fits, self.pair_lays = self.pairs(W, E)
        # Pips of a hand, eight tiles at a time.
        self.pip_bytes = [
            [sum(PIPS[8 * k + i] for i in range(8) if m >> i & 1 and 8 * k + i < ntiles) for m in range(256)]
            for k in range((ntiles + 7) // 8)
        ]
        self.following = tuple((s + 1) % self.players for s in range(self.players))

    def _codes_for(self, arm: int, v: int) -> tuple[tuple[int, ...], ...]:
        fits = self.fits[v]
        target = self.target
        out: list[tuple[int, ...]] = []
        for t in range(self.ntiles):
            if not fits >> t & 1:
                out.append(())
                continue
            a, b = HALVES[t]
            matador = bool(self.matadors >> t & 1)
            lays: list[int] = []
            if v >= CROSS_BASE:
                pa, pb = HALVES[v - CROSS_BASE]  # pa > pb: the higher value first
                for j in (pa, pb):
                    if matador:
                        lays.append(_lay_code(t, arm, b, a, j))
                        if b != a:
                            lays.append(_lay_code(t, arm, a, b, j))
                    elif target - j == a or target - j == b:
                        touch = target - j
                        lays.append(_lay_code(t, arm, a + b - touch, touch, j))
            elif matador:
                lays.append(_lay_code(t, arm, b, a))
                if b != a:
                    lays.append(_lay_code(t, arm, a, b))
                    if self.crosswise:
                        lays.append(_lay_code(t, arm, CROSS_BASE + t, _NONE, _NONE, True))
            elif self.wild and a == b:
                lays.append(_lay_code(t, arm, v, a))
            else:
                touch = target - v
                lays.append(_lay_code(t, arm, a + b - touch, touch))
            out.append(tuple(lays))
        return tuple(out)

    def pairs(self, first: int, second: int) -> Pair:
        """Two arms at once: ``fits[v][u]``, the tiles that fit either arm when they
        show v and u, and ``lays[v][u][bit]``, that tile's lays on the first arm then
        on the second (the order of ``legal_moves()``, tile by tile)."""
        found = self._pairs.get((first, second))
        if found is None:
            fits = self.fits
            size = len(fits)
            pair_fits = [[0] * size for _ in range(size)]
            pair_lays: list[list[dict[int, tuple[Lay, ...]]]] = [[{} for _ in range(size)] for _ in range(size)]
            one, two = self.lays[first], self.lays[second]
            for v in self.values:
                for u in self.values:
                    either = pair_fits[v][u] = fits[v] | fits[u]
                    pair_lays[v][u] = {
                        bit: one[v].get(bit, ()) + two[u].get(bit, ())
                        for bit in (_BIT[t] for t in range(self.ntiles))
                        if bit & either
                    }
            found = self._pairs[first, second] = (pair_fits, pair_lays)
        return found

    def pips(self, hand: int) -> int:
        total = 0
        for table in self.pip_bytes:
            total += table[hand & 255]
            hand >>= 8
        return total

    def pips_of(self, hands: Sequence[int]) -> tuple[int, ...]:
        if len(self.pip_bytes) == 4:  # double-six
            p0, p1, p2, p3 = self.pip_bytes
            return tuple([p0[h & 255] + p1[h >> 8 & 255] + p2[h >> 16 & 255] + p3[h >> 24] for h in hands])
        return tuple([self.pips(h) for h in hands])

    def outcome(self, end: str, winner: int | None, hands: Sequence[int]) -> Outcome:
        """The end of a round, as ``RoundState._finish`` scores it."""
        pips = self.pips_of(hands)
        players = self.players
        if end == "redeal":
            return end, None, pips, (0,) * players
        if end == "blocked":
            low = min(pips)
            winner = pips.index(low) if pips.count(low) == 1 else None
        scoring = self.scoring
        if scoring == OWN:
            return end, winner, pips, pips
        if winner is None:
            return end, None, pips, (0,) * players
        scores = [0] * players
        total = sum(pips)
        if scoring == BOTH:
            scores[winner] = total
        elif scoring == OPPONENTS or end == "domino":
            scores[winner] = total - pips[winner]
        else:  # opponents' pips less the winner's, when blocked
            scores[winner] = total - players * pips[winner]
        return end, winner, pips, tuple(scores)


_TABLES: dict[Rules, Tables] = {}
_LAST: list[Tables] = []


def tables(rules: Rules) -> Tables:
    """The tables of ``rules`` (made once; the last ones are found without hashing)."""
    if _LAST and _LAST[0].rules is rules:
        return _LAST[0]
    tb = _TABLES.get(rules)
    if tb is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        tb = _TABLES[rules] = Tables(rules)
    _LAST[:] = [tb]
    return tb


class FastRound:
    """A round position for fast playouts (see ``from_state``).

    ``hands`` are bitmasks; ``boneyard`` holds ``1 << tile`` for each tile in
    drawing order, ``drawn`` of them already drawn; ``ends`` per arm as in
    ``RoundState`` except that a crosswise end is ``CROSS_BASE + tile``.
    """

    __slots__ = (
        "tb",
        "hands",
        "boneyard",
        "drawn",
        "phase",
        "current",
        "ends",
        "arm_len",
        "spinner",
        "spinner_index",
        "passes",
        "drew",
        "lead_kind",
        "lead_tile",
        "refusals",
        "laid",
        "lacks",
    )

    def __init__(self, tb: Tables, hands: list[int], boneyard: list[int]):
        self.tb = tb
        self.hands = hands
        self.boneyard = boneyard
        self.drawn = 0
        self.phase = PHASE_LEAD
        self.current = 0
        self.ends = [CLOSED] * 8
        self.arm_len = [0] * 8
        self.spinner: int | None = None  # -1: the lead; else the arm holding it
        self.spinner_index = 0
        self.passes = 0
        self.drew = False
        self.lead_kind = FORCED
        self.lead_tile = 0
        self.refusals = 0
        self.laid = 0  # tiles on the table (for a policy that reads only public facts)
        self.lacks = [0] * tb.players  # per seat, tiles its passes and forced draws showed it lacks

    def copy(self) -> FastRound:
        other = FastRound(self.tb, self.hands[:], self.boneyard)
        other.drawn = self.drawn
        other.phase = self.phase
        other.current = self.current
        other.ends = self.ends[:]
        other.arm_len = self.arm_len[:]
        other.spinner = self.spinner
        other.spinner_index = self.spinner_index
        other.passes = self.passes
        other.drew = self.drew
        other.lead_kind = self.lead_kind
        other.lead_tile = self.lead_tile
        other.refusals = self.refusals
        other.laid = self.laid
        other.lacks = self.lacks[:]
        return other

    def playout(self, rng: _random.Random, trace: Trace | None = None) -> Outcome:
        """Play to the end at random (on a copy: this position is left as it was)."""
        return _playout(self.copy(), rng.random, trace)


def open_round(tb: Tables, hands: list[int], rule: str, seat: int | None) -> tuple[int, int, int] | None:
    """Who leads, and how, from the deal (as ``RoundState._open``):
    ``(lead kind, seat, tile)``, or None for a redeal."""
    players = tb.players
    if rule == "winner-any-tile":
        return ANY_TILE, seat or 0, 0
    if rule in REFUSABLE_LEADS:
        return REFUSABLE, seat or 0, 0
    doubles = [h & tb.doubles for h in hands]
    if rule == "lowest-double-not-blank":
        best = None
        for s in range(players):
            d = doubles[s] & ~1
            if d:
                low = d & -d
                if best is None or low < best[2]:
                    best = (FORCED, s, low)
        return None if best is None else (FORCED, best[1], _TILE[best[2]])
    if rule == "six-six-redeal":
        for s in range(players):
            if hands[s] >> 27 & 1:
                return FORCED, s, 27
        return None
    top = max(doubles)  # the mask holding the highest double is the largest
    if top:
        seat = doubles.index(top)
        if rule == "highest-holder-any-double-not-blank":
            return REFUSABLE, seat, 0
        return FORCED, seat, top.bit_length() - 1
    if rule == "highest-double-draw":
        return DRAW_FOR_DOUBLE, 0, 0
    if rule == "highest-double-else-highest-tile":
        best_key = (-1, -1, 0, 0)
        for s in range(players):
            h = hands[s]
            while h:
                low = h & -h
                h ^= low
                t = _TILE[low]
                if (PIPS[t], HIGH[t]) > best_key[:2]:
                    best_key = (PIPS[t], HIGH[t], s, t)
        return FORCED, best_key[2], best_key[3]
    return None


def _from_deal(
    tb: Tables, hands: list[int], bone: list[int], rule: str, seat: int | None, random: Random, trace: Trace | None
) -> Outcome:
    """Open and play a round from a deal (hands as masks, the boneyard as tile bits)."""
    lead = open_round(tb, hands, rule, seat)
    if lead is None:
        return tb.outcome("redeal", None, hands)
    kind, seat, tile = lead
    if kind == FORCED and tb.layout == LINE:
        if trace is not None:
            trace.append((1, lead_code(tile)))
        h = hands[seat] ^ _BIT[tile]
        hands[seat] = h
        if not h:
            return tb.outcome("domino", seat, hands)
        a, b = HALVES[tile]
        return _line(tb, hands, bone, 0, tb.following[seat], a, b, 0, False, random, trace)
    fr = FastRound(tb, hands, bone)
    fr.lead_kind, fr.current, fr.lead_tile = kind, seat, tile
    return _playout(fr, random, trace)


def play_random_round(
    rules: Rules,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    opening: Opening,
    rng: _random.Random,
    trace: Trace | None = None,
) -> Outcome:
    """Play one round from the deal at random: ``(end, winner, pips, scores)``.

    ``trace``, if given, receives ``(number of legal actions, action code)`` for
    every action (``decode`` turns a code into an ``Action``).
    """
    tb = tables(rules)
    masks = [sum(_BIT[t] for t in hand) for hand in hands]
    return _from_deal(tb, masks, [_BIT[t] for t in boneyard], opening.rule, opening.seat, rng.random, trace)


def from_state(state: RoundState) -> FastRound:
    """A fast copy of a ``RoundState`` position (for playouts in search)."""
    if state.phase == "over":
        raise ValueError("the round is over")
    tb = tables(state.rules)
    fr = FastRound(tb, state.hands[:], [_BIT[t] for t in state.boneyard])
    fr.drawn = state.drawn
    fr.phase = _PHASES[state.phase]
    fr.current = state.current if state.current is not None else 0
    ends = state.ends[:]
    for arm, end in enumerate(ends):
        pair = state.cross[arm]
        if end == CROSS and pair is not None:
            ends[arm] = CROSS_BASE + tile_of(pair[0], pair[1])
    fr.ends = ends
    fr.arm_len = state.arm_len[:]
    if state.spinner_at is not None:
        fr.spinner, fr.spinner_index = state.spinner_at
    fr.passes = state.passes
    fr.drew = state.drew
    fr.lead_kind = _KINDS[state.lead_kind]
    fr.lead_tile = state.lead_tile if state.lead_tile is not None else 0
    fr.refusals = state.refusals
    for placement in state.placements:
        fr.laid |= _BIT[placement.tile]
    fr.lacks = list(state.lacks)
    return fr


def play_policy(fr: FastRound, rng: _random.Random, policy: Policy, trace: Trace | None = None) -> Outcome:
    """Play ``fr`` to the end of the round (in place: pass a copy to keep it),
    every choice made by ``policy`` for the seat to move."""
    return _playout(fr, rng.random, trace, policy)


def _playout(fr: FastRound, random: Random, trace: Trace | None, chooser: Policy | None = None) -> Outcome:
    tb = fr.tb
    if fr.phase == PHASE_LEAD:
        done = _lead(fr, random, trace, chooser)
        if done is not None:
            return done
    if chooser is not None:
        return _play_chosen(fr, random, trace, chooser)
    if tb.layout == LINE:
        return _line(
            tb, fr.hands, fr.boneyard, fr.drawn, fr.current, fr.ends[W], fr.ends[E], fr.passes, fr.drew, random, trace
        )
    return _play(fr, random, trace)


def _lead(fr: FastRound, random: Random, trace: Trace | None, chooser: Policy | None = None) -> Outcome | None:
    """Play the lead phase; an outcome if the round ends in it, else None (play follows)."""
    tb = fr.tb
    hands = fr.hands
    players = tb.players
    bone = fr.boneyard
    lim = len(bone) - tb.reserve if tb.policy != NO_DRAW else 0
    while True:
        seat = fr.current
        kind = fr.lead_kind
        h = hands[seat]
        moves: list[int]
        if kind == FORCED:
            moves = [lead_code(fr.lead_tile)]
        elif kind == DRAW_FOR_DOUBLE:
            moves = [DRAW]
        else:
            m = h if kind == ANY_TILE else h & tb.doubles & ~1
            moves = []
            while m:
                low = m & -m
                m ^= low
                moves.append(lead_code(_TILE[low]))
            if kind == REFUSABLE:
                if fr.drawn < lim:
                    moves.append(DRAW)
                moves.append(REFUSE)
        n = len(moves)
        if n == 1:
            code = moves[0]
        elif chooser is None:
            code = moves[int(random() * n)]
        else:
            code = _choose_lead(fr, moves, random, chooser)
        if trace is not None:
            trace.append((n, code))
        if code == DRAW:
            bit = bone[fr.drawn]
            fr.drawn += 1
            hands[seat] = h | bit
            fr.passes = 0
            fr.lacks[seat] = 0  # a tile nothing bound came in
            if kind == DRAW_FOR_DOUBLE:
                if bit & tb.doubles:
                    fr.lead_kind, fr.lead_tile = FORCED, _TILE[bit]
                else:
                    fr.current = (seat + 1) % players
                    if fr.drawn == len(bone):  # cannot happen with real sets
                        return tb.outcome("redeal", None, hands)
        elif code == REFUSE:
            fr.refusals += 1
            if fr.refusals >= players:
                return tb.outcome("redeal", None, hands)
            fr.current = (seat + 1) % players
        else:
            t = code & 63
            h ^= _BIT[t]
            hands[seat] = h
            fr.passes = 0
            fr.laid |= _BIT[t]
            a, b = HALVES[t]
            ends = fr.ends
            ends[W], ends[E] = a, b
            fr.phase = PHASE_PLAY
            if a == b and tb.layout != LINE:
                fr.spinner, fr.spinner_index = -1, 0
                ends[N] = ends[S] = a
            fr.drew = False
            if not h:
                return tb.outcome("domino", seat, hands)
            fr.current = (seat + 1) % players
            return None


def _arms(layout: int, arm_len: list[int], spinner: int | None, spinner_index: int) -> tuple[tuple[int, ...], bool]:
    """The arms that may be played now (``RoundState._playable_arms``), and whether
    that can still change."""
    if layout == LINE:
        return (W, E), True
    if layout == SPINNER:
        if spinner is not None:
            if arm_len[W] > 0 and arm_len[E] > 0 if spinner == -1 else arm_len[spinner] > spinner_index + 1:
                return (W, E) + _SIDES[spinner], True
        return (W, E), False
    if layout == CROSS_SIDES:
        if arm_len[N] == 0 or arm_len[S] == 0:
            return tuple(a for a in (N, S) if arm_len[a] == 0), False
        return (W, E, N, S), True
    missing = tuple(a for a in (W, E, N, S) if arm_len[a] == 0)
    return (missing, False) if missing else ((W, E, N, S), True)


# For other fast loops over these tables.
playable_arms = _arms


def _play(fr: FastRound, random: Random, trace: Trace | None) -> Outcome:
    """The play phase, any layout (as ``RoundState._play_moves`` and ``_apply``),
    uniformly random moves (``_play_chosen`` plays the policy's)."""
    tb = fr.tb
    hands = fr.hands
    players = tb.players
    following = tb.following
    bone = fr.boneyard
    drawn = fr.drawn
    policy = tb.policy
    lim = len(bone) - tb.reserve if policy != NO_DRAW else 0
    cur = fr.current
    ends = fr.ends
    arm_len = fr.arm_len
    spinner = fr.spinner
    spinner_index = fr.spinner_index
    passes = fr.passes
    drew = fr.drew
    fits = tb.fits
    lays = tb.lays
    layout = tb.layout
    doubles = tb.doubles
    arms, settled = _arms(layout, arm_len, spinner, spinner_index)
    if settled:
        return _four(tb, hands, bone, drawn, cur, ends, arms, passes, drew, random, trace)
    moves: list[Lay]
    while True:
        h = hands[cur]
        # The lays: tile by tile, arm by arm.
        union = 0
        targets = []
        for arm in arms:
            v = ends[arm]
            m = h & fits[v]
            if m:
                union |= m
                targets.append((m, lays[arm][v]))
        if union:
            moves = []
            if len(targets) == 1:
                table = targets[0][1]
                while union:
                    low = union & -union
                    union ^= low
                    moves += table[low]
            else:
                while union:
                    low = union & -union
                    union ^= low
                    for m, table in targets:
                        if m & low:
                            moves += table[low]
            n = len(moves)
            if policy >= LAY_OR_DRAW and drawn < lim:
                n += 1
                k = int(random() * n)
                code = DRAW if k == n - 1 else moves[k][3]
            else:
                code = moves[0][3] if n == 1 else moves[int(random() * n)][3]
        elif drawn < lim and (policy != ONE_THEN_PASS or not drew) and policy != NO_DRAW:
            n, code = 1, DRAW
        else:
            n, code = 1, PASS
        if trace is not None:
            trace.append((n, code))
        if code >= 0:
            bit = _BIT[code & 63]
            arm = code >> 6 & 7
            h ^= bit
            hands[cur] = h
            passes = 0
            index = arm_len[arm]
            arm_len[arm] = index + 1
            ends[arm] = code >> 9 & 127
            if not settled:
                if layout == SPINNER and spinner is None and arm < 2 and bit & doubles:
                    spinner, spinner_index = arm, index
                    for side in _SIDES[arm]:
                        ends[side] = HIGH[code & 63]
                arms, settled = _arms(layout, arm_len, spinner, spinner_index)
            if not h:
                return tb.outcome("domino", cur, hands)
            cur = following[cur]
            drew = False
            if settled:  # four arms for good from now on
                return _four(tb, hands, bone, drawn, cur, ends, arms, passes, drew, random, trace)
        elif code == DRAW:
            hands[cur] = h | bone[drawn]
            drawn += 1
            passes = 0
            if policy == LAY_OR_DRAW:
                cur = following[cur]
                drew = False
            else:
                drew = True
        else:  # PASS
            passes += 1
            if passes >= players:
                return tb.outcome("blocked", None, hands)
            cur = following[cur]
            drew = False


def _play_chosen(fr: FastRound, random: Random, trace: Trace | None, chooser: Policy) -> Outcome:
    """The play phase with every choice made by ``chooser`` (see ``Policy``), any
    layout: the same actions from the same random numbers as ``_play`` with a
    chooser, in a loop of its own. Per turn, what each open arm accepts is
    looked up once, and for each arm what the others accept (a lay leaves the
    other ends as they were), instead of once per lay scored; the penalty
    for leaving ends the next seat may answer is a row made once per pool
    and hand size."""
    tb = fr.tb
    hands = fr.hands
    players = tb.players
    following = tb.following
    bone = fr.boneyard
    drawn = fr.drawn
    drawing = tb.policy
    by_choice = drawing >= LAY_OR_DRAW
    lim = len(bone) - tb.reserve if drawing != NO_DRAW else 0
    cur = fr.current
    ends = fr.ends
    arm_len = fr.arm_len
    spinner = fr.spinner
    spinner_index = fr.spinner_index
    passes = fr.passes
    drew = fr.drew
    fits = tb.fits
    lays = tb.lays
    layout = tb.layout
    doubles = tb.doubles
    arms, settled = _arms(layout, arm_len, spinner, spinner_index)
    laid = fr.laid
    lacks = fr.lacks
    every_tile = (1 << tb.ntiles) - 1
    special = chooser.special
    plain = ~special
    epsilon = chooser.epsilon
    keep_w, keep_while, follow_w = chooser.keep_special, chooser.keep_while, chooser.follow
    block_w, second_w = chooser.block, chooser.block_second
    second_on = players > 2 and second_w != 0.0
    # With no weight below zero, a lay's score only grows by ``follow`` after
    # its pips, noise and keep penalty (floating-point rounding is monotone),
    # so a lay whose score by then plus ``follow`` does not beat the best so
    # far is passed over (its random number drawn all the same).
    bonus = follow_w if min(follow_w, block_w, second_w) >= 0.0 else float("inf")
    penalties = _penalties(block_w)
    penalties2 = _penalties(second_w)
    rest = [0] * 8  # per arm: the tiles the other open arms accept
    accepts = [0] * 8  # per open arm: the tiles it accepts (this turn)
    four = settled and len(arms) == 4
    if four:
        a0, a1, a2, a3 = arms
        fits1, lays1 = tb.pairs(a0, a1)
        fits2, lays2 = tb.pairs(a2, a3)
    moves: list[Lay]
    while True:
        h = hands[cur]
        if four:  # two arms at a time (as ``_four``): the same lays in the same order
            v0 = ends[a0]
            v1 = ends[a1]
            v2 = ends[a2]
            v3 = ends[a3]
            u1 = h & fits1[v0][v1]
            u2 = h & fits2[v2][v3]
            union = u1 | u2
            if union:
                moves = []
                if u1 and u2:
                    table1 = lays1[v0][v1]
                    table2 = lays2[v2][v3]
                    while union:
                        low = union & -union
                        union ^= low
                        if u1 & low:
                            moves += table1[low]
                        if u2 & low:
                            moves += table2[low]
                else:
                    table = lays1[v0][v1] if u1 else lays2[v2][v3]
                    while union:
                        low = union & -union
                        union ^= low
                        moves += table[low]
                union = 1
        else:
            union = 0
            targets = []
            for arm in arms:
                v = ends[arm]
                m = h & fits[v]
                if m:
                    union |= m
                    targets.append((m, lays[arm][v]))
            if union:
                moves = []
                if len(targets) == 1:
                    table = targets[0][1]
                    while union:
                        low = union & -union
                        union ^= low
                        moves += table[low]
                else:
                    while union:
                        low = union & -union
                        union ^= low
                        for m, table in targets:
                            if m & low:
                                moves += table[low]
                union = 1
        if union:
            count = len(moves)
            n = count + 1 if by_choice and drawn < lim else count
            if n == 1:
                code = moves[0][3]
            elif random() < epsilon:
                k = int(random() * n)
                code = moves[k][3] if k < count else DRAW
            else:
                nxt = following[cur]
                unseen = every_tile & ~h & ~laid
                pool1 = unseen & ~lacks[nxt]
                key = (pool1.bit_count(), hands[nxt].bit_count())
                found = penalties.get(key)
                if found is None:
                    found = penalties[key] = [block_w * (1.0 - x) for x in none_row(*key)]
                row1 = row2 = found
                if second_on:
                    nxt2 = following[nxt]
                    pool2 = unseen & ~lacks[nxt2]
                    key = (pool2.bit_count(), hands[nxt2].bit_count())
                    found = penalties2.get(key)
                    if found is None:
                        found = penalties2[key] = [second_w * (1.0 - x) for x in none_row(*key)]
                    row2 = found
                if four:
                    f0 = fits[v0]
                    f1 = fits[v1]
                    f2 = fits[v2]
                    f3 = fits[v3]
                    f01 = f0 | f1
                    f23 = f2 | f3
                    rest[a0] = f1 | f23
                    rest[a1] = f0 | f23
                    rest[a2] = f01 | f3
                    rest[a3] = f01 | f2
                elif len(arms) == 2:
                    b0, b1 = arms
                    rest[b0] = fits[ends[b1]]
                    rest[b1] = fits[ends[b0]]
                else:
                    for arm in arms:
                        accepts[arm] = fits[ends[arm]]
                    for arm in arms:
                        r = 0
                        for other in arms:
                            if other != arm:
                                r |= accepts[other]
                        rest[arm] = r
                keep = h.bit_count() > keep_while
                mine = h & plain
                code = DRAW
                best_score = -100.0 if n > count else -1e9  # the draw, listed last, scores -100
                if second_on:
                    for bit, arm, v, c in moves:
                        score = PIPS[c & 63] + random()
                        if keep and special & bit:
                            score -= keep_w
                        after = fits[v] | rest[arm]
                        if mine & ~bit & after:
                            score += follow_w
                        score -= row1[(after & pool1).bit_count()]
                        score -= row2[(after & pool2).bit_count()]
                        if score > best_score:
                            code, best_score = c, score
                else:
                    for bit, arm, v, c in moves:
                        score = PIPS[c & 63] + random()
                        if keep and special & bit:
                            score -= keep_w
                        if score + bonus <= best_score:
                            continue  # it cannot win: what is left to add is at most ``follow``
                        after = fits[v] | rest[arm]
                        if mine & ~bit & after:
                            score += follow_w
                        score -= row1[(after & pool1).bit_count()]
                        if score > best_score:
                            code, best_score = c, score
        elif drawn < lim and (drawing != ONE_THEN_PASS or not drew) and drawing != NO_DRAW:
            n, code = 1, DRAW
        else:
            n, code = 1, PASS
        if trace is not None:
            trace.append((n, code))
        if code >= 0:
            bit = _BIT[code & 63]
            arm = code >> 6 & 7
            h ^= bit
            hands[cur] = h
            passes = 0
            index = arm_len[arm]
            arm_len[arm] = index + 1
            ends[arm] = code >> 9 & 127
            if not settled:
                if layout == SPINNER and spinner is None and arm < 2 and bit & doubles:
                    spinner, spinner_index = arm, index
                    for side in _SIDES[arm]:
                        ends[side] = HIGH[code & 63]
                arms, settled = _arms(layout, arm_len, spinner, spinner_index)
                if settled and len(arms) == 4:
                    four = True
                    a0, a1, a2, a3 = arms
                    fits1, lays1 = tb.pairs(a0, a1)
                    fits2, lays2 = tb.pairs(a2, a3)
            if not h:
                return tb.outcome("domino", cur, hands)
            cur = following[cur]
            drew = False
            laid |= bit
        elif code == DRAW:
            if by_choice:  # a draw that may be by choice: the hand is unbound
                lacks[cur] = 0
            else:
                for arm in arms:
                    lacks[cur] |= fits[ends[arm]]
            hands[cur] = h | bone[drawn]
            drawn += 1
            passes = 0
            if drawing == LAY_OR_DRAW:
                cur = following[cur]
                drew = False
            else:
                drew = True
        else:  # PASS
            for arm in arms:
                lacks[cur] |= fits[ends[arm]]
            passes += 1
            if passes >= players:
                return tb.outcome("blocked", None, hands)
            cur = following[cur]
            drew = False


_PENALTIES: dict[float, dict[tuple[int, int], list[float]]] = {}


def _penalties(weight: float) -> dict[tuple[int, int], list[float]]:
    """Rows of ``weight`` times the chance that a hand answers (``none_row``), per
    pool and hand size, for one weight (made as they are needed, kept)."""
    found = _PENALTIES.get(weight)
    if found is None:
        found = _PENALTIES[weight] = {}
    return found


_DRAWN = (1, DRAW)
_PASSED = (1, PASS)


def _line(
    tb: Tables,
    hands: list[int],
    bone: list[int],
    drawn: int,
    cur: int,
    w: int,
    e: int,
    passes: int,
    drew: bool,
    random: Random,
    trace: Trace | None,
) -> Outcome:
    """The play phase in a line: two ends, W and E, never more."""
    players = tb.players
    following = tb.following
    policy = tb.policy
    by_choice = policy >= LAY_OR_DRAW
    lim = len(bone) - tb.reserve if policy != NO_DRAW else 0
    pair_fits = tb.pair_fits
    pair_lays = tb.pair_lays
    moves: Sequence[Lay]
    while True:
        h = hands[cur]
        u = h & pair_fits[w][e]
        if u:
            if u & (u - 1):
                table = pair_lays[w][e]
                moves = []
                while u:
                    low = u & -u
                    u ^= low
                    moves += table[low]
            else:
                moves = pair_lays[w][e][u]
            if by_choice and drawn < lim:
                n = len(moves) + 1
                k = int(random() * n)
                if k == n - 1:  # draw
                    if trace is not None:
                        trace.append((n, DRAW))
                    hands[cur] = h | bone[drawn]
                    drawn += 1
                    passes = 0
                    if policy == LAY_OR_DRAW:
                        cur = following[cur]
                        drew = False
                    else:
                        drew = True
                    continue
                bit, arm, v, code = moves[k]
            else:
                n = len(moves)
                bit, arm, v, code = moves[0] if n == 1 else moves[int(random() * n)]
            if trace is not None:
                trace.append((n, code))
            h ^= bit
            hands[cur] = h
            if arm:
                e = v
            else:
                w = v
            if not h:
                return tb.outcome("domino", cur, hands)
            passes = 0
            cur = following[cur]
            drew = False
        elif drawn < lim and (policy != ONE_THEN_PASS or not drew):
            if policy == UNTIL:
                either = pair_fits[w][e]
                start = drawn
                while True:
                    bit = bone[drawn]
                    drawn += 1
                    h |= bit
                    if either & bit or drawn >= lim:
                        break
                if trace is not None:
                    trace.extend([_DRAWN] * (drawn - start))
                hands[cur] = h
                passes = 0
                drew = True
                continue
            if trace is not None:
                trace.append(_DRAWN)
            hands[cur] = h | bone[drawn]
            drawn += 1
            passes = 0
            if policy == LAY_OR_DRAW:
                cur = following[cur]
                drew = False
            else:
                drew = True
        else:
            if trace is not None:
                trace.append(_PASSED)
            passes += 1
            if passes >= players:
                return tb.outcome("blocked", None, hands)
            cur = following[cur]
            drew = False


def _four(
    tb: Tables,
    hands: list[int],
    bone: list[int],
    drawn: int,
    cur: int,
    ends: list[int],
    arms: tuple[int, ...],
    passes: int,
    drew: bool,
    random: Random,
    trace: Trace | None,
) -> Outcome:
    """The play phase once four arms are open for good (a cross, or a spinner's four
    arms): ``_line`` with the arms taken two by two."""
    players = tb.players
    following = tb.following
    policy = tb.policy
    by_choice = policy >= LAY_OR_DRAW
    lim = len(bone) - tb.reserve if policy != NO_DRAW else 0
    a0, a1, a2, a3 = arms
    fits1, lays1 = tb.pairs(a0, a1)
    fits2, lays2 = tb.pairs(a2, a3)
    moves: Sequence[Lay]
    while True:
        h = hands[cur]
        v0 = ends[a0]
        v1 = ends[a1]
        v2 = ends[a2]
        v3 = ends[a3]
        u1 = h & fits1[v0][v1]
        u2 = h & fits2[v2][v3]
        if u1 or u2:
            if u1 and u2:
                table1 = lays1[v0][v1]
                table2 = lays2[v2][v3]
                moves = []
                u = u1 | u2
                while u:
                    low = u & -u
                    u ^= low
                    if u1 & low:
                        moves += table1[low]
                    if u2 & low:
                        moves += table2[low]
            else:
                u, table = (u1, lays1[v0][v1]) if u1 else (u2, lays2[v2][v3])
                if u & (u - 1):
                    moves = []
                    while u:
                        low = u & -u
                        u ^= low
                        moves += table[low]
                else:
                    moves = table[u]
            if by_choice and drawn < lim:
                n = len(moves) + 1
                k = int(random() * n)
                if k == n - 1:  # draw
                    if trace is not None:
                        trace.append((n, DRAW))
                    hands[cur] = h | bone[drawn]
                    drawn += 1
                    passes = 0
                    if policy == LAY_OR_DRAW:
                        cur = following[cur]
                        drew = False
                    else:
                        drew = True
                    continue
                bit, arm, v, code = moves[k]
            else:
                n = len(moves)
                bit, arm, v, code = moves[0] if n == 1 else moves[int(random() * n)]
            if trace is not None:
                trace.append((n, code))
            h ^= bit
            hands[cur] = h
            ends[arm] = v
            if not h:
                return tb.outcome("domino", cur, hands)
            passes = 0
            cur = following[cur]
            drew = False
        elif drawn < lim and (policy != ONE_THEN_PASS or not drew):
            if policy == UNTIL:
                either = fits1[v0][v1] | fits2[v2][v3]
                start = drawn
                while True:
                    bit = bone[drawn]
                    drawn += 1
                    h |= bit
                    if either & bit or drawn >= lim:
                        break
                if trace is not None:
                    trace.extend([_DRAWN] * (drawn - start))
                hands[cur] = h
                passes = 0
                drew = True
                continue
            if trace is not None:
                trace.append(_DRAWN)
            hands[cur] = h | bone[drawn]
            drawn += 1
            passes = 0
            if policy == LAY_OR_DRAW:
                cur = following[cur]
                drew = False
            else:
                drew = True
        else:
            if trace is not None:
                trace.append(_PASSED)
            passes += 1
            if passes >= players:
                return tb.outcome("blocked", None, hands)
            cur = following[cur]
            drew = False


def random_deals(rules: Rules, count: int, seed: int = 0, use_numpy: bool | None = None) -> Iterator[Deal]:
    """``count`` uniform random deals: (hand masks, boneyard as tile bits in drawing order).

    With numpy (optional: ``use_numpy=None`` uses it when installed) the deals are
    shuffled in batches, about four times faster than Python's Fisher-Yates.
    """
    np = _numpy() if use_numpy is not False else None
    if use_numpy and np is None:
        raise ImportError("numpy is not installed")
    size = rules.hand_size
    players = rules.players
    dealt = size * players
    ntiles = len(rules.all_tiles)
    if np is not None:
        gen = np.random.default_rng(seed)
        order = np.tile(np.arange(ntiles, dtype=np.uint64), (min(count, 1024), 1))
        one = np.uint64(1)
        left = count
        while left > 0:
            batch = min(left, 1024)
            bits = np.left_shift(one, gen.permuted(order[:batch], axis=1))
            hands = bits[:, :dealt].reshape(batch, players, size).sum(axis=2, dtype=np.uint64).tolist()
            yield from zip(hands, bits[:, dealt:].tolist())
            left -= batch
        return
    random = _random.Random(seed).random
    tiles = [_BIT[t] for t in rules.all_tiles]
    cuts = range(0, dealt, size)
    steps = [(i, i + 1) for i in range(ntiles - 1, 0, -1)]
    for _ in range(count):
        for i, span in steps:  # Fisher-Yates
            j = int(random() * span)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        yield [sum(tiles[k : k + size]) for k in cuts], tiles[dealt:]


def _numpy() -> Any:
    try:
        return importlib.import_module("numpy")
    except ImportError:
        return None


def has_numpy() -> bool:
    """Whether ``random_deals`` can shuffle with numpy (an optional dependency)."""
    return _numpy() is not None


def random_games(rules: Rules, count: int, seed: int = 0, use_numpy: bool | None = None) -> int:
    """Play ``count`` random rounds, each from a fresh uniform deal (``random_deals``);
    returns how many ended with a domino, a checksum that is the same for the same
    arguments (and the same deal source)."""
    tb = tables(rules)
    random = _random.Random(seed).random
    rule = rules.lead
    dominoes = 0
    for hands, boneyard in random_deals(rules, count, seed, use_numpy):
        if _from_deal(tb, hands, boneyard, rule, None, random, None)[0] == "domino":
            dominoes += 1
    return dominoes
