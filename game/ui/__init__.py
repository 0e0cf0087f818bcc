"""The pygame-ce front end: scenes, the table, menus and the app's loop.

pygame_gui's translations library (python-i18n) imports PyYAML, if it is
installed, only to know whether it could read YAML catalogs; pygame_gui's are
JSON and it says so (``i18n.set("file_format", "json")``). A player's install
and the desktop app have no PyYAML (build.spec leaves it out), but a
developer's has (the tests' extra): that import cost the title's first frame
11 ms there. So the library is set up here, before pygame_gui is imported,
with PyYAML hidden for that moment only (nothing else of ours reads YAML, and
``import yaml`` works as before afterwards).
"""

from __future__ import annotations

import sys


def _i18n_without_yaml() -> None:
    if "i18n" in sys.modules or "yaml" in sys.modules:
        return  # already set up (or PyYAML is loaded anyway): nothing to spare
    sys.modules["yaml"] = None  # type: ignore[assignment]  # "import yaml" raises ImportError
    try:
        import i18n.config  # type: ignore[import-untyped]  # noqa: F401  # python-i18n, pygame_gui's dependency
    except ImportError:
        pass
    finally:
        del sys.modules["yaml"]


_i18n_without_yaml()
