"""Where a player drags a tile on the table: ``python .ci/wine_player.py --size 1280x800``.

.ci/windows_wine.sh plays one move on the built Matador.exe under Wine with xdotool,
the way a player would: press on a tile of the hand, drag it onto a lit place, let go.
This script works out where, with the game's own layout code (SDL's dummy driver, no
window): it finds the first seed from ``--seed`` on where the player leads the round of
``play --rules RULES --seats human,hard --seed SEED``, opens that table at ``--size``,
and prints one line::

    SEED TILE FROM_X FROM_Y TO_X TO_Y

(window coordinates: the centre of the tile in the hand, the centre of the place it is
laid on). The program opens the same table at the same size, so the same pixels.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def leading_seed(rules: str, first: int, tries: int = 50) -> int:
    """The first seed from ``first`` whose opening round the human seat (0) leads."""
    from game.ui.shell.launch import make_match
    from game.ui.shell.seat_choices import parse_seats

    for seed in range(first, first + tries):
        if make_match(rules, parse_seats("human,hard"), seed, None).round.current == 0:
            return seed
    raise SystemExit(f"wine_player: no seed in {first}..{first + tries - 1} lets the player lead")


def first_move(rules: str, seed: int, size: tuple[int, int]) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """(tile, centre of it in the hand, centre of the place it goes) at the table's start."""
    from game.engine.tiles import tile_name
    from game.profile.settings import Settings
    from game.ui.shell import flow
    from game.ui.shell.app import App
    from game.ui.shell.launch import make_match
    from game.ui.shell.seat_choices import parse_seats
    from game.ui.table import slot_of, targets_for
    from game.ui.drawing.tile_art import TileArt

    app = App(size)
    try:
        app.services.update(settings=Settings(), art=TileArt())
        routes = flow.install(app)
        scene = routes.table_scene(make_match(rules, parse_seats("human,hard"), seed, None))
        app.push(scene)
        for _ in range(100):
            if scene.can_act():
                break
            app.step([], 0.05)
        else:
            raise SystemExit("wine_player: the player's turn never came")
        for tile in sorted({a.tile for a in scene.model.legal if a.kind == "lay" and a.tile is not None}):
            targets = targets_for(tile, scene.model.legal)
            rect = scene.board.hand_rect(tile)
            slot = slot_of(targets[0].variant(0), scene.board.layout) if targets else None
            if rect is not None and slot is not None:
                return tile_name(tile), rect.center, slot.rect.center
        raise SystemExit("wine_player: no tile of the hand has a place on the table")
    finally:
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800", help="the window's size, WIDTHxHEIGHT")
    parser.add_argument("--rules", default="matador")
    parser.add_argument("--seed", type=int, default=1, help="the first seed to try")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory(prefix="matador-player-") as home:
        os.environ["MATADOR_HOME"] = home  # the defaults, as in a fresh Wine prefix
        seed = leading_seed(args.rules, args.seed)
        tile, start, end = first_move(args.rules, seed, (width, height))
    print(seed, tile, *start, *end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
