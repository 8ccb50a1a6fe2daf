"""The text the game commands print: the legal cells, who plays next, the sheets, the ending
(ranking and records broken), dates in local time, and the plain tables of lists.

Any data (names, labels, anything read from the store) is shown escaped (:func:`shown`);
``rich`` is imported inside the functions.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..i18n import say, words
from .cell_names import cell_label as cell_label
from .cell_names import column_name as column_name
from .cell_names import mark_label as mark_label
from .json_out import ranking_json
from .messages import msg, outcome
from .render import print_json, shown

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from rich.table import Table

    from ..engine.game import Game, LegalCell


def round_text(game: Game, n: int, lang: str) -> str:
    """`` (round 4)``, the player's own turn number, said after the game's turn number when
    the game has several players (alone, the two are the same: nothing)."""
    return say("cli.round", lang, n=n) if len(game.sheets) > 1 else ""


def print_line(text: str) -> None:
    """One line of plain output; any data in it is shown escaped (:func:`shown`), flushed (as
    ``typer.echo`` does; no Typer needed)."""
    sys.stdout.write(shown(text) + "\n")
    sys.stdout.flush()


#: the longest configuration label a line of ``history`` or ``games`` shows whole
LABEL_WIDTH = 38


def short_label(label: str, lang: str, width: int = LABEL_WIDTH) -> str:
    """A configuration label for a table's narrow column, abbreviated as the shared sheet
    abbreviates its columns (``Yams Gaby (Desc/Lib/Mont/DSec/Sec, nénette +5 options)``):
    column names shortened, then the last options counted rather than listed, so that a long
    Gaby label takes one or two lines rather than four to six."""
    from ..mechanics import short_name

    title, paren, inside = label.partition(" (")
    if not paren or not inside.endswith(")") or len(label) <= width:
        return label
    first, *rest = inside[:-1].split(", ")
    columns = first.split(" / ")
    if len(columns) > 1:
        first = "/".join(short_name(c) for c in columns)
    parts = [first, *rest]
    for kept in range(len(parts), 0, -1):
        more = len(parts) - kept
        tail = say("cli.printing.more_options", lang, n=more) if more else ""
        text = f"{title} ({', '.join(parts[:kept])}{tail})"
        if len(text) <= width:
            return text
    return text


def local_date(iso: str | None, with_time: bool = True) -> str:
    """``2024-05-01T19:30:00+00:00`` -> ``2024-05-01 21:30`` in local time."""
    if not iso:
        return "-"
    import datetime as _dt

    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return shown(iso)
    if when.tzinfo is not None:
        try:
            when = when.astimezone()
        except (OverflowError, ValueError, OSError):   # an end of the calendar: as written
            pass
    day = f"{when.year:04d}-{when.month:02d}-{when.day:02d}"    # strftime drops year 1's 0s
    return f"{day} {when.hour:02d}:{when.minute:02d}" if with_time else day


def show_finished(game: Game, records: list[dict], lang: str, as_json: bool) -> None:
    """A finished game: its ranking and the records it broke (``yams end``, and a game whose
    finish was cut, found over by another command)."""
    if as_json:
        print_json({"game": game.id, "finished": True, "stopped": game.stopped,
                    "ranking": ranking_json(game), "records": records})
    else:
        print_ending(game, records, lang)


def simple_table(columns: Iterable[tuple[str, str]] = (), **kwargs: Any) -> Table:
    """A Rich table with a rule under its header (lists of games, records, statistics), with
    a column per ``(title, justify)`` of ``columns``, wrapped between words (:mod:`.fitted`)."""
    from rich import box

    from .fitted import FittedTable

    table = FittedTable(box=box.SIMPLE_HEAD, pad_edge=False, **kwargs)
    for title, justify in columns:
        table.add_column(title, justify=justify, overflow="fold")  # type: ignore[arg-type]
    return table


def print_sheets(game: Game, title: str, lang: str, index: int | None = None) -> None:
    """``title``, then the sheets of ``game`` (only the ``index``-th player's when given)."""
    from .render import console
    from .sheet_view import sheets_view

    out = console()
    out.print(title, markup=False)
    out.print(sheets_view(game, lang, index, out.width))


def print_next(game: Game, broken: list[dict], lang: str, key: str) -> None:
    """The ranking and the records broken when ``game`` is over, else who plays (``key``:
    ``"cli.printing.next"`` or ``"cli.printing.to_play"``)."""
    if game.finished:
        print_ending(game, broken, lang)
    else:
        print_line(say(key, lang, name=game.player.name))


def print_ending(game: Game, broken: list[dict], lang: str) -> None:
    """The final ranking and the records the game broke."""
    from rich.table import Table

    from .render import console

    w = words("cli.printing", lang)
    out = console()
    stopped = w["stopped"]
    if game.stopped_early and not game.rules.stopped_game_has_winner:
        stopped = msg("game_stopped_no_win", lang)
    out.print(stopped if game.stopped else w["over"], markup=False)
    table = Table(title=w["ranking"], title_justify="left", box=None, pad_edge=False)
    table.add_column(w["rank"], justify="right")
    table.add_column(w["player"])
    table.add_column(w["points"], justify="right")
    for rank, sheet, total in game.ranking():
        table.add_row(str(rank), shown(sheet.name), str(total), style="bold" if rank == 1 else None)
    out.print(table)
    line = outcome(game, lang)
    if line:
        out.print(line, markup=False)
    for line in record_lines(broken, lang):
        out.print(line, markup=False)


def record_lines(broken: list[dict], lang: str) -> list[str]:
    """One line per record beaten; one line for the first game of a configuration."""
    w = words("cli.printing", lang)
    lines, firsts = [], []
    for rec in broken:
        part = w["grand"] if rec["part"] == "total" else rec["part"]
        if rec["previous"] is None:
            if rec["config_label"] not in firsts:
                firsts.append(rec["config_label"])
            continue
        old = rec["previous"]
        lines.append(w["record"].format(label=rec["config_label"], part=part, value=rec["value"],
                                        player=rec["player"], old=old["value"],
                                        holder=old["player"],
                                        date=local_date(old["date"], with_time=False)))
    return [w["first_game"].format(label=label) for label in firsts] + lines


def print_cells(game: Game, cells: list[LegalCell], lang: str) -> None:
    """The last coup, then the cells the player may write, numbered for ``yams mark``: as
    plain lines when they fit the width as they are (:mod:`legal_list`), else through Rich."""
    import sys

    from ..base.dice import format_dice
    from .legal_list import console_width, legal_lines, legal_rows, terminal_ansi

    w = words("cli.printing", lang)
    before: list[str] = []
    if game.coups:
        n = len(game.coups)
        coup = game.coups[-1]
        text = w["coup"].format(name=game.player.name, n=n, dice=format_dice(coup.dice),
                                roll=coup.roll)
        text += "".join(f" ({note})" for note in game.mechanics.coup_notes(game, coup, lang))
        before.append(shown(text))
    header: list[str] = []
    rows: list = []
    after: list[str] = []
    if not cells:
        before.append(shown(w["no_cells"] if game.coups else
                            w["enter_first"].format(name=game.player.name)))
    else:
        header, rows = legal_rows(game, cells, lang)
        more = len(game.coups) < game.coups_allowed()
        cell = w["cell_column_row" if len(game.columns) > 1 else "cell_row"]
        after.append(w["hint2"] if more else w["hint"].format(cell=cell))
    ansi = terminal_ansi(sys.stdout)
    width = console_width()
    table = legal_lines(header, rows, width, bool(ansi)) if ansi is not None and rows else []
    if table is not None and all(len(x) <= width and x.isprintable() for x in before + after):
        sys.stdout.write("".join(line + "\n" for line in before + table + after))
        sys.stdout.flush()
        return
    from .render import console
    from .sheet_view import legal_rich_table

    out = console()
    for line in before:
        out.print(line, markup=False)
    if rows:
        out.print(legal_rich_table(header, rows))
    for line in after:
        out.print(line, markup=False)

