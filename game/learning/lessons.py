"""The lessons of "Learn to play": data, not code.

Their words (titles, summaries, what each step says, and the computer
opponent's name, which the words use) are in the catalogs too
(``tools/messages.py`` extracts them from lessons.json) and are translated as
the file is read.

Each lesson in ``lessons.json`` is a rule set, two seats, a fixed deal and a
list of steps. A step says something; most also name one action, written as a
game record writes it (``{"player": 0, "lay": "6-1", "on": "E", "touch": 6}``).
The learner's actions are waited for (and a wrong move explained with the
step's ``wrong`` words); the computer's are played for it. A learner's step may
also name, as ``rather``, another legal move that its words call the worse
choice (a half of a crosswise matador joined with the other tile, say): the
learner then chooses, nothing is lifted for them, and the worse move is
explained with the ``wrong`` words. A lesson is checked by replaying its steps
with the engine, so a lesson that could not be played (or whose ``rather`` is
not a legal move of that step, or is the step's own) never loads.

Which lessons the player finished is kept in the user data (``lessons-done.json``,
by lesson id): the list of lessons marks them, and the title stops offering the
lessons once every one is done.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Action, Match, PlayerInfo, RecordError, Rules, RuleError, action_from_json, parse_tile
from game.i18n import _
from game.resources import user_data_dir
from game.storage import load_json, save_json
from game.words.refusals import error_text, refusal_text

LESSONS_PATH = Path(__file__).resolve().parent / "lessons.json"
FORMAT = "matador-lessons/1"
DONE_FORMAT = "matador-lessons-done/1"


class LessonError(ValueError):
    """A lesson file that cannot be used, with the lesson and step named."""


@dataclass(frozen=True)
class Step:
    say: str
    seat: int | None = None  # who acts in this step, if anyone
    action: Action | None = None
    wrong: str = ""  # what to say to a learner who does something else
    rather: Action | None = None  # a legal move the step's words call worse: the learner chooses between the two


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    rules: Rules
    players: tuple[PlayerInfo, ...]
    hands: tuple[tuple[int, ...], ...]
    boneyard: tuple[int, ...]
    steps: tuple[Step, ...]

    @property
    def learner(self) -> int:
        """The seat of the person taking the lesson."""
        return next(seat for seat, p in enumerate(self.players) if p.is_human)

    def new_match(self) -> Match:
        """The lesson's match, dealt and waiting for its first step."""
        match = Match(self.rules, list(self.players), 0)
        match.next_round(self.hands, self.boneyard)
        return match


def load_lessons(path: Path = LESSONS_PATH) -> list[Lesson]:
    """Every lesson in ``path``, each checked by playing it; ``LessonError`` if one cannot be."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise LessonError(f"the lessons cannot be read: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("lessons"), list):
        raise LessonError(f"the lessons file must be an object with format {FORMAT!r} and a list of lessons")
    return [parse_lesson(item, i) for i, item in enumerate(data["lessons"])]


def parse_lesson(item: Any, index: int) -> Lesson:
    where = f"lesson {index}"
    if not isinstance(item, dict):
        raise LessonError(f"{where}: must be an object")
    try:
        rules_obj = item["rules"]
        players = tuple(_player(p) for p in item["players"])
        rules = Rules.from_base(rules_obj["base"], len(players), rules_obj.get("options") or {})
        hands = tuple(tuple(parse_tile(t, rules.top) for t in hand) for hand in item["deal"]["hands"])
        boneyard = tuple(parse_tile(t, rules.top) for t in item["deal"]["boneyard"])
        title, summary, lesson_id = _(str(item["title"])), _(str(item["summary"])), str(item["id"])
    except RuleError as err:
        raise LessonError(f"{where}: {error_text(err)}") from None
    except (KeyError, TypeError, ValueError) as err:
        raise LessonError(f"{where}: {err}") from None
    steps = []
    for s, obj in enumerate(item.get("steps", [])):
        if not isinstance(obj, dict) or not isinstance(obj.get("say"), str):
            raise LessonError(f"{where}, step {s}: a step is an object with the words it says")
        seat, action, rather = None, None, None
        try:
            if "do" in obj:
                seat, action = action_from_json(obj["do"], rules)
            if "rather" in obj:
                rather_seat, rather = action_from_json(obj["rather"], rules)
                if action is None or rather_seat != seat:
                    raise LessonError(f"{where}, step {s}: 'rather' is another move of the player of the step's 'do'")
        except RecordError as err:
            raise LessonError(f"{where}, step {s}: {err}") from None
        wrong = str(obj.get("wrong", ""))
        said = str(obj["say"])
        steps.append(Step(_(said), seat, action, _(wrong) if wrong else "", rather))
    lesson = Lesson(lesson_id, title, summary, rules, players, hands, boneyard, tuple(steps))
    check(lesson, where)
    return lesson


def _player(obj: Any) -> PlayerInfo:
    if obj.get("kind") == "human":
        return PlayerInfo(str(obj["name"]), "human", None)
    return PlayerInfo(_(str(obj["name"])), "computer", str(obj.get("level", "easy")))  # the texts name it so


def check(lesson: Lesson, where: str) -> None:
    """Play every step's action: each must be its seat's turn and legal."""
    if sum(p.is_human for p in lesson.players) != 1:
        raise LessonError(f"{where}: a lesson has exactly one learner")
    try:
        match = lesson.new_match()
    except Exception as err:
        raise LessonError(f"{where}: the deal cannot be played: {err}") from None
    state = match.round
    for s, step in enumerate(lesson.steps):
        if step.action is None:
            continue
        if state.current_player != step.seat:
            raise LessonError(f"{where}, step {s}: it is seat {state.current_player}'s turn, not seat {step.seat}'s")
        refusal = state.explain(step.action)
        if refusal is not None:
            raise LessonError(f"{where}, step {s}: {refusal_text(refusal)}")
        if step.rather is not None:
            refusal = state.explain(step.rather)
            if refusal is not None:
                raise LessonError(f"{where}, step {s}: the move called worse: {refusal_text(refusal)}")
            if state.normalized(step.rather) == state.normalized(step.action):
                raise LessonError(f"{where}, step {s}: the move called worse is the step's own")
        match.push(step.action)


# Which lessons were finished -----------------------------------------------------------
def done_path() -> Path:
    return user_data_dir() / "lessons-done.json"


def _done_ids(data: Any) -> frozenset[str]:
    if not isinstance(data, dict) or data.get("format") != DONE_FORMAT or not isinstance(data.get("done"), list):
        raise ValueError(f"not a list of finished lessons ({DONE_FORMAT})")
    if not all(isinstance(item, str) and 0 < len(item) <= 100 for item in data["done"]) or len(data["done"]) > 1000:
        raise ValueError("a finished lesson is named by its id")
    return frozenset(data["done"])


def lessons_done() -> frozenset[str]:
    """The ids of the lessons the player finished (none if the file cannot be read:
    it is moved aside, and the lessons are simply offered again)."""
    loaded = load_json(done_path(), "lessons finished", _done_ids)
    return loaded.data if isinstance(loaded.data, frozenset) else frozenset()


def mark_done(lesson_id: str) -> None:
    """Keep that the lesson ``lesson_id`` was finished (a failed write is told once, by
    ``game.storage.write_troubles``, and costs nothing else)."""
    done = lessons_done()
    if lesson_id in done:
        return
    try:
        save_json(done_path(), {"format": DONE_FORMAT, "done": sorted(done | {lesson_id})})
    except OSError:
        pass


def all_done(lessons: list[Lesson] | None = None) -> bool:
    """Whether every lesson was finished (False if the lessons cannot be loaded)."""
    try:
        ids = {lesson.id for lesson in (load_lessons() if lessons is None else lessons)}
    except LessonError:
        return False
    return bool(ids) and ids <= lessons_done()
