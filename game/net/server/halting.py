"""A table whose write failed (a full disk, a read-only folder): halted, its
seats told why, nothing more played or told until a write works again; then
play goes on from the last action stored, and every seat is sent its whole view.

No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.net.server.store import StoreError

if TYPE_CHECKING:
    from game.net.server.table_api import TableAPI


def halted_message(why: str) -> dict[str, Any]:
    return {"type": "halted", "code": "store_failed", "why": why, "reason": f"the server cannot store this table's moves ({why}): play stops until it can"}


def halt(table: TableAPI, why: str) -> None:
    """A write failed: nothing more is told or played until one works (``retry``);
    what was told is stored, and the action that could not be is forgotten."""
    if table.halted is not None:
        return
    table.halted = why
    table.forget_held()
    if table.referee is not None:
        table.referee.cancel()
    table.say("halted", reason=why)
    message = halted_message(why)
    for net in table.net.values():
        net.deliver(message)


def retry(table: TableAPI) -> bool:
    """Try a write again; if it works, play goes on from the last action stored
    and every seat is sent its whole view. Whether the table plays again."""
    if table.halted is None:
        return True
    try:
        table.store.set_state(table.code, table.row.state)
    except StoreError:
        return False
    table.halted = None
    table.say("unhalted")
    if table.row.state in ("playing", "over"):
        table.rebuild()
    for seat in list(table.net):
        table.sync(seat)
    table.wake()
    return True
