"""Computer players: ``make_player(level).choose(view, rng, budget_s) -> Action``.

The levels are listed once, in ``game.ai.levels`` (``levels.ids()``: from
``beginner`` to ``expert``, and ``random``; ``levels.seers()``: the ladder's
``omniscient`` ceiling, no seat's level). A player sees only a ``SeatView`` and uses
only the ``rng`` it is given. No pygame here; importing this package imports
no player and not the engine (each is imported when first needed).
"""

from __future__ import annotations

from game.ai.levels import make_player
from game.ai.player import Player

__all__ = ["Player", "make_player"]
