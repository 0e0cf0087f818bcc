"""Check a built desktop app: ``python packaging/check_bundle.py [--dist dist]``.

Run after ``pyinstaller build.spec`` on the system the app was built for
(.ci/build_bundle.sh does both; so does the release workflow on Windows, macOS
and Linux). It checks, and prints one line per check:

- every sprite, sound and fallback font, and pyproject.toml, are inside the bundle;
- ``--version`` prints pyproject's version and ``--help`` works;
- a headless smoke test (``play --seats hard,hard --smoke-test N``) exits 0 and
  saves a screenshot; network play runs (``MATADOR_SMOKE_NETWORK=1``: a table
  hosted on 127.0.0.1, joined and played to a round's end, game/net/app/smoke.py);
- what only one system has: the Windows executable's DPI-aware manifest,
  version resource and icon; the macOS Info.plist; the Linux desktop files;
- pygame's SDL libraries are shipped once (not again at the top of _internal/);
- the shipped folder fits the size budget (BUDGETS_MB: 35 MB on Windows, 33 MB on
  Linux, 40 MB on macOS, unless told otherwise).

What is made from the built folder has its own check beside this one:
check_appimage.py (the Linux AppImage) and check_installer.py (the Windows installer).

Exit status 0 when all is well, 1 with a message on the first failure.
"""

from __future__ import annotations

import argparse
import os
import plistlib
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Mapping, Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import (  # noqa: E402
    APP_NAME,
    PYGAME_LIBRARY_FOLDERS,
    WINDOWS_MANIFEST,
    BuildChoices,
    choices_for,
    is_shipped_asset,
    system_of,
)

# The shipped folder's budget on each system (measured: Windows 27 MB, Linux 31.3-31.4 MB;
# macOS, never built here, keeps the old 40 MB).
BUDGETS_MB = {"windows": 35.0, "linux": 33.0, "macos": 40.0}  # TLS (issue 39): OpenSSL on Windows (+4 MB), _ssl on Linux (+0.3 MB)
ASSET_KINDS = ("sprites", "sounds", "fonts")


class CheckFailed(Exception):
    """One check did not pass; the message says which and why."""


def asset_files(root: Path = ROOT) -> list[Path]:
    """Every sprite and sound of the clone (relative paths), as build.spec bundles them."""
    found = []
    for kind in ASSET_KINDS:
        for path in sorted((root / kind).rglob("*")):
            if is_shipped_asset(path):
                found.append(path.relative_to(root))
    return found


def data_root(choices: BuildChoices, dist: Path) -> Path:
    """Where the bundled data files are, as the running app sees them (``sys._MEIPASS``)."""
    if choices.system == "macos":
        return dist / f"{APP_NAME}.app" / "Contents" / "Frameworks"
    return dist / APP_NAME / "_internal"


def missing_data(choices: BuildChoices, dist: Path, root: Path = ROOT) -> list[str]:
    inside = data_root(choices, dist)
    wanted = [*asset_files(root), Path("pyproject.toml")]
    return [path.as_posix() for path in wanted if not (inside / path).is_file()]


def libraries_shipped_twice(inside: Path) -> list[str]:
    """Libraries at the top of the bundle's data folder that pygame also carries in its own
    folder (copies, or links that an archive may turn into copies), by name."""
    own = {
        path.name.lower()
        for folder in PYGAME_LIBRARY_FOLDERS
        if (inside / folder).is_dir()
        for path in (inside / folder).iterdir()
        if path.suffix.lower() in (".dll", ".dylib", ".so") or ".so." in path.name
    }
    return sorted(path.name for path in inside.iterdir() if path.name.lower() in own)


def check_libraries_once(inside: Path) -> str:
    twice = libraries_shipped_twice(inside)
    if twice:
        raise CheckFailed(f"shipped twice (at the top and in pygame's folder): {', '.join(twice)}")
    return "pygame's libraries: shipped once"


def folder_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) of a folder; symbolic links are not counted (macOS bundles link
    Frameworks/ to Resources/, which would count the same files twice)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def check_size(folder: Path, budget_mb: float) -> str:
    size, count = folder_size(folder)
    line = f"bundle size: {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB) in {count} files: {folder}"
    if size > budget_mb * 1e6:
        raise CheckFailed(f"{line}; over the {budget_mb:g} MB budget (see build.spec's excludes)")
    return f"{line}; budget {budget_mb:g} MB"


def headless_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        MATADOR_NO_CRASH_DIALOG="1",
        MATADOR_HOME=str(home),
    )
    return env


def _run(app: Path, args: Sequence[str], work: Path, timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [str(app), *args], cwd=work, env={**headless_env(work / "home"), **env},
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        raise CheckFailed(f"{app.name} {' '.join(args)} did not finish within {timeout:g} s") from exc


def _log_text(work: Path) -> str:
    logs = sorted((work / "home" / "log").glob("*"))
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in logs if p.is_file())


def check_version_output(stdout: str, version: str) -> str:
    line = stdout.strip()
    if line != f"{APP_NAME} {version}":
        raise CheckFailed(f"--version printed {line!r}, expected {APP_NAME + ' ' + version!r}")
    return f"--version: {line}"


def check_runs(app: Path, version: str, frames: int, timeout: float, env: Mapping[str, str] | None = None) -> list[str]:
    """--version, --help and the headless smoke test, from outside the clone (``env``:
    more environment for the program, e.g. where an AppImage unpacks)."""
    lines = []
    more = dict(env or {})
    with tempfile.TemporaryDirectory(prefix="matador-check-") as tmp:
        work = Path(tmp)
        done = _run(app, ["--version"], work, 120, **more)
        if done.returncode != 0:
            raise CheckFailed(f"--version exited {done.returncode}: {done.stderr.strip()}")
        lines.append(check_version_output(done.stdout, version))
        done = _run(app, ["--help"], work, 120, **more)
        if done.returncode != 0 or "replay" not in done.stdout:
            raise CheckFailed(f"--help exited {done.returncode}: {done.stderr.strip()}")
        lines.append("--help: ok")
        shot = work / "last.png"
        args = ["play", "--seats", "hard,hard", "--smoke-test", str(frames), "--screenshot", str(shot)]
        done = _run(app, args, work, timeout, **more)
        if done.returncode != 0:
            raise CheckFailed(
                f"the smoke test exited {done.returncode}\n{done.stderr.strip()}\n{_log_text(work)}".rstrip()
            )
        if not shot.is_file() or shot.stat().st_size == 0:
            raise CheckFailed("the smoke test saved no screenshot")
        lines.append(f"smoke test: {frames} frames, screenshot {shot.stat().st_size} bytes")
        done = _run(app, ["play", "--smoke-test", "1"], work, timeout, **more, MATADOR_SMOKE_NETWORK="1")
        if done.returncode != 0 or "network smoke: ok" not in done.stdout:
            raise CheckFailed(
                f"the network smoke test exited {done.returncode}\n{done.stdout.strip()}\n{done.stderr.strip()}\n{_log_text(work)}".rstrip()
            )
        lines.append(done.stdout.strip().splitlines()[-1])
    return lines


# --- what only one system has ----------------------------------------------------------------


def check_info_plist(plist: dict[str, object], version: str) -> str:
    """The macOS bundle's Info.plist: high-resolution drawing, the version, an icon."""
    problems = []
    if plist.get("NSHighResolutionCapable") is not True:
        problems.append("NSHighResolutionCapable is not true")
    if plist.get("CFBundleShortVersionString") != version:
        problems.append(f"CFBundleShortVersionString is {plist.get('CFBundleShortVersionString')!r}")
    if plist.get("CFBundleExecutable") != APP_NAME:
        problems.append(f"CFBundleExecutable is {plist.get('CFBundleExecutable')!r}")
    if not plist.get("CFBundleIconFile"):
        problems.append("no CFBundleIconFile")
    if problems:
        raise CheckFailed("Info.plist: " + "; ".join(problems))
    return f"Info.plist: version {version}, high resolution, icon {plist['CFBundleIconFile']}"


def check_macos(dist: Path, version: str) -> list[str]:
    contents = dist / f"{APP_NAME}.app" / "Contents"
    with open(contents / "Info.plist", "rb") as handle:
        plist = plistlib.load(handle)
    line = check_info_plist(plist, version)
    icon = contents / "Resources" / str(plist["CFBundleIconFile"])
    if not icon.is_file() and not icon.with_suffix(".icns").is_file():
        raise CheckFailed(f"the icon {icon.name} is not in Contents/Resources")
    return [line]


def check_manifest_xml(xml: str) -> str:
    for needed in ("<dpiAware", "true/pm", "<dpiAwareness", "PerMonitorV2"):
        if needed not in xml:
            raise CheckFailed(f"the executable's manifest lacks {needed!r} (per-monitor DPI awareness)")
    return "manifest: per-monitor DPI aware (PerMonitorV2)"


def version_strings(node: object) -> list[tuple[str, str]]:
    """The (name, value) strings of a version resource (PyInstaller's VSVersionInfo tree)."""
    found: list[tuple[str, str]] = []
    name, value = getattr(node, "name", None), getattr(node, "val", None)
    if isinstance(name, str) and isinstance(value, str):
        found.append((name.rstrip("\x00"), value.rstrip("\x00")))
    for kid in getattr(node, "kids", None) or []:
        found += version_strings(kid)
    return found


def check_manifest_accepted() -> str:
    """PyInstaller, which runs here, takes our Windows manifest and keeps its DPI settings
    (checked on every system, so that a build here already tells)."""
    from PyInstaller.utils.win32 import winmanifest

    made = winmanifest.create_application_manifest(WINDOWS_MANIFEST).decode("utf-8")
    check_manifest_xml(made)
    return "Windows manifest: PyInstaller keeps its per-monitor DPI awareness"


def check_windows(exe: Path, version: str) -> list[str]:  # pragma: no cover - runs on Windows only
    from PyInstaller.utils.win32 import versioninfo, winmanifest, winresource

    lines = [check_manifest_xml(winmanifest.read_manifest_from_executable(str(exe)).decode("utf-8"))]
    info = versioninfo.read_version_info_from_executable(str(exe))
    strings = dict(version_strings(info))
    if strings.get("ProductVersion") != version or strings.get("FileDescription") != APP_NAME:
        raise CheckFailed(f"the version resource does not say {APP_NAME} {version}: {strings}")
    lines.append(f"version resource: {APP_NAME} {version}")
    rt_group_icon = 14
    if not winresource.get_resources(str(exe), [rt_group_icon]).get(rt_group_icon):
        raise CheckFailed("the executable has no icon")
    lines.append("icon: embedded")
    return lines


def check_linux(dist: Path) -> list[str]:
    folder = dist / APP_NAME
    missing = [n for n in ("matador.desktop", "matador.png", "install-desktop.sh") if not (folder / n).is_file()]
    if missing:
        raise CheckFailed(f"missing beside the program: {', '.join(missing)}")
    if not os.access(folder / "install-desktop.sh", os.X_OK):
        raise CheckFailed("install-desktop.sh is not executable")
    return ["desktop entry, icon and installer: present"]


# --- all of it ----------------------------------------------------------------------------


def check(dist: Path, choices: BuildChoices, frames: int, timeout: float, budget_mb: float) -> list[str]:
    app = dist / choices.executable
    if not app.is_file() or not os.access(app, os.X_OK):
        raise CheckFailed(f"{app} was not built")
    lines = [f"program: {app}"]
    missing = missing_data(choices, dist)
    if missing:
        raise CheckFailed(f"not in the bundle: {', '.join(missing)}")
    lines.append(f"data: {len(asset_files())} sprites and sounds, and pyproject.toml")
    lines.append(check_libraries_once(data_root(choices, dist)))
    # The program runs before PyInstaller is imported here: under Wine, once this process
    # has imported PyInstaller, a program it starts never closes its output pipes.
    lines += check_runs(app, choices.version, frames, timeout)
    lines.append(check_manifest_accepted())
    if choices.system == "windows":
        lines += check_windows(app, choices.version)
    elif choices.system == "macos":
        lines += check_macos(dist, choices.version)
    else:
        lines += check_linux(dist)
    lines.append(check_size(dist / choices.shipped, budget_mb))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the built desktop app in dist/.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's output folder")
    parser.add_argument("--frames", type=int, default=300, help="frames of the smoke test")
    parser.add_argument("--timeout", type=float, default=300, help="seconds the smoke test may take")
    parser.add_argument("--budget-mb", type=float, help="size budget of the shipped folder (default: BUDGETS_MB)")
    args = parser.parse_args(argv)
    choices = choices_for(system_of(sys.platform), ROOT)
    budget_mb = args.budget_mb if args.budget_mb is not None else BUDGETS_MB[choices.system]
    try:
        for line in check(args.dist.resolve(), choices, args.frames, args.timeout, budget_mb):
            print(f"check_bundle: {line}", flush=True)
    except CheckFailed as failure:
        print(f"check_bundle: FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"check_bundle: {APP_NAME} {choices.version} for {choices.system} passed every check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
