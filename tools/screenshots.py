"""Render the table screenshots in docs/screenshots/ again (headless).

    python tools/screenshots.py [OUT_DIR]

Each picture comes from a seeded game played by random moves up to a position
worth showing, then drawn by the real TableScene. The same code gives the same
pictures.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine import Action, Match, PlayerInfo, RoundState, Rules, is_double, pips  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.thinker import Thinker  # noqa: E402
from game.ui.table import TableScene  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def is_matador(state: RoundState, tile: int) -> bool:
    return pips(tile) == state.rules.target or (tile == 0)


def find(rules: Rules, players: list[PlayerInfo], wanted: Callable[[Match], bool], tries: int = 3000) -> Match:
    """A match whose current position is ``wanted``, reached by seeded random play."""
    for seed in range(tries):
        match = Match(rules, players, seed)
        match.next_round()
        rng = random.Random(seed)
        while not match.round.over:
            if wanted(match):
                return match
            match.push(rng.choice(match.round.legal_moves()))
    raise SystemExit(f"no position found for {rules.base}")


def shoot(match: Match, size: tuple[int, int], path: Path, hold: Callable[[TableScene], int | None] | None = None) -> None:
    app = App(size)
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(scene)
    for _ in range(3):
        app.step([], 0.05)
    tile = hold(scene) if hold is not None else None
    if tile is not None:
        rect = scene.hand_rect(tile)
        assert rect is not None
        start = rect.center
        end = (size[0] // 6, size[1] * 2 // 3)  # an empty part of the felt
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)], 0.016)
        for i in range(1, 6):
            pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], 0.016)
    app.draw(app.surface)
    pygame.image.save(app.surface, str(path))
    app.close()
    print(path)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    human = PlayerInfo("Ann")

    # Leyden: the cross with a matador across an arm; Ann drags a matador.
    def leyden_moment(match: Match) -> bool:
        state = match.round
        return (
            state.current_player == 0
            and len(state.placements) >= 9
            and any(p.across and not is_double(p.tile) for p in state.placements)
            and any(a.kind == "lay" and a.tile not in (None, 0) and is_matador(state, a.tile) for a in state.legal_moves())
        )

    def a_matador(scene: TableScene) -> int | None:
        state = scene.state
        return next((a.tile for a in scene.legal if a.tile not in (None, 0) and is_matador(state, a.tile)), None)

    rules = Rules.from_base("leyden", 2)
    match = find(rules, [human, PlayerInfo("Hard", "computer", "hard")], leyden_moment)
    shoot(match, (1280, 800), out / "leyden-cross-across-1280x800.png", a_matador)

    # Matador: a long line that turns corners, Ann to play.
    def long_line(match: Match) -> bool:
        state = match.round
        return state.current_player == 0 and len(state.placements) >= 14 and any(a.kind == "lay" for a in state.legal_moves())

    rules = Rules.from_base("matador", 2)
    match = find(rules, [human, PlayerInfo("Medium", "computer", "medium")], long_line)
    shoot(match, (1280, 800), out / "line-drag-1280x800.png", lambda scene: next((a.tile for a in scene.legal if a.tile is not None), None))


if __name__ == "__main__":
    main()
