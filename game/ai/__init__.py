"""Computer players: ``make_player(level).choose(view, rng, budget_s) -> Action``.

Levels: ``random``, ``easy``, ``medium``, ``hard``. A player sees only a
``SeatView`` and uses only the ``rng`` it is given. No pygame here.
"""

from __future__ import annotations

from game.ai.player import Player

LEVELS = ("random", "easy", "medium", "hard")


def make_player(level: str) -> Player:
    """A player of ``level``; ``ValueError`` naming the known levels otherwise."""
    if level == "random":
        from game.ai.random_player import RandomPlayer

        return RandomPlayer()
    if level == "easy":
        from game.ai.easy import EasyPlayer

        return EasyPlayer()
    if level == "medium":
        from game.ai.medium import MediumPlayer

        return MediumPlayer()
    if level == "hard":
        from game.ai.hard import HardPlayer

        return HardPlayer()
    raise ValueError(f"unknown computer level {level!r} (known: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Player", "make_player"]
