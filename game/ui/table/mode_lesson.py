"""A lesson, as a mode of the table: positions come from a lesson of
``game.lessons``, walked step by step; the learner moves as at any table, the
computer's seat is a ``ScriptSeat`` that answers with the script's move.

A card on the right of the felt (a side panel drawn over the table: the
mode's) says what each step teaches. Where the step is the learner's move,
its tile lifts and its place glows; any other move is refused with the table's
own reason (or, for a legal move the step does not want, the step's words)
and not played. The computer's moves are the lesson's own: their card waits
for Next like a reading step, and only then does the computer's tile glide.
Esc, or "Leave lesson", leaves at any time; only a lesson finished is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame
import pygame_gui
from pygame import Rect

from game.engine import Action, Match, SeatView
from game.i18n import _
from game.lessons import Lesson, Step, mark_done
from game.referee import Listener, Referee
from game.seat import COMPUTER, PersonSeat, Seat
from game.thinker import Thinker
from game.ui.menu import wrap
from game.ui.table.input import Intent, plain
from game.ui.table.mode import Mode, computer_turn
from game.ui.table.panel import CARD, SidePanel, card_surface
from game.ui.table.regions import PanelSpec, TableRegions
from game.ui.table.scene import TableScene
from game.ui.text import DIM, GOLD, IVORY
from game.ui.words import shown_name

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress
    from game.ui.table.panels import PanelPart


def lesson_table(
    lesson: Lesson,
    number: int = 1,
    *,
    thinker: Thinker | None = None,
    animation_speed: str = "normal",
    computer_speed: str = "normal",
    on_leave: Callable[[TableScene], None] | None = None,
) -> TableScene:
    """The table walking through ``lesson`` (the ``number``-th of the list)."""
    return TableScene(
        lesson.new_match(),
        thinker=thinker,
        animation_speed=animation_speed,
        computer_speed=computer_speed,
        on_leave=on_leave,
        on_pause=lambda scene: scene.leave(),  # Esc leaves the lesson
        mode=LessonMode(lesson, number),
    )


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


class LessonMode(Mode):
    """One lesson, from its deal to its last step."""

    name = "lesson"

    def __init__(self, lesson: Lesson, number: int = 1):
        self.lesson = lesson
        self.number = number
        self.step_index = 0
        self.table: TableScene | None = None
        self.card = LessonCard(self)
        self.go = False  # Next was pressed on the computer's card: its move may be played
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def bind(self, table: TableScene) -> None:
        self.table = table

    @property
    def _table(self) -> TableScene:
        assert self.table is not None, "the mode is given to a table first"
        return self.table

    # Where the moves come from -----------------------------------------------------
    def make_referee(self, table: TableScene, match: Match, listeners: Sequence[Listener]) -> Referee:
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

    def takes_back(self, table: TableScene) -> bool:
        return False  # a lesson is walked forwards only

    def turn(self, table: TableScene, seat: int, dt: float) -> None:
        if table.is_person(seat):
            super().turn(table, seat, dt)
        elif table.frames > 1:
            computer_turn(table, seat, dt, 0.0)  # the script's move, as soon as it is let go

    def after_round(self, table: TableScene, dt: float) -> None:
        """No summary: the lesson's last step says how the round was scored."""

    # What the lesson is at ---------------------------------------------------------
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
        return self._table.match.round.normalized(step.action)

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

    def card_prompt(self) -> str:
        """The card's last line: what the learner does now."""
        return self.card.prompt(self._table.names, self.waits_for_next())

    def entered(self) -> None:
        """A new step: point at the learner's move, if it is one."""
        self.card.forget()
        self.go = False
        if self.finished:
            mark_done(self.lesson.id)  # kept: the list of lessons marks it, the title stops offering them
        expected = self.expected()
        if expected is not None:
            self._table.sync()
            self._table.aids.point_at(expected)

    # Moves ---------------------------------------------------------------------------
    def vet(self, table: TableScene, action: Action) -> bool:
        """The learner's move goes to the referee only if it is the step's."""
        if table.state.current_player != self.lesson.learner:
            return True
        expected = self.expected()
        if expected is None:
            table.motion.say(_("Read the card, then press Next"), 3.0)
            return False
        if table.match.round.normalized(action) != expected:
            step = self.step
            why = table.state.explain(action)  # the table's own refusal, for a move it would refuse
            wanted = step.wrong if step is not None and step.wrong else _("look where the place glows")
            table.motion.say(plain(why) if why else _("Not this time: {wanted}").format(wanted=wanted), 5.0, warning=True)
            table.sound("refused")
            table.aids.point_at(expected)
            return False
        return True

    def played(self, table: TableScene, seat: int, action: Action) -> None:
        if seat == self.lesson.learner:
            table.motion.message = None  # the right move: the last step's warning is done with
        self.step_index += 1
        self.entered()

    def next_please(self) -> bool:
        """Input while the computer's card waits: say Next lets its move be played (True)."""
        step = self.step
        if not (self.computers_step() and self.waits_for_next()) or step is None or step.seat is None:
            return False
        self._table.motion.say(_("Read the card, then press Next to see {name}'s move").format(name=self._table.names[step.seat]), 3.0)
        return True

    def follow(self, table: TableScene, intent: Intent) -> bool:
        return intent.kind in ("message", "draw", "pass", "refuse") and self.next_please()

    def request(self, table: TableScene, action: Action) -> bool:
        expected = self.expected()
        if table.state.current_player == self.lesson.learner and expected is not None and table.match.round.normalized(action) != expected:
            table.play(action, None)  # says what this step wants instead
            return True
        return False

    def refused_drop(self, table: TableScene) -> None:
        expected = self.expected()
        if expected is not None:
            table.aids.point_at(expected)

    # The table, narrowed to the lesson ---------------------------------------------
    def tool_names(self, table: TableScene) -> list[str]:
        return []

    def panels(self) -> tuple[Callable[[], PanelPart], ...]:
        return (lambda: self.card,)  # the lesson card takes the side panels' place

    def key(self, table: TableScene) -> tuple[object, ...]:
        return (self.step_index, self.go)

    def build(self, table: TableScene, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        panel = regions.panel or pygame.Rect(0, 0, 200, 200)
        k = regions.scale
        bh = round(38 * k)
        pad = round(10 * k)
        half = (panel.width - 3 * pad) // 2
        y = panel.bottom - pad - bh
        leave, ahead = pygame.Rect(panel.left + pad, y, half, bh), pygame.Rect(panel.left + 2 * pad + half, y, half, bh)
        if half < round(150 * k):  # a narrow card: one button above the other, each as wide as the card
            leave, ahead = pygame.Rect(panel.left + pad, y - bh - pad, 2 * half + pad, bh), pygame.Rect(panel.left + pad, y, 2 * half + pad, bh)
        self.buttons = {
            "leave": pygame_gui.elements.UIButton(leave, _("Leave lesson"), gui),
            "next": pygame_gui.elements.UIButton(ahead, _("Next"), gui, object_id="#primary"),
        }
        self.card.forget()

    def hand_text(self, table: TableScene) -> str | None:
        name = shown_name(table.names[self.lesson.learner])
        if self.finished:
            return _("{name}  ·  read the card, then press Finish (or Enter)").format(name=name)
        step = self.step
        if step is not None and self.waits_for_next() and step.seat is not None:
            return _("{name}  ·  read the card, then press Next (or Enter) to see {other}'s move").format(name=name, other=table.names[step.seat])
        if self.waits_for_next():
            return _("{name}  ·  read the card, then press Next (or Enter)").format(name=name)
        return None

    def lead_text(self, table: TableScene) -> str | None:
        return ""  # the card says who leads, and when

    def seat_status(self, table: TableScene, seat: int, status: str) -> str:
        waiting = self.waits_for_next() or self.step is None or self.step.seat != seat  # its card waits for Next
        return _("to move") if status == _("thinking…") and waiting else status  # waiting, it is not thinking

    # Input and the frame ---------------------------------------------------------
    def handle_event(self, table: TableScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table.leave()  # a lesson can be left at any time, a tile in hand or not
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
            if self.waits_for_next():
                self.next_step()
                return True
        return False

    def handle_pad(self, table: TableScene, press: PadPress) -> bool:
        """A controller: A goes on from a card to read (as Enter does); Start leaves (as
        Esc does); the lesson has no moves panel to show; the rest plays as at any table."""
        if press.button == "a" and not press.repeat and self.waits_for_next():
            self.next_step()
            return True
        return press.button in ("back", "lb", "rb")

    def update(self, table: TableScene, dt: float) -> None:
        for name, button in self.buttons.items():
            if button.check_pressed():
                table.sound("button")
                if name == "leave":
                    table.leave()
                    return
                self.next_step()
                if table.app is None or table.app.top is not table:
                    return  # finished: the lesson has left the stack
        reading = self.waits_for_next()
        next_button = self.buttons.get("next")
        if next_button is not None:
            next_button.set_text(_("Finish") if self.finished else _("Next"))
            if reading and not next_button.visible:
                next_button.show()  # type: ignore[no-untyped-call]
            elif not reading and next_button.visible:
                next_button.hide()  # type: ignore[no-untyped-call]


class LessonCard:
    """The lesson's card in the side panels' column: the lesson, the step, what it says, what to do."""

    name = "lesson"
    over = True

    def __init__(self, mode: LessonMode):
        self.mode = mode
        self.painter: SidePanel | None = None
        self._card: tuple[Hashable, pygame.Surface] | None = None

    def attach(self, painter: SidePanel) -> None:
        self.painter = painter

    def forget(self) -> None:
        self._card = None

    def is_open(self, table: TableScene) -> bool:
        return True

    def spec(self, table: TableScene) -> PanelSpec:
        return PanelSpec(self.name)

    def content(self, table: TableScene, rect: Rect) -> Hashable:
        mode = self.mode
        return (mode.step_index, rect.size, table.regions.scale, mode.waits_for_next(), tuple(table.names))

    def handle_event(self, event: pygame.event.Event, table: TableScene, rect: Rect) -> bool:
        return False  # its buttons are widgets (the mode's)

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        if self._card is None or self._card[0] != content:
            self._card = (content, self.paint(content))
        surface.blit(self._card[1], rect.topleft)

    def paint(self, content: Hashable) -> pygame.Surface:
        assert self.painter is not None and isinstance(content, tuple)
        _step, size, k, waits, names = content
        text = self.painter.text
        mode = self.mode
        lesson = mode.lesson
        w, h = size
        out = card_surface(size, CARD)
        pad = round(12 * k)
        y = pad
        for head in wrap(text, _("Lesson {number}: {title}").format(number=mode.number, title=lesson.title), w - 2 * pad, max(15, round(19 * k)), GOLD):
            out.blit(head, (pad, y))
            y += head.get_height()
        y += round(2 * k)
        count = text.render(_("Step {number} of {count}").format(number=min(mode.step_index + 1, len(lesson.steps)), count=len(lesson.steps)), max(14, round(15 * k)), DIM)
        out.blit(count, (pad, y))
        y += count.get_height() + round(10 * k)
        step = mode.step
        if step is not None:
            for line in wrap(text, step.say, w - 2 * pad, max(15, round(18 * k)), IVORY):
                out.blit(line, (pad, y))
                y += line.get_height() + 1
            prompt = self.prompt(names, waits)
            if prompt:
                y += round(8 * k)
                for line in wrap(text, prompt, w - 2 * pad, max(14, round(16 * k)), GOLD):
                    out.blit(line, (pad, y))
                    y += line.get_height()
        return out

    def prompt(self, names: Sequence[str], waits: bool) -> str:
        """The card's last line: what the learner does now, in the step's own terms."""
        mode = self.mode
        step = mode.step
        if step is None or step.action is None:
            return ""  # the button says Next or Finish
        if mode.computers_step():
            return _("Press Next to see {name} play it.").format(name=names[step.seat or 0]) if waits else ""
        kind = step.action.kind
        if kind == "draw":
            return _("Your move: the boneyard glows. Click it, or press D.")
        if kind in ("pass", "refuse"):
            return _("Your move: press P, or the button below your hand.")
        return _("Your move: the tile is lifted and its place glows.")
