"""The friends screens' fixtures: an app at 1280x800 on its title (closed after,
every network thread ended), two such apps, and (the network tests' own) a real
``python -m game serve`` in a home of the test's own."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from game.ui.shell.app import App
from tests.net.conftest import server  # noqa: F401 (the network tests' real serve in a home of the test's own: a fixture)
from tests.ui.scenes.friends.test_friends import net_threads


@pytest.fixture
def app(make_app: Callable[..., App]) -> Iterator[App]:
    app = make_app((1280, 800))
    app.routes.open_title()
    yield app
    app.close()
    assert net_threads() == []


@pytest.fixture
def two(make_app: Callable[..., App]) -> Iterator[tuple[App, App]]:
    """Two apps at 1280x800 (Ann's and Bo's), each on its title."""
    ann, bo = make_app((1280, 800)), make_app((1280, 800))
    for app in (ann, bo):
        app.routes.open_title()
    yield ann, bo
    for app in (ann, bo):
        app.close()
    assert net_threads() == []
