"""``python -m game``: see game/cli.py for the sub-commands."""

from __future__ import annotations

import sys


def main() -> None:
    from game.cli import run

    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
