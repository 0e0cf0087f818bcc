"""The command line: ``python -m game [play|replay|review|verify|puzzles|bench|tournament|ladder|serve] ...``.

Each sub-command imports only what it needs, so ``replay`` and the engine
benchmarks never load pygame. The lists the flags offer (rule sets, seat
kinds) are read from their registries (``game.engine.RULE_SETS``,
``game.ai.levels``) only when a flag or ``--help`` needs them: the window's
first frame waits for neither.

What a person reads counts rounds and the actions within a round from 1, as the
screens do ("round 1" is the first; ``review --round 1`` reviews it); the JSON
the commands print keeps the record's own fields (docs/record.md): a round's
and an action's index, from 0. Every error is one line on stderr that begins
with the command's name ("review: ...").
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Iterator, NoReturn, Sequence

from game.version import version

SUBCOMMANDS = ("play", "replay", "review", "verify", "puzzles", "bench", "tournament", "ladder", "serve")
INT_LIMIT = 2**63 - 1  # the largest number a saved file may hold (game.storage)


def rule_set_ids() -> tuple[str, ...]:
    """Every rule set's id, in the registry's order."""
    from game.engine import RULE_SETS

    return tuple(RULE_SETS)


def seat_kinds() -> tuple[str, ...]:
    """What ``--seats`` may name: ``human``, then every computer level in order."""
    from game.ai import levels

    return ("human", *levels.ids())


class Later(Sequence[str]):
    """A list read when argparse first looks into it (a flag's ``choices``: see ``later``)."""

    def __init__(self, read: Callable[[], tuple[str, ...]]):
        self.read = read

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        return self.read()[index]

    def __len__(self) -> int:
        return len(self.read())

    def __iter__(self) -> Iterator[str]:
        return iter(self.read())

    def __contains__(self, value: object) -> bool:
        return value in self.read()


class UsageError(Exception):
    """A bad command line: reported on one line, exit status 2."""


def later(action: argparse.Action, read: Callable[[], tuple[str, ...]]) -> None:
    """``read()`` as the flag's choices, read only when the flag is given or help
    shown (set after ``add_argument``, whose own check would read them at once)."""
    action.choices = Later(read)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors instead of a usage dump, and help that names
    the registries' entries (``_Help``)."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)")  # ``parse`` names the command


class _Help(argparse.HelpFormatter):
    """Help whose ``{seat_kinds}`` is filled in from the levels when help is shown."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        return text.replace("{seat_kinds}", ", ".join(seat_kinds())) if text else text


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
        later(play.add_argument("--rules", help="start straight into a game of this rule set"), rule_set_ids)
        play.add_argument(
            "--seats",
            help="comma-separated seats, each a kind ({seat_kinds}) optionally named as NAME=KIND, e.g. Ann=human,hard",
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
        review.add_argument("--round", type=_positive_int, metavar="R", help="review round R only (the first is 1; default: all)")
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
        puzzles = sub.add_parser("puzzles", help="list the puzzles made of your past matches' mistakes (or, without, their costliest moves)")
        puzzles.add_argument("--json", action="store_true", help="print one JSON object")
        puzzles.add_argument("--review", action="store_true", help="first review the past matches not reviewed yet")
        puzzles.add_argument("--workers", type=_positive_int, help="--review's worker processes (default: all cores)")

    if only in (None, "bench"):
        bench = sub.add_parser("bench", help="print performance figures")
        from game.bench import BENCHES

        bench.add_argument("what", choices=tuple(BENCHES), help="what to measure")
        bench.add_argument("--json", action="store_true", help="print one JSON object")
        bench.add_argument("--quick", action="store_true", help="a shorter run (fewer samples)")
        bench.add_argument("--bundle", metavar="PATH", help="startup: the built executable to time as well")
        bench.add_argument("--tables", type=_positive_int, default=200, help="net: tables to play at once (default 200)")
        bench.add_argument("--connect", metavar="HOST:PORT", help="net: a running server to measure (default: start one)")
        bench.add_argument("--attacks", action="store_true", help="net: a victim table's pace while other clients attack the server")
        bench.add_argument("--kills", type=_positive_int, help="net: kill the server with -9 this many times during play; told moves lost")
        bench.add_argument("--processes", type=_positive_int, help="cluster: server processes on one Redis (default 2)")
        bench.add_argument("--idle", type=_positive_int, help="net: the server's memory with this many idle connections")
        bench.add_argument("--clients", type=_positive_int, help="queue: clients asking to play now (default 500)")
        bench.add_argument("--decisions", type=_positive_int, help="coach: decisions to judge (default 60)")
        bench.add_argument("--ref-deals", type=_positive_int, help="coach: the reference's deals per candidate (default 500)")
        bench.add_argument("--hard-deals", type=_positive_int, help="coach: the hard re-check's deals (default 200)")
        bench.add_argument("--coach-deals", type=_positive_int, help="coach: the coach's deals per decision at most (default 4000)")
        bench.add_argument("--minutes", type=float, help="soak: minutes of play in one process (default 30; 2 with --quick)")
        bench.add_argument("--seed", type=int, help="soak: the monkey's seed (default 1)")
        bench.add_argument(
            "--small-windows", action="store_true", help="soak: windows up to 1920x1080 only, no reviews at large sizes (issue 33's run)"
        )

    if only in (None, "tournament"):
        tour = sub.add_parser("tournament", help="play computer opponents against each other")
        later(tour.add_argument("--rules", default="matador"), rule_set_ids)
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
        ladder.add_argument("--hard-games", type=_positive_int, help="games per costly pair, one with a level that searches (default: as --games)")
        ladder.add_argument("--near", type=_positive_int, help="play only the pairs at most this many rungs apart in the ladder's order (default: every pair)")
        ladder.add_argument("--remeasured", help="comma-separated kinds whose play changed: --module drops them from the rule sets not run again")
        ladder.add_argument("--seed", type=_positive_int, default=1)
        ladder.add_argument("--jobs", type=_positive_int, help="worker processes (default: all cores)")
        ladder.add_argument("--time", type=float, help="hard player's time cap per decision, seconds (default 4)")
        ladder.add_argument("--results", metavar="FILE", help="keep each game's result in FILE as it ends (through gzip if FILE ends in .gz); games already there are not played again")
        out = ladder.add_mutually_exclusive_group()
        out.add_argument("--json", action="store_true", help="print one JSON object")
        out.add_argument("--module", action="store_true", help="print the ratings as game/rating/ladder_table.py")

    if only in (None, "serve"):
        from game.net.server.serve import add_arguments

        add_arguments(sub.add_parser("serve", help="run a network server for tables played by code (headless)"), _positive_int)
    return parser


def parse(argv: Sequence[str]) -> argparse.Namespace:
    args = list(argv)
    if not args or (args[0] not in SUBCOMMANDS and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]
    only = args[0] if args[0] in SUBCOMMANDS else None  # (-h, --help and --version list them all)
    try:
        return build_parser(only).parse_args(args)
    except UsageError as err:
        raise UsageError(f"{only or 'matador'}: {err}") from None


def replay(path: str) -> int:
    """``replay RECORD.json``: the outcome as JSON; a record that cannot be read
    exits 2 with one line (see ``game.profile.saves.read_record``)."""
    import json

    from game.engine import RecordError
    from game.engine.replay import summary
    from game.profile.saves import read_record

    try:
        match = read_record(path)
    except RecordError as err:
        print(f"replay: {err}", file=sys.stderr)
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
        from game.commands.review_report import main as review_main

        return review_main(args)
    if args.command == "verify":
        from game.commands.verify_report import main as verify_main

        return verify_main(args)
    if args.command == "puzzles":
        from game.commands.puzzles_report import main as puzzles_main

        return puzzles_main(args)
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(args)
    if args.command == "serve":
        from game.net.server.serve import main as serve_main

        return serve_main(args)
    if args.command == "ladder":
        from game.rating.ladder import main as ladder_main

        return ladder_main(args)
    if args.command == "tournament":
        from game.ai.tournament import main as tournament_main

        return tournament_main(args)
    from game.ui.shell.launch import main as play_main

    return play_main(args)
