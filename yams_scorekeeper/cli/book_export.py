"""``yams history --csv`` / ``--bgstats`` and ``yams stats --csv``: the record book written for
other tools (a spreadsheet, the BG Stats app). The formats are
:mod:`~yams_scorekeeper.book.book_csv` and :mod:`.bgstats`; this module chooses the games and
writes the file."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import typer

from ..base.errors import EntryError
from ..i18n import Message, say
from .files import write_text
from .render import shown

if TYPE_CHECKING:  # pragma: no cover
    from ..store import Store

#: summaries read from the index at a time (memory holds a page, not the book)
PAGE = 2_000


def _summaries(store: Store, player, family, since, until) -> Iterator[dict]:
    """The matching summaries, oldest first, a page of the index at a time."""
    offset = 0
    while True:
        page = store.summaries(player, family, since, until, limit=PAGE, offset=offset)
        yield from page
        if len(page) < PAGE:
            return
        offset += PAGE


def _one_game(store: Store, game_id: str) -> dict:
    """The archived entry of the finished game whose id starts with ``game_id``."""
    from ..store.session import resolve_finished_id

    entry = store.archived_entry(resolve_finished_id(store, game_id))
    if entry is None:   # removed between the two reads
        raise EntryError(Message("game.no_game_with_id_in_progress_or_finished", game_id=game_id))
    return entry


def export_history(store: Store, lang: str, *, player, family, since, until, game_id,
                   csv_file: str | None, bgstats: str | None) -> None:
    """Write the games chosen (one game, or those of the filters) to ``csv_file`` and/or
    ``bgstats``, then say how many went where (files only: ``-`` holds the data)."""
    from ..base.safetext import json_text
    from ..book.book_csv import game_csv, history_csv
    from ..book.records import stopped_game_wins
    from .bgstats import play_file

    one = _one_game(store, game_id) if game_id is not None else None
    lines: Iterable[str]
    if csv_file is not None:
        if one:
            lines = [game_csv(one["summary"])]
        elif player is not None:        # one range of the index, no summary decoded
            lines = store.history_lines(player, family, since, until)
        else:
            lines = (game_csv(s) for s in _summaries(store, player, family, since, until))
        text = history_csv(lines)
        write_text(csv_file, text)
        _said("book.written_csv", csv_file, text.count("\r\n") - 1, lang)
    if bgstats is not None:
        entries = [one] if one else store.iter_archived(player, family, since, until)
        data = play_file(entries, stopped_game_wins)
        write_text(bgstats, json_text(data) + "\n")
        _said("book.written_plays", bgstats, len(data["plays"]), lang)


def _said(key: str, path: str, n: int, lang: str) -> None:
    if path != "-":
        typer.echo(shown(say(key, lang, n=n, path=path)))


def write_csv(path: str, header, lines, lang: str) -> None:
    """``yams stats --csv``: the lines under ``header`` to ``path``."""
    from ..book.book_csv import csv_text

    text = csv_text(header, lines)
    write_text(path, text)
    _said("book.written_csv", path, text.count("\r\n") - 1, lang)
