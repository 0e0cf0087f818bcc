"""``python -m game play``: seats, flags, the smoke test, and errors."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ui.shell import launch
from game.ui.shell.seat_choices import SeatError, parse_seats

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def test_parse_seats() -> None:
    seats = parse_seats("Ann=human,hard,Cpu=easy")
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("@hard", "hard"), ("Cpu", "easy")]  # default names are codes
    assert [s.name for s in parse_seats("human,human")] == ["@player:1", "@player:2"]
    assert [s.name for s in parse_seats("medium,human,medium")] == ["@medium", "@you", "@medium:2"]
    assert [s.name for s in parse_seats("hard,human,Bea=human,human")] == ["@hard", "@player:2", "Bea", "@player:4"]  # the seats' numbers
    for bad in ("", "human,,hard", "human,no-such-level", "=human", "A=human,A=hard", "@you=human"):
        with pytest.raises(SeatError):
            parse_seats(bad)


def args(**kw: Any) -> argparse.Namespace:
    base = dict(rules=None, seats=None, seed=None, target=None, size=None, fullscreen=False, smoke_test=None, screenshot=None)
    base.update(kw)
    return argparse.Namespace(**base)


@pytest.mark.parametrize(
    "kw",
    [
        {"rules": "leyden", "seats": "human,hard,easy"},
        {"seats": "human,wizard"},
        {"size": "big"},
        {"size": "100x100"},
        {"rules": "leyden", "seats": "human"},
    ],
)
def test_bad_values_exit_2_with_one_line(kw: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert launch.main(args(**kw)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0]


def test_an_uncaught_error_is_logged(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(_: argparse.Namespace) -> int:
        raise RuntimeError("the felt caught fire")

    monkeypatch.setattr(launch, "run", broken)
    assert launch.main(args()) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the felt caught fire" in err[0]
    log = Path(os.environ["MATADOR_HOME"]) / "log" / "matador.log"
    assert "RuntimeError: the felt caught fire" in log.read_text()


def test_smoke_test_plays_on_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "last.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MATADOR_NO_CRASH_DIALOG="1")
    out = subprocess.run(
        [sys.executable, "-m", "game", "play", "--rules", "family", "--seats", "random,random,random",
         "--seed", "3", "--size", "800x600", "--smoke-test", "150", "--screenshot", str(shot)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert shot.stat().st_size > 10_000
    import pygame

    image = pygame.image.load(str(shot))
    assert image.get_size() == (800, 600)
