"""Entry script of the PyInstaller build (see build.spec).

The built ``Matador`` program takes exactly the command line of
``python -m game``; uncaught errors are written to the log and shown in a
message box by ``game.crash`` because the windowed app has no console.
"""

from __future__ import annotations

import os
import sys


def _ensure_streams() -> None:
    # A windowed build (console=False) on Windows and macOS may start with
    # sys.stdout / sys.stderr set to None; printing would then raise.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


# Commands of `python -m game` that the desktop app leaves out (build.spec's NOT_BUNDLED).
NOT_IN_THE_APP = {
    ("serve",): "the network server",
    ("bench", "net"): "the network benchmark",
}


def left_out(argv: list[str]) -> str | None:
    """A one-line message if ``argv`` asks for what the desktop app does not hold."""
    for command, what in NOT_IN_THE_APP.items():
        if tuple(argv[: len(command)]) == command:
            return (
                f"matador: {what} is not part of the desktop app; run `python -m game "
                f"{' '.join(command)}` from a clone or a pip install (see the README)"
            )
    return None


def main() -> int:
    _ensure_streams()
    message = left_out(sys.argv[1:])
    if message:
        print(message, file=sys.stderr)
        return 2
    # `tournament --jobs N` starts worker processes; a frozen program must let
    # multiprocessing take over when it is re-launched as a worker.
    import multiprocessing

    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.commands.cli import run
    from game.crash import guarded

    return guarded(lambda: run(sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
