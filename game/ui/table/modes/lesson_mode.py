"""A lesson, as a mode of the table: positions come from a lesson of
``game.learning.lessons``, walked step by step; the learner moves as at any table, the
computer's seat is a ``ScriptSeat`` that answers with the script's move.

A card on the right of the felt (a side panel drawn over the table: the
mode's) says what each step teaches. Where the step is the learner's move,
its tile lifts and its place glows; any other move is refused with the table's
own reason (or, for a legal move the step does not want, the step's words)
and not played. The computer's moves are the lesson's own: their card waits
for Next like a reading step, and only then does the computer's tile glide.
Esc, or "Leave lesson", leaves at any time; only a lesson finished is kept.
The card's words, when taller than the room above its buttons, scroll with the
wheel over it, Page Up/Down and a controller's shoulders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.engine import Action
from game.i18n import _
from game.learning.lessons import Lesson
from game.play.thinker import Thinker
from game.ui.table.input import Intent, plain
from game.ui.table.modes.lesson_card import LessonCard
from game.ui.table.modes.look import PlayLook
from game.ui.table.modes.lesson_source import LessonSource
from game.ui.table.modes.mode import REFUSED, LiveMoves
from game.ui.table.felt.regions import TableRegions
from game.ui.table.table_scene import TableScene
from game.words.seat_words import shown_name

if TYPE_CHECKING:
    from game.ui.table.protocols import PanelPart, Table
    from game.ui.shell.gamepad import PadPress


def lesson_table(
    lesson: Lesson,
    number: int = 1,
    *,
    thinker: Thinker | None = None,
    animation_speed: str = "normal",
    computer_speed: str = "normal",
    on_leave: Callable[[Table], None] | None = None,
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


class LessonMode:
    """One lesson, from its deal to its last step: its script is the source, the
    learner's moves are vetted against the step, its card and buttons show."""

    name = "lesson"

    def __init__(self, lesson: Lesson, number: int = 1):
        self.source = LessonSource(lesson, number)
        self.moves = LessonMoves(self.source)
        self.look = LessonLook(self.source)

    def attach(self, table: Table) -> None:
        self.source.attach(table)
        self.look.attach(table)


class LessonMoves(LiveMoves):
    """The learner's moves, vetted against the step before the referee sees them."""

    def __init__(self, lesson: LessonSource):
        self.lesson = lesson

    def submit(self, table: Table, seat: int, action: Action) -> str:
        """The learner's move goes to the referee only if it is the step's (else the
        step's words say what it wants instead)."""
        if not self.vet(table, action):
            return REFUSED
        return super().submit(table, seat, action)

    def vet(self, table: Table, action: Action) -> bool:
        """Whether the learner's ``action`` is the step's; says why not if it is not."""
        if table.model.state.current_player != self.lesson.lesson.learner:
            return True
        expected = self.lesson.expected()
        if expected is None:
            table.motion.say(_("Read the card, then press Next"), 3.0)
            return False
        if table.model.match.round.normalized(action) != expected:
            step = self.lesson.step
            why = table.model.state.explain(action)  # the table's own refusal, for a move it would refuse
            wanted = step.wrong if step is not None and step.wrong else _("look where the place glows")
            table.motion.say(plain(why) if why else _("Not this time: {wanted}").format(wanted=wanted), 5.0, warning=True)
            table.sound("refused")
            table.controls.point_at(expected)
            return False
        return True

    def played(self, table: Table, seat: int, action: Action) -> None:
        if seat == self.lesson.lesson.learner:
            table.motion.message = None  # the right move: the last step's warning is done with
        self.lesson.step_index += 1
        self.lesson.entered()

    def next_please(self) -> bool:
        """Input while the computer's card waits: say Next lets its move be played (True)."""
        step = self.lesson.step
        if not (self.lesson.computers_step() and self.lesson.waits_for_next()) or step is None or step.seat is None:
            return False
        self.lesson._table.motion.say(_("Read the card, then press Next to see {name}'s move").format(name=self.lesson._table.model.names[step.seat]), 3.0)
        return True

    def follow(self, table: Table, intent: Intent) -> bool:
        return intent.kind in ("message", "draw", "pass", "refuse") and self.next_please()

    def request(self, table: Table, action: Action) -> bool:
        expected = self.lesson.expected()
        if table.model.state.current_player == self.lesson.lesson.learner and expected is not None and table.model.match.round.normalized(action) != expected:
            table.play(action, None)  # says what this step wants instead
            return True
        return False

    def refused_drop(self, table: Table) -> None:
        expected = self.lesson.expected()
        if expected is not None:
            table.controls.point_at(expected)


class LessonLook(PlayLook):
    """What a lesson shows: its card in the panels' place, its buttons, no tools."""

    def __init__(self, lesson: LessonSource):
        self.lesson = lesson
        self.card = LessonCard(lesson)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        lesson.stepped.append(self.card.forget)

    def card_prompt(self, table: Table) -> str:
        """The card's last line: what the learner does now."""
        return self.card.prompt(table.model.names, self.lesson.waits_for_next())

    def tool_names(self, table: Table) -> list[str]:
        return []

    def panel_shown(self, table: Table, name: str, wanted: bool) -> bool:
        """The lesson's card takes the side panels' place."""
        return name == self.card.name and wanted

    def cards(self) -> list[PanelPart]:
        return [self.card]

    def key(self, table: Table) -> tuple[object, ...]:
        return (self.lesson.step_index, self.lesson.go)

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
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

    def hand_text(self, table: Table) -> str:
        name = shown_name(table.model.names[self.lesson.lesson.learner])
        if self.lesson.finished:
            return _("{name}  ·  read the card, then press Finish (or Enter)").format(name=name)
        step = self.lesson.step
        if step is not None and self.lesson.waits_for_next() and step.seat is not None:
            return _("{name}  ·  read the card, then press Next (or Enter) to see {other}'s move").format(name=name, other=table.model.names[step.seat])
        if self.lesson.waits_for_next():
            return _("{name}  ·  read the card, then press Next (or Enter)").format(name=name)
        return super().hand_text(table)

    def lead_text(self, table: Table) -> str:
        return ""  # the card says who leads, and when

    def seat_status(self, table: Table, seat: int, status: str) -> str:
        lesson = self.lesson
        waiting = lesson.waits_for_next() or lesson.step is None or lesson.step.seat != seat  # its card waits for Next
        return _("to move") if status == _("thinking…") and waiting else status  # waiting, it is not thinking

    def handle_event(self, table: Table, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            table.leave()  # a lesson can be left at any time, a tile in hand or not
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
            if self.lesson.waits_for_next():
                self.lesson.next_step()
                return True
        card = table.board.regions.panels.get(self.card.name)
        if event.type == pygame.MOUSEWHEEL and card is not None and card.collidepoint(table.controls.input.pointer):
            self.scroll_card(table, -event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_card(table, 3 if event.key == pygame.K_PAGEDOWN else -3)
            return True
        return False

    def scroll_card(self, table: Table, steps: int) -> None:
        """The card's words scrolled ``steps`` lines' worth down (negative: up)."""
        if self.card.scroll_by(round(steps * 24 * table.board.regions.scale)):
            table.jumped()

    def handle_pad(self, table: Table, press: PadPress) -> bool:
        """A controller: A goes on from a card to read (as Enter does); Start leaves (as
        Esc does); the lesson has no moves panel to show; the rest plays as at any table."""
        if press.button == "a" and not press.repeat and self.lesson.waits_for_next():
            self.lesson.next_step()
            return True
        if press.button in ("lb", "rb"):  # the shoulders scroll the card's words
            self.scroll_card(table, 3 if press.button == "rb" else -3)
        return press.button in ("back", "lb", "rb")

    def update(self, table: Table, dt: float) -> None:
        for name, button in self.buttons.items():
            if button.check_pressed():
                table.sound("button")
                if name == "leave":
                    table.leave()
                    return
                self.lesson.next_step()
                if table.app is None or table.app.top is not table:
                    return  # finished: the lesson has left the stack
        reading = self.lesson.waits_for_next()
        next_button = self.buttons.get("next")
        if next_button is not None:
            next_button.set_text(_("Finish") if self.lesson.finished else _("Next"))
            if reading and not next_button.visible:
                next_button.show()  # type: ignore[no-untyped-call]
            elif not reading and next_button.visible:
                next_button.hide()  # type: ignore[no-untyped-call]
