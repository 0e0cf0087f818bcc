"""Every text field takes whatever a keyboard, an input method or a paste sends
(game/ui/drawing/text_fields.py): controls, bidirectional marks and overrides, zero-width
characters, a combining mark alone, emoji, letters of any script. Nothing raises;
what cannot be shown is left out, and a line under the field says so."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ui.drawing.glyphs import drawable
from game.ui.drawing.text_fields import LEFT_OUT

from tests.ui.conftest import mouse_down, mouse_up

SCREENS: dict[str, Callable[[Any], None]] = {
    "new game": lambda app: app.routes.open_new_game(),
    "host": lambda app: app.routes.open_host(),
    "join": lambda app: app.routes.open_join(),
}
ODD = [
    "\u202e", "\u202b\u202c", "\u200f", "\u200e", "\u2066x\u2069", "\u200b", "\ufeff", "\u0301", "\u0301\u0301",
    "\u200d", "\u200c", "\ufe0f", "\x00", "\x1b", "\n", "\t", "\x7f", "\u0085", "\u2028", "😀", "👍🏽", "👨\u200d👩\u200d👧",
    "שלום", "سلام", "क्ष", "Ὀδυσσεύς", "王小明", "\ue000", "\U000e0041", "\uffff", "a\u202eb",
]
TYPED = st.one_of(st.sampled_from(ODD), st.text(st.characters(exclude_categories=("Cs",)), max_size=8))
EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("type"), TYPED),
        st.tuples(st.just("compose"), TYPED),
        st.tuples(st.just("paste"), st.text(st.characters(exclude_categories=("Cs",)), max_size=30) | st.sampled_from(ODD)),
        st.tuples(st.just("key"), st.sampled_from([pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_HOME, pygame.K_END, pygame.K_DELETE])),
    ),
    min_size=1,
    max_size=6,
)


def _fields(scene: Any) -> list[Any]:
    return [entry for entry in scene.entries.values() if entry.visible]


def _event(kind: str, value: Any) -> pygame.event.Event:
    if kind == "type":
        return pygame.event.Event(pygame.TEXTINPUT, text=value)
    if kind == "compose":
        return pygame.event.Event(pygame.TEXTEDITING, text=value, start=0, length=len(value))
    if kind == "paste":
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v", scancode=0)
    return pygame.event.Event(pygame.KEYDOWN, key=value, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_field_takes_anything_typed_or_pasted(make_app: Any, screen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame_gui.elements.ui_text_entry_line as entry_line

    app = make_app((1280, 800))
    SCREENS[screen](app)
    app.step([], 0.016)
    scene = app.top
    fields = _fields(scene)
    assert fields, f"{screen} shows no text field"
    clipboard = {"text": ""}
    monkeypatch.setattr(entry_line, "clipboard_paste", lambda: clipboard["text"])

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(field=st.sampled_from(range(len(fields))), events=EVENTS)
    def check(field: int, events: list[tuple[str, Any]]) -> None:
        entry = _fields(scene)[field]
        centre = pygame.Rect(entry.rect).center
        app.step([mouse_down(centre), mouse_up(centre)], 0.016)
        assert entry.is_focused
        entry.set_text("")
        scene.typing.clear()
        refused = False
        for kind, value in events:
            if kind == "paste":
                clipboard["text"] = value
            odd = kind in ("type", "paste") and any(not drawable(c) for c in value)
            if kind == "paste" and entry.length_limit is not None and len(entry.get_text()) + len(value) > entry.length_limit:
                odd = False  # too long: pygame_gui pastes none of it
            refused = refused or odd
            app.step([_event(kind, value)], 0.016)
            text = entry.get_text()
            assert all(drawable(c) for c in text), f"{text!r} kept something that cannot be shown"
        if refused:
            assert scene.typing.showing, "what was left out was not said"
        app.step([], 0.016)

    check()


def test_what_is_left_out_is_said_under_the_field(make_app: Any) -> None:
    app = make_app((1024, 768))
    app.routes.open_join()
    app.step([], 0.016)
    scene = app.top
    entry = scene.entries["code"]
    centre = pygame.Rect(entry.rect).center
    app.step([mouse_down(centre), mouse_up(centre)], 0.016)
    before = app.surface.copy()
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="\u202e")], 0.016)  # raised "Text has zero width"
    assert entry.get_text() == ""
    assert scene.typing.showing and scene.typing.dropped == "\u202e"
    below = pygame.Rect(entry.rect.left, entry.rect.bottom, entry.rect.width, entry.rect.height)
    assert pygame.image.tobytes(app.surface.subsurface(below), "RGB") != pygame.image.tobytes(before.subsurface(below), "RGB")
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="K7QX")], 0.016)
    assert entry.get_text() == "K7QX"
    for _ in range(300):  # the line goes after a few seconds
        app.step([], 0.05)
        if not scene.typing.showing:
            break
    assert not scene.typing.showing
    assert LEFT_OUT


def test_a_name_in_any_shipped_script_is_kept_whole(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.routes.open_new_game()
    app.step([], 0.016)
    scene = app.top
    entry = _fields(scene)[0]
    centre = pygame.Rect(entry.rect).center
    app.step([mouse_down(centre), mouse_up(centre)], 0.016)
    for name in ("שרה", "ليلى", "Наташа", "प्रिया", "Bo 😀"):
        entry.set_text("")
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=name)], 0.016)
        assert entry.get_text() == name
        assert not scene.typing.showing
    assert isinstance(entry, pygame_gui.elements.UITextEntryLine)


def test_a_paste_over_a_selection_the_text_no_longer_shows(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Select all, the form sets the text anew, Ctrl+V: pygame_gui raised IndexError."""
    import pygame_gui.elements.ui_text_entry_line as entry_line

    monkeypatch.setattr(entry_line, "clipboard_paste", lambda: "Bo")
    app = make_app((1280, 800))
    app.routes.open_join()
    app.step([], 0.016)
    entry = app.top.entries["name"]
    centre = pygame.Rect(entry.rect).center
    app.step([mouse_down(centre), mouse_up(centre)], 0.016)
    entry.set_text("Ann Smith")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a", scancode=0)], 0.016)
    assert entry.select_range == [0, 9]
    entry.set_text("Cy")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v", scancode=0)], 0.016)
    assert entry.get_text() == "CyBo"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a", scancode=0)], 0.016)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v", scancode=0)], 0.016)
    assert entry.get_text() == "Bo"  # a selection still shown is replaced, as before
