"""The desktop app leaves OpenSSL out (build.spec: about 5 MB), but websockets
imports ``ssl`` at the top of its asyncio client, for ``wss://`` addresses. Where
``ssl`` cannot be imported, ``ensure`` puts a stand-in in its place so websockets
loads for ``ws://`` (all the game uses); asking it for TLS says, in one line, that
this build has none. asyncio is imported first, so it records that there is no
``ssl`` and never reaches for the stand-in. Where Python has ``ssl``, nothing changes.

No pygame here.
"""

from __future__ import annotations

import sys
import types
from typing import Any

NO_TLS = "this build of Matador has no TLS (wss://): use a ws:// address"


class SSLContext:
    """Never made: there is no TLS here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OSError(NO_TLS)


def create_default_context(*args: Any, **kwargs: Any) -> SSLContext:
    raise OSError(NO_TLS)


def ensure() -> bool:
    """Make ``import ssl`` work; True if the stand-in had to be put in place."""
    try:
        import ssl  # noqa: F401
    except ImportError:
        pass
    else:
        return False
    import asyncio  # noqa: F401  (asyncio, loaded before the stand-in, knows it has no ssl)

    if "ssl" in sys.modules and getattr(sys.modules["ssl"], "MATADOR_STAND_IN", False):
        return True
    stand_in = types.ModuleType("ssl", __doc__)
    stand_in.MATADOR_STAND_IN = True  # type: ignore[attr-defined]
    stand_in.SSLContext = SSLContext  # type: ignore[attr-defined]
    stand_in.SSLError = OSError  # type: ignore[attr-defined]
    stand_in.create_default_context = create_default_context  # type: ignore[attr-defined]
    sys.modules["ssl"] = stand_in
    return True
