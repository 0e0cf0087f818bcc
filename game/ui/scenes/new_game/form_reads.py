"""What the New game form (``NewGameScene``, and Host's, ``HostScene``) shows of
itself to whoever reads it: its setup's values as the form's own
(``form.rule_id``, ``form.players``, ``form.seats``...: what the flow, the
keys and tests read) and the places of its lines as the window size fixes them
(``form.row_rects``, ``form.selectors``...).

``FormReads`` is a base of ``NewGameScene``: it reads the scene's ``state``
(its ``Setup``) and ``layout`` (its ``FormLayout``) and keeps nothing itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scenes.new_game.setup import CHOICE_ROWS

if TYPE_CHECKING:
    from game.ui.scenes.new_game.form_geometry import FormLayout
    from game.ui.scenes.new_game.setup import Setup
    from game.ui.shell.seat_inputs import SeatInputs


class FormReads:
    """The form's setup and places, read (a part of ``NewGameScene``)."""

    if TYPE_CHECKING:  # the scene's, read here
        state: Setup
        layout: FormLayout | None

    # The setup, as the form's own --------------------------------------------------
    @property
    def rule_id(self) -> str:
        return self.state.rule_id

    @property
    def players(self) -> int:
        return self.state.players

    @players.setter
    def players(self, players: int) -> None:
        self.state.players = players

    @property
    def options(self) -> dict[str, Any]:
        return self.state.options

    @property
    def seats(self) -> list[dict[str, str]]:
        return self.state.seats

    @property
    def inputs(self) -> SeatInputs:
        return self.state.inputs

    def setup(self) -> dict[str, Any]:
        return self.state.saved()

    def value(self, key: str) -> Any:
        return self.state.value(key)

    def fit_seats(self) -> None:
        self.state.fit_seats()

    # Places, as the window size fixes them --------------------------------------------
    @property
    def list_rows(self) -> dict[str, pygame.Rect]:
        return self.layout.list_rows if self.layout is not None else {}

    @property
    def row_rects(self) -> dict[str, pygame.Rect]:
        """Every line's place, walked or greyed."""
        return self.layout.lines if self.layout is not None else {}

    @property
    def selectors(self) -> dict[str, pygame.Rect]:
        return {key: sel.rect for key, sel in self.layout.selectors.items() if key in CHOICE_ROWS} if self.layout is not None else {}

    @property
    def seat_rows(self) -> list[pygame.Rect]:
        return self.layout.seat_rows if self.layout is not None else []

    @property
    def input_rects(self) -> list[pygame.Rect]:
        return self.layout.input_rects if self.layout is not None else []
