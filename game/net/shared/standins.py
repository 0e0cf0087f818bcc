"""Stand-ins for two modules of the standard library that the desktop app leaves out
(build.spec) but websockets imports at the top of modules the game uses:

- ``ssl`` (its asyncio client, for ``wss://``): where Python's ssl cannot load (a
  Linux app on a system without OpenSSL 3, whose libraries the app leaves to the
  system: build.spec), network play is ``ws://`` only, and asking the stand-in for
  TLS says, in one line, that there is none here;
- ``urllib.request`` (its proxy support, which reads the system's proxies): the
  game connects directly, never through a proxy (``Client.connect`` passes
  ``proxy=None``), so the stand-in finds no proxy; left out, it keeps http's
  cookies, ftp and mime types out too.

``ensure`` puts a stand-in in place only where the real module cannot be
imported: from a clone or a pip install nothing changes. asyncio is imported
first, so it records that there is no ``ssl`` and never reaches for the stand-in.

No pygame here.
"""

from __future__ import annotations

import sys
import types
from typing import Any

NO_TLS = "no TLS (wss://) here: OpenSSL 3 is not installed; use a ws:// address"


class SSLContext:
    """Never made: there is no TLS here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OSError(NO_TLS)


def create_default_context(*args: Any, **kwargs: Any) -> SSLContext:
    raise OSError(NO_TLS)


def getproxies() -> dict[str, str]:
    """No proxy: the game connects directly."""
    return {}


def proxy_bypass(host: str) -> bool:
    return True


def _missing(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return True
    return False


def _stand_in(name: str, **attributes: Any) -> None:
    module = types.ModuleType(name, __doc__)
    module.MATADOR_STAND_IN = True  # type: ignore[attr-defined]
    for key, value in attributes.items():
        setattr(module, key, value)
    sys.modules[name] = module


def ensure() -> list[str]:
    """Make ``import ssl`` and ``import urllib.request`` work; the stand-ins put in place."""
    placed = []
    if _missing("ssl"):
        import asyncio  # noqa: F401  (asyncio, loaded before the stand-in, knows it has no ssl)

        _stand_in("ssl", SSLContext=SSLContext, SSLError=OSError, create_default_context=create_default_context)
        placed.append("ssl")
    if _missing("urllib.request"):
        import urllib

        _stand_in("urllib.request", getproxies=getproxies, proxy_bypass=proxy_bypass)
        urllib.request = sys.modules["urllib.request"]  # type: ignore[attr-defined]
        placed.append("urllib.request")
    return placed
