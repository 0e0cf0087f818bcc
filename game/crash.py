"""Error reporting for the windowed app, which has no console to print to.

``guarded(main)`` runs the program and turns an uncaught exception into a
report: the traceback is appended (with a timestamp) to
``user_log_dir()/matador.log``, one line goes to stderr, and when a screen is
available the player sees a message box that says where the log is.

Set ``MATADOR_NO_CRASH_DIALOG=1`` to never open the message box (tests and
scripts); with SDL's dummy or offscreen video driver it is never opened either.

``log_to_file()`` sends the game's log (warnings such as a save that could not be
written) to the same ``matador.log``; ``python -m game play`` sets it up.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any, Callable

LOG_NAME = "matador.log"
# The log is rotated to matador.log.1 once it grows past this size.
MAX_LOG_BYTES = 1_000_000


def _log_dir() -> Path:
    try:
        from game.resources import user_log_dir

        return user_log_dir()
    except Exception:  # platformdirs missing or broken: still keep the report
        import tempfile

        return Path(tempfile.gettempdir()) / "Matador"


def _report_text(exc: BaseException) -> str:
    import datetime  # a report's modules are loaded when one is written: the game starts sooner
    import platform
    import traceback

    stamp = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    try:
        from game import __version__ as matador_version
    except Exception:
        matador_version = "unknown"
    pygame_mod = sys.modules.get("pygame")
    pygame_version = getattr(getattr(pygame_mod, "version", None), "ver", "not loaded")
    lines = [
        f"=== {stamp} Matador crashed ===",
        f"matador {matador_version}; Python {platform.python_version()}; "
        f"pygame-ce {pygame_version}; {platform.platform()}; "
        f"{'frozen' if getattr(sys, 'frozen', False) else 'from source'}",
        f"command line: {sys.argv!r}",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
    ]
    return "\n".join(lines) + "\n"


def _append(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            os.replace(path, path.with_name(path.name + ".1"))
    except OSError:
        pass
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text)


def write_log(exc: BaseException) -> Path:
    """Append the report of ``exc`` to the log; returns the log's path.

    Falls back to the temporary directory when the log directory cannot be
    written.
    """
    text = _report_text(exc)
    path = _log_dir() / LOG_NAME
    try:
        _append(path, text)
    except OSError:
        import tempfile

        path = Path(tempfile.gettempdir()) / "Matador" / LOG_NAME
        _append(path, text)
    return path


def _summary(exc: BaseException) -> str:
    detail = str(exc).strip().splitlines()
    first = detail[0] if detail else ""
    if len(first) > 200:
        first = first[:197] + "..."
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def display_available() -> bool:
    """Whether a message box could be seen by someone."""
    if os.environ.get("MATADOR_NO_CRASH_DIALOG"):
        return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _message(exc: BaseException, log: Path) -> str:
    from game.i18n import _

    return _(
        "Matador ran into an unexpected error and has to close.\n\n{error}\n\n"
        "The details were written to:\n{log}\n\n"
        "Please attach that file if you report the problem."
    ).format(error=_summary(exc), log=log)


def show_message(title: str, message: str, *, timeout_s: float | None = None) -> bool:
    """Show ``message`` on screen; returns whether it could be shown.

    Uses SDL's native message box (``pygame.display.message_box``, pygame-ce
    2.4+); on an older pygame, a small window with the text that closes on any
    key, click, or after ``timeout_s`` seconds.
    """
    try:
        import pygame
    except Exception:
        return False
    try:
        if pygame.display.get_init():
            # Close the (possibly fullscreen) game window so the box is seen.
            pygame.display.quit()
        box = getattr(pygame.display, "message_box", None)
        if box is not None and timeout_s is None:
            box(title, message, message_type="error", buttons=("OK",))
            return True
        return _show_window(pygame, title, message, timeout_s)
    except Exception:
        return False


def _show_window(pygame: Any, title: str, message: str, timeout_s: float | None) -> bool:
    pygame.display.init()
    pygame.font.init()
    try:
        font = pygame.font.Font(None, 22)
        lines = message.splitlines()
        height = 24 + 22 * len(lines) + 30
        width = min(900, 40 + max((font.size(line)[0] for line in lines), default=200))
        screen = pygame.display.set_mode((width, height))
        pygame.display.set_caption(title)
        screen.fill((40, 20, 20))
        for i, line in enumerate(lines):
            screen.blit(font.render(line, True, (240, 230, 220)), (20, 16 + 22 * i))
        from game.i18n import _

        hint = font.render(_("Press any key to close"), True, (180, 170, 160))
        screen.blit(hint, (20, height - 28))
        pygame.display.flip()
        clock = pygame.time.Clock()
        waited = 0.0
        while timeout_s is None or waited < timeout_s:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return True
            waited += clock.tick(30) / 1000.0
        return True
    finally:
        pygame.display.quit()


def _stderr_line(text: str) -> None:
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(text, file=stream, flush=True)
    except Exception:
        pass


def report_crash(exc: BaseException) -> Path:
    """Report an uncaught exception: log file, one stderr line, a message box.

    Returns the path of the log the traceback was appended to. Never raises
    (except when even the temporary directory cannot be written).
    """
    log = write_log(exc)
    _stderr_line(f"matador: unexpected error ({_summary(exc)}); details in {log}")
    if display_available():
        from game.i18n import _

        show_message(_("Matador - error"), _message(exc, log))
    return log


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_to_file(level: int = 20) -> logging.Handler | None:
    """Send the game's log records (``level`` and above; INFO by default) to
    ``matador.log`` in the user log directory, next to crash reports, rotated at
    the same size. Returns the handler (None if no log file can be opened);
    the windowed app has no console, so this is where its warnings go.

    The log is rotated when it is opened, as a crash report rotates it (a
    game writes a few lines a session): a plain ``FileHandler``, so the start
    does not load ``logging.handlers`` (with its sockets and pickling)."""
    handler: logging.Handler | None = None
    import tempfile

    for folder in (_log_dir(), Path(tempfile.gettempdir()) / "Matador"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / LOG_NAME
            try:
                if path.stat().st_size > MAX_LOG_BYTES:
                    os.replace(path, path.with_name(path.name + ".1"))
            except OSError:  # not there yet
                pass
            handler = logging.FileHandler(path, encoding="utf-8", delay=False)
            break
        except OSError:
            continue
    if handler is None:
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(level)
    root = logging.getLogger()
    if root.level > level or root.level == logging.NOTSET:
        root.setLevel(level)
    root.addHandler(handler)
    return handler


def stop_logging_to_file(handler: logging.Handler | None) -> None:
    if handler is not None:
        logging.getLogger().removeHandler(handler)
        handler.close()


def guarded(main: Callable[[], int | None]) -> int:
    """Run ``main`` and return its exit status; an uncaught exception is
    reported with :func:`report_crash` and gives status 1.

    ``SystemExit`` passes through untouched; Ctrl+C gives status 130 without a
    report; a closed output pipe (``matador replay x | head``) gives 1 quietly.
    """
    try:
        status = main()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except Exception:
            pass
        return 1
    except Exception as exc:
        try:
            report_crash(exc)
        except Exception as inner:  # the report itself failed: say so briefly
            _stderr_line(f"matador: unexpected error ({_summary(exc)}); could not write the log: {inner}")
        return 1
    return 0 if status is None else int(status)
