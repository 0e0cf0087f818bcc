"""``python -m game play ...``: open the window and start (see game/cli.py for the flags).

With ``--rules`` or ``--seats`` the table opens at once; without, the title
screen opens (see ``game/ui/flow.py`` for how the screens follow one another).
Files that could not be read at startup (settings, statistics, the saved match)
are moved aside and their messages shown on the title. ``--smoke-test N`` draws N frames and exits 0; with only
computer seats the game plays on meanwhile, at a faster pace. ``--screenshot``
saves the last frame. An uncaught error is logged to ``matador.log`` in the
user log directory, reported on one line, and gives exit status 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the title opens without the engine: what a table needs is imported for one
    from game.ui.seats import SeatSpec

log = logging.getLogger(__name__)

DEFAULT_SEATS = "human,medium"
SMOKE_TIME_SCALE = 4.0  # an all-computer smoke test plays this much faster


class UsageProblem(ValueError):
    """A flag value that cannot be used: one line on stderr, exit status 2."""


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise UsageProblem(f"--size {text!r}: give WIDTHxHEIGHT, e.g. 1280x800")
    width, height = int(parts[0]), int(parts[1])
    if width < 640 or height < 480:
        raise UsageProblem(f"--size {text!r}: the window must be at least 640x480")
    if width > 10000 or height > 10000:
        raise UsageProblem(f"--size {text!r}: too large")
    return width, height


def make_match(rules_id: str, seats: list[SeatSpec], seed: int | None, target: int | None) -> Any:
    """The match the flags ask for; ``UsageProblem`` with the engine's reason if it cannot be played."""
    from game.engine import Match, RuleError, Rules

    overrides: dict[str, Any] = {}
    if target is not None:
        overrides["target_score"] = None if target == 0 else target
    try:
        rules = Rules.from_base(rules_id, len(seats), overrides)
    except RuleError as err:
        raise UsageProblem(f"--rules {rules_id}: {err}") from None
    return Match(rules, [s.player_info() for s in seats], seed)


def main(args: argparse.Namespace) -> int:
    """Run the game window; the exit status."""
    from game.crash import report_crash

    try:
        return run(args)
    except UsageProblem as err:
        print(f"matador: {err}", file=sys.stderr)
        return 2
    except Exception as exc:  # logged with its traceback, one line to stderr
        report_crash(exc)
        return 1


def run(args: argparse.Namespace) -> int:
    size = parse_size(args.size) if getattr(args, "size", None) else None
    smoke = getattr(args, "smoke_test", None)
    match = None
    if args.rules or getattr(args, "seats", None):
        from game.ui.seats import SeatError, parse_seats

        try:
            seats = parse_seats(args.seats or DEFAULT_SEATS)
        except SeatError as err:
            raise UsageProblem(str(err)) from None
        match = make_match(args.rules or "matador", seats, args.seed, args.target)

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.settings import Settings, load_settings, settings_path

    settings_message: str | None = None
    first_launch = not settings_path().exists()  # nothing was ever saved: offer the lessons
    try:
        settings, settings_message = load_settings()
    except Exception:
        settings = Settings()
    from game.ui import flow
    from game.ui.app import App
    from game.ui.audio import Audio
    from game.ui.autosave import Autosaver
    from game.ui.thinker import Thinker
    from game.ui.tile_art import TileArt

    computers_only = match is not None and not any(p.is_human for p in match.players)
    scale = SMOKE_TIME_SCALE if smoke is not None and computers_only else 1.0
    width, height = settings.window_size
    app = App(size or (width, height), args.fullscreen or settings.fullscreen, time_scale=scale)
    thinker = Thinker("process")
    autosave = Autosaver() if smoke is None else None
    app.services.update(
        settings=settings,
        art=TileArt(),
        audio=Audio(settings.volume, settings.sound and smoke is None),
        thinker=thinker,
        autosave=autosave,
        first_launch=first_launch and smoke is None,
    )
    routes = flow.install(app)
    routes.load_user_files(settings_message)
    frame_file = os.environ.get("MATADOR_FIRST_FRAME_FILE")
    if frame_file:
        app.on_flip.append(lambda a: first_frame(a, frame_file))
    try:
        if match is not None:
            app.push(routes.table_scene(match))
        else:
            routes.open_title()
        app.run(max_frames=smoke)
        if args.screenshot:
            import pygame

            pygame.image.save(app.surface, args.screenshot)
    finally:
        if autosave is not None:
            autosave.flush()  # the last move is on disk before anything else closes
        app.close()
        thinker.shutdown()
        if autosave is not None:
            autosave.close()
        import pygame

        pygame.quit()
    return 0


def first_frame(app: Any, path: str) -> None:
    """Note the time of the first frame on screen (read by ``bench startup``)."""
    if app.frames == 1:
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(f"{time.time():.6f}\n")
        except OSError:
            pass
