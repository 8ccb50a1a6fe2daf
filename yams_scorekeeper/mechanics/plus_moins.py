"""Plus and moins (two rows worth the sum of the dice, which must stay apart), in the two
readings the sheets use: C3 (Yam classique; a house sheet's ``plus_moins = "C3"``): once one
of the two is written in a column, the other takes a non-zero score only if plus stays strictly
above moins, else only a 0; Y3 (Gaby's max and min; a house sheet's ``"Y3"``): both are written
freely and both count 0 in the column's total when plus is not above moins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import Message
from .base import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..base.columns import Column
    from ..base.sheet import Sheet
    from .views import TurnView

#: the two readings: the check at mark (C3) or the total voided (Y3)
AT_MARK, IN_TOTAL = "C3", "Y3"


class PlusMoins(Mechanic):
    """The rows ``plus`` and ``moins`` (ids) of every column, read as Y3: written freely,
    both 0 in the total when plus is not above moins (the family's totals ask
    :meth:`cancelled`)."""

    id = "plus-moins"
    rule = IN_TOTAL

    def __init__(self, plus: str, moins: str):
        self.plus, self.moins = plus, moins

    @staticmethod
    def cancelled(plus: int | None, moins: int | None) -> bool:
        """Y3: whether plus and moins are both written (their scores; None: empty) and plus
        is not above moins, so that both count 0."""
        return plus is not None and moins is not None and plus <= moins

    def solver_rows(self, rows: tuple[str, ...]) -> tuple[int, int] | None:
        """What the exact solver tracks of it among ``rows``: nothing (Y3 is a total)."""
        return None


class PlusAboveMoins(PlusMoins):
    """The rows ``plus`` and ``moins`` read as C3: once one is written in a column, the other
    takes a non-zero score only if plus stays strictly above moins, else only a 0 (``said``:
    how the note names them, plus's then moins's; their ids by default)."""

    rule = AT_MARK

    def __init__(self, plus: str, moins: str, said: tuple[str, str] | None = None):
        super().__init__(plus, moins)
        self.said = said or (plus, moins)

    def zero_only(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                  score: int) -> Message | None:
        """C3: why a non-zero ``score`` may not go in plus (or moins) of ``column``: the other
        is written and plus would not stay strictly above moins."""
        if row == self.plus:
            other, said, other_said = self.moins, self.said[0], self.said[1]
        elif row == self.moins:
            other, said, other_said = self.plus, self.said[1], self.said[0]
        else:
            return None
        mark = sheet.marks.get((column.id, other))
        if mark is None:
            return None
        if (score > mark.score) if row == self.plus else (score < mark.score):
            return None
        return Message("explain.plus_above" if row == self.plus else "explain.moins_below",
                       row=said, other=other_said, score=mark.score)

    def solver_rows(self, rows: tuple[str, ...]) -> tuple[int, int] | None:
        """C3 for the exact solver: (plus's index, moins's index) among ``rows`` when a column
        has both, else None."""
        if self.plus not in rows or self.moins not in rows:
            return None
        return rows.index(self.plus), rows.index(self.moins)


def plus_moins(plus: str, moins: str, reading: str,
               said: tuple[str, str] | None = None) -> PlusMoins:
    """The mechanic of plus and moins in ``reading`` (C3 or Y3)."""
    return PlusAboveMoins(plus, moins, said) if reading == AT_MARK else PlusMoins(plus, moins)
