"""``python -m game tournament``: computer players against each other, one round a game.

Each game is one round of a fresh ``Match`` (a redeal is dealt again and counts
for nothing). Seats rotate: the kinds given sit in every seat equally often, and
each deal is played once in every rotation (duplicate style), so the luck of the
deal falls on every kind alike. A win scores 1; a tied block scores 1/2 for each
kind among the tied seats. Games run in worker processes on all cores.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, TextIO

from game.ai import levels, make_player
from game.words.refusals import error_text
from game.ai.player import Player, Seer
from game.engine import Match, PlayerInfo, RuleError, Rules

DEFAULT_TIME_S = 1.0
Z95 = 1.959963984540054
MAX_REDEALS = 100


@dataclass(frozen=True)
class Setup:
    rules: str
    players: int
    lineup: tuple[str, ...]  # the kind of each seat before rotation
    seed: int
    time_s: float


@dataclass(frozen=True)
class GameResult:
    index: int
    kinds: tuple[str, ...]  # kind per seat in this game
    winner: int | None
    tied: tuple[int, ...]  # seats tied for the lowest count in a tied block
    decisions: int


@dataclass
class Tally:
    kind: str
    seats: int
    games: int = 0
    wins: int = 0
    ties: int = 0
    score: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the score rate (a tie counts as half a win)."""
        n = self.games
        if n == 0:
            return 0.0, 1.0
        p = self.score / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)


class TournamentError(Exception):
    """A bad tournament request, reported on one line with exit status 2."""


def lineup_for(kinds: list[str], players: int) -> tuple[str, ...]:
    """Seat kinds before rotation: as given, the last kind filling the rest
    (``hard,medium`` with 4 players is one hard seat against three medium)."""
    for kind in kinds:
        if levels.get(kind) is None:
            raise TournamentError(f"unknown seat kind {kind!r} (computer kinds: {', '.join(levels.ids())})")
    if not kinds:
        raise TournamentError("--seats needs at least one kind, e.g. hard,medium")
    if len(kinds) > players:
        raise TournamentError(f"{len(kinds)} seat kinds given for {players} players")
    return tuple(kinds + [kinds[-1]] * (players - len(kinds)))


def seat_kinds(setup: Setup, index: int) -> tuple[str, ...]:
    shift = index % setup.players
    n = setup.players
    return tuple(setup.lineup[(seat + shift) % n] for seat in range(n))


_PLAYERS: dict[str, Player] = {}


def _player(kind: str) -> Player:
    if kind not in _PLAYERS:
        _PLAYERS[kind] = make_player(kind)
    return _PLAYERS[kind]


def play_game(setup: Setup, index: int) -> GameResult:
    """Game ``index``: deal ``index // players``, seats rotated by ``index % players``."""
    kinds = seat_kinds(setup, index)
    match, decisions = play_match(setup, index)
    outcome = match.round.outcome
    assert outcome is not None
    tied: tuple[int, ...] = ()
    if outcome.winner is None and outcome.end == "blocked":
        low = min(outcome.pips)
        tied = tuple(s for s, p in enumerate(outcome.pips) if p == low)
    return GameResult(index, kinds, outcome.winner, tied, decisions)


def play_match(setup: Setup, index: int) -> tuple[Match, int]:
    """Game ``index`` played out: its match (one round, after any redeals; its
    record is a whole game record, deals committed to) and the decisions made."""
    rules = Rules.from_base(setup.rules, setup.players)
    kinds = seat_kinds(setup, index)
    deal_no = index // setup.players
    infos = [PlayerInfo(f"{kind} {seat}", "computer", kind) for seat, kind in enumerate(kinds)]
    match = Match(rules, infos, seed=setup.seed * 1_000_000 + deal_no)
    rngs = [random.Random(f"tournament/{setup.seed}/{index}/{seat}") for seat in range(setup.players)]
    players = [_player(kind) for kind in kinds]
    decisions = 0
    for _ in range(MAX_REDEALS):
        # A redeal (dealt so, or every seat refusing the lead in Leyden (Senst)) is dealt
        # again and counts for nothing: the game is the first round that ends otherwise.
        state = match.next_round()
        while not state.over:
            seat = state.current_player
            assert seat is not None
            player = players[seat]
            if isinstance(player, Seer):  # the ladder's ceiling (game.ai.omniscient): the whole round
                action = player.choose_seeing(match.round.copy(), seat, rngs[seat], setup.time_s)
            else:
                action = player.choose(match.view(seat), rngs[seat], setup.time_s)
            match.push(action)  # checked: an illegal action fails the tournament loudly
            decisions += 1
        if state.outcome is None or state.outcome.end != "redeal":
            break
    return match, decisions


def _run_one(task: tuple[Setup, int]) -> GameResult:
    return play_game(*task)


def run_games(setup: Setup, games: int, jobs: int) -> Iterator[GameResult]:
    tasks = [(setup, i) for i in range(games)]
    if jobs <= 1 or games <= 1:
        yield from map(_run_one, tasks)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    chunk = max(1, min(8, games // (jobs * 8)))
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(_run_one, tasks, chunksize=chunk)


def tally(setup: Setup, results: Iterable[GameResult]) -> dict[str, Tally]:
    kinds = list(dict.fromkeys(setup.lineup))
    table = {k: Tally(k, setup.lineup.count(k)) for k in kinds}
    for result in results:
        for kind in kinds:
            table[kind].games += 1
        if result.winner is not None:
            winner = table[result.kinds[result.winner]]
            winner.wins += 1
            winner.score += 1.0
        for kind in {result.kinds[s] for s in result.tied}:
            table[kind].ties += 1
            table[kind].score += 0.5
    return table


def with_progress(
    results: Iterable[GameResult], games: int, stream: TextIO, every_s: float = 1.0
) -> Iterator[GameResult]:
    """Pass ``results`` through, keeping a one-line count of the games played,
    the time so far and the time left on ``stream`` (a terminal)."""
    start = last = time.perf_counter()
    done = 0
    for result in results:
        done += 1
        now = time.perf_counter()
        if now - last >= every_s or done == games:
            last = now
            left = (now - start) / done * (games - done)
            stream.write(f"\r{done}/{games} games, {now - start:.0f} s, about {left:.0f} s left ")
            stream.flush()
        yield result
    if done:
        stream.write("\n")
        stream.flush()


def report(setup: Setup, games: int, table: dict[str, Tally], elapsed: float) -> dict[str, Any]:
    return {
        "rules": setup.rules,
        "players": setup.players,
        "seats": list(setup.lineup),
        "games": games,
        "seed": setup.seed,
        "time_s": setup.time_s,
        "elapsed_s": round(elapsed, 1),
        "kinds": {
            t.kind: {
                "seats": t.seats,
                "wins": t.wins,
                "ties": t.ties,
                "score": t.score,
                "rate": round(t.score / t.games, 4) if t.games else 0.0,
                "ci95": [round(x, 4) for x in t.interval()],
            }
            for t in table.values()
        },
    }


def format_report(data: dict[str, Any]) -> str:
    lines = [
        f"{data['rules']}, {data['players']} players, {data['games']} games, seed {data['seed']}, "
        f"seats {','.join(data['seats'])} rotating, hard time cap {data['time_s']:g} s, "
        f"{data['elapsed_s']:g} s",
        f"{'kind':<8} {'seats':>5} {'wins':>6} {'ties':>5} {'score':>8} {'win rate':>9}  95% CI",
    ]
    for kind, t in data["kinds"].items():
        low, high = t["ci95"]
        lines.append(
            f"{kind:<8} {t['seats']:>5} {t['wins']:>6} {t['ties']:>5} {t['score']:>8.1f} "
            f"{100 * t['rate']:>8.1f}%  [{100 * low:.1f}%, {100 * high:.1f}%]"
        )
    return "\n".join(lines)


def setup_from_args(args: argparse.Namespace) -> tuple[Setup, int, int]:
    try:
        Rules.from_base(args.rules, args.players)
    except RuleError as err:
        raise TournamentError(error_text(err)) from None
    kinds = [k.strip() for k in str(args.seats).split(",") if k.strip()]
    lineup = lineup_for(kinds, args.players)
    if args.games < 1:
        raise TournamentError("--games must be at least 1")
    time_s = DEFAULT_TIME_S if args.time is None else float(args.time)
    if not time_s > 0:
        raise TournamentError(f"--time must be more than 0 seconds, not {args.time}")
    jobs = args.jobs or os.cpu_count() or 1
    return Setup(args.rules, args.players, lineup, args.seed, time_s), args.games, jobs


def main(args: argparse.Namespace) -> int:
    try:
        setup, games, jobs = setup_from_args(args)
    except TournamentError as err:
        print(f"tournament: {err}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = run_games(setup, games, jobs)
    if sys.stderr.isatty():
        results = with_progress(results, games, sys.stderr)
    table = tally(setup, results)
    data = report(setup, games, table, time.perf_counter() - start)
    print(json.dumps(data) if args.json else format_report(data))
    return 0
