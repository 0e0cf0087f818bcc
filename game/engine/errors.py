"""The engine's exceptions: each carries a message a player can read."""

from __future__ import annotations


class RuleError(ValueError):
    """A rule set or option combination that cannot be played."""


class IllegalMoveError(ValueError):
    """An action the rules do not allow in the current position."""
