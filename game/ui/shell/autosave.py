"""The match in play is saved after every move, written off the drawing thread.

Writes are coalesced: one writer thread holds at most one record waiting, the
newest, so a slow disk never builds a queue of old positions (a kill -9 under
load once lost seven moves that way). Each write is atomic and flushed to disk
(``game.storage.save_json``): the save on disk is always a whole match.

A write that fails (a read-only folder, a full disk) keeps the last good save
and is told to the player once, on screen: ``tell_write_troubles`` runs after
every frame (``App.on_frame``) and puts such news on the table, or on the
title's notices.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from game.profile.saves import autosave_path, clear_save
from game.storage import save_json, write_troubles
from game.waking import wake

log = logging.getLogger(__name__)

_CLEAR = object()  # the record that means "no match saved" (the match is over)
TELL_S = 8.0  # how long the news of a failed save stays on the table


class Autosaver:
    """Saves the match after every move, writing off the drawing thread."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._waiting: object | None = None  # the newest record not yet written (or _CLEAR)
        self._writing = False
        self._closed = False
        self.writes = 0  # writes done (tests and the monkey read it)
        self._thread = threading.Thread(target=self._run, name="matador-save", daemon=True)
        self._thread.start()

    def __call__(self, match: Any) -> None:
        from game.engine import match_to_record  # loaded by then: a match is being played

        record = _CLEAR if match.over else match_to_record(match)  # taken now, on this thread
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave is closed")
            self._waiting = record  # an older record still waiting is never written
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._waiting is None and not self._closed:
                    self._cond.wait()
                if self._waiting is None:
                    return  # closed, and nothing left to write
                record, self._waiting = self._waiting, None
                self._writing = True
            try:
                self._write(record)
            finally:
                with self._cond:
                    self._writing = False
                    self.writes += 1
                    self._cond.notify_all()

    def _write(self, record: object) -> None:
        try:
            if record is _CLEAR:
                clear_save()
            else:
                save_json(autosave_path(), record)
        except Exception as err:  # a full disk must not stop the game (write_troubles tells the player)
            log.warning("autosave failed: %s", err)
            wake()  # a still table tells it at once (game/waking.py)

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until the newest save asked for is on disk; whether it is."""
        with self._cond:
            return self._cond.wait_for(lambda: self._waiting is None and not self._writing, timeout)

    def close(self) -> None:
        """Write what is waiting, then stop the writer."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(30.0)


def tell_write_troubles(app: Any) -> None:
    """Put news of files that could not be saved on screen, once each: on the
    table if it is in front, else among the title's notices."""
    untold = write_troubles.take()
    if not untold:
        return
    top = app.scenes[-1] if app.scenes else None
    motion = getattr(top, "motion", None)
    if motion is not None and hasattr(motion, "say"):
        motion.say(" ".join(untold), TELL_S, warning=True)
    else:
        app.notices.extend(untold)
    rebuild = getattr(top, "rebuild", None)
    if motion is None and callable(rebuild):
        rebuild()  # the title shows its notices at once
