"""Totals of one player's sheet: the ``Totals`` value and the sums every family's totals use.

What a sheet adds up to is a rule-set hook (:meth:`RuleSet.sheet_totals`): ``parts`` holds what
the record book compares (classic and Gaby: each column's total; Double Yams: each section;
Duel: chiffres and figures), ``details`` the lines a paper sheet shows (sub-total, bonus,
factor). This module names no family.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Protocol

    from .columns import Column

    class Written(Protocol):
        """A written cell as the totals read it (read-only: a frozen :class:`~.sheet.Mark`)."""

        @property
        def score(self) -> int: ...

        @property
        def ones(self) -> int: ...

    Cells = Mapping[tuple[str, str], Written]

    class Adder(Protocol):
        """What adds a sheet up: a rule set (:meth:`RuleSet.sheet_totals`)."""

        def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals: ...


@dataclass(frozen=True, slots=True)
class Totals:
    """What a sheet adds up to."""

    parts: dict[str, int]
    details: dict[str, dict[str, int]] = field(default_factory=dict)
    grand: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"parts": self.parts, "details": self.details, "grand": self.grand}



UPPER = ("1", "2", "3", "4", "5", "6")


def cell_score(cells: Cells, col: str, row: str) -> int | None:
    """The score written in (col, row), or None when the cell is empty."""
    mark = cells.get((col, row))
    return None if mark is None else mark.score


def upper_total(cells: Cells, col: str) -> tuple[int, bool]:
    """Rows 1-6 of a column: their sum, and whether all six are filled."""
    total, complete = 0, True
    for row in UPPER:
        mark = cells.get((col, row))
        if mark is None:
            complete = False
        else:
            total += mark.score
    return total, complete


def scores_sum(cells: Cells, col: str, rows: Iterable[str]) -> int:
    """The sum of the scores written in ``rows`` of a column (empty cells count 0)."""
    total = 0
    for row in rows:
        mark = cells.get((col, row))
        if mark is not None:
            total += mark.score
    return total


def sheet_totals(rules: Adder, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """The totals of one player's sheet under ``rules``."""
    return rules.sheet_totals(columns, cells)
