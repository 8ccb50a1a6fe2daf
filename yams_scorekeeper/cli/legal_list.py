"""The numbered list of the cells the player may write now (``yams enter``, ``yams cells``,
``yams play --list``): its rows, and the plain drawing that spares a one-shot command Rich.

:func:`legal_rows` says what the list holds; :func:`sheet_view.legal_table` draws it as a
Rich table, and :func:`legal_lines` draws the same table as plain lines, character for
character what Rich prints (a test compares them), with the styles as ANSI codes on a
terminal. Importing Rich was a third of a one-shot command's start-up; the plain
lines are used unless the other columns alone are too wide (or a text is not one column wide).
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from ..base.safetext import shown
from ..i18n import Joined, Message, explain_lang, words
from .cell_names import cell_label, column_name

if TYPE_CHECKING:  # pragma: no cover
    from typing import TextIO

    from ..engine.game import Game, LegalCell

#: a cell of the list: a text and its Rich style ("" for none)
Piece = tuple[str, str]

#: the columns: (justify, may be folded when too long)
COLUMNS = (("right", False), ("left", False), ("right", False), ("left", True))


#: between an explanation and its notes ("; " in English, " ; " in French)
_AND = Message("explain.and")


def legal_rows(game: Game, cells: list[LegalCell], lang: str,
               handles: dict[str, LegalCell] | None = None
               ) -> tuple[list[str], list[list[Piece]]]:
    """The header and the rows of the list of ``cells``, each with its handle (or its number
    when ``handles`` is None), every text already escaped.

    Notes shared by every cell of a column for one coup (sec eligibility, the x2 factor) are
    said once, on a line above that column's cells, so each cell stays one line at 80 columns.
    """
    w = words("cli.sheet", lang)
    handle_of = {c: h for h, c in (handles or {}).items()}
    header = ["#" if handles is None else "", w["cell"], w["score"], w["why"]]
    rows: list[list[Piece]] = []
    two_coups = len(game.coups) > 1
    n = 0
    for (column, coup), group in _groups(cells):
        shared = set(group[0].notes).intersection(*(c.notes for c in group[1:]))
        if shared and len(group) > 1:
            head = column_name(game, column) + (f" ({w['coup']} {coup})" if two_coups else "")
            notes = Joined(_AND, (x for x in group[0].notes if x in shared))
            said = notes.text(explain_lang(lang))
            rows.append([("", ""), (shown(head), "italic"), ("", ""), (shown(said), "italic")])
        else:
            shared = set()
        for cell in group:
            n += 1
            why = Joined(_AND, (cell.explain, *(x for x in cell.notes if x not in shared)))
            because = why.text(explain_lang(lang))
            style = "bold" if cell.score > 0 else ("red" if cell.score < 0 else "dim")
            rows.append([(shown(str(n) if handles is None else handle_of.get(cell, "")), ""),
                         (shown(cell_label(game, cell, two_coups)), ""),
                         (str(cell.score), style), (shown(because), "")])
    return header, rows


def _groups(cells: list[LegalCell]) -> list[tuple[tuple[str, int], list[LegalCell]]]:
    """Consecutive cells of the same column and coup, in list order (numbers stay the same)."""
    out: list[tuple[tuple[str, int], list[LegalCell]]] = []
    for cell in cells:
        key = (cell.column, cell.coup)
        if out and out[-1][0] == key:
            out[-1][1].append(cell)
        else:
            out.append((key, [cell]))
    return out


#: ANSI codes of the styles the list uses
_SGR = {"bold": "1", "dim": "2", "italic": "3", "red": "31"}


def legal_lines(header: list[str], rows: list[list[Piece]], width: int,
                ansi: bool = False) -> list[str] | None:
    """The table as Rich draws it (``box.SIMPLE_HEAD``, no padding at the edges, the header
    in bold): a blank line, the header, a rule, the rows, a blank line, each as wide as the
    table. When that is wider than ``width``, the last column is narrowed to fit and its texts
    wrapped as Rich wraps them (:func:`wrap_as_rich`). ``None`` when even so it would not fit
    (Rich then narrows every column) or a text holds a character that is not one column wide.
    ``ansi``: the styles as ANSI codes."""
    lines = [[(text, "bold") for text in header]] + rows
    if not all(_narrow(text) for line in lines for text, _ in line):
        return None
    widths = [max(len(line[i][0]) for line in lines) for i in range(len(COLUMNS))]
    total = sum(widths) + 3 * (len(widths) - 1) + 2
    if total > width:
        widths[-1] -= total - width
        total = width
        if widths[-1] < MIN_FOLDED:
            return None

    def cell(text: str, style: str, i: int) -> str:
        pad = " " * (widths[i] - len(text))
        if ansi and style and text:
            text = f"\x1b[{_SGR[style]}m{text}\x1b[0m"
        return pad + text if COLUMNS[i][0] == "right" else text + pad

    out = [" " * total]
    for n, line in enumerate(lines):
        parts = [[text] if i < len(COLUMNS) - 1 else wrap_as_rich(text, widths[i])
                 for i, (text, _) in enumerate(line)]
        for k in range(max(map(len, parts))):
            out.append(" " + "   ".join(cell(part[k] if k < len(part) else "", line[i][1], i)
                                        for i, part in enumerate(parts)) + " ")
        if n == 0:
            out.append(" " + "─" * (total - 2) + " ")
    out.append(" " * total)
    return out


#: the narrowest last column drawn here (narrower, Rich narrows the other columns too)
MIN_FOLDED = 12


def wrap_as_rich(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters as Rich wraps a table cell: broken
    before the word that does not fit, a word longer than a line cut in pieces, the spaces at
    the end of a line dropped (``rich._wrap.divide_line``)."""
    if len(text) <= width:
        return [text]
    breaks: list[int] = []
    offset = 0
    for match in re.finditer(r"\s*\S+\s*", text):
        start, word = match.start(), match.group()
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[i:i + width] for i in range(0, len(word), width)]
            for k, piece in enumerate(pieces, 1):
                if start:
                    breaks.append(start)
                if k == len(pieces):
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    bounds = [0, *breaks, len(text)]
    return [text[a:b].rstrip() for a, b in zip(bounds, bounds[1:], strict=False)]


def _narrow(text: str) -> bool:
    """Every character one column wide (Latin scripts, punctuation, box drawing), so that
    ``len`` is the width; others (wide or combining) are left to Rich."""
    return all(" " <= ch < "\u0300" or "\u2000" <= ch < "\u2e80" for ch in text)


def console_width() -> int:
    """The width Rich's console takes: the first of standard input, output and error that is
    a terminal, ``$COLUMNS`` over it, else 80."""
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    return width or 80


def terminal_ansi(stream: TextIO) -> bool | None:
    """Whether the list is drawn with ANSI codes on ``stream``: ``False`` when it is not a
    terminal (a pipe, a file); ``True`` on a terminal; ``None`` where Rich decides better
    than this (``NO_COLOR``, ``FORCE_COLOR``, ``TERM=dumb``, Windows consoles)."""
    env = os.environ
    if env.get("FORCE_COLOR") or env.get("TTY_COMPATIBLE") or os.name == "nt":
        return None
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return None
    if not tty:
        return False
    if env.get("NO_COLOR") or env.get("TERM", "") in ("dumb", "unknown"):
        return None
    return True
