"""What a cell of the sheet is called on screen: ``Libre · Full``, a column's name, the
name of a written cell. Plain text, no Rich: the printed lines, the legal list and the Rich
sheets all name cells through here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    from ..engine.game import Game, Mark

    class Place(Protocol):
        """Where a cell is: a legal cell (:class:`~yams_scorekeeper.engine.game.LegalCell`)
        or a written one (:class:`~yams_scorekeeper.engine.game.Mark`)."""

        @property
        def column(self) -> str: ...
        @property
        def row(self) -> str: ...
        @property
        def coup(self) -> int: ...


def mark_label(game: Game, mark: Mark) -> str:
    """The name of a written cell, as the legal list calls it."""
    return cell_label(game, mark)


def cell_label(game: Game, cell: Place, with_coup: bool = False) -> str:
    """``Libre · Full`` (or just ``Full`` on a one-column sheet), with the coup if two (here,
    not in :mod:`sheet_view`, so that ``yams mark`` and ``undo`` print it without Rich)."""
    row = game.rules.row(cell.row).name
    text = row if len(game.columns) == 1 else f"{column_name(game, cell.column)} · {row}"
    if with_coup and cell.coup:
        text += f" ({cell.coup})"
    return text


def column_name(game: Game, column: str) -> str:
    """The name of a column of ``game``'s sheet (its id when it has none)."""
    for col in game.columns:
        if col.id == column:
            return col.name
    return column
