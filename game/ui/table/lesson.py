"""A lesson at the table: the table scene, walked step by step through a lesson
of ``game.lessons``.

A card on the right of the felt says what each step teaches. Where the step is
the learner's move, its tile lifts and its place glows; any other move is
refused with the table's own reason (or, for a legal move the step does not
want, the step's words) and not played. The computer's moves are the lesson's
own: their card waits for Next like a reading step, and only then does the
computer's tile glide. Esc, or "Leave lesson", leaves at any time; nothing is
saved or counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.engine import Action
from game.i18n import _
from game.lessons import Lesson, Step
from game.ui.menu import wrap
from game.ui.table.input import Intent, plain
from game.ui.table.panel import CARD, PanelContent, card_surface
from game.ui.table.regions import TableRegions, compute_regions
from game.ui.table.scene import TableScene
from game.ui.text import DIM, GOLD, IVORY
from game.ui.words import shown_name
from game.thinker import Thinker

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress



class LessonScene(TableScene):
    """One lesson, from its deal to its last step."""

    def __init__(
        self,
        lesson: Lesson,
        number: int = 1,
        *,
        thinker: Thinker | None = None,
        animation_speed: str = "normal",
        computer_speed: str = "normal",
        on_leave: Callable[[TableScene], None] | None = None,
    ):
        super().__init__(
            lesson.new_match(),
            thinker=thinker,
            animation_speed=animation_speed,
            computer_speed=computer_speed,
            on_leave=on_leave,
            on_pause=lambda scene: scene.leave(),  # Esc leaves the lesson
        )
        self.lesson = lesson
        self.number = number
        self.step_index = 0
        self.takebacks = None  # a lesson is walked forwards only
        self._card: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._go = False  # Next was pressed on the computer's card: its move may be played
        self._lesson_buttons: dict[str, pygame_gui.elements.UIButton] = {}

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
        return step is not None and (step.action is None or (self.computers_step() and not self._go))

    def expected(self) -> Action | None:
        """The learner's move this step waits for (as the engine would play it)."""
        step = self.step
        if step is None or step.action is None or step.seat != self.lesson.learner:
            return None
        return self.state.normalized(step.action)

    def next_step(self) -> None:
        """Go on from a reading step, or let the computer play the move its card
        describes (Next)."""
        step = self.step
        if self.computers_step():
            self._go = True
            return
        if step is None or step.action is not None:
            return
        if self.step_index >= len(self.lesson.steps) - 1:
            self.leave()
            return
        self.step_index += 1
        self._entered()

    def _entered(self) -> None:
        """A new step: point at the learner's move, if it is one."""
        self._card = None
        self._go = False
        expected = self.expected()
        if expected is not None:
            self.sync()
            self.point_at(expected)

    # The table, narrowed to the lesson ---------------------------------------------
    def tool_names(self) -> list[str]:
        return []

    def compute_regions(self, viewer: int | None = None) -> TableRegions:
        return compute_regions(self.size, self.match.rules.players, self.lesson.learner, 0, True)

    def panel_content(self) -> PanelContent | None:
        return None  # the lesson card takes the side panel's place

    def build_gui(self) -> None:
        super().build_gui()
        assert self.gui is not None
        regions = self.compute_regions()  # for the window's new size (the scene's own follow in sync)
        panel = regions.panel or pygame.Rect(0, 0, 200, 200)
        k = regions.scale
        bh = round(38 * k)
        pad = round(10 * k)
        half = (panel.width - 3 * pad) // 2
        y = panel.bottom - pad - bh
        leave, ahead = pygame.Rect(panel.left + pad, y, half, bh), pygame.Rect(panel.left + 2 * pad + half, y, half, bh)
        if half < round(150 * k):  # a narrow card: one button above the other, each as wide as the card
            leave, ahead = pygame.Rect(panel.left + pad, y - bh - pad, 2 * half + pad, bh), pygame.Rect(panel.left + pad, y, 2 * half + pad, bh)
        self._lesson_buttons = {
            "leave": pygame_gui.elements.UIButton(leave, _("Leave lesson"), self.gui),
            "next": pygame_gui.elements.UIButton(ahead, _("Next"), self.gui, object_id="#primary"),
        }
        self._card = None

    def hand_text(self) -> str:
        name = shown_name(self.names[self.lesson.learner])
        if self.finished:
            return _("{name}  ·  read the card, then press Finish (or Enter)").format(name=name)
        step = self.step
        if step is not None and self.waits_for_next() and step.seat is not None:
            return _("{name}  ·  read the card, then press Next (or Enter) to see {other}'s move").format(name=name, other=self.names[step.seat])
        if self.waits_for_next():
            return _("{name}  ·  read the card, then press Next (or Enter)").format(name=name)
        return super().hand_text()

    def lead_text(self) -> str:
        return ""  # the card says who leads, and when

    def seat_info(self, seat: int) -> tuple[str, int, int, bool, str]:
        name, count, total, to_move, status = super().seat_info(seat)
        step = self.step
        if status == _("thinking…") and (step is None or step.seat != seat):
            status = _("to move")  # it waits for the lesson, it is not thinking
        return name, count, total, to_move, status

    # Moves ---------------------------------------------------------------------------
    def play(self, action: Action, origin: tuple[int, int] | None) -> bool:
        seat = self.state.current_player
        step = self.step
        if seat == self.lesson.learner:
            expected = self.expected()
            if expected is None:
                self.motion.say(_("Read the card, then press Next"), 3.0)
                return False
            if self.state.normalized(action) != expected:
                why = self.state.explain(action)  # the table's own refusal, for a move it would refuse
                wanted = step.wrong if step is not None and step.wrong else _("look where the place glows")
                self.motion.say(plain(why) if why else _("Not this time: {wanted}").format(wanted=wanted), 5.0, warning=True)
                self.sound("refused")
                self.point_at(expected)
                return False
        played = super().play(action, origin)
        if played:
            if seat == self.lesson.learner:
                self.motion.message = None  # the right move: the last step's warning is done with
            self.step_index += 1
            self._entered()
        return played

    def next_please(self) -> bool:
        """Input while the computer's card waits: say Next lets its move be played (True)."""
        step = self.step
        if not (self.computers_step() and self.waits_for_next()) or step is None or step.seat is None:
            return False
        self.motion.say(_("Read the card, then press Next to see {name}'s move").format(name=self.names[step.seat]), 3.0)
        return True

    def follow(self, intent: Intent) -> None:
        if intent.kind in ("message", "draw", "pass", "refuse") and self.next_please():
            return
        super().follow(intent)

    def request(self, action: Action) -> None:
        expected = self.expected()
        if self.state.current_player == self.lesson.learner and expected is not None and self.state.normalized(action) != expected:
            self.play(action, None)  # says what this step wants instead
            return
        super().request(action)

    def refuse_drop(self, tile: int, pos: tuple[int, int] | None, reason: str) -> None:
        super().refuse_drop(tile, pos, reason)  # the table's reason for that very drop
        expected = self.expected()
        if expected is not None:
            self.point_at(expected)

    def _computer_turn(self, seat: int, dt: float) -> None:
        """The computer plays the lesson's move, once the lesson gets there."""
        step = self.step
        if step is None or step.action is None or step.seat != seat or not self._go:
            return  # its card waits for Next
        self.play(step.action, None)

    def _after_round(self, dt: float) -> None:
        """No summary: the lesson's last step says how the round was scored."""

    # Every frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for name, button in self._lesson_buttons.items():
            if button.check_pressed():
                self.sound("button")
                if name == "leave":
                    self.leave()
                    return
                self.next_step()
                if self.app is None or self.app.top is not self:
                    return  # finished: the lesson has left the stack
        reading = self.waits_for_next()
        next_button = self._lesson_buttons.get("next")
        if next_button is not None:
            next_button.set_text(_("Finish") if self.finished else _("Next"))
            if reading and not next_button.visible:
                next_button.show()  # type: ignore[no-untyped-call]
            elif not reading and next_button.visible:
                next_button.hide()  # type: ignore[no-untyped-call]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()  # a lesson can be left at any time, a tile in hand or not
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
            if self.waits_for_next():
                self.next_step()
                return True
        return super().handle_event(event)

    def handle_pad(self, press: PadPress) -> None:
        """A controller: A goes on from a card to read (as Enter does); Start leaves (as
        Esc does); the lesson has no moves panel to show; the rest plays as at any table."""
        if press.button == "a" and not press.repeat and self.waits_for_next():
            self.next_step()
            return
        if press.button in ("back", "lb", "rb"):
            return
        super().handle_pad(press)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the lesson's card in the side panel's place (changes nothing)."""
        assert self.renderer is not None
        self.renderer.draw(surface, self)
        panel = self.regions.panel
        if panel is not None:
            surface.blit(self.card(panel.size), panel.topleft)
        self.draw_gui(surface)

    def card(self, size: tuple[int, int]) -> pygame.Surface:
        key: tuple[object, ...] = (self.step_index, size, self.regions.scale, self.waits_for_next())
        if self._card is not None and self._card[0] == key:
            return self._card[1]
        k = self.regions.scale
        w, h = size
        out = card_surface(size, CARD)
        pad = round(12 * k)
        y = pad
        for head in wrap(self.text, _("Lesson {number}: {title}").format(number=self.number, title=self.lesson.title), w - 2 * pad, max(15, round(19 * k)), GOLD):
            out.blit(head, (pad, y))
            y += head.get_height()
        y += round(2 * k)
        count = self.text.render(_("Step {number} of {count}").format(number=min(self.step_index + 1, len(self.lesson.steps)), count=len(self.lesson.steps)), max(14, round(15 * k)), DIM)
        out.blit(count, (pad, y))
        y += count.get_height() + round(10 * k)
        step = self.step
        if step is not None:
            for line in wrap(self.text, step.say, w - 2 * pad, max(15, round(18 * k)), IVORY):
                out.blit(line, (pad, y))
                y += line.get_height() + 1
            prompt = self.card_prompt()
            if prompt:
                y += round(8 * k)
                for line in wrap(self.text, prompt, w - 2 * pad, max(14, round(16 * k)), GOLD):
                    out.blit(line, (pad, y))
                    y += line.get_height()
        self._card = (key, out)
        return out

    def card_prompt(self) -> str:
        """The card's last line: what the learner does now, in the step's own terms."""
        step = self.step
        if step is None or step.action is None:
            return ""  # the button says Next or Finish
        if self.computers_step():
            return _("Press Next to see {name} play it.").format(name=self.names[step.seat or 0]) if self.waits_for_next() else ""
        kind = step.action.kind
        if kind == "draw":
            return _("Your move: the boneyard glows. Click it, or press D.")
        if kind in ("pass", "refuse"):
            return _("Your move: press P, or the button below your hand.")
        return _("Your move: the tile is lifted and its place glows.")
