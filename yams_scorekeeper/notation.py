"""What players type, read into entries: the cells of ``yams mark`` (and, as the notation
grows, the dice, coups, jokers, announces and amendments of the other commands).

Pure: a text in, a cell dict (as a ``mark`` event holds it) out, or an
:class:`~yams_scorekeeper.errors.EntryError` saying what was expected.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .errors import EntryError, IllegalMoveError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

#: COLUMN.ROW@COUP=0 (compiled on first use: start-up stays fast)
_CELL = (r"^(?:(?P<column>[^.@=]*)\.)?(?P<row>[^.@=]*[^.@=\s])\s*(?:@(?P<coup>[0-9]{1,3}))?"
         r"(?P<scratch>=0)?$")


def parse_cell(game: "Game", text: str) -> dict[str, Any]:
    """``libre.full``, ``full``, ``.5``, ``sec.yam@2``, ``full=0``, or a number from the list of
    legal cells (``yams cells``): the cell dict of a mark event."""
    token = text.strip()
    if token.isascii() and token.isdigit():
        cells = game.legal_cells()
        if not cells:
            raise IllegalMoveError(f"enter the dice first: no numbered cell to choose from yet "
                                   f"('{token}')", f"saisissez d'abord les dés : pas encore de "
                                   f"case numérotée où choisir (« {token} »)",
                                   expected="yams enter 55533/2", rule="G4")
        n = int(token) if len(token) <= 6 else 0   # a 5,000-digit number is no cell either
        if not 1 <= n <= len(cells):
            shown_n = token if len(token) <= 6 else token[:6] + "..."
            raise EntryError(f"no cell number {shown_n}: the list goes from 1 to {len(cells)}",
                             f"pas de case numéro {shown_n} : la liste va de 1 à {len(cells)}",
                             expected=f"1-{len(cells)}, libre.full")
        cell = cells[n - 1]
        return {"column": cell.column, "row": cell.row, "coup": cell.coup or None,
                "scratch": False}
    m = re.match(_CELL, token)
    if not m:
        raise EntryError(f"cannot read the cell '{text}'", f"case « {text} » illisible",
                         expected="3, libre.full, full, .5, sec.yam@2 or full=0")
    return {"column": (m.group("column") or "").strip() or None, "row": m.group("row").strip(),
            "coup": int(m.group("coup")) if m.group("coup") else None,
            "scratch": bool(m.group("scratch"))}


