"""Columns of a sheet and the constraints they put on a cell (order, roll count, factor).

Every family is played on columns: the classic and Gaby grids have several, Double Yams and
Duel one (``grille``). A column is data: how its rows must be filled, the most rolls a coup may
have taken to be written there, and the factor its total is multiplied by.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

DOWN, UP = "down", "up"


@dataclass(frozen=True)
class Column:
    """One column of a player's sheet.

    ``sequence`` is the order its cells must be filled in (None for a free column);
    ``max_roll`` the most rolls a coup may have taken to be written here (Gaby sec 1,
    demi-sec 2; None = no limit); ``factor`` multiplies the column total (Gaby Y5).
    """

    id: str
    name: str
    rows: tuple[str, ...]
    sequence: tuple[str, ...] | None = None
    max_roll: int | None = None
    factor: int = 1
    rule: str = ""

    @property
    def ordered(self) -> bool:
        return self.sequence is not None

    @cached_property
    def cells(self) -> frozenset[tuple[str, str]]:
        """Its cells, as a sheet keys its marks (``(column id, row)``): the column is full when
        a sheet's keys hold them all."""
        return frozenset((self.id, r) for r in self.rows)

    def cell_before(self) -> dict[str, tuple[str, str] | None]:
        """An ordered column's rows, each with the cell filled just before it (as a sheet keys
        its marks: ``(column id, row)``; None for the first); worked out once for a column."""
        assert self.sequence is not None
        return _cell_before(self.id, self.sequence)

    def next_rows(self, filled: set[str], count: int = 1) -> tuple[str, ...]:
        """The next ``count`` empty rows of an ordered column, in fill order."""
        assert self.sequence is not None
        empty = [r for r in self.sequence if r not in filled]
        return tuple(empty[:count])


def ordered(id: str, name: str, rows: tuple[str, ...], direction: str, rule: str,
            *, max_roll: int | None = None, factor: int = 1) -> Column:
    """A column filled top to bottom (``down``) or bottom to top (``up``)."""
    seq = rows if direction == DOWN else tuple(reversed(rows))
    return Column(id, name, rows, seq, max_roll, factor, rule)


@lru_cache(maxsize=256)
def _cell_before(column_id: str, sequence: tuple[str, ...]) -> dict[str, tuple[str, str] | None]:
    return {row: (column_id, sequence[i - 1]) if i else None for i, row in enumerate(sequence)}
