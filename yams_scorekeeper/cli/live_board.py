"""The sheets of the live sheet as the table reads them: the TV's board (every player side by
side as on the paper sheet, rows down, a multi-column game's columns grouped under each name,
a long sheet in two panels) and the phone's sheets (one player at a time, one's own first).

Pure rendering from :func:`~yams_scorekeeper.cli.printable.sheet_grids`; the player to play,
the leader and the last cell written are marked by a sign and a class, not by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.safetext import markup_text
from ..engine.game import effective_events
from ..i18n import words
from .printable import Cell, Grid, Line, grid_html, sheet_grids

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game

#: players on one page of the board: more take turns on the TV, page after page
PER_PAGE = 6
#: the same for a sheet of more than three columns (Gaby: 4 players of 5 columns)
PER_PAGE_WIDE = 4
#: lines of a sheet above which the board shows it in two panels side by side (Double Yams)
PANEL_LINES = 24
#: the signs of the player to play and of the leader (read by screen readers as text too)
TO_PLAY, LEADER = "▶", "★"


@dataclass
class Board:
    """The board's shape: its pages of seats, and the lines and data columns of one page."""

    pages: list[list[int]]
    lines: int
    columns: int


def board_shape(game: Game) -> Board:
    """How the board of ``game`` is cut: pages of players, panels of lines (the counts of
    one page include its heading rows)."""
    seats = list(range(len(game.sheets)))
    per_page = PER_PAGE if len(game.columns) <= 3 else PER_PAGE_WIDE
    pages = [seats[k:k + per_page] for k in range(0, len(seats), per_page)]
    lines = len(sheet_grids(game, "en")[0].lines) + (0 if _players_across(game) else 1)
    panels = 2 if lines > PANEL_LINES else 1
    columns = len(game.columns) * min(len(seats), per_page) * panels
    heads = 1 if len(game.columns) == 1 else 2
    return Board(pages, -(-lines // panels) + heads, columns)


def _players_across(game: Game) -> bool:
    """The printed sheet has the players across already (one column a player)."""
    return game.rules.hints.sheet_layout == "players"


def last_written(game: Game) -> set[str]:
    """The ids of the cells the last entry wrote, when the last entry in force is a mark."""
    kept = effective_events(game.events)
    if not kept or kept[-1].get("type") != "mark":
        return set()
    seat = next((n for n, s in enumerate(game.sheets) if s.name == kept[-1].get("player")), None)
    if seat is None:
        return set()
    cells = kept[-1].get("cells") or []
    return {f"p{seat}-{c.get('column') or game.columns[0].id}-{c.get('row')}" for c in cells}


def _leaders(game: Game) -> set[int]:
    ranking = game.ranking()
    if len(ranking) < 2 or ranking[0][2] == 0:
        return set()
    return {game.sheets.index(sheet) for rank, sheet, _ in ranking if rank == 1}


def _player_lines(game: Game, lang: str) -> tuple[list[str], list[list[Line]]]:
    """Each player's lines of the sheet (the same labels for all) and the columns' headings."""
    grids = sheet_grids(game, lang)
    if not _players_across(game):            # one grid per player, their columns across
        return grids[0].header[1:], [grid.lines for grid in grids]
    (grid,) = grids                          # one grid, the players across
    return [""], [[Line(line.label, [_grand_id(line, seat)], line.kind, line.rule)
                   for line in grid.lines] for seat in range(len(game.sheets))]


def _grand_id(line: Line, seat: int) -> Cell:
    """The box of ``seat`` on ``line``, the grand total's with the id ``grand-<seat>``."""
    cell = line.cells[seat]
    return Cell(cell.text, f"grand-{seat}", cell.style) if line.kind == "grand" else cell


def _grand_line(game: Game, lang: str) -> Line:
    """The grand total of every player, as the last line of a sheet."""
    w = words("cli.sheet", lang)
    return Line(w["grand"], [Cell(str(game.totals(s).grand), f"grand-{seat}")
                             for seat, s in enumerate(game.sheets)], "grand", rule=True)


def board_html(game: Game, lang: str) -> list[str]:
    """The TV's board: a ``<div class="board">`` per page of players, each one or two tables
    of every line with the players across."""
    shape = board_shape(game)
    headings, lines = _player_lines(game, lang)
    grand = None if _players_across(game) else _grand_line(game, lang)
    fresh = last_written(game) if not game.finished else set()
    now = None if game.finished else game.current
    leaders = _leaders(game)
    panels = 2 if len(lines[0]) + (grand is not None) > PANEL_LINES else 1
    cut = _panel_cut(lines[0], panels)
    out = []
    for number, seats in enumerate(shape.pages):
        hidden = " hidden" if number and len(shape.pages) > 1 else ""
        out.append(f'<div class="board" id="page-{number}" data-page="{number}"{hidden}>')
        for k, (start, stop) in enumerate(cut):
            panel = [[lines[seat][n] for n in range(start, stop)] for seat in seats]
            last = k == len(cut) - 1
            out += _panel(game, seats, headings, panel, grand if last else None,
                          (now, leaders, fresh))
        out.append("</div>")
    return out


def _panel_cut(lines: list[Line], panels: int) -> list[tuple[int, int]]:
    """Where a sheet of ``lines`` is cut into ``panels``: at the section nearest the middle."""
    if panels == 1:
        return [(0, len(lines))]
    starts = [n for n, line in enumerate(lines) if n and (line.rule or lines[n - 1].kind
                                                          == "total")]
    middle = min(starts, key=lambda n: abs(n - len(lines) / 2))
    return [(0, middle), (middle, len(lines))]


def _panel(game: Game, seats: list[int], headings: list[str], panel: list[list[Line]],
           grand: Line | None, marks: tuple[int | None, set[int], set[str]]) -> list[str]:
    now, leaders, fresh = marks
    span = len(headings)
    names = []
    for seat in seats:
        sign = (TO_PLAY + " " if seat == now else "") + (LEADER + " " if seat in leaders else "")
        classes = " ".join(filter(None, ["now" if seat == now else "",
                                         "lead" if seat in leaders else ""]))
        attrs = f' colspan="{span}"' if span > 1 else ""
        attrs += f' class="{classes}"' if classes else ""
        names.append(f'<th scope="colgroup"{attrs}>{markup_text(sign + game.sheets[seat].name)}'
                     "</th>" if span > 1 else
                     f'<th scope="col"{attrs}>{markup_text(sign + game.sheets[seat].name)}</th>')
    out = ['<table class="sheet">', "<thead>", "<tr><td></td>" + "".join(names) + "</tr>"]
    if span > 1:
        out.append("<tr><td></td>" + "".join(
            f'<th scope="col" class="{"now " if seat == now else ""}c{n}">'
            f"{markup_text(h)}</th>" for seat in seats for n, h in enumerate(headings)) + "</tr>")
    out += ["</thead>", "<tbody>"]
    for n, first in enumerate(panel[0]):
        classes = " ".join(filter(None, [first.kind if first.kind != "row" else "",
                                         "rule" if first.rule and n else ""]))
        row = [f'<tr class="{classes}">' if classes else "<tr>",
               f'<th scope="row">{markup_text(first.label)}</th>']
        for seat, lines in zip(seats, panel, strict=True):
            for k, cell in enumerate(lines[n].cells):
                row.append(_td(cell, seat == now, k == 0 and span > 1, fresh))
        out.append("".join(row) + "</tr>")
    if grand is not None:
        row = ['<tr class="grand rule">', f'<th scope="row">{markup_text(grand.label)}</th>']
        for seat in seats:
            cell = grand.cells[seat]
            attrs = f' colspan="{span}"' if span > 1 else ""
            cls = " ".join(filter(None, ["now" if seat == now else "", "first"]))
            row.append(f'<td id="{cell.id}"{attrs} class="{cls}">{markup_text(cell.text)}</td>')
        out.append("".join(row) + "</tr>")
    out += ["</tbody>", "</table>"]
    return out


def _td(cell: Cell, now: bool, first: bool, fresh: set[str]) -> str:
    classes = [cell.style, "now" if now else "", "first" if first else "",
               "fresh" if cell.id in fresh else ""]
    cls = " ".join(filter(None, classes))
    attrs = (f' id="{markup_text(cell.id)}"' if cell.id else "") + (f' class="{cls}"' if cls
                                                                   else "")
    return f"<td{attrs}>{markup_text(cell.text)}</td>"


def phone_sheets(game: Game, lang: str, first: int | None = None) -> list[str]:
    """Each player's sheet, one grid each (``first``'s first), behind a row of links to each:
    on a phone one fills the width and the others are a swipe or a tap away."""
    grids = sheet_grids(game, lang)
    across = _players_across(game)
    if across:
        (grid,) = grids
        grids = [Grid(sheet.name, ["", sheet.name],
                      [Line(line.label, [line.cells[seat]], line.kind, line.rule)
                       for line in grid.lines])
                 for seat, sheet in enumerate(game.sheets)]
    order = list(range(len(grids)))
    if first is not None:
        order.remove(first)
        order.insert(0, first)
    w = words("cli.serve", lang)
    out = [f'<nav class="tabs" aria-label="{markup_text(w["sheets"])}">']
    out += [f'<a href="#sheet-{seat}">{markup_text(game.sheets[seat].name)}</a>'
            for seat in order]
    out += ["</nav>", '<div class="sheets">']
    for seat in order:
        out.append(f'<div class="one" id="sheet-{seat}">')
        out += grid_html(grids[seat])
        out.append("</div>")
    out.append("</div>")
    return out
