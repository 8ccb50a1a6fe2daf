"""Column kinds: how a column of a sheet is filled (free, top to bottom, bottom to top, in an
order the players give), the most rolls a coup may take to be written there (Gaby sec 1,
demi-sec 2) and the factor of its total (Y5). A family lists its kinds by column id
(``RuleSet.column_kinds``); a kind makes the :class:`~yams_scorekeeper.base.columns.Column` of a
game and, when it carries one, the column's mechanic (the annoncée column, C7). Code that is
not a built-in family (a house sheet) makes kinds with its own parameters:
``ColumnKind("Sèche", max_roll=1, factor=2)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..base.columns import DOWN, UP, Column
from .base import Mechanic

#: the order of a column filled in the order of rows the players gave at creation (imposée)
GIVEN = "given"

#: the names of the columns of the French sheets shortened where the players share a grid
#: (never cut mid-word with "…"); a house sheet's column of one of these names is shortened too
SHORT_NAMES = {"Libre": "Lib", "Descendante": "Desc", "Montante": "Mont", "Imposée": "Imp",
               "Descente": "Desc", "Montée": "Mont", "Demi-sec": "DSec", "Sec": "Sec"}


def short_name(name: str) -> str:
    """A column's name as a grid shared by the players heads it (``Descendante``: ``Desc``)."""
    return SHORT_NAMES.get(name, name)


@dataclass(frozen=True)
class ColumnKind:
    """One kind of column: ``order`` is None (free), ``DOWN``, ``UP`` or :data:`GIVEN`;
    ``max_roll`` the most rolls a coup may have taken to be written there (None: any);
    ``factor`` multiplies its total; ``last``: placed after the other columns whatever the
    order they were chosen in."""

    name: str
    order: str | None = None
    max_roll: int | None = None
    factor: int = 1
    rule: str = ""
    last: bool = False

    def column(self, id: str, rows: tuple[str, ...], given: tuple[str, ...] | None = None,
               factor: int | None = None) -> Column:
        """The column ``id`` of a sheet of ``rows`` (``given``: the order of rows the players
        gave, for a :data:`GIVEN` column; ``factor``: the game's, when a setting says it)."""
        if self.order == DOWN:
            sequence: tuple[str, ...] | None = rows
        elif self.order == UP:
            sequence = tuple(reversed(rows))
        elif self.order == GIVEN:
            sequence = tuple(given or rows)
        else:
            sequence = None
        return Column(id, self.name, rows, sequence, self.max_roll,
                      self.factor if factor is None else factor, self.rule)

    def mechanic(self, column: Column) -> Mechanic | None:
        """The mechanic a column of this kind brings to the game (default: none)."""
        return None


def sheet_order(chosen: tuple[str, ...], kinds: Mapping[str, ColumnKind]) -> tuple[str, ...]:
    """The columns chosen, in the order given, those of a ``last`` kind moved after the
    others."""
    return (tuple(c for c in chosen if not (c in kinds and kinds[c].last))
            + tuple(c for c in chosen if c in kinds and kinds[c].last))
