"""The assets: reproducible from tools/make_assets.py, valid, and drawn right."""

from __future__ import annotations

import importlib.util
import logging
import struct
import subprocess
import sys
import wave
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pygame
import pytest

from game.ui.shell import audio as audio_module
from game.ui.shell.audio import SOUND_NAMES, Audio
from game.ui.drawing.tile_art import ICON_NAMES, TileArt

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "make_assets.py"
ASSET_SUFFIXES = {".png", ".wav", ".ico", ".icns"}


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_assets", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_assets", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("assets")
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], check=True, timeout=120,
                   capture_output=True)
    return out


def _asset_files(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir() if p.suffix in ASSET_SUFFIXES}


# -- reproducibility --------------------------------------------------------


def test_script_reproduces_committed_assets(generated: Path) -> None:
    expected = _load_script().expected_files()
    for kind in ("sprites", "sounds"):
        made = _asset_files(generated / kind)
        committed = _asset_files(ROOT / kind)
        assert made == set(expected[kind])
        assert committed == made, f"{kind}/ differs from what the script makes; run it"
        for name in sorted(made):
            assert (generated / kind / name).read_bytes() == (ROOT / kind / name).read_bytes(), (
                f"{kind}/{name} is not what tools/make_assets.py makes"
            )


def test_expected_files_are_the_documented_set() -> None:
    expected = _load_script().expected_files()
    sprites = set(expected["sprites"])
    for value in range(10):
        assert f"half_{value}.png" in sprites
    for name in ICON_NAMES:
        assert f"icon_{name}.png" in sprites
    for name in ("tile_body.png", "tile_back.png", "tile_ghost.png", "tile_highlight.png",
                 "felt.png", "matador.png", "matador.ico", "matador.icns"):
        assert name in sprites
    assert set(expected["sounds"]) == {f"{name}.wav" for name in SOUND_NAMES}


def test_assets_stay_small() -> None:
    total = sum(p.stat().st_size for kind in ("sprites", "sounds") for p in (ROOT / kind).iterdir())
    assert total < 3 * 1024 * 1024


# -- files are valid --------------------------------------------------------


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_valid_wav(name: str) -> None:
    with wave.open(str(ROOT / "sounds" / f"{name}.wav"), "rb") as handle:
        assert handle.getframerate() == 44100
        assert handle.getsampwidth() == 2
        assert handle.getnchannels() == 1
        frames = handle.getnframes()
        samples = np.frombuffer(handle.readframes(frames), dtype="<i2")
    assert 0 < frames / 44100 <= 3.0
    peak = int(np.max(np.abs(samples.astype(np.int32))))
    assert 8000 < peak < 32767  # audible, normalized, not clipped


def test_app_icon_containers() -> None:
    ico = (ROOT / "sprites" / "matador.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 4)
    sizes = []
    for i in range(count):
        width, _, _, _, _, bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        png = ico[offset: offset + length]
        assert png.startswith(b"\x89PNG") and bits == 32
        sizes.append(width or 256)
    assert sizes == [16, 32, 48, 256]
    icns = (ROOT / "sprites" / "matador.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, codes = 8, []
    while pos < len(icns):
        code, length = icns[pos: pos + 4], struct.unpack(">I", icns[pos + 4: pos + 8])[0]
        assert icns[pos + 8: pos + 12] == b"\x89PNG"
        codes.append(code)
        pos += length
    assert pos == len(icns) and b"ic08" in codes
    icon = pygame.image.load(str(ROOT / "sprites" / "matador.png"))
    assert icon.get_size() == (256, 256)


# -- TileArt ----------------------------------------------------------------


def _dark_mask(surface: pygame.Surface) -> npt.NDArray[np.bool_]:
    rgb = pygame.surfarray.array3d(surface).astype(np.float64)  # (w, h, 3)
    alpha = pygame.surfarray.array_alpha(surface)
    luminance = rgb @ np.array([0.299, 0.587, 0.114])
    mask: npt.NDArray[np.bool_] = (luminance < 100) & (alpha > 128)
    return mask


def _blobs(mask: npt.NDArray[np.bool_]) -> int:
    seen = np.zeros_like(mask, dtype=bool)
    width, height = mask.shape
    count = 0
    for x0 in range(width):
        for y0 in range(height):
            if not mask[x0, y0] or seen[x0, y0]:
                continue
            count += 1
            stack = [(x0, y0)]
            seen[x0, y0] = True
            while stack:
                x, y = stack.pop()
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < width and 0 <= ny < height and mask[nx, ny] and not seen[nx, ny]:
                        seen[nx, ny] = True
                        stack.append((nx, ny))
    return count


def test_face_sizes_and_cache() -> None:
    art = TileArt()
    face = art.face(6, 1, 120)
    assert face.get_size() == (120, 60)
    assert art.face(6, 1, 120, vertical=True).get_size() == (60, 120)
    assert art.face(6, 1, 120) is face
    assert art.face(3, 3, 61).get_size() == (61, 30)


def test_faces_differ() -> None:
    art = TileArt()
    shots = {
        (a, b): pygame.image.tobytes(art.face(a, b, 80), "RGBA")
        for a, b in ((6, 1), (1, 6), (5, 2), (0, 0), (9, 9), (9, 8))
    }
    assert len(set(shots.values())) == len(shots)


@pytest.mark.parametrize("vertical", [False, True])
def test_pips_counted(vertical: bool) -> None:
    art = TileArt()
    length = 200
    side = length // 2
    for a, b in ((0, 6), (9, 4), (7, 8), (1, 5), (2, 3)):
        mask = _dark_mask(art.face(a, b, length, vertical))
        inset = 10  # keep clear of the divider and its brass pin
        if vertical:
            first, second = mask[:, : side - inset], mask[:, side + inset:]
        else:
            first, second = mask[: side - inset, :], mask[side + inset:, :]
        if a == 0:
            assert not first.any(), "a blank half has no dark pixels"
        assert _blobs(first) == a
        assert _blobs(second) == b


def test_back_ghost_highlight_table_icons() -> None:
    art = TileArt()
    assert art.back(100).get_size() == (100, 50)
    assert art.back(100, vertical=True).get_size() == (50, 100)
    assert art.ghost(None, None, 100).get_size() == (100, 50)
    assert art.ghost(None, None, 100, vertical=True).get_size() == (50, 100)
    ghost = art.ghost(6, 1, 100)
    assert ghost.get_size() == (100, 50)
    assert ghost.get_at((50, 25)).a < 255  # translucent
    assert art.face(6, 1, 100).get_at((50, 25)).a == 255
    for length in (40, 100, 257):
        m = art.highlight_margin(length)
        assert m >= 1
        assert art.highlight(length).get_size() == (length + 2 * m, length // 2 + 2 * m)
        assert art.highlight(length, vertical=True).get_size() == (length // 2 + 2 * m, length + 2 * m)
        assert art.shadow(length).get_size() == (length + 2 * m, length // 2 + 2 * m)
    table = art.table((700, 500))
    assert table.get_size() == (700, 500)
    assert art.table((700, 500)) is table
    green = table.get_at((350, 250))
    assert green.g > green.r and green.g > green.b
    for name in ICON_NAMES:
        assert art.icon(name, 40).get_size() == (40, 40)
    with pytest.raises(ValueError):
        art.icon("nope", 32)
    with pytest.raises(ValueError):
        art.face(10, 1, 100)


def test_a_face_at_a_new_size_reads_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A face at a size not seen yet is scaled from the sources already loaded, never
    read from disk again (what keeps a zoom cheap; ``python -m game bench ui`` times it)."""
    art = TileArt()
    for value in range(10):  # load the sources: every half, both ways
        art.face(value, value, 64)
        art.face(value, value, 64, vertical=True)
    loads: list[object] = []
    real_load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda *a, **k: loads.append(a) or real_load(*a, **k))
    for length in range(40, 140):
        vertical = bool(length % 2)
        face = art.face(length % 10, (length * 7) % 10, length, vertical=vertical)
        assert face.get_size() == ((length // 2, length) if vertical else (length, length // 2))
    assert loads == []


def test_works_with_a_display() -> None:
    was_initialised = pygame.display.get_init()
    pygame.display.init()
    try:
        screen = pygame.display.get_surface() or pygame.display.set_mode((320, 200))
        art = TileArt()
        surface = art.face(4, 3, 90)
        screen.blit(surface, (0, 0))
        assert surface.get_size() == (90, 45)
        assert art.table((320, 200)).get_size() == (320, 200)
    finally:
        if not was_initialised:
            pygame.display.quit()


# -- Audio ------------------------------------------------------------------


def test_audio_plays_with_dummy_driver() -> None:
    sound = Audio(volume=0.5)
    for name in SOUND_NAMES:
        sound.play(name)
    sound.play("no-such-sound")
    sound.set_volume(2.0)
    assert sound.volume == 1.0
    sound.set_enabled(False)
    sound.play("lay")
    sound.set_enabled(True)
    assert isinstance(sound.available, bool)


def test_audio_silent_when_mixer_fails(monkeypatch: pytest.MonkeyPatch,
                                       caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    with caplog.at_level(logging.WARNING):
        sound = Audio()
        assert not sound.available
        for name in SOUND_NAMES:
            sound.play(name)
        sound.set_volume(0.3)
        sound.set_enabled(False)
    assert len([r for r in caplog.records if "mixer" in r.getMessage()]) == 1


def test_audio_missing_file_logs_once(monkeypatch: pytest.MonkeyPatch,
                                      caplog: pytest.LogCaptureFixture, tmp_path: Path) -> None:
    monkeypatch.setattr(audio_module, "asset_path", lambda kind, name: tmp_path / name)
    with caplog.at_level(logging.WARNING):
        sound = Audio()
        for _ in range(3):
            sound.play("lay")
    if sound.available:
        assert len([r for r in caplog.records if "lay" in r.getMessage()]) == 1
