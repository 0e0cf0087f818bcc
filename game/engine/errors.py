"""The engine's refusals and exceptions: codes with parameters, never words.

A ``Refusal`` says why the engine refuses something (an action now, a rule
combination, a step of a match) as a ``code`` and the ``params`` its sentence
names (tile names like ``"6-1"``, arm letters, numbers, or a ``Refusal`` it
wraps). The words are the UI's: ``game.words.refusals.refusal_text`` says every
code in the player's language. ``str()`` is a plain form for logs and
developers (``not-in-hand (tile=6-1)``), not a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Union

Param = Union[str, int, "Refusal"]


@dataclass(frozen=True)
class Refusal:
    """Why something is refused: ``code`` (kebab-case) and what its sentence names."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted((k, str(v)) for k, v in self.params.items()))))

    def __str__(self) -> str:
        if not self.params:
            return self.code
        return f"{self.code} ({', '.join(f'{key}={value}' for key, value in self.params.items())})"


class EngineError(ValueError):
    """An error that carries a ``Refusal`` (``code``, ``params``); ``str()`` is its plain form."""

    def __init__(self, code: str | Refusal, params: Mapping[str, Param] | None = None):
        self.refusal = code if isinstance(code, Refusal) else Refusal(code, dict(params or {}))
        super().__init__(str(self.refusal))

    @property
    def code(self) -> str:
        return self.refusal.code

    @property
    def params(self) -> Mapping[str, Param]:
        return self.refusal.params

    def __reduce__(self) -> tuple[type[EngineError], tuple[Refusal]]:  # pickled whole (a worker's error)
        return (type(self), (self.refusal,))


class RuleError(EngineError):
    """A rule set or option combination that cannot be played."""


class IllegalMoveError(EngineError):
    """An action the rules do not allow in the current position (or a step of a
    match that cannot be taken now)."""
