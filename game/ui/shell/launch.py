"""``python -m game play ...``: open the window and start (see game/commands/cli.py for the flags).

With ``--rules`` or ``--seats`` the table opens at once; without, the title
screen opens (see ``game/ui/shell/flow.py`` for how the screens follow one another).
Files that could not be read at startup (settings, statistics, the saved match)
are moved aside and their messages shown on the title; temporary files left
by cut-short writes are removed. A match started from the flags replaces the
saved one, which is kept among the past matches first. ``--smoke-test N`` draws
N frames and exits 0; with only computer seats the game plays on meanwhile, at
a faster pace. ``--screenshot`` saves the last frame (its path is checked
first). Bad flags exit 2 with one line. The log goes to ``matador.log`` in the
user log directory; an uncaught error is logged there too, reported on one
line, and gives exit status 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.ui.shell.memory import Tidy, return_big_allocations

if TYPE_CHECKING:  # the title opens without the engine: what a table needs is imported for one
    from game.ui.shell.seat_choices import SeatSpec

log = logging.getLogger(__name__)

DEFAULT_SEATS = "human,medium"
SMOKE_TIME_SCALE = 4.0  # an all-computer smoke test plays this much faster


class UsageProblem(ValueError):
    """A flag value that cannot be used: one line on stderr, exit status 2."""


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise UsageProblem(_("--size {value}: give WIDTHxHEIGHT, e.g. 1280x800").format(value=repr(text)))
    width, height = int(parts[0]), int(parts[1])
    if width < 640 or height < 480:
        raise UsageProblem(_("--size {value}: the window must be at least 640x480").format(value=repr(text)))
    if width > 10000 or height > 10000:
        raise UsageProblem(_("--size {value}: too large").format(value=repr(text)))
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
        from game.words.refusals import error_text

        raise UsageProblem(_("--rules {value}: {reason}").format(value=rules_id, reason=error_text(err))) from None
    return Match(rules, [s.player_info() for s in seats], seed)


def main(args: argparse.Namespace) -> int:
    """Run the game window; the exit status."""
    from game.crash import report_crash

    try:
        return run(args)
    except UsageProblem as err:
        print(f"play: {err}", file=sys.stderr)
        return 2
    except Exception as exc:  # logged with its traceback, one line to stderr
        report_crash(exc)
        return 1


def check_screenshot(path: str) -> None:
    """``--screenshot`` is checked before the run, not after it: a PNG path whose
    folder exists and can be written."""
    target = Path(path)
    if not path.strip() or target.name in ("", ".", ".."):
        raise UsageProblem(_("--screenshot {value}: give a file name, e.g. shot.png").format(value=repr(path)))
    if target.suffix.lower() != ".png":
        raise UsageProblem(
            _("--screenshot {value}: the picture is saved as PNG; give a name ending in .png").format(value=repr(path))
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageProblem(
            _("--screenshot {value}: there is no folder {folder}").format(value=repr(path), folder=repr(str(folder)))
        )
    if target.is_dir():
        raise UsageProblem(_("--screenshot {value}: that is a folder").format(value=repr(path)))
    if not os.access(folder, os.W_OK):
        raise UsageProblem(
            _("--screenshot {value}: the folder {folder} cannot be written").format(value=repr(path), folder=repr(str(folder)))
        )


def folder_problem() -> str | None:
    """One line if the folders for settings and saves cannot be read (a home
    folder the player cannot read): then the game plays on defaults."""
    from game.resources import user_config_dir, user_data_dir

    for folder in (user_config_dir(), user_data_dir()):
        try:
            probe = folder
            while True:  # the folder, or the nearest one above it that exists
                try:
                    os.lstat(probe)
                    break
                except FileNotFoundError:
                    if probe.parent == probe:
                        break
                    probe = probe.parent
            os.listdir(probe)
        except PermissionError:
            return _(
                "Matador cannot read its folder {folder} (permission denied): it plays on default settings and cannot save."
            ).format(folder=folder)
        except OSError:
            continue
    return None


def clean_up_user_folders() -> None:
    """Temporary files left by writes that were cut short (a kill, a power cut) go."""
    from game.resources import user_config_dir, user_data_dir
    from game.storage import remove_stale_temporaries

    try:
        remove_stale_temporaries([user_config_dir(), user_data_dir()])
    except Exception as err:  # never stop the game for a clean-up
        log.warning("temporary files not cleaned up: %s", err)


def choose_language(args: argparse.Namespace) -> str:
    """Set the language of this run: ``--lang``, else the one chosen in Settings, else the system's."""
    from game.i18n import choose, set_language
    from game.profile.settings import saved_language

    return set_language(choose(getattr(args, "lang", None), saved_language()))


def run(args: argparse.Namespace) -> int:
    choose_language(args)  # before any message: the flags' problems are told in it too
    if os.environ.get("MATADOR_SMOKE_NETWORK"):  # packaging/check_bundle.py: network play, headless
        from game.net.app.smoke import smoke as network_smoke

        print(network_smoke(), flush=True)
        return 0
    size = parse_size(args.size) if getattr(args, "size", None) else None
    if getattr(args, "screenshot", None) is not None:
        check_screenshot(args.screenshot)
    smoke = getattr(args, "smoke_test", None)
    match = None
    seats_text = getattr(args, "seats", None)
    if args.rules or seats_text is not None:  # --seats "" is a mistake to report, not to ignore
        from game.ui.shell.seat_choices import SeatError, parse_seats

        try:
            seats = parse_seats(DEFAULT_SEATS if seats_text is None else seats_text)
        except SeatError as err:
            raise UsageProblem(str(err)) from None
        match = make_match(args.rules or "matador", seats, args.seed, args.target)

    from game.crash import log_to_file, stop_logging_to_file

    log_file = log_to_file()
    try:
        return play(args, match, size, smoke)
    finally:
        stop_logging_to_file(log_file)


def play(args: argparse.Namespace, match: Any, size: tuple[int, int] | None, smoke: int | None) -> int:
    """Open the window and run the game until it is closed; the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.profile.settings import Settings, load_settings, settings_path
    from game.storage import exists, write_troubles

    settings_message: str | None = None
    problem = folder_problem()
    first_launch = problem is None and not exists(settings_path())  # nothing was ever saved: offer the lessons
    if problem is None:
        clean_up_user_folders()
        try:
            settings, settings_message = load_settings()
        except Exception:
            settings = Settings()
    else:
        log.warning("%s", problem)
        settings = Settings()
        write_troubles.told_already()  # the line below says nothing will be saved
    from game.ui.drawing import access
    from game.ui.shell import flow

    access.apply(settings)  # text size, high contrast, reduced motion: before the first frame
    from game.ui.shell.app import App
    from game.ui.shell.audio import Audio, quiet_sound_start
    from game.ui.shell.autosave import Autosaver, tell_write_troubles
    from game.play.thinker import Thinker
    from game.ui.drawing.tile_art import TileArt

    computers_only = match is not None and not any(p.is_human for p in match.players)
    scale = SMOKE_TIME_SCALE if smoke is not None and computers_only else 1.0
    width, height = settings.window_size
    with quiet_sound_start():  # pygame.init tries to open sound: without a card, ALSA's lines go to the log
        app = App(size or (width, height), args.fullscreen or settings.fullscreen, time_scale=scale)
    app.steady = smoke is not None  # --smoke-test N draws N frames at 60 a second
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
    if problem is not None:
        app.notices[:] = [problem]  # one line, not one per file
    app.on_frame.append(tell_write_troubles)
    app.on_frame.append(Tidy())  # garbage collected and memory given back when the screens change
    app.on_flip.append(return_big_allocations_once)  # after the first frame: ctypes loads then
    frame_file = os.environ.get("MATADOR_FIRST_FRAME_FILE")
    if frame_file:
        app.on_flip.append(lambda a: first_frame(a, frame_file))
    try:
        if match is not None and autosave is not None:
            routes.start_match(match)  # a saved match it replaces is kept among the past matches
        elif match is not None:
            app.push(routes.table_scene(match))  # a smoke test saves nothing: the saved match stays
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
        finish_network()
        thinker.shutdown()
        if autosave is not None:
            autosave.close()
        import pygame

        pygame.quit()
    return 0


def finish_network() -> None:
    """A table left at quitting (its server hosted here, its connection) ends
    cleanly before the process does; nothing to do if no table was ever opened."""
    if "game.net.app.netplay" in sys.modules:
        from game.net.app.netplay import finish_closing

        if not finish_closing(3.0):
            log.warning("a network table was still closing when the game quit")


def return_big_allocations_once(app: Any) -> None:
    """``game.ui.shell.memory.return_big_allocations``, from the first frame's ``on_flip``
    (then never again): nothing of it holds the title's first frame back."""
    app.on_flip.remove(return_big_allocations_once)
    return_big_allocations()


def first_frame(app: Any, path: str) -> None:
    """Note the time of the first frame on screen (read by ``bench startup``)."""
    if app.frames == 1:
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(f"{time.time():.6f} {time.process_time():.6f}\n")  # wall clock, processor time
        except OSError:
            pass
