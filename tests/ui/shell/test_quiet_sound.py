"""Without a sound card the terminal stays quiet (issue 37): the start used to print
some 16 lines of ALSA's complaints on stderr (SDL opening sound twice: once in
pygame.init, once for the mixer), while the game already logs "sound is off".
The real start, in a subprocess, with a sound driver chosen that cannot open a
card: conftest's dummy driver would hide the defect."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's (with a card, nothing is said anyway)")
def test_the_start_without_a_sound_card_prints_nothing_of_alsa(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", MATADOR_NO_CRASH_DIALOG="1", MATADOR_HOME=str(tmp_path / "home"))
    out = subprocess.run(
        [sys.executable, "-m", "game", "play", "--size", "800x600", "--smoke-test", "3"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "ALSA" not in out.stderr, out.stderr
    log = (tmp_path / "home" / "log" / "matador.log").read_text("utf-8")
    assert "sound is off" in log  # said where it belongs, once


def test_what_else_is_said_on_stderr_while_sound_starts_is_passed_on(capfd: pytest.CaptureFixture[str]) -> None:
    """The hush keeps back ALSA's lines only: anything else written on the C-level
    stderr meanwhile reaches the terminal afterwards."""
    from game.ui.shell.audio import quiet_sound_start

    with quiet_sound_start():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        os.write(2, b"X Error of failed request: BadWindow\n")
        print("a warning of Python's", file=sys.stderr)
    err = capfd.readouterr().err
    assert "ALSA" not in err and "X Error of failed request: BadWindow" in err and "a warning of Python's" in err
