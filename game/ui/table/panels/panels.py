"""The side panels: parts stacked in a column on the felt's right, any number
open together (the regions give each its rectangle: ``regions.stack_panels``).

``PANELS`` lists the table's panels, top to bottom, once: every table makes
each of them (a live table, a network table, a review, a lesson), and a mode
may hide one or keep one open (``Look.panel_shown``), never list them again.
A mode's own cards (the review's coach, the lesson's card) are its look's
(``Look.cards``), below them.

A panel is one module (``Panel``'s subclass, panel.py: when it is open, how it
stacks, what it shows, its keys, its controller buttons, its tool, how it is
painted) and one entry here (``register_panel``, for a panel from elsewhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.ui.table.panels.knowledge_panel import KnowledgePanel
from game.ui.table.panels.moves_panel import MovesPanel

if TYPE_CHECKING:
    from game.ui.table.protocols import PanelPart


PANELS: list[Callable[[], PanelPart]] = [KnowledgePanel, MovesPanel]  # top to bottom when open together


def register_panel(make: Callable[[], PanelPart], at: int | None = None) -> Callable[[], None]:
    """Add a panel to every table made from now on (at ``at`` in the column's
    order: the bottom by default); the function returned takes it out again."""
    PANELS.insert(len(PANELS) if at is None else at, make)

    def unregister() -> None:
        if make in PANELS:
            PANELS.remove(make)

    return unregister
