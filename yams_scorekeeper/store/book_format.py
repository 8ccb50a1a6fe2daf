"""The exported book's format: its header, its games checked one by one into archive entries.

Pure (no I/O): :mod:`.import_check` uses it on its worker processes, :mod:`.transfer` in the
importing process, :mod:`yams_scorekeeper.api` to check a header.

Crash invariant: none (nothing is written here); a book is checked whole before an import
keeps any of it (:mod:`.transfer`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..base.errors import StoreError
from ..book import records as _records
from ..i18n import Message
from .archive import archive_tables
from .files import encode
from .folder import Doc
from .shapes import GAME_ID, entry_problem

BOOK_FORMAT = "yams-scorekeeper-book"
BOOK_VERSION = 1


def not_a_book(why: Message) -> StoreError:
    """The error for a file that is not an exported book (what is wrong, what is expected)."""
    return StoreError(Message("store.not_a_yams_scorekeeper_book", why=why),
                      expected=f'{{"format": "{BOOK_FORMAT}", "version": {BOOK_VERSION}, '
                               '"games": [{"doc": ..., "summary": ...}]}')


def check_book_header(data: object) -> None:
    """Raise unless ``data`` has the format and version of an exported book."""
    if not isinstance(data, dict) or data.get("format") != BOOK_FORMAT:
        raise not_a_book(Message("store.wrong_format"))
    version = data.get("version")
    if type(version) is not int or version != BOOK_VERSION:     # not true, not 1.0
        raise not_a_book(Message("store.unknown_version", version=version))


def book_entries(data: object) -> list[Any]:
    """The games of an exported book, its header checked."""
    check_book_header(data)
    assert isinstance(data, dict)
    if not isinstance(data.get("games"), list):
        raise not_a_book(Message("store.games_must_list"))
    games: list[Any] = data["games"]
    return games


class ArchiveRecord(NamedTuple):
    """A checked game of an import, ready to be written: its ``id``, the bytes of its archive
    file (``raw``: what :meth:`.archive.Archive.write` writes), its rows in the summaries index
    (:func:`~yams_scorekeeper.store.summary_index.index_rows`) and its ``tally`` for the record
    book (:func:`~yams_scorekeeper.book.records.tally`)."""

    id: str
    raw: bytes
    rows: tuple[Any, ...]
    tally: tuple[Any, ...]


def archive_record(entry: Doc) -> ArchiveRecord:
    """The :class:`ArchiveRecord` of a checked archive entry ``{"id", "doc", "summary"}``
    (pure: an import makes them on its worker processes, of data with no reference cycles,
    as JSON decodes it)."""
    from .summary_index import index_rows

    summary = entry["summary"]
    return ArchiveRecord(entry["id"], encode(archive_tables(entry), decoded=True),
                         index_rows(summary), _records.tally(summary))


def book_entry(game: object, n: int, *, nesting_checked: bool = False) -> Doc:
    """The archive entry ``{"id", "doc", "summary"}`` of game ``n`` of a book, or a
    StoreError saying what is wrong (``nesting_checked``: the game passed
    :func:`~yams_scorekeeper.store.shapes.unchecked_game_problem`)."""
    doc = game.get("doc") if isinstance(game, dict) else None
    summary = game.get("summary") if isinstance(game, dict) else None
    if not isinstance(game, dict):
        problem: str | None = "must be an object {\"doc\", \"summary\"}"
    else:
        problem = _records.summary_problem(summary)
        problem = problem and f"summary: {problem}"
    if problem is None and isinstance(summary, dict) and not GAME_ID.fullmatch(summary["id"]):
        problem = f"invalid game id {summary['id']!r}"
    if problem is None and isinstance(summary, dict):
        problem = entry_problem({"id": summary["id"], "doc": doc, "summary": summary},
                                summary_checked=True, nesting_checked=nesting_checked)
    if problem or not isinstance(summary, dict):
        raise not_a_book(Message("store.book_game", index=n - 1, n=n, problem=problem))
    return {"id": summary["id"], "doc": doc, "summary": summary}
