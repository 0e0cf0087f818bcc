"""A headless player in its own process: ``python -m game.net.app.bot URL ...``.

It creates a table (``--create matador:4``) or joins one (``--join K7QX-2M``),
plays its seat with random legal actions until the match is over, and prints
one line when seated (``SEATED {json}``) and one at the end (``OVER {json}``).
With ``--state FILE`` it remembers its seat there and, when the file exists,
takes its seat back with the token (as the app does after a lost connection).
Used by the tests and by hand against a server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from game.net.app.client import Client, Seated, random_choice


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.net.app.bot")
    parser.add_argument("url")
    parser.add_argument("--create", metavar="RULES:PLAYERS")
    parser.add_argument("--join", metavar="CODE")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--seat", type=int)
    parser.add_argument("--state", type=Path, help="remember the seat here; take it back if the file exists")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wire", type=Path, help="write every message received here, one a line")
    parser.add_argument("--stall-after", type=int, help="stop answering at the turn after this many actions of its own")
    parser.add_argument("--timeout", type=float, default=60.0)
    return parser.parse_args(argv)


def say(word: str, data: Any) -> None:
    print(word, json.dumps(data), flush=True)


async def run(args: argparse.Namespace) -> int:
    wire: list[str] = []
    async with Client.connect(args.url, wire) as client:
        if args.state is not None and args.state.exists():
            seated = await client.rejoin(Seated(**json.loads(args.state.read_text())))
        elif args.create:
            rules, players = args.create.split(":")
            seated = await client.create(rules, int(players), args.name, seat=args.seat or 0)
        else:
            seated = await client.join(args.join, args.name, args.seat)
        if args.state is not None:
            args.state.write_text(json.dumps(seated.to_json()))
        say("SEATED", seated.to_json())
        host = args.create is not None
        rng = random.Random(args.seed)
        played = 0

        def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
            nonlocal played
            played += 1
            return random_choice(view, rng)

        while host and client.followed.view is None:  # the host starts once every seat is taken
            lobby = client.followed.lobby
            if lobby is not None and lobby["state"] == "lobby" and all(s["kind"] != "open" for s in lobby["seats"]):
                await client.start()
                break
            await client.receive(args.timeout)
        if args.stall_after is not None:
            while played < args.stall_after or not client.my_turn():
                if client.my_turn():
                    view = client.followed.view
                    assert view is not None
                    await client.play(choose(view, rng))
                await client.receive(args.timeout)
            say("STALLED", {"played": played})
            await asyncio.sleep(3600)
        over = await client.play_match(choose, rng, timeout=args.timeout)
        say("OVER", {"winner": over["winner"], "totals": over["totals"], "played": played})
    if args.wire is not None:
        args.wire.write_text("\n".join(wire) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    return asyncio.run(run(parse(sys.argv[1:] if argv is None else argv)))


if __name__ == "__main__":
    sys.exit(main())
