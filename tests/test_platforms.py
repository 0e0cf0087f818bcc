"""What differs by system at run time, checked on any system: where the player's
files go on Windows, macOS and Linux (and that the README's table says the
same), and how the resource loader finds the assets inside a built bundle."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from game import resources

ROOT = Path(__file__).resolve().parent.parent
WINDOWS_FOLDERS = {
    "CSIDL_LOCAL_APPDATA": r"C:\Users\Ann\AppData\Local",
    "CSIDL_APPDATA": r"C:\Users\Ann\AppData\Roaming",
}
SYSTEM_DIRS = {
    "linux": platformdirs.unix.Unix,
    "windows": platformdirs.windows.Windows,
    "macos": platformdirs.macos.MacOS,
}
# README row -> the function that gives that directory
ROWS = {
    "settings": resources.user_config_dir,
    "saved match, statistics, past matches": resources.user_data_dir,
    "error log": resources.user_log_dir,
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No MATADOR_HOME and no XDG variables: the system's own directories, under a fake home."""
    monkeypatch.delenv("MATADOR_HOME", raising=False)
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    fake = tmp_path / "home" / "ann"
    monkeypatch.setenv("HOME", str(fake))
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: WINDOWS_FOLDERS[csidl])
    return fake


def _as_system(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", SYSTEM_DIRS[system])


def _readme_table() -> dict[str, dict[str, str]]:
    """The README's "Where your files live" table: row -> system -> path."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Where your files live") :]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start:]:  # the first table of the section, to its end
        if not line.startswith("|"):
            break
        rows.append(line)
    header = [cell.strip().lower() for cell in rows[0].strip("|").split("|")]
    table: dict[str, dict[str, str]] = {}
    for line in rows[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        name = re.sub(r"\s*\(.*\)", "", cells[0])
        table[name] = {header[i]: cells[i].strip("`") for i in range(1, len(cells))}
    return table


def _expand(documented: str, home: Path) -> str:
    """A README path with ~ and %LOCALAPPDATA% filled in, without the trailing separator."""
    path = documented.replace("%LOCALAPPDATA%", WINDOWS_FOLDERS["CSIDL_LOCAL_APPDATA"]).replace("~", str(home))
    return path.rstrip("/\\")


@pytest.mark.parametrize("system", list(SYSTEM_DIRS))
def test_user_directories_are_the_readmes(system: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _as_system(system, monkeypatch)
    table = _readme_table()
    assert set(table) == set(ROWS)
    for row, function in ROWS.items():
        found = str(function())
        if system == "windows":  # a Windows path built on another system mixes separators
            found = found.replace("/", "\\")
        assert found == _expand(table[row][system], home), (system, row)


def test_user_directories_differ_by_system(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {}
    for system in SYSTEM_DIRS:
        _as_system(system, monkeypatch)
        seen[system] = (resources.user_config_dir(), resources.user_data_dir(), resources.user_log_dir())
    assert len({dirs for dirs in seen.values()}) == 3
    assert seen["linux"][0] != seen["linux"][1]  # Linux keeps settings apart from data
    assert all(d.name == "Matador" or "Matador" in d.parts for dirs in seen.values() for d in dirs)


@pytest.mark.parametrize("system", list(SYSTEM_DIRS))
def test_matador_home_overrides_every_system(system: str, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _as_system(system, monkeypatch)
    monkeypatch.setenv("MATADOR_HOME", str(tmp_path / "portable"))
    assert resources.user_config_dir() == tmp_path / "portable" / "config"
    assert resources.user_data_dir() == tmp_path / "portable" / "data"
    assert resources.user_log_dir() == tmp_path / "portable" / "log"


# --- the resource loader inside a bundle -------------------------------------------------


def _fake_assets(folder: Path) -> None:
    for kind, name in (("sprites", "felt.png"), ("sounds", "lay.wav")):
        (folder / kind).mkdir(parents=True)
        (folder / kind / name).write_bytes(b"asset")


def test_loader_reads_a_one_folder_bundle_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows and Linux: dist/Matador/_internal is sys._MEIPASS; the clone's own
    sprites must not be used instead."""
    internal = tmp_path / "Matador" / "_internal"
    _fake_assets(internal)
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    assert resources.asset_dir("sprites") == internal / "sprites"
    assert resources.asset_path("sounds", "lay.wav") == internal / "sounds" / "lay.wav"
    assert resources.asset_path("sounds", "lay.wav").read_bytes() == b"asset"


def test_loader_follows_the_links_of_a_macos_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS: sys._MEIPASS is Contents/Frameworks, whose data folders are links to
    Contents/Resources (where PyInstaller puts the files)."""
    contents = tmp_path / "Matador.app" / "Contents"
    _fake_assets(contents / "Resources")
    frameworks = contents / "Frameworks"
    frameworks.mkdir()
    for kind in ("sprites", "sounds"):
        (frameworks / kind).symlink_to(Path("..") / "Resources" / kind, target_is_directory=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(frameworks), raising=False)
    assert resources.asset_dir("sprites") == frameworks / "sprites"
    assert resources.asset_path("sprites", "felt.png").read_bytes() == b"asset"


def test_loader_skips_an_empty_bundle_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundle without sounds (say) falls back to the next place rather than an empty folder."""
    internal = tmp_path / "_internal"
    (internal / "sounds").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    assert resources.asset_dir("sounds") != internal / "sounds"
    assert any(resources.asset_dir("sounds").iterdir())


def test_loader_says_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    with pytest.raises(FileNotFoundError, match="music"):
        resources.asset_dir("music")


# --- the first window's size on a scaled Windows display (issue 24) -------------------------

from game.ui.shell.window_size import DEFAULT_SIZE, first_window_size, scaled_default  # noqa: E402


@pytest.mark.parametrize(
    ("scale", "desktop", "size"),
    [
        (1.0, (1920, 1080), (1280, 800)),  # 96 dpi: the default as it is
        (1.25, (2560, 1440), (1600, 1000)),
        (1.5, (3840, 2160), (1920, 1200)),  # a 4K laptop at 150%
        (2.0, (3840, 2160), (2560, 1600)),
        (2.0, (2560, 1600), (2304, 1440)),  # 2560x1600 would fill the screen: 90% of it, same shape
        (1.5, (1920, 1080), (1555, 972)),  # a 1080p screen at 150%
        (1.0, (1024, 600), (864, 540)),  # a small screen: inside it
        (1.0, (700, 500), (640, 480)),  # never under the smallest window
        (0.5, None, (1280, 800)),  # no scale under 1, no desktop known
    ],
)
def test_default_window_grows_with_the_windows_scale(
    scale: float, desktop: tuple[int, int] | None, size: tuple[int, int]
) -> None:
    assert scaled_default(scale, desktop) == size
    assert first_window_size(DEFAULT_SIZE, "win32", scale, desktop) == size


def test_a_chosen_size_and_other_systems_keep_the_size_asked_for() -> None:
    for platform in ("linux", "darwin"):
        assert first_window_size(DEFAULT_SIZE, platform, 2.0, (3840, 2160)) == DEFAULT_SIZE
    assert first_window_size((1024, 700), "win32", 1.5, (3840, 2160)) == (1024, 700)


def test_the_app_opens_its_first_window_at_the_chosen_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """App asks window_size for its first window (here as on Windows at 150%)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.shell import app as app_module

    monkeypatch.setattr(app_module, "window_size_here", lambda size, desktop: first_window_size(size, "win32", 1.5, (3840, 2160)))
    app = app_module.App(DEFAULT_SIZE)
    try:
        assert app.size == (1920, 1200) and app.windowed_size == (1920, 1200)
        app.resize((1000, 700))  # later sizes are the player's
        assert app.size == (1000, 700)
    finally:
        app.close()
        pygame.display.quit()
