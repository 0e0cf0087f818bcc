"""``python -m game bench idle [--json] [--quick]``: the processor a still screen costs.

Each still screen runs in the game's own loop (``App.run``) for a while with no
input, and its share of a core is the process's processor time over the wall
time (every thread of the process: a hosted table's server thread too); the
worker processes' share (the computer players', idle then) is printed beside
it, from /proc where there is one. Beside them, in
the same run, a bare pygame loop redrawing a window of the same size 60 times a
second. The still screens: the title, a table waiting for a person's move, a
lobby waiting for friends (Play with friends, Host a table), a paused review
(its analysis finished), Settings. Goal: <= 2% of a core each.

In a real window when ``DISPLAY`` is set (e.g. Xvfb), else on SDL's dummy
driver; the line says which. The player's files are not touched (a temporary
``MATADOR_HOME``); the network stays on loopback. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any, Callable

SIZE = (1280, 800)
GOAL_SHARE = 0.02
SCREENS = ("title", "table", "lobby", "review", "settings")


def _environment() -> str:
    """Set the drivers up; "window" (a real one, on ``DISPLAY``) or "dummy"."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["MATADOR_LOOPBACK_ONLY"] = "1"
    if os.environ.get("SDL_VIDEODRIVER") == "dummy" or not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return "dummy"
    return "window"


def children_cpu_s() -> float | None:
    """The processor seconds of this process's children alive now and theirs
    (the computer players' and the review's workers), from /proc; None elsewhere."""
    try:
        stats = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                        fields = handle.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    except OSError:
        return None
    ours, total, grew = {os.getpid()}, 0.0, True
    while grew:
        grew = False
        for pid, (parent, cpu) in stats.items():
            if parent in ours and pid not in ours:
                ours.add(pid)
                total += cpu
                grew = True
    return total


def _share(run: Callable[[], int], seconds: float) -> dict[str, Any]:
    """Run ``run`` (it returns the frames it drew); its processor share over the wall time
    (the game's process; beside it, its worker processes')."""
    wall, cpu, children = time.perf_counter(), time.process_time(), children_cpu_s()
    frames = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    after = children_cpu_s()
    workers = None if children is None or after is None or not wall else round(max(0.0, after - children) / wall, 4)
    return {
        "seconds": round(wall, 2), "cpu_s": round(cpu, 3), "share": round(cpu / wall, 4) if wall else 0.0,
        "workers_share": workers, "frames": frames,
    }


def bare_loop(seconds: float) -> dict[str, Any]:
    """A pygame window of ``SIZE`` filled and flipped 60 times a second, events taken."""
    import pygame

    pygame.init()
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    clock = pygame.time.Clock()

    def run() -> int:
        end = time.perf_counter() + seconds
        frames = 0
        while time.perf_counter() < end:
            pygame.event.get()
            screen.fill((14, 24 + frames % 2, 18))
            pygame.display.flip()
            clock.tick(60)
            frames += 1
        return frames

    result = _share(run, seconds)
    pygame.display.quit()
    return result


def _wait_until(app: Any, ready: Callable[[], bool], timeout: float = 60.0) -> bool:
    """Run the app's loop in short slices until ``ready`` (or ``timeout``)."""
    end = time.perf_counter() + timeout
    while not ready():
        if time.perf_counter() > end or not app.running:
            return False
        app.run(seconds=0.2)
    return True


def _played_match() -> Any:
    """A short finished match (one Leyden round, you at random against an easy computer)."""
    import random

    from game.ai import make_player
    from game.engine import Match, PlayerInfo, Rules

    match = Match(Rules.from_base("leyden", 2, {"target_score": None}), [PlayerInfo("You"), PlayerInfo("Easy", "computer", "easy")], 4)
    rng = random.Random(4)
    easy = make_player("easy")
    state = match.next_round()
    while not state.over:
        seat = state.current_player
        assert seat is not None
        match.push(rng.choice(state.legal_moves()) if seat == 0 else easy.choose(match.view(seat), rng, 0.05))
    return match


def measure(seconds: float) -> dict[str, Any]:
    where = _environment()
    home = tempfile.TemporaryDirectory(prefix="matador-bench-idle-")
    os.environ["MATADOR_HOME"] = home.name
    results: dict[str, Any] = {"bench": "idle", "where": where, "size": list(SIZE), "seconds": seconds, "goal_share": GOAL_SHARE}
    results["load_before"] = round(os.getloadavg()[0], 2)
    results["bare_loop"] = bare_loop(seconds)
    from game.ai.coach import Budget
    from game.engine import Match, PlayerInfo, Rules
    from game.profile.settings import Settings
    from game.ui.shell import flow
    from game.ui.shell.app import App
    from game.play.thinker import Thinker
    from game.ui.drawing.tile_art import TileArt

    app = App(SIZE)
    thinker = Thinker("process")
    app.services.update(
        settings=Settings(), art=TileArt(), thinker=thinker, review_mode="thread",
        review_budget=Budget(deals=120, forced_deals=60, screen=40, keep=2, step=40, check_deals=120, strong_deals=0),
    )
    routes = flow.install(app)
    screens: dict[str, Any] = {}
    notes: dict[str, str] = {}
    try:
        # the title
        routes.open_title()
        _wait_until(app, lambda: app.frames > 10)
        app.run(seconds=1.0)
        screens["title"] = _share(lambda: _frames(app, seconds), seconds)
        # a table waiting for a person's move (an easy computer moves first when it leads)
        match = Match(Rules.from_base("matador", 2), [PlayerInfo("You"), PlayerInfo("Easy", "computer", "easy")], 2)
        table = routes.start_match(match, replaces_save=False)
        ready = _wait_until(app, lambda: table.can_act() and not table.motion.glides and table.motion.shift is None)
        app.run(seconds=1.0)
        screens["table"] = _share(lambda: _frames(app, seconds), seconds)
        if not ready:
            notes["table"] = "the person's turn never came"
        # a lobby waiting for friends (hosted here, on loopback)
        routes.open_title()
        routes.open_friends()
        routes.open_host()
        host = app.top
        getattr(host, "on_button")("start")
        lobby = app.top
        ready = _wait_until(app, lambda: getattr(getattr(lobby, "play", None), "phase", "") == "lobby")
        app.run(seconds=1.0)
        screens["lobby"] = _share(lambda: _frames(app, seconds), seconds)
        if not ready:
            notes["lobby"] = f"the lobby did not open ({type(lobby).__name__})"
        # a paused review, its analysis done
        routes.open_title()
        routes.open_review(_played_match(), 0, 0)
        review = app.top
        ready = _wait_until(app, lambda: getattr(review, "mode").source.analysis().done, timeout=120.0)
        app.run(seconds=1.0)
        screens["review"] = _share(lambda: _frames(app, seconds), seconds)
        if not ready:
            notes["review"] = "the analysis did not finish"
        # Settings
        routes.open_title()
        routes.open_side("settings")
        app.run(seconds=1.0)
        screens["settings"] = _share(lambda: _frames(app, seconds), seconds)
    finally:
        app.close()
        thinker.shutdown()
        from game.ui.shell.launch import finish_network

        finish_network()
        import pygame

        pygame.quit()
        home.cleanup()
    results["screens"] = screens
    results["notes"] = notes
    results["load_after"] = round(os.getloadavg()[0], 2)
    return results


def _frames(app: Any, seconds: float) -> int:
    before = app.frames
    app.run(seconds=seconds)
    return int(app.frames - before)


def main(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    report = measure(5.0 if quick else 30.0)
    if getattr(args, "json", False):
        print(json.dumps(report))
        return 0
    where = "a real window (DISPLAY=%s)" % os.environ.get("DISPLAY", "") if report["where"] == "window" else "SDL's dummy driver (no DISPLAY: no picture reaches a screen, so the bare loop costs little)"
    print(f"idle: {SIZE[0]}x{SIZE[1]}, {report['seconds']:.0f} s a screen, on {where}; goal <= {GOAL_SHARE:.0%} of a core")
    print(f"  load average {report['load_before']} before, {report['load_after']} after")
    bare = report["bare_loop"]
    print(f"  {'bare pygame loop, 60 fps':<28} {bare['share']:7.1%} of a core  ({bare['frames']} frames)")
    for name in SCREENS:
        entry = report["screens"].get(name)
        if entry is None:
            continue
        note = report["notes"].get(name)
        workers = f", its workers {entry['workers_share']:.1%}" if entry.get("workers_share") is not None else ""
        print(f"  {name:<28} {entry['share']:7.1%} of a core  ({entry['frames']} frames{workers}){'  [' + note + ']' if note else ''}")
    return 0
