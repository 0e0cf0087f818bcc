"""Shared test setup: headless SDL, and user files kept in a temporary home."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MATADOR_NO_CRASH_DIALOG", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own settings, saves and logs directory."""
    home = tmp_path / "matador-home"
    monkeypatch.setenv("MATADOR_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> object:
    """Each test starts (and leaves) in English, whatever the machine's language."""
    from game import i18n

    monkeypatch.setenv(i18n.ENV, "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def random_round() -> object:
    """``random_round(base, seed)``: a two-seat match (Ann, a person; Bo, a computer)
    whose first round was played by 4 to 40 random legal moves (in progress, or over)."""
    import random

    from game.engine import Match, PlayerInfo, Rules

    players = [PlayerInfo("Ann", "human", None), PlayerInfo("Bo", "computer", "easy")]

    def make(base: str, seed: int) -> Match:
        match = Match(Rules.from_base(base, 2), players, seed)
        match.next_round()
        rng = random.Random(seed)
        state = match.round
        for _ in range(rng.randrange(4, 40)):
            if state.over:
                break
            match.push(rng.choice(state.legal_moves()))
        return match

    return make


# Network play in the tests: a hosted table listens on 127.0.0.1 and any free port
# (unless the test chose one other than 47123), and nothing is announced or looked for on the local network (no multicast).
os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")
