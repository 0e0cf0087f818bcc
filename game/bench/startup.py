"""``python -m game bench startup [--json] [--quick] [--bundle PATH]``.

Time from launching the game to its first drawn frame, from source
(``python -m game play ...``) and from the PyInstaller bundle
(``dist/Matador/Matador`` by default, when it exists), plus the bundle's size.

Each launch runs ``play --seats hard,hard --smoke-test 1`` with SDL's dummy
drivers and a throw-away ``MATADOR_HOME``. The game writes the wall-clock time
of its first ``display.flip()`` to the file named by ``MATADOR_FIRST_FRAME_FILE``;
when it does not (an older build), the time until the process exits is used
instead and the figures say so. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_FIRST_FRAME_MS = 500
GOAL_SIZE_MB = 40
PLAY_ARGS = ["play", "--seats", "hard,hard", "--smoke-test", "1"]
ROOT = Path(__file__).resolve().parent.parent.parent


def default_bundle() -> Path | None:
    if getattr(sys, "frozen", False):  # run as `Matador bench startup`: time this bundle
        return Path(sys.executable)
    name = "Matador.exe" if sys.platform == "win32" else "Matador"
    for base in (ROOT, Path.cwd()):
        candidate = base / "dist" / "Matador" / name
        if candidate.is_file():
            return candidate
    return None


def bundle_root(executable: Path) -> Path:
    """The folder that is shipped: dist/Matador, or the Matador.app around it."""
    for parent in executable.parents:
        if parent.suffix == ".app":
            return parent
    return executable.parent


def folder_size_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def _env(home: Path, frame_file: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        MATADOR_HOME=str(home),
        MATADOR_NO_CRASH_DIALOG="1",
        MATADOR_FIRST_FRAME_FILE=str(frame_file),
    )
    return env


def time_launches(command: list[str], samples: int, warmup: int = 1, cwd: Path | None = None) -> dict[str, Any]:
    """Launch ``command`` ``warmup + samples`` times; medians of the timed ones."""
    first_frames: list[float] = []
    exits: list[float] = []
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="matador-bench-") as tmp:
        frame_file = Path(tmp) / "first_frame.txt"
        env = _env(Path(tmp) / "home", frame_file)
        for i in range(warmup + samples):
            frame_file.unlink(missing_ok=True)
            start = time.time()
            try:
                done = subprocess.run(
                    command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120
                )
            except (OSError, subprocess.TimeoutExpired) as err:
                errors.append(str(err))
                continue
            end = time.time()
            if done.returncode != 0:
                tail = (done.stderr.strip().splitlines() or [""])[-1]
                errors.append(f"exit status {done.returncode}: {tail}")
                continue
            if i < warmup:
                continue
            exits.append(end - start)
            try:
                first_frames.append(float(frame_file.read_text().strip()) - start)
            except (OSError, ValueError):
                pass
    result: dict[str, Any] = {"command": command, "samples": len(exits), "errors": errors[:3]}
    if exits:
        result["exit_ms_median"] = round(1000 * statistics.median(exits), 1)
    if first_frames and len(first_frames) == len(exits):
        result["first_frame_ms_median"] = round(1000 * statistics.median(first_frames), 1)
        result["first_frame_ms_min"] = round(1000 * min(first_frames), 1)
        result["method"] = "first-frame timestamp (MATADOR_FIRST_FRAME_FILE)"
    elif exits:
        result["method"] = "process exit after 1 frame (the game wrote no first-frame timestamp)"
    return result


def measure(samples: int, bundle: Path | None) -> dict[str, Any]:
    report: dict[str, Any] = {
        "bench": "startup",
        "goal": {"first_frame_ms": GOAL_FIRST_FRAME_MS, "bundle_size_mb": GOAL_SIZE_MB},
    }
    if getattr(sys, "frozen", False):
        report["source"] = {"skipped": "running from a bundle"}
    else:
        report["source"] = time_launches([sys.executable, "-m", "game", *PLAY_ARGS], samples, cwd=ROOT)
    if bundle is None:
        report["bundle"] = {"skipped": "no dist/Matador/Matador (build it: pyinstaller build.spec)"}
    elif not bundle.is_file():
        report["bundle"] = {"skipped": f"{bundle} does not exist"}
    else:
        entry = time_launches([str(bundle), *PLAY_ARGS], samples)
        root = bundle_root(bundle)
        entry["path"] = str(bundle)
        entry["size_mb"] = round(folder_size_bytes(root) / 1e6, 1)
        entry["files"] = sum(1 for p in root.rglob("*") if p.is_file())
        report["bundle"] = entry
    return report


def _print_text(report: dict[str, Any]) -> None:
    print("startup: launch to first drawn frame (dummy SDL drivers)")
    for label in ("source", "bundle"):
        entry = report[label]
        if "skipped" in entry:
            print(f"  {label:6}  skipped: {entry['skipped']}")
            continue
        if "first_frame_ms_median" in entry:
            figure = f"first frame {entry['first_frame_ms_median']:.0f} ms median"
        elif "exit_ms_median" in entry:
            figure = f"launch to exit {entry['exit_ms_median']:.0f} ms median (no first-frame timestamp)"
        else:
            figure = "no successful launch"
        extra = f", exit {entry['exit_ms_median']:.0f} ms" if "first_frame_ms_median" in entry else ""
        runs = f"  ({entry['samples']} runs; goal < {GOAL_FIRST_FRAME_MS} ms)" if entry["samples"] else ""
        print(f"  {label:6}  {figure}{extra}{runs}")
        if "size_mb" in entry:
            print(f"          size {entry['size_mb']} MB in {entry['files']} files (goal < {GOAL_SIZE_MB} MB): {entry['path']}")
        for error in entry["errors"]:
            print(f"          error: {error}")


def main(args: argparse.Namespace) -> int:
    samples = 3 if getattr(args, "quick", False) else 9
    given = getattr(args, "bundle", None)
    bundle = Path(given) if given else default_bundle()
    report = measure(samples, bundle)
    if getattr(args, "json", False):
        print(json.dumps(report))
    else:
        _print_text(report)
    launched = [report[k] for k in ("source", "bundle") if "skipped" not in report[k]]
    # Figures are never asserted; a game that fails to start at all is an error.
    return 1 if any(entry["samples"] == 0 for entry in launched) else 0
