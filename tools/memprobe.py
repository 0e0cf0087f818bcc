"""What the memory holds during a monkey run: a probe for docs/reliability.md.

    python tools/memprobe.py --seed S --seconds N [--above MB] [--out probe.jsonl] [monkey options]

Runs ``tools/monkey.py``'s ``run`` and, at each of its RSS samples, writes a
JSON line: the resident memory, glibc's ``mallinfo2`` (the heap, its part in
use, the blocks mapped on their own), the screens open, the window size and
the text size. At the samples within 3% of the highest so far (and over
``--above`` MB) it also sums every pygame surface reachable from Python by
what holds it (a class, climbing through dicts, lists and tuples), counts
the fonts alive by holder, and counts pygame_gui's managers and themes.
Linux only (glibc). Not part of the game.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import monkey  # noqa: E402

MB = 1024 * 1024


class MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")
    ]


def mallinfo() -> dict[str, float]:
    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = MallInfo2
    m = libc.mallinfo2()
    return {
        "heap": round(m.arena / MB, 1),
        "heap_used": round(m.uordblks / MB, 1),
        "heap_free": round(m.fordblks / MB, 1),
        "mapped": round(m.hblkhd / MB, 1),
        "mapped_blocks": int(m.hblks),
    }


CONTAINERS = (dict, list, tuple, set, frozenset)


def _label(obj: Any) -> str:
    kind = type(obj)
    if kind.__name__ == "module":
        return f"module {obj.__name__}"
    if kind.__name__ == "function":
        return f"function {obj.__module__}.{obj.__qualname__}"
    return f"{kind.__module__}.{kind.__qualname__}"


def holders(kinds: tuple[type, ...]) -> dict[int, tuple[Any, str]]:
    """Every object of ``kinds`` reachable from a tracked object, with a label of what holds it."""
    objects = gc.get_objects()
    parent: dict[int, Any] = {}
    found: dict[int, tuple[Any, Any]] = {}
    for obj in objects:
        for ref in gc.get_referents(obj):
            if isinstance(ref, kinds):
                found.setdefault(id(ref), (ref, obj))
            elif isinstance(ref, CONTAINERS) or type(ref).__name__ in ("cell", "OrderedDict", "deque"):
                parent.setdefault(id(ref), obj)
    out: dict[int, tuple[Any, str]] = {}
    for key, (ref, holder) in found.items():
        chain = holder
        for _ in range(6):
            if not (isinstance(chain, CONTAINERS) or type(chain).__name__ in ("cell", "OrderedDict", "deque")):
                break
            up = parent.get(id(chain))
            if up is None:
                break
            chain = up
        out[key] = (ref, _label(chain))
    del objects
    return out


def surfaces_by_holder() -> tuple[float, list[tuple[str, float, int]]]:
    import pygame

    found = holders((pygame.Surface,))
    sums: dict[str, float] = {}
    counts: Counter[str] = Counter()
    total = 0.0
    for surface, label in found.values():
        if surface.get_parent() is not None:
            continue  # a subsurface: its parent's pixels
        size = surface.get_pitch() * surface.get_height() / MB
        sums[label] = sums.get(label, 0.0) + size
        counts[label] += 1
        total += size
    top = sorted(sums.items(), key=lambda item: -item[1])[:14]
    return round(total, 1), [(label, round(size, 1), counts[label]) for label, size in top]


def fonts_by_holder() -> tuple[int, list[tuple[str, int]]]:
    import pygame

    found = holders((pygame.font.Font,))
    counts = Counter(label for _, label in found.values())
    return len(found), counts.most_common(10)


def referrer_chain(target: Any, depth: int = 7) -> list[str]:
    """What holds ``target``: a path of labels up its referrers (frames left out)."""
    import types

    path: list[str] = []
    seen = {id(target)}
    current = target
    for _ in range(depth):
        refs = [r for r in gc.get_referrers(current) if id(r) not in seen and not isinstance(r, types.FrameType) and r is not path]
        refs = [r for r in refs if not (isinstance(r, list) and len(r) > 10000)]  # gc.get_objects()'s own list
        if not refs:
            break
        current = refs[0]
        seen.add(id(current))
        label = _label(current)
        if isinstance(current, dict):
            keys = [k for k, v in current.items() if v is target or id(v) in seen][:2]
            label += f"{keys}"
        path.append(label)
    return path


def gui_counts(app: Any) -> dict[str, Any]:
    import pygame_gui

    managers = 0
    themes = []
    for obj in gc.get_objects():
        if isinstance(obj, pygame_gui.UIManager):
            managers += 1
        elif type(obj).__name__ == "UIAppearanceTheme":
            themes.append(obj)
    out: dict[str, Any] = {"managers": managers, "themes": len(themes)}
    current = getattr(app, "_gui_theme", None)
    old = [t for t in themes if t is not current]
    if old:
        out["old_theme_held_by"] = referrer_chain(old[0])
    del themes, old
    return out


class Probe:
    def __init__(self, out: Any, above: float) -> None:
        self.out = out
        self.above = above
        self.peak = 0.0
        self.app: Any = None

    def find_app(self) -> Any:
        if self.app is None:
            from game.ui.shell.app import App

            self.app = next((o for o in gc.get_objects() if isinstance(o, App)), None)
        return self.app

    def __call__(self, now: float, rss: float) -> None:
        frozen = gc.get_freeze_count() > 0  # frozen objects are not listed by gc.get_objects
        if frozen:
            gc.unfreeze()
        try:
            self.sample(now, rss)
        finally:
            if frozen:
                gc.freeze()

    def sample(self, now: float, rss: float) -> None:
        app = self.find_app()
        row: dict[str, Any] = {"t": round(now, 1), "rss": round(rss, 1), **mallinfo()}
        if app is not None:
            row["screens"] = [type(s).__name__ for s in app.scenes]
            row["size"] = list(app.size)
            settings = app.services.get("settings")
            row["text_scale"] = getattr(settings, "text_scale", getattr(settings, "text_size", None))
        if rss >= self.above and rss >= 0.97 * self.peak:
            started = time.monotonic()
            row["surfaces_mb"], row["surfaces"] = surfaces_by_holder()
            row["fonts"], row["font_holders"] = fonts_by_holder()
            row.update(gui_counts(app))
            row["probe_s"] = round(time.monotonic() - started, 2)
        self.peak = max(self.peak, rss)
        self.out.write(json.dumps(row) + "\n")
        self.out.flush()


def main() -> int:
    parser = argparse.ArgumentParser(prog="memprobe")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--above", type=float, default=180.0, help="probe in full only over this many MB")
    parser.add_argument("--out", type=Path, default=Path("probe.jsonl"))
    parser.add_argument("--log", type=Path)
    parser.add_argument("--replay", type=Path)
    parser.add_argument("--frame-rate", type=float)
    parser.add_argument("--big", action="store_true", help="the monkey's windows up to 3840x2160 (bench soak's run)")
    parser.add_argument("--every", type=float, default=monkey.RSS_EVERY_S, help="seconds between samples")
    args = parser.parse_args()
    monkey.RSS_EVERY_S = args.every
    home = Path(tempfile.mkdtemp(prefix="matador-probe-"))
    os.environ["MATADOR_HOME"] = str(home)
    with open(args.out, "w", encoding="utf-8") as out:
        probe = Probe(out, args.above)
        summary = monkey.run(args.seed, args.seconds, log_path=args.log, replay=args.replay, on_sample=probe, frame_rate=args.frame_rate, big=args.big)
    print(json.dumps({k: v for k, v in summary.items() if k not in ("traceback", "rss_mb")}))
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
