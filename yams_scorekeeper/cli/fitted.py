"""A Rich table that wraps only between words: its columns are never narrower than their
longest word, and when even that is too wide, each row is shown as lines of its own."""

from __future__ import annotations

from copy import copy
from dataclasses import replace

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Column, Table


class FittedTable(Table):
    """A :class:`rich.table.Table` laid out at render time for the width it is given."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        spans = [_span(console, options, column) for column in self.columns]
        overhead = _overhead(self, console, options)
        if sum(high for _, high in spans) + overhead <= width:
            yield from super().__rich_console__(console, options)
        elif sum(low for low, _ in spans) + overhead <= width:
            widths = _share(spans, width - overhead)
            laid = copy(self)             # a cell that must not wrap is never narrower: no_wrap
            laid.columns = [replace(column, width=w, no_wrap=False)   # now wraps its title only
                            for column, w in zip(self.columns, widths, strict=True)]
            yield from Table.__rich_console__(laid, console, options)
        else:
            yield from self._stacked().__rich_console__(console, options)

    def _stacked(self) -> Table:
        """Each row as lines of ``title  value``, a blank line between two rows."""
        stacked = Table(title=self.title, title_justify=self.title_justify, box=None,
                        show_header=False, pad_edge=False)
        stacked.add_column(no_wrap=True, style="dim")
        stacked.add_column(overflow="fold")
        cells = [list(column.cells) for column in self.columns]
        for n, row in enumerate(self.rows):
            if n:
                stacked.add_row()
            for column, values in zip(self.columns, cells, strict=True):
                stacked.add_row(column.header, values[n], style=row.style)
        return stacked


def _span(console: Console, options: ConsoleOptions, column: Column) -> tuple[int, int]:
    """A column's least and greatest width, padding aside: its longest word (its longest cell
    when it does not wrap; its title always may) and its longest line."""
    if column.width is not None:
        return column.width, column.width
    wide = options.update_width(1 << 16)
    title = Measurement.get(console, wide, column.header)
    cells = [Measurement.get(console, wide, cell) for cell in column.cells]
    low = max([title.minimum] + [m.maximum if column.no_wrap else m.minimum for m in cells])
    return low, max([title.maximum] + [m.maximum for m in cells])


def _overhead(table: Table, console: Console, options: ConsoleOptions) -> int:
    """The width of the table's padding and borders (every column one cell wide)."""
    bare = copy(table)
    bare.columns = [replace(column, width=1) for column in table.columns]
    return Measurement.get(console, options.update_width(1 << 16), bare).maximum - len(
        table.columns)


def _share(spans: list[tuple[int, int]], room: int) -> list[int]:
    """Widths from each column's least, the room left shared in proportion to how much wider
    each would like to be."""
    widths = [low for low, _ in spans]
    wants = [high - low for low, high in spans]
    left = room - sum(widths)
    total = sum(wants)
    if total:
        for n, want in enumerate(wants):
            widths[n] += left * want // total
    return widths
