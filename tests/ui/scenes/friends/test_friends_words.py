"""The server's and the session's new reasons, each said in one line a player can
act on (game/ui/scenes/friends/friends_words.py reads them; no window needed)."""

from __future__ import annotations

import pytest

from game.words.link_words import failure_line


@pytest.mark.parametrize(
    "reason, said",
    [
        ("No machine is called kitchen-pc.", "No machine is called kitchen-pc: check the address."),
        ("the host gave your seat to a computer", "The host gave your seat to a computer."),
        ("the host removed you from this table", "The host removed you from the table."),
        ("the server cannot store a new table now (the disk is full): try again later", "The server cannot store the table's moves now: try again later."),
        ("too many tries with codes that lead nowhere: wait a minute", "Too many tries with codes that lead nowhere from this network: wait a minute."),
        ("Easy is the name of a computer level: choose another name", "Easy is the name of a computer level: choose another name."),
        ("Аnn looks like Ann, who is at this table: choose another name", "Easy looks too much like the name of someone at that table: choose another name."),
        ("a name must show something: this one is blank", "Type a name that shows letters, without control characters."),
        ("there is no table K7QX-2M on this server", "There is no table K7QX-2M there: check the code."),
    ],
)
def test_each_new_reason_is_said_in_a_line_of_its_own(reason: str, said: str) -> None:
    assert failure_line(reason, "kitchen-pc:47123", "K7QX-2M", "Easy") == said
