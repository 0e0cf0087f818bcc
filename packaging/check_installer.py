"""Check the Windows installer: ``python packaging/check_installer.py release/Matador-VERSION-windows-x64-setup.exe``.

On any system (one line per check): its name, its size within the 30 MB budget, that it
is a 64-bit Windows program made by NSIS, and that its version resource carries
pyproject's version.

On Windows (or with a Windows Python under Wine: .ci/windows_wine.sh), ``--try STEP``
also installs it for real, as a player or a school's script would, silently:

- ``install [--desktop]``: ``setup.exe /S`` (``/DESKTOP`` too); then the program's
  folder (%LOCALAPPDATA%\\Programs\\Matador), the Start menu shortcut, the desktop
  shortcut if asked and only then, and the entry in Apps & features (name, version,
  publisher, icon, folder, size, uninstaller, silent uninstaller) are checked;
- ``upgrade``: a file an older version left in the program's folder, then the installer
  again over it: that file is gone, everything above is there (the desktop shortcut
  kept if there was one), and the player's files (%LOCALAPPDATA%\\Matador) are as they
  were;
- ``uninstall``: the entry's silent uninstaller; then the program's folder, both
  shortcuts and the entry are gone, and the player's files are as they were;
- ``all``: install (with the desktop shortcut), the installed game's run checks
  (check_bundle.check_runs: --version, --help, the smoke tests), upgrade, uninstall
  (what the release workflow does on a Windows machine).

Exit status 0 when all is well, 1 with a message on the first failure.
"""

from __future__ import annotations

import argparse
import os
import struct
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import APP_NAME, read_version  # noqa: E402
from check_bundle import CheckFailed, check_runs  # noqa: E402
from make_installer import installer_name  # noqa: E402

BUDGET_MB = 30.0
UNINSTALL_KEY = r"Software\Microsoft\Windows\CurrentVersion\Uninstall\Matador"
NSIS_MARK = b"NullsoftInst"
AMD64 = 0x8664
# Windows' known folders (SHGetKnownFolderPath)
FOLDER_DESKTOP = "B4BFCC3A-DB2C-424C-B029-7FE99A87C641"
FOLDER_PROGRAMS = "A77F5D77-2E2B-44C3-A6A2-ABA601054A51"  # the Start menu's Programs
FOLDER_LOCAL_APPDATA = "F1B32785-6FBA-4FCF-9D55-7B8E7F157091"
LEFT_BY_AN_OLDER_VERSION = "left-by-an-older-version.txt"
MARKER = "installer-check.txt"


# --- on any system ------------------------------------------------------------------------


def pe_machine(data: bytes) -> int:
    """The machine field of a Windows program's PE header."""
    if data[:2] != b"MZ":
        raise CheckFailed("the installer is not a Windows program (no MZ header)")
    (pe,) = struct.unpack_from("<I", data, 0x3C)
    if data[pe : pe + 4] != b"PE\0\0":
        raise CheckFailed("the installer has no PE header")
    (machine,) = struct.unpack_from("<H", data, pe + 4)
    return int(machine)


def version_string(data: bytes, key: str) -> str | None:
    """The value of ``key`` in a program's version resource (a String structure: three
    16-bit words, the key in UTF-16 ending in a zero, padding to 32 bits, the value)."""
    name = key.encode("utf-16-le") + b"\0\0"
    at = data.find(name)
    while at != -1 and (at - 6) % 2:
        at = data.find(name, at + 1)
    if at == -1:
        return None
    start = at - 6
    value = at + len(name)
    value += (4 - (value - start) % 4) % 4
    end = value
    while end + 1 < len(data) and data[end : end + 2] != b"\0\0":
        end += 2
    return data[value:end].decode("utf-16-le", errors="replace")


def check_file(setup: Path, version: str, budget_mb: float = BUDGET_MB) -> list[str]:
    if setup.name != installer_name(version):
        raise CheckFailed(f"the installer is named {setup.name}, expected {installer_name(version)}")
    data = setup.read_bytes()
    size = len(data)
    line = f"installer size: {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB): {setup}"
    if size > budget_mb * 1e6:
        raise CheckFailed(f"{line}; over the {budget_mb:g} MB budget")
    machine = pe_machine(data)
    if machine != AMD64:
        raise CheckFailed(f"the installer is not a 64-bit program (machine 0x{machine:04x})")
    if NSIS_MARK not in data:
        raise CheckFailed("the installer holds no NSIS data")
    found = {key: version_string(data, key) for key in ("ProductVersion", "FileVersion", "ProductName")}
    if found != {"ProductVersion": version, "FileVersion": version, "ProductName": APP_NAME}:
        raise CheckFailed(f"the installer's version resource says {found}")
    return [
        f"name: {setup.name}",
        f"{line}; budget {budget_mb:g} MB",
        f"a 64-bit NSIS installer of {APP_NAME} {version} (version resource)",
    ]


# --- on Windows: installing for real -------------------------------------------------------


def known_folder(guid: str) -> Path:  # pragma: no cover - Windows (or Wine) only
    import ctypes
    from ctypes import wintypes

    class GUID(ctypes.Structure):
        _fields_ = [("Data1", wintypes.DWORD), ("Data2", wintypes.WORD), ("Data3", wintypes.WORD), ("Data4", ctypes.c_ubyte * 8)]

    value = uuid.UUID(guid)
    folder_id = GUID(value.time_low, value.time_mid, value.time_hi_version, (ctypes.c_ubyte * 8)(*value.bytes[8:]))
    path = ctypes.c_wchar_p()
    windll = ctypes.windll  # type: ignore[attr-defined]
    if windll.shell32.SHGetKnownFolderPath(ctypes.byref(folder_id), 0, None, ctypes.byref(path)) != 0:
        raise CheckFailed(f"Windows does not know the folder {guid}")
    try:
        return Path(str(path.value))
    finally:
        windll.ole32.CoTaskMemFree(path)


@dataclass(frozen=True)
class Places:
    """Where the installer puts things, and where the player's files are."""

    program: Path
    start_menu: Path
    desktop: Path
    player_files: Path

    @classmethod
    def of_this_user(cls) -> "Places":  # pragma: no cover - Windows only
        local = known_folder(FOLDER_LOCAL_APPDATA)
        return cls(
            program=local / "Programs" / APP_NAME,
            start_menu=known_folder(FOLDER_PROGRAMS) / f"{APP_NAME}.lnk",
            desktop=known_folder(FOLDER_DESKTOP) / f"{APP_NAME}.lnk",
            player_files=local / APP_NAME,
        )


def uninstall_entry() -> dict[str, object] | None:  # pragma: no cover - Windows only
    """The values of the entry in Apps & features, or None if there is none."""
    import winreg

    try:
        key = winreg.OpenKey(winreg.HKEY_CURRENT_USER, UNINSTALL_KEY)
    except OSError:
        return None
    values: dict[str, object] = {}
    with key:
        index = 0
        while True:
            try:
                name, value, _kind = winreg.EnumValue(key, index)
            except OSError:
                break
            values[name] = value
            index += 1
    return values


def check_entry(entry: dict[str, object] | None, version: str, places: Places) -> str:
    """The Apps & features entry of an installed Matador."""
    if entry is None:
        raise CheckFailed(f"no entry in Apps & features (HKCU\\{UNINSTALL_KEY})")
    wanted = {
        "DisplayName": APP_NAME,
        "DisplayVersion": version,
        "Publisher": APP_NAME,
        "InstallLocation": str(places.program),
        "DisplayIcon": str(places.program / f"{APP_NAME}.exe"),
        "UninstallString": f'"{places.program / "uninstall.exe"}"',
        "QuietUninstallString": f'"{places.program / "uninstall.exe"}" /S',
        "NoModify": 1,
        "NoRepair": 1,
    }
    wrong = [f"{key}={entry.get(key)!r} (expected {value!r})" for key, value in wanted.items() if str(entry.get(key)).lower() != str(value).lower()]
    size = entry.get("EstimatedSize")
    if not isinstance(size, int) or size < 1000:
        wrong.append(f"EstimatedSize={size!r} KB")
    if wrong:
        raise CheckFailed("Apps & features: " + "; ".join(wrong))
    return f"Apps & features: {APP_NAME} {version}, publisher, icon, {int(size) / 1000:.1f} MB, silent uninstaller"


def check_installed(places: Places, version: str, desktop: bool, entry: dict[str, object] | None) -> list[str]:
    for path in (places.program / f"{APP_NAME}.exe", places.program / "uninstall.exe"):
        if not path.is_file():
            raise CheckFailed(f"{path} is missing")
    if not (places.program / "_internal").is_dir():
        raise CheckFailed(f"{places.program / '_internal'} is missing")
    if not places.start_menu.is_file():
        raise CheckFailed(f"no Start menu shortcut ({places.start_menu})")
    if places.desktop.is_file() != desktop:
        raise CheckFailed(f"the desktop shortcut is {'missing' if desktop else 'there unasked'} ({places.desktop})")
    shortcuts = "Start menu and desktop shortcuts" if desktop else "Start menu shortcut, no desktop one"
    return [f"installed in {places.program}", shortcuts, check_entry(entry, version, places)]


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """(size, modification time) of every file under ``folder``, by relative path."""
    if not folder.is_dir():
        return {}
    return {
        path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def check_kept(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]], what: str) -> str:
    lost = sorted(name for name in before if name not in after)
    changed = sorted(name for name in before if name in after and after[name] != before[name])
    if lost or changed:
        raise CheckFailed(f"{what} touched the player's files: lost {lost}, changed {changed}")
    return f"the player's files are kept ({len(before)} files)"


# The installer's and uninstaller's output is not read: under Wine, a helper process that
# the installer starts (rpcss, for the shortcuts) would keep a pipe open for ever. /S writes
# nothing anyway.
QUIET = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


def run_setup(setup: Path, *options: str, timeout: float = 600) -> None:  # pragma: no cover - Windows only
    try:
        done = subprocess.run([str(setup), "/S", *options], timeout=timeout, **QUIET)
    except subprocess.TimeoutExpired as exc:
        raise CheckFailed(f"{setup.name} /S did not finish within {timeout:g} s") from exc
    if done.returncode != 0:
        raise CheckFailed(f"{setup.name} /S {' '.join(options)} exited {done.returncode}")


def step_install(setup: Path, version: str, places: Places, desktop: bool) -> list[str]:  # pragma: no cover
    run_setup(setup, *(["/DESKTOP"] if desktop else []))
    return ["silent install: done", *check_installed(places, version, desktop, uninstall_entry())]


def step_upgrade(setup: Path, version: str, places: Places) -> list[str]:  # pragma: no cover
    stale = places.program / "_internal" / LEFT_BY_AN_OLDER_VERSION
    stale.write_text("a file the version before left", encoding="utf-8")
    desktop = places.desktop.is_file()
    before = snapshot(places.player_files)
    run_setup(setup)
    if stale.exists():
        raise CheckFailed(f"the upgrade left {stale} of the version before")
    lines = ["silent upgrade over the installed version: the program's old files replaced"]
    lines += check_installed(places, version, desktop, uninstall_entry())
    lines.append(check_kept(before, snapshot(places.player_files), "the upgrade"))
    return lines


def step_uninstall(places: Places, timeout: float = 180) -> list[str]:  # pragma: no cover
    entry = uninstall_entry()
    if entry is None or not isinstance(entry.get("QuietUninstallString"), str):
        raise CheckFailed("no silent uninstaller in Apps & features")
    marker = places.player_files / MARKER
    made_marker = not snapshot(places.player_files)
    if made_marker:  # so that there is something to keep
        places.player_files.mkdir(parents=True, exist_ok=True)
        marker.write_text("the player's file", encoding="utf-8")
    before = snapshot(places.player_files)
    # The uninstaller copies itself to the temporary folder, starts the copy and returns.
    done = subprocess.run(str(entry["QuietUninstallString"]), timeout=120, **QUIET)
    if done.returncode != 0:
        raise CheckFailed(f"the silent uninstaller exited {done.returncode}")
    deadline = time.monotonic() + timeout
    while places.program.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    if places.program.exists():
        left = sorted(p.relative_to(places.program).as_posix() for p in places.program.rglob("*"))[:10]
        raise CheckFailed(f"{places.program} is still there {timeout:g} s after the uninstall: {left}")
    for shortcut in (places.start_menu, places.desktop):
        if shortcut.exists():
            raise CheckFailed(f"the uninstall left the shortcut {shortcut}")
    if uninstall_entry() is not None:
        raise CheckFailed("the uninstall left its entry in Apps & features")
    lines = [
        "silent uninstall: the program's folder, the shortcuts and the Apps & features entry are gone",
        check_kept(before, snapshot(places.player_files), "the uninstall"),
    ]
    if made_marker:
        marker.unlink()
        if not any(places.player_files.iterdir()):
            places.player_files.rmdir()
    return lines


def try_installer(step: str, setup: Path, version: str, desktop: bool, frames: int, timeout: float) -> list[str]:  # pragma: no cover
    if sys.platform != "win32":
        raise CheckFailed("--try installs the game: it runs on Windows (or under Wine) only")
    places = Places.of_this_user()
    if step == "install":
        return step_install(setup, version, places, desktop)
    if step == "upgrade":
        return step_upgrade(setup, version, places)
    if step == "uninstall":
        return step_uninstall(places)
    lines = step_install(setup, version, places, True)
    lines += ["the installed game:"] + [f"  {line}" for line in check_runs(places.program / f"{APP_NAME}.exe", version, frames, timeout)]
    lines += step_upgrade(setup, version, places)
    return lines + step_uninstall(places)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the Windows installer (and, on Windows, install it for real).")
    parser.add_argument("setup", type=Path, help="the installer made by packaging/make_installer.py")
    parser.add_argument("--try", dest="step", choices=("install", "upgrade", "uninstall", "all"), help="install, upgrade or uninstall it silently and check (Windows only)")
    parser.add_argument("--desktop", action="store_true", help="with --try install: ask for the desktop shortcut")
    parser.add_argument("--frames", type=int, default=300, help="with --try all: frames of the smoke test")
    parser.add_argument("--timeout", type=float, default=300, help="with --try all: seconds the smoke test may take")
    args = parser.parse_args(argv)
    version = read_version(ROOT)
    setup = args.setup.resolve()
    try:
        lines = check_file(setup, version)
        if args.step:
            lines += try_installer(args.step, setup, version, args.desktop, args.frames, args.timeout)
        for line in lines:
            print(f"check_installer: {line}", flush=True)
    except CheckFailed as failure:
        print(f"check_installer: FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"check_installer: {setup.name} passed every check{' (' + args.step + ')' if args.step else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
