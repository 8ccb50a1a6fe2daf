"""The record book as spreadsheets: ``yams history --csv`` and ``yams stats --csv`` (pure: the
command line writes the files, the summaries index keeps each game's lines, :func:`game_csv`).

RFC 4180 through the standard :mod:`csv` module (comma, ``"`` quoting, CRLF line ends), a
header line of fixed English column names (stable for scripts and spreadsheet formulas), then
one line per player per game (history) or per configuration (stats) or per row of the sheet
(``stats --rows``). Numbers are written as numbers; a text cell that a spreadsheet would read
as a formula (one starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, e.g. a
player named ``=1+1``) gets a leading ``'``, so that it shows as text and is never evaluated
(OWASP's advice against CSV injection). A control character (which no name may hold) is
written visible, as everywhere else (:func:`~yams_scorekeeper.base.safetext.shown`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..base.safetext import shown

#: a summary, or the statistics of a configuration (JSON-shaped)
Row = dict[str, Any]

#: the columns of ``yams history --csv``
HISTORY_COLUMNS = ("date", "game", "rules", "config_key", "player", "total", "rank",
                   "stopped", "corrections", "evening")
#: the columns of ``yams stats NAME --csv`` (one line per configuration)
STATS_COLUMNS = ("player", "rules", "config_key", "family", "games", "complete", "wins",
                 "win_rate", "average", "median", "best", "worst", "stdev")
#: the columns of ``yams stats [NAME] --rows --csv`` (one line per row of a configuration)
ROWS_COLUMNS = ("player", "rules", "config_key", "family", "row", "cells", "average", "best",
                "zeros", "zero_rate", "scratched", "scratch_rate")

#: what a spreadsheet reads as the start of a formula (or strips before one)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(value: Any) -> Any:
    """``value`` as a CSV cell: text that would start a formula is prefixed with ``'``; numbers
    stay numbers; ``None`` is an empty cell; booleans are ``true``/``false``."""
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        if not (value.isascii() and value.isprintable()):    # else nothing to make visible
            value = shown(value)  # a control character made visible (names refuse them)
        return "'" + value if value.startswith(FORMULA_STARTS) else value
    return value


def csv_text(header: Iterable[str], lines: Iterable[Iterable[Any]]) -> str:
    """The CSV text of ``header`` then ``lines``, every cell made :func:`inert`."""
    return _written(header, ([inert(cell) for cell in line] for line in lines))


def _written(header: Iterable[str], lines: Iterable[Iterable[Any]]) -> str:
    """The CSV text of ``header`` then ``lines``, their cells already :func:`inert`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(lines)
    return out.getvalue()


def evening_of(summary: Row) -> str | int | None:
    """The evening a game belongs to, when its summary names one (``evening`` or ``soiree``:
    its id, or a dict with an ``id`` or a ``name``)."""
    value = summary.get("evening", summary.get("soiree"))
    if isinstance(value, dict):
        value = value.get("id", value.get("name"))
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def _same(value: Any) -> Any:
    return value


def history_lines(summaries: Iterable[Row], cell: Callable[[Any], Any] = _same
                  ) -> Iterator[list[Any]]:
    """One line per player of each game (in the order of the summaries, players by rank):
    the values of :data:`HISTORY_COLUMNS`, each given to ``cell`` (those of the game once
    for all its players)."""
    from .records import changes_made

    for summary in summaries:      # the fields of records.history, read straight
        head = [cell(summary["date"]), cell(summary["id"]),
                cell(summary.get("config_label") or summary["config_key"]),
                cell(summary["config_key"])]
        tail = [cell(bool(summary.get("stopped_early"))),
                cell(changes_made(summary)["amendments"]), cell(evening_of(summary))]
        for player in summary["players"]:
            yield [*head, cell(player["name"]), cell(player["total"]), cell(player.get("rank")),
                   *tail]


#: the version of :func:`game_csv`'s text: the summaries index keeps it, and drops what an
#: other version wrote (bump it with any change of the history's columns or cells)
HISTORY_CSV_FORMAT = 1


def game_csv(summary: Row) -> str:
    """The lines of ``yams history --csv`` of one game (:func:`history_lines`, every cell
    :func:`inert`), as CSV text without the header."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(history_lines([summary], inert))
    return out.getvalue()


def history_csv(games: Iterable[str]) -> str:
    """``yams history --csv``: the header, then the games' texts (:func:`game_csv`)."""
    return _written(HISTORY_COLUMNS, ()) + "".join(games)


def stats_lines(data: Row) -> Iterator[list[Any]]:
    """One line per configuration of a player's statistics (:func:`records.stats_of_rows`)."""
    for key, cfg in data["by_config"].items():
        yield [data["name"], cfg["label"], key, cfg["family"], cfg["games"], cfg["complete"],
               cfg["wins"], cfg["win_rate"], cfg["average"], cfg["median"],
               cfg["best"]["total"] if cfg["best"] else None,
               cfg["worst"]["total"] if cfg["worst"] else None, cfg["stdev"]]


def rows_lines(player: str | None, by_config: Row) -> Iterator[list[Any]]:
    """One line per row of each configuration of the per-row statistics."""
    for key, cfg in by_config.items():
        for line in cfg["rows"]:
            yield [player, cfg["label"], key, cfg["family"], line["row"], line["cells"],
                   line["average"], line["best"], line["zeros"], line["zero_rate"],
                   line["scratched"], line["scratch_rate"]]
