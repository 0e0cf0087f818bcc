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


def main() -> int:
    _ensure_streams()
    # `tournament --jobs N` starts worker processes; a frozen program must let
    # multiprocessing take over when it is re-launched as a worker.
    import multiprocessing

    multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.cli import run
    from game.crash import guarded

    return guarded(lambda: run(sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
