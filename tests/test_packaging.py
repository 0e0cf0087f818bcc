"""Packaging: pyproject lists every package, the wheel carries every module and
asset and finds them once installed, build.spec is sound, and the windowed
app's crash reporting and startup benchmark work.

The real PyInstaller build is slow, so it runs in .ci/build_bundle.sh, not here.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

# one worker builds the wheel once for every test that reads it (xdist's loadgroup)
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parent.parent
# Only the PyInstaller build uses these icon formats; the wheel does not carry them.
BUILD_ONLY_SUFFIXES = {".ico", ".icns"}


def _pyproject() -> dict:  # type: ignore[type-arg]
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def _game_packages() -> set[str]:
    found = set()
    for path in (ROOT / "game").rglob("*.py"):
        if "__pycache__" not in path.parts:
            found.add(".".join(path.parent.relative_to(ROOT).parts))
    return found


def _asset_files(kind: str) -> list[Path]:
    return sorted(
        p
        for p in (ROOT / kind).rglob("*")
        if p.is_file() and p.name != "README.md" and not p.name.startswith(".")
    )


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


# --- (1) pyproject lists every package -------------------------------------------------


def test_every_game_package_is_listed_in_pyproject() -> None:
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    missing = sorted(_game_packages() - listed)
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_game_package_has_an_init() -> None:
    for name in _game_packages():
        init = ROOT.joinpath(*name.split(".")) / "__init__.py"
        assert init.is_file(), f"{name} has modules but no __init__.py"


# --- (2) and (3) the wheel --------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the working tree (so no build/ appears in the clone
    and nothing stale in it can hide a missing file)."""
    import shutil

    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in ("game", "sprites", "sounds", "fonts"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "setup.py"):
        shutil.copy2(ROOT / name, src / name)
    for mo in (src / "game" / "locale").rglob("*.mo"):
        mo.unlink()  # as in a clean clone: the install compiles them
    out = base / "out"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        env=_clean_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (out / "build-output.txt").write_text(done.stdout + done.stderr)
    wheels = list(out.glob("matador-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_build_says_nothing_alarming(wheel: Path) -> None:
    """`pip install .` is the README's first command: a new user should not meet a page
    of setuptools' warnings (each data folder it took for a package it was not told of)."""
    said = (wheel.parent / "build-output.txt").read_text()
    assert "would be ignored" not in said and "Warning" not in said, said


def test_wheel_holds_every_module(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "game").rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is not in the wheel"


def test_wheel_holds_every_sprite_and_sound(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    checked = 0
    for kind in ("sprites", "sounds", "fonts"):
        for path in _asset_files(kind):
            if path.suffix in BUILD_ONLY_SUFFIXES:
                continue
            rel = f"game/_assets/{path.relative_to(ROOT).as_posix()}"
            assert rel in names, f"{rel} is not in the wheel (see package-data in pyproject.toml)"
            checked += 1
    assert checked > 0 or not (_asset_files("sprites") or _asset_files("sounds"))


def test_wheel_ships_the_compiled_translations(wheel: Path) -> None:
    """setup.py compiles each catalog into the wheel (no .mo is committed)."""
    import gettext
    import io

    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    for code in ("nl", "de", "es", "pt_BR"):
        rel = f"game/locale/{code}/LC_MESSAGES/matador.mo"
        assert rel in names, f"{rel} is not in the wheel"
    german = gettext.GNUTranslations(io.BytesIO(archive.read("game/locale/de/LC_MESSAGES/matador.mo")))
    assert german.gettext("Settings") == "Einstellungen"


def test_package_data_of_game_is_in_the_wheel(wheel: Path) -> None:
    """Non-Python files inside game/ (a UI theme, say) must be shipped too."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "game").rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".py", ".pyc"):
            continue
        rel = path.relative_to(ROOT).as_posix()
        assert rel in names, f"{rel} is not in the wheel (see package-data in pyproject.toml)"


def test_installed_wheel_finds_assets_in_site_packages(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    # without a pip of its own (ensurepip took 14 s): this pip installs into it (--python)
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=120,
        env=_clean_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    probe = (
        "import json, sysconfig; from game.resources import asset_dir; import game;"
        "print(json.dumps({'sprites': str(asset_dir('sprites')), 'sounds': str(asset_dir('sounds')), 'fonts': str(asset_dir('fonts')),"
        "'game': game.__file__, 'purelib': sysconfig.get_paths()['purelib'], 'version': game.__version__}))"
    )
    done = subprocess.run(
        [str(python), "-c", probe], cwd=outside, capture_output=True, text=True, timeout=60, env=_clean_env()
    )
    assert done.returncode == 0, done.stderr
    import json

    found = json.loads(done.stdout)
    purelib = Path(found["purelib"]).resolve()
    for key in ("game", "sprites", "sounds", "fonts"):
        where = Path(found[key]).resolve()
        assert where.is_relative_to(purelib), f"{key} resolved to {where}, not inside {purelib}"
        assert not where.is_relative_to(ROOT), f"{key} resolved inside the clone: {where}"
    assert any(Path(found["sprites"]).glob("*.png"))
    assert any(Path(found["fonts"]).glob("*.woff")) and (Path(found["fonts"]) / "OFL.txt").is_file()
    # no pyproject.toml beside an installed package: the version comes from the wheel's metadata
    assert found["version"] == _pyproject()["project"]["version"]


# --- (4) build.spec ---------------------------------------------------------------------


def _spec_calls(func: str) -> list[dict[str, object]]:
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"), filename="build.spec")
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == func:
            kwargs: dict[str, object] = {}
            for kw in node.keywords:
                if kw.arg is not None:
                    try:
                        kwargs[kw.arg] = ast.literal_eval(kw.value)
                    except ValueError:
                        kwargs[kw.arg] = ast.unparse(kw.value)
            calls.append(kwargs)
    return calls


def test_build_spec_is_valid_python() -> None:
    source = (ROOT / "build.spec").read_text(encoding="utf-8")
    compile(source, "build.spec", "exec")


def test_build_spec_makes_a_windowed_one_folder_matador() -> None:
    (exe,) = _spec_calls("EXE")
    assert exe["name"] == "Matador"
    assert exe["console"] is False
    assert exe["upx"] is False
    assert exe["exclude_binaries"] is True  # one folder, not one file
    (coll,) = _spec_calls("COLLECT")
    assert coll["name"] == "Matador"
    assert coll["upx"] is False
    # what differs by system (icon, manifest, version resource, the macOS bundle)
    # is checked for every system in tests/test_build_choices.py


def test_build_spec_bundles_assets_and_entry_script() -> None:
    source = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '_asset_files("sprites")' in source and '_asset_files("sounds")' in source and '_asset_files("fonts")' in source
    assert 'collect_data_files("pygame_gui"' in source
    assert "packaging" in source and (ROOT / "packaging" / "matador_main.py").is_file()
    for name in ("matador.desktop", "install-desktop.sh"):
        assert (ROOT / "packaging" / "linux" / name).is_file()


def test_desktop_entry_has_the_required_keys() -> None:
    lines = (ROOT / "packaging" / "linux" / "matador.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    for key, value in (("Type", "Application"), ("Name", "Matador"), ("Icon", "matador"), ("Terminal", "false")):
        assert keys.get(key) == value, key
    assert keys.get("Exec")


def test_entry_script_runs_the_cli() -> None:
    script = str(ROOT / "packaging" / "matador_main.py")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert "replay" in done.stdout
    done = subprocess.run([sys.executable, script, "--no-such-flag"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1


# --- crash reporting --------------------------------------------------------------------


@pytest.fixture
def no_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATADOR_NO_CRASH_DIALOG", "1")


def test_report_crash_appends_to_the_log(
    no_dialog: None, _isolated_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.crash import report_crash

    def fail() -> None:
        raise ValueError("tile 9-9 is not in this set")

    for _ in range(2):
        try:
            fail()
        except ValueError as exc:
            log = report_crash(exc)
    assert log == _isolated_home / "log" / "matador.log"
    text = log.read_text(encoding="utf-8")
    assert text.count("Matador crashed ===") == 2
    assert "Traceback (most recent call last)" in text
    assert "ValueError: tile 9-9 is not in this set" in text
    assert "in fail" in text
    err_lines = capsys.readouterr().err.strip().splitlines()
    assert len(err_lines) == 2  # one line per report
    assert str(log) in err_lines[0] and "ValueError" in err_lines[0]


def test_guarded_returns_the_status_or_1(no_dialog: None, _isolated_home: Path) -> None:
    from game.crash import guarded

    assert guarded(lambda: 0) == 0
    assert guarded(lambda: 3) == 3

    def boom() -> int:
        raise RuntimeError("boom")

    assert guarded(boom) == 1
    assert "RuntimeError: boom" in (_isolated_home / "log" / "matador.log").read_text(encoding="utf-8")

    def interrupted() -> int:
        raise KeyboardInterrupt

    assert guarded(interrupted) == 130

    def exits() -> int:
        raise SystemExit(4)

    with pytest.raises(SystemExit):
        guarded(exits)


def test_no_dialog_without_a_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.crash import display_available

    monkeypatch.delenv("MATADOR_NO_CRASH_DIALOG", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not display_available()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setenv("MATADOR_NO_CRASH_DIALOG", "1")
    assert not display_available()
    if sys.platform.startswith("linux"):
        monkeypatch.delenv("MATADOR_NO_CRASH_DIALOG")
        monkeypatch.delenv("DISPLAY", raising=False)
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        assert not display_available()
        monkeypatch.setenv("DISPLAY", ":0")
        assert display_available()


def test_fallback_message_window_draws_and_closes() -> None:
    pygame = pytest.importorskip("pygame")
    from game.crash import _show_window

    assert _show_window(pygame, "Matador - error", "line one\nline two", timeout_s=0.1)
    assert not pygame.display.get_init()


def test_crash_in_a_subprocess_exits_1_with_one_line(_isolated_home: Path) -> None:
    code = "from game.crash import guarded; import sys; sys.exit(guarded(lambda: 1 // 0))"
    env = dict(os.environ, PYTHONPATH=str(ROOT), MATADOR_NO_CRASH_DIALOG="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "ZeroDivisionError" in lines[0], done.stderr
    assert "ZeroDivisionError" in (_isolated_home / "log" / "matador.log").read_text(encoding="utf-8")


# --- startup benchmark ------------------------------------------------------------------


def test_startup_bench_reads_the_first_frame_timestamp(tmp_path: Path) -> None:
    from game.bench.startup_bench import time_launches

    writes_frame = (
        "import os, time; open(os.environ['MATADOR_FIRST_FRAME_FILE'], 'w').write(repr(time.time()))"
    )
    result = time_launches([sys.executable, "-c", writes_frame], samples=2, warmup=0)
    assert result["samples"] == 2 and not result["errors"]
    assert 0 < result["first_frame_ms_median"] <= result["exit_ms_median"]
    assert "cpu_ms_median" not in result  # an older build writes no processor time
    burns = (  # the game's way: the wall clock, then the processor time so far
        "import os, time\nwhile time.process_time() < 0.05: pass\n"
        "open(os.environ['MATADOR_FIRST_FRAME_FILE'], 'w').write(f'{time.time()} {time.process_time()}')"
    )
    timed = time_launches([sys.executable, "-c", burns], samples=2, warmup=0)
    assert 50 <= timed["cpu_ms_median"] <= timed["exit_ms_median"], timed
    silent = time_launches([sys.executable, "-c", "pass"], samples=1, warmup=0)
    assert "first_frame_ms_median" not in silent and "process exit" in silent["method"]
    failing = time_launches([sys.executable, "-c", "raise SystemExit(3)"], samples=1, warmup=0)
    assert failing["samples"] == 0 and "exit status 3" in failing["errors"][0]


def test_startup_bench_measures_bundle_size(tmp_path: Path) -> None:
    from game.bench.startup_bench import bundle_root, folder_size_bytes

    app = tmp_path / "Matador.app" / "Contents" / "MacOS" / "Matador"
    app.parent.mkdir(parents=True)
    app.write_bytes(b"x" * 1000)
    (tmp_path / "Matador.app" / "Contents" / "Info.plist").write_bytes(b"y" * 24)
    assert bundle_root(app) == tmp_path / "Matador.app"
    assert folder_size_bytes(bundle_root(app)) == 1024
    flat = tmp_path / "dist" / "Matador" / "Matador"
    flat.parent.mkdir(parents=True)
    flat.write_bytes(b"")
    assert bundle_root(flat) == flat.parent
