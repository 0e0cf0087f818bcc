"""The match in play is saved after every move, written off the drawing thread."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.saves import autosave_path, clear_save
from game.storage import save_json

log = logging.getLogger(__name__)


class Autosaver:
    """Saves the match after every move, writing off the drawing thread."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="matador-save")
        self._lock = threading.Lock()

    def __call__(self, match: Any) -> None:
        from game.engine import match_to_record  # loaded by then: a match is being played

        record = None if match.over else match_to_record(match)  # taken now, on this thread
        self._pool.submit(self._write, record)

    def _write(self, record: dict[str, Any] | None) -> None:
        try:
            with self._lock:
                if record is None:
                    clear_save()
                else:
                    save_json(autosave_path(), record)
        except Exception as err:  # a full disk must not stop the game
            log.warning("autosave failed: %s", err)

    def flush(self) -> None:
        """Wait until every save asked for so far is on disk."""
        self._pool.submit(lambda: None).result()

    def close(self) -> None:
        self._pool.shutdown(wait=True)
