"""The names a form's seats are given: the same rules on New game and on Host a table
(one check, ``Setup.names_problem``), for every kind of seat whose name is typed."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui.scenes.friends.friends_model import HostSetup
from game.ui.scenes.new_game.setup import Setup
from game.words import names


def _setup(form: type[Setup], kinds: list[str], typed: list[str]) -> Setup:
    setup = form()
    if isinstance(setup, HostSetup):
        setup.host_name = "Ann"
    seats: list[dict[str, Any]] = [{"kind": kind, "name": name} for kind, name in zip(kinds, typed)]
    setup.load({"rules": "matador", "players": len(kinds), "seats": seats}, lambda pad: False)
    return setup


@pytest.mark.parametrize("form", [Setup, HostSetup], ids=["new-game", "host"])
def test_a_typed_name_may_not_be_a_code_on_either_form(form: type[Setup]) -> None:
    for kind in form.named_kinds:
        if kind == "human" and form is HostSetup:
            continue  # the host's own seat takes the name of the settings
        kinds = ["human", kind] if kind != "human" else [kind, "medium"]
        typed = ["Bea", names.MARK + "hard"] if kind != "human" else [names.MARK + "hard", ""]
        setup = _setup(form, kinds, typed)
        refused = setup.check()[1]
        seat = 2 if kind != "human" else 1
        assert refused == f"Seat {seat}: a name may not begin with @", (form, kind, refused)
        typed[seat - 1] = "Cor"
        assert _setup(form, kinds, typed).check()[1] in (None, "Give at least one seat to a friend"), (form, kind)


@pytest.mark.parametrize("form", [Setup, HostSetup], ids=["new-game", "host"])
def test_two_seats_of_one_name_are_refused_on_either_form(form: type[Setup]) -> None:
    kind = form.named_kinds[-1]
    setup = _setup(form, ["human", kind, kind], ["Bea", "Cor", "cor"])
    assert setup.check()[1] == "Two seats are called cor: give each a different name"
