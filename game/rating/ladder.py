"""``python -m game ladder [--rules R] [--games N] [--json | --module]``: the
computer levels (and random play) rated against each other.

In every two-player rule set (or those given), every pair of kinds (with
``--near K``, only those at most ``K`` places apart in ``kinds()``: a chain
still fits) plays a tournament of ``N`` games (``--hard-games M`` for the pairs
with a level that searches, ``costly``: hard's games cost a thousand times more) (``game.ai.tournament``: one round a game, seats
swapped on each deal, a tied block half a point each), all on the worker
processes at once. The results of each rule set are fitted by Bradley-Terry
maximum likelihood on the Elo scale (``game.rating.bradley_terry``), medium
held at 1500, with 95% intervals. ``--module`` prints the ratings as the
Python module ``game/rating/ladder_table.py`` the player's rating reads; with
``--rules``, the rows of the other rule sets stay as they were, less the kinds
named by ``--remeasured`` (levels whose play changed since those rows were made).
``--results FILE`` keeps every game as it ends (through gzip for a ``.gz``, as
docs/figures/ladder_results.jsonl.gz is), and the games it holds are not played
again.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import multiprocessing
import os
import sys
import time
import zlib
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, Sequence

from game.ai import levels
from game.ai.tournament import GameResult, Setup, play_game, tally
from game.engine import RULE_SETS, RuleError, Rules
from game.rating.bradley_terry import FitError, Pair, fit

ANCHOR = "medium"
RANDOM = "random"
ANCHOR_RATING = 1500.0

DEFAULT_GAMES = 200
# The hard player's cap per decision: generous, so that its search ends on its
# playout limit or its pruning (as it does at the table's 1 s on an idle
# machine) even when other work slows the machine down.
DEFAULT_TIME_S = 4.0
METHOD = "Bradley-Terry maximum likelihood on the Elo scale (400 points = odds of 10 to 1), medium held at 1500"


def kinds() -> tuple[str, ...]:
    """The kinds rated: random play first, then every computer level in the
    registry's order (``game.ai.levels``), then the players that see every hand
    (``levels.seers``: the ceiling)."""
    ids = levels.ids()
    fair = (RANDOM, *(level for level in ids if level != RANDOM)) if RANDOM in ids else ids
    return (*fair, *(level.id for level in levels.seers()))


class LadderError(Exception):
    """A bad request, one line, exit status 2."""


def two_player_rule_sets() -> list[str]:
    return [base for base, info in RULE_SETS.items() if info.min_players <= 2 <= info.max_players]


# A level whose budget per decision is this or more searches for all of its time:
# its pairs are the costly ones (``--hard-games``), read from the registry's budgets.
COSTLY_BUDGET_S = 0.5


def costly(lineup: Sequence[str]) -> bool:
    """Whether a pair's games cost much more (a level of it searches: its budget is
    ``COSTLY_BUDGET_S`` or more), so it plays ``--hard-games`` games."""
    return any(levels.get(kind) is not None and levels.budget_s(kind) >= COSTLY_BUDGET_S for kind in lineup)


def setups(rule_sets: Sequence[str], seed: int, time_s: float, near: int | None = None) -> list[Setup]:
    """Every pair of kinds in every rule set (with ``near``, only those at most
    ``near`` places apart in ``kinds()``: a chain Bradley-Terry still fits); the
    costly pairs first (they take longest)."""
    order = {kind: i for i, kind in enumerate(kinds())}
    pairs = [p for p in itertools.combinations(kinds(), 2) if near is None or order[p[1]] - order[p[0]] <= near]
    pairs.sort(key=lambda p: (not costly(p), p))
    return [Setup(base, 2, pair, seed, time_s) for base in rule_sets for pair in pairs]


def games_of(setup: Setup, games: int, hard_games: int) -> int:
    return hard_games if costly(setup.lineup) else games


def run_all(
    plan: Sequence[Setup], games: int, hard_games: int, jobs: int, done: dict[tuple[int, int], GameResult] | None = None
) -> Iterator[tuple[int, GameResult]]:
    """(setup index, result) of every game of every setup (``hard_games`` for a
    costly pair), on ``jobs`` processes, every pair at the same pace; the games in ``done`` (by
    setup index and game index) are not played again."""
    done = done or {}
    yield from ((k, result) for (k, _), result in done.items())
    counts = [games_of(setup, games, hard_games) for setup in plan]
    tasks = [(k, setup, i) for k, setup in enumerate(plan) for i in range(counts[k]) if (k, i) not in done]
    # Every pair at the same pace (game i of n at i/n, the costly first on a tie): a run
    # stopped early holds about the same share of every pair's games, in every rule set,
    # and the same command with fewer games then plays nothing again.
    tasks.sort(key=lambda task: (task[2] / counts[task[0]], not costly(task[1].lineup), task[0]))
    if jobs <= 1:
        yield from map(_run_task, tasks)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        yield from pool.imap_unordered(_run_task, tasks, chunksize=4)


def _key(setup: Setup) -> list[Any]:
    return [setup.rules, *setup.lineup, setup.seed, setup.time_s]


def read_results(lines: Iterable[str], plan: Sequence[Setup], games: int, hard_games: int) -> dict[tuple[int, int], GameResult]:
    """The games the ``lines`` of a ``--results`` file (``held``) hold for ``plan``
    (a line of another plan, or not shaped as we write them, is passed over)."""
    where = {json.dumps(_key(setup)): k for k, setup in enumerate(plan)}
    found: dict[tuple[int, int], GameResult] = {}
    for line in lines:
        try:
            entry = json.loads(line)
            k = where.get(json.dumps(entry["setup"]))
            index = entry["index"]
            if k is None or not isinstance(index, int) or not 0 <= index < games_of(plan[k], games, hard_games):
                continue
            winner = entry["winner"]
            kinds = tuple(str(x) for x in entry["kinds"])
            tied = tuple(int(x) for x in entry["tied"])
            if winner is not None and winner not in (0, 1) or sorted(kinds) != sorted(plan[k].lineup):
                continue
            found[(k, index)] = GameResult(index, kinds, winner, tied, int(entry["decisions"]))
        except (ValueError, KeyError, TypeError):
            continue
    return found


def keep_results(results: Iterable[tuple[int, GameResult]], plan: Sequence[Setup], path: Path, done: set[tuple[int, int]]) -> Iterator[tuple[int, GameResult]]:
    """Pass ``results`` through, appending each new game to ``path`` as it ends
    (to a ``.gz`` file as one more gzip member: a run stopped early keeps its
    games, all but the last few of a member cut short)."""
    with _opened(path, "a") as out:
        for k, result in results:
            if (k, result.index) not in done:
                line = {"setup": _key(plan[k]), "index": result.index, "kinds": list(result.kinds)}
                line.update({"winner": result.winner, "tied": list(result.tied), "decisions": result.decisions})
                out.write(json.dumps(line) + "\n")
                out.flush()
            yield k, result


def _opened(path: Path, mode: str, gz: bool | None = None) -> IO[str]:
    """``path`` to append to (``"a"``) or to write (``"w"``: ``mend``), through gzip
    for a ``.gz`` (or as ``gz`` says)."""
    if not (path.suffix == ".gz" if gz is None else gz):
        return path.open(mode, encoding="utf-8")
    return gzip.open(path, "at" if mode == "a" else "wt", encoding="utf-8")


def held(path: Path) -> tuple[list[str], str | None]:
    """The lines of a results file (none if there is none), and what was wrong with
    the rest of it, if anything: of a ``.gz`` file cut short (a run stopped while
    writing) or broken further on, every whole line before the fault."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return [], None
    fault = None
    if path.suffix == ".gz":
        raw, fault = _gunzipped(raw)
    lines = raw.decode("utf-8", errors="replace").splitlines(keepends=True)
    if fault is not None and lines and not lines[-1].endswith("\n"):
        lines.pop()  # the line the fault cut through
    return [line.rstrip("\r\n") for line in lines], fault


GZIP_STEP = 4096  # compressed bytes fed at a time: a broken stretch loses no more than this of what came before


def _gunzipped(raw: bytes) -> tuple[bytes, str | None]:
    """Every gzip member of ``raw`` inflated, one after another, and what stopped
    it early: a member cut short or a broken one (what came before stands)."""
    out = bytearray()
    while raw:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        for at in range(0, len(raw), GZIP_STEP):
            try:
                out += inflater.decompress(raw[at : at + GZIP_STEP])
            except zlib.error as err:
                return bytes(out), f"broken: {err}"
            if inflater.eof:
                break
        if not inflater.eof:
            return bytes(out), "cut short"
        raw = inflater.unused_data
    return bytes(out), None


def mend(path: Path, lines: Sequence[str], fault: str) -> None:
    """Rewrite the results file ``path`` with the ``lines`` read before its fault,
    atomically (a temporary file, then a rename), so the games appended next can
    be read back; refuse (``LadderError``) a file of which nothing could be read:
    it may be another file, and is left alone."""
    if not lines:
        raise LadderError(f"{path} holds no games that can be read ({fault}): move it aside or name another --results file")
    spare = path.with_name(path.name + ".tmp")
    with _opened(spare, "w", gz=path.suffix == ".gz") as out:
        out.writelines(line + "\n" for line in lines)
    os.replace(spare, path)
    print(f"ladder: {path} was {fault}; kept the {len(lines)} lines before the fault", file=sys.stderr)


def _run_task(task: tuple[int, Setup, int]) -> tuple[int, GameResult]:
    k, setup, i = task
    return k, play_game(setup, i)


def fit_rule_set(pairs: Sequence[Pair]) -> dict[str, dict[str, Any]]:
    fitted = fit(list(kinds()), pairs, ANCHOR, ANCHOR_RATING)
    return {
        name: {"rating": round(f.rating, 1), "se": round(f.se, 1), "ci95": [round(f.low, 1), round(f.high, 1)]}
        for name, f in fitted.items()
    }


def ladder(plan: Sequence[Setup], results: Iterable[tuple[int, GameResult]]) -> dict[str, Any]:
    by_setup: dict[int, list[GameResult]] = {k: [] for k in range(len(plan))}
    for k, result in results:
        by_setup[k].append(result)
    out: dict[str, Any] = {}
    for base in dict.fromkeys(setup.rules for setup in plan):
        pairs = []
        for k, setup in enumerate(plan):
            if setup.rules != base:
                continue
            a, b = setup.lineup
            table = tally(setup, by_setup[k])
            pairs.append(Pair(a, b, table[a].games, table[a].score))
        ratings: dict[str, Any]
        try:
            ratings = fit_rule_set(pairs)
        except FitError as err:
            ratings = {"error": str(err)}
        out[base] = {
            "ratings": ratings,
            "pairs": [{"a": p.a, "b": p.b, "games": p.games, "score_a": p.score} for p in pairs],
        }
    return out


def format_table(data: dict[str, Any]) -> str:
    lines = [
        f"ladder: {data['games']} games a pair ({data['hard_games']} for a costly pair), seed {data['seed']}, time cap {data['time_s']:g} s, "
        f"{data['elapsed_s']:g} s; {data['method']}",
        f"{'rules':<13}" + "".join(f"{kind:>22}" for kind in kinds()),
    ]
    for base, entry in data["rules"].items():
        ratings = entry["ratings"]
        if "error" in ratings:
            lines.append(f"{base:<13} {ratings['error']}")
            continue
        cells = []
        for kind in kinds():
            f = ratings[kind]
            low, high = f["ci95"]
            cells.append(f"{f['rating']:>7.0f} [{low:.0f}, {high:.0f}]".rjust(22))
        lines.append(f"{base:<13}" + "".join(cells))
    return "\n".join(lines)


def as_module(
    data: dict[str, Any], command: str, kept: dict[str, dict[str, tuple[float, float]]] | None = None, remeasured: Sequence[str] = ()
) -> str:
    """The ratings as ``game/rating/ladder_table.py``; the rows of ``kept`` (the
    table so far) for the rule sets not run again stay, in their place, less
    the ``remeasured`` kinds (whose play changed since they were measured)."""
    measured: dict[str, dict[str, tuple[float, float]]] = {}
    for base, entry in data["rules"].items():
        ratings = entry["ratings"]
        if "error" not in ratings:
            measured[base] = {kind: (ratings[kind]["rating"], ratings[kind]["se"]) for kind in kinds()}
    table: dict[str, dict[str, tuple[float, float]]] = {}
    for base, row in (kept or {}).items():
        table[base] = measured[base] if base in measured else {k: v for k, v in row.items() if k not in remeasured}
    table.update((base, row) for base, row in measured.items() if base not in table)
    rows = []
    for base, row in table.items():
        cells = ", ".join(f'"{kind}": ({rating}, {se})' for kind, (rating, se) in row.items())
        rows.append(f'    "{base}": {{{cells}}},')
    body = "\n".join(rows)
    return (
        '"""The computer levels\' ratings per two-player rule set, as the ladder measured\n'
        "them (docs/ai.md, \"Ratings\"): rule set -> level -> (rating, standard error),\n"
        f"on the Elo scale with medium at 1500. Made by\n\n    {command}\n\n"
        "(its output is this file; do not edit by hand).\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        f"GAMES_PER_PAIR = {data['games']}  # {data['hard_games']} for a costly pair (a level that searches)\n"
        f"LADDER: dict[str, dict[str, tuple[float, float]]] = {{\n{body}\n}}\n"
    )


def main(args: argparse.Namespace) -> int:
    known = two_player_rule_sets()
    wanted = [r.strip() for r in (args.rules or ",".join(known)).split(",") if r.strip()]
    try:
        for base in wanted:
            if base not in known:
                raise LadderError(f"{base!r} is not a two-player rule set (known: {', '.join(known)})")
            Rules.from_base(base, 2)
        games = DEFAULT_GAMES if args.games is None else args.games
        hard_games = games if args.hard_games is None else args.hard_games
        if min(games, hard_games) < 2:
            raise LadderError("--games and --hard-games must be at least 2 (seats are swapped on each deal)")
        time_s = DEFAULT_TIME_S if args.time is None else float(args.time)
        if not time_s > 0:
            raise LadderError(f"--time must be more than 0 seconds, not {args.time}")
    except (LadderError, RuleError) as err:
        print(f"ladder: {err}", file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    near = getattr(args, "near", None)
    remeasured = [k.strip() for k in (getattr(args, "remeasured", None) or "").split(",") if k.strip()]
    plan = setups(wanted, args.seed, time_s, near)
    start = time.perf_counter()
    path = Path(args.results) if args.results else None
    done: dict[tuple[int, int], GameResult] = {}
    if path is not None:
        lines, fault = held(path)
        if fault is not None:
            try:
                mend(path, lines, fault)
            except LadderError as err:
                print(f"ladder: {err}", file=sys.stderr)
                return 2
        done = read_results(lines, plan, games, hard_games)
    results: Iterable[tuple[int, GameResult]] = run_all(plan, games, hard_games, jobs, done)
    if path is not None:
        results = keep_results(results, plan, path, set(done))
    if sys.stderr.isatty():
        results = _progress(results, sum(games_of(setup, games, hard_games) for setup in plan))
    data = {
        "method": METHOD,
        "games": games,
        "hard_games": hard_games,
        "seed": args.seed,
        "time_s": time_s,
        "rules": ladder(plan, results),
    }
    data["elapsed_s"] = round(time.perf_counter() - start, 1)
    if args.module:
        command = f"python -m game ladder --games {games} --hard-games {hard_games} --seed {args.seed} --time {time_s:g} --module"
        if args.rules:
            command += f" --rules {args.rules}"
        if near is not None:
            command += f" --near {near}"
        if remeasured:
            command += f" --remeasured {','.join(remeasured)}"
        from game.rating.ladder_table import LADDER  # the table so far: its other rule sets' rows stay

        print(as_module(data, command, LADDER if args.rules else None, remeasured), end="")
    elif args.json:
        print(json.dumps(data))
    else:
        print(format_table(data))
    return 0


def _progress(results: Iterable[tuple[int, GameResult]], total: int) -> Iterator[tuple[int, GameResult]]:
    """Pass ``results`` through, with a line on stderr: games played, time left."""
    start = last = time.perf_counter()
    done = 0
    for item in results:
        done += 1
        now = time.perf_counter()
        if now - last >= 1.0 or done == total:
            last = now
            left = (now - start) / done * (total - done)
            sys.stderr.write(f"\r{done}/{total} games, {now - start:.0f} s, about {left:.0f} s left ")
            sys.stderr.flush()
        yield item
    sys.stderr.write("\n")
