"""Every message that names a seat reads right for "You" as well as for a name:
"You lead with 1-1", never "You leads with 1-1"."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from game.engine import Action, Match, PlayerInfo, Rules, parse_tile
from game.ui.table import (
    handoff_prompt,
    handoff_title,
    lead_text,
    outcome_title,
    passed_text,
    refused_text,
    turn_text,
    wait_text,
)
from game.ui.drawing.text import TextCache
from game.words.seat_words import match_title, says, third_person, whose

# "You" followed by a verb in the third person, or a possessive made of it.
WRONG_FOR_YOU = re.compile(r"\b[Yy]ou(?:'s| is| has| does| \w+(?<!s)s\b)")
# A name followed by a verb in its base form.
WRONG_FOR_ANN = re.compile(r"\bAnn (?:are|have|do|lead|pass|refuse|hold|win|draw|be)\b")


def seats(first: str) -> list[PlayerInfo]:
    return [PlayerInfo(first, "human", None), PlayerInfo("Bo", "computer", "easy")]


def leyden_lead(first: str) -> Match:
    match = Match(Rules.from_base("leyden", 2), seats(first), 7)
    match.next_round()
    return match


def messages(name: str) -> list[str]:
    """Every sentence the game makes about the seat called ``name``."""
    out = [
        turn_text(name, thinking=True),
        turn_text(name, thinking=False),
        wait_text(name),
        passed_text(name),
        refused_text(name),
        handoff_title(name),
        handoff_prompt(name),
    ]
    for base in ("leyden", "matador", "leyden-senst", "family"):
        for seed in range(40):  # every kind of lead: forced, any tile, refusable, draw for a double
            match = Match(Rules.from_base(base, 2), seats(name), seed)
            match.next_round()
            state = match.rounds[-1]
            if state.current_player is not None:
                names = ["Bo"] * 2
                names[state.current_player] = name  # the seat to lead is called ``name``
                out.append(lead_text(state, names))
    # nobody holds a double: the first to draw one leads it (classic Matador)
    match = Match(Rules.from_base("matador", 2), seats(name), 1)
    hands = [[parse_tile(t) for t in "6-5 6-4 6-3 6-2 6-1 6-0 5-4".split()], [parse_tile(t) for t in "5-3 5-2 5-1 5-0 4-3 4-2 4-1".split()]]
    rest = [t for t in range(28) if not any(t in h for h in hands)]
    state = match.next_round(hands, rest)
    out.append(lead_text(state, [name, "Bo"] if state.current_player == 0 else ["Bo", name]))
    # a later round: the last winner leads any tile
    match = Match(Rules.from_base("matador", 2), seats(name), 2)
    match.next_round()
    while not match.rounds[-1].over:
        match.push(match.rounds[-1].legal_moves()[0])
    state = match.next_round()
    out.append(lead_text(state, [name, "Bo"] if state.current_player == 0 else ["Bo", name]))
    for base in ("matador", "all-sevens", "wild-doubles", "leyden"):
        for seed in range(6):
            match = Match(Rules.from_base(base, 2, {"target_score": None}), seats(name), seed)
            match.next_round()
            state = match.rounds[-1]
            while not state.over:
                match.push(state.legal_moves()[-1])
            names = [p.name for p in match.players]
            out += [outcome_title(match, state), match_title(match), match_title(match, exclaim=True)]
            assert names[0] == name
    return [m for m in out if m]


@pytest.mark.parametrize("name", ["You", "Ann"])
def test_every_message_naming_a_seat_reads_right(name: str) -> None:
    text = TextCache()
    found = messages(name)
    mentions = [m for m in found if re.search(rf"\b{name}\b", m, re.IGNORECASE) or (name == "You" and "your" in m.lower())]
    assert len(mentions) >= 10  # the seat is named in most of them
    for message in found:
        assert text.render(message, 20).get_width() > 0  # it renders
        if name == "You":
            assert not WRONG_FOR_YOU.search(message), message
        else:
            assert not WRONG_FOR_ANN.search(message), message


def test_the_lead_reads_right_for_you_and_for_a_name() -> None:
    you = leyden_lead("You")
    ann = leyden_lead("Ann")
    assert you.rounds[-1].current_player == ann.rounds[-1].current_player
    leader = you.rounds[-1].current_player
    if leader == 0:
        assert lead_text(you.rounds[-1], ["You", "Bo"]).startswith("You lead with ")
        assert lead_text(ann.rounds[-1], ["Ann", "Bo"]).startswith("Ann leads with ")


def test_conjugation() -> None:
    assert [third_person(v) for v in ("lead", "pass", "carry", "have", "be", "play", "reach")] == [
        "leads", "passes", "carries", "has", "is", "plays", "reaches",
    ]
    assert says("You", "draw for", "one") == "You draw for one"
    assert says("Ann", "draw for", "one") == "Ann draws for one"
    assert says("you", "be", "looking", mid=True) == "you are looking"
    assert whose("You", capital=True) == "Your" and whose("Ann") == "Ann's"


def test_the_checker_catches_the_old_mistakes() -> None:
    for wrong in ("You leads with 1-1", "You's turn", "Blocked: You holds the lowest count", "You wins the match", "You is thinking"):
        assert WRONG_FOR_YOU.search(wrong), wrong
    for right in ("You lead with 1-1", "Your turn", "You pass", "You win the match!"):
        assert not WRONG_FOR_YOU.search(right), right


def test_the_table_says_you_pass(make_app: Any, ui: Any) -> None:
    """Through a real scene: the seat called You passes, and the table says so right."""
    app = make_app((800, 600))
    table = ui.new_table(app, "leyden", seats("You"), seed=7)
    said: list[str] = []
    original: Callable[..., None] = table.motion.say
    table.motion.say = lambda text, *a, **k: (said.append(text), original(text, *a, **k))  # type: ignore[method-assign]
    table.played(0, Action.pass_(), set(), None)  # what the table shows of it (the round itself is not changed here)
    table.played(0, Action.refuse(), set(), None)
    assert said == ["You pass", "You refuse to lead"]
