"""What the desktop build does differently on Windows, macOS and Linux.

build.spec imports this module (it adds packaging/ to ``sys.path``); the tests
import it too, so every per-system choice is checked on any system without
PyInstaller. Nothing here imports PyInstaller.

- Windows: the .ico icon, a manifest that declares per-monitor DPI awareness
  (sharp on scaled displays), and a version resource (the file properties
  Explorer shows) made from pyproject's version.
- macOS: the .icns icon, and Matador.app with an Info.plist that says the app
  can draw at high resolution and carries the version.
- Linux: no icon inside the program (the desktop entry names matador.png),
  stripped binaries, and the desktop entry, icon and installer beside it.

What is the same everywhere (one folder, no console window, no UPX, each
shared library shipped once: ``ship_once``) is written in build.spec itself.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SYSTEMS = ("windows", "macos", "linux")
APP_NAME = "Matador"
BUNDLE_ID = "io.github.matador-game.matador"
DESCRIPTION = "Matador, the domino game where joined ends add up to seven"
LINUX_EXTRAS = ("matador.desktop", "install-desktop.sh")
# Linux: the C++ runtime and zlib are the system's, as pygame-ce's manylinux wheel
# expects of every Linux it runs on (the C++ runtime only for SDL_mixer's MIDI library,
# fluidsynth); PyInstaller would copy the build machine's (2.4 MB). On a system without
# the C++ runtime the game runs silent (the mixer does not load). OpenSSL 3 (5 MB) is the
# system's too, as on every current Linux: without it ``ssl`` does not load, and the app
# plays ws:// only (game/net/shared/standins.py says so for a wss:// address).
LINUX_SYSTEM_LIBRARIES = ("libstdc++.so.6", "libgcc_s.so.1", "libz.so.1", "libssl.so.3", "libcrypto.so.3")


def system_of(platform: str) -> str:
    """"windows", "macos" or "linux" for a ``sys.platform`` value."""
    if platform == "win32":
        return "windows"
    if platform == "darwin":
        return "macos"
    if platform.startswith("linux"):
        return "linux"
    raise ValueError(f"no desktop build for {platform!r} (Windows, macOS and Linux only)")


def read_version(root: Path) -> str:
    """The version in ``root/pyproject.toml`` (the one source of the version)."""
    with open(root / "pyproject.toml", "rb") as handle:
        project = tomllib.load(handle)["project"]
    version = project.get("version")
    if not isinstance(version, str) or not version:
        raise ValueError("pyproject.toml has no [project] version")
    return version


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows wants: "0.1.0" -> (0, 1, 0, 0); "1.2rc1" -> (1, 2, 0, 0)."""
    match = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if not match:
        raise ValueError(f"version {version!r} does not start with a number")
    numbers = [int(part) if part else 0 for part in match.groups()]
    if any(n > 0xFFFF for n in numbers):
        raise ValueError(f"version {version!r}: Windows allows numbers up to 65535")
    return (numbers[0], numbers[1], numbers[2], numbers[3])


# --- the same everywhere ------------------------------------------------------------------

# Where pygame-ce's wheel keeps SDL and its libraries (SDL2, SDL2_ttf, SDL2_mixer,
# SDL2_image, freetype, ogg, opus, webp...): beside its modules on Windows and macOS,
# in pygame_ce.libs/ on Linux. PyInstaller also puts a copy (on Linux a link) of each
# at the top of _internal/, because pygame's modules need them.
PYGAME_LIBRARY_FOLDERS = ("pygame", "pygame_ce.libs", "pygame_ce.dylibs", "pygame/.dylibs")


def _parts(dest: str) -> list[str]:
    """The folders and name of a bundle path, with either separator."""
    return [part for part in dest.replace("\\", "/").split("/") if part]


Toc = list[tuple[str, str, str]]  # PyInstaller's (name in the bundle, source, kind) entries


def ship_once(binaries: Toc, datas: Toc) -> tuple[Toc, Toc]:
    """PyInstaller's binaries and datas with each of pygame's libraries once.

    A library at the top of the bundle that pygame also carries in its own folder is
    dropped: a copy in binaries (Windows), or a link, which PyInstaller lists among the
    datas (Linux, macOS). pygame's modules find theirs beside them (Windows looks first
    in a module's own folder; on Linux and macOS their run path names their folder),
    and nothing else in the game loads SDL. Anything else at the top stays.
    """
    pygame_owned = set()
    for dest, _source, _kind in binaries:
        parts = _parts(dest)
        if len(parts) > 1 and "/".join(parts[:-1]) in PYGAME_LIBRARY_FOLDERS:
            pygame_owned.add(parts[-1].lower())

    def kept(entry: tuple[str, str, str]) -> bool:
        parts = _parts(entry[0])
        return len(parts) > 1 or parts[-1].lower() not in pygame_owned

    return [e for e in binaries if kept(e)], [e for e in datas if kept(e)]


# --- Windows ------------------------------------------------------------------------------

# The usual application manifest, plus <dpiAware>/<dpiAwareness>: without them
# Windows draws the window at 96 dpi and stretches it, blurred, on a scaled display.
# PyInstaller keeps these settings and adds what it needs itself.
WINDOWS_MANIFEST = """\
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
      <supportedOS Id="{1f676c76-80e1-4239-95bb-83d0f6d0da78}"/>
      <supportedOS Id="{4a2f28e3-53b9-4441-ba9c-d69d4a4a6e38}"/>
      <supportedOS Id="{35138b9a-5d96-4fbd-8e2d-a2440225f93a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2, PerMonitor</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0"
                        processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
    </dependentAssembly>
  </dependency>
</assembly>
"""


def windows_version_info(version: str) -> str:
    """The text of a PyInstaller version file (``EXE(version=FILE)``) for ``version``:
    the Details tab of Matador.exe's properties, and the name Task Manager shows."""
    numbers = version_numbers(version)
    strings = [
        ("CompanyName", APP_NAME),
        ("FileDescription", APP_NAME),
        ("FileVersion", version),
        ("InternalName", APP_NAME),
        ("LegalCopyright", "MIT License"),
        ("OriginalFilename", f"{APP_NAME}.exe"),
        ("ProductName", APP_NAME),
        ("ProductVersion", version),
        ("Comments", DESCRIPTION),
    ]
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings)
    return (
        "# UTF-8\n"
        "# Made by packaging/build_choices.py from pyproject.toml's version; do not edit.\n"
        "VSVersionInfo(\n"
        "  ffi=FixedFileInfo(\n"
        f"    filevers={numbers!r},\n"
        f"    prodvers={numbers!r},\n"
        "    mask=0x3f,\n"
        "    flags=0x0,\n"
        "    OS=0x40004,\n"
        "    fileType=0x1,\n"
        "    subtype=0x0,\n"
        "    date=(0, 0)\n"
        "  ),\n"
        "  kids=[\n"
        "    StringFileInfo([\n"
        "      StringTable('040904B0', [\n"
        f"{table}\n"
        "      ])\n"
        "    ]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])\n"
        "  ]\n"
        ")\n"
    )


# --- macOS --------------------------------------------------------------------------------


def info_plist(version: str) -> dict[str, Any]:
    """The Info.plist entries of Matador.app (PyInstaller adds the rest)."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "LSMinimumSystemVersion": "11.0",
        "NSHumanReadableCopyright": "MIT License",
    }


# --- all together -------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildChoices:
    """What build.spec passes to PyInstaller on one system."""

    system: str
    version: str
    icon: str | None  # EXE(icon=...)
    strip: bool  # EXE/COLLECT(strip=...)
    manifest: str | None  # EXE(manifest=...), Windows only
    version_info: str | None  # text of EXE(version=FILE), Windows only
    bundle: dict[str, Any] | None  # BUNDLE(...) keyword arguments, macOS only
    linux_extras: tuple[str, ...] = field(default=())  # files of packaging/linux/ beside the program
    system_libraries: tuple[str, ...] = field(default=())  # libraries left to the system, not shipped

    @property
    def executable(self) -> str:
        """The program inside dist/ (what the smoke test starts)."""
        if self.system == "windows":
            return f"{APP_NAME}/{APP_NAME}.exe"
        if self.system == "macos":
            return f"{APP_NAME}.app/Contents/MacOS/{APP_NAME}"
        return f"{APP_NAME}/{APP_NAME}"

    @property
    def shipped(self) -> str:
        """The folder of dist/ that is shipped (and measured against the size budget)."""
        return f"{APP_NAME}.app" if self.system == "macos" else APP_NAME


# The program's icons are built into Matador.exe and Matador.app (EXE(icon=...)); the
# game never opens them, so they are not shipped again among the sprites.
BUILD_ONLY_SUFFIXES = (".ico", ".icns")


def is_shipped_asset(path: Path) -> bool:
    """Whether a file of sprites/, sounds/ or fonts/ goes into the bundle."""
    return path.is_file() and path.suffix not in BUILD_ONLY_SUFFIXES and path.name != "README.md" and not path.name.startswith(".")


def _icon(root: Path, name: str) -> str | None:
    path = root / "sprites" / name
    return str(path) if path.is_file() else None


def choices_for(system: str, root: Path) -> BuildChoices:
    """Every per-system choice of the build, for ``system`` ("windows", "macos", "linux")."""
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}; expected one of {SYSTEMS}")
    version = read_version(root)
    if system == "windows":
        return BuildChoices(
            system, version, icon=_icon(root, "matador.ico"), strip=False,
            manifest=WINDOWS_MANIFEST, version_info=windows_version_info(version), bundle=None,
        )
    if system == "macos":
        icns = _icon(root, "matador.icns")
        bundle = {
            "name": f"{APP_NAME}.app",
            "icon": icns,
            "bundle_identifier": BUNDLE_ID,
            "version": version,
            "info_plist": info_plist(version),
        }
        return BuildChoices(
            system, version, icon=icns, strip=False, manifest=None, version_info=None, bundle=bundle
        )
    return BuildChoices(
        system, version, icon=None, strip=True, manifest=None, version_info=None, bundle=None,
        linux_extras=LINUX_EXTRAS, system_libraries=LINUX_SYSTEM_LIBRARIES,
    )
