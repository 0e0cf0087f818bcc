"""``python -m game``: see game/commands/cli.py for the sub-commands."""

from __future__ import annotations

import sys


def main() -> None:
    import gc

    # Start-up builds much and frees little: the collector waits until the
    # window shows its first frames (App.run collects once, then enables it),
    # or until a command other than play is known (game.commands.cli.run).
    gc.disable()
    # `tournament` starts worker processes; a frozen program re-launched as a
    # worker must hand over to multiprocessing first (from source there is no
    # such hand-over, and the window opens sooner without the import).
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    from game.commands.cli import run
    from game.crash import guarded

    sys.exit(guarded(lambda: run(sys.argv[1:])))


if __name__ == "__main__":
    main()
