"""Golden playthroughs (tests/playthroughs/, written by tools/playthroughs.py).

Each rule set's file is what game/engine/state.py writes today for its rounds,
and game/engine/fastplay.py plays those rounds exactly as state.py does: a
change of either engine's rules fails here until the files are written again
(``python tools/playthroughs.py write``) and the diff reviewed.
"""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.engine import RULE_SETS

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("matador_playthroughs", ROOT / "tools" / "playthroughs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def test_every_rule_set_has_its_file_and_nothing_else_is_there() -> None:
    """A new rule set needs its file (``python tools/playthroughs.py write`` makes it,
    from a first round until rounds are chosen for it in ``ROUNDS``)."""
    assert set(tool.ROUNDS) <= set(RULE_SETS)
    files = {p.stem for p in (ROOT / "tests" / "playthroughs").glob("*.txt")}
    assert files == set(RULE_SETS), "python tools/playthroughs.py write"


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_round_state_writes_the_golden_file(base: str) -> None:
    want = tool.path_of(base).read_text(encoding="utf-8")
    got = tool.render(base)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), f"{base}.txt", "state.py now", lineterm="", n=2)
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"state.py no longer plays tests/playthroughs/{base}.txt (if the change is meant, run "
            f"`python tools/playthroughs.py write` and review the diff):\n{shown}"
        )


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_fastplay_plays_every_golden_round_as_round_state(base: str) -> None:
    problems = []
    for index, spec in enumerate(tool.rounds_of(base), 1):
        played = tool.play(base, spec, index)
        for line in tool.kernel_differences(base, spec, played):
            problems.append(f"round {index}: {line}")
    assert not problems, "\n".join(problems[:60])


def test_the_goldens_show_what_sets_each_rule_set_apart() -> None:
    """The rounds are not vacuous: across the files, every kind of action and
    end, and the rules that set a rule set apart, appear in the lines taken."""
    texts = {base: tool.path_of(base).read_text(encoding="utf-8") for base in RULE_SETS}
    every = "\n".join(texts.values())
    for what in ("take   draw", "take   pass", "take   refuse", "end: domino", "end: blocked", "end: redeal"):
        assert what in every, what
    assert " across\n" in texts["leyden"] and " across\n" in texts["leyden-senst"]
    assert " joins " in texts["leyden"] and " joins " in texts["leyden-senst"]
    assert "· spinner E[" in texts["all-sevens"] or "· spinner W[" in texts["all-sevens"]
    assert "lead draw-for-double" in texts["matador"]
    assert "lead refusable" in texts["leyden"] and "lead refusable" in texts["leyden-senst"]
    assert "end: blocked · pips" in every  # a tied block: no winner
    assert "double-nine" in texts["family"]


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_every_round_shows_what_its_heading_promises(base: str) -> None:
    """Each round's signs (``Round.signs``: what its heading says, in the words of
    ``tool.SIGNS``) appear when it is played: a change of the deals or the rules
    that leaves a heading untrue fails here (find new seeds with
    ``python tools/playthroughs.py search``)."""
    for index, spec in enumerate(tool.rounds_of(base), 1):
        assert all(w.lstrip("-") in tool.SIGNS for w in spec.signs), spec.signs
        seen = tool.signs(base, spec)[0]
        missing = [w for w in spec.signs if not tool.shows(seen, [w])]
        assert not missing, f"{base} round {index} ({spec.shows}) does not show {missing}; it shows {sorted(seen)}"
