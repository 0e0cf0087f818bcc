"""The kinds of a position's fields, and the methods written from their list.

A round's position (``game.engine.position.Position``) lists each of its fields
once, as a dataclass field whose kind says how a copy, an undo snapshot and the
equality key treat it, and with the value it starts a round with. ``_start``,
``copy``, ``_snapshot``, ``_restore`` and ``key`` are written from that list when
the class is made (as ``dataclasses`` writes an ``__init__``): as fast as methods
written by hand, and a new field cannot be forgotten by one of them. The source is made here from the field names alone,
never from anything read.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

# What a copy, a snapshot (push/pop) and the key do with a field of each kind.
CONFIG = "config"  # fixed by the rules: shared by copies; in no snapshot and not in the key
DEAL = "deal"  # fixed by the deal, replaced whole, never changed in place: shared; in the key only
VALUE = "value"  # an immutable value: copied as it is, kept by snapshots, in the key
LIST = "list"  # a list changed in place: copies and snapshots copy it; in the key as a tuple
LOG = "log"  # a list only ever appended to: copied; a snapshot keeps its length; in the key
UNDO = "undo"  # the undo stack: a copy starts a new empty one; in no snapshot and not in the key

KINDS = (CONFIG, DEAL, VALUE, LIST, LOG, UNDO)

_NO_START: Any = object()  # a field the constructor sets itself (from the rules or the deal)


def _field(kind: str, start: Any = _NO_START) -> Any:
    return dataclasses.field(metadata={"kind": kind, "start": start})


def config() -> Any:
    return _field(CONFIG)


def dealt() -> Any:
    return _field(DEAL)


def value(start: Any = _NO_START) -> Any:
    """An immutable value; ``start``: its value when a round starts."""
    return _field(VALUE, start)


def listed(start: Callable[[int], list[Any]] | None = None) -> Any:
    """A list changed in place; ``start(players)``: a new one as a round starts."""
    return _field(LIST, _NO_START if start is None else start)


def log() -> Any:
    """A list only appended to; empty as a round starts."""
    return _field(LOG, list)


def undo() -> Any:
    """The undo stack; empty as a round starts."""
    return _field(UNDO, list)


def kinds(cls: type) -> list[tuple[str, str]]:
    """(name, kind) of each field of the dataclass ``cls``, in order."""
    out = []
    for f in dataclasses.fields(cls):
        kind = f.metadata.get("kind")
        if kind not in KINDS:
            raise TypeError(f"{cls.__name__}.{f.name} has no kind (declare it with config(), value(), ...)")
        out.append((f.name, str(kind)))
    return out


def starts(cls: type) -> dict[str, Any]:
    """The start of each field that has one: a value, or a function of the players."""
    return {f.name: f.metadata["start"] for f in dataclasses.fields(cls) if f.metadata["start"] is not _NO_START}


def _source(fields: list[tuple[str, str]], start: dict[str, Any]) -> str:
    """The methods, as Python source (a field's start is ``_start_<name>`` in its namespace)."""
    begin = ["def _start(self):"]
    for name, kind in fields:
        if name not in start:
            continue
        if kind == VALUE:
            begin.append(f"    self.{name} = _start_{name}")
        elif kind == LIST:
            begin.append(f"    self.{name} = _start_{name}(self.players)")
        else:
            begin.append(f"    self.{name} = _start_{name}()")
    begin.append("    return None")
    copy = ["def copy(self):", "    other = _new(self.__class__)"]
    for name, kind in fields:
        if kind == UNDO:
            copy.append(f"    other.{name} = []")
        elif kind in (LIST, LOG):
            copy.append(f"    other.{name} = self.{name}[:]")
        else:
            copy.append(f"    other.{name} = self.{name}")
    copy.append("    return other")

    kept = [(name, kind) for name, kind in fields if kind in (VALUE, LIST, LOG)]
    snap = ["def _snapshot(self):", "    return ("]
    for name, kind in kept:
        if kind == LIST:
            snap.append(f"        self.{name}[:],")
        elif kind == LOG:
            snap.append(f"        len(self.{name}),")
        else:
            snap.append(f"        self.{name},")
    snap.append("    )")

    restore = ["def _restore(self, snap):", "    ("]
    for name, kind in kept:
        restore.append(f"        _{name}," if kind == LOG else f"        self.{name},")
    restore.append("    ) = snap")
    restore += [f"    del self.{name}[_{name}:]" for name, kind in kept if kind == LOG]

    key = ["def key(self):", "    return ("]
    for name, kind in fields:
        if kind in (DEAL, LIST, LOG):
            key.append(f"        tuple(self.{name}),")
        elif kind == VALUE:
            key.append(f"        self.{name},")
    key.append("    )")
    return "\n".join(begin + [""] + copy + [""] + snap + [""] + restore + [""] + key) + "\n"


def methods(cls: type) -> dict[str, Callable[..., Any]]:
    """``_start``, ``copy``, ``_snapshot``, ``_restore`` and ``key`` for the dataclass ``cls``:

    - ``_start()``: every field that has a start set to it (the others, the
      constructor sets before: ``players`` first);
    - ``copy()``: a new object of the same class; lists copied, the rest shared
      (the undo stack starts empty);
    - ``_snapshot()``: a tuple of what ``push`` may change (a log's length only);
    - ``_restore(snap)``: put a snapshot back (a log is cut back to its length);
    - ``key()``: everything that makes the position, for equality checks.
    """
    listed_kinds = kinds(cls)
    start = starts(cls)
    namespace: dict[str, Any] = {"_new": object.__new__, **{f"_start_{name}": v for name, v in start.items()}}
    exec(compile(_source(listed_kinds, start), f"<fields of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    made = {name: namespace[name] for name in _DOCS}
    for name, function in made.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        function.__module__ = cls.__module__
        function.__doc__ = _DOCS[name]
    return made


_DOCS = {
    "_start": "Every field that has a start, as a round starts (the constructor sets the others first).",
    "copy": "A cheap, independent copy (without the undo stack).",
    "_snapshot": "What an action may change, to put back with ``_restore`` (push/pop).",
    "_restore": "Put back a ``_snapshot`` (the lists in it become the position's own).",
    "key": "Everything that makes the position, for equality checks.",
}


def source_of(cls: type) -> str:
    """The source of the methods ``methods(cls)`` makes (to read them)."""
    return _source(kinds(cls), starts(cls))
