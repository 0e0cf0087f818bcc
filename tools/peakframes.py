"""Which frames of a monkey run peak, and what they hold: a probe for docs/reliability.md.

    python tools/peakframes.py --seed S --seconds N [--big] [--frame-rate R] [--above MB] [--out peaks.jsonl]

Runs ``tools/monkey.py``'s ``run`` and reads the resident memory after every
frame (``/proc/self/statm``). Every frame that ends over ``--above`` MB is
written as a JSON line: the memory before and after it, the screens open, the
window size, the text size and the kinds of events it handled. On those
frames within 3% of the highest so far it also sums every pygame surface
reachable from Python by what holds it (``tools/memprobe.py``). The last line
is the highest frame and the count of frames over ``--above``. Linux only.
Not part of the game.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import memprobe  # noqa: E402
import monkey  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(prog="peakframes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--above", type=float, default=300.0)
    parser.add_argument("--out", type=Path, default=Path("peaks.jsonl"))
    parser.add_argument("--frame-rate", type=float)
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--probes", type=int, default=12, help="at most this many full probes")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="matador-peaks-"))
    os.environ["MATADOR_HOME"] = str(home)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.shell.app import App

    state: dict[str, Any] = {"frame": 0, "last": 0.0, "peak": 0.0, "peak_row": None, "over": 0, "probes": 0}
    real_step = App.step
    out = open(args.out, "w", encoding="utf-8")

    def step(self: Any, events: Any, dt: float) -> None:
        events = list(events)
        before = monkey.statm_mb()
        real_step(self, events, dt)
        after = monkey.statm_mb()
        state["frame"] += 1
        if after >= args.above:
            state["over"] += 1
            settings = self.services.get("settings")
            row: dict[str, Any] = {
                "frame": state["frame"], "prev_after": round(state["last"], 1), "before": round(before, 1), "after": round(after, 1),
                "screens": [type(s).__name__ for s in self.scenes], "size": list(self.size),
                "text": getattr(settings, "text_scale", getattr(settings, "text_size", None)),
                "events": sorted({pygame.event.event_name(e.type) for e in events}),
            }
            if after >= 0.97 * state["peak"] and state["probes"] < args.probes:
                state["probes"] += 1
                frozen = gc.get_freeze_count() > 0
                if frozen:
                    gc.unfreeze()
                try:
                    row["surfaces_mb"], row["surfaces"] = memprobe.surfaces_by_holder()
                    row.update(memprobe.mallinfo())
                finally:
                    if frozen:
                        gc.freeze()
            out.write(json.dumps(row) + "\n")
            out.flush()
            if after > state["peak"]:
                state["peak"], state["peak_row"] = after, {k: row[k] for k in ("frame", "after", "screens", "size", "text")}
        state["last"] = after

    App.step = step  # type: ignore[method-assign]
    summary = monkey.run(args.seed, args.seconds, frame_rate=args.frame_rate, big=args.big)
    final = {"ok": summary["ok"], "reason": summary["reason"], "frames": summary["frames"], "over": state["over"], "peak": state["peak_row"],
             "peak_samples": summary.get("peak_rss_mb"), "frame_peaks_top": sorted(summary.get("frame_peaks", []), key=lambda p: -p[1])[:8]}
    out.write(json.dumps(final) + "\n")
    out.close()
    print(json.dumps(final))
    if summary.get("traceback"):
        print(summary["traceback"], file=sys.stderr)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
