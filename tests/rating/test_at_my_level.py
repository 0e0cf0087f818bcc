"""At my level, from the registries alone: for every rule set, a person rated at a
level's ladder rating gets that level; a level not on that rule set's ladder is
never chosen; no rating is the default level; a rating that rises past a level's
names the next one up."""

from __future__ import annotations

import pytest

from game.ai import levels
from game.engine import RULE_SETS
from game.rating.at_my_level import choose, choose_for, ladder_row, passed, rungs
from game.rating.glicko2 import Rating
from game.rating.player_rating import Ratings, Standing, family_of
from game.words.my_level import choice_line, passed_line


def offered_on_ladder(base: str) -> list[str]:
    row = ladder_row(base)
    return [level for level in levels.offered() if level in row]


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_a_rating_at_a_levels_ladder_rating_chooses_that_level(base: str) -> None:
    steps = rungs(base)
    row = ladder_row(base)
    assert sorted(level for level, _r in steps) == sorted(offered_on_ladder(base)) and len(steps) >= 2
    assert [r for _level, r in steps] == sorted(row[level][0] for level in offered_on_ladder(base))
    for i, (level, rating) in enumerate(steps):
        gaps = [abs(rating - other) for j, (_o, other) in enumerate(steps) if j != i]
        near = min(gaps) / 3  # nearer this level than any other
        for offset in (0.0, near, -near):
            choice = choose(base, Rating(rating + offset, 80.0))
            assert (choice.level, choice.level_rating, choice.family) == (level, rating, family_of(base))
            assert not choice.provisional


def test_the_nearest_level_wins_and_the_ends_go_to_the_weakest_and_strongest() -> None:
    for base in RULE_SETS:
        steps = rungs(base)
        assert choose(base, Rating(-1000.0, 50.0)).level == steps[0][0]
        assert choose(base, Rating(4000.0, 50.0)).level == steps[-1][0]
        for r in range(1000, 2000, 7):
            chosen = choose(base, Rating(float(r), 50.0))
            assert chosen.level_rating is not None
            assert abs(chosen.level_rating - r) == min(abs(rating - r) for _level, rating in steps)


def test_a_level_the_ladder_has_not_measured_is_skipped_even_when_it_is_offered() -> None:
    unmeasured = levels.Level("unmeasured", levels.resolve(None).player, 0.5, "Unmeasured", "unmeasured", "Not on the ladder.", 25)
    with levels.registered(unmeasured):
        assert unmeasured.id in levels.offered()
        for base in RULE_SETS:
            assert unmeasured.id not in [level for level, _r in rungs(base)]
            for r in range(1000, 2000, 25):
                assert choose(base, Rating(float(r), 50.0)).level != unmeasured.id


def test_no_rating_yet_is_the_default_level_and_a_provisional_one_is_said_so() -> None:
    ratings = Ratings()
    for base in RULE_SETS:
        choice = choose_for(ratings, "Ann", base)
        assert choice.level == levels.resolve(None).id and choice.rating is None and choice.level_rating is None
        assert "default level" in choice_line(choice)
        assert choose_for(ratings, None, base).level == levels.resolve(None).id
    level, rating = rungs("matador")[-1]
    ratings.table["Ann"] = {family_of("matador"): Standing(Rating(rating, 200.0))}
    choice = choose_for(ratings, "Ann", "matador")
    name = levels.resolve(level).name
    assert choice.provisional and choice.level == level
    assert choice_line(choice) == f"At my level: {name} (your provisional Matador-like rating {round(rating)} is nearest {name}'s {round(rating)})"


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_a_rating_rising_past_a_level_names_the_next_one(base: str) -> None:
    steps = rungs(base)
    for i, (level, rating) in enumerate(steps):
        went = passed(base, rating - 0.5, rating + 0.5)
        assert went is not None and (went.level, went.level_rating) == (level, rating)
        following = next((other for other, r in steps[i + 1 :] if r > rating), None)
        assert went.next_level == following
        if following is not None:
            assert passed_line(went) == (
                f"Your rating {round(rating + 0.5)} is now above {levels.resolve(level).name}'s {round(rating)}: "
                f"try {levels.resolve(following).name}."
            )
        else:
            assert passed_line(went).endswith("the strongest level.")
        assert passed(base, rating + 0.5, rating + 0.6) is None  # already above it
        assert passed(base, rating + 0.5, rating - 0.5) is None  # falling past it says nothing
    first, last = steps[0][1], steps[-1][1]
    across = passed(base, first - 1, last + 1)  # past every level at once: the strongest is said
    assert across is not None and across.level == steps[-1][0] and across.next_level is None
