"""``python -m game bench ui [--json] [--quick]``: frame times of the table scene.

Draws the table at 1280x800 (SDL's dummy video driver, software surfaces)
with a full layout: a double-nine Family Matador round for 6 players, played
at random to its last move before the end. Reports the median and 99th
percentile of the time to update and draw one frame, and the worst frame
(and p99) while a hard computer player thinks, once in a worker process (how
the game runs) and once in a thread, for comparison. Goal: p99 <= 8 ms,
worst < 33 ms. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

GOAL_P99_MS = 8.0
GOAL_WORST_MS = 33.0
SIZE = (1280, 800)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def full_round(seed: int = 5) -> Any:
    """A 6-player double-nine round late in play, with the person (seat 0) to move."""
    from game.engine import Match, PlayerInfo, Rules

    rules = Rules.from_base("family", 6)
    players = [PlayerInfo("You")] + [PlayerInfo(f"Cpu {i}", "computer", "random") for i in range(1, 6)]
    rng = random.Random(seed)
    probe = Match(rules, players, seed)
    moves = []
    while not probe.round.over:
        move = rng.choice(probe.round.legal_moves())
        moves.append(move)
        probe.push(move)
    match = Match(rules, players, seed)
    match.next_round()
    turns = [i for i in range(len(moves)) if i > 0 and probe_turn(rules, players, seed, moves[:i]) == 0]
    for move in moves[: turns[-1] if turns else len(moves) - 1]:
        match.push(move)
    return match


def probe_turn(rules: Any, players: Any, seed: int, moves: list[Any]) -> int | None:
    from game.engine import Match

    match = Match(rules, players, seed)
    for move in moves:
        match.push(move)
    return match.round.current_player


def time_frames(app: Any, frames: int, dt: float = 1 / 60) -> list[float]:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step([], dt)
        times.append((time.perf_counter() - start) * 1000)
    return times


def thinking_frames(mode: str, frames: int) -> dict[str, Any]:
    """Frame times while a hard player (seat 1 of Leyden) thinks in a ``mode`` worker."""
    from game.engine import Match, PlayerInfo, Rules
    from game.ui.shell.app import App
    from game.play.thinker import Thinker
    from game.ui.table import TableScene

    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("Hard A", "computer", "hard"), PlayerInfo("Hard B", "computer", "hard")], 3)
    thinker = Thinker(mode)
    app = App(SIZE)
    scene = TableScene(match, thinker=thinker, computer_speed="fast", animation_speed="fast")
    app.push(scene)
    for _ in range(3):  # the first frames (cold caches) are not what is measured
        app.step([], 0.0)
    import gc

    gc.freeze()  # as App.run does after the first frames
    thinker.warm_up()
    time.sleep(1.5 if mode == "process" else 0.1)  # the worker is up (as it is after the first move in a game)
    times: list[float] = []
    decisions = 0
    moves_before = len(scene.model.state.history)
    deadline = time.perf_counter() + frames / 60
    while time.perf_counter() < deadline and not scene.model.state.over:
        start = time.perf_counter()
        app.step([], 1 / 60)
        times.append((time.perf_counter() - start) * 1000)
        left = 1 / 60 - (time.perf_counter() - start)
        if left > 0:
            time.sleep(left)  # as clock.tick(60) would
    decisions = len(scene.model.state.history) - moves_before
    app.close()
    thinker.shutdown()
    return {
        "mode": mode,
        "frames": len(times),
        "decisions": decisions,
        "median_ms": round(statistics.median(times), 2),
        "p99_ms": round(percentile(times, 0.99), 2),
        "worst_ms": round(max(times), 2),
    }


def measure(quick: bool) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.shell.app import App
    from game.play.thinker import Thinker
    from game.ui.table import TableScene

    frames = 120 if quick else 600
    match = full_round()
    app = App(SIZE)
    scene = TableScene(match, thinker=Thinker("thread"))
    app.push(scene)
    app.step([], 0.0)
    time_frames(app, 60)  # warm the caches, let the first-second work finish
    import gc

    gc.freeze()  # as App.run does after the first frames
    # hold a tile over the table, as a player dragging would
    if scene.can_act():
        tile, rect = scene.board.hand[0]
        import pygame

        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], 0.0)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.board.regions.felt.center, rel=(0, 0), buttons=(1, 0, 0))], 0.0)
    idle = time_frames(app, frames)
    tiles = len(scene.board.layout.tiles)
    unit = scene.board.layout.unit
    app.close()
    think_frames = 90 if quick else 300
    thinking = [thinking_frames("process", think_frames), thinking_frames("thread", think_frames)]
    return {
        "bench": "ui",
        "size": list(SIZE),
        "tiles_on_table": tiles,
        "unit_px": unit,
        "frames": frames,
        "median_ms": round(statistics.median(idle), 2),
        "p99_ms": round(percentile(idle, 0.99), 2),
        "worst_ms": round(max(idle), 2),
        "thinking": thinking,
        "goal": {"p99_ms": GOAL_P99_MS, "worst_ms": GOAL_WORST_MS},
    }


def main(args: argparse.Namespace) -> int:
    report = measure(bool(getattr(args, "quick", False)))
    if getattr(args, "json", False):
        print(json.dumps(report))
        return 0
    print(f"ui: table at {SIZE[0]}x{SIZE[1]}, {report['tiles_on_table']} tiles on the table (unit {report['unit_px']} px)")
    print(
        f"  frame (update + draw): median {report['median_ms']} ms, p99 {report['p99_ms']} ms, "
        f"worst {report['worst_ms']} ms over {report['frames']} frames (goal p99 <= {GOAL_P99_MS} ms)"
    )
    for entry in report["thinking"]:
        print(
            f"  while a hard player thinks in a {entry['mode']}: median {entry['median_ms']} ms, "
            f"p99 {entry['p99_ms']} ms, worst {entry['worst_ms']} ms over {entry['frames']} frames, "
            f"{entry['decisions']} moves made (goal worst < {GOAL_WORST_MS} ms)"
        )
    return 0
