"""Make the Windows installer: ``python packaging/make_installer.py [--dist dist] [--out release]``.

Wraps the built Windows folder, ``dist/Matador/`` (Matador.exe and _internal/), into
``Matador-VERSION-windows-x64-setup.exe`` with NSIS: ``makensis`` runs
``packaging/windows/matador.nsi`` (what the installer does is written there). makensis
runs on Linux as on Windows: CI builds the folder under Wine and the installer with
Debian's ``nsis`` package (.ci/windows_wine.sh), and so does the release workflow (with
Ubuntu's), from the folder built on Windows. Prints the installer's path.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import APP_NAME, read_version, version_numbers  # noqa: E402

SCRIPT = HERE / "windows" / "matador.nsi"
ICON = ROOT / "sprites" / "matador.ico"
TARGET = "amd64-unicode"  # the script's Target: these stubs must be there


class BuildFailed(Exception):
    """The installer could not be made; the message says why."""


def installer_name(version: str) -> str:
    return f"{APP_NAME}-{version}-windows-x64-setup.exe"


def find_makensis() -> str:
    """makensis on the PATH, or where NSIS's Windows setup puts it."""
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
        if base and Path(base, "NSIS", "makensis.exe").is_file():
            return str(Path(base, "NSIS", "makensis.exe"))
    raise BuildFailed("makensis is missing (Debian and Ubuntu: apt-get install nsis)")


def makensis_command(makensis: str, version: str, folder: Path, out: Path, script: Path = SCRIPT) -> list[str]:
    """The command line that makes the installer of ``folder`` (dist/Matador) as ``out``."""
    four = ".".join(str(n) for n in version_numbers(version))
    return [
        makensis, "-V2", "-WX", "-INPUTCHARSET", "UTF8",
        f"-DVERSION={version}", f"-DVERSION4={four}",
        f"-DFILES={os.path.join(folder, '*')}", f"-DICON={ICON}", f"-DOUTFILE={out}",
        str(script),
    ]


def make_installer(dist: Path, out_dir: Path, version: str, makensis: str | None = None) -> Path:
    folder = dist / APP_NAME
    if not (folder / f"{APP_NAME}.exe").is_file():
        raise BuildFailed(f"{folder / (APP_NAME + '.exe')} was not built")
    makensis = makensis or find_makensis()
    out_dir.mkdir(parents=True, exist_ok=True)
    out = (out_dir / installer_name(version)).resolve()
    if out.exists():
        out.unlink()
    done = subprocess.run(makensis_command(makensis, version, folder.resolve(), out), capture_output=True, text=True)
    if done.returncode != 0 or not out.is_file():
        text = f"{done.stdout}\n{done.stderr}".strip()
        if TARGET in text and "stub" in text.lower():
            text += f"\n(this NSIS has no {TARGET} stubs: use Debian's or Ubuntu's nsis package)"
        raise BuildFailed(f"makensis failed:\n{text}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the Windows installer from dist/Matador.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the folder that holds Matador/ (built for Windows)")
    parser.add_argument("--out", type=Path, default=ROOT / "release", help="where the installer goes")
    parser.add_argument("--makensis", help="the makensis program (default: found on the PATH)")
    args = parser.parse_args(argv)
    try:
        out = make_installer(args.dist, args.out, read_version(ROOT), args.makensis)
    except BuildFailed as failure:
        print(f"make_installer: {failure}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
