"""The accessibility settings every screen reads: text and table size, high-contrast
tiles, reduced motion (kept in ``game.profile.settings.Settings``, applied here).

``CURRENT`` holds what is in force; ``apply(settings)`` sets it (at start-up and
whenever the Settings screen changes one). Screens ask:

- ``text_factor(size)``: how much larger text (and the table's tiles) are drawn
  in a window of ``size``: the chosen 100/125/150% in full at 1280x800 and
  larger; a smaller window gets as much of it as its room allows (never less
  than 100%); times the window's pixels per point (``CURRENT.pixel_ratio``, 2
  on a Retina Mac: ``game/ui/shell/window.py``), sizes being counted in pixels;
- ``points(size)``: a size in pixels as points (what layouts that grow with the
  window compare with 1280x800);
- ``CURRENT.high_contrast``: black pips on white tiles with a dark outline, and
  stronger outlines round the places;
- ``CURRENT.reduce_motion``: no glides and no eased scaling; changes are instant.

Colours that tell states apart are chosen from a colour-blind safe palette
(Okabe and Ito's) and never stand alone: see ``game.ui.drawing.cues``.
"""

from __future__ import annotations

from dataclasses import dataclass

FULL_SIZE = (1280, 800)  # the size from which the chosen text size applies in full


@dataclass
class Access:
    text_scale: int = 100  # percent
    high_contrast: bool = False
    reduce_motion: bool = False
    pixel_ratio: float = 1.0  # the window's pixels per point (not a setting: the App sets it)


CURRENT = Access()


def apply(settings: object) -> bool:
    """Follow ``settings`` (a ``Settings``); True if anything changed."""
    before = (CURRENT.text_scale, CURRENT.high_contrast, CURRENT.reduce_motion)
    scale = getattr(settings, "text_scale", 100)
    CURRENT.text_scale = scale if isinstance(scale, int) and 100 <= scale <= 150 else 100
    CURRENT.high_contrast = getattr(settings, "high_contrast", False) is True
    CURRENT.reduce_motion = getattr(settings, "reduce_motion", False) is True
    return before != (CURRENT.text_scale, CURRENT.high_contrast, CURRENT.reduce_motion)


def reset() -> None:
    """Back to the defaults (tests)."""
    apply(None)


def set_pixel_ratio(ratio: float) -> None:
    """The window now has ``ratio`` pixels per point (``game.ui.shell.app.App`` says so)."""
    CURRENT.pixel_ratio = ratio if ratio >= 1.0 else 1.0


def points(size: tuple[int, int]) -> tuple[float, float]:
    """``size`` in pixels, counted in points."""
    ratio = CURRENT.pixel_ratio
    return (size[0] / ratio, size[1] / ratio) if ratio != 1.0 else (size[0], size[1])


def table_factor() -> float:
    """How much larger the tiles on the felt may be drawn (the chosen size; the
    layout still shrinks them when a long game needs the room)."""
    return max(1.0, CURRENT.text_scale / 100) * CURRENT.pixel_ratio


def text_factor(size: tuple[int, int]) -> float:
    """How much larger text is drawn in a window of ``size`` (1.0 .. 1.5)."""
    return _chosen_factor(points(size)) * CURRENT.pixel_ratio


def text_choice(size: tuple[int, int]) -> float:
    """``text_factor`` without the pixels per point: the text size setting's part
    alone (layouts that grow the words but not the spaces between divide by it)."""
    return _chosen_factor(points(size))


def _chosen_factor(size: tuple[float, float]) -> float:
    chosen = CURRENT.text_scale / 100
    if chosen <= 1.0:
        return 1.0
    room = min(size[0] / FULL_SIZE[0], size[1] / FULL_SIZE[1])
    if room >= 1.0:
        return chosen
    return max(1.0, round(chosen * room * 20) / 20)  # in steps of 5%
