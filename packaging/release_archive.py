"""Pack the built app for a release: ``python packaging/release_archive.py [--out release]``.

- Windows and Linux: ``Matador-VERSION-SYSTEM-ARCH.zip`` holding the folder
  ``Matador/`` (file modes and symbolic links kept, so the Linux program stays
  executable after unzipping).
- macOS: ``Matador-VERSION-macos-ARCH.dmg``, made with ``hdiutil``, holding
  Matador.app and a link to /Applications to drag it onto.

``--check-tag TAG`` only checks that a release tag names pyproject's version
(``v0.1.0`` for 0.1.0) and exits 1 if it does not.

Prints the path of the archive it made.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Callable, Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import APP_NAME, read_version, system_of  # noqa: E402

Runner = Callable[[list[str]], None]

_ARCH = {"amd64": "x64", "x86_64": "x64", "x64": "x64", "arm64": "arm64", "aarch64": "arm64"}


def arch_name(machine: str) -> str:
    """A short name for the processor: "x64" or "arm64" (others as they are, lower case)."""
    return _ARCH.get(machine.lower(), machine.lower())


def archive_name(version: str, system: str, machine: str) -> str:
    suffix = ".dmg" if system == "macos" else ".zip"
    return f"{APP_NAME}-{version}-{system}-{arch_name(machine)}{suffix}"


def check_tag(tag: str, version: str) -> str | None:
    """None if ``tag`` is the release tag of ``version``, else what is wrong."""
    if tag == f"v{version}":
        return None
    return f"the tag {tag!r} does not match pyproject.toml's version {version!r} (expected 'v{version}')"


def make_zip(folder: Path, out: Path) -> Path:
    """``folder`` and everything in it, under its own name, with Unix modes and
    symbolic links kept (Info-ZIP's unzip and most archive tools restore both)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    base = folder.parent
    paths = [folder, *sorted(folder.rglob("*"))]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in paths:
            name = path.relative_to(base).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name, time.localtime(path.lstat().st_mtime)[:6])
                info.create_system = 3  # Unix, so that the mode below is read
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path))
            elif path.is_dir():
                archive.write(path, name + "/")
            else:
                archive.write(path, name)
    return out


def _hdiutil(command: list[str]) -> None:  # pragma: no cover - macOS only
    # hdiutil sometimes fails with "Resource busy" on build machines; try again.
    for attempt in range(3):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode == 0:
            return
        print(f"release_archive: hdiutil failed (try {attempt + 1}): {done.stderr.strip()}", file=sys.stderr)
        time.sleep(5)
    raise RuntimeError("hdiutil could not make the disk image")


def make_dmg(app: Path, out: Path, volume: str, run: Runner = _hdiutil) -> Path:
    """A compressed disk image holding ``app`` and a link to /Applications."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    with tempfile.TemporaryDirectory(prefix="matador-dmg-") as tmp:
        staging = Path(tmp) / volume
        staging.mkdir()
        shutil.copytree(app, staging / app.name, symlinks=True)
        (staging / "Applications").symlink_to("/Applications")
        run(["hdiutil", "create", "-volname", volume, "-srcfolder", str(staging),
             "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)])
    if not out.is_file():
        raise RuntimeError(f"hdiutil made no {out}")
    return out


def make_archive(dist: Path, out_dir: Path, system: str, version: str, machine: str, run: Runner = _hdiutil) -> Path:
    out = out_dir / archive_name(version, system, machine)
    if system == "macos":
        return make_dmg(dist / f"{APP_NAME}.app", out, f"{APP_NAME} {version}", run)
    folder = dist / APP_NAME
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} was not built")
    return make_zip(folder, out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pack the built app in dist/ for a release.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's output folder")
    parser.add_argument("--out", type=Path, default=ROOT / "release", help="where the archive goes")
    parser.add_argument("--check-tag", metavar="TAG", help="only check that TAG is v + pyproject's version")
    args = parser.parse_args(argv)
    version = read_version(ROOT)
    if args.check_tag is not None:
        problem = check_tag(args.check_tag, version)
        if problem:
            print(f"release_archive: {problem}", file=sys.stderr)
            return 1
        print(f"release_archive: tag {args.check_tag} matches version {version}")
        return 0
    archive = make_archive(args.dist, args.out, system_of(sys.platform), version, platform.machine())
    print(archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
