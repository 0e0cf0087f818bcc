"""build.spec's choices for Windows, macOS and Linux, checked on any system.

The spec is run as PyInstaller runs it (``exec`` with its globals), but with
stand-ins for Analysis/PYZ/EXE/COLLECT/BUNDLE that record what they are given
and with ``sys.platform`` set to each system in turn, so what the Windows and
macOS builds would get is checked here without PyInstaller.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import types
import xml.dom.minidom
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLATFORMS = {"windows": "win32", "macos": "darwin", "linux": "linux"}


if str(ROOT / "packaging") not in sys.path:
    sys.path.insert(0, str(ROOT / "packaging"))  # as build.spec does

import build_choices as choices_mod  # noqa: E402


def _version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert isinstance(version, str)
    return version


class SpecRun:
    """What one run of build.spec handed to PyInstaller."""

    def __init__(self, dist: Path, found: Any = None) -> None:
        self.dist = dist
        self.found = found  # what Analysis returns (by default, an empty analysis)
        self.calls: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {}

    def api(self, kind: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> types.SimpleNamespace:
            self.calls.setdefault(kind, []).append((args, kwargs))
            if kind == "COLLECT":  # PyInstaller has made dist/NAME by the time COLLECT returns
                (self.dist / kwargs["name"]).mkdir(parents=True, exist_ok=True)
            if kind == "Analysis" and self.found is not None:
                return self.found
            return types.SimpleNamespace(kind=kind, datas=list(kwargs.get("datas", [])), pure=[], scripts=[], binaries=[])

        return record

    def one(self, kind: str) -> dict[str, Any]:
        (call,) = self.calls.get(kind, [])
        return call[1]


def run_spec(system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, found: Any = None) -> SpecRun:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda package, **kwargs: [(f"/site/{package}/data/theme.json", f"{package}/data")] if package != "certifi" else [  # type: ignore[attr-defined]
        ("/site/certifi/cacert.pem", "certifi")
    ]
    monkeypatch.setitem(sys.modules, "PyInstaller", types.ModuleType("PyInstaller"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils", types.ModuleType("PyInstaller.utils"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.delitem(sys.modules, "build_choices", raising=False)
    monkeypatch.setattr(sys, "path", list(sys.path))
    run = SpecRun(tmp_path / "dist", found)
    namespace: dict[str, Any] = {
        "SPECPATH": str(ROOT),
        "DISTPATH": str(run.dist),
        "workpath": str(tmp_path / "build"),
        "os": os,
        **{kind: run.api(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
    }
    code = compile((ROOT / "build.spec").read_text(encoding="utf-8"), str(ROOT / "build.spec"), "exec")
    # The spec compiles the catalogs with babel, which reads the time zones through
    # sysconfig: imported while sys.platform says "win32" that looks for Windows'
    # build settings and fails. Import it as this system first (when another test
    # has not already: the order of tests, or xdist's worker, must not matter).
    import babel.messages.mofile  # noqa: F401
    import babel.messages.pofile  # noqa: F401

    real_platform = sys.platform
    monkeypatch.setattr(sys, "platform", PLATFORMS[system])
    try:
        exec(code, namespace)
    finally:
        sys.platform = real_platform  # only the spec itself runs as if on that system
    return run


@pytest.mark.parametrize("system", list(PLATFORMS))
def test_every_system_gets_a_windowed_one_folder_matador(system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec(system, tmp_path, monkeypatch)
    exe = run.one("EXE")
    assert exe["name"] == "Matador"
    assert exe["console"] is False  # no console window, on every system
    assert exe["exclude_binaries"] is True and exe["upx"] is False
    assert run.one("COLLECT")["name"] == "Matador"
    analysis = run.one("Analysis")
    assert (str(ROOT / "pyproject.toml"), ".") in analysis["datas"]  # where the built app reads its version
    assert "game.version" in analysis["hiddenimports"]
    assert any(dest == "sprites" for _, dest in analysis["datas"])


def test_windows_icon_manifest_and_version_resource(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec("windows", tmp_path, monkeypatch)
    exe = run.one("EXE")
    assert exe["icon"] == str(ROOT / "sprites" / "matador.ico") and Path(exe["icon"]).is_file()
    assert exe["manifest"] == choices_mod.WINDOWS_MANIFEST
    version_file = Path(exe["version"])
    assert version_file.is_relative_to(tmp_path / "build")  # generated, not a file kept in the clone
    assert version_file.read_text(encoding="utf-8") == choices_mod.windows_version_info(_version())
    assert exe["strip"] is False
    assert "BUNDLE" not in run.calls
    assert not (run.dist / "Matador" / "matador.desktop").exists()


def test_macos_app_bundle_with_high_resolution_plist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec("macos", tmp_path, monkeypatch)
    exe = run.one("EXE")
    assert exe["icon"] == str(ROOT / "sprites" / "matador.icns") and Path(exe["icon"]).is_file()
    assert exe["manifest"] is None and exe["version"] is None
    ((args, bundle),) = run.calls["BUNDLE"]
    assert args[0].kind == "COLLECT"
    assert bundle["name"] == "Matador.app"
    assert bundle["icon"] == exe["icon"]
    assert bundle["bundle_identifier"] == "io.github.matador-game.matador"
    plist = bundle["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == _version() == bundle["version"]
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Matador"
    assert exe["strip"] is False  # stripping would break the signatures of macOS binaries


def test_linux_folder_gets_desktop_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = run_spec("linux", tmp_path, monkeypatch)
    exe = run.one("EXE")
    assert exe["icon"] is None and exe["manifest"] is None and exe["version"] is None
    assert exe["strip"] is True and run.one("COLLECT")["strip"] is True
    assert "BUNDLE" not in run.calls
    folder = run.dist / "Matador"
    for name in ("matador.desktop", "install-desktop.sh", "matador.png"):
        assert (folder / name).is_file(), name
    assert os.access(folder / "install-desktop.sh", os.X_OK)


def test_system_of_and_unknown_systems() -> None:
    assert [choices_mod.system_of(p) for p in ("win32", "darwin", "linux")] == ["windows", "macos", "linux"]
    with pytest.raises(ValueError, match="no desktop build"):
        choices_mod.system_of("emscripten")
    with pytest.raises(ValueError, match="unknown system"):
        choices_mod.choices_for("beos", ROOT)


@pytest.mark.parametrize(
    "version, numbers",
    [("0.1.0", (0, 1, 0, 0)), ("2", (2, 0, 0, 0)), ("1.2rc1", (1, 2, 0, 0)), ("1.2.3.4", (1, 2, 3, 4)), ("3.10.0.dev2", (3, 10, 0, 0))],
)
def test_version_numbers(version: str, numbers: tuple[int, ...]) -> None:
    assert choices_mod.version_numbers(version) == numbers


def test_version_numbers_refuses_what_windows_cannot_hold() -> None:
    for bad in ("", "dev", "70000.0"):
        with pytest.raises(ValueError):
            choices_mod.version_numbers(bad)


class _Node:
    """Stand-in for PyInstaller's version-info classes: keeps what it is given."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs


def _parse_version_info(text: str) -> _Node:
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo", "VarStruct")
    scope = {name: (lambda n: lambda *a, **k: _Node(n, *a, **k))(name) for name in names}
    node = eval(compile(text, "version_info.txt", "eval"), {"__builtins__": {}}, scope)  # our own generated text
    assert isinstance(node, _Node)
    return node


def test_windows_version_resource_says_matador_and_the_version() -> None:
    root = _parse_version_info(choices_mod.windows_version_info("1.4.2"))
    assert root.kind == "VSVersionInfo"
    ffi = root.kwargs["ffi"]
    assert ffi.kwargs["filevers"] == ffi.kwargs["prodvers"] == (1, 4, 2, 0)
    assert ffi.kwargs["fileType"] == 0x1  # an application
    string_info, var_info = root.kwargs["kids"]
    (table,) = string_info.args[0]
    assert table.args[0] == "040904B0"  # US English, Unicode
    strings = {s.args[0]: s.args[1] for s in table.args[1]}
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.4.2"
    assert strings["FileDescription"] == strings["ProductName"] == "Matador"
    assert strings["OriginalFilename"] == "Matador.exe"
    assert var_info.args[0][0].args == ("Translation", [1033, 1200])


def test_windows_version_resource_quotes_odd_text() -> None:
    root = _parse_version_info(choices_mod.windows_version_info("2.0.0+local'x"))
    (table,) = root.kwargs["kids"][0].args[0]
    assert {s.args[0]: s.args[1] for s in table.args[1]}["ProductVersion"] == "2.0.0+local'x"


def test_windows_manifest_declares_per_monitor_dpi_awareness() -> None:
    dom = xml.dom.minidom.parseString(choices_mod.WINDOWS_MANIFEST)
    root = dom.documentElement
    assert root.tagName == "assembly" and root.namespaceURI == "urn:schemas-microsoft-com:asm.v1"
    assert root.getAttribute("manifestVersion") == "1.0"

    def text_of(tag: str, namespace: str) -> str:
        (element,) = dom.getElementsByTagNameNS(namespace, tag)
        return "".join(node.data for node in element.childNodes if node.nodeType == node.TEXT_NODE).strip()

    assert text_of("dpiAware", "http://schemas.microsoft.com/SMI/2005/WindowsSettings") == "true/pm"
    assert text_of("dpiAwareness", "http://schemas.microsoft.com/SMI/2016/WindowsSettings") == "PerMonitorV2, PerMonitor"
    (level,) = dom.getElementsByTagName("requestedExecutionLevel")
    assert level.getAttribute("level") == "asInvoker"  # never asks for administrator rights
    os_ids = {e.getAttribute("Id") for e in dom.getElementsByTagName("supportedOS")}
    assert "{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}" in os_ids  # Windows 10 and 11


def test_choices_name_the_program_and_shipped_folder() -> None:
    expected = {
        "windows": ("Matador/Matador.exe", "Matador"),
        "macos": ("Matador.app/Contents/MacOS/Matador", "Matador.app"),
        "linux": ("Matador/Matador", "Matador"),
    }
    for system, (program, shipped) in expected.items():
        choices = choices_mod.choices_for(system, ROOT)
        assert (choices.executable, choices.shipped) == (program, shipped)
        assert choices.version == _version()


# --- each of pygame's libraries shipped once (issue 24) ------------------------------------

WINDOWS_BINARIES = [
    ("python312.dll", r"C:\py\python312.dll", "BINARY"),
    ("SDL2.dll", r"C:\py\Lib\site-packages\pygame\SDL2.dll", "BINARY"),  # pygame's, found again at the top
    ("pygame\\SDL2.dll", r"C:\py\Lib\site-packages\pygame\SDL2.dll", "BINARY"),
    ("freetype.dll", r"C:\py\Lib\site-packages\pygame\freetype.dll", "BINARY"),
    ("pygame\\freetype.dll", r"C:\py\Lib\site-packages\pygame\freetype.dll", "BINARY"),
    ("libjpeg-62.dll", r"C:\py\Lib\site-packages\pygame\libjpeg-62.dll", "BINARY"),  # only at the top
    ("pygame\\base.cp312-win_amd64.pyd", r"C:\py\Lib\site-packages\pygame\base.pyd", "EXTENSION"),
]


def test_ship_once_drops_the_top_level_copies_of_pygames_dlls() -> None:
    binaries, datas = choices_mod.ship_once(WINDOWS_BINARIES, [("sprites/a.png", "/x/a.png", "DATA")])
    names = [dest for dest, _, _ in binaries]
    assert names == ["python312.dll", "pygame\\SDL2.dll", "pygame\\freetype.dll", "libjpeg-62.dll", "pygame\\base.cp312-win_amd64.pyd"]
    assert datas == [("sprites/a.png", "/x/a.png", "DATA")]


def test_ship_once_drops_the_top_level_links_to_pygame_ce_libs() -> None:
    """Linux: the wheel's libraries sit in pygame_ce.libs/; PyInstaller links them at the
    top of _internal/ and lists the links among the datas."""
    sdl = "libSDL2-2-50d19f93.0.so.0.3200.10"
    binaries = [
        (f"pygame_ce.libs/{sdl}", f"/site/pygame_ce.libs/{sdl}", "BINARY"),
        ("libpython3.12.so.1.0", "/usr/lib/libpython3.12.so.1.0", "BINARY"),
        ("libz.so.1", "/lib/libz.so.1", "BINARY"),
    ]
    datas = [(sdl, f"pygame_ce.libs/{sdl}", "SYMLINK"), ("sounds/lay.wav", "/x/lay.wav", "DATA")]
    kept_binaries, kept_datas = choices_mod.ship_once(binaries, datas)
    assert kept_binaries == binaries
    assert kept_datas == [("sounds/lay.wav", "/x/lay.wav", "DATA")]


def test_linux_leaves_the_cpp_runtime_to_the_system_and_others_ship_everything() -> None:
    """(OpenSSL 3 too, on Linux: wss:// uses the system's.)"""
    assert choices_mod.choices_for("linux", ROOT).system_libraries == (
        "libstdc++.so.6", "libgcc_s.so.1", "libz.so.1", "libssl.so.3", "libcrypto.so.3",
    )
    assert choices_mod.choices_for("windows", ROOT).system_libraries == ()
    assert choices_mod.choices_for("macos", ROOT).system_libraries == ()


@pytest.mark.parametrize("system", list(PLATFORMS))
def test_spec_hands_pyinstaller_each_library_once(system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """build.spec runs ship_once on what Analysis found (and drops the other scripts' fonts)."""
    found = types.SimpleNamespace(
        binaries=list(WINDOWS_BINARIES) + [("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY")],
        datas=[("pygame_gui/data/NotoSansArabic-Bold.ttf", "/s/NotoSansArabic-Bold.ttf", "DATA"),
               ("pygame_gui/data/NotoSans-Regular.ttf", "/s/NotoSans-Regular.ttf", "DATA")],
        pure=[], scripts=[],
    )
    run_spec(system, tmp_path, monkeypatch, found)
    names = [dest for dest, _, _ in found.binaries]
    assert "SDL2.dll" not in names and "freetype.dll" not in names
    assert "pygame\\SDL2.dll" in names and "python312.dll" in names
    assert ("libstdc++.so.6" in names) is (system != "linux")
    assert [dest for dest, _, _ in found.datas] == ["pygame_gui/data/NotoSans-Regular.ttf"]


def test_no_module_of_the_game_needs_what_the_spec_leaves_out() -> None:
    """Every module of the game (network play included), pygame_gui, platformdirs,
    websockets and zeroconf imports in a Python where the modules build.spec leaves
    out cannot be imported (as in the bundle: no Unicode database); those
    that are imported at all (decimal's accelerator, lzma, bz2) are optional to their
    users, and websockets loads with the stand-in for urllib.request
    (game/net/shared/standins.py); ssl is the real one (wss://), certifi's bundle is found."""
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    left_out = ["_decimal", "lzma", "_lzma", "bz2", "_bz2", "tarfile", "_multibytecodec", "_hashlib",
                "unicodedata", "stringprep", "readline", "sqlite3", "_sqlite3", "urllib.request", "_asyncio", "_uuid"]
    for name in left_out:
        assert f'"{name}"' in spec, name
    code = (
        "import importlib, importlib.abc, pkgutil, sys\n"
        f"LEFT_OUT = set({left_out!r})\n"
        "class Absent(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in LEFT_OUT or name in LEFT_OUT:\n"
        "            raise ModuleNotFoundError(name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Absent())\n"
        "import game, pygame_gui, platformdirs, decimal, zipfile, shutil\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    if not m.name.startswith('game.bench.net_bench'):  # NOT_BUNDLED\n"
        "        importlib.import_module(m.name)\n"
        "import websockets.asyncio.client, websockets.asyncio.server, zeroconf, zeroconf.asyncio\n"
        "assert not hasattr(sys.modules['ssl'], 'MATADOR_STAND_IN') and sys.modules['urllib.request'].MATADOR_STAND_IN\n"
        "import certifi, os.path; assert os.path.isfile(certifi.where())\n"
        "from game.version import version\n"
        "assert version() != 'unknown'\n"
        "print(decimal.Decimal('0.1') + decimal.Decimal('0.2'))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "0.3"


def test_a_table_hosted_without_ssl_sqlite_or_the_unicode_database_plays(tmp_path: Path) -> None:
    """As in the bundle (no ssl, no SQLite, no unicodedata): the app's hosted server
    on its thread, a session that creates a table on it, the lobby told back."""
    code = (
        "import importlib.abc, sys, time, pathlib\n"
        "class Absent(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('ssl', '_ssl', '_hashlib', 'unicodedata', 'stringprep', 'sqlite3', '_sqlite3', '_asyncio', '_uuid') or name == 'urllib.request':\n"
        "            raise ModuleNotFoundError(name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Absent())\n"
        "from game.net.app.hosting import HostedServer\n"
        "from game.net.app.session import Session\n"
        f"hosted = HostedServer(False, 0, pathlib.Path({str(tmp_path / 'hosted')!r}))\n"
        "hosted.start()\n"
        "end = time.monotonic() + 90\n"
        "while hosted.state == 'starting' and time.monotonic() < end: time.sleep(0.01)\n"
        "session = Session.create(hosted.url, 'matador', 2, 'Ann', seats=['open', 'open'])\n"
        "session.start()\n"
        "seen = []\n"
        "while 'table' not in seen and time.monotonic() < end:\n"
        "    seen += [m['type'] for m in session.poll()]; time.sleep(0.01)\n"
        "session.close(); hosted.stop()\n"
        "print(hosted.state, 'table' in seen, 'unicodedata' in sys.modules)\n"
    )
    env = dict(os.environ, MATADOR_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-3:] == ["stopped", "True", "False"]


def test_network_play_is_in_the_desktop_app_but_not_the_dedicated_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosting and joining are part of the app (game.net, websockets, zeroconf as Python,
    asyncio; its hosted tables kept without SQLite); the benchmark's module stays out,
    and the app says so when asked for the dedicated server (``serve``, SQLite) or the
    benchmark, which run from a clone."""
    run = run_spec("linux", tmp_path, monkeypatch)
    analysis = run.one("Analysis")
    hidden = analysis["hiddenimports"]
    assert "game.net.app.hosting" in hidden and "game.net.app.mirror" in hidden and "game.ui.scenes.friends.join_screen" in hidden
    assert not [n for n in hidden if n.startswith("game.bench.net_bench")]
    assert "game.bench.ai_bench" in hidden and "game.play.referee" in hidden
    assert "zeroconf._services.browser" in hidden and "zeroconf._cache" in hidden
    for name in ("websockets", "zeroconf", "asyncio", "game.net", "ssl", "_ssl"):
        assert name not in analysis["excludes"], name
    # wss://: certifi's bundle of authorities ships where the system's store may not be
    # found (Windows, macOS); Linux's OpenSSL and its store are the system's
    assert "certifi" not in hidden and "certifi" in analysis["excludes"] and ("/site/certifi/cacert.pem", "certifi") not in analysis["datas"]
    for system in ("windows", "macos"):
        other = run_spec(system, tmp_path / system, monkeypatch).one("Analysis")
        assert ("/site/certifi/cacert.pem", "certifi") in other["datas"] and "certifi" in other["hiddenimports"], system
        assert "certifi" not in other["excludes"], system
    assert "game.bench.net_bench" in analysis["excludes"] and "sqlite3" in analysis["excludes"]
    sys.path.insert(0, str(ROOT / "packaging"))
    import matador_main

    assert matador_main.left_out(["serve", "--port", "8765"]) is not None
    assert "python -m game bench net" in (matador_main.left_out(["bench", "net"]) or "")
    assert matador_main.left_out(["bench", "ai"]) is None and matador_main.left_out(["play"]) is None
    assert matador_main.left_out([]) is None


@pytest.mark.parametrize("system", list(PLATFORMS))
def test_the_bundle_leaves_out_the_build_icons_and_unused_font_styles(system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The .ico and .icns go into the program (EXE icon=), not again among the sprites;
    Noto Sans italic and bold italic and the other scripts' fonts stay out; every sprite the game
    draws, and matador.png (the Linux desktop icon), is shipped."""
    data = "/site/pygame_gui/data/"
    found = types.SimpleNamespace(
        datas=[(f"pygame_gui/data/{name}", f"{data}{name}", "DATA") for name in
               ("NotoSans-Regular.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf", "NotoSansJP-Regular.otf", "FiraCode-Regular.ttf")],
        binaries=[], pure=[], scripts=[],
    )
    run = run_spec(system, tmp_path, monkeypatch, found)
    given = [Path(source).name for source, _ in run.one("Analysis")["datas"]]
    assert "matador.png" in given and "felt.png" in given and "tile_body.png" in given
    assert not [name for name in given if name.endswith((".ico", ".icns"))]
    kept = [Path(dest).name for dest, _, _ in found.datas]  # the spec filters a.datas in place
    assert kept == ["NotoSans-Regular.ttf", "FiraCode-Regular.ttf"]
    sources = [path.read_text(encoding="utf-8") for path in (ROOT / "game").rglob("*.py")]
    assert len(sources) > 50 and not [text for text in sources if "bold=True, italic=True" in text]
