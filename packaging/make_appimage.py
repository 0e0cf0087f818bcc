"""Make the one-file Linux app: ``python packaging/make_appimage.py [--dist dist] [--out release]``.

Run after the Linux build (``.ci/build_bundle.sh``). It makes
``Matador-VERSION-ARCH.AppImage`` (``x86_64`` on a 64-bit PC) from ``dist/Matador/``:

1. compiles the runtime, ``packaging/appimage/runtime.c`` (the program at the front
   of the file: it unpacks the image into a private folder, runs it and cleans up;
   see that file), with libsquashfuse and its decompressors (zstd, xz, zlib) linked in,
   so that it needs nothing on the player's system but the C library;
2. lays out the AppDir: ``AppRun`` (packaging/appimage/AppRun), ``matador.desktop``,
   ``matador.png`` and ``.DirIcon`` at the top, the game's folder as ``Matador/``
   (without ``install-desktop.sh``, which only the zip needs), and in ``LICENSES/``
   the notices of the two libraries inside the runtime;
3. packs it with ``mksquashfs`` (zstd) and writes runtime + image, marked as an
   AppImage of type 2 ("AI" 2 at byte 8).

Everything comes from Debian's (or Ubuntu's) packages: ``gcc``, ``libsquashfuse-dev``,
``libzstd-dev``, ``liblzma-dev``, ``zlib1g-dev`` and ``squashfs-tools``
(``.ci/packaging_tools.sh`` installs them). Prints the path of the AppImage.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from build_choices import APP_NAME, read_version  # noqa: E402

SOURCES = HERE / "appimage"
RUNTIME_SOURCES = ("runtime.c", "left_out_codecs.c")
MAGIC = b"AI\x02"  # bytes 8-10 of an AppImage of type 2
SQUASHFS_MAGIC = b"hsqs"
# What of the Linux folder stays out of the AppDir: the zip's menu installer, and the
# desktop entry and icon, which go to the AppDir's top instead.
LEFT_OUT = ("install-desktop.sh", "matador.desktop", "matador.png")
# The notices of what the runtime links in that asks for them in a binary distribution
# (both BSD licences; xz's liblzma is in the public domain or 0BSD, zlib's licence asks
# nothing of a binary), where Debian and Ubuntu install them.
NOTICES = {
    "squashfuse.txt": Path("/usr/share/doc/libsquashfuse-dev/copyright"),
    "zstd.txt": Path("/usr/share/doc/libzstd-dev/copyright"),
}
_ARCH = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}


class BuildFailed(Exception):
    """A step of the build did not work; the message says which and why."""


def arch_name(machine: str) -> str:
    """The AppImage's name for the processor: "x86_64" or "aarch64"."""
    return _ARCH.get(machine.lower(), machine.lower())


def appimage_name(version: str, machine: str) -> str:
    return f"{APP_NAME}-{version}-{arch_name(machine)}.AppImage"


def elf_end(header: bytes) -> int:
    """Where the ELF part of a 64-bit little-endian program ends (its section headers are
    last): where an AppImage's image starts."""
    if header[:4] != b"\x7fELF" or header[4] != 2 or header[5] != 1:
        raise BuildFailed("the runtime is not a 64-bit little-endian ELF program")
    (section_headers,) = struct.unpack_from("<Q", header, 0x28)
    entry_size, count = struct.unpack_from("<HH", header, 0x3A)
    return int(section_headers + entry_size * count)


def marked(runtime: bytes) -> bytes:
    """The runtime marked as an AppImage of type 2; it must end where its ELF part ends
    (the image goes right after)."""
    end = elf_end(runtime)
    if end != len(runtime):
        raise BuildFailed(f"the runtime's ELF part ends at byte {end}, but the file has {len(runtime)} bytes")
    return runtime[:8] + MAGIC + runtime[11:]


def compile_runtime(out: Path, cc: str = "cc", extra: Sequence[str] = ()) -> Path:
    """Compiles packaging/appimage/runtime.c into ``out`` (stripped)."""
    command = [
        cc, "-O2", "-std=c11", "-Wall", "-Wextra", *extra, f'-DAPP_NAME="{APP_NAME}"',
        *(str(SOURCES / name) for name in RUNTIME_SOURCES),
        "-Wl,-Bstatic", "-lsquashfuse", "-lzstd", "-llzma", "-lz", "-Wl,-Bdynamic", "-s", "-o", str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildFailed(
            "could not compile the runtime (needs gcc, libsquashfuse-dev, libzstd-dev, liblzma-dev, zlib1g-dev):\n"
            + done.stderr.strip()
        )
    return out


def make_appdir(folder: Path, appdir: Path, version: str, notices: dict[str, Path] = NOTICES) -> Path:
    """The AppDir of the built Linux folder ``folder`` (dist/Matador)."""
    if not (folder / APP_NAME).is_file():
        raise BuildFailed(f"{folder / APP_NAME} was not built (run .ci/build_bundle.sh first)")
    for name in ("matador.desktop", "matador.png"):
        if not (folder / name).is_file():
            raise BuildFailed(f"{folder / name} is missing (build.spec puts it beside the program)")
    missing = [str(path) for path in notices.values() if not path.is_file()]
    if missing:
        raise BuildFailed(f"the notices of the runtime's libraries are missing: {', '.join(missing)}")
    if appdir.exists():
        shutil.rmtree(appdir)

    def left_out(where: str, names: list[str]) -> list[str]:
        return [n for n in names if n in LEFT_OUT] if Path(where) == folder else []

    shutil.copytree(folder, appdir / APP_NAME, symlinks=True, ignore=left_out)
    shutil.copy2(SOURCES / "AppRun", appdir / "AppRun")
    (appdir / "AppRun").chmod(0o755)
    entry = (folder / "matador.desktop").read_text(encoding="utf-8").rstrip("\n")
    (appdir / "matador.desktop").write_text(f"{entry}\nX-AppImage-Version={version}\n", encoding="utf-8")
    shutil.copy2(folder / "matador.png", appdir / "matador.png")
    (appdir / ".DirIcon").symlink_to("matador.png")
    (appdir / "LICENSES").mkdir()
    for name, path in notices.items():
        shutil.copy2(path, appdir / "LICENSES" / name)
    return appdir


def squash(appdir: Path, out: Path, mksquashfs: str = "mksquashfs") -> Path:
    """The AppDir as a zstd SquashFS image (files owned by root, no extended attributes)."""
    if out.exists():
        out.unlink()
    command = [
        mksquashfs, str(appdir), str(out), "-root-owned", "-noappend", "-no-xattrs",
        "-comp", "zstd", "-Xcompression-level", "19", "-b", "1M", "-no-progress", "-quiet",
    ]
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError as exc:
        raise BuildFailed("mksquashfs is missing (Debian and Ubuntu: apt-get install squashfs-tools)") from exc
    if done.returncode != 0 or not out.is_file():
        raise BuildFailed(f"mksquashfs failed:\n{done.stdout.strip()}\n{done.stderr.strip()}".rstrip())
    with open(out, "rb") as handle:
        if handle.read(4) != SQUASHFS_MAGIC:
            raise BuildFailed(f"{out} is not a SquashFS image")
    return out


def join(runtime: Path, image: Path, out: Path) -> Path:
    """runtime (marked) + image, written as ``out`` with the program's modes."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    with open(partial, "wb") as handle:
        handle.write(marked(runtime.read_bytes()))
        with open(image, "rb") as source:
            shutil.copyfileobj(source, handle)
    partial.chmod(0o755)
    os.replace(partial, out)
    return out


def make_appimage(dist: Path, out_dir: Path, version: str, machine: str, work: Path | None = None) -> Path:
    out = out_dir / appimage_name(version, machine)
    with tempfile.TemporaryDirectory(prefix="matador-appimage-") as tmp:
        place = work if work is not None else Path(tmp)
        place.mkdir(parents=True, exist_ok=True)
        runtime = compile_runtime(place / "runtime")
        appdir = make_appdir(dist / APP_NAME, place / "Matador.AppDir", version)
        image = squash(appdir, place / "image.squashfs")
        return join(runtime, image, out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the one-file Linux app from dist/Matador.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's output folder")
    parser.add_argument("--out", type=Path, default=ROOT / "release", help="where the AppImage goes")
    parser.add_argument("--work", type=Path, help="keep the runtime, AppDir and image here (default: a temporary folder)")
    args = parser.parse_args(argv)
    try:
        out = make_appimage(args.dist, args.out, read_version(ROOT), platform.machine(), args.work)
    except BuildFailed as failure:
        print(f"make_appimage: {failure}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
