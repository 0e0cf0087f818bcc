"""Matador, the domino game where joined ends add up to seven."""


def __getattr__(name: str) -> str:
    # ``game.__version__`` is read from pyproject.toml on first use (game/version.py).
    if name == "__version__":
        from game.version import version

        return version()
    raise AttributeError(f"module 'game' has no attribute {name!r}")
