"""Yams bloquant (Gaby Y6, an option for 2 players or more): a non-zero score goes in a cell
only if it is at least every score the other players already wrote in that same cell (column
and row); otherwise only a 0 may go there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import Message
from .base import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..base.columns import Column
    from ..base.sheet import Sheet
    from .views import TurnView


class Bloquant(Mechanic):
    """Each cell keeps out a score below the best the other players wrote there (Y6)."""

    id = "bloquant"
    rule = "Y6"

    def zero_only(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                  score: int) -> Message | None:
        """Y6: the best score the others wrote in this cell, and its first holder, when
        ``score`` is below it."""
        cell, best, holder = (column.id, row), None, None
        for other in game.sheets:
            mark = other.marks.get(cell) if other is not sheet else None
            if mark is not None and (best is None or mark.score > best):
                best, holder = mark.score, other.name
        if best is not None and score < best:
            return Message("explain.bloquant", holder=holder, best=best)
        return None
