"""The record book on disk: ``records.json``, table ``book`` (see
:mod:`yams_scorekeeper.book.records`).

Crash invariant: the book is derived from the archive and never the other way round. It
lists the games it counted, so a finish retried after a crash does not count its game twice
(step 3 of a finish, :meth:`RecordBook.count`). Whatever adds or removes games in bulk (an
import, a migration, a reopening, a correction) first writes the **recount marker** (table
``recount``) into ``records.json``, then changes the archive, then writes the recounted book
without the marker, in one write. A crash in between leaves the marker, and the next finish,
import, ``records()`` or ``yams check`` recounts from the summaries index, which follows the
archive. A ``records.json`` that is missing while the archive holds games, or that cannot be
read, is moved aside to ``records.json.damaged`` and recounted: nothing is lost. A finish
reads the other games only when a recount is owed, its game was counted before in another
version, or another game comes after it in the book's order (date, then id).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.errors import StoreError
from ..book import records as _records
from ..i18n import Message
from .archive import Archive
from .folder import BOOK, RECOUNT, Doc, StoreFolder, now, one, set_one
from .index_sync import IndexKeeper
from .shapes import book_problem

if TYPE_CHECKING:
    from tinydb import TinyDB


class RecordBook:
    """The record book of the store in ``folder``, counted from ``index``."""

    def __init__(self, folder: StoreFolder, archive: Archive, index: IndexKeeper):
        self.folder = folder
        self.archive = archive
        self.index = index

    def book(self) -> Doc:
        """The book as stored (an empty book when there is none)."""
        with self.folder.open(self.folder.records_path) as db:
            return one(db, BOOK) or _records.empty_book()

    def check_file(self) -> TinyDB | None:
        """Make ``records.json`` usable (the lock is held): when it is missing while the archive
        holds games, or cannot be read (damaged, wrong shape, not a file), a recount from the
        archive is owed, and an unreadable file is first moved aside to
        ``records.json.damaged`` (the book is derived data: nothing is lost). Returns the
        file's database when it was read and usable (``None`` otherwise), so that a reader
        need not read it again."""
        folder = self.folder
        db, _, problem = self._stored()
        if problem is None:
            if db is not None:
                return db
            if self.archive.has_games():
                folder.say(Message("store.records_json_missing_record"))
                self.owe_recount()
            return None
        aside = folder.records_path + ".damaged"
        try:
            folder.fs.replace(folder.records_path, aside)
        except OSError as exc:
            raise StoreError(Message("store.cannot_read_nor_moved",
                                     records_path=folder.records_path,
                                     problem=problem, strerror=exc.strerror)) from exc
        folder.say(Message("store.records_json_could_not_be_read", problem=problem, aside=aside))
        self.owe_recount()
        return None

    def read_only(self) -> Doc:
        """The record book of a store we may not write: as stored, or counted in memory when
        it is owed a recount, missing or unreadable (nothing is written)."""
        db, book, problem = self._stored()
        if problem is None and (db is None or RECOUNT not in db.tables()) and (
                book is not None or not self.archive.has_games()):
            return book or _records.empty_book()
        problem = problem or "a recount is owed"
        self.folder.say(Message("store.record_book_counted_from", problem=problem))
        return _records.recompute(e["summary"] for e in self.archive.all_entries())

    def _stored(self) -> tuple[TinyDB | None, Doc | None, str | None]:
        """``records.json`` opened (``None``: no file), its book, and what is wrong with
        them (the file unreadable, the book's shape), read once."""
        db = self.folder.database(self.folder.records_path)
        try:
            if db.storage.read() is None:
                return None, None, None
            book = one(db, BOOK)
        except StoreError as err:
            return None, None, err.en
        return db, book, None if book is None else book_problem(book)

    def current(self) -> Doc:
        """The book of a store we may write: read once when usable, recounted when owed."""
        db = self.check_file()
        if db is not None and RECOUNT not in db.tables():   # read once (2 MB at 50,000)
            return one(db, BOOK) or _records.empty_book()
        if self.recount_owed():
            self.recount()
        return self.book()

    def recount_owed(self) -> bool:
        """True when the recount marker is in ``records.json``."""
        with self.folder.open(self.folder.records_path) as db:
            return one(db, RECOUNT) is not None

    def owe_recount(self) -> None:
        """Note in ``records.json`` that the book must be recounted, before games are added
        in bulk: a crash before :meth:`recount` leaves the note for the next finish, import or
        ``records()``."""
        with self.folder.open(self.folder.records_path) as db:
            if one(db, RECOUNT) is None:
                set_one(db, RECOUNT, {"since": now()})

    def counted(self) -> Doc:
        """The book counted from the summaries index, by date then id, each row checked."""
        return self.index.call(
            lambda index: _records.recompute(index.summaries(), ordered=True))

    def recount(self) -> None:
        """The book recomputed from the summaries index, and the recount note removed."""
        self.write_recounted(self.counted())

    def write_recounted(self, book: Doc) -> None:
        """Write ``book`` and remove the recount note, in one write."""
        with self.folder.open(self.folder.records_path) as db:
            set_one(db, BOOK, book)
            db.drop_table(RECOUNT)

    def count(self, game_id: str, summary: Doc, replaced: bool,
              recount: bool = False) -> list[Doc]:
        """Step 3 of a finish: the book counts ``summary``; returns the records it broke.

        Reads ``records.json`` only, unless a recount is owed, asked (``recount``: a reopened
        game finished again), the book counted another version of this game, or another game
        comes after this one in date order (finished in the same second with a greater id, or
        a clock set back): then the other games' summaries are read back from the archive and
        the book is counted again in date order, then id, as :func:`records.recompute` does
        (the records reported broken are those ``summary`` beats in the others' book).
        """
        with self.folder.open(self.folder.records_path) as db:
            book = one(db, BOOK) or _records.empty_book()
            owed = one(db, RECOUNT) is not None
            others = None
            if (owed or recount or (replaced and game_id in book["counted"])
                    or (game_id not in book["counted"]
                        and self.index.get().any_after(summary["date"], game_id))):
                others = self.index.call(
                    lambda index: [s for s in index.summaries() if s["id"] != game_id])
                book = _records.recompute(others)   # an earlier import or finish was cut
                if owed:
                    db.drop_table(RECOUNT)
            new_book, broken = _records.update_records(book, summary)
            if others is not None and game_id not in book["counted"]:
                # counted in date order: a reopened game keeps its first date, and may come
                # before games finished since
                new_book = _records.recompute(others + [summary])
            if new_book is not book:
                set_one(db, BOOK, new_book)
        return broken

    def count_imported(self, tallies: list[tuple[object, ...]]) -> bool:
        """The book with the imported games counted into it (:func:`records.merged`) and the
        recount note removed, in one write; ``False`` (nothing written) when only a recount
        can tell the book."""
        order, firsts = self.index.call(lambda index: (
            index.ids_in_order(), _records.first_games(index.first_counted().values())))
        with self.folder.open(self.folder.records_path) as db:
            book = one(db, BOOK) or _records.empty_book()
            new_book = _records.merged(book, tallies, order, firsts)
            if new_book is None:
                return False
            set_one(db, BOOK, new_book)
            db.drop_table(RECOUNT)
        return True
