"""Pictures worth printing: a game's sheets as an SVG or HTML file that looks like the paper
sheet (for the fridge or the club's notice board), and the record book as HTML.

Every file is self-contained: inline CSS, no script, nothing fetched from elsewhere (the HTML
says so to the browser too: ``Content-Security-Policy: default-src 'none'``). Every data string
(names, labels, anything read from the store) is made visible by
:func:`~yams_scorekeeper.base.safetext.shown`, then escaped for XML and HTML
(:func:`~yams_scorekeeper.base.safetext.markup_text`).
Each written cell of a sheet carries an ``id`` ``p<seat>-<column>-<row>`` (ids of the rule set:
ASCII), so a program (a test) finds every cell. This module only renders text; the command
writes it with :func:`~yams_scorekeeper.cli.files.write_text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..base.safetext import markup_text, shown
from ..i18n import wording, words

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game, Sheet


@dataclass
class Cell:
    """One box of a grid: its text, the id of a sheet cell, and ``x`` (struck out), ``neg``
    (a negative score) or ``empty``."""

    text: str
    id: str | None = None
    style: str = ""


@dataclass
class Line:
    """A line of a grid: its label and boxes; ``kind`` is ``row``, ``sub`` (sub-total, bonus),
    ``total`` or ``grand``; ``rule`` draws a line above it (a new section)."""

    label: str
    cells: list[Cell]
    kind: str = "row"
    rule: bool = False


@dataclass
class Grid:
    """A table: a title, the column headings (the first over the labels), lines, notes below;
    ``left`` holds the data columns aligned left (others: right, as numbers)."""

    title: str
    header: list[str]
    lines: list[Line]
    notes: list[str] = field(default_factory=list)
    left: set[int] = field(default_factory=set)


# -- the sheets as grids -------------------------------------------------------------------------

def _cell(sheet: Sheet, seat: int, column: str, row: str) -> Cell:
    mark = sheet.marks.get((column, row))
    ident = f"p{seat}-{column}-{row}"
    if mark is None:
        return Cell("", ident, "empty")
    if mark.scratch:
        return Cell("X", ident, "x")
    return Cell(str(mark.score), ident, "neg" if mark.score < 0 else "")


def sheet_grids(game: Game, lang: str) -> list[Grid]:
    """The sheets as on paper: one grid per player (rows down, columns across) for families
    of several columns, else one grid with the players across (``rules.hints.sheet_layout``)."""
    if game.rules.hints.sheet_layout == "players":
        return [_players_grid(game, lang)]
    return [_player_grid(game, seat, lang) for seat in range(len(game.sheets))]


def _player_grid(game: Game, seat: int, lang: str) -> Grid:
    from .sheet_view import counters_text, upper_lines

    w = words("cli.sheet", lang)
    sheet = game.sheets[seat]
    totals = game.totals(sheet)
    details = totals.details
    header = [""] + [c.name + (f" x{c.factor}" if c.factor != 1 else "") for c in game.columns]
    upper = [r for r in game.rows if r in ("1", "2", "3", "4", "5", "6")]
    lines = [Line(game.rules.row(r).name, [_cell(sheet, seat, c.id, r) for c in game.columns])
             for r in upper]
    lines.append(Line(w["subtotal"], [Cell(str(upper_lines(game, details[c.id])[0]))
                                      for c in game.columns], "sub", rule=True))
    lines.append(Line(w["bonus"], [Cell(str(upper_lines(game, details[c.id])[1]))
                                   for c in game.columns], "sub"))
    first = True
    for row in (r for r in game.rows if r not in upper):
        lines.append(Line(game.rules.row(row).name,
                          [_cell(sheet, seat, c.id, row) for c in game.columns], rule=first))
        first = False
    lines.append(Line(w["total"], [Cell(str(totals.parts[c.id])) for c in game.columns],
                      "total", rule=True))
    colon = wording.colon(lang)
    notes = [f"{w['grand']}{colon}{totals.grand}"]
    cancelled = [c.name for c in game.columns if details[c.id].get("max_min_cancelled")]
    if cancelled:
        notes.append(f"{', '.join(cancelled)}{colon}{w['maxmin']}")
    if counters_text(game, sheet, lang):
        notes.append(counters_text(game, sheet, lang))
    return Grid(sheet.name, header, lines, notes)


def _players_grid(game: Game, lang: str) -> Grid:
    from .sheet_view import counters_text

    w = words("cli.sheet", lang)
    col = game.columns[0].id
    totals = [game.totals(s) for s in game.sheets]
    lines: list[Line] = []
    for section in game.rules.sections:
        rows = [r for r in section.rows if r in game.rows]
        for n, row in enumerate(rows):
            lines.append(Line(game.rules.row(row).name,
                              [_cell(s, seat, col, row) for seat, s in enumerate(game.sheets)],
                              rule=n == 0 and bool(lines)))
        detail = [t.details[section.id] for t in totals]
        if "bonus" in detail[0]:
            lines.append(Line(w["bonus"], [Cell(str(d["bonus"])) for d in detail], "sub"))
        if "ones" in detail[0]:      # the Double Yams difference (D3)
            lines.append(Line("x 1", [Cell(str(d["ones"])) for d in detail], "sub"))
        short = section.name.split(" ", 1)[-1]
        lines.append(Line(f"{w['total']} {short}",
                          [Cell(str(t.parts[section.id])) for t in totals], "total"))
    sections = {section.id for section in game.rules.sections}
    for part in (p for p in totals[0].parts if p not in sections):    # Yahtzee bonus (H4)
        lines.append(Line(part.replace("_", " ").capitalize(),
                          [Cell(str(t.parts[part])) for t in totals], "total"))
    lines.append(Line(w["grand"], [Cell(str(t.grand)) for t in totals], "grand", rule=True))
    notes = [f"{s.name}: {counters_text(game, s, lang)}" for s in game.sheets
             if counters_text(game, s, lang)]
    return Grid("", [""] + [s.name for s in game.sheets], lines, notes)   # the page's title


def sheet_heading(game: Game, lang: str) -> tuple[str, str]:
    """The title of a printed sheet (the game's label) and its second line (date, ranking)."""
    from .printing import local_date

    ranking = " · ".join(f"{rank}. {sheet.name} {total}" for rank, sheet, total in game.ranking())
    return game.config.label, f"{local_date(game.created, with_time=False)} · {ranking}"


# -- SVG ----------------------------------------------------------------------------------------

CHAR = 8.0          # width of a character of the SVG's monospace font at 13px (with room)
TITLE_CHAR = 11.5   # the same at 18px, bold
ROW, HEAD, PAD, GAP, MARGIN = 20, 24, 8, 28, 20

SVG_STYLE = """
text { font-family: "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace;
       font-size: 13px; fill: #1a1a1a; }
.title { font-size: 18px; font-weight: bold; }
.sub { font-size: 13px; fill: #444; }
.grid-title { font-size: 15px; font-weight: bold; }
.head { font-weight: bold; }
.num { text-anchor: end; }
.x { fill: #b22222; font-weight: bold; }
.neg { fill: #b22222; }
.total, .grand { font-weight: bold; }
.note { fill: #333; }
rect.paper { fill: #fffdf5; stroke: #1a1a1a; stroke-width: 1.5; }
rect.shade { fill: #efe9d8; }
line { stroke: #b9b2a0; stroke-width: 0.7; }
line.rule { stroke: #1a1a1a; stroke-width: 1.2; }
"""


def _widths(grid: Grid) -> list[float]:
    columns = [[grid.header[0]] + [line.label for line in grid.lines]]
    for k in range(1, len(grid.header)):
        columns.append([grid.header[k]] + [line.cells[k - 1].text for line in grid.lines])
    return [max(len(shown(t)) for t in texts) * CHAR + 2 * PAD for texts in columns]


def _svg_grid(grid: Grid, top: float) -> tuple[list[str], float, float]:
    """The SVG elements of ``grid`` from ``top``; its width and the y below it."""
    widths = _widths(grid)
    width = sum(widths)
    out = []
    if grid.title:
        out.append(f'<text class="grid-title" x="{MARGIN}" y="{top + 16}">'
                   f"{markup_text(grid.title)}</text>")
        top += 26
    y0 = top
    height = HEAD + ROW * len(grid.lines)
    out.append(f'<rect class="paper" x="{MARGIN}" y="{y0}" width="{width:.0f}" '
               f'height="{height}"/>')
    lefts: list[float] = [MARGIN]
    for w in widths[:-1]:
        lefts.append(lefts[-1] + w)
    y = y0 + HEAD
    for line in grid.lines:                               # shading first, text on top
        if line.kind in ("total", "grand", "sub"):
            out.append(f'<rect class="shade" x="{MARGIN + 0.75}" y="{y}" '
                       f'width="{width - 1.5:.0f}" height="{ROW}"/>')
        y += ROW
    for k, text in enumerate(grid.header):
        x, anchor = _anchor(grid, k, lefts, widths)
        out.append(f'<text class="head{anchor}" x="{x:.0f}" y="{y0 + 17}">{markup_text(text)}'
                   "</text>")
    out.append(f'<line class="rule" x1="{MARGIN}" y1="{y0 + HEAD}" x2="{MARGIN + width:.0f}" '
               f'y2="{y0 + HEAD}"/>')
    for x in lefts[1:]:
        out.append(f'<line x1="{x:.0f}" y1="{y0}" x2="{x:.0f}" y2="{y0 + height}"/>')
    y = y0 + HEAD
    for line in grid.lines:
        if y > y0 + HEAD:
            cls = ' class="rule"' if line.rule else ""
            out.append(f'<line{cls} x1="{MARGIN}" y1="{y}" x2="{MARGIN + width:.0f}" y2="{y}"/>')
        kind = f' class="{line.kind}"' if line.kind != "row" else ""
        out.append(f'<text{kind} x="{MARGIN + PAD}" y="{y + 14}">{markup_text(line.label)}'
                   "</text>")
        for k, cell in enumerate(line.cells, start=1):
            x, anchor = _anchor(grid, k, lefts, widths)
            classes = " ".join(filter(None, [line.kind if line.kind != "row" else "",
                                             cell.style, anchor.strip()]))
            ident = f' id="{markup_text(cell.id)}"' if cell.id else ""
            out.append(f'<text{ident} class="{classes}" x="{x:.0f}" y="{y + 14}">'
                       f"{markup_text(cell.text)}</text>")
        y += ROW
    y = y0 + height + 18
    for note in grid.notes:
        out.append(f'<text class="note" x="{MARGIN}" y="{y}">{markup_text(note)}</text>')
        y += 18
    return out, width, y


def _anchor(grid: Grid, k: int, lefts: list[float], widths: list[float]) -> tuple[float, str]:
    if k == 0 or k in grid.left:
        return lefts[k] + PAD, ""
    return lefts[k] + widths[k] - PAD, " num"


def grids_svg(title: str, subtitle: str, grids: list[Grid], lang: str) -> str:
    """A standalone SVG image of ``grids`` under ``title`` and ``subtitle``."""
    body = [f'<text class="title" x="{MARGIN}" y="{MARGIN + 14}">{markup_text(title)}</text>',
            f'<text class="sub" x="{MARGIN}" y="{MARGIN + 34}">{markup_text(subtitle)}</text>']
    y = MARGIN + 52.0
    width = max(len(shown(subtitle)) * CHAR, len(shown(title)) * TITLE_CHAR)
    for grid in grids:
        elements, grid_width, y = _svg_grid(grid, y)
        body += elements
        width = max(width, grid_width)
        y += GAP
    full_width = int(width + 2 * MARGIN)
    full_height = int(y - GAP + MARGIN)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_width}" '
            f'height="{full_height}" viewBox="0 0 {full_width} {full_height}" '
            f'xml:lang="{lang}">\n'
            f"<title>{markup_text(title)}</title>\n<style>{SVG_STYLE}</style>\n"
            f'<rect width="100%" height="100%" fill="#ffffff"/>\n'
            + "\n".join(body) + "\n</svg>\n")


# -- HTML ---------------------------------------------------------------------------------------

HTML_STYLE = """
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #1a1a1a;
       background: #ffffff; margin: 2em; }
h1 { font-size: 1.5em; margin: 0 0 0.2em 0; }
p.sub { color: #444; margin: 0 0 1.5em 0; }
table { border-collapse: collapse; margin: 0 0 0.4em 0; background: #fffdf5;
        border: 1.5px solid #1a1a1a; page-break-inside: avoid; }
caption { text-align: left; font-weight: bold; font-size: 1.1em; padding: 0 0 0.3em 0; }
th, td { border: 1px solid #b9b2a0; padding: 0.15em 0.6em; white-space: nowrap; }
section { margin: 0 0 1.6em 0; }
thead th { border-bottom: 2px solid #1a1a1a; }
td { text-align: right; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace;
     min-width: 2.5em; }
td.left { text-align: left; font-family: inherit; }
th[scope=row] { text-align: left; font-weight: normal; }
tr.sub, tr.total, tr.grand { background: #efe9d8; }
tr.total, tr.grand { font-weight: bold; }
tr.total th, tr.grand th { font-weight: bold; }
tr.rule > * { border-top: 2px solid #1a1a1a; }
td.x, td.neg { color: #b22222; }
td.x { font-weight: bold; }
p.note { margin: 0.2em 0 0 0; }
@media print { body { margin: 0; } }
"""


#: what a page to print adds for a screen: long titles wrap between words, and narrow
#: screens (a phone: 390 px) get small margins and type, so that no page scrolls sideways
PAGE_STYLE = """
th, caption, h1, p, td.left { white-space: normal; overflow-wrap: break-word; }
@media (max-width: 800px) {
  body { margin: 0.5em; font-size: 13px; }
  th, td { padding: 0.1em 0.25em; }
  td { min-width: 0; }
}
@media (max-width: 480px) { body { font-size: 10px; } th, td { padding: 0.1em 0.15em; } }
"""


def grids_html(title: str, subtitle: str, grids: list[Grid], lang: str,
               charts: Sequence[str] = ()) -> str:
    """A standalone HTML page of ``grids`` under ``title`` and ``subtitle``, then ``charts``
    (inline SVG made by :mod:`.charts`, whose data is escaped already)."""
    out = ["<!DOCTYPE html>", f'<html lang="{lang}">', "<head>", '<meta charset="utf-8">',
           '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
           'style-src \'unsafe-inline\'">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{markup_text(title)}</title>",
           f"<style>{HTML_STYLE}{PAGE_STYLE}{_chart_style() if charts else ''}</style>",
           "</head>",
           "<body>", f"<h1>{markup_text(title)}</h1>"]
    if subtitle:
        out.append(f'<p class="sub">{markup_text(subtitle)}</p>')
    for grid in grids:
        out += grid_html(grid)
    for chart in charts:
        out.append(f'<section class="chart">\n{chart}\n</section>')
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def grid_html(grid: Grid) -> list[str]:
    """The HTML lines of one grid: a ``<section>`` holding its table and its notes (the
    printable page and the live sheet of ``yams serve`` draw every grid with it)."""
    out = ["<section>\n<table>"]
    if grid.title:
        out.append(f"<caption>{markup_text(grid.title)}</caption>")
    out.append("<thead><tr>" + "".join(f'<th scope="col">{markup_text(h)}</th>'
                                       for h in grid.header) + "</tr></thead>")
    out.append("<tbody>")
    for line in grid.lines:
        classes = " ".join(filter(None, [line.kind if line.kind != "row" else "",
                                         "rule" if line.rule else ""]))
        row = [f'<tr class="{classes}">' if classes else "<tr>",
               f'<th scope="row">{markup_text(line.label)}</th>']
        for k, cell in enumerate(line.cells, start=1):
            cls = " ".join(filter(None, [cell.style, "left" if k in grid.left else ""]))
            attrs = (f' id="{markup_text(cell.id)}"' if cell.id else "") + (
                f' class="{cls}"' if cls else "")
            row.append(f"<td{attrs}>{markup_text(cell.text)}</td>")
        out.append("".join(row) + "</tr>")
    out.append("</tbody></table>")
    for note in grid.notes:
        out.append(f'<p class="note">{markup_text(note)}</p>')
    out.append("</section>")
    return out


def _chart_style() -> str:
    from .charts import CHART_STYLE

    return CHART_STYLE


# -- the command line's side ------------------------------------------------------------------


#: help texts (English; the help catalogue, locale/fr/LC_MESSAGES/yams-help.po, has their French)
SVG_HELP = "Draw the sheets as a printable SVG image in FILE ('-': standard output)."
HTML_HELP = "Draw the sheets as a printable HTML page in FILE ('-': standard output)."


def svg_option() -> Any:
    import typer

    return typer.Option(None, "--svg", metavar="FILE", help=SVG_HELP)


def html_option(help: str = HTML_HELP) -> Any:
    import typer

    return typer.Option(None, "--html", metavar="FILE", help=help)


def draw_sheets(game: Game, lang: str, svg: str | None, page: str | None,
                force: bool = False) -> None:
    """Write the sheets of ``game`` to ``svg`` and/or ``page`` (an HTML file), then say so
    (files only: ``-`` is standard output, which holds the picture)."""
    from .files import write_text

    title, subtitle = sheet_heading(game, lang)
    grids = sheet_grids(game, lang)
    for path, render in ((svg, grids_svg), (page, grids_html)):
        if path is not None:
            write_text(path, render(title, subtitle, grids, lang), force)
            if path != "-":
                import typer

                drawn = words("cli.printable", lang)["drawn"]
                typer.echo(shown(drawn.format(id=game.id, path=path)))
