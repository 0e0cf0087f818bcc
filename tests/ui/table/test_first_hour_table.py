"""The table at a glance (issue 22), through the real table scene: name tags and
"needs" labels never on pips or on each other, labels inside their dashed
places or wholly beside them, the refusal banner in whole words, the middle lit
for a lead, "2 kept" explained, the summary only over a table at rest, an
opaque final-scores panel, the moves panel read from the top with its words
beside their tiles, and a side panel under a quarter of an 800x600 window."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame
import pytest
from pygame import Rect

from game.engine import Match, PlayerInfo, Rules
from game.ui.drawing import access
from game.ui.table import LogLine, MessagePart, MovesContent, RoundEndScene, Shift, TableScene, dashed_place
from game.play.thinker import Thinker


def table_at(app: Any, ui: Any, base: str, players: int, moves: int, seed: int) -> TableScene:
    """A table where everybody has laid tiles by seeded random moves (news tags show)."""
    table: TableScene = ui.laid_table(app, base, players, moves, seed)
    return table


@pytest.mark.parametrize("scale", [100, 125, 150])
def test_name_tags_and_labels_never_cover_tiles_places_or_each_other(make_app: Any, ui: Any, scale: int) -> None:
    access.CURRENT.text_scale = scale  # at every text and table size
    checked = 0
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        app = make_app(size)
        for base, players, moves, seed in (("matador", 3, 9, 6), ("leyden", 2, 12, 1), ("leyden", 2, 8, 2), ("matador", 4, 14, 7), ("family", 6, 14, 3)):
            table = table_at(app, ui, base, players, moves, seed)
            assert table.renderer is not None
            layout = table.board.layout
            tiles = [t.rect for t in layout.tiles]
            tags, labels = table.renderer.marks(table.snapshot, set())
            tag_boxes = [Rect(pos, t.get_size()) for _, t, pos in tags]
            label_boxes = [Rect(pos, image.get_size()) for image, pos in labels]
            assert len(label_boxes) == len(table.board.open_ends)
            regions = table.board.regions
            room = Rect(regions.felt.left, regions.layout_area.top, regions.felt.width, regions.felt.bottom - regions.layout_area.top)
            for box in tag_boxes + label_boxes:
                assert room.contains(box), (base, size, box, room)  # on the felt, never over its header line
            for i, box in enumerate(tag_boxes):
                assert box.collidelist(tiles) < 0, (base, size, box)  # never over a tile's pips
                assert box.collidelist(list(layout.labels.values())) < 0  # nor over a place
                assert box.collidelist(tag_boxes[:i]) < 0
                checked += 1
            for end, box in zip(table.board.open_ends, label_boxes):
                assert box.collidelist(tiles) < 0 and box.collidelist(tag_boxes) < 0, (base, size, box)
                place = dashed_place(layout, end.arm)
                assert place is not None
                # inside its dashed place, or wholly off it: never spilling over its edge
                assert place.rect.contains(box) or not place.rect.colliderect(box), (base, size, end, box, place.rect)
            assert any(place_box for place_box in label_boxes) or not table.board.open_ends
            app.pop()
    assert checked >= 10


def test_a_label_that_fits_goes_inside_its_dashed_place(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    table = table_at(app, ui, "matador", 2, 2, 4)
    assert table.renderer is not None
    inside = 0
    for end, (image, pos) in zip(table.board.open_ends, table.renderer.end_labels(table.snapshot, set())):
        place = dashed_place(table.board.layout, end.arm)
        assert place is not None
        inside += place.rect.contains(Rect(pos, image.get_size()))
    assert inside  # a horizontal place 104 px wide holds "needs N"


def test_the_refusal_banner_is_whole_words_inside_the_felt(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = table_at(app, ui, "matador", 2, 2, 4)
    long = "3-0 cannot go there: it needs a 4, a 3 or a matador on that end, and the other ends need a 2 and a 6 or a matador"
    table.motion.say(long, 5.0, warning=True)
    app.step([], 0.016)
    assert table.renderer is not None
    felt = table.board.regions.felt
    text = table.renderer.text
    surface = pygame.Surface(table.size)
    MessagePart(table.renderer).draw(surface, table.snapshot, table.live())
    box = table.renderer._cache.get(("message", long, True, min(felt.width * 85 // 100, round(900 * table.board.regions.scale)), table.board.regions.scale))
    assert box is not None
    assert box.get_width() <= felt.width * 85 // 100
    assert box.get_height() > text.font(14, True).get_linesize() * 2  # on several lines, not cut short
    assert not any(isinstance(k, tuple) and k and isinstance(k[0], str) and k[0].endswith("…") for k in text._lines)


def test_the_middle_glows_when_the_person_leads_onto_an_empty_table(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    for seed in range(40):
        match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], seed)
        state = match.next_round()
        if state.current_player == 0 and any(a.kind == "lay" for a in state.legal_moves()):
            break
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    app.step([], 0.016)
    assert table.can_act() and not table.model.state.placements and table.controls.input.active_tile is None
    slot = table.board.layout.slot(None, "line")
    assert slot is not None
    renderer = table.renderer
    assert renderer is not None
    asked: list[tuple[int, bool]] = []
    art = renderer.art
    original = art.highlight

    def highlight(length: int, vertical: bool = False) -> Any:
        asked.append((length, vertical))
        return original(length, vertical)

    art.highlight = highlight  # type: ignore[method-assign]
    try:
        table.draw(pygame.Surface(table.size))
    finally:
        del art.highlight
    assert (2 * table.board.layout.unit, slot.vertical) in asked


def test_two_kept_says_they_are_never_drawn(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = table_at(app, ui, "leyden", 2, 3, 3)
    assert table.model.state.reserve_count == 2
    app.draw(app.surface)
    assert table.renderer is not None
    lines = [k[0] for k in table.renderer.text._lines if isinstance(k, tuple)]
    assert "2 kept" in lines and "never drawn" in lines


def test_the_summary_waits_for_the_table_to_stand_still(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], 7)
    state = match.next_round()
    rng = random.Random(7)
    moves = []
    while not state.over:
        moves.append(rng.choice(state.legal_moves()))
        match.push(moves[-1])
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], 7)
    match.next_round()
    for move in moves[:-1]:
        match.push(move)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    assert table.play(moves[-1], None) and table.model.state.over
    table.motion.glides.clear()
    table.motion.shift = Shift({}, 1.0)  # the round's last tile made the table shift (as a re-flow does)
    app.step([], 0.3)
    assert app.top is table  # no summary (and its frozen backdrop) while tiles are on their way
    for _ in range(10):
        app.step([], 0.2)
    assert isinstance(app.top, RoundEndScene)


def test_the_final_scores_panel_is_opaque(make_app: Any, ui: Any) -> None:
    from game.ui.scenes.match_over import MatchOverScene

    app = make_app((1280, 800))
    table = table_at(app, ui, "matador", 2, 2, 4)
    scene = MatchOverScene(table)
    app.push(scene)
    app.step([], 0.016)
    picture = scene.picture
    assert picture is not None
    w, h = picture.get_size()
    for x, y in ((w // 2, h // 2), (w // 4, h * 2 // 3), (w - 30, h - 30)):
        assert picture.get_at((x, y)).a == 255


def test_moves_panel_reads_from_the_top_with_words_beside_their_tiles(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = table_at(app, ui, "matador", 2, 1, 4)
    table.panel("moves").toggle(table)
    app.step([], 0.016)
    panel = table.board.regions.panel
    assert panel is not None
    assert panel.width <= 800 // 4  # under a quarter of the window
    moves = next(p for p in table.open_panels() if p.name == "moves")
    side = moves
    size = max(15, round(18 * table.board.regions.scale))
    tile_len = max(26, round(34 * table.board.regions.scale)) & ~1
    line = LogLine(3, 1, "Bot 1 drew 5 tiles", (None,) * 5)
    block = side.line_block(line, panel.width - 20, size, tile_len, False)
    assert block.get_height() <= table.text.font(size).get_linesize() + 4  # one line: nothing wrapped under the tiles
    content = next(pane.content for pane in table.snapshot.panes if pane.part is moves)
    assert isinstance(content, MovesContent)
    assert len(content.lines) <= 3
    picture = side.picture(content)
    fill = picture.get_at((picture.get_width() // 2, picture.get_height() - 30))
    lower = [picture.get_at((x, y)) for x in range(12, picture.get_width() - 12, 4) for y in range(picture.get_height() * 2 // 3, picture.get_height() - 12, 4)]
    assert all(p == fill for p in lower)  # a few moves: the bottom of the panel stays empty


@pytest.mark.parametrize("scale", [100, 125, 150])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_toolbar_buttons_keep_room_round_their_labels(make_app: Any, ui: Any, size: tuple[int, int], scale: int) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    table = table_at(app, ui, "matador", 2, 1, 4)
    for name, button in table.toolbar.tools.items():
        words = button.text
        assert button.rect.width >= button.font.size(words)[0] + 16, (name, button.rect, button.font.size(words))


def played_rounds(rounds: int, seed: int) -> Match:
    """A match with ``rounds`` rounds played out by seeded random moves, and the next one begun."""
    rules = Rules.from_base("matador", 3, {"target_score": 200})
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bot 1", "computer", "easy"), PlayerInfo("Bot 2", "computer", "easy")], seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
        if match.over:
            break
    match.next_round()
    return match


def sizes_drawn(text: Any) -> list[int]:
    """Record the size of every line ``text`` (a TextCache) renders from now on."""
    seen: list[int] = []
    render = text.render

    def recording(words: str, size: int, *args: Any, **kwargs: Any) -> Any:
        seen.append(size)
        return render(words, size, *args, **kwargs)

    text.render = recording
    return seen


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_moves_panel_and_the_score_sheet_write_at_14_px_or_more(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    from game.ui.table import ScoreSheetScene

    app = make_app(size)
    match = played_rounds(3, 2)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    app.step([], 0.016)
    seen = sizes_drawn(table.text)
    table.panel("moves").toggle(table)
    app.step([], 0.016)
    moves = next(p for p in table.open_panels() if p.name == "moves")
    side = moves
    content = next(pane.content for pane in table.snapshot.panes if pane.part is moves)
    assert isinstance(content, MovesContent)
    many = replace(content, lines=tuple(LogLine(i, i % 3, f"Bot {i % 3} drew {i % 5 + 1} tiles", (None,) * (i % 5 + 1)) for i in range(40)))
    side.picture(many)  # more lines than fit: stacked from the newest, an arrow and "N newer" below
    side.picture(replace(many, scroll=5))
    assert seen and min(seen) >= 14, sorted(set(seen))
    table.aids.open_scores()
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene)
    sheet.text = type(sheet.text)()
    seen = sizes_drawn(sheet.text)
    sheet.build_gui()  # the table of rounds, its headers, the chart and the closing line
    assert len(seen) > 20 and min(seen) >= 14, sorted(set(seen))


def test_a_blocked_round_ends_with_the_table_as_it_stood(make_app: Any, ui: Any) -> None:
    """The round ends on a pass: no tile moves (no re-flow, no re-centring) from the
    last move on, behind the summary too."""
    blocked = 0
    for seed in range(6):
        app = make_app((1280, 800))
        match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], seed)
        match.next_round()
        table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
        app.push(table)
        rng = random.Random(seed)
        stood: dict[int, Rect] = {}
        for _ in range(3000):
            if table.can_act():
                table.play(rng.choice(table.model.legal), None)
            app.step([], 0.05)
            rects = {t.tile: t.rect for t in table.board.layout.tiles}
            if not table.model.state.over:
                stood = rects
                continue
            if table.model.state.history[-1][1].kind == "lay":
                break
            assert rects == stood, seed  # every tile where it stood before the pass
            assert table.motion.shift is None
            if isinstance(app.top, RoundEndScene):
                blocked += 1
                break
    assert blocked >= 3


def test_the_ends_labels_wait_while_the_tiles_ease_to_new_places(make_app: Any, ui: Any) -> None:
    """While the table shifts (a re-centring, a smaller size), the tiles are on
    their way and the labels' places are not theirs yet: no label is drawn over them."""
    app = make_app((1280, 800))
    table = table_at(app, ui, "matador", 2, 4, 4)
    renderer = table.renderer
    assert renderer is not None and table.board.open_ends
    labels = renderer.end_labels(table.snapshot, set())
    boxes = [Rect(pos, image.get_size()) for image, pos in labels]

    def label_pixels() -> list[Any]:
        surface = pygame.Surface(table.size)
        table.draw(surface)
        return [pygame.surfarray.array3d(surface.subsurface(box)).tolist() for box in boxes]

    table.motion.shift = None
    still = label_pixels()
    table.motion.shift = Shift({}, 1.0)
    moving = label_pixels()
    table.motion.shift = None
    assert all(a != b for a, b in zip(still, moving))  # every label gone while the tiles move
