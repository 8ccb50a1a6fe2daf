"""Reading the cell a player picks at the table, so that no token is read as a cell not meant.

Three kinds of token name a cell:

- a *handle*: the short letters printed next to a candidate score (``e``, ``gk``). Handles are
  drawn from letters that are neither a word of the table (its commands ``q s u h l t f``...,
  its answers, the mechanics' words, ``x``, ``d``), nor the first letter of a row of the game,
  nor any name a row or column may be typed by, so a handle can never be taken for anything
  else (rulings G3, issue 10: "no silent wrong cell"); each cell of the sheet keeps its
  handle from turn to turn;
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

#: the word of a choice that scratches (``x full``, ``ex``)
SCRATCH_WORD = "x"


def table_words() -> frozenset[str]:
    """Every word typed at the table that is not a cell: the commands and answers of
    :mod:`~yams_scorekeeper.cli.terminal`, the words after the dice of every mechanic
    (``joker``, ``announce``...), ``x`` and the words of a turn that writes two cells (``d``)."""
    from ..mechanics import PAIR_WORDS, TYPED_WORDS
    from .terminal import ANSWERS, COMMANDS

    said = [w for words in (*COMMANDS.values(), *ANSWERS.values()) for w in words]
    return frozenset((*said, *TYPED_WORDS, SCRATCH_WORD, *PAIR_WORDS))


#: single letters that are commands or answers somewhere at the table: never a handle
COMMAND_LETTERS = frozenset(w for w in table_words() if len(w) == 1)
#: the letters handles are made of, most comfortable first (never a command's)
LETTERS = "".join(c for c in "erigkvwzbcmptf" if c not in COMMAND_LETTERS)


def reserved(game: Game) -> set[str]:
    """Every compact token a player may type that is not a handle: the table's words, row
    names and their first letters, column names."""
    out = set(table_words())
    for row in game.rows:
        names = game.rules.row_names(row)
        out |= names
        out |= {n[0] for n in names}
        out |= {n[:-1] for n in names if n.endswith("x")}     # "ma" + x would read as "max"
    for col in game.columns:
        out |= {normalise_id(col.id).replace("-", ""), normalise_id(col.name).replace("-", "")}
    return out


def handle_pool(game: Game) -> list[str]:
    """The handles of this game, shortest first: one letter while they last, then two, then
    three, as many as the sheet has cells (the same list every turn: the reserved words are
    the game's)."""
    taken = reserved(game)
    size = len(game.rows) * len(game.columns) * max(game.coups_allowed(), 1)
    pool: list[str] = []
    for length in (1, 2, 3):
        pool += [h for h in map("".join, product(LETTERS, repeat=length)) if h not in taken]
        if len(pool) >= size:
            break
    return pool


def slot(game: Game, cell: LegalCell) -> int:
    """Where ``cell`` sits among every cell of the sheet: coup by coup, then column by column
    (those of any order first: more of their cells are open at once), then row by row. A
    cell's handle is the pool's at its place, so it keeps it from turn to turn."""
    rows = game.rows
    columns = [c.id for c in sorted(game.columns, key=lambda c: c.sequence is not None)]
    return ((max(cell.coup, 1) - 1) * len(columns) + columns.index(cell.column)) * len(rows) \
        + rows.index(cell.row)


def handles(game: Game, cells: list[LegalCell]) -> dict[str, LegalCell]:
    """A handle for every legal cell, in the cells' order, each the cell's own: the same cell
    has the same handle whatever the turn (:func:`slot`). The first turns' cells get one
    letter where the game has enough (the sheet's first column, coup 1)."""
    pool = handle_pool(game)
    return {pool[slot(game, cell)]: cell for cell in cells}


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
