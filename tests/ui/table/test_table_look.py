"""How the table reads: it grows with a large window (words, plaques, the hand,
the tiles on the felt) and keeps full-size words on a small one; the hand's strip
lights up in gold exactly when it is your turn."""

from __future__ import annotations

from typing import Any

from pygame import Rect

from game.engine import PlayerInfo
from game.ui.table import compute_regions, table_scale
from game.ui.drawing.text import GOLD

SEATS = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]


def test_the_table_grows_with_a_large_window(make_app: Any, ui: Any) -> None:
    assert table_scale((800, 600)) == 1.0 == table_scale((1280, 800))
    assert 1.3 < table_scale((1920, 1080)) <= 1.5
    measured = {}
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        app = make_app(size)
        table = ui.new_table(app, "matador", list(SEATS), seed=4)
        ui.settle(app, 3, 0.016)
        hand_len = max(rect.height for _, rect in table.board.hand)
        header_font = table.text.font(round(20 * table.board.regions.scale)).get_height()
        plaque = next(iter(table.board.regions.seats.values())).rect
        measured[size] = (hand_len, header_font, plaque.height, largest_tile(table))
    small, middle, large = measured[(800, 600)], measured[(1280, 800)], measured[(1920, 1080)]
    assert small[1] == middle[1]  # a small window keeps full-size words
    for i, what in enumerate(("hand tile", "header text", "plaque", "tile on the felt")):
        assert large[i] > middle[i] * 1.2, (what, middle[i], large[i])


def largest_tile(table: Any) -> int:
    spots = table.board.layout.tiles
    return max(max(s.rect.width, s.rect.height) for s in spots) if spots else 2 * table.board.layout.unit


def frame_pixel(app: Any, table: Any) -> tuple[int, int, int]:
    hand = table.board.regions.hand
    colour = app.surface.get_at((hand.left + 3, hand.centery))
    return (colour[0], colour[1], colour[2])


def goldish(colour: tuple[int, int, int]) -> bool:
    return all(abs(c - g) < 40 for c, g in zip(colour, GOLD))


def test_the_hand_lights_up_on_your_turn_only(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = ui.new_table(app, "matador", list(SEATS), seed=4)
    seen = {True: 0, False: 0}
    for _ in range(400):
        app.step([], 0.05)
        mine = table.can_act()
        assert goldish(frame_pixel(app, table)) == mine, (mine, frame_pixel(app, table))
        seen[mine] += 1
        if mine:
            move = next((a for a in table.model.legal if a.kind == "lay"), table.model.legal[0])
            table.play(move, None)
        if table.model.state.over or (seen[True] > 2 and seen[False] > 2):
            break
    assert seen[True] and seen[False]


def test_needs_labels_keep_clear_of_tiles_and_of_each_other(make_app: Any, ui: Any) -> None:
    """Crowded crosses and long lines that turn corners, with and without ends lit for a held tile."""
    checked = 0
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        app = make_app(size)
        for base, players, moves, seed in (("leyden-senst", 2, 24, 0), ("leyden", 2, 20, 3), ("family", 8, 30, 1), ("family", 8, 30, 4), ("matador", 4, 16, 2), ("wild-doubles", 4, 12, 0)):
            table = ui.laid_table(app, base, players, moves, seed)
            assert table.renderer is not None
            tiles = [t.rect for t in table.board.layout.tiles]
            for lit in (set(), {end.arm for end in table.board.open_ends}):
                boxes = [Rect(pos, image.get_size()) for image, pos in table.renderer.end_labels(table.snapshot, lit)]
                assert len(boxes) == len(table.board.open_ends)
                for i, box in enumerate(boxes):
                    assert table.board.regions.felt.contains(box), (base, size, box)
                    assert box.collidelist(tiles) < 0, (base, size, lit, box)
                    assert box.collidelist(boxes[:i]) < 0, (base, size, lit, boxes)
                    checked += 1
            app.pop()
    assert checked > 40
