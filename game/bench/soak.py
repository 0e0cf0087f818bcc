"""``python -m game bench soak [--minutes 30] [--seed S] [--json]``: memory over a long run.

One process plays for ``--minutes`` of real time, never restarted: the monkey
(tools/monkey.py: random but plausible input through every screen, a route to
another screen every few seconds) with computers of every level thinking in a
worker process, the text size and the language changed now and then, reviews
opened and closed, matches of every rule set. The resident memory is sampled
every 3 s. Printed: the peak, the memory minute by minute and by 5-minute
blocks, and how much it grew after the first 5 minutes (the least-squares
slope, and the medians of the 5-minute blocks, in MB per 10 minutes); the goals are a peak of at most 250 MB and at most
10 MB of growth per 10 minutes after the first 5. Figures are printed, never
asserted.

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
GOAL_GROWTH_MB = 10.0  # per 10 minutes, after the first 5
SETTLE_S = 300.0
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


def main(args: argparse.Namespace) -> int:
    monkey = load_monkey()
    if monkey is None:
        print("bench soak: it drives tools/monkey.py, which only a clone of the repository has")
        return 2
    minutes = float(getattr(args, "minutes", None) or (2.0 if args.quick else 30.0))
    seed = int(getattr(args, "seed", None) or 1)
    home = Path(tempfile.mkdtemp(prefix="matador-soak-"))
    os.environ["MATADOR_HOME"] = str(home)
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    summary = monkey.run(seed, 60.0 * minutes, size=(1280, 800), thinker_mode="process")
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None
    result = {
        "minutes": minutes,
        "seed": seed,
        "ok": summary["ok"],
        "reason": summary["reason"],
        "frames": summary["frames"],
        "frames_per_s": summary["frames_per_s"],
        "screens": summary["screens"],
        "load_average": {"start": load_before, "end": load_after},
        **figures(summary["rss_mb"], 60.0 * minutes),
        "samples": summary["rss_mb"],
    }
    if args.json:
        print(json.dumps(result))
        return 0 if summary["ok"] else 1
    print(f"soak: {minutes:g} minutes, seed {seed}, {result['frames']} frames ({result['frames_per_s']} a second), {len(result['screens'])} screens")
    if load_before and load_after:
        print(f"load average: {load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end (2 cores)")
    if not summary["ok"]:
        print(f"the run failed: {summary['reason']}")
    print(f"peak RSS: {result['peak_mb']} MB at {result['peak_at_s']} s (goal <= {GOAL_PEAK_MB:g} MB)")
    print(f"after 5 minutes: {result['at_5_min_mb']} MB; 75th percentile from then on {result['steady_mb']} MB")
    print(
        f"growth after 5 minutes, per 10 minutes: {result['growth_slope_mb_per_10_min']} MB (least squares), "
        f"{result['growth_blocks_mb_per_10_min']} MB (medians of 5-minute blocks); goal <= {GOAL_GROWTH_MB:g}"
    )
    print("5-minute blocks (median MB): " + ", ".join(f"{b['from_min']}-{b['from_min'] + 5}: {b['median_mb']:.0f}" for b in result["blocks_of_5_min"]))
    print("minute by minute (median MB): " + ", ".join(f"{row['minute']}: {row['mb']:.0f}" for row in result["per_minute_mb"]))
    return 0 if summary["ok"] else 1
