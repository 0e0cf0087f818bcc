"""Golden playthroughs: one text file per rule set under tests/playthroughs/.

    python tools/playthroughs.py write    rewrite every file from the engine
    python tools/playthroughs.py check    say which files differ (exit 1 if any)
    python tools/playthroughs.py features [RULE SET ...]   what each round shows
    python tools/playthroughs.py search RULE_SET ROUND [SEEDS CHOICES BUDGET]
        deal and choice seeds under SEEDS and CHOICES (default 300 and 12) whose
        round shows the signs its Round wants, each with the deepest perft depth
        whose counts add up to at most BUDGET (default: the round's own counts)

Each file holds a few rounds of its rule set (``ROUNDS`` below): a fixed deal
played to the round's end, with every position's legal actions, what each seat's
view holds, the action taken and the score, then perft counts (the number of
legal action sequences of each length from the deal). The text comes from
game/engine/state.py. tests/engine/test_playthroughs.py checks that each file is
what the engine writes today, and plays every round through game/engine/fastplay.py
as well (from the deal, from every position of the round, with and without a
playout policy, and at every inner node of the perft counts), so that the two
engines cannot drift apart: a change of the rules shows as a diff of these
files, which is reviewed like code (docs/architecture.md, "Golden playthroughs").

Never edit a file by hand: change ``ROUNDS`` or the engine, then ``write``.
"""

from __future__ import annotations

import difflib
import random
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine import fastplay  # noqa: E402
from game.engine.actions import Action  # noqa: E402
from game.engine.match import deal  # noqa: E402
from game.engine.rules import OPTION_IDS, RULE_SETS, Rules  # noqa: E402
from game.engine.state import Opening, RoundState  # noqa: E402
from game.engine.tiles import DOUBLE, hand_pips, hand_tiles, tile_name  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"


@dataclass(frozen=True)
class Round:
    """One golden round: the rules, the deal, how it opens, the choices' seed."""

    shows: str  # what the round is there to show (its heading)
    players: int
    deal_seed: int
    choices: int  # the seed of the choices (see HEADER)
    perft: int  # the perft depth
    options: tuple[tuple[str, Any], ...] = ()  # overrides of the rule set's preset
    deal_index: int = 0
    opening: str | None = None  # a lead rule of RULES.md section 4 (default: the rules' lead)
    seat: int | None = None  # the seat the opening names (previous winner, loser, leader)
    no_doubles: bool = False  # swap every double of the hands for a boneyard tile
    signs: tuple[str, ...] = ()  # what the round must show (``SIGNS``; "-sign": must not)

    def rules(self, base: str) -> Rules:
        return Rules.from_base(base, self.players, dict(self.options) or None)

    def deal(self, rules: Rules) -> tuple[list[list[int]], list[int]]:
        hands, boneyard = deal(rules, self.deal_seed, self.deal_index)
        if self.no_doubles:
            spare = [t for t in boneyard if not DOUBLE[t]]
            for hand in hands:
                for k, t in enumerate(hand):
                    if DOUBLE[t]:
                        swap = spare.pop()
                        hand[k] = swap
                        boneyard[boneyard.index(swap)] = t
                hand.sort()
        return hands, boneyard

    def start(self, rules: Rules) -> RoundState:
        hands, boneyard = self.deal(rules)
        return RoundState(rules, hands, boneyard, self.opening_of(rules))

    def opening_of(self, rules: Rules) -> Opening:
        return Opening(self.opening or rules.lead, self.seat)


# The rounds of each rule set, chosen so that the rules that set it apart appear
# (tools/playthroughs.py features <rule set> lists what a round shows).
ROUNDS: dict[str, list[Round]] = {
    "matador": [
        Round("two players: matadors (on a blank end too), drawing until playable, a domino", 2, 124, 2, 8,
              signs=("matador", "matador on a blank", "draws until playable", "domino")),
        Round("nobody holds a double: the seats draw for one, and the first double drawn leads", 2, 2, 3, 8, no_doubles=True,
              signs=("lead draw-for-double", "seats draw to lead")),
        Round("three players: the last round's winner leads any tile; blocked", 3, 122, 1, 7, opening="winner-any-tile", seat=2,
              signs=("lead any-tile", "blocked")),
        Round("a blocked round that ties: nobody scores", 2, 30, 2, 6, signs=("tie",)),
        Round("draw one, then pass (a custom game)", 2, 124, 2, 8, options=(("drawing", "one-then-pass"),),
              signs=("draw then pass",)),
    ],
    "all-sevens": [
        Round("two players: no drawing, passes, a domino", 2, 42, 2, 11, signs=("pass", "-draw", "domino")),
        Round("a blocked round that ties: nobody scores", 2, 197, 4, 11, signs=("tie",)),
        Round(
            "four players, first-double spinner, a spinner on an arm (a custom game)",
            4, 0, 5, 6, options=(("layout", "first-double-spinner"),), opening="winner-any-tile", seat=1,
            signs=("spinner on an arm",),
        ),
        Round("nobody holds a double: the tiles are dealt again", 2, 8, 0, 1, no_doubles=True, signs=("redeal",)),
    ],
    "family": [
        Round("two players: lay or draw, a reserve of 2, a domino", 2, 20, 8, 6,
              signs=("draws though it could lay", "reserve", "domino")),
        Round("three players", 3, 3, 9, 8),
        Round("five players on the double-nine set (target 10)", 5, 1, 3, 7),
    ],
    "leyden": [
        Round("the first round: the lowest double leads, crosswise matadors, drawing freely", 2, 3, 2, 5,
              signs=("lead forced", "across", "draws though it could lay")),
        Round("a later round: the loser may draw for a double, or refuse to lead", 2, 61, 0, 5, opening="loser-double-not-blank", seat=1,
              signs=("lead refusable", "lead draw", "refuse", "-redeal")),
        Round("both refuse to lead: the tiles are dealt again", 2, 1, 0, 5, opening="loser-double-not-blank", seat=0,
              signs=("lead refusable", "refuse", "redeal")),
    ],
    "leyden-senst": [
        Round("the highest double's holder leads any double; the complete cross; a domino", 2, 28, 8, 4,
              signs=("lead refusable", "leads a lower double", "-refuse", "complete cross", "domino")),
        Round("a blocked round that ties: nobody scores", 2, 17, 1, 4, signs=("tie",)),
        Round("a later round: the winner may draw for a double, or refuse to lead", 2, 114, 9, 5, opening="winner-double-not-blank", seat=1,
              signs=("lead refusable", "lead draw", "refuse", "-redeal")),
    ],
    "wild-doubles": [
        Round("two players: wild doubles, drawing until playable, a domino", 2, 124, 6, 6,
              signs=("wild double", "draws until playable", "domino")),
        Round("three players: a blocked round that ties, each scores their own pips", 3, 199, 3, 6, signs=("tie",)),
        Round("four players, and nobody holds a double: the highest tile leads", 4, 1, 3, 11, no_doubles=True,
              signs=("lead forced",)),
    ],
}

def rounds_of(base: str) -> list[Round]:
    """The golden rounds of a rule set: its own, or (a rule set new to ``ROUNDS``)
    a first round at its fewest players, until rounds are chosen for it."""
    if base in ROUNDS:
        return ROUNDS[base]
    fewest = min(p for p in range(2, 9) if _playable(base, p))
    return [Round("the first round", fewest, 1, 1, 4)]


def _playable(base: str, players: int) -> bool:
    try:
        Rules.from_base(base, players)
    except ValueError:
        return False
    return True


HEADER = """\
# Golden playthroughs of the rule set "{base}". Written by
#     python tools/playthroughs.py write
# never by hand; tests/engine/test_playthroughs.py checks that game/engine/state.py
# writes exactly this, and plays every round through game/engine/fastplay.py too.
# A change here is a change of the rules as the engine plays them: review it.
#
# Each round: its rules, its deal, then each position until the round ends:
#   [step] phase, the seat to move, (in the lead phase) how it must lead, and the
#          boneyard: tiles left, how many may be drawn, the reserve nobody draws
#   ends   the open ends and what each shows (a|b: a crosswise matador), the spinner
#   hands  each seat's tiles and pips
#   known  what the table has learnt: the tiles each seat is known not to hold,
#          and the tiles it drew since (which nothing constrains)
#   views  each seat's view: its hand size, the tiles it cannot see, its legal actions
#   legal  the legal actions, in legal_moves() order
#   take   the action taken: of n legal actions the one at int(rng.random() * n),
#          rng = random.Random(choices); no number is drawn when n is 1
# then the end of the round, and perft: the number of legal action sequences of
# each length from the deal (a round that ends sooner is not extended).
"""


# ----------------------------------------------------------------- the text
def tiles_text(mask: int) -> str:
    return " ".join(tile_name(t) for t in hand_tiles(mask)) or "-"


def action_text(action: Action) -> str:
    """An action, short and fixed (this file's own words, not ``str(Action)``)."""
    if action.kind != "lay" or action.tile is None:
        return action.kind if action.count == 1 else f"{action.kind} {action.count}"
    name = tile_name(action.tile)
    if action.arm is None:
        return f"lead {name}" if action.touch is None else f"lead {name} ({action.touch} W)"
    text = f"{name} {action.arm}"
    if action.across:
        return text + " across"
    if action.joins is not None:
        text += f" joins {action.joins}"
    if action.touch is not None:
        text += f" touch {action.touch}"
    return text


def rules_text(rules: Rules, base: str) -> str:
    preset = Rules.from_base(base, rules.players).options()
    options = rules.options()
    changed = {k: v for k, v in options.items() if preset[k] != v}
    shown = ", ".join(f"{k} {_value(options[k])}" for k in OPTION_IDS if k != "players")
    custom = "; custom: " + ", ".join(f"{k} {_value(v)}" for k, v in changed.items()) if changed else ""
    return f"{rules.players} players{custom}\n  {shown}"


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return "none" if v is None else str(v)


def ends_text(state: RoundState) -> str:
    ends = state.open_ends()
    if not ends:
        return "-"
    text = " | ".join(f"{e.arm} {'|'.join(str(v) for v in e.values)}" for e in ends)
    spinner = state.spinner
    if spinner is not None:
        where = "lead" if spinner.arm is None else f"{spinner.arm}[{spinner.index}]"
        text += f" · spinner {where}, sides {'open' if spinner.sides_open else 'closed'}"
    return text


def position_lines(state: RoundState, step: int) -> list[str]:
    """One position: who moves, the table, the hands, the knowledge, the views.
    Each seat's view is checked against the state here (an error if it leaks or
    differs); what it shows is written."""
    players = state.players
    seat = state.current
    assert seat is not None
    head = f"[{step}] {state.phase} · seat {seat}"
    if state.phase == "lead":
        head += f" · lead {state.lead_kind}" + (f" {tile_name(state.lead_tile)}" if state.lead_tile is not None else "")
    head += f" · boneyard {state.boneyard_count} (drawable {state.drawable}, reserve {state.reserve_count})"
    hands = " | ".join(f"{s}: {tiles_text(state.hands[s])} ({hand_pips(state.hands[s])})" for s in range(players))
    lacks = " | ".join(f"{s}: {tiles_text(state.lacks[s])}" for s in range(players))
    drawn = " ".join(str(n) for n in state.drawn_since)
    views = []
    legal = state.legal_moves()
    for s in range(players):
        view = state.view(s)
        check_view(state, s, view, legal)
        views.append(f"{s}: hand {len(view.hand)}, unseen {len(view.unseen())}, legal {len(view.legal_moves())}")
    return [
        head,
        f"    ends   {ends_text(state)}",
        f"    hands  {hands}",
        f"    known  lacks {lacks} · drawn since {drawn}",
        f"    views  {' | '.join(views)}",
        f"    legal  {' | '.join(action_text(a) for a in legal)}",
    ]


def check_view(state: RoundState, seat: int, view: Any, legal: list[Action]) -> None:
    """A seat's view shows the public facts as the state has them, its own hand,
    nothing of the other hands or the boneyard, and the legal actions when it is
    to move."""
    problems = []
    if view.hand != state.hand(seat):
        problems.append("its hand")
    if view.hand_counts != tuple(state.hand_count(s) for s in range(state.players)):
        problems.append("the hand counts")
    public = (
        "current_player", "phase", "boneyard_count", "drawable", "reserve_count", "history",
        "placements", "spinner", "lacks", "drawn_since",
    )
    for name in public:
        mine = getattr(view, name)
        theirs = getattr(state, name)
        if (list(mine) if isinstance(mine, tuple) else mine) != (list(theirs) if isinstance(theirs, tuple) else theirs):
            problems.append(name)
    if [(e.arm, e.values) for e in view.open_ends()] != [(e.arm, e.values) for e in state.open_ends()]:
        problems.append("the open ends")
    if view.legal_moves() != (legal if state.current == seat else []):
        problems.append("the legal actions")
    hidden = view._state
    if any(h for s, h in enumerate(hidden.hands) if s != seat) or any(t >= 0 for t in hidden.boneyard):
        problems.append("hidden tiles (it leaks)")
    seen = state.hands[seat]
    for p in state.placements:
        seen |= 1 << p.tile
    if view.unseen() != [t for t in state.rules.all_tiles if not seen >> t & 1]:
        problems.append("the unseen tiles")
    if problems:
        raise AssertionError(f"seat {seat}'s view differs from the state in: {', '.join(problems)}")


def end_text(state: RoundState) -> str:
    outcome = state.outcome
    assert outcome is not None
    who = "" if outcome.winner is None else f" · winner {outcome.winner}"
    pips = " ".join(str(p) for p in outcome.pips)
    scores = " ".join(str(s) for s in outcome.scores)
    leader = "-" if outcome.leader is None else str(outcome.leader)
    return f"end: {outcome.end}{who} · pips {pips} · scores {scores} · leader {leader}"


@dataclass
class Played:
    """A round played through ``RoundState``: its text and what the checks need."""

    text: list[str]
    steps: list[tuple[list[Action], Action]]  # per position: legal actions, the one taken
    positions: list[RoundState] = field(default_factory=list)  # before each step (copies)
    perft: list[int] = field(default_factory=list)


def play(base: str, spec: Round, index: int) -> Played:
    rules = spec.rules(base)
    hands, boneyard = spec.deal(rules)
    state = RoundState(rules, hands, boneyard, spec.opening_of(rules))
    opening = spec.opening_of(rules)
    lines = [
        f"=== round {index}: {spec.shows}",
        f"rules: {rules_text(rules, base)}",
        f"deal: seed {spec.deal_seed}, round {spec.deal_index}" + (", every double swapped into the boneyard" if spec.no_doubles else ""),
    ]
    lines += [f"  seat {s}: {' '.join(tile_name(t) for t in hand)}" for s, hand in enumerate(hands)]
    lines.append(f"  boneyard: {' '.join(tile_name(t) for t in boneyard) or '-'}")
    lines.append(f"opening: {opening.rule}" + ("" if opening.seat is None else f", seat {opening.seat}"))
    lines.append(f"choices: seed {spec.choices}")
    rng = random.Random(spec.choices)
    steps: list[tuple[list[Action], Action]] = []
    positions: list[RoundState] = []
    step = 0
    while not state.over:
        step += 1
        lines += position_lines(state, step)
        legal = state.legal_moves()
        taken = legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]
        lines.append(f"    take   {action_text(taken)}")
        steps.append((legal, taken))
        positions.append(state.copy())
        state.push(taken)
    lines.append(end_text(state))
    counts = perft(spec.start(rules), spec.perft)
    lines.append("perft: " + " · ".join(f"{d} {n}" for d, n in enumerate(counts, 1)))
    return Played(lines, steps, positions, counts)


def perft(
    state: RoundState, depth: int, visit: Callable[[RoundState, list[Action]], None] | None = None, limit: int | None = None
) -> list[int]:
    """The number of legal action sequences of length 1..depth from ``state``;
    ``visit(position, path)`` is called at every position with moves left to count.
    With ``limit``, the depth is lowered as soon as the counts add up to more
    (for the search: the counts of that depth and below are then exact)."""
    counts = [0] * depth
    path: list[Action] = []

    def walk(d: int) -> None:
        nonlocal depth
        if limit is not None and sum(counts) > limit:
            depth = min(depth, next(k for k in range(1, depth + 1) if sum(counts[:k]) > limit))
        if state.over or d >= depth:
            return
        if visit is not None:
            visit(state, path)
        for move in state.legal_moves():
            counts[d] += 1
            state.push_unchecked(move)
            path.append(move)
            walk(d + 1)
            path.pop()
            state.pop()

    walk(0)
    return counts[:depth]


def render(base: str) -> str:
    lines = HEADER.format(base=base).splitlines()
    for index, spec in enumerate(rounds_of(base), 1):
        lines.append("")
        lines += play(base, spec, index).text
    return "\n".join(lines) + "\n"


def path_of(base: str) -> Path:
    return FOLDER / f"{base}.txt"


# ------------------------------------------------------- the fast kernel's side
class _Stop(Exception):
    """The kernel reached the step asked for."""


class _Trace(list[tuple[int, int]]):
    """A trace that stops the kernel once it holds ``stop_at + 1`` entries."""

    def __init__(self, stop_at: int):
        super().__init__()
        self.stop_at = stop_at

    def append(self, item: tuple[int, int]) -> None:
        super().append(item)
        if len(self) > self.stop_at:
            raise _Stop

    def extend(self, items: Iterable[tuple[int, int]]) -> None:
        for item in items:
            self.append(item)


class _Script(random.Random):
    """A random stream that returns the numbers given, in order (and fails if
    the kernel asks for more: it would then be drawing where it should not)."""

    def __init__(self, numbers: Sequence[float]):
        super().__init__(0)
        self.numbers = list(numbers)

    def random(self) -> float:
        if not self.numbers:
            raise AssertionError("the kernel drew a random number where RoundState has no choice")
        return self.numbers.pop(0)


def _pick(index: int, n: int) -> list[float]:
    """The random numbers that make the uniform kernel take action ``index`` of ``n``."""
    return [] if n == 1 else [(index + 0.5) / n]


# A policy that always takes the uniform random move (epsilon 1), so that a script
# of random numbers steers the kernel's policy loops (``_choose_lead``, ``_play_chosen``)
# as it steers the uniform ones: per choice, one number for epsilon and one for the move.
EVERY_MOVE = fastplay.Policy(special=0, keep_special=0.0, keep_while=0, follow=0.0, block=0.0, block_second=0.0, epsilon=1.0)


def kernel_moves(fr: fastplay.FastRound, n: int, policy: bool) -> list[str]:
    """The kernel's legal actions at ``fr`` (in its order), found by taking each of
    the ``n`` in turn; each with the kernel's count of legal actions if not ``n``."""
    moves = []
    for i in range(n):
        trace = _Trace(0)
        numbers = _pick(i, n)
        try:
            if policy:
                fastplay.play_policy(fr.copy(), _Script([0.0, *numbers] if numbers else []), EVERY_MOVE, trace)
            else:
                fr.playout(_Script(numbers), trace)
        except _Stop:
            count, code = trace[0]
            moves.append(action_text(fastplay.decode(code)) + ("" if count == n else f" (of {count})"))
            continue
        except AssertionError as err:
            moves.append(str(err))
            break
        moves.append("(the round ended)")
        break
    return moves


def kernel_differences(base: str, spec: Round, played: Played) -> list[str]:
    """Where fastplay.py plays this round otherwise than RoundState (empty: nowhere).

    Checked: the whole round from the deal with the seed's random stream; at each
    step, every legal action, taken from the deal; at each position, every legal
    action from ``from_state``, uniformly and through a playout policy; at every
    inner node of the perft counts, the legal actions from ``from_state``."""
    rules = spec.rules(base)
    hands, boneyard = spec.deal(rules)
    opening = spec.opening_of(rules)
    out: list[str] = []
    want = [(len(legal), taken) for legal, taken in played.steps]
    trace: fastplay.Trace = []
    fastplay.play_random_round(rules, [h[:] for h in hands], boneyard, opening, random.Random(spec.choices), trace)
    got = [(n, fastplay.decode(code)) for n, code in trace]
    if got != want:
        out += _diff("the round from the deal", [_step(x) for x in want], [_step(x) for x in got])
    prefix: list[float] = []
    for k, (legal, taken) in enumerate(played.steps):
        n = len(legal)
        moves: list[Action] = []
        for i in range(n):
            stop = _Trace(k)
            try:
                fastplay.play_random_round(rules, [h[:] for h in hands], boneyard, opening, _Script(prefix + _pick(i, n)), stop)
            except _Stop:
                moves.append(fastplay.decode(stop[k][1]))
                continue
            except AssertionError as err:
                out.append(f"step {k + 1}, action {i}: {err}")
                break
            out.append(f"step {k + 1}: the kernel ended the round before it")
            break
        if moves != legal:
            out += _diff(f"step {k + 1}, from the deal", [action_text(a) for a in legal], [action_text(a) for a in moves])
        prefix += _pick(legal.index(taken), n)
        position = played.positions[k]
        texts = [action_text(a) for a in legal]
        for policy in (False, True):
            found = kernel_moves(fastplay.from_state(position), n, policy)
            if found != texts:
                what = "a playout policy" if policy else "uniform"
                out += _diff(f"step {k + 1}, from_state, {what}", texts, found)
    perft_node_differences(spec.start(rules), spec.perft, out)
    return out


def perft_node_differences(state: RoundState, depth: int, out: list[str]) -> None:
    def visit(node: RoundState, path: list[Action]) -> None:
        texts = [action_text(a) for a in node.legal_moves()]
        found = kernel_moves(fastplay.from_state(node), len(texts), False)
        if found != texts and len(out) < 40:
            where = " > ".join(action_text(a) for a in path) or "the deal"
            out.extend(_diff(f"perft node {where}", texts, found))

    perft(state, depth, visit)


def _step(step: tuple[int, Action]) -> str:
    return f"{step[0]} legal, take {action_text(step[1])}"


def _diff(where: str, want: list[str], got: list[str]) -> list[str]:
    lines = difflib.unified_diff(want, got, "RoundState", "fastplay", lineterm="", n=1)
    return [f"{where}:"] + ["  " + line for line in lines]


# ------------------------------------------------------------ what a round shows
# The signs a round can show (``signs``), which a Round's heading promises
# (``Round.signs``; test_playthroughs.py checks every round shows its own).
SIGNS = {
    "draw": "a seat draws",
    "pass": "a seat passes",
    "refuse": "a seat refuses to lead",
    "lead draw": "a seat draws before the round is led",
    "seats draw to lead": "two seats or more draw before the round is led",
    "draws until playable": "a seat draws twice or more in a row, then lays",
    "draw then pass": "a seat draws, then passes though it could draw again",
    "draws though it could lay": "a seat draws while a lay is legal",
    "reserve": "the boneyard is down to its reserve, which nobody draws",
    "matador": "a matador laid on an arm",
    "matador on a blank": "a matador laid on a blank end",
    "across": "a crosswise matador",
    "joins": "a tile joins one half of a crosswise matador",
    "wild double": "a wild double laid on an arm",
    "spinner on an arm": "the spinner is a tile on an arm, not the lead",
    "complete cross": "tiles laid on all four arms N, S, E, W",
    "lead forced": "the round is led by one forced tile",
    "lead any-tile": "one seat leads any tile",
    "lead refusable": "one seat leads a double, may draw for one or refuse",
    "leads a lower double": "the round is led by a double though its seat holds a higher one",
    "lead draw-for-double": "the seats draw until one draws a double",
    "domino": "the round ends in a domino",
    "blocked": "the round ends blocked",
    "tie": "the round ends blocked, with no winner",
    "redeal": "the tiles are dealt again",
}


def signs(base: str, spec: Round, choices: int | None = None) -> tuple[set[str], RoundState, int]:
    """The signs (``SIGNS``) the round shows, played with the choices' seed
    (``choices`` instead of the round's own, if given); its last state and steps."""
    rules = spec.rules(base)
    state = spec.start(rules)
    rng = random.Random(spec.choices if choices is None else choices)
    seen: set[str] = set()
    if state.phase == "lead":
        seen.add(f"lead {state.lead_kind}")
    lead_drawers: set[int] = set()
    run = (-1, 0)  # the seat that drew last, and how many times in a row
    steps = 0
    while not state.over:
        legal = state.legal_moves()
        taken = legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]
        seat = state.current
        assert seat is not None
        kind = taken.kind
        seen.add(kind)
        if state.phase == "play" and state.reserve_count and state.boneyard_count == state.reserve_count:
            seen.add("reserve")
        if kind == "draw":
            if state.phase == "lead":
                lead_drawers.add(seat)
            if any(a.kind == "lay" for a in legal):
                seen.add("draws though it could lay")
            run = (seat, (run[1] if run[0] == seat else 0) + taken.count)
        else:
            if run[0] == seat and kind == "pass" and state.drawable:
                seen.add("draw then pass")
            if run[0] == seat and kind == "lay" and run[1] >= 2 and state.phase == "play":
                seen.add("draws until playable")
            run = (-1, 0)
        if kind == "lay" and taken.tile is not None and taken.arm is None and DOUBLE[taken.tile]:
            higher = [t for t in hand_tiles(state.hands[seat]) if DOUBLE[t] and t > taken.tile]
            if higher:
                seen.add("leads a lower double")
        if kind == "lay" and taken.tile is not None and taken.arm is not None:
            seen.add(f"arm {taken.arm}")
            if rules.is_matador(taken.tile):
                seen.add("matador")
                if 0 in state.end_values(taken.arm):
                    seen.add("matador on a blank")
            if rules.wild_doubles and DOUBLE[taken.tile]:
                seen.add("wild double")
        if taken.across:
            seen.add("across")
        if taken.joins is not None:
            seen.add("joins")
        state.push(taken)
        steps += 1
        spinner = state.spinner
        if spinner is not None and spinner.arm is not None:
            seen.add("spinner on an arm")
    if len(lead_drawers) >= 2:
        seen.add("seats draw to lead")
    if lead_drawers:
        seen.add("lead draw")
    if {"arm N", "arm S", "arm E", "arm W"} <= seen:
        seen.add("complete cross")
    outcome = state.outcome
    assert outcome is not None
    seen.add(outcome.end)
    if outcome.end == "blocked" and outcome.winner is None:
        seen.add("tie")
    return seen, state, steps


def shows(seen: set[str], wanted: Iterable[str]) -> bool:
    """Whether the signs ``seen`` hold every sign wanted (and none of a "-sign")."""
    return all((w[1:] not in seen) if w.startswith("-") else (w in seen) for w in wanted)


def search(base: str, index: int, seeds: int = 300, choices: int = 12, budget: int | None = None) -> None:
    """Print the (deal seed, choices) under ``seeds`` x ``choices`` whose round shows
    every sign round ``index`` of ``base`` wants, fewest steps first, each with the
    deepest perft depth whose counts add up to at most ``budget``."""
    spec = rounds_of(base)[index - 1]
    unknown = [w for w in spec.signs if w.lstrip("-") not in SIGNS]
    if unknown:
        raise SystemExit(f"unknown signs {unknown}: {sorted(SIGNS)}")
    rules = spec.rules(base)
    if budget is None:
        budget = sum(perft(spec.start(rules), spec.perft))
    found = []
    for deal_seed in range(seeds):
        for c in range(choices):
            candidate = replace(spec, deal_seed=deal_seed, choices=c)
            seen, _, steps = signs(base, candidate)
            if shows(seen, spec.signs):
                found.append((steps, deal_seed, c, seen))
    print(f"{base} {index}: {len(found)} found, wanting {list(spec.signs)}, perft budget {budget}")
    for steps, deal_seed, c, seen in sorted(found, key=lambda f: f[0])[:12]:
        candidate = replace(spec, deal_seed=deal_seed, choices=c)
        counts = perft(candidate.start(rules), 16, limit=budget)
        depth = max((d for d in range(1, len(counts) + 1) if sum(counts[:d]) <= budget), default=1)
        print(f"  deal {deal_seed} choices {c}: {steps} steps, perft {depth} ({sum(counts[:depth])}) · {sorted(seen)}")


# --------------------------------------------------------------------- main
def features(base: str) -> None:
    """What each round shows (for choosing rounds): its end, its perft counts, its
    signs, and any sign its Round wants that it does not show."""
    for index, spec in enumerate(rounds_of(base), 1):
        played = play(base, spec, index)
        seen = signs(base, spec)[0]
        missing = [w for w in spec.signs if not shows(seen, [w])]
        print(f"{base} {index}: {played.text[-2]} · {len(played.steps)} steps · perft {played.perft} · {sorted(seen)}")
        if missing:
            print(f"  MISSING {missing}")


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in ("write", "check", "features", "search"):
        print(__doc__)
        return 2
    if argv[0] == "search":
        if len(argv) < 3 or argv[1] not in RULE_SETS or not all(a.isdigit() for a in argv[2:6]):
            print(__doc__)
            return 2
        numbers = [int(a) for a in argv[2:6]]
        search(argv[1], *numbers)
        return 0
    if argv[0] == "features":
        for base in argv[1:] or list(RULE_SETS):
            features(base)
        return 0
    stale = []
    for base in RULE_SETS:
        text = render(base)
        path = path_of(base)
        if argv[0] == "write":
            FOLDER.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path.relative_to(ROOT))
    for path in stale:
        print(f"{path} differs from what the engine writes (python tools/playthroughs.py write)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
