"""Check the one-file Linux app: ``python packaging/check_appimage.py release/Matador-VERSION-x86_64.AppImage``.

Run after ``packaging/make_appimage.py`` (``.ci/build_bundle.sh`` does both, as does the
release workflow on Linux). One line per check:

- its name (``Matador-VERSION-ARCH.AppImage``) and its size, within the Linux budget
  (32 MB, check_bundle.BUDGETS_MB);
- it is an AppImage of type 2: an ELF program marked "AI" 2 at byte 8, a SquashFS image
  where the ELF part ends, and ``--appimage-offset`` says the same;
- what ``--appimage-extract`` unpacks: AppRun, the desktop entry (with the keys a menu
  needs), the icon and .DirIcon at the top, every sprite and sound in the game's folder,
  the notices of the runtime's libraries;
- copied alone into a new folder whose name has spaces, it runs as the game does
  (check_bundle.check_runs: ``--version``, ``--help``, the headless smoke test and the
  network smoke), passes on the game's exit status, and leaves nothing behind where it
  unpacked.

Exit status 0 when all is well, 1 with a message on the first failure.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import APP_NAME, choices_for, read_version  # noqa: E402
from check_bundle import BUDGETS_MB, CheckFailed, check_runs, missing_data  # noqa: E402
from make_appimage import MAGIC, NOTICES, SQUASHFS_MAGIC, appimage_name, elf_end  # noqa: E402

DESKTOP_KEYS = {"Type": "Application", "Name": APP_NAME, "Icon": "matador", "Terminal": "false"}


def check_name(path: Path, version: str, machine: str) -> str:
    wanted = appimage_name(version, machine)
    if path.name != wanted:
        raise CheckFailed(f"the AppImage is named {path.name}, expected {wanted}")
    return f"name: {path.name}"


def check_size(path: Path, budget_mb: float) -> str:
    size = path.stat().st_size
    line = f"AppImage size: {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB): {path}"
    if size > budget_mb * 1e6:
        raise CheckFailed(f"{line}; over the {budget_mb:g} MB budget")
    return f"{line}; budget {budget_mb:g} MB"


def check_format(path: Path) -> tuple[int, str]:
    """(where the image starts, a line): the marks of an AppImage of type 2."""
    with open(path, "rb") as handle:
        header = handle.read(64)
        if header[:4] != b"\x7fELF":
            raise CheckFailed("the AppImage is not an ELF program")
        if header[8:11] != MAGIC:
            raise CheckFailed(f"bytes 8-10 are {header[8:11]!r}, not the AppImage type 2 mark {MAGIC!r}")
        offset = elf_end(header)
        handle.seek(offset)
        if handle.read(4) != SQUASHFS_MAGIC:
            raise CheckFailed(f"no SquashFS image where the ELF part ends (byte {offset})")
    return offset, f"format: AppImage type 2, image at byte {offset}"


def parse_desktop_entry(text: str) -> dict[str, str]:
    """The keys of a .desktop file's [Desktop Entry] group."""
    keys: dict[str, str] = {}
    group = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1]
        elif group == "Desktop Entry" and "=" in line:
            key, _, value = line.partition("=")
            keys[key.strip()] = value.strip()
    return keys


def check_desktop_entry(text: str, version: str) -> str:
    keys = parse_desktop_entry(text)
    wrong = [f"{key}={keys.get(key)!r}" for key, value in DESKTOP_KEYS.items() if keys.get(key) != value]
    if not keys.get("Exec"):
        wrong.append("no Exec")
    if "Game" not in keys.get("Categories", "").split(";"):
        wrong.append(f"Categories={keys.get('Categories')!r} (no Game)")
    if keys.get("X-AppImage-Version") != version:
        wrong.append(f"X-AppImage-Version={keys.get('X-AppImage-Version')!r}")
    if wrong:
        raise CheckFailed("matador.desktop: " + ", ".join(wrong))
    return f"desktop entry: {keys['Name']}, icon {keys['Icon']}, version {version}"


def check_appdir(appdir: Path, version: str) -> list[str]:
    """What the AppImage unpacks to."""
    problems = []
    for name in ("AppRun", f"{APP_NAME}/{APP_NAME}"):
        if not os.access(appdir / name, os.X_OK) or not (appdir / name).is_file():
            problems.append(f"{name} is missing or not executable")
    icon = appdir / "matador.png"
    if not icon.is_file() or icon.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
        problems.append("matador.png is missing or not a PNG")
    if not (appdir / ".DirIcon").is_symlink() or os.readlink(appdir / ".DirIcon") != "matador.png":
        problems.append(".DirIcon is not a link to matador.png")
    for name in NOTICES:
        if not (appdir / "LICENSES" / name).is_file():
            problems.append(f"LICENSES/{name} is missing")
    if (appdir / APP_NAME / "install-desktop.sh").exists():
        problems.append("install-desktop.sh (the zip's) is inside")
    if not (appdir / "matador.desktop").is_file():
        problems.append("matador.desktop is missing")
    if problems:
        raise CheckFailed("inside the AppImage: " + "; ".join(problems))
    lines = [check_desktop_entry((appdir / "matador.desktop").read_text(encoding="utf-8"), version)]
    missing = missing_data(choices_for("linux", ROOT), appdir)
    if missing:
        raise CheckFailed(f"not in the AppImage: {', '.join(missing)}")
    lines.append("inside: AppRun, desktop entry, icon, .DirIcon, the game with every sprite and sound, the notices")
    return lines


def _runtime(appimage: Path, args: Sequence[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [str(appimage), *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired as exc:
        raise CheckFailed(f"{appimage.name} {' '.join(args)} did not finish within {timeout:g} s") from exc


def check_unpacked(appimage: Path, offset: int, version: str) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="matador-appimage-check-") as tmp:
        done = _runtime(appimage, ["--appimage-offset"], Path(tmp))
        if done.returncode != 0 or done.stdout.strip() != str(offset):
            raise CheckFailed(f"--appimage-offset said {done.stdout.strip()!r} {done.stderr.strip()}, not {offset}")
        done = _runtime(appimage, ["--appimage-extract"], Path(tmp))
        if done.returncode != 0:
            raise CheckFailed(f"--appimage-extract exited {done.returncode}: {done.stderr.strip()}")
        return ["--appimage-offset: agrees", *check_appdir(Path(tmp) / "squashfs-root", version)]


def check_runs_alone(appimage: Path, version: str, frames: int, timeout: float) -> list[str]:
    """The AppImage copied alone into a new folder with spaces in its name, run as a player
    would; where it unpacks (TMPDIR, XDG_RUNTIME_DIR) must be empty again afterwards."""
    with tempfile.TemporaryDirectory(prefix="matador-appimage-run-") as tmp:
        folder = Path(tmp) / "My Games" / "new folder"
        folder.mkdir(parents=True)
        app = folder / appimage.name
        shutil.copy2(appimage, app)
        unpack_here = Path(tmp) / "unpack here"
        unpack_here.mkdir()
        env = {"TMPDIR": str(unpack_here), "XDG_RUNTIME_DIR": str(unpack_here)}
        lines = [f"runs from {folder}:"] + [f"  {line}" for line in check_runs(app, version, frames, timeout, env)]
        done = subprocess.run(
            [str(app), "--no-such-option"], capture_output=True, text=True, timeout=120,
            env={**os.environ, **env}, stdin=subprocess.DEVNULL,
        )
        if done.returncode != 2:
            raise CheckFailed(f"an unknown option exited {done.returncode}, not the game's 2: {done.stderr.strip()}")
        lines.append("the game's exit status passes through (2 for an unknown option)")
        left = sorted(p.name for p in unpack_here.iterdir())
        if left:
            raise CheckFailed(f"the AppImage left {', '.join(left)} in {unpack_here}")
        lines.append("nothing left where it unpacked")
    return lines


def check(appimage: Path, version: str, machine: str, frames: int, timeout: float, budget_mb: float) -> list[str]:
    if not appimage.is_file() or not os.access(appimage, os.X_OK):
        raise CheckFailed(f"{appimage} is missing or not executable")
    lines = [check_name(appimage, version, machine), check_size(appimage, budget_mb)]
    offset, line = check_format(appimage)
    lines.append(line)
    lines += check_unpacked(appimage, offset, version)
    lines += check_runs_alone(appimage, version, frames, timeout)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the one-file Linux app.")
    parser.add_argument("appimage", type=Path, help="the AppImage made by packaging/make_appimage.py")
    parser.add_argument("--frames", type=int, default=300, help="frames of the smoke test")
    parser.add_argument("--timeout", type=float, default=300, help="seconds the smoke test may take")
    parser.add_argument("--budget-mb", type=float, default=BUDGETS_MB["linux"], help="size budget (default: Linux's)")
    args = parser.parse_args(argv)
    version = read_version(ROOT)
    try:
        for line in check(args.appimage.resolve(), version, platform.machine(), args.frames, args.timeout, args.budget_mb):
            print(f"check_appimage: {line}", flush=True)
    except CheckFailed as failure:
        print(f"check_appimage: FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"check_appimage: {args.appimage.name} passed every check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
