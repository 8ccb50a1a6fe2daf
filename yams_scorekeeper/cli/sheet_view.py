"""Rich views of a game: the sheets laid out like the paper grid, and the numbered legal cells.

The rule set says how its sheet is drawn (``rules.hints.sheet_layout``): families with several
columns (classic, Gaby) get one grid per player, rows down and columns across, as on the paper
sheet; one-column families (Double Yams, Duel, Yatzy, Yahtzee) get one grid with the players across.
Every grid fits 80 columns. ``rich`` is imported here only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..i18n import Message, explain_lang, say, words
from ..i18n.wording import colon
from ..mechanics import short_name
from .cell_names import cell_label  # noqa: F401 (cell_label: its old home)
from .cell_names import column_name as _column_name
from .legal_list import COLUMNS as LEGAL_COLUMNS
from .legal_list import legal_rows
from .render import shown as safe_text

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import JustifyMethod, RenderableType

    from ..engine.game import Game, LegalCell, Sheet


def _cell_text(sheet: Sheet, column: str, row: str) -> Text:
    mark = sheet.marks.get((column, row))
    if mark is None:
        return Text("·", style="dim")
    if mark.scratch:
        return Text("X", style="red")
    return Text(str(mark.score), style="red" if mark.score < 0 else "")


def upper_lines(game: Game, detail: dict[str, int]) -> tuple[int, int]:
    """A column's sub-total of its first section and its bonus line: ``bonus``, or (a house
    sheet's bonuses have ids of their own) every entry that is no section, total or factor."""
    first = game.rules.sections[0].id
    if "bonus" in detail:
        return detail[first], detail["bonus"]
    sections = {s.id for s in game.rules.sections}
    return detail[first], sum(v for k, v in detail.items()
                              if k not in sections and k not in ("total", "factor"))


def player_grid(game: Game, index: int, lang: str, short: bool = False) -> Group:
    """One player's sheet: rows down, columns across, with sub-totals, bonus and totals; the
    grid, then its grand total."""
    w = words("cli.sheet", lang)
    sheet = game.sheets[index]
    totals = game.totals(sheet)
    current = not game.finished and index == game.current
    title = safe_text(sheet.name) + (f"  ← {w['turn']}" if current else "")
    table = Table(title=Text(title, style="bold"), box=box.SIMPLE_HEAD, pad_edge=False,
                  caption=counters_text(game, sheet, lang) or None)
    table.add_column("", no_wrap=True)
    for col in game.columns:
        name = short_name(col.name) if short else col.name
        label = name + (f" x{col.factor}" if col.factor != 1 else "")
        table.add_column(label, justify="right", no_wrap=True)
    upper = [r for r in game.rows if r in ("1", "2", "3", "4", "5", "6")]
    for row in upper:
        table.add_row(game.rules.row(row).name, *(_cell_text(sheet, c.id, row)
                                                   for c in game.columns))
    details = totals.details
    table.add_section()
    table.add_row(Text(w["subtotal"], style="italic"),
                  *(str(upper_lines(game, details[c.id])[0]) for c in game.columns))
    table.add_row(Text(w["bonus"], style="italic"),
                  *(str(upper_lines(game, details[c.id])[1]) for c in game.columns))
    table.add_section()
    for row in game.rows:
        if row in upper:
            continue
        table.add_row(game.rules.row(row).name, *(_cell_text(sheet, c.id, row)
                                                   for c in game.columns))
    table.add_section()
    table.add_row(Text(w["total"], style="bold"),
                  *(Text(str(totals.parts[c.id]), style="bold") for c in game.columns))
    notes = [c.name for c in game.columns if details[c.id].get("max_min_cancelled")]
    grand = f"{w['grand']}{colon(lang)}{totals.grand}"
    if notes:
        grand += f"   ({', '.join(notes)}{colon(lang)}{w['maxmin']})"
    return Group(table, Text(grand, style="bold"))


def players_grid(game: Game, lang: str, player: int | None = None,
                 seats: list[int] | None = None, compact: bool = False):
    """One-column families: every player's column side by side (or one player's, or the
    ``seats`` of a page: ``compact``, without a title or blank lines), grouped by section,
    then one line of counters per player (jokers, bank, pool)."""
    w = words("cli.sheet", lang)
    col = game.columns[0].id
    shown = seats or (list(range(len(game.sheets))) if player is None else [player])
    sheets = [game.sheets[i] for i in shown]
    totals = [game.totals(s) for s in sheets]
    table = Table(title=None if compact else Text(safe_text(game.config.label), style="bold"),
                  box=box.SIMPLE_HEAD, pad_edge=False, show_edge=not compact)
    table.add_column("", no_wrap=True)
    names = [safe_text(game.sheets[i].name) for i in shown]
    label = max(len(game.rules.row(r).name) for r in game.rows) + 2
    if label + sum(max(len(n) + 2, 7) for n in names) > 80:
        names = _short_names(names)     # 8 players at 80 columns: abbreviated, never cut
    for i, name in zip(shown, names, strict=True):
        mark = " ←" if not game.finished and i == game.current else ""
        table.add_column(name + mark, justify="right", no_wrap=True)
    for section in game.rules.sections:
        rows = [r for r in section.rows if r in game.rows]
        for row in rows:
            table.add_row(game.rules.row(row).name, *(_cell_text(s, col, row) for s in sheets))
        detail = [t.details[section.id] for t in totals]
        if "bonus" in detail[0]:
            table.add_row(Text(w["bonus"], style="italic"), *(str(d["bonus"]) for d in detail))
        if "ones" in detail[0]:      # the Double Yams difference (D3)
            table.add_row(Text("x 1", style="italic"), *(str(d["ones"]) for d in detail))
        short = section.name.split(" ", 1)[-1]      # "Les suites" -> "suites"
        table.add_row(Text(f"{w['total']} {short}", style="italic"),
                      *(Text(str(t.parts[section.id]), style="italic") for t in totals))
        if not compact:
            table.add_section()
    sections = {section.id for section in game.rules.sections}
    for part in (p for p in totals[0].parts if p not in sections):    # Yahtzee bonus (H4)
        table.add_row(Text(part.replace("_", " ").capitalize(), style="italic"),
                      *(Text(str(t.parts[part]), style="italic") for t in totals))
    table.add_row(Text(w["grand"], style="bold"),
                  *(Text(str(t.grand), style="bold") for t in totals))
    counters = [Text(f"{safe_text(s.name)}{colon(lang)}{counters_text(game, s, lang)}")
                for s in sheets if counters_text(game, s, lang)]
    return Group(table, *counters) if counters else table


def counters_text(game: Game, sheet: Sheet, lang: str) -> str:
    """``4 doblars left (used: descendant) · 2 jokers left``: what a sheet has left, with the
    plural of each language (French: 0 and 1 take the singular)."""
    return " · ".join(game.mechanics.sheet_parts(game, sheet, lang))


def sheets_view(game: Game, lang: str, player: int | None = None, width: int = 80,
                page: int | None = None, stacked: bool = False):
    """Everything to print for ``yams sheet``: one player's grid, or all of them side by side,
    a column per player (per column of the sheet in the families with several), on pages of
    the players that fit ``width``, each page with every player's grand total; only page
    ``page`` (from 1) when given. ``stacked``: one grid per player, one under another. The
    imposée order below."""
    if game.rules.hints.sheet_layout == "players":
        if player is not None:
            return players_grid(game, lang, player)
        if stacked:
            return Group(*(players_grid(game, lang, i) for i in range(len(game.sheets))))
        pages = sheet_pages(game, lang, width)
        if len(pages) == 1:
            return players_grid(game, lang)
        grand = grand_line(game, lang)
        return Group(*(Group(_page_title(game, lang, n, pages),
                             players_grid(game, lang, seats=seats, compact=True), grand)
                       for n, seats in _chosen(pages, page)))
    order = _imposed_order(game, lang)
    if player is None and len(game.sheets) > 1 and not stacked:
        pages = sheet_pages(game, lang, width)
        if min(len(p) for p in pages) > 1:
            out: list[Any] = []
            for n, seats in _chosen(pages, page):
                paged = len(pages) > 1
                table, lines = side_by_side(game, lang, seats, compact=paged)
                out += [_page_title(game, lang, n, pages)] if paged else []
                out += [table, *lines]
            return Group(*out, *order)
    indexes = range(len(game.sheets)) if player is None else [player]
    short = _width(player_grid(game, indexes[0], lang).renderables[0]) > width
    return Group(*(player_grid(game, i, lang, short) for i in indexes), *order)


def sheet_pages(game: Game, lang: str, width: int) -> list[list[int]]:
    """The players' seats in pages whose side-by-side grid fits ``width``, as many players a
    page as fit, the pages as even as they can be (8 players: 3, 3, 2 rather than 3, 3, 1...
    never a page wider than ``width``). One page of one player when not even one fits."""
    def fits(seats: list[int]) -> bool:
        if game.rules.hints.sheet_layout == "players":
            return _width(players_grid(game, lang, seats=seats)) <= width
        return _width(side_by_side(game, lang, seats)[0]) <= width

    seats = list(range(len(game.sheets)))
    if fits(seats):
        return [seats]
    most = 1
    while most + 1 < len(seats) and fits(seats[:most + 1]):
        most += 1
    count = -(-len(seats) // most)
    size = -(-len(seats) // count)
    even = [seats[i:i + size] for i in range(0, len(seats), size)]
    if all(fits(p) for p in even):
        return even
    return [seats[i:i + most] for i in range(0, len(seats), most)]


def _chosen(pages: list[list[int]], page: int | None) -> list[tuple[int, list[int]]]:
    """The pages to print, numbered from 1: all of them, or page ``page`` (the last when
    ``page`` is beyond it)."""
    numbered = list(enumerate(pages, start=1))
    if page is None:
        return numbered
    return [numbered[min(max(page, 1), len(pages)) - 1]]


def _page_title(game: Game, lang: str, n: int, pages: list[list[int]]) -> Text:
    """``Yam classique (...) · page 1/3``: above a page, in place of the grid's title."""
    return Text(f"{safe_text(game.config.label)} · "
                f"{say('cli.sheet.page', lang, n=n, count=len(pages))}", style="bold")


def page_of(game: Game, lang: str, width: int, seat: int) -> tuple[int, int]:
    """(the page that holds ``seat``, how many pages) at this width."""
    pages = sheet_pages(game, lang, width)
    return next(n for n, p in enumerate(pages, start=1) if seat in p), len(pages)


def _short_names(names: list[str]) -> list[str]:
    """The shortest starts (3 letters at least) that tell the players apart."""
    for n in range(3, max(len(x) for x in names) + 1):
        short = [x[:n] for x in names]
        if len({s.casefold() for s in short}) == len(names):
            return short
    return names


def _width(renderable: RenderableType) -> int:
    from rich.console import Console

    console = Console(width=1000, markup=False, emoji=False, highlight=False)  # names are data
    return console.measure(renderable).maximum


def _imposed_order(game: Game, lang: str) -> list[Text]:
    """The imposée column's order of rows, as the players gave it (C5)."""
    imposed = getattr(game.config, "imposed", None)
    if not imposed:
        return []
    names = " → ".join(game.rules.row(r).name for r in imposed)
    column = _column_name(game, game.rules.imposed_column or "")
    return [Text(f"{column}{colon(lang)}{names}", style="italic")]


def side_by_side(game: Game, lang: str, seats: list[int] | None = None,
                 compact: bool = False) -> tuple[Table, list[Text]]:
    """Every player's sheet (or the ``seats`` of a page: ``compact``, without a title or
    blank lines, to fit a screen) in one grid: for each column of the sheet, one sub-column
    per player (names and column names abbreviated, never truncated); and the lines under it
    (every player's grand total, cancelled max/min, counters)."""
    w = words("cli.sheet", lang)
    seats = list(range(len(game.sheets))) if seats is None else seats
    every = [game.totals(s) for s in game.sheets]
    short = _short_names([safe_text(s.name) for s in game.sheets])
    sheets = [game.sheets[i] for i in seats]
    players = [short[i] for i in seats]
    totals = [every[i] for i in seats]
    table = Table(title=None if compact else Text(safe_text(game.config.label), style="bold"),
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                  show_edge=not compact)
    section = (lambda: None) if compact else table.add_section
    table.add_column("", no_wrap=True)
    for col in game.columns:
        label = short_name(col.name) + (f"x{col.factor}" if col.factor != 1
                                                          else "")
        for i, name in zip(seats, players, strict=True):
            mark = "←" if not game.finished and i == game.current else ""
            table.add_column(f"{label}\n{name}{mark}", justify="right", no_wrap=True)

    def cells(row: str) -> list[Text]:
        return [_cell_text(s, c.id, row) for c in game.columns for s in sheets]

    def per_column(line: int) -> list[str]:
        return [str(upper_lines(game, t.details[c.id])[line]) for c in game.columns
                for t in totals]

    upper = [r for r in game.rows if r in ("1", "2", "3", "4", "5", "6")]
    for row in upper:
        table.add_row(game.rules.row(row).name, *cells(row))
    section()
    table.add_row(Text(w["subtotal"], style="italic"), *per_column(0))
    table.add_row(Text(w["bonus"], style="italic"), *per_column(1))
    section()
    for row in game.rows:
        if row not in upper:
            table.add_row(game.rules.row(row).name, *cells(row))
    section()
    table.add_row(Text(w["total"], style="bold"),
                  *(Text(str(t.parts[c.id]), style="bold") for c in game.columns for t in totals))
    counters = [f"{safe_text(s.name)}{colon(lang)}{counters_text(game, s, lang)}"
                for s in sheets if counters_text(game, s, lang)]
    cancelled = [f"{safe_text(s.name)}, {c.name}{colon(lang)}{w['maxmin']} (Y3)"
                 for s, t in zip(sheets, totals, strict=True) for c in game.columns
                 if t.details[c.id].get("max_min_cancelled")]
    return table, [grand_line(game, lang, every), *(Text(x) for x in cancelled + counters)]


def grand_line(game: Game, lang: str, totals: list | None = None, width: int = 80) -> Text:
    """``Grand total: Alice 312 · Bob 280``: every player's, under every page of sheets; on
    more lines when it is wider than ``width``, broken between players only (never between a
    name and its total)."""
    totals = totals or [game.totals(s) for s in game.sheets]
    lines = [f"{words('cli.sheet', lang)['grand']}{colon(lang)}"]
    for n, (sheet, t) in enumerate(zip(game.sheets, totals, strict=True)):
        piece = f"{safe_text(sheet.name)} {t.grand}"
        if n and len(lines[-1]) + 3 + len(piece) + 2 > width:     # room for " ·"
            lines[-1] += " ·"
            lines.append("  " + piece)
        else:
            lines[-1] += (" · " if n else "") + piece
    return Text("\n".join(lines), style="bold")


def legal_table(game: Game, cells: list[LegalCell], lang: str,
                handles: dict[str, LegalCell] | None = None) -> Table:
    """The list of cells the player may fill now (:func:`legal_list.legal_rows`), each with
    its handle (or its number when ``handles`` is None: ``yams play --list``)."""
    return legal_rich_table(*legal_rows(game, cells, lang, handles))


def legal_rich_table(header: list[str], rows: list[list[tuple[str, str]]]) -> Table:
    """The rows of :func:`legal_list.legal_rows` as a Rich table (the last column folded
    when too long)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for title, (how, fold) in zip(header, LEGAL_COLUMNS, strict=True):
        justify = cast("JustifyMethod", how)     # legal_list.COLUMNS holds Rich's names
        if fold:
            table.add_column(title, justify=justify, overflow="fold")
        else:
            table.add_column(title, justify=justify, no_wrap=True)
    for row in rows:
        table.add_row(*(Text(text, style=style) for text, style in row))
    return table


# -- the turn grid: the legal cells drawn on the player's paper grid --------------------------

#: notes every cell of a column shares for a coup (sec eligibility Y4, the x2 factor Y5): the
#: column header says them; any other note is one a player may dispute, shown under the grid
_PLAIN_NOTES = ("explain.kept_after", "explain.column_factor")
#: disputed notes listed under the grid at most (``why`` shows them all)
MAX_NOTES = 3


def disputed(cell: LegalCell) -> tuple[Message, ...]:
    """The notes of a cell a player could dispute: a factor or a refusal that changes its score
    (bloquant Y6, a chance cell Y8, plus/moins C3, the sixth roll D9)."""
    return tuple(n for n in cell.notes if n.key not in _PLAIN_NOTES)


#: a cell of the turn grid: a few pieces of text, each with its Rich style ("" for none)
Pieces = list[tuple[str, str]]


class _Lines:
    """A grid drawn as plain lines: the first column left, the others right, two spaces apart,
    a rule under the header. Each cell is a few (text, style) pieces turned straight into Rich
    segments, without a ``Table`` or a ``Text`` to lay out: the turn grid is printed after every
    Enter, and this is several times faster (benchmarks/bench_play.py). A grid wider than the
    terminal falls back to ``Text`` lines, which Rich wraps rather than crops.

    ``section()`` marks where a section of the sheet starts: :meth:`panels` lays the sections
    side by side when the grid is taller than the lines it may take (Double Yams at 80 x 24)."""

    def __init__(self, header: list[str]):
        self.header = header
        self.rows: list[list[Pieces]] = []
        self.starts: list[int] = []      # the row where each section starts

    def add_row(self, *cells: Pieces | str) -> None:
        self.rows.append([[(c, "")] if isinstance(c, str) else c for c in cells])

    def section(self) -> None:
        """The rows added from now on are a new section (a panel keeps a section whole)."""
        if not self.starts or self.starts[-1] != len(self.rows):
            self.starts.append(len(self.rows))

    @property
    def height(self) -> int:
        return len(self.rows) + 2

    def blocks(self) -> list[list[list[Pieces]]]:
        """The rows, one list per section (the rows before the first mark are one too)."""
        cuts = sorted({0, *self.starts, len(self.rows)})
        return [self.rows[a:b] for a, b in zip(cuts, cuts[1:], strict=False) if b > a]

    def laid(self) -> tuple[list[list[Pieces]], list[int]]:
        """The header and rows padded to their columns: (lines, width of each line)."""
        from rich.cells import cell_len

        lines = [[[(h, "bold")] for h in self.header]] + self.rows
        sizes = [[sum(cell_len(text) for text, _ in cell) for cell in line] for line in lines]
        widths = [max(size[i] for size in sizes) for i in range(len(self.header))]
        out: list[list[Pieces]] = []
        for line, size in zip(lines, sizes, strict=True):
            laid: Pieces = []
            for i, (cell, width) in enumerate(zip(line, widths, strict=True)):
                pad = " " * (width - size[i])
                if i:
                    laid.append(("  " + pad, ""))
                laid += cell
                if not i:
                    laid.append((pad, ""))
            out.append([laid])
        total = sum(widths) + 2 * (len(widths) - 1)
        out.insert(1, [[("─" * total, "dim")]])
        return out, [total] * len(out)

    def panels(self, height: int, width: int) -> _Lines | _Panels:
        """This grid, or its sections in two or three panels side by side when it is taller
        than ``height`` lines: the fewest panels that fit ``height`` within ``width`` (else
        the lowest that fits ``width``). Each panel keeps its sections in the sheet's order."""
        blocks = self.blocks()
        if self.height <= height or len(blocks) < 2:
            return self
        best: tuple[tuple, _Panels] | None = None
        for count in (2, 3):
            for shape in _shapes(len(blocks), count):
                panels = _Panels([self._part([b for b, p in zip(blocks, shape, strict=True)
                                              if p == n])
                                  for n in range(count)])
                if panels.width > width:
                    continue
                # the lowest; then the closest to the sheet's order, the earliest sections first
                descents = sum(a > b for a, b in zip(shape, shape[1:], strict=False))
                key = (panels.height, descents, shape)
                if best is None or key < best[0]:
                    best = (key, panels)
            if best is not None and best[0][0] <= height:
                break
        return self if best is None else best[1]

    def _part(self, blocks: list[list[list[Pieces]]]) -> _Lines:
        part = _Lines(self.header)
        for rows in blocks:
            part.section()
            part.rows += rows
        return part

    def __rich_console__(self, console, options):
        lines, widths = self.laid()
        yield from _segments(console, options, lines, widths)


def _shapes(blocks: int, count: int) -> list[tuple[int, ...]]:
    """Every way to deal ``blocks`` sections to ``count`` panels, each panel given one at
    least, the first section in the first panel and the last (the totals) in the last."""
    from itertools import product

    out = []
    for middle in product(range(count), repeat=blocks - 2):
        shape = (0, *middle, count - 1)
        if len(set(shape)) == count:
            out.append(shape)
    return out


class _Panels:
    """Grids side by side, three spaces apart, top-aligned."""

    GAP = 3

    def __init__(self, parts: list[_Lines]):
        self.parts = [p.laid() for p in parts]

    @property
    def height(self) -> int:
        return max(len(lines) for lines, _ in self.parts)

    @property
    def width(self) -> int:
        return sum(w[0] for _, w in self.parts) + self.GAP * (len(self.parts) - 1)

    def __rich_console__(self, console, options):
        lines, widths = [], []
        for n in range(self.height):
            line: list[Pieces] = []
            for i, (part, width) in enumerate(self.parts):
                if i:
                    line.append([(" " * self.GAP, "")])
                if n < len(part):
                    line += part[n]
                elif i < len(self.parts) - 1:
                    line.append([(" " * width[0], "")])
            lines.append(line)
            widths.append(self.width)
        yield from _segments(console, options, lines, widths)


def _segments(console, options, lines: list[list[Pieces]], widths: list[int]) -> Any:
    """Laid-out lines as Rich segments; as ``Text`` lines (wrapped, never cropped) when wider
    than the terminal."""
    from rich.segment import Segment

    if max(widths, default=0) > options.max_width:
        for line in lines:
            out = Text()
            for cell in line:
                for text, name in cell:
                    out.append(text, style=name or None)
            yield out
        return
    styles: dict[str, Any] = {"": None}
    new_line = Segment.line()
    for line in lines:
        for cell in line:
            for text, name in cell:
                if name not in styles:
                    styles[name] = console.get_style(name)
                yield Segment(text, styles[name])
        yield new_line


def turn_grid(game: Game, cells: list[LegalCell], handles: dict[str, LegalCell],
              lang: str, notes_kept: int = MAX_NOTES) -> tuple[_Lines, list[str]]:
    """The current player's grid (rows down, columns across, as on paper) with every legal
    cell holding its handle and candidate score, filled cells as written; with two coups each
    cell reads ``coup 1|coup 2``. Returns the grid and the lines of disputed notes to print
    under it (``handle: why``)."""
    w = words("cli.sheet", lang)
    sheet = game.player
    handle_of = {c: h for h, c in handles.items()}
    two = len(game.coups) > 1
    by_cell: dict[tuple[str, str], dict[int, LegalCell]] = {}
    for cell in cells:
        by_cell.setdefault((cell.column, cell.row), {})[cell.coup] = cell
    header = [f"{w['coup']} 1|2" if two else ""]
    for col in game.columns:
        label = col.name + (f" x{col.factor}" if col.factor != 1 else "")
        if col.max_roll is not None:
            label += f" ≤{col.max_roll}"
        if len(game.columns) == 1:      # one column: it is the player's
            label = safe_text(sheet.name)
        header.append(label)
    table = _Lines(header)

    def candidate(cell: LegalCell | None) -> Pieces:
        if cell is None:
            return [("-", "dim")]
        style = "bold" if cell.score > 0 else ("red" if cell.score < 0 else "")
        out = [(handle_of.get(cell, "?"), "cyan"), (("" if two else " ") + str(cell.score), style)]
        if disputed(cell):
            out.append(("!", "yellow"))
        return out

    def content(column: str, row: str) -> Pieces:
        mark = sheet.marks.get((column, row))
        if mark is not None:
            return [("X" if mark.scratch else str(mark.score), "dim")]
        found = by_cell.get((column, row))
        if not found:
            return [("·", "dim")]
        if not two:
            return candidate(next(iter(found.values())))
        return candidate(found.get(1)) + [("|", "dim")] + candidate(found.get(2))

    totals = game.totals(sheet)
    upper = [r for r in game.rows if r in ("1", "2", "3", "4", "5", "6")]
    firsts = {next((r for r in s.rows if r in game.rows), None) for s in game.rules.sections}
    for row in game.rows:
        if row in firsts:
            table.section()
        table.add_row(game.rules.row(row).name, *(content(c.id, row) for c in game.columns))
        if upper and row == upper[-1] and len(game.columns) > 1:
            details = totals.details
            table.add_row([(w["subtotal"], "italic dim")],
                          *([(str(details[c.id]["chiffres"]), "italic dim")]
                            for c in game.columns))
    table.section()
    table.add_row([(w["total"], "bold")],
                  *([(str(totals.parts.get(c.id, totals.grand)), "bold")]
                    if len(game.columns) > 1 else [(str(totals.grand), "bold")]
                    for c in game.columns))
    same: dict[str, list[str]] = {}         # one line per reason, with every handle it concerns
    for cell in cells:
        for note in disputed(cell):
            same.setdefault(note.text(explain_lang(lang)), []).append(handle_of.get(cell, "?"))
    for cell in cells:                      # then multiplied scores (first roll, harmony)
        if cell.figure is not None and cell.figure.factors and cell.score > 0:
            cited = game.rules.cite(cell.row, cell.figure.factors)
            same.setdefault(f"{cell.explain.text(explain_lang(lang))} [{cited}]", []).append(
                handle_of.get(cell, "?"))
    notes = [f"{' '.join(hs)}{colon(lang)}{note}" for note, hs in same.items()]
    return table, fewer_notes(notes, notes_kept, lang)


def fewer_notes(notes: list[str], keep: int, lang: str) -> list[str]:
    """At most ``keep`` lines of notes: the first ones, then how many more ``why`` shows (two
    lines at least when some are left out)."""
    if len(notes) <= keep:
        return notes
    keep = max(keep, 2)
    return notes[:keep - 1] + [words("cli.sheet", lang)["more_notes"].format(
        n=len(notes) - keep + 1)]


def fit_notes(notes: list[str], room: int, width: int, lang: str) -> list[str]:
    """The notes that fit ``room`` lines of a ``width``-column terminal once wrapped, and
    :data:`MAX_NOTES` at most (the first ones, then how many more; only how many when even
    one does not fit), so that the dice line above the grid stays on screen."""
    from .terminal import wrap_words

    def tall(lines: list[str]) -> int:
        return sum(len(wrap_words(line, width)) for line in lines)

    keep = min(len(notes), MAX_NOTES)
    while keep > 1 and tall(fewer_notes(notes, keep, lang)) > room:
        keep -= 1
    kept = fewer_notes(notes, keep, lang)
    if tall(kept) <= room:
        return kept
    more = [words("cli.sheet", lang)["more_notes"].format(n=len(notes))] if notes else []
    return more if tall(more) <= room else []     # no room: how many, or nothing
