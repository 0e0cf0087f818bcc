"""The words of the game's concepts that the engine leaves to others.

The engine speaks in codes (``game.engine.Refusal``) and ids (rule sets, arms);
these modules say them in the player's language, through gettext:
``refusals`` (why an action, a rule or a record is refused), ``rule_sets``
(each rule set's title, summary and rules page), ``ends`` (the table's arms
and ends, and what an end needs) and ``names`` (a seat's default name, kept
as a code such as ``@you`` or ``@hard``: docs/record.md). No pygame and no screen: the server, the
command line and the coach use them as the screens do.
"""
