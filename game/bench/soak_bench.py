"""``python -m game bench soak [--minutes 30] [--seed S] [--small-windows] [--json]``: memory over a long run.

One process plays for ``--minutes`` of real time, never restarted: the monkey
(tools/monkey.py: random but plausible input through every screen, a route to
another screen every few seconds) with computers of every level thinking in a
worker process, the text size and the language changed now and then, reviews
opened and closed, matches of every rule set. The window is resized anywhere
from 640x480 to 3840x2160 (very wide and very short windows, narrow and tall
ones, under the least size), goes full screen and back, and reviews and Past
matches are opened in windows larger than 2560x1440 (the monkey's ``big``;
``--small-windows``: sizes up to 1920x1080 only, as issue 33's soak). A few
finished matches are kept before the start, so that reviews open from the
first minute. SDL's dummy video driver is used unless ``DISPLAY`` is set (then
a real window, X11).

The resident memory is sampled every 3 s, and read after every frame (the
highest frame between two samples is kept too, with the screens open then). Printed: the peak (of the
samples, and of any frame), the memory minute by minute and by 5-minute
blocks, how much it grew after the first 5 minutes (the least-squares slope,
and the medians of the 5-minute blocks, in MB per 10 minutes), the memory in
the samples taken with a window of more pixels than 2560x1440, and the memory
once the window is back at 1280x800 at the end (on the screen the run ended on,
then on the title). The goals (issue 37): a peak of at most 250 MB (300 MB at
more than 2560x1440), at most 10 MB of growth per 10 minutes after the first 5,
and under 250 MB back at 1280x800. Figures are printed, never asserted.

It needs the monkey, which lives in the clone's tools/ (not in an installed
game nor in the desktop app).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

GOAL_PEAK_MB = 250.0
GOAL_LARGE_PEAK_MB = 300.0  # while the window has more pixels than 2560x1440
GOAL_BACK_MB = 250.0  # back at 1280x800
GOAL_GROWTH_MB = 10.0  # per 10 minutes, after the first 5
LARGE_PIXELS = 2560 * 1440
KEPT_MATCHES = 6  # finished matches kept before the start: reviews open from the first minute
BACK_FRAMES = 90  # frames at 1280x800 before the memory is read at the end
SETTLE_S = 300.0
TOP_FRAMES = 8  # the highest frames printed with the screens open then
MONKEY = Path(__file__).resolve().parents[2] / "tools" / "monkey.py"


def load_monkey(path: Path = MONKEY) -> Any:
    """tools/monkey.py, as a module (None if this is not a clone)."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("matador_monkey", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def slope_per_10_min(samples: list[tuple[float, float]]) -> float | None:
    """The least-squares slope of (seconds, MB) samples, in MB per 10 minutes."""
    if len(samples) < 3:
        return None
    xs, ys = [t for t, _ in samples], [mb for _, mb in samples]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    if spread == 0:
        return None
    return 600.0 * sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread


def _median_between(samples: list[tuple[float, float]], start: float, end: float) -> float | None:
    values = [mb for t, mb in samples if start <= t < end]
    return statistics.median(values) if values else None


def figures(samples: list[tuple[float, float]], seconds: float) -> dict[str, Any]:
    """The soak's figures from its (seconds, MB) samples.

    The memory at a moment depends on the screen shown then (a table at 150% text
    holds more than the title), so growth is read from 5-minute blocks: the
    median of the last whole block less that of the block from minute 5, per 10
    minutes; and from the least-squares slope of every sample from minute 5 on."""
    samples = [s for s in samples if s[0] <= seconds]  # (not the one taken after the app closed)
    if not samples:
        return {"peak_mb": None}
    peak_t, peak = max(samples, key=lambda s: s[1])
    later = [s for s in samples if s[0] >= SETTLE_S]
    minutes = [(m, _median_between(samples, 60.0 * m, 60.0 * (m + 1))) for m in range(int(seconds // 60) + 1)]
    blocks = []
    for start in range(0, int(seconds) - 299, 300):
        median = _median_between(samples, float(start), start + 300.0)
        if median is not None:
            blocks.append({"from_min": start // 60, "median_mb": round(median, 1)})
    settled = [b for b in blocks if b["from_min"] >= SETTLE_S // 60]
    block_growth = None
    if len(settled) >= 2:
        span = settled[-1]["from_min"] - settled[0]["from_min"]
        block_growth = round(10.0 * (settled[-1]["median_mb"] - settled[0]["median_mb"]) / span, 1)
    slope = slope_per_10_min(later)
    return {
        "peak_mb": round(peak, 1),
        "peak_at_s": round(peak_t),
        "at_5_min_mb": _median_between(samples, SETTLE_S - 30.0, SETTLE_S + 30.0),
        "steady_mb": round(statistics.quantiles([mb for _, mb in later], n=4)[2], 1) if len(later) >= 4 else None,
        "growth_slope_mb_per_10_min": None if slope is None else round(slope, 1),
        "growth_blocks_mb_per_10_min": block_growth,
        "blocks_of_5_min": blocks,
        "per_minute_mb": [{"minute": m, "mb": round(mb, 1)} for m, mb in minutes if mb is not None],
        "goal_peak_met": peak <= GOAL_PEAK_MB,
        "goal_growth_met": all(g is None or g <= GOAL_GROWTH_MB for g in (slope, block_growth)),
    }


def large(size: Any) -> bool:
    """Whether a window of ``size`` has more pixels than 2560x1440."""
    return int(size[0]) * int(size[1]) > LARGE_PIXELS


def by_size(summary: dict[str, Any]) -> dict[str, Any]:
    """The memory of the samples and frames with a window larger than 2560x1440, and of the others."""
    samples, sizes = summary.get("rss_mb", []), summary.get("sample_sizes") or []
    peaks = summary.get("frame_peaks") or []
    big = [mb for (_, mb), size in zip(samples, sizes) if large(size)]
    rest = [mb for (_, mb), size in zip(samples, sizes) if not large(size)]
    big_frames = [p[1] for p in peaks if large(p[2:4])]
    rest_frames = [p[1] for p in peaks if not large(p[2:4])]
    highest = max(peaks, key=lambda p: p[1]) if peaks else None
    screens = summary.get("frame_peak_screens") or []
    top = sorted(range(len(peaks)), key=lambda i: -peaks[i][1])[:TOP_FRAMES]
    highest_frames = [
        {"at_s": peaks[i][0], "mb": peaks[i][1], "size": list(peaks[i][2:4]), **(screens[i] if i < len(screens) else {})} for i in top
    ]

    def median(values: list[float]) -> float | None:
        return round(statistics.median(values), 1) if values else None

    return {
        "large_samples": len(big),
        "large_peak_mb": max(big, default=None),
        "large_median_mb": median(big),
        "large_frame_peak_mb": max(big_frames, default=None),
        "other_peak_mb": max(rest, default=None),
        "other_frame_peak_mb": max(rest_frames, default=None),
        "frame_peak": None if highest is None else {"at_s": highest[0], "mb": highest[1], "size": list(highest[2:4])},
        "highest_frames": highest_frames,
    }


def back_at_default(app: Any) -> dict[str, Any]:
    """The window back at 1280x800 (out of full screen): the memory after ``BACK_FRAMES``
    frames on the screen the run ended on, and again on the title."""
    import pygame

    from game.ui.shell.memory import resident_bytes

    if app.fullscreen:
        app.toggle_fullscreen()
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))

    def settle() -> float | None:
        for _ in range(BACK_FRAMES):
            app.step(pygame.event.get(), 1 / 60)
        resident = resident_bytes()
        return None if resident is None else round(resident / (1024 * 1024), 1)

    screen_mb = settle()
    screen = type(app.top).__name__ if app.top is not None else "none"
    app.routes.open_title()
    return {"size": list(app.size), "screen": screen, "screen_mb": screen_mb, "title_mb": settle()}


def keep_matches(count: int = KEPT_MATCHES) -> None:
    """A few finished matches of different rule sets in Past matches (played at random)."""
    import random

    from game.engine import Match, PlayerInfo, Rules
    from game.engine.rules import RULE_SETS
    from game.archive.past_matches import keep

    for seed in range(count):
        base = sorted(RULE_SETS)[seed % len(RULE_SETS)]
        info = RULE_SETS[base]
        seats = [PlayerInfo("You", "human", None)] + [PlayerInfo(f"Cpu {i}", "computer", "medium") for i in range(1, info.min_players)]
        match = Match(Rules.from_base(base, info.min_players, {"target_score": None}), seats, seed)
        rng = random.Random(seed)
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
        keep(match, abandoned=False)


def main(args: argparse.Namespace) -> int:
    monkey = load_monkey()
    if monkey is None:
        print("bench soak: it drives tools/monkey.py, which only a clone of the repository has")
        return 2
    minutes = float(getattr(args, "minutes", None) or (2.0 if args.quick else 30.0))
    seed = int(getattr(args, "seed", None) or 1)
    big = not getattr(args, "small_windows", False)
    home = Path(tempfile.mkdtemp(prefix="matador-soak-"))
    os.environ["MATADOR_HOME"] = str(home)
    os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")
    if os.environ.get("DISPLAY") and not os.environ.get("SDL_VIDEODRIVER"):
        os.environ["SDL_VIDEODRIVER"] = "x11"  # a real window (the monkey would take the dummy driver)
    driver = os.environ.get("SDL_VIDEODRIVER") or "dummy"
    if big:
        keep_matches()
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    summary = monkey.run(seed, 60.0 * minutes, size=(1280, 800), thinker_mode="process", big=big, at_end=back_at_default if big else None)
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None
    sized = by_size(summary) if big else {}
    back = summary.get("at_end") or {}
    result = {
        "minutes": minutes,
        "seed": seed,
        "windows": "up to 3840x2160" if big else "up to 1920x1080",
        "video_driver": driver,
        "ok": summary["ok"],
        "reason": summary["reason"],
        "frames": summary["frames"],
        "frames_per_s": summary["frames_per_s"],
        "screens": summary["screens"],
        "load_average": {"start": load_before, "end": load_after},
        **figures(summary["rss_mb"], 60.0 * minutes),
        **sized,
        "back_at_1280x800": back,
        "samples": summary["rss_mb"],
        "sample_sizes": summary.get("sample_sizes"),
        "frame_peaks": summary.get("frame_peaks"),
        "frame_peak_screens": summary.get("frame_peak_screens"),
    }
    if big:
        backs = [mb for mb in (back.get("screen_mb"), back.get("title_mb")) if mb is not None]
        result["goal_large_peak_met"] = all(mb is None or mb <= GOAL_LARGE_PEAK_MB for mb in (sized["large_peak_mb"], sized["large_frame_peak_mb"]))
        other = [mb for mb in (sized["other_peak_mb"], sized["other_frame_peak_mb"]) if mb is not None]
        result["goal_peak_met"] = all(mb <= GOAL_PEAK_MB for mb in other)
        result["goal_back_met"] = bool(backs) and all(mb <= GOAL_BACK_MB for mb in backs)
    if args.json:
        print(json.dumps(result))
        return 0 if summary["ok"] else 1
    print(
        f"soak: {minutes:g} minutes, seed {seed}, windows {result['windows']}, video driver {driver}, "
        f"{result['frames']} frames ({result['frames_per_s']} a second), {len(result['screens'])} screens"
    )
    if load_before and load_after:
        print(f"load average: {load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end (2 cores)")
    if not summary["ok"]:
        print(f"the run failed: {summary['reason']}")
    print(f"peak RSS (3-second samples): {result['peak_mb']} MB at {result['peak_at_s']} s")
    if big:
        top = result["frame_peak"] or {}
        size = "x".join(map(str, top.get("size", ()))) or "?"
        print(f"peak RSS (any frame): {top.get('mb')} MB at {top.get('at_s')} s, window {size}")
        print(
            f"windows of 2560x1440 or smaller: peak {result['other_peak_mb']} MB (samples), {result['other_frame_peak_mb']} MB (frames); "
            f"goal <= {GOAL_PEAK_MB:g} MB"
        )
        print(
            f"windows larger than 2560x1440 ({result['large_samples']} samples): peak {result['large_peak_mb']} MB (samples), "
            f"{result['large_frame_peak_mb']} MB (frames), median {result['large_median_mb']} MB; goal <= {GOAL_LARGE_PEAK_MB:g} MB"
        )
        for row in result.get("highest_frames") or []:
            print(
                f"  a high frame: {row['mb']} MB at {row['at_s']} s ({row.get('before_mb')} MB before it), window "
                f"{'x'.join(map(str, row['size']))}{' full screen' if row.get('full') else ''}, text {row.get('text')}%, "
                f"screens {' / '.join(row.get('screens') or ['?'])}{', route ' + row['route'] if row.get('route') else ''}"
            )
        print(
            f"back at 1280x800: {back.get('screen_mb')} MB on {back.get('screen')}, {back.get('title_mb')} MB on the title; "
            f"goal < {GOAL_BACK_MB:g} MB"
        )
    else:
        print(f"goal: peak <= {GOAL_PEAK_MB:g} MB")
    print(f"after 5 minutes: {result['at_5_min_mb']} MB; 75th percentile from then on {result['steady_mb']} MB")
    print(
        f"growth after 5 minutes, per 10 minutes: {result['growth_slope_mb_per_10_min']} MB (least squares), "
        f"{result['growth_blocks_mb_per_10_min']} MB (medians of 5-minute blocks); goal <= {GOAL_GROWTH_MB:g}"
    )
    print("5-minute blocks (median MB): " + ", ".join(f"{b['from_min']}-{b['from_min'] + 5}: {b['median_mb']:.0f}" for b in result["blocks_of_5_min"]))
    print("minute by minute (median MB): " + ", ".join(f"{row['minute']}: {row['mb']:.0f}" for row in result["per_minute_mb"]))
    return 0 if summary["ok"] else 1
