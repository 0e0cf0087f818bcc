"""Passing the screen: no frame ever shows a hand face up to anyone but its owner."""

from __future__ import annotations

from typing import Any

from game.engine import PlayerInfo
from game.engine.tiles import halves
from game.ui.table import HandPart, HandoffScene
from game.ui.table import TableScene
from game.ui.table import slot_of, targets_for
from game.ui.table import RoundEndScene


class FaceSpy:
    """Stands in for the tile art while the hand is drawn: notes every face."""

    def __init__(self, art: Any, faces: list[tuple[int, int]]):
        self._art = art
        self._faces = faces

    def __getattr__(self, name: str) -> Any:
        return getattr(self._art, name)

    def face(self, a: int, b: int, length: int, vertical: bool = False) -> Any:
        self._faces.append((a, b))
        return self._art.face(a, b, length, vertical)


def watch(app: Any, table: TableScene, checks: list[str] | None = None) -> list[tuple[str | None, list[tuple[int, int]]]]:
    """Per frame: the top scene's kind and the hand faces the table drew in it.

    With ``checks``, every frame is checked as it is drawn: faces may only be
    those of the person who lifted the last cover (``holder[0]``)."""
    frames: list[tuple[str | None, list[tuple[int, int]]]] = []
    renderer = table.renderer
    assert renderer is not None
    part = next(p for p in table.parts if isinstance(p, HandPart))
    original_hand = part.draw

    def hand(surface: Any, snap: Any, live: Any) -> None:
        faces: list[tuple[int, int]] = []
        art = renderer.art
        renderer.art = FaceSpy(art, faces)  # type: ignore[assignment]
        try:
            original_hand(surface, snap, live)
        finally:
            renderer.art = art
        frames[-1][1].extend(faces)
        if checks is not None and faces:
            seat = HOLDER[0]
            owner = set() if seat is None else {halves(t) for t in table.model.state.hand(seat)}
            if seat is None or not set(faces) <= owner:
                checks.append(f"frame {len(frames)}: faces {faces} drawn, person at the screen {seat}")

    part.draw = hand  # type: ignore[method-assign]
    original_draw = app.draw

    def draw(surface: Any) -> None:
        frames.append((type(app.top).__name__, []))
        original_draw(surface)

    app.draw = draw
    return frames


HOLDER: list[int | None] = [None]


def hand_faces(table: TableScene, seat: int) -> set[tuple[int, int]]:
    return {halves(t) for t in table.model.state.hand(seat)}


def test_no_face_up_hand_but_the_one_at_the_screen(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    seats = [PlayerInfo("Ann"), PlayerInfo("Bob"), PlayerInfo("Cpu", "computer", "random")]
    table = ui.new_table(app, "matador", seats, seed=5)
    problems: list[str] = []
    frames = watch(app, table, problems)
    HOLDER[0] = None  # who lifted the last cover
    covers = rounds = 0
    for _ in range(4000):
        top = app.top
        if isinstance(top, HandoffScene):
            covers += 1
            seat = [p.name for p in table.model.match.players].index(top.name)
            # the cover hides everything: the table drew nothing under it
            ui.settle(app, 6, 0.05)
            assert all(kind == "HandoffScene" and not faces for kind, faces in frames[-6:])
            HOLDER[0] = seat
            ui.click(app, (400, 300))
        elif isinstance(top, RoundEndScene):
            rounds += 1
            if rounds == 2 or table.model.match.over:
                break
            ui.click(app, top.buttons["next"].rect.center)
            mark = len(frames)
            ui.settle(app, 3, 0.016)
            # a new deal: nobody's new hand shows before the next cover is lifted
            assert not any(faces for _, faces in frames[mark:])
            HOLDER[0] = None
        elif top is table and table.can_act():
            lays = [a for a in table.model.legal if a.kind == "lay"]
            if lays and lays[0].tile is not None:
                slot = slot_of(targets_for(lays[0].tile, table.model.legal)[0].variant(0), table.board.layout)
                rect = table.board.hand_rect(lays[0].tile)
                assert slot is not None and rect is not None
                ui.drag(app, rect.center, slot.rect.center)
            else:
                ui.click(app, table.board.regions.boneyard.center)
                app.step([], 0.016)
                for name in ("pass", "refuse"):
                    if table.toolbar.turn[name].visible:
                        ui.click(app, table.toolbar.turn[name].rect.center)
        else:
            app.step([], 0.05)
        assert not problems, problems[:3]
    assert covers >= 2 and rounds >= 1


def test_the_frame_before_the_cover_shows_no_other_hand(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = ui.new_table(app, "matador", [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=2)
    frames = watch(app, table)
    ui.settle(app, 3)
    assert isinstance(app.top, HandoffScene)  # the first turn is handed over too
    first = app.top.name
    # nothing of any hand before the very first cover
    assert not any(faces for _, faces in frames[:-1] if _ != "HandoffScene")
    ui.settle(app, 6)
    ui.click(app, (10, 10))
    assert app.top is table
    seat = table.model.viewer
    assert seat is not None and table.model.names[seat] == first
    ui.settle(app, 1)
    assert set(frames[-1][1]) == hand_faces(table, seat)  # now the owner sees it
    # one move: from then until the next cover, only the mover's tiles (face down now)
    lays = [a for a in table.model.legal if a.kind == "lay"]
    mark = len(frames)
    if lays and lays[0].tile is not None:
        slot = slot_of(targets_for(lays[0].tile, table.model.legal)[0].variant(0), table.board.layout)
        rect = table.board.hand_rect(lays[0].tile)
        assert slot is not None and rect is not None
        ui.drag(app, rect.center, slot.rect.center)
    else:
        table.controls.request(table.model.legal[0])
    for _ in range(40):
        if isinstance(app.top, HandoffScene):
            break
        app.step([], 0.05)
    assert isinstance(app.top, HandoffScene) and app.top.name != first
    other = 1 - seat
    theirs = hand_faces(table, other)
    for kind, faces in frames[mark:]:
        assert not (set(faces) & theirs - hand_faces(table, seat)), kind
    # the frame just before the cover: the table with no face-up hand at all
    before = [f for f in frames[mark:] if f[0] != "HandoffScene"]
    assert before and not before[-1][1]


def test_the_cover_ignores_a_stray_click_and_lifts_on_any_key(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = ui.new_table(app, "matador", [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=2)
    ui.settle(app, 2, 0.016)
    cover = app.top
    assert isinstance(cover, HandoffScene)
    ui.click(app, (10, 10))  # at once: too soon
    assert app.top is cover
    app.step([ui.mouse_up((10, 10))], 0.3)  # a release without a press on the cover
    assert app.top is cover
    app.step([ui.key(ord("x"))], 0.016)
    assert app.top is table and table.model.viewer is not None


def test_esc_on_the_cover_opens_the_menu_never_the_hand(make_app: Any, ui: Any) -> None:
    from game.ui.scenes.pause import PauseScene

    app = make_app((800, 600))
    frames = []
    table = ui.new_table(app, "matador", [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=2, on_pause=app.routes.pause)
    ui.settle(app, 2, 0.016)
    cover = app.top
    assert isinstance(cover, HandoffScene)
    frames = watch(app, table)
    app.step([ui.key(27)], 0.3)  # Esc, after the guard time too
    assert isinstance(app.top, PauseScene) and table.model.viewer is None
    app.step([ui.key(27)], 0.016)  # Esc again: the menu closes, the cover is still up
    assert app.top is cover and table.model.viewer is None
    assert all(not faces for _, faces in frames)  # no hand was drawn face up meanwhile
