"""Check a scene's layout: widgets that overlap, leave the window, or clip their text.

``layout_problems(scene)`` looks at the pygame_gui elements of a ``GuiScene``
that is attached to an ``App`` and returns one line per problem (an empty list
when the layout is clean):

- two visible sibling widgets (in the same container) that overlap;
- a widget outside the window, or outside the container that holds it (lists
  and scrolling areas clip their rows on purpose and are not checked inside);
- a button or label whose text, measured with the element's own font, is wider
  or taller than the room inside its border, shadow, rounded corners and
  padding (a label's whole line must fit its rect, as pygame_gui asks before it
  warns "Label Rect is too small for text").

Content in a scrolling column (``game.ui.drawing.scroll.ScrollColumn``: a view that
clips a taller content container) may lie beyond the window: it is checked
against its content instead (overlaps, sticking out of its column), and a scene
that names its columns (``scroll_columns()``) has every widget in them scrolled
into view in turn: it must then lie whole in the view and the window, and a
click on it must reach it.

A scene may also declare text it draws itself: ``drawn_text`` (an attribute or
a method) giving ``(text, rect, area)`` triples, the rect the text takes and the
area it must stay in. Such text must lie inside its area and the window, and
must not run under a widget.

What a scene draws is watched too: ``with TextWatch(size) as watch:`` around
building and drawing a scene records every line rendered with the game's fonts
and every warning pygame_gui gives; ``watch.problems(scene)`` then names text
drawn smaller than the chosen text size allows (``game.ui.drawing.text.least_points``),
declared drawn text cut short with "…", and pygame_gui's warnings (a label too
small for its text).
"""

from __future__ import annotations

import warnings
from types import TracebackType
from typing import Any, Iterable, Sequence

import pygame

DrawnText = tuple[str, pygame.Rect, pygame.Rect]

# elements whose insides clip or scroll their own rows
_SCROLLING = ("UISelectionList", "UIScrollingContainer", "UITextBox", "UIDropDownMenu", "UITextEntryBox")


def layout_problems(scene: Any) -> list[str]:
    """Every layout problem of ``scene`` at its current size, as sentences."""
    problems: list[str] = []
    gui = getattr(scene, "gui", None)
    app = getattr(scene, "app", None)
    if app is not None:
        window = pygame.Rect((0, 0), app.size)
    else:
        window = pygame.Rect((0, 0), scene.size)
    elements: list[Any] = []
    if gui is not None:
        elements = [e for e in gui.get_sprite_group().sprites() if _visible(e)]
        problems += _outside(elements, window, gui)
        problems += _overlaps(elements, gui)
        problems += _clipped_text(elements)
    problems += _drawn_text_problems(_drawn_text(scene), window, elements, gui)
    if gui is not None:
        problems += reach_problems(scene, window)
    return problems


def _ids(element: Any) -> list[str]:
    return list(getattr(element, "object_ids", None) or [])


def _scroll_content(element: Any, gui: Any) -> Any | None:
    """The scrolling column's content container ``element`` lies in, if any."""
    from game.ui.drawing.scroll import CONTENT_ID

    return next((a for a in _ancestors(element, gui) if CONTENT_ID in _ids(a)), None)


def reach_problems(scene: Any, window: pygame.Rect) -> list[str]:
    """Every widget of the scene's scrolling columns, scrolled into view: whole in
    the view and the window, and under the pointer at its centre (the column is
    left as it was)."""
    problems: list[str] = []
    columns = getattr(scene, "scroll_columns", None)
    gui = scene.gui
    for column in columns() if callable(columns) else []:
        content = column.content
        if content is None:
            continue
        kept = column.offset
        inside = [
            e for e in gui.get_sprite_group().sprites()
            if _visible(e) and not _is_container(e) and any(a is content for a in _ancestors(e, gui))
        ]
        for element in inside:
            rect = pygame.Rect(element.get_relative_rect())
            node = element.ui_container
            while node is not None and node is not content:  # nested: into the content's coordinates
                rect.move_ip(node.get_relative_rect().topleft)
                node = getattr(node, "ui_container", None)
            column.reveal(rect, 0)
            seen = pygame.Rect(element.get_abs_rect())
            if not (column.view.contains(seen) and window.contains(seen)):
                problems.append(f"{_name(element)} at {tuple(seen)} cannot be scrolled into view {tuple(column.view)}")
            elif hasattr(element, "hover_point") and not element.hover_point(*seen.center):
                problems.append(f"{_name(element)} at {tuple(seen)} is not under the pointer at its centre")
        column.scroll_to(kept)
    return problems


# -- helpers -------------------------------------------------------------------


def _name(element: Any) -> str:
    text = getattr(element, "text", None)
    ident = getattr(element, "most_specific_combined_id", type(element).__name__)
    if isinstance(text, str) and text:
        return f"{type(element).__name__} {text!r} ({ident})"
    return f"{type(element).__name__} ({ident})"


def _is_container(element: Any) -> bool:
    import pygame_gui

    return isinstance(element, pygame_gui.core.UIContainer)


def _visible(element: Any) -> bool:
    """Shown, and every container around it shown too."""
    seen = 0
    node = element
    while node is not None and seen < 50:
        if not getattr(node, "visible", True):
            return False
        container = node.ui_container if hasattr(node, "ui_container") else None
        if container is None or container is node:
            break
        node = container
        seen += 1
    return True


def _ancestors(element: Any, gui: Any) -> list[Any]:
    """The containers (and the elements owning them) around ``element``, inside out."""
    root = gui.get_root_container()
    found: list[Any] = []
    node = element
    for _ in range(50):
        container = getattr(node, "ui_container", None)
        if container is None or container is root or container is node:
            break
        found.append(container)
        owner = getattr(container, "parent_element", None)
        if owner is not None:
            found.append(owner)
        node = container
    return found


def _in_scrolling(element: Any, gui: Any) -> bool:
    return any(type(a).__name__ in _SCROLLING for a in _ancestors(element, gui))


def _owned_by(element: Any, other: Any) -> bool:
    """``element`` is part of ``other`` (its container, or inside it)."""
    node = element
    for _ in range(50):
        parent = getattr(node, "parent_element", None)
        if parent is None:
            container = getattr(node, "ui_container", None)
            if container is None or container is node:
                return False
            parent = container
        if parent is other:
            return True
        node = parent
    return False


def _outside(elements: Sequence[Any], window: pygame.Rect, gui: Any) -> list[str]:
    problems = []
    root = gui.get_root_container()
    from game.ui.drawing.scroll import CONTENT_ID

    for element in elements:
        if _is_container(element) and element is root:
            continue
        rect = pygame.Rect(element.get_abs_rect())
        if rect.width <= 0 or rect.height <= 0:
            continue
        if CONTENT_ID in _ids(element):  # moved up and down in its view: only its width must fit
            view = pygame.Rect(element.ui_container.get_abs_rect())
            if rect.left < view.left or rect.right > view.right:
                problems.append(f"{_name(element)} at {tuple(rect)} is wider than its view {tuple(view)}")
            continue
        scrolled = _scroll_content(element, gui)
        if scrolled is not None:  # checked against the whole column, not the window
            area = pygame.Rect(element.ui_container.get_abs_rect())
            if not area.contains(rect):
                problems.append(f"{_name(element)} at {tuple(rect)} sticks out of its column {tuple(area)}")
            continue
        if not window.contains(rect):
            problems.append(f"{_name(element)} at {tuple(rect)} lies outside the window {window.size}")
            continue
        container = element.ui_container
        if container is None or container is root or _in_scrolling(element, gui):
            continue
        area = pygame.Rect(container.get_abs_rect())
        if not area.contains(rect):
            problems.append(f"{_name(element)} at {tuple(rect)} sticks out of its container {tuple(area)}")
    return problems


def _overlaps(elements: Sequence[Any], gui: Any) -> list[str]:
    problems = []
    by_container: dict[int, list[Any]] = {}
    for element in elements:
        if _is_container(element):
            continue  # a container draws nothing; what it holds is checked
        container = element.ui_container
        if container is not None and _in_scrolling(element, gui):
            continue
        by_container.setdefault(id(container), []).append(element)
    for group in by_container.values():
        for i, first in enumerate(group):
            a = pygame.Rect(first.get_abs_rect())
            for second in group[i + 1 :]:
                if _owned_by(first, second) or _owned_by(second, first):
                    continue
                b = pygame.Rect(second.get_abs_rect())
                overlap = a.clip(b)
                if overlap.width > 0 and overlap.height > 0:
                    problems.append(f"{_name(first)} {tuple(a)} overlaps {_name(second)} {tuple(b)}")
    return problems


def _border(element: Any) -> tuple[int, int]:
    """Horizontal and vertical room taken by the border (left+right, top+bottom)."""
    border = getattr(element, "border_width", 0) or 0
    if isinstance(border, dict):
        return int(border.get("left", 0)) + int(border.get("right", 0)), int(border.get("top", 0)) + int(
            border.get("bottom", 0)
        )
    return 2 * int(border), 2 * int(border)


def _clipped_text(elements: Iterable[Any]) -> list[str]:
    problems = []
    for element in elements:
        font = getattr(element, "font", None)
        text = getattr(element, "text", None)
        if font is None or not isinstance(text, str) or not text.strip():
            continue
        if type(element).__name__ not in ("UIButton", "UILabel") and not hasattr(element, "drawable_shape"):
            continue
        kwargs = getattr(element, "text_kwargs", None) or {}
        try:
            from pygame_gui.core.utility import translate

            shown = translate(text, **kwargs)
        except Exception:
            shown = text
        width, height = font.size(shown)
        rect = element.get_abs_rect()
        corners = 0
        if type(element).__name__ == "UILabel":
            shadow, border_x, border_y = 0, 0, 0  # a label draws neither border nor shadow
            if not (getattr(element, "dynamic_width", False) or getattr(element, "dynamic_height", False)):
                line_w, line_h = font.size(shown)  # pygame_gui's own test before its warning
                if line_h > rect.height and line_w <= rect.width:
                    problems.append(f"{_name(element)}: its line {line_h} px tall, the label {rect.height}")
        else:
            shadow = int(getattr(element, "shadow_width", 0) or 0)
            border_x, border_y = _border(element)
            shape = getattr(element, "drawable_shape", None)  # a rounded shape keeps its text off the corners
            offsets = getattr(shape, "rounded_corner_width_offsets", None) or (0, 0)
            corners = int(offsets[0]) + int(offsets[1])
        # the padding only applies to text aligned to an edge, not centred text
        pad_x = int(getattr(element, "text_horiz_alignment_padding", 0) or 0)
        pad_y = int(getattr(element, "text_vert_alignment_padding", 0) or 0)
        if getattr(element, "text_horiz_alignment", "center") in ("center", "centre"):
            pad_x = 0
        if getattr(element, "text_vert_alignment", "center") in ("center", "centre"):
            pad_y = 0
        room_w = rect.width - 2 * shadow - border_x - corners - 2 * pad_x
        room_h = rect.height - 2 * shadow - border_y - 2 * pad_y
        if width > room_w + (2 if corners else 0):  # (a letter's side bearing may pass a rounded corner's inset)
            problems.append(f"{_name(element)}: text {width} px wide, room for {room_w}")
        top, bottom = _ink(font, shown, height)
        offset = (room_h - height) / 2  # the line is centred in the room
        if offset + top < -1 or offset + bottom > room_h + 1:
            problems.append(f"{_name(element)}: text {bottom - top} px tall, room for {room_h}")
    return problems


def _ink(font: Any, text: str, height: int) -> tuple[int, int]:
    """Where the glyphs' ink starts and ends down a rendered line ``height`` tall
    (a line has room above and below its letters; only the letters must fit)."""
    try:
        ascent = int(font.get_rect(text).y)
        metrics = [m for m in font.get_metrics(text) if m is not None]
        if not metrics or not 0 < ascent <= height:
            return 0, height
        return ascent - max(m[3] for m in metrics), ascent - min(m[2] for m in metrics)
    except Exception:
        return 0, height


def _drawn_text(scene: Any) -> list[DrawnText]:
    declared = getattr(scene, "drawn_text", None)
    if callable(declared):
        declared = declared()
    return list(declared or [])


def _drawn_text_problems(
    texts: Sequence[DrawnText], window: pygame.Rect, elements: Sequence[Any], gui: Any
) -> list[str]:
    problems = []
    widgets = []
    if gui is not None:
        root = gui.get_root_container()
        widgets = [e for e in elements if not _is_container(e) and e.ui_container is root]
    for text, rect, area in texts:
        rect = pygame.Rect(rect)
        if not pygame.Rect(area).contains(rect):
            problems.append(f"drawn text {text!r} at {tuple(rect)} is clipped by its area {tuple(area)}")
        elif not window.contains(rect):
            problems.append(f"drawn text {text!r} at {tuple(rect)} lies outside the window {window.size}")
        for widget in widgets:
            other = pygame.Rect(widget.get_abs_rect())
            overlap = rect.clip(other)
            if overlap.width > 0 and overlap.height > 0:
                problems.append(f"drawn text {text!r} at {tuple(rect)} runs under {_name(widget)}")
    return problems


# -- what is drawn -------------------------------------------------------------------


class TextWatch:
    """Every line the game's fonts render, and every warning pygame_gui gives,
    while it is entered (around building and drawing a scene in a window of
    ``size``): ``problems(scene)`` says what of it cannot be read."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.lines: list[tuple[str, int]] = []  # (text, points)
        self.warnings: list[str] = []
        self._render: Any = None
        self._caught: Any = None
        self._heard: list[warnings.WarningMessage] | None = None

    def __enter__(self) -> "TextWatch":
        from game.ui.drawing.script_font import ScriptFont

        self._render = ScriptFont.render
        watch, render = self, self._render

        def recording(font: ScriptFont, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            if isinstance(text, str):
                watch.lines.append((text, int(font.points)))
            return render(font, text, *args, **kwargs)  # type: ignore[no-any-return]

        ScriptFont.render = recording  # type: ignore[method-assign, assignment]
        self._caught = warnings.catch_warnings(record=True)
        self._heard = self._caught.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        from game.ui.drawing.script_font import ScriptFont

        ScriptFont.render = self._render  # type: ignore[method-assign]
        heard = self._heard or []
        self._caught.__exit__(kind, error, trace)
        self.warnings += [str(w.message) for w in heard if "pygame_gui" in str(w.filename)]

    def problems(self, scene: Any = None) -> list[str]:
        from game.ui.drawing.text import least_points

        least = least_points(self.size)
        found: list[str] = []
        small = sorted({(points, text) for text, points in self.lines if points < least and any(c.isalnum() for c in text)})
        found += [f"text {text!r} drawn at {points} px, less than the {least} px the text size allows" for points, text in small]
        found += [f"pygame_gui: {said}" for said in dict.fromkeys(self.warnings)]
        if scene is not None:
            declared = {text for text, _rect, _area in _drawn_text(scene)}
            for shown in dict.fromkeys(text for text, _points in self.lines):
                stem = shown[:-1].rstrip()
                if shown.endswith("…") and stem and any(d != shown and d.startswith(stem) for d in declared):
                    whole = next(d for d in declared if d != shown and d.startswith(stem))
                    found.append(f"drawn text {whole!r} cut short to {shown!r}")
        return found
