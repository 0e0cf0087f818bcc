"""Memory across window sizes (issue 37): the window asks SDL for its plain
framebuffer; the caches keep to byte budgets and let go of their pictures when
the window changes size; a review or a past match opened after resizes to a
large window keeps no picture of the sizes before."""

from __future__ import annotations

import os
from typing import Any

import pytest

from game.ui.window import FRAMEBUFFER_HINT


def test_the_window_asks_sdl_for_its_plain_framebuffer(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FRAMEBUFFER_HINT, raising=False)
    make_app((640, 480))
    assert os.environ[FRAMEBUFFER_HINT] == "0"
    monkeypatch.setenv(FRAMEBUFFER_HINT, "1")  # the player's own choice is kept
    make_app((640, 480))
    assert os.environ[FRAMEBUFFER_HINT] == "1"
