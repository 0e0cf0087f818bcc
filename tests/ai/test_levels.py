"""Every level (the registry's, at collection) plays a round of every rule set at its
fewest and most players, seeing only its seat's view, without an illegal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import Player, levels, make_player
from game.engine import RULE_SETS, Action, Match, PlayerInfo, RoundState, Rules, SeatView

# Every level, every rule set, read from the registries when the tests are collected: a
# level or a rule set registered there is played here with nothing else added.
LEVELS = levels.ids()
TABLES: list[tuple[str, int]] = sorted(
    {(base, n) for base, info in RULE_SETS.items() for n in (info.min_players, info.max_players)}
)
# Options that change how a round goes, played by every level too (Matador's and All
# Sevens' choices: each a behaviour of its own rule set).
OPTION_TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("matador", 3, {"drawing": "one-then-pass"}),
    ("all-sevens", 4, {"matadors": True, "layout": "first-double-spinner"}),
]
EXPERT = "test-expert"  # hard's player with twice its budget (a name no real level takes)
QUICK_S = 0.002  # a level's budget here: a search stops at once (the same code, quicker)


class OwnSeatOnly:
    """A level's player, handed only what its seat may see: fails if it is given
    anything but the ``SeatView`` of the seat to move."""

    def __init__(self, player: Player):
        self.player = player

    def choose(self, view: SeatView, seat: int, rng: random.Random) -> Action:
        assert type(view) is SeatView and not isinstance(view, RoundState) and view.seat == seat
        return self.player.choose(view, rng, QUICK_S)


def play_rounds(level: str, base: str, players: int, overrides: dict[str, Any], rounds: int, seed: int) -> int:
    """Play ``rounds`` rounds with ``level`` in the first two seats (random play in the
    others: quicker at a table of many); return the decisions ``level`` made."""
    rules = Rules.from_base(base, players, overrides)
    kinds = [level if s < 2 else "random" for s in range(players)]
    match = Match(rules, [PlayerInfo(f"P{s}", "computer", kind) for s, kind in enumerate(kinds)], seed)
    seat_players = [OwnSeatOnly(make_player(kind)) for kind in kinds]
    rng = random.Random(seed)
    decisions = 0
    for _ in range(rounds):
        if match.over:
            break
        state = match.next_round() if match.needs_next_round else match.round
        while not state.over:
            seat = state.current_player
            assert seat is not None
            view = match.view(seat)
            action = seat_players[seat].choose(view, seat, rng)
            assert action in view.legal_moves(), f"{kinds[seat]} chose {action} in {state!r}"
            match.push(action)  # the engine checks it again
            decisions += int(kinds[seat] == level)
    return decisions


@pytest.mark.parametrize("base,players", TABLES, ids=lambda x: str(x))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_round_of_every_rule_set(level: str, base: str, players: int) -> None:
    assert play_rounds(level, base, players, {}, rounds=1, seed=100 + players) > 0


@pytest.mark.parametrize("table", OPTION_TABLES, ids=lambda t: t[0])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_the_options_that_change_a_round(level: str, table: tuple[str, int, dict[str, Any]]) -> None:
    base, players, overrides = table
    assert play_rounds(level, base, players, overrides, rounds=1, seed=7) > 0


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_has_what_the_lists_show(level: str) -> None:
    """Its player, its words (name, label, description) and a budget the tables and
    the server read (``thinking.server_budget_s``: its own, times the server's share)."""
    from game.net.server.thinking import SHARE, server_budget_s

    entry = levels.get(level)
    assert entry is not None and make_player(level).level == level
    assert entry.name and entry.label and entry.description and entry.budget_s >= 0
    assert server_budget_s(level) == pytest.approx(entry.budget_s * SHARE)


@pytest.mark.parametrize("level", LEVELS)
def test_leyden_later_rounds_with_refusals(level: str) -> None:
    # Later Leyden rounds open with the loser leading a double, drawing for one or refusing.
    assert play_rounds(level, "leyden", 2, {}, rounds=3, seed=7) > 0


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("grandmaster")




def test_a_level_thinks_its_own_budget_at_a_server_table() -> None:
    """"expert" (hard's player, twice its budget) thinks twice hard's time at a
    server table too (its budget times the server's share, every level alike), and
    a level that does not search decides on the event loop, by its budget alone."""
    import asyncio
    from concurrent.futures import Future

    from game.net.server.thinking import INLINE_BUDGET_S, ThinkPool, inline

    hard = levels.get("hard")
    assert hard is not None
    expert = levels.Level(EXPERT, hard.player, 2 * hard.budget_s, "Expert", "expert", "Hard, thinking twice as long.", 35)

    class Manual:
        def __init__(self) -> None:
            self.budgets: dict[str, float] = {}

        def submit(self, fn: Any, level: str, view: Any, seed: int, budget_s: float) -> Future[Any]:
            self.budgets[level] = budget_s
            return Future()

    async def go(share: float) -> dict[str, float]:
        manual = Manual()
        pool = ThinkPool(2, executor=manual, share=share)  # type: ignore[arg-type]
        for level in ("hard", EXPERT):
            pool.think(level, level, None, 0, lambda action: None)
        return manual.budgets

    with levels.registered(expert):
        budgets = asyncio.run(go(0.3))
        assert budgets[EXPERT] == pytest.approx(2 * budgets["hard"]) and budgets["hard"] == pytest.approx(0.3 * hard.budget_s)
        assert asyncio.run(go(1.0))[EXPERT] == pytest.approx(expert.budget_s)  # a server that gives them their whole budget
        assert not inline(EXPERT)
    assert all(inline(level.id) == (level.budget_s <= INLINE_BUDGET_S) for level in levels.levels())
