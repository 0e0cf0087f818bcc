"""Computer players' worker: moved to ``game.thinker`` (no pygame there, so the
seats of ``game.seat`` can use it without importing the UI). Kept for the
imports that still name this module."""

from game.thinker import ComputerController, Thinker, choose_action, suggest_move

__all__ = ["ComputerController", "Thinker", "choose_action", "suggest_move"]
