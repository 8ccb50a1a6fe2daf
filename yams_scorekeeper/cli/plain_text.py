"""Rich's simple tables and lines written straight, when the console draws no style.

To a file or a pipe (no terminal: Rich's ``color_system`` is ``None``, so it writes no
style at all), a table that fits the width and lines that fit it come out of Rich as plain
text that is easy to write ourselves; Rich's layout of them was a third of
``yams stats NAME --rows`` at 50,000 games. This
module writes the same bytes without it; anything else (a terminal, a table too wide that
Rich would fold, an encoding Rich would draw ASCII boxes for) goes to Rich as before.
``tests/test_plain_text.py`` compares both on the same tables and lines.

Every string given here has been through :func:`~yams_scorekeeper.base.safetext.shown` already,
as for Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

#: a column of a table: its title and how its cells are justified (``left`` or ``right``)
Column = tuple[str, str]


def _width(text: str) -> int:
    """How many cells of the terminal ``text`` takes (Rich's own measure)."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def plain(out: Console) -> bool:
    """True when ``out`` writes no style and draws boxes with Unicode lines (what Rich does
    for a file or a pipe), so that what it prints can be written straight."""
    return out.color_system is None and out.encoding.lower().startswith("utf")


def table_lines(columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[str]:
    """The lines Rich draws for :func:`~yams_scorekeeper.cli.printing.simple_table` with
    ``columns`` and ``rows`` when it fits (``box.SIMPLE_HEAD``, ``pad_edge=False``): a blank
    line, the titles, a rule, a line a row, a blank line."""
    widths = [max([_width(title)] + [_width(row[n]) for row in rows])
              for n, (title, _) in enumerate(columns)]
    last = len(columns) - 1

    def line(cells: Sequence[str]) -> str:
        parts = []
        for n, (cell, width, (_, justify)) in enumerate(zip(cells, widths, columns, strict=True)):
            gap = " " * (width - _width(cell))
            text = gap + cell if justify == "right" else cell + gap
            parts.append(("" if n == 0 else " ") + text + ("" if n == last else " "))
        return " " + " ".join(parts) + " "

    inner = sum(widths) + 3 * last
    blank = " " * (inner + 2)
    return [blank, line([title for title, _ in columns]), " " + "─" * inner + " ",
            *(line(row) for row in rows), blank]


def print_table(out: Console, columns: Sequence[Column], rows: Sequence[Sequence[str]],
                no_wrap: bool = False) -> None:
    """Print a :func:`~yams_scorekeeper.cli.printing.simple_table` of ``columns`` and
    ``rows`` on ``out``: written straight when :func:`plain` and it fits, else by Rich
    (``no_wrap``: the columns but the first are never wrapped, as Rich would draw them)."""
    if plain(out):
        lines = table_lines(columns, rows)
        if _width(lines[0]) <= out.width:
            out.file.write("".join(text + "\n" for text in lines))
            return
    from .printing import simple_table

    if no_wrap:
        table = simple_table((columns[0],))
        for title, justify in columns[1:]:
            table.add_column(title, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    else:
        table = simple_table(columns)
    for row in rows:
        table.add_row(*row)
    out.print(table)


def print_titled_table(out: Console, title: str, columns: Sequence[Column],
                       rows: Sequence[Sequence[str]]) -> bool:
    """Write a :func:`~yams_scorekeeper.cli.printing.simple_table` with ``title`` above it
    (``title_justify="left"``) straight on ``out`` and return True, when :func:`plain`, the
    table fits the width and the title fits on one line of the table's width (the title on
    a line of its own, padded to the table's width, as Rich draws it); else False: the caller
    has Rich draw it."""
    if not plain(out):
        return False
    lines = table_lines(columns, rows)
    width = _width(lines[0])
    if width > out.width or _width(title) > width:
        return False
    out.file.write("".join(text + "\n" for text in [
        title + " " * (width - _width(title)), *lines]))
    return True


def print_lines(out: Console, lines: Sequence[str], rich_form: object) -> None:
    """Print ``lines`` (no newline in any) straight on ``out`` when :func:`plain` and each
    fits the width, else ``rich_form`` (what Rich would draw as those lines) by Rich."""
    if plain(out) and all(_width(text) <= out.width for text in lines):
        out.file.write("".join(text + "\n" for text in lines))
        return
    out.print(rich_form)
