"""The forced joker (Yahtzee H4; a house sheet's ``joker = "forced"`` or ``"free"``): a yams
rolled when the yams row is already filled is a joker. It scores the jokered rows (full house,
straights) in full, and, when forced, goes to the upper row of its value if empty, else to an
empty lower row, else to an empty upper row (as a 0). With a ``bonus``, a yams rolled when the
yams row holds a score writes that bonus beside its cell (the Yahtzee bonus, H4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..i18n import Message
from .base import CellRefusal, Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..base.columns import Column
    from ..base.dice import Dice
    from ..base.figure import Figure
    from ..base.sheet import Coup, Sheet
    from .views import TurnView


def _yams(dice: Dice) -> int | None:
    """The value every die shows, when they all show one (None otherwise)."""
    first = dice[0].value if dice else None
    return first if first is not None and all(d.value == first for d in dice) else None


class ForcedJoker(Mechanic):
    """The joker of the row ``yams``: ``jokered`` makes the joker's figure of a jokered row
    (by row, from the dice); ``upper`` is the upper row of each value, ``lower`` the rows it
    goes to before an upper 0, ``names`` every row's name for the refusals; ``forced``: the
    places are imposed (else only the figures change); ``bonus``: the Yahtzee bonus (None: none);
    ``rule``: the ruling the refusals cite."""

    id = "joker-rule"
    rule = "H4"

    def __init__(self, yams: str, jokered: Mapping[str, Callable[[Dice], Figure]], *,
                 upper: Mapping[int, str], lower: frozenset[str], names: Mapping[str, str],
                 forced: bool = True, bonus: int | None = None, rule: str = "H4"):
        self.yams, self.jokered, self.upper, self.lower = yams, jokered, upper, lower
        self.names, self.forced, self.bonus, self.ruling = names, forced, bonus, rule

    def joker(self, sheet: Sheet, dice: Dice, column: Column) -> int | None:
        """The value of a yams rolled when the yams row of ``column`` is already filled (a
        joker in that column, K3), else None."""
        value = _yams(dice)
        if value is None or (column.id, self.yams) not in sheet.marks:
            return None
        return value

    def coup_figures(self, game: TurnView, sheet: Sheet, coup: Coup,
                     figures: list[Figure], column: Column) -> list[Figure]:
        if self.joker(sheet, coup.dice, column) is None:
            return figures
        jokered = self.jokered
        return [jokered[f.row](coup.dice) if f.row in jokered else f for f in figures]

    def coup_figure(self, game: TurnView, sheet: Sheet, row: str, coup: Coup,
                    figure: Figure, column: Column) -> Figure:
        if row in self.jokered and self.joker(sheet, coup.dice, column) is not None:
            return self.jokered[row](coup.dice)
        return figure

    def refuse_cell(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                    coup: Coup) -> CellRefusal | None:
        """The joker's places, when forced: its upper row if empty, else an empty lower row,
        else an empty upper row (as a 0)."""
        if not self.forced:
            return None
        value = self.joker(sheet, coup.dice, column)
        if value is None:
            return None
        filled = {r for (c, r) in sheet.marks if c == column.id}
        own = self.upper.get(value)
        if own is not None and own not in filled:
            if row == own:
                return None
            return CellRefusal(Message("rules.joker_yahtzee_goes_row", value=value,
                                       name=self.names[own]), self.ruling)
        lower_left = [r for r in column.rows if r in self.lower and r not in filled]
        if lower_left and row not in self.lower:
            return CellRefusal(Message("rules.joker_row_filled_so",
                                       name=self.names[own or row]), self.ruling)
        return None

    def cell_bonus(self, game: TurnView, sheet: Sheet, column: Column, row: str,
                   coup: Coup) -> tuple[int, Message] | None:
        """The Yahtzee bonus: a yams rolled when the yams row of this column holds a score."""
        if self.bonus is None:
            return None
        mark = sheet.marks.get((column.id, self.yams))
        if mark is None or mark.score <= 0 or _yams(coup.dice) is None:
            return None
        return self.bonus, Message("explain.yahtzee_bonus", bonus=self.bonus)
