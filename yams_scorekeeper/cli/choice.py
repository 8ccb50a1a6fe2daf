"""Reading the cell a player picks at the table, so that no token is read as a cell not meant.

Three kinds of token name a cell:

- a *handle*: the short letters printed next to a candidate score (``e``, ``gk``). Handles are
  drawn from letters that are neither a command (``q s u h l d x``...), nor a yes/no answer,
  nor the first letter of a row of the game, nor any name a row may be typed by, so a handle
  can never be taken for a row (rulings G3, issue 10: "no silent wrong cell");
- a *name*: the row as printed on the sheet or its id, any case, with or without accents,
  spaces or dashes (``petite suite``, ``3 pareils``, ``ps``, ``6``), optionally with its
  column and coup (``libre.full``, ``sec.yam@2``). Rows 1-6 are typed as digits;
- with ``--list`` only, a *number* from the numbered list.

:func:`candidates` returns every legal cell a token could mean; the table writes only when
there is exactly one, and asks otherwise. The module never prints.
"""

from __future__ import annotations

import re
from itertools import product
from typing import TYPE_CHECKING

from ..base.errors import EntryError
from ..engine.notation import CELL
from ..i18n import Message
from ..rules.base import normalise_id

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game, LegalCell

#: single letters that are commands or answers somewhere at the table: never a handle
COMMAND_LETTERS = frozenset("qhsuldxajoyn?")
#: the letters handles are made of, most comfortable first
LETTERS = "etrigkvwzbcfmp"


def reserved(game: Game) -> set[str]:
    """Every compact token a player may type that is not a handle: commands, row names and
    their first letters, column names."""
    out = set(COMMAND_LETTERS)
    for row in game.rows:
        names = game.rules.row_names(row)
        out |= names
        out |= {n[0] for n in names}
        out |= {n[:-1] for n in names if n.endswith("x")}     # "ma" + x would read as "max"
    for col in game.columns:
        out |= {normalise_id(col.id).replace("-", ""), normalise_id(col.name).replace("-", "")}
    return out


def handles(game: Game, cells: list[LegalCell]) -> dict[str, LegalCell]:
    """A handle for every legal cell, in the cells' order: one letter while they last, then two."""
    taken = reserved(game)
    pool = [c for c in LETTERS if c not in taken]
    pool += [a + b for a, b in product(LETTERS, repeat=2) if a + b not in taken]
    if len(pool) < len(cells):          # pragma: no cover (2 coups x 5 columns x 15 rows fit)
        pool += [a + b + c for a, b, c in product(LETTERS, repeat=3)]
    return dict(zip(pool, cells, strict=False))  # more handles than cells


def compact(text: str) -> str:
    """A typed name in the form :meth:`RuleSet.row_names` gives: ``Petite suite`` ->
    ``petitesuite``."""
    return normalise_id(" ".join(text.split())).replace("-", "")


def candidates(game: Game, token: str, cells: list[LegalCell],
               by_handle: dict[str, LegalCell], numbered: bool = False) -> list[LegalCell]:
    """Every legal cell ``token`` could mean (empty: none; more than one: ask which).

    Raises EntryError when the token is neither a handle, a number of the list (``numbered``)
    nor a cell name of this game.
    """
    text = " ".join(token.lower().split())
    if text in by_handle:
        return [by_handle[text]]
    found: list[LegalCell] = []
    if numbered and text.isascii() and text.isdigit() and len(text) <= 6:
        n = int(text)
        if 1 <= n <= len(cells):
            found.append(cells[n - 1])
    m = CELL.match(text.replace(" ", "-"))
    if m is None:
        if found:
            return found
        raise EntryError(Message("cli.cannot_read", token=token))
    try:
        row = game.rules.row(m.group("row")).id
    except EntryError:
        if found:
            return found
        raise
    column = m.group("column")
    if column:
        key = compact(column)
        ids = [c.id for c in game.columns if key in (compact(c.id), compact(c.name))]
        if not ids:
            raise EntryError(Message("game.no_column", column=column),
                             expected=" ".join(c.id for c in game.columns))
        column = ids[0]
    coup = int(m.group("coup")) if m.group("coup") else None
    for cell in cells:
        if cell.row == row and column in (None, cell.column) and coup in (None, cell.coup) \
                and cell not in found:
            found.append(cell)
    return found


def split_scratch(game: Game, text: str, by_handle: dict[str, LegalCell]) -> tuple[str, bool]:
    """``x full``, ``full x``, ``6x``, ``ex`` -> (token, True); anything else -> (text, False).

    ``max`` stays the row max: a token that is a handle or a name is never cut."""
    low = " ".join(text.lower().split())
    m = re.fullmatch(r"x\s+(.+)|(.+?)\s+x", low)
    if m:
        return (m.group(1) or m.group(2)), True
    if low.endswith("x") and len(low) > 1 and low not in by_handle and not _is_name(game, low):
        return low[:-1].rstrip(), True
    return low, False


def _is_name(game: Game, text: str) -> bool:
    m = CELL.match(text.replace(" ", "-"))
    if m is None:
        return False
    try:
        game.rules.row(m.group("row"))
    except EntryError:
        return False
    return True
