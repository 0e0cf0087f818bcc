"""The command line: ``python -m game [play|replay|review|verify|puzzles|bench|tournament|ladder|serve] ...``.

Each sub-command imports only what it needs, so ``replay`` and the engine
benchmarks never load pygame.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Sequence

from game.version import version

SUBCOMMANDS = ("play", "replay", "review", "verify", "puzzles", "bench", "tournament", "ladder", "serve")
SEAT_KINDS = ("human", "easy", "medium", "hard", "random")
INT_LIMIT = 2**63 - 1  # the largest number a saved file may hold (game.storage)
RULE_SET_IDS = ("matador", "all-sevens", "family", "leyden", "leyden-senst", "wild-doubles")


class UsageError(Exception):
    """A bad command line: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors instead of a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def _positive_int(text: str) -> int:
    if len(text.strip()) > len(str(INT_LIMIT)) + 1:
        raise argparse.ArgumentTypeError(f"expected a number up to {INT_LIMIT}, got one of {len(text.strip())} characters")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    if value > INT_LIMIT:
        raise argparse.ArgumentTypeError(f"expected a number up to {INT_LIMIT}, got {value}")
    return value


def _language(text: str) -> str:
    from game.i18n import LanguageError, parse_language

    try:
        return parse_language(text)
    except LanguageError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, that sub-command's alone (each
    sub-parser costs a millisecond or two, mostly argparse looking for its own
    translations: ``python -m game`` needs one to open the window)."""
    parser = _Parser(
        prog="matador",
        description="Matador, the domino game where joined ends add up to seven.",
    )
    parser.add_argument("--version", action="version", version=f"Matador {version()}", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    if only in (None, "play"):
        play = sub.add_parser("play", help="open the game window (the default)")
        play.add_argument("--rules", choices=RULE_SET_IDS, help="start straight into a game of this rule set")
        play.add_argument(
            "--seats",
            help="comma-separated seats, each a kind (human, easy, medium, hard, random) "
            "optionally named as NAME=KIND, e.g. Ann=human,hard",
        )
        play.add_argument("--seed", type=_positive_int, help="shuffle seed (random if left out)")
        play.add_argument("--target", type=_positive_int, help="match target score (0 for one round)")
        play.add_argument("--size", help="window size as WIDTHxHEIGHT, e.g. 1280x800")
        play.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
        play.add_argument("--smoke-test", type=_positive_int, metavar="N", help="draw N frames and exit 0")
        play.add_argument("--screenshot", metavar="FILE.png", help="save the last frame to FILE.png")
        play.add_argument(
            "--lang",
            type=_language,
            metavar="LANG",
            help="play in this language for this run: en, nl, de, es or pt_BR (default: the one chosen in "
            "Settings, else the system's)",
        )

    if only in (None, "replay"):
        replay = sub.add_parser("replay", help="replay a game record and print its outcome as JSON")
        replay.add_argument("record", metavar="RECORD.json", help="a matador-record/1 file, or - for stdin")

    if only in (None, "review"):
        review = sub.add_parser("review", help="the coach's review of one seat's play in a game record")
        review.add_argument("record", metavar="RECORD.json", help="a matador-record/1 file, or - for stdin")
        review.add_argument("--round", type=_positive_int, metavar="R", help="review round R only (from 0; default: all)")
        review.add_argument("--seat", type=_positive_int, metavar="S", help="the seat to review (default: the first person's)")
        review.add_argument("--json", action="store_true", help="print one JSON object")
        review.add_argument("--lang", type=_language, metavar="LANG", help="the language of the coach's reasons (default English, as the report)")
        review.add_argument("--seed", type=_positive_int, default=0, help="the coach's random seed (default 0)")
        review.add_argument("--workers", type=_positive_int, help="worker processes (default: all cores)")
        review.add_argument(
            "--deals", type=_positive_int, help="sampled deals per decision at most (default 4000, fewer once the figures are settled; fewer is faster and rougher)"
        )

    if only in (None, "verify"):
        check = sub.add_parser("verify", help="check that a game record's deals are the ones committed to before play")
        check.add_argument("record", metavar="RECORD.json", help="a matador-record/1 file, or - for stdin")
        check.add_argument("--json", action="store_true", help="print one JSON object")

    if only in (None, "puzzles"):
        puzzles = sub.add_parser("puzzles", help="list the puzzles made of the mistakes in your past matches")
        puzzles.add_argument("--json", action="store_true", help="print one JSON object")
        puzzles.add_argument("--review", action="store_true", help="first review the past matches not reviewed yet")
        puzzles.add_argument("--workers", type=_positive_int, help="--review's worker processes (default: all cores)")

    if only in (None, "bench"):
        bench = sub.add_parser("bench", help="print performance figures")
        bench.add_argument(
            "what", choices=("engine", "ai", "ui", "startup", "hint", "review", "net", "coach"), help="what to measure"
        )
        bench.add_argument("--json", action="store_true", help="print one JSON object")
        bench.add_argument("--quick", action="store_true", help="a shorter run (fewer samples)")
        bench.add_argument("--bundle", metavar="PATH", help="startup: the built executable to time as well")
        bench.add_argument("--tables", type=_positive_int, default=200, help="net: tables to play at once (default 200)")
        bench.add_argument("--connect", metavar="HOST:PORT", help="net: a running server to measure (default: start one)")
        bench.add_argument("--decisions", type=_positive_int, help="coach: decisions to judge (default 60)")
        bench.add_argument("--ref-deals", type=_positive_int, help="coach: the reference's deals per candidate (default 500)")
        bench.add_argument("--hard-deals", type=_positive_int, help="coach: the hard re-check's deals (default 200)")
        bench.add_argument("--coach-deals", type=_positive_int, help="coach: the coach's deals per decision at most (default 4000)")

    if only in (None, "tournament"):
        tour = sub.add_parser("tournament", help="play computer opponents against each other")
        tour.add_argument("--rules", choices=RULE_SET_IDS, default="matador")
        tour.add_argument("--players", type=_positive_int, default=2)
        tour.add_argument("--seats", required=True, help="comma-separated kinds, e.g. hard,medium")
        tour.add_argument("--games", type=_positive_int, default=200)
        tour.add_argument("--seed", type=_positive_int, default=1)
        tour.add_argument("--jobs", type=_positive_int, help="worker processes (default: all cores)")
        tour.add_argument("--time", type=float, help="hard player's time cap per decision, seconds")
        tour.add_argument("--json", action="store_true", help="print one JSON object")

    if only in (None, "ladder"):
        ladder = sub.add_parser("ladder", help="rate the computer levels (and random play) against each other")
        ladder.add_argument("--rules", help="comma-separated two-player rule sets (default: every one)")
        ladder.add_argument("--games", type=_positive_int, help="games per pair of kinds in each rule set (default 200)")
        ladder.add_argument("--hard-games", type=_positive_int, help="games per pair with the hard player (default: as --games)")
        ladder.add_argument("--seed", type=_positive_int, default=1)
        ladder.add_argument("--jobs", type=_positive_int, help="worker processes (default: all cores)")
        ladder.add_argument("--time", type=float, help="hard player's time cap per decision, seconds (default 4)")
        ladder.add_argument("--results", metavar="FILE", help="keep each game's result in FILE as it ends; games already there are not played again")
        out = ladder.add_mutually_exclusive_group()
        out.add_argument("--json", action="store_true", help="print one JSON object")
        out.add_argument("--module", action="store_true", help="print the ratings as game/rating/ladder_table.py")

    if only in (None, "serve"):
        serve = sub.add_parser("serve", help="run a network server for tables played by code (headless)")
        serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
        serve.add_argument("--port", type=_positive_int, default=47123, help="port to listen on (0: any free port)")
        serve.add_argument("--max-tables", type=_positive_int, default=1000, help="most tables held at once (default 1000)")
        serve.add_argument("--max-connections", type=_positive_int, default=10000, help="most connections at once")
        serve.add_argument("--hello-timeout", type=float, default=10.0, help="seconds a new connection has to join a table")
        serve.add_argument("--verbose", action="store_true", help="log every action too")
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    args = list(argv)
    if not args or (args[0] not in SUBCOMMANDS and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]
    only = args[0] if args[0] in SUBCOMMANDS else None  # (-h, --help and --version list them all)
    return build_parser(only).parse_args(args)


def replay(path: str) -> int:
    """``replay RECORD.json``: the outcome as JSON; a record that cannot be read
    exits 2 with one line (see ``game.saves.read_record``)."""
    import json

    from game.engine import RecordError
    from game.engine.replay import summary
    from game.saves import read_record

    try:
        match = read_record(path)
    except RecordError as err:
        print(str(err), file=sys.stderr)
        return 2
    print(json.dumps(summary(match)))
    return 0


def run(argv: Sequence[str]) -> int:
    try:
        args = parse(argv)
    except UsageError as err:
        print(str(err), file=sys.stderr)
        return 2
    if args.command != "play":
        import gc

        gc.enable()  # held off by ``python -m game`` for the window's first frames only
    if args.command == "replay":
        return replay(args.record)
    if args.command == "review":
        from game.review_report import main as review_main

        return review_main(args)
    if args.command == "verify":
        from game.verify_report import main as verify_main

        return verify_main(args)
    if args.command == "puzzles":
        from game.puzzles_report import main as puzzles_main

        return puzzles_main(args)
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(args)
    if args.command == "serve":
        from game.net.server import main as serve_main

        return serve_main(args)
    if args.command == "ladder":
        from game.rating.ladder import main as ladder_main

        return ladder_main(args)
    if args.command == "tournament":
        from game.ai.tournament import main as tournament_main

        return tournament_main(args)
    from game.ui.launch import main as play_main

    return play_main(args)
