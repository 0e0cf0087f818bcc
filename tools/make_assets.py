#!/usr/bin/env python3
"""Render every sprite and synthesize every sound of Matador, reproducibly.

    python tools/make_assets.py [--out DIR]

writes ``DIR/sprites/*`` and ``DIR/sounds/*`` (default ``DIR``: the repository
root, so the committed ``sprites/`` and ``sounds/`` are refreshed in place).

Everything is computed with plain Python and numpy -- no pygame, no clocks, no
system randomness -- and written by our own PNG/ICO/ICNS/WAV writers, so two
runs give byte-identical files. Shapes are signed distance fields sampled at
pixel centres and anti-aliased analytically (coverage = 0.5 - distance in
pixels), which makes edges and round pips smooth without supersampling. Noise
comes from an integer hash of (position, seed), so it is the same everywhere.

Sprites (``sprites/``), all tile sprites at a tile length of 256 px:

* ``tile_body.png`` 256x128 and ``tile_body_v.png`` 128x256: the blank ivory
  face (rounded corners, bevel lit from the top left, engraved dividing line,
  brass centre pin). The vertical one is rendered separately so the light
  still falls from the top left.
* ``half_0.png`` .. ``half_9.png`` 128x128: the pips of one half on a
  transparent background, laid out for a horizontal tile (the six is three
  columns of two; seven, eight and nine use the 3x3 grid). A face is the body
  with two halves blitted on it; for a vertical tile the halves are turned a
  quarter clockwise, so the six shows the usual two columns of three.
* ``tile_back.png`` / ``tile_back_v.png``: the face-down tile.
* ``tile_ghost.png`` 256x128: a dashed outline with a faint fill (drop target).
* ``tile_highlight.png`` 296x168: a golden glow ring around a 256x128 tile,
  margin 20 px on each side; ``tile_shadow.png`` 296x168: a soft drop shadow
  with the same geometry.
* ``felt.png`` 512x512 (RGB): green felt that tiles seamlessly;
  ``vignette.png`` 256x256: a dark edge overlay to stretch over the table.
* ``icon_<name>.png`` 64x64, ivory glyphs with a soft shadow, for the names in
  ``ICON_NAMES``.
* ``matador.png`` 256x256 (the app icon: the 4-3 matador on a felt rounded
  square), ``matador.ico`` (PNG images at 16/32/48/256) and ``matador.icns``
  (PNG entries icp4/icp5/ic07/ic08/ic09).

Sounds (``sounds/``): 44.1 kHz 16-bit mono WAV files named after
``SOUND_NAMES``, each peak-normalized.
"""

from __future__ import annotations

import argparse
import math
import struct
import wave
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

F = npt.NDArray[np.float64]
U8 = npt.NDArray[np.uint8]
Color = tuple[float, float, float]

ROOT = Path(__file__).resolve().parent.parent
SEED = 20240607

TILE_LENGTH = 256  # source tile length in pixels; the short side is half of it
HALF = TILE_LENGTH // 2
CORNER = 15.0  # corner radius of a tile, in tile units (length 256)
GLOW_MARGIN = 20  # margin of tile_highlight.png / tile_shadow.png around the tile
ICON_SIZE = 64
ICON_NAMES = ("draw", "pass", "refuse", "settings", "sound_on", "sound_off", "rules", "back")
SOUND_NAMES = ("lay", "draw", "pass", "refused", "crosswise", "round_won", "match_won", "button")
RATE = 44100


# --------------------------------------------------------------------------
# Deterministic noise


def hash_noise(ix: npt.NDArray[np.int64], iy: npt.NDArray[np.int64], seed: int) -> F:
    """A uniform value in [0, 1) for every integer lattice point, from a hash."""
    m32 = np.uint64(0xFFFFFFFF)
    h = (ix.astype(np.uint64) * np.uint64(374761393)) & m32
    h = (h + iy.astype(np.uint64) * np.uint64(668265263)) & m32
    h = (h + np.uint64((seed * 2246822519) & 0xFFFFFFFF)) & m32
    h = ((h ^ (h >> np.uint64(13))) * np.uint64(1274126177)) & m32
    h = ((h ^ (h >> np.uint64(16))) * np.uint64(2246822519)) & m32
    h = h ^ (h >> np.uint64(15))
    return (h & m32).astype(np.float64) / 4294967296.0


def noise_1d(n: int, seed: int) -> F:
    """``n`` uniform values in [-1, 1)."""
    idx = np.arange(n, dtype=np.int64)
    return hash_noise(idx, np.full(n, 7, dtype=np.int64), seed) * 2.0 - 1.0


def periodic_value_noise(size: int, period_x: int, period_y: int, seed: int) -> F:
    """Smooth value noise on a size x size torus (so the image tiles seamlessly)."""
    coords = (np.arange(size, dtype=np.float64) + 0.5) / size
    fx = coords * period_x
    fy = coords * period_y
    x0 = np.floor(fx).astype(np.int64)
    y0 = np.floor(fy).astype(np.int64)
    tx = fx - x0
    ty = fy - y0
    tx = tx * tx * (3 - 2 * tx)
    ty = ty * ty * (3 - 2 * ty)
    X0, Y0 = np.meshgrid(x0 % period_x, y0 % period_y)
    X1, Y1 = np.meshgrid((x0 + 1) % period_x, (y0 + 1) % period_y)
    TX, TY = np.meshgrid(tx, ty)
    v00 = hash_noise(X0, Y0, seed)
    v10 = hash_noise(X1, Y0, seed)
    v01 = hash_noise(X0, Y1, seed)
    v11 = hash_noise(X1, Y1, seed)
    top = v00 + (v10 - v00) * TX
    bottom = v01 + (v11 - v01) * TX
    result: F = (top + (bottom - top) * TY) * 2.0 - 1.0
    return result


# --------------------------------------------------------------------------
# Signed distance fields (negative inside) and a small compositing canvas


def smoothstep(e0: float, e1: float, x: F) -> F:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    result: F = t * t * (3 - 2 * t)
    return result


def sd_circle(x: F, y: F, cx: float, cy: float, r: float) -> F:
    result: F = np.hypot(x - cx, y - cy) - r
    return result


def sd_round_box(x: F, y: F, cx: float, cy: float, hw: float, hh: float, r: float) -> F:
    qx = np.abs(x - cx) - (hw - r)
    qy = np.abs(y - cy) - (hh - r)
    outside = np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0))
    inside = np.minimum(np.maximum(qx, qy), 0.0)
    result: F = outside + inside - r
    return result


def sd_segment(x: F, y: F, ax: float, ay: float, bx: float, by: float, r: float) -> F:
    pax, pay = x - ax, y - ay
    bax, bay = bx - ax, by - ay
    h = np.clip((pax * bax + pay * bay) / (bax * bax + bay * bay), 0.0, 1.0)
    result: F = np.hypot(pax - bax * h, pay - bay * h) - r
    return result


def sd_polygon(x: F, y: F, pts: Sequence[tuple[float, float]]) -> F:
    """Exact distance to a simple polygon (convex or not)."""
    d = (x - pts[0][0]) ** 2 + (y - pts[0][1]) ** 2
    sign = np.ones_like(x)
    j = len(pts) - 1
    for i in range(len(pts)):
        vix, viy = pts[i]
        vjx, vjy = pts[j]
        ex, ey = vjx - vix, vjy - viy
        wx, wy = x - vix, y - viy
        h = np.clip((wx * ex + wy * ey) / (ex * ex + ey * ey), 0.0, 1.0)
        bx, by = wx - ex * h, wy - ey * h
        d = np.minimum(d, bx * bx + by * by)
        c1 = y >= viy
        c2 = y < vjy
        c3 = ex * wy > ey * wx
        flip = (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
        sign = np.where(flip, -sign, sign)
        j = i
    result: F = sign * np.sqrt(d)
    return result


def sd_arc(x: F, y: F, cx: float, cy: float, radius: float, a0: float, a1: float, r: float) -> F:
    """A stroke of half-width ``r`` along a circular arc from angle a0 to a1 (round caps)."""
    dx, dy = x - cx, y - cy
    mid, half = (a0 + a1) / 2, (a1 - a0) / 2
    rel = (np.arctan2(dy, dx) - mid + math.pi) % (2 * math.pi) - math.pi
    ring = np.abs(np.hypot(dx, dy) - radius) - r
    e0 = np.hypot(dx - radius * math.cos(a0), dy - radius * math.sin(a0))
    e1 = np.hypot(dx - radius * math.cos(a1), dy - radius * math.sin(a1))
    result: F = np.where(np.abs(rel) <= half, ring, np.minimum(e0, e1) - r)
    return result


def coverage(sd: F, px: float) -> F:
    """Anti-aliased coverage of an exact distance field (``px`` units per pixel)."""
    result: F = np.clip(0.5 - sd / px, 0.0, 1.0)
    return result


def coverage_approx(sd: F) -> F:
    """Coverage of an approximate distance field, corrected by its pixel gradient."""
    gy, gx = np.gradient(sd)
    dist = sd / np.maximum(np.hypot(gx, gy), 1e-9)
    result: F = np.clip(0.5 - dist, 0.0, 1.0)
    return result


def mix(c0: Color, c1: Color, t: F) -> F:
    """Per-pixel colour between c0 (t=0) and c1 (t=1): an (h, w, 3) array."""
    a = np.asarray(c0, dtype=np.float64)
    b = np.asarray(c1, dtype=np.float64)
    result: F = a + (b - a) * t[..., None]
    return result


class Canvas:
    """Premultiplied RGBA in floats (0..255); coordinates in design units."""

    def __init__(self, width: int, height: int, unit: float = 1.0) -> None:
        self.width = width
        self.height = height
        self.unit = unit  # design units per pixel
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float64)
        self.x: F = (xs + 0.5) * unit
        self.y: F = (ys + 0.5) * unit
        self.rgb: F = np.zeros((height, width, 3))
        self.alpha: F = np.zeros((height, width))

    def paint(self, cov: F, color: Color | F, opacity: float | F = 1.0) -> None:
        a = np.clip(cov * opacity, 0.0, 1.0)
        col = np.asarray(color, dtype=np.float64)
        self.rgb = col * a[..., None] + self.rgb * (1.0 - a)[..., None]
        self.alpha = a + self.alpha * (1.0 - a)

    def fill(self, sd: F, color: Color | F, opacity: float | F = 1.0) -> None:
        self.paint(coverage(sd, self.unit), color, opacity)

    def pixels(self, matte: Color, alpha: bool = True) -> U8:
        """8-bit RGBA (or RGB); fully transparent pixels take the ``matte`` colour
        so that scaling them never bleeds black into the edges."""
        a8 = np.rint(np.clip(self.alpha, 0.0, 1.0) * 255.0)
        safe = np.where(self.alpha > 1e-9, self.alpha, 1.0)
        rgb = self.rgb / safe[..., None]
        rgb = np.where((a8 > 0)[..., None], rgb, np.asarray(matte, dtype=np.float64))
        rgb8 = np.rint(np.clip(rgb, 0.0, 255.0))
        if not alpha:
            return rgb8.astype(np.uint8)
        return np.dstack([rgb8, a8]).astype(np.uint8)


# --------------------------------------------------------------------------
# File writers (deterministic: no timestamps, fixed compression)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(pixels: U8) -> bytes:
    """Encode an (h, w, 3|4) uint8 image as PNG, choosing a filter per row."""
    h, w, channels = pixels.shape
    color_type = {3: 2, 4: 6}[channels]
    raw = pixels.reshape(h, w * channels).astype(np.int32)
    zero_row = np.zeros((1, w * channels), dtype=np.int32)
    zero_col = np.zeros((h, channels), dtype=np.int32)
    up = np.vstack([zero_row, raw[:-1]])
    left = np.hstack([zero_col, raw[:, :-channels]])
    upleft = np.hstack([zero_col, up[:, :-channels]])
    p = left + up - upleft
    pa, pb, pc = np.abs(p - left), np.abs(p - up), np.abs(p - upleft)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, upleft))
    candidates = np.stack(
        [raw, raw - left, raw - up, raw - (left + up) // 2, raw - paeth]
    ) % 256  # (5, h, row)
    signed = np.where(candidates >= 128, 256 - candidates, candidates)
    choice = np.argmin(signed.sum(axis=2), axis=0)  # (h,)
    rows = candidates[choice, np.arange(h)].astype(np.uint8)
    data = np.hstack([choice.astype(np.uint8)[:, None], rows]).tobytes()
    header = struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(data, 9))
        + _png_chunk(b"IEND", b"")
    )


def ico_bytes(images: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows ICO holding PNG images: [(size, png), ...]."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    body = b""
    for size, png in images:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(body))
        body += png
    return header + entries + body


def icns_bytes(entries: Sequence[tuple[bytes, bytes]]) -> bytes:
    """A macOS ICNS holding PNG entries: [(type code, png), ...]."""
    body = b"".join(code + struct.pack(">I", len(png) + 8) + png for code, png in entries)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def wav_bytes_write(path: Path, samples: F) -> None:
    pcm = np.rint(np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


# --------------------------------------------------------------------------
# Tiles

IVORY_TOP: Color = (253, 249, 238)
IVORY_BOTTOM: Color = (239, 230, 209)
IVORY_EDGE: Color = (156, 142, 116)
PIP_CENTRE: Color = (62, 55, 50)
PIP_EDGE: Color = (20, 17, 16)
BACK_TOP: Color = (128, 36, 47)
BACK_BOTTOM: Color = (86, 20, 31)
GOLD: Color = (214, 178, 104)
PIP_STEP = 33.0  # distance between pip rows / columns in a half (tile units)
PIP_RADIUS = 11.5

# pip positions (column, row) in a half of a horizontal tile, on a 3x3 grid
PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
    7: ((-1, -1), (0, -1), (1, -1), (0, 0), (-1, 1), (0, 1), (1, 1)),
    8: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    9: tuple((c, r) for r in (-1, 0, 1) for c in (-1, 0, 1)),
}


@dataclass(frozen=True)
class Place:
    """Where a tile sits on a canvas: centre, rotation of the horizontal tile
    (radians, clockwise on screen) and length, in canvas design units."""

    cx: float
    cy: float
    angle: float
    length: float

    def local(self, cv: Canvas) -> tuple[F, F, float]:
        """Tile coordinates (horizontal tile of length 256 centred at 0) of every
        pixel, and tile units per pixel."""
        k = TILE_LENGTH / self.length
        dx, dy = cv.x - self.cx, cv.y - self.cy
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (c * dx + s * dy) * k, (-s * dx + c * dy) * k, cv.unit * k

    def vertical_position(self, cv: Canvas) -> F:
        """0 at the tile's top on screen, 1 at its bottom."""
        extent = (
            abs(math.sin(self.angle)) * self.length / 2
            + abs(math.cos(self.angle)) * self.length / 4
        )
        result: F = np.clip(0.5 + (cv.y - self.cy) / (2 * extent), 0.0, 1.0)
        return result


def tile_sd(lx: F, ly: F, grow: float = 0.0) -> F:
    return sd_round_box(lx, ly, 0.0, 0.0, HALF + grow, HALF / 2 + grow, CORNER + grow)


def bevel_shading(d: F, px: float, width: float) -> tuple[F, F]:
    """(facing, weight): how much the rim faces the light (top left, -1..1) and
    how strongly the rim profile applies at each pixel."""
    gy, gx = np.gradient(d)
    norm = np.maximum(np.hypot(gx, gy), 1e-9)
    lx, ly = -0.55, -0.835  # towards the light
    facing = (gx * lx + gy * ly) / norm
    weight = (1.0 - np.clip(-d / width, 0.0, 1.0)) ** 2
    return facing, weight * (d < px)


def paint_tile_shape(
    cv: Canvas, place: Place, top: Color, bottom: Color, edge: Color, lit: float, dark: float
) -> tuple[F, F, float]:
    lx, ly, px = place.local(cv)
    d = tile_sd(lx, ly)
    base = mix(top, bottom, place.vertical_position(cv))
    facing, weight = bevel_shading(d, px, 9.0)
    shade = np.where(facing > 0, facing * lit, facing * dark) * weight
    cv.paint(coverage(d, px), base + shade[..., None])
    cv.paint(coverage(np.abs(d + 0.9) - 0.9, px), edge, 0.85)
    return lx, ly, px


def paint_tile_body(cv: Canvas, place: Place) -> None:
    """The blank face: ivory, bevel, engraved divider, brass pin."""
    lx, ly, px = paint_tile_shape(cv, place, IVORY_TOP, IVORY_BOTTOM, IVORY_EDGE, 20.0, 42.0)
    reach = HALF / 2 - 15.0
    cv.paint(coverage(sd_segment(lx, ly, 0.0, -reach, 0.0, reach, 1.7), px), (128, 114, 94))
    cv.paint(
        coverage(sd_segment(lx, ly, 2.6, -reach, 2.6, reach, 1.0), px), (255, 253, 246), 0.9
    )
    pin = sd_circle(lx, ly, 0.0, 0.0, 6.5)
    glint = np.clip(np.hypot(lx + 2.2, ly + 2.2) / 8.5, 0.0, 1.0)
    cv.paint(coverage(pin, px), mix((244, 218, 150), (156, 116, 52), glint))
    cv.paint(coverage(np.abs(pin + 0.6) - 0.6, px), (104, 76, 32), 0.9)


def paint_pips(cv: Canvas, lx: F, ly: F, px: float, value: int, ox: float, scale: float = 1.0) -> None:
    """The pips of one half centred at tile x = ``ox``."""
    radius = PIP_RADIUS * scale
    for col, row in PIP_LAYOUTS[value]:
        cx, cy = ox + col * PIP_STEP, row * PIP_STEP
        d = sd_circle(lx, ly, cx, cy, radius)
        t = np.clip(np.hypot(lx - cx + radius * 0.25, ly - cy + radius * 0.25) / radius, 0, 1)
        cv.paint(coverage(d, px), mix(PIP_CENTRE, PIP_EDGE, t**1.5))


def paint_tile_back(cv: Canvas, place: Place) -> None:
    lx, ly, px = paint_tile_shape(cv, place, BACK_TOP, BACK_BOTTOM, (52, 10, 18), 34.0, 30.0)
    d = tile_sd(lx, ly)
    cv.paint(coverage(np.abs(d + 12.0) - 1.2, px), GOLD, 0.8)
    diamond = sd_polygon(lx, ly, [(0.0, -24.0), (34.0, 0.0), (0.0, 24.0), (-34.0, 0.0)])
    cv.paint(coverage(np.abs(diamond) - 1.5, px), GOLD, 0.9)
    cv.paint(coverage(sd_circle(lx, ly, 0.0, 0.0, 5.0), px), GOLD, 0.95)
    for sx in (-1.0, 1.0):
        cv.paint(coverage(sd_circle(lx, ly, sx * 78.0, 0.0, 3.2), px), GOLD, 0.8)


def horizontal_place() -> Place:
    return Place(HALF, HALF / 2, 0.0, TILE_LENGTH)


def vertical_place() -> Place:
    return Place(HALF / 2, HALF, math.pi / 2, TILE_LENGTH)


def render_body(vertical: bool) -> U8:
    cv = Canvas(HALF, TILE_LENGTH) if vertical else Canvas(TILE_LENGTH, HALF)
    paint_tile_body(cv, vertical_place() if vertical else horizontal_place())
    return cv.pixels(IVORY_EDGE)


def render_back(vertical: bool) -> U8:
    cv = Canvas(HALF, TILE_LENGTH) if vertical else Canvas(TILE_LENGTH, HALF)
    paint_tile_back(cv, vertical_place() if vertical else horizontal_place())
    return cv.pixels((52, 10, 18))


def render_half(value: int) -> U8:
    cv = Canvas(HALF, HALF)
    paint_pips(cv, cv.x - HALF / 2, cv.y - HALF / 2, 1.0, value, 0.0)
    return cv.pixels(PIP_EDGE)


def render_ghost() -> U8:
    cv = Canvas(TILE_LENGTH, HALF)
    lx, ly = cv.x - HALF, cv.y - HALF / 2
    d = tile_sd(lx, ly)
    cv.paint(coverage(d, 1.0), (255, 255, 255), 0.12)
    band = np.abs(d + 4.5) - 3.5
    period, dash = 32.0, 18.0
    straight_x = HALF - CORNER
    straight_y = HALF / 2 - CORNER

    def dash_sd(t: F) -> F:
        result: F = np.abs((t + period / 2) % period - period / 2) - dash / 2
        return result

    dashes = np.where(
        np.abs(lx) <= straight_x,
        dash_sd(lx),
        np.where(np.abs(ly) <= straight_y, dash_sd(ly), -1.0),
    )
    cv.paint(coverage(np.maximum(band, dashes), 1.0), (255, 255, 255), 0.85)
    return cv.pixels((255, 255, 255))


def render_glow(kind: str) -> U8:
    w, h = TILE_LENGTH + 2 * GLOW_MARGIN, HALF + 2 * GLOW_MARGIN
    cv = Canvas(w, h)
    d = tile_sd(cv.x - w / 2, cv.y - h / 2)
    if kind == "highlight":
        outside = np.maximum(d, 0.0)
        glow = 0.55 * np.exp(-outside / 6.0) + 0.45 * np.exp(-((outside / 11.0) ** 2))
        cv.paint(np.ones_like(d), (255, 196, 64), glow * (d > 0))
        inside = np.minimum(d, 0.0)
        cv.paint(np.ones_like(d), (255, 214, 110), 0.45 * np.exp(-((inside / 6.0) ** 2)) * (d <= 0))
        cv.paint(coverage(np.abs(d - 1.5) - 3.2, 1.0), (255, 236, 160))
        return cv.pixels((255, 206, 84))
    cv.paint(np.ones_like(d), (0, 0, 0), 0.5 * (1.0 - smoothstep(-6.0, 15.0, d)))
    return cv.pixels((0, 0, 0))


# --------------------------------------------------------------------------
# Table


def render_felt(size: int = 512) -> U8:
    low = (
        0.40 * periodic_value_noise(size, 4, 4, SEED + 1)
        + 0.28 * periodic_value_noise(size, 8, 8, SEED + 2)
        + 0.18 * periodic_value_noise(size, 16, 16, SEED + 3)
        + 0.14 * periodic_value_noise(size, 48, 48, SEED + 4)
    )
    fibres = 0.6 * periodic_value_noise(size, 96, 24, SEED + 5) + 0.4 * periodic_value_noise(
        size, 32, 160, SEED + 6
    )
    iy, ix = np.mgrid[0:size, 0:size]
    grain = hash_noise(ix.astype(np.int64), iy.astype(np.int64), SEED + 7) * 2.0 - 1.0
    light = 1.0 + 0.07 * low + 0.035 * fibres + 0.045 * grain
    base = np.asarray((33.0, 106.0, 64.0))
    rgb = base * light[..., None]
    rgb[..., 1] += 3.0 * low  # a touch of hue drift in the mottling
    return np.rint(np.clip(rgb, 0, 255)).astype(np.uint8)


def render_vignette(size: int = 256) -> U8:
    cv = Canvas(size, size)
    r = np.hypot(cv.x / (size / 2) - 1.0, cv.y / (size / 2) - 1.0)
    cv.paint(np.ones_like(r), (0, 0, 0), 0.42 * smoothstep(0.45, 1.42, r))
    return cv.pixels((0, 0, 0))


# --------------------------------------------------------------------------
# Icons (64 design units)

Glyph = Callable[[F, F], F]
STROKE = 2.8  # half-width of icon strokes


def glyph_back(x: F, y: F) -> F:
    shaft = sd_segment(x, y, 48.0, 32.0, 17.0, 32.0, STROKE)
    head = np.minimum(
        sd_segment(x, y, 16.0, 32.0, 29.0, 19.0, STROKE),
        sd_segment(x, y, 16.0, 32.0, 29.0, 45.0, STROKE),
    )
    result: F = np.minimum(shaft, head)
    return result


def glyph_pass(x: F, y: F) -> F:
    d = np.full_like(x, 1e9)
    for ox in (14.0, 30.0):
        d = np.minimum(d, sd_segment(x, y, ox, 18.0, ox + 13.0, 32.0, STROKE))
        d = np.minimum(d, sd_segment(x, y, ox, 46.0, ox + 13.0, 32.0, STROKE))
    result: F = np.minimum(d, sd_segment(x, y, 50.0, 17.0, 50.0, 47.0, STROKE))
    return result


def glyph_refuse(x: F, y: F) -> F:
    ring = np.abs(sd_circle(x, y, 32.0, 32.0, 19.0)) - STROKE
    slash = sd_segment(x, y, 18.5, 18.5, 45.5, 45.5, STROKE)
    result: F = np.minimum(ring, slash)
    return result


def glyph_settings(x: F, y: F) -> F:
    dx, dy = x - 32.0, y - 32.0
    r = np.hypot(dx, dy)
    tooth = np.clip(np.cos(8.0 * np.arctan2(dy, dx)) * 2.4, -1.0, 1.0)
    outer = r - (19.5 + 4.5 * tooth)
    result: F = np.maximum(outer, -(r - 8.0))
    return result


def _speaker(x: F, y: F) -> F:
    pts = [(10.0, 25.0), (19.0, 25.0), (30.0, 15.0), (30.0, 49.0), (19.0, 39.0), (10.0, 39.0)]
    result: F = sd_polygon(x, y, pts) - 1.0
    return result


def glyph_sound_on(x: F, y: F) -> F:
    d = _speaker(x, y)
    for radius in (9.0, 17.5):
        d = np.minimum(d, sd_arc(x, y, 31.0, 32.0, radius, -0.85, 0.85, STROKE * 0.9))
    return d


def glyph_sound_off(x: F, y: F) -> F:
    cross = np.minimum(
        sd_segment(x, y, 38.0, 25.0, 52.0, 39.0, STROKE * 0.9),
        sd_segment(x, y, 38.0, 39.0, 52.0, 25.0, STROKE * 0.9),
    )
    result: F = np.minimum(_speaker(x, y), cross)
    return result


def glyph_rules(x: F, y: F) -> F:
    left = sd_polygon(x, y, [(8.0, 17.0), (30.0, 21.0), (30.0, 51.0), (8.0, 47.0)]) - 1.0
    right = sd_polygon(x, y, [(34.0, 21.0), (56.0, 17.0), (56.0, 47.0), (34.0, 51.0)]) - 1.0
    pages = np.minimum(left, right)
    lines = np.full_like(x, 1e9)
    for k in range(3):
        off = 28.0 + 7.0 * k
        lines = np.minimum(lines, sd_segment(x, y, 13.0, off - 3.0, 25.0, off - 0.8, 1.3))
        lines = np.minimum(lines, sd_segment(x, y, 39.0, off - 0.8, 51.0, off - 3.0, 1.3))
    result: F = np.maximum(pages, -lines)
    return result


def glyph_draw(x: F, y: F) -> F:
    tile = sd_round_box(x, y, 25.0, 30.0, 12.0, 21.0, 4.0)
    divider = sd_segment(x, y, 17.0, 30.0, 33.0, 30.0, 1.2)
    pips = np.minimum(sd_circle(x, y, 25.0, 19.5, 3.0), sd_circle(x, y, 25.0, 40.5, 3.0))
    body = np.maximum(tile, -np.minimum(divider, pips))
    body = np.maximum(body, -(sd_circle(x, y, 44.0, 44.0, 14.5)))
    badge = sd_circle(x, y, 44.0, 44.0, 11.0)
    plus = np.minimum(
        sd_segment(x, y, 38.5, 44.0, 49.5, 44.0, 1.9), sd_segment(x, y, 44.0, 38.5, 44.0, 49.5, 1.9)
    )
    result: F = np.minimum(body, np.maximum(badge, -plus))
    return result


GLYPHS: dict[str, Glyph] = {
    "draw": glyph_draw,
    "pass": glyph_pass,
    "refuse": glyph_refuse,
    "settings": glyph_settings,
    "sound_on": glyph_sound_on,
    "sound_off": glyph_sound_off,
    "rules": glyph_rules,
    "back": glyph_back,
}
APPROXIMATE_GLYPHS = {"settings"}


def render_icon(name: str) -> U8:
    cv = Canvas(ICON_SIZE, ICON_SIZE)
    glyph = GLYPHS[name]
    shadow = glyph(cv.x, cv.y - 1.6)
    cv.paint(np.ones_like(shadow), (0, 0, 0), 0.45 * (1.0 - smoothstep(-1.2, 2.6, shadow)))
    d = glyph(cv.x, cv.y)
    cov = coverage_approx(d) if name in APPROXIMATE_GLYPHS else coverage(d, 1.0)
    cv.paint(cov, (247, 241, 226))
    return cv.pixels((0, 0, 0))


# --------------------------------------------------------------------------
# App icon: the 4-3 matador on a felt rounded square (256 design units)


def render_app_icon(size: int) -> U8:
    cv = Canvas(size, size, 256.0 / size)
    px = cv.unit
    square = sd_round_box(cv.x, cv.y, 128.0, 128.0, 118.0, 118.0, 52.0)
    r = np.hypot(cv.x - 118.0, cv.y - 108.0) / 170.0
    cv.fill(square, mix((52, 142, 84), (18, 74, 44), np.clip(r, 0, 1)))
    cv.paint(coverage(np.abs(square + 4.0) - 1.5, px), (255, 255, 255), 0.13)
    cv.paint(coverage(np.abs(square + 0.8) - 0.8, px), (8, 38, 22), 0.7)
    place = Place(128.0, 128.0, math.pi / 2 - 0.23, 188.0)
    shadow_place = Place(134.0, 138.0, place.angle, place.length)
    slx, sly, _ = shadow_place.local(cv)
    shadow = tile_sd(slx, sly) * place.length / TILE_LENGTH
    cv.paint(
        np.ones_like(shadow), (0, 0, 0), 0.5 * (1.0 - smoothstep(-4.0, 12.0, shadow)) * (square < 0)
    )
    paint_tile_body(cv, place)
    lx, ly, tpx = place.local(cv)
    pip_scale = 1.3 if size <= 32 else 1.0
    paint_pips(cv, lx, ly, tpx, 4, -HALF / 2, pip_scale)
    paint_pips(cv, lx, ly, tpx, 3, HALF / 2, pip_scale)
    return cv.pixels((18, 74, 44))


# --------------------------------------------------------------------------
# Sounds


def t_axis(duration: float) -> F:
    result: F = np.arange(int(round(duration * RATE)), dtype=np.float64) / RATE
    return result


def biquad(x: F, kind: str, f0: float, q: float) -> F:
    """An RBJ biquad filter ("lp", "hp" or "bp"), run sample by sample."""
    w0 = 2 * math.pi * f0 / RATE
    alpha = math.sin(w0) / (2 * q)
    cw = math.cos(w0)
    if kind == "lp":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
    elif kind == "hp":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
    else:
        b = (alpha, 0.0, -alpha)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2 = b[0] / a0, b[1] / a0, b[2] / a0
    a1, a2 = a1 / a0, a2 / a0
    out = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, xi in enumerate(x.tolist()):
        yi = b0 * xi + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = yi
        x2, x1, y2, y1 = x1, xi, y1, yi
    return np.asarray(out, dtype=np.float64)


def modes(t: F, partials: Sequence[tuple[float, float, float]]) -> F:
    """Sum of decaying sines: (frequency, amplitude, decay time)."""
    out = np.zeros_like(t)
    for freq, amp, decay in partials:
        out += amp * np.sin(2 * math.pi * freq * t) * np.exp(-t / decay)
    return out


def taper(sig: F, seconds: float = 0.01) -> F:
    """``sig`` with its last ``seconds`` faded out, so a cut tail never clicks."""
    n = min(len(sig), int(seconds * RATE))
    out = sig.copy()
    out[len(sig) - n :] *= np.linspace(1.0, 0.0, n) ** 2
    return out


def mix_at(buf: F, sig: F, at: float, gain: float = 1.0) -> None:
    sig = taper(sig)
    start = int(round(at * RATE))
    end = min(len(buf), start + len(sig))
    buf[start:end] += gain * sig[: end - start]


def finish(sig: F, peak: float) -> F:
    sig = sig - float(np.mean(sig))
    fade_in = min(len(sig), int(0.0004 * RATE))
    fade_out = min(len(sig), int(0.012 * RATE))
    sig[:fade_in] *= np.linspace(0.0, 1.0, fade_in)
    sig[len(sig) - fade_out :] *= np.linspace(1.0, 0.0, fade_out) ** 2
    result: F = sig * (peak / float(np.max(np.abs(sig))))
    return result


def clack(duration: float, seed: int, pitch: float = 1.0) -> F:
    t = t_axis(duration)
    burst = noise_1d(len(t), seed) * np.exp(-t / 0.0011)
    hit = biquad(burst, "bp", 2600.0 * pitch, 0.8) * 1.4
    body = modes(
        t,
        [
            (655.0 * pitch, 1.0, 0.040),
            (1490.0 * pitch, 0.55, 0.026),
            (2410.0 * pitch, 0.32, 0.016),
            (3580.0 * pitch, 0.16, 0.009),
            (160.0, 0.25, 0.018),
        ],
    )
    result: F = hit + 0.55 * body
    return result


def sound_lay() -> F:
    return finish(clack(0.22, SEED + 11), 0.85)


def sound_crosswise() -> F:
    buf = np.zeros(int(0.75 * RATE))
    mix_at(buf, clack(0.22, SEED + 12, 1.06), 0.0)
    t = t_axis(0.7)
    ring = modes(
        t, [(1568.0, 0.55, 0.34), (2352.0, 0.26, 0.22), (3920.0, 0.12, 0.12), (6272.0, 0.05, 0.06)]
    )
    ring *= smoothstep(0.0, 0.004, t)
    mix_at(buf, ring, 0.006, 0.6)
    return finish(buf, 0.8)


def sound_draw() -> F:
    t = t_axis(0.34)
    grain = noise_1d(len(t), SEED + 21)
    slide = biquad(biquad(grain, "lp", 2200.0, 0.7), "bp", 1100.0, 0.6)
    wobble = 1.0 + 0.35 * np.sin(2 * math.pi * 23.0 * t + 1.3 * np.sin(2 * math.pi * 7.0 * t))
    env = smoothstep(0.0, 0.07, t) * (1.0 - smoothstep(0.18, 0.3, t))
    buf = slide * env * wobble
    tick = clack(0.06, SEED + 22, 1.25)
    mix_at(buf, tick, 0.27, 0.25 * float(np.max(np.abs(slide * env))) / float(np.max(np.abs(tick))))
    return finish(buf, 0.6)


def knock(seed: int) -> F:
    t = t_axis(0.16)
    thump = modes(t, [(205.0, 1.0, 0.05), (452.0, 0.4, 0.028), (1130.0, 0.16, 0.012)])
    tap = biquad(noise_1d(len(t), seed) * np.exp(-t / 0.002), "lp", 1600.0, 0.7)
    result: F = thump + 0.9 * tap
    return result


def sound_pass() -> F:
    buf = np.zeros(int(0.42 * RATE))
    mix_at(buf, knock(SEED + 31), 0.0)
    mix_at(buf, knock(SEED + 32), 0.17, 0.8)
    return finish(buf, 0.7)


def soft_tone(t: F, freq: float, harmonics: int = 6) -> F:
    out = np.zeros_like(t)
    for k in range(1, harmonics + 1):
        out += np.sin(2 * math.pi * freq * k * t) / k**2
    return out


def sound_refused() -> F:
    buf = np.zeros(int(0.4 * RATE))
    for at, freq, length in ((0.0, 165.0, 0.13), (0.15, 131.0, 0.22)):
        t = t_axis(length)
        env = smoothstep(0.0, 0.012, t) * (1.0 - smoothstep(length * 0.45, length, t))
        tone = soft_tone(t, freq) * env * (1.0 + 0.15 * np.sin(2 * math.pi * 30.0 * t))
        mix_at(buf, biquad(tone, "lp", 900.0, 0.7), at)
    t = t_axis(0.3)
    sweep = 2 * math.pi * (110.0 * t - 50.0 * t * t)
    mix_at(buf, np.sin(sweep) * np.exp(-t / 0.07) * 0.8, 0.0)
    return finish(buf, 0.5)


def bell(t: F, freq: float, decay: float) -> F:
    out = (
        np.sin(2 * math.pi * freq * t) * np.exp(-t / decay)
        + 0.25 * np.sin(2 * math.pi * freq * 2.0 * t) * np.exp(-t / (decay * 0.5))
        + 0.12 * np.sin(2 * math.pi * freq * 3.93 * t) * np.exp(-t / (decay * 0.15))
    )
    result: F = out * smoothstep(0.0, 0.003, t)
    return result


def sound_round_won() -> F:
    buf = np.zeros(int(1.25 * RATE))
    notes = ((523.25, 0.0), (659.25, 0.09), (783.99, 0.18), (1046.5, 0.28))
    for i, (freq, at) in enumerate(notes):
        t = t_axis(1.25 - at)
        mix_at(buf, bell(t, freq, 0.75 if i == 3 else 0.35), at, 1.0 if i == 3 else 0.8)
    return finish(buf, 0.75)


def brass_chord(t: F, freqs: Sequence[float], length: float) -> F:
    attack = smoothstep(0.0, 0.035, t)
    release = 1.0 - smoothstep(length - 0.09, length, t)
    bright = 0.35 + 0.65 * smoothstep(0.0, 0.08, t)
    vibrato = 1.0 + 0.003 * np.sin(2 * math.pi * 5.5 * t) * smoothstep(0.2, 0.6, t)
    out = np.zeros_like(t)
    for freq in freqs:
        phase = 2 * math.pi * freq * np.cumsum(vibrato) / RATE
        for k in range(1, 8):
            out += np.sin(k * phase) * (1.0 / k) * bright ** (k - 1)
    result: F = out * attack * release / len(freqs)
    return result


def sound_match_won() -> F:
    total = 2.7
    buf = np.zeros(int(total * RATE))
    chords = (
        (0.0, 0.3, (261.63, 329.63, 392.0, 523.25)),
        (0.33, 0.3, (349.23, 440.0, 523.25, 698.46)),
        (0.66, 0.38, (392.0, 493.88, 587.33, 783.99)),
        (1.08, 1.5, (261.63, 329.63, 392.0, 523.25, 659.25)),
    )
    for at, length, freqs in chords:
        t = t_axis(length)
        mix_at(buf, brass_chord(t, freqs, length), at)
    buf = biquad(buf, "lp", 3200.0, 0.7)
    for i, freq in enumerate((1046.5, 1318.5, 1568.0, 2093.0)):
        at = 1.12 + 0.08 * i
        mix_at(buf, bell(t_axis(total - at), freq, 0.5), at, 0.28)
    return finish(buf, 0.8)


def sound_button() -> F:
    t = t_axis(0.06)
    click = biquad(noise_1d(len(t), SEED + 41) * np.exp(-t / 0.0008), "bp", 4200.0, 1.0)
    blip = np.sin(2 * math.pi * 1850.0 * t) * np.exp(-t / 0.006)
    return finish(click * 1.5 + 0.6 * blip, 0.45)


SOUNDS: dict[str, Callable[[], F]] = {
    "lay": sound_lay,
    "draw": sound_draw,
    "pass": sound_pass,
    "refused": sound_refused,
    "crosswise": sound_crosswise,
    "round_won": sound_round_won,
    "match_won": sound_match_won,
    "button": sound_button,
}


# --------------------------------------------------------------------------


def sprite_files() -> dict[str, Callable[[], bytes]]:
    """File name -> a function producing its bytes."""
    files: dict[str, Callable[[], bytes]] = {
        "tile_body.png": lambda: png_bytes(render_body(False)),
        "tile_body_v.png": lambda: png_bytes(render_body(True)),
        "tile_back.png": lambda: png_bytes(render_back(False)),
        "tile_back_v.png": lambda: png_bytes(render_back(True)),
        "tile_ghost.png": lambda: png_bytes(render_ghost()),
        "tile_highlight.png": lambda: png_bytes(render_glow("highlight")),
        "tile_shadow.png": lambda: png_bytes(render_glow("shadow")),
        "felt.png": lambda: png_bytes(render_felt()),
        "vignette.png": lambda: png_bytes(render_vignette()),
    }
    for value in range(10):
        files[f"half_{value}.png"] = lambda value=value: png_bytes(render_half(value))  # type: ignore[misc]
    for name in ICON_NAMES:
        files[f"icon_{name}.png"] = lambda name=name: png_bytes(render_icon(name))  # type: ignore[misc]

    def app_pngs(sizes: Sequence[int]) -> dict[int, bytes]:
        return {size: png_bytes(render_app_icon(size)) for size in sizes}

    files["matador.png"] = lambda: png_bytes(render_app_icon(256))
    files["matador.ico"] = lambda: ico_bytes(list(app_pngs((16, 32, 48, 256)).items()))
    files["matador.icns"] = lambda: icns_bytes(
        [
            (code, png)
            for code, png in zip(
                (b"icp4", b"icp5", b"ic07", b"ic08", b"ic09"),
                app_pngs((16, 32, 128, 256, 512)).values(),
            )
        ]
    )
    return files


def expected_files() -> dict[str, list[str]]:
    """Every file the script writes, per directory."""
    return {
        "sprites": sorted(sprite_files()),
        "sounds": sorted(f"{name}.wav" for name in SOUND_NAMES),
    }


def build(out: Path) -> list[Path]:
    sprites = out / "sprites"
    sounds = out / "sounds"
    sprites.mkdir(parents=True, exist_ok=True)
    sounds.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, make in sprite_files().items():
        path = sprites / name
        path.write_bytes(make())
        written.append(path)
    for name in SOUND_NAMES:
        path = sounds / f"{name}.wav"
        wav_bytes_write(path, SOUNDS[name]())
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT, help="where sprites/ and sounds/ go")
    args = parser.parse_args(argv)
    written = build(args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files, {total / 1024:.0f} KiB, under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
