"""A lesson's choice of a half (issue 37): Leyden's lesson, where the learner joins the
computer's crosswise matador, offers both halves, one better than the other, and
says why; the engine checks both joins are legal, the coach that the better is."""

from __future__ import annotations

import random

from game.ai.coach import Budget, assess
from game.engine.tiles import tile_name
from game.learning.lessons import load_lessons


def test_the_join_onto_a_crosswise_matador_offers_both_halves_and_calls_one_better() -> None:
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "leyden")
    match = lesson.new_match()
    found = 0
    for step in lesson.steps:
        if step.action is None:
            continue
        state = match.round
        action = state.normalized(step.action)
        crosswise = {end.arm: end.values for end in state.open_ends() if end.crosswise}
        if step.seat == lesson.learner and action.kind == "lay" and action.arm in crosswise:
            found += 1
            halves = crosswise[action.arm]
            assert step.rather is not None, "the learner is given a choice of halves"
            rather = state.normalized(step.rather)
            assert rather.arm == action.arm and {action.joins, rather.joins} == set(halves)  # both halves, one each
            assert state.explain(action) is None and state.explain(rather) is None  # both legal joins
            assert action.tile is not None and rather.tile is not None
            for name in (tile_name(action.tile), tile_name(rather.tile)):
                assert name in step.say  # the card names both tiles...
            assert "better" in step.say and "because" in step.say  # ...calls one better, and says why
            assert tile_name(action.tile) in step.wrong  # a wrong choice is told the better one
            # The coach agrees: from the learner's view, the other join gives up winning chance.
            judged = assess(match.view(lesson.learner), rather, random.Random(7), Budget(deals=600, forced_deals=100, check_deals=0, strong_deals=0))
            assert judged.lost >= 3.0, judged
            assert state.normalized(judged.best) != rather
        match.push(step.action)
    assert found >= 1
