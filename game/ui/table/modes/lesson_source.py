"""The lesson's source (``LessonSource``, of ``LessonMode``, lesson_mode.py): a
lesson of ``game.learning.lessons`` walked step by step from its deal; the learner's
seat is a person's, every other seat a ``ScriptSeat`` that answers with the
script's move once the card lets it go (Next).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from game.engine import Action, Match, SeatView
from game.learning.lessons import Lesson, Step, mark_done
from game.play.referee import Listener, Referee
from game.play.seat import COMPUTER, PersonSeat, Seat
from game.ui.table.modes.mode import LiveSource

if TYPE_CHECKING:
    from game.ui.table.table_model import TableModel
    from game.ui.table.protocols import Table


class ScriptSeat:
    """A computer seat that plays the script: its answer is the move ``script``
    gives (None until the lesson lets it go)."""

    kind = COMPUTER

    def __init__(self, index: int, script: Callable[[int], Action | None]):
        self.index = index
        self.script = script

    def turn(self, view: SeatView) -> None:
        pass  # nothing to think about: the script knows

    def answer(self) -> Action | None:
        return self.script(self.index)

    def cancel(self) -> None:
        pass

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        pass


class LessonSource(LiveSource):
    """The lesson's deal and script: the learner's seat a person's, the others
    play the script's moves once the card lets them go."""

    def __init__(self, lesson: Lesson, number: int = 1):
        super().__init__()
        self.lesson = lesson
        self.number = number
        self.step_index = 0
        self.table: Table | None = None
        self.go = False  # Next was pressed on the computer's card: its move may be played
        self.stepped: list[Callable[[], None]] = []  # told at each new step (the card is painted again)

    def attach(self, table: Table) -> None:
        self.table = table

    @property
    def _table(self) -> Table:
        assert self.table is not None, "the lesson is given to a table first"
        return self.table

    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """The learner's seat is a person's; the others play the script."""
        seats: list[Seat] = [
            PersonSeat(index) if index == self.lesson.learner else ScriptSeat(index, self.scripted) for index in range(len(match.players))
        ]
        return Referee(match, seats, listeners, auto_ask=False)

    def scripted(self, seat: int) -> Action | None:
        """The script's move for ``seat``, once the lesson gets there and Next let it go."""
        step = self.step
        if step is None or step.action is None or step.seat != seat or not self.go:
            return None  # its card waits for Next
        return step.action

    def takes_back(self, model: TableModel) -> bool:
        return False  # a lesson is walked forwards only

    def turn(self, table: Table, seat: int, dt: float) -> None:
        if table.model.is_person(seat):
            super().turn(table, seat, dt)
        elif table.frames > 1:
            self.computer_turn(table, seat, dt, 0.0)  # the script's move, as soon as it is let go

    def after_round(self, table: Table, dt: float) -> None:
        """No summary: the lesson's last step says how the round was scored."""

    def next_change(self, table: Table) -> float | None:
        """Every frame: the lesson's script and its card follow the table each frame."""
        return 0.0

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.step_index >= len(self.lesson.steps) - 1 and (self.step is None or self.step.action is None)

    def computers_step(self) -> bool:
        """Whether this step is the computer's move (its card waits for Next)."""
        step = self.step
        return step is not None and step.action is not None and step.seat != self.lesson.learner

    def waits_for_next(self) -> bool:
        """Whether the card waits for Next: a reading step, or the computer's move not yet let go."""
        step = self.step
        return step is not None and (step.action is None or (self.computers_step() and not self.go))

    def expected(self) -> Action | None:
        """The learner's move this step waits for (as the engine would play it)."""
        step = self.step
        if step is None or step.action is None or step.seat != self.lesson.learner:
            return None
        return self._table.model.match.round.normalized(step.action)

    def next_step(self) -> None:
        """Go on from a reading step, or let the computer play the move its card describes (Next)."""
        step = self.step
        if self.computers_step():
            self.go = True
            return
        if step is None or step.action is not None:
            return
        if self.step_index >= len(self.lesson.steps) - 1:
            self._table.leave()
            return
        self.step_index += 1
        self.entered()

    def entered(self) -> None:
        """A new step: point at the learner's move, if it is one."""
        for told in self.stepped:
            told()
        self.go = False
        if self.finished:
            mark_done(self.lesson.id)  # kept: the list of lessons marks it, the title stops offering them
        expected = self.expected()
        if expected is not None:
            self._table.sync()
            if self.chooses():
                self._table.controls.input.reset()  # nothing lifted: the learner picks (a wrong pick is then pointed at)
            else:
                self._table.controls.point_at(expected)

    def chooses(self) -> bool:
        """Whether the learner chooses this step's move among two the card weighs (nothing is lifted for them)."""
        step = self.step
        return step is not None and step.rather is not None and step.seat == self.lesson.learner
