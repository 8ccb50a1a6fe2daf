"""The store: games in progress, the archive of finished games and the record book, on disk.

This is the only module that reads or writes data files. Layout of the store folder::

    store.lock           cross-process lock, held for the whole of each operation
    games/<id>.json      one small file per game in progress (what a table action touches)
    archive/<id>.json    one file per finished game: table ``games`` holding the single entry
                         {"id", "doc", "summary"}, written when the game is finished (its
                         ``.bak1`` is a copy; an imported or migrated game has none)
    records.json         the record book (table ``book``, see :mod:`yams_scorekeeper.records`),
                         and table ``recount`` while a recount of the book is owed

Every file is written by :class:`~yams_scorekeeper.storage.AtomicJSONStorage` (atomic
replace, rotating ``.bakN`` backups, checksum). No operation on one game reads or writes the
files of the others: a table action (``append_event``) touches only its game's file, and
finishing a game only its game file, its archive file and ``records.json``, so neither cost
grows with the archive. Listing the history (``archived_games``, export, import, a recount)
reads every archive file.

Documents are plain JSON-able dicts; the store does not interpret game events.

Finishing a game takes four steps, each an atomic write, in an order that survives a crash
between any two of them: (1) the game file is marked as finishing (appends are refused from
then on); (2) the game is written to ``archive/<id>.json`` (its id names the file, so a retry
finds it there and never adds it twice); (3) the record book counts it (the book lists the games
it counted, so a retry does not count it twice); (4) the game file is removed. After a crash the
game is still in progress (listed with ``finishing: True``) or archived, never lost nor archived
twice, and calling :meth:`Store.finish_game` again completes the steps left.

An import (or a migration, below) adds many games before it recounts the book: it first writes
the ``recount`` marker into ``records.json``, then the archive files, then the recounted book
without the marker (an import counts its games into the book, :func:`records.merged`, where
that gives the book a recount gives: no new game comes first in its configuration, brings a part
its first game lacks, or changes its label or family). A crash in between leaves the marker, and
the next finish, import or
``records()`` recounts from the whole archive. Those are the only times a finish reads the other games
(besides a game finished again after the book counted it, or one that does not come last in the
book's order, date then id: two games finished in the same second): rare.

Stores written before this layout keep their finished games in one ``archive.json`` (the same
entries in one TinyDB table). The first operation that needs the archive or the book moves them
to ``archive/`` (:meth:`Store._migrate_legacy_archive`): it writes each game's file (skipping
those a cut migration already wrote), makes them durable, then renames ``archive.json`` to
``archive.json.migrated`` (kept, with its old ``.bakN`` backups, for the user to delete). A crash
at any point leaves ``archive.json`` in place and the migration runs again, idempotently.
Appending, loading, listing and creating games in progress never migrate (until then
``create_game`` checks new ids against the book's ``counted`` list): they do not need the
archive, so a damaged ``archive.json`` stops no game at the table before its finish.
"""

from __future__ import annotations

import copy
import datetime as _dt
import errno
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document, Table

from . import records as _records
from .errors import StoreBusyError, StoreCorruptError, StoreError
from .shapes import GAME_ID, book_problem, doc_problem, entry_problem
from .storage import (
    DEFAULT_BACKUPS,
    TEMP_SUFFIX,
    AtomicJSONStorage,
    FileSystem,
    backup_path,
    corrupt_error,
    encode,
    no_gc,
    raw_checksum,
    write_new_files,
)
from .texts import Message

if TYPE_CHECKING:  # pragma: no cover
    from .summary_index import SummaryIndex

#: Environment variable naming the store folder (overrides the default, not an argument).
ENV_VAR = "YAMS_DB"
#: Seconds to wait for another yams command to release the store.
DEFAULT_TIMEOUT = 10.0
BOOK_FORMAT = "yams-scorekeeper-book"
BOOK_VERSION = 1

_GAME_ID = GAME_ID
_GAME, _FINISH, _ARCHIVE, _BOOK, _RECOUNT = "game", "finish", "games", "book", "recount"
_ONE = 1  # doc id of the single document of the game, finish, archive, book and recount tables
#: what ``archive.json`` of the old layout is renamed to once its games are in ``archive/``
MIGRATED_SUFFIX = ".migrated"
#: games an import validates, then writes at once
IMPORT_BATCH = 256
#: games an import adds to the summaries index in one transaction (each commit rewrites the
#: journal of every page it touches: fewer, bigger ones halve the index's cost)
INDEX_BATCH = 2048
#: most games an import counts into the record book; past that it counts the book again
IMPORT_TALLIES = 5_000
#: what a store folder holds (one of them is enough to tell a store from another folder)
STORE_NAMES = ("games", "archive", "records.json", "archive.json", "store.lock")
#: what a store folder may hold before its first game: its saved house rules and sheets
BEFORE_FIRST_GAME = ("houses.json", "houses")
#: errors of a lock file that cannot be made: the store is read-only for us
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


def default_store_path(notify: Any = None) -> str:
    """The store folder: ``$YAMS_DB`` when set, else the user data folder (where a store of
    version 0.1 is moved from the old place first: :func:`yams_scorekeeper.paths.
    default_store`, which ``notify`` hears)."""
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return from_env
    from .paths import default_store  # only here: an explicit path pays no platformdirs

    return default_store(notify)


def _config_dir() -> str:
    from .paths import config_dir

    return config_dir()


def _now() -> str:
    return _dt.datetime.now().astimezone().isoformat(timespec="seconds")


def _check_id(game_id: Any) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise StoreError(Message("store.invalid_game_id", game_id=game_id),
                         expected="1-80 letters, digits, '.', '_' or '-', not starting with '.'")
    return game_id


def _unknown(game_id: str) -> StoreError:
    return StoreError(Message("store.no_game_in_progress", game_id=game_id))


class Store:
    """The store folder ``path`` (default :func:`default_store_path`).

    ``timeout``: seconds to wait for the lock before :class:`StoreBusyError`; ``backups``:
    versions kept of each file; ``fs``: the file-system calls (tests inject failures).
    """

    def __init__(self, path: str | os.PathLike | None = None, *, timeout: float = DEFAULT_TIMEOUT,
                 backups: int = DEFAULT_BACKUPS, fs: FileSystem | None = None,
                 notify: Any = None):
        #: ``notify(message)`` hears what the store did on its own (a record book rebuilt), a
        #: :class:`~yams_scorekeeper.texts.Message`
        self.notify = notify
        default = path is None and not os.environ.get(ENV_VAR)
        self.path = os.fspath(path) if path is not None else default_store_path(notify)
        self.games_dir = os.path.join(self.path, "games")
        self.archive_dir = os.path.join(self.path, "archive")
        #: the single archive file of stores written before ``archive/`` (migrated when found)
        self.legacy_archive_path = os.path.join(self.path, "archive.json")
        self.records_path = os.path.join(self.path, "records.json")
        self.lock_path = os.path.join(self.path, "store.lock")
        #: a club's named house rules: {name: {"family", "settings"}}
        #: (in the user config folder for the default store: :mod:`yams_scorekeeper.paths`)
        self.houses_path = os.path.join(_config_dir() if default else self.path, "houses.json")
        #: the club's evenings (``yams soiree``): {"open": id or None, "evenings": {id: {...}}}
        self.evenings_path = os.path.join(self.path, "evenings.json")
        self.timeout = timeout
        self.backups = backups
        self.fs = fs or FileSystem()
        self._lock: StoreLock | None = None
        #: reading a store we may not write (see :meth:`_reading`)
        self._read_only = False
        self._private_index: SummaryIndex | None = None
        self._private_folder: Any = None
        self._index: SummaryIndex | None = None
        self._said_unusable = False
        #: what the store repaired on its own during this object's operations (derived data
        #: rebuilt, cut operations completed), for ``yams check`` to report
        self.repaired: list[Message] = []

    # -- plumbing -------------------------------------------------------------------------

    def exists(self) -> bool:
        """True when the store folder exists (a read of a missing folder reads nothing)."""
        return os.path.isdir(self.path)

    def _is_store(self) -> bool:
        """True when the folder holds a store, or nothing yet but its saved house rules and
        sheets (a store before its first game)."""
        try:
            names = os.listdir(self.path)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StoreError(Message("store.cannot_read_store_folder", path=self.path,
                                     strerror=exc.strerror)) from exc
        return (not set(names) - set(BEFORE_FIRST_GAME)
                or any(name in names for name in STORE_NAMES))

    def _not_a_store(self) -> StoreError:
        return StoreError(
            Message("store.yams_store_games_archive", path=self.path),
            expected="the folder of an existing store")

    @contextmanager
    def _reading(self) -> Iterator[bool]:
        """Hold the lock for a read, if we can: yields True when locked (the store may be
        written, a recount owed be paid), False on a store we may not write (a read-only
        folder or disk), which is then read as it is: every file is replaced atomically, so
        a reader sees a whole old version or a whole new one. A folder that is not a store
        is refused; a folder not made yet reads as an empty store. Nothing is created."""
        if os.path.exists(self.path) and (not os.path.isdir(self.path) or not self._is_store()):
            raise self._not_a_store()
        if not os.path.exists(self.path) or not os.access(self.path, os.W_OK) or (
                os.path.exists(self.lock_path) and not os.access(self.lock_path, os.W_OK)):
            self._read_only = True
            try:
                with no_gc(), self._index_errors():
                    yield False
            finally:
                self._read_only = False
            return
        with self._locked():
            yield True

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the store lock for one whole operation."""
        if self._lock is None:
            try:
                os.makedirs(self.games_dir, exist_ok=True)
            except OSError as exc:
                raise StoreError(Message("store.cannot_create_store_folder", path=self.path,
                                         strerror=exc.strerror)) from exc
            self._lock = StoreLock(self.lock_path, self.timeout)
            first = True
        else:
            first = False
        try:
            self._lock.acquire()
        except TimeoutError:
            raise StoreBusyError(
                Message("store.store_busy_another_yams", lock_path=self.lock_path),
            ) from None
        except OSError as exc:
            if exc.errno in _READ_ONLY:
                raise StoreError(Message("store.cannot_change_store_read", path=self.path,
                                         strerror=exc.strerror)) from exc
            raise StoreError(Message("store.cannot_lock", lock_path=self.lock_path,
                                     strerror=exc.strerror)) from exc
        try:
            if first:
                self._sweep_temp_files()
                self._complete_cut_reopenings()
            with no_gc(), self._index_errors():  # an operation over a big archive builds
                yield                                # millions of objects
        except OSError as exc:  # listing or removing files; the storage reports its own
            raise StoreError(Message("store.cannot_use_store", path=self.path,
                                     strerror=exc.strerror, filename=exc.filename)) from exc
        finally:
            if self._index is not None:
                self._index.close()
            self._lock.release()

    @contextmanager
    def _index_errors(self) -> Iterator[None]:
        """SQLite's errors (a full disk under the summaries index) as one StoreError; the
        index is derived, rebuilt from the archive on the next run (sqlite3 is not imported
        here: only an operation that opened the index can raise its errors)."""
        try:
            yield
        except Exception as exc:
            sqlite3 = sys.modules.get("sqlite3")
            if sqlite3 is None or not isinstance(exc, sqlite3.Error):
                raise
            raise StoreError(Message("store.index_failed", path=self.path, why=str(exc)),
                             expected="free disk space, then run the command again") from exc

    def _sweep_temp_files(self) -> None:
        """Remove temporary files left by a writer that was killed (the lock is held).

        Not in ``archive/``, whose listing grows with history: reading it all sweeps it."""
        for folder in (self.path, self.games_dir):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                    try:
                        self.fs.remove(os.path.join(folder, name))
                    except OSError:
                        pass

    @contextmanager
    def _open(self, path: str) -> Iterator[TinyDB]:
        """A TinyDB over ``path``, read at most once and written once at the end, on success."""
        db = TinyDB(path, storage=CachingMiddleware(AtomicJSONStorage), fs=self.fs,
                    backups=self.backups)
        yield db
        db.storage.flush()

    def _game_path(self, game_id: str) -> str:
        return os.path.join(self.games_dir, _check_id(game_id) + ".json")

    @staticmethod
    def _one(db: TinyDB, table: str) -> dict | None:
        doc = db.table(table).get(doc_id=_ONE)
        return None if doc is None else dict(doc)

    @staticmethod
    def _set_one(db: TinyDB, table: str, doc: dict) -> None:
        _replace(db.table(table), _ONE, doc)

    def _book(self) -> dict:
        with self._open(self.records_path) as db:
            return self._one(db, _BOOK) or _records.empty_book()

    def _game_docs(self, db: TinyDB, game_id: str) -> tuple[dict | None, dict | None]:
        """The game document and the finish note of an open game file, their shape checked:
        a file with a valid checksum but the wrong shape stops this game only."""
        doc, pending = self._one(db, _GAME), self._one(db, _FINISH)
        problem = None
        if doc is None and os.path.lexists(self._game_path(game_id)):
            problem = "it holds no game"
        elif doc is not None:
            problem = doc_problem(doc)
            if problem is None and doc["id"] != game_id:
                problem = f"it holds game '{doc['id']}'"
        if problem is None and pending is not None:
            problem = _records.summary_problem(pending.get("summary"))
            problem = problem and f"the finish note: {problem}"
        if problem:
            raise corrupt_error(self._game_path(game_id), problem, self.backups)
        return doc, pending

    def _remove_game_file(self, game_id: str) -> None:
        """Remove the game's file, then its backups (the archive holds the game now)."""
        path = self._game_path(game_id)
        self.fs.remove(path)
        backups = os.path.basename(path) + ".bak"
        for name in os.listdir(self.games_dir):
            if name.startswith(backups):
                self.fs.remove(os.path.join(self.games_dir, name))
        self.fs.fsync_dir(self.games_dir)

    def _in_step_index(self) -> SummaryIndex:
        """The summaries index, in step with the archive (the lock is held; see
        :mod:`yams_scorekeeper.summary_index`)."""
        if not self._read_only:
            self._migrate_legacy_archive()
        index = self._summary_index()
        index.sync(self._in_progress_ids())
        if index.unusable is not None and not self._said_unusable:
            self._said_unusable = True
            self._say(Message("store.index_unusable", path=index.unusable))
        return index

    def _index_call(self, use: Callable[[SummaryIndex], Any]) -> Any:
        """``use(index)`` on the summaries index in step. An index that is not what this
        program wrote (a row that fails its digest, a page SQLite cannot read) is rebuilt
        from the archive, said, and asked again: derived data never outvotes the archive."""
        from .summary_index import INDEX_TROUBLE

        try:
            return use(self._in_step_index())
        except INDEX_TROUBLE as exc:
            self._rebuild_distrusted(exc)
        return use(self._in_step_index())

    def _rebuild_distrusted(self, exc: BaseException) -> None:
        """Forget a summaries index found wrong (``exc`` says how), to build it again."""
        from .summary_index import IndexMismatch

        index = self._summary_index()
        why = (Message("store.index_row_changed", game_id=exc.game_id)
               if isinstance(exc, IndexMismatch) else str(exc))
        self._say(Message("store.index_rebuilt", why=why))
        index.destroy()

    def _in_progress_ids(self) -> set[str]:
        """The ids of the games in progress (their files' names, one listing)."""
        try:
            names = os.listdir(self.games_dir)
        except FileNotFoundError:
            names = []
        return {name[:-len(".json")] for name in names
                if name.endswith(".json") and not name.startswith(".")}

    def _summary_index(self) -> SummaryIndex:
        if self._read_only:     # a store we may not write: an index of our own, for this run
            if self._private_index is None:
                import tempfile

                from .summary_index import SummaryIndex

                self._private_folder = tempfile.TemporaryDirectory(prefix="yams-index-")
                self._private_index = SummaryIndex(self._private_folder.name, self.archive_dir,
                                                   self._read_summary, lambda path: None)
            return self._private_index
        if self._index is None:
            from .summary_index import SummaryIndex  # sqlite3: not paid at the table

            self._index = SummaryIndex(self.path, self.archive_dir, self._read_summary,
                                       self._sweep_temp_file)
        return self._index

    def _sweep_temp_file(self, path: str) -> None:
        try:
            self.fs.remove(path)
        except OSError:
            pass

    def _read_summary(self, game_id: str) -> tuple[dict, str | None] | None:
        """The summary of an archived game and the checksum its file carries (the index
        keeps both), ``None`` when it is not archived."""
        from .storage import file_checksum

        entry = self._read_entry(game_id)
        if entry is None:
            return None
        return entry["summary"], file_checksum(self.archive_file(game_id))

    # -- the archive: one file per finished game --------------------------------------------

    def archive_file(self, game_id: str) -> str:
        """The file of a finished game; it exists once the game is archived."""
        return os.path.join(self.archive_dir, _check_id(game_id) + ".json")

    def _storage(self, path: str, fs: FileSystem | None = None) -> AtomicJSONStorage:
        return AtomicJSONStorage(path, fs=fs or self.fs, backups=self.backups)

    def _read_entry(self, game_id: str) -> dict | None:
        """The archive entry of ``game_id``, ``None`` when it is not archived (one file read)."""
        path = self.archive_file(game_id)
        tables = self._storage(path).read()
        if tables is None:
            return None
        found = _archived_entry(tables, game_id)
        if not isinstance(found, dict):
            raise corrupt_error(path, found, self.backups)
        return found

    def _write_entry(self, entry: dict, fs: FileSystem | None = None) -> None:
        self._write_encoded(entry["id"], encode(_archive_tables(entry)), fs)

    def _write_encoded(self, game_id: str, raw: bytes, fs: FileSystem | None = None) -> None:
        """Write the archive file of ``game_id`` from its bytes (:func:`archive_record`)."""
        self._make_archive_dir()
        self._storage(self.archive_file(game_id), fs).write_encoded(raw)

    def _make_archive_dir(self) -> None:
        """Create ``archive/`` if need be, durably (the store folder fsynced)."""
        if not os.path.isdir(self.archive_dir):
            os.makedirs(self.archive_dir, exist_ok=True)
            self.fs.fsync_dir(self.path)

    def _write_entries(self, files: list[tuple[str, bytes]]) -> list[tuple[int, int] | None]:
        """Write many archive files ``(game_id, bytes)`` (an import, a migration); returns
        their ``(mtime_ns, size)``. The new files are made durable together
        (:func:`~yams_scorekeeper.storage.write_new_files`: one sync of the disk, then the
        renames, then one fsync of the folder); a file that replaces another (a migration
        met a game twice) is written as usual, its old version becoming its ``.bak1``.
        """
        from .summary_index import file_stamp

        if not files:
            return []
        self._make_archive_dir()
        paths = [self.archive_file(game_id) for game_id, _ in files]
        there = {path for path in paths if self.fs.exists(path)}
        write_new_files(self.fs, self.archive_dir, [(path, raw) for path, (_, raw)
                                                    in zip(paths, files) if path not in there])
        for path, (game_id, raw) in zip(paths, files):
            if path in there:
                self._write_encoded(game_id, raw)
        return [file_stamp(path) for path in paths]

    def _put_entry(self, entry: dict) -> bool:
        """Step 2 of a finish: write ``entry``'s archive file; True when it replaced another
        version of the game.

        A new file is written twice, so that its first version becomes its ``.bak1``: a copy of
        its own (the backups of the old single archive held every game but the newest). The same
        game finished again (same ``created``) replaces its entry, the old version becoming the
        ``.bak1``; a different game with the same id is a StoreError and changes nothing.
        """
        existing = self._read_entry(entry["id"])
        if existing == entry:
            return False
        if existing is not None and existing["doc"].get("created") != entry["doc"].get("created"):
            raise StoreError(
                Message("store.archive_already_holds_another", id=entry['id']))
        self._write_entry(entry)
        if existing is None and self.backups > 0:
            self._write_entry(entry)
        return existing is not None

    def _all_entries(self) -> list[dict]:
        """Every archived game, in file-name order: reads every archive file (history, export,
        import and recounts only). Sweeps the temporary files a killed writer left there."""
        try:
            names = sorted(os.listdir(self.archive_dir))
        except FileNotFoundError:
            return []
        entries = []
        for name in names:
            if name.startswith("."):
                if name.endswith(TEMP_SUFFIX):
                    try:
                        self.fs.remove(os.path.join(self.archive_dir, name))
                    except OSError:
                        pass
                continue
            game_id = name[:-len(".json")]
            if name.endswith(".json") and _GAME_ID.fullmatch(game_id):
                entry = self._read_entry(game_id)
                if entry is not None:
                    entries.append(entry)
        return entries

    # -- the record book --------------------------------------------------------------------

    def _check_records(self) -> dict | None:
        """Make ``records.json`` usable (the lock is held): when it is missing while the archive
        holds games, or cannot be read (damaged, wrong shape, not a file), a recount from the
        archive is owed, and an unreadable file is first moved aside to
        ``records.json.damaged`` (the book is derived data: nothing is lost). Returns the
        file's tables when it was read and usable (``None`` otherwise), so that a reader
        need not read it again."""
        try:
            tables = self._storage(self.records_path).read()
        except StoreError as err:
            problem: str | None = err.en
        else:
            if tables is None:
                if self._archive_has_games():
                    self._say(Message("store.records_json_missing_record"))
                    self._owe_recount()
                return None
            book = tables.get(_BOOK, {}).get(str(_ONE))
            problem = None if book is None else book_problem(book)
            if problem is None:
                return tables
        aside = self.records_path + ".damaged"
        try:
            self.fs.replace(self.records_path, aside)
        except OSError as exc:
            raise StoreError(Message("store.cannot_read_nor_moved", records_path=self.records_path,
                                     problem=problem, strerror=exc.strerror)) from exc
        self._say(Message("store.records_json_could_read", problem=problem, aside=aside))
        self._owe_recount()
        return None

    def _archive_has_games(self) -> bool:
        try:
            with os.scandir(self.archive_dir) as found:
                return any(e.name.endswith(".json") and not e.name.startswith(".") for e in found)
        except FileNotFoundError:
            return False

    def _say(self, message: Message) -> None:
        if self.notify is not None:
            self.notify(message)

    def _book_read_only(self) -> dict:
        """The record book of a store we may not write: as stored, or counted in memory when
        it is owed a recount, missing or unreadable (nothing is written)."""
        try:
            tables = self._storage(self.records_path).read()
        except StoreError as err:
            problem: str | None = err.en
        else:
            tables = tables or {}
            book = tables.get(_BOOK, {}).get(str(_ONE))
            problem = None if book is None else book_problem(book)
            if problem is None and _RECOUNT not in tables and (
                    book is not None or not self._archive_has_games()):
                return book or _records.empty_book()
            problem = problem or "a recount is owed"
        self._say(Message("store.record_book_counted_from", problem=problem))
        return _records.recompute(e["summary"] for e in self._all_entries())

    def _recount_owed(self) -> bool:
        with self._open(self.records_path) as db:
            return self._one(db, _RECOUNT) is not None

    def _owe_recount(self) -> None:
        """Note in ``records.json`` that the book must be recounted, before games are added
        in bulk: a crash before :meth:`_recount` leaves the note for the next finish, import or
        ``records()``."""
        with self._open(self.records_path) as db:
            if self._one(db, _RECOUNT) is None:
                self._set_one(db, _RECOUNT, {"since": _now()})

    def _recount(self) -> None:
        """The book recomputed from the summaries index, and the recount note removed."""
        book = self._index_call(       # by date then id, one at a time, each row checked
            lambda index: _records.recompute(index.summaries(), ordered=True))
        with self._open(self.records_path) as db:
            self._set_one(db, _BOOK, book)
            db.drop_table(_RECOUNT)

    def _count(self, game_id: str, summary: dict, replaced: bool,
               recount: bool = False) -> list[dict]:
        """Step 3 of a finish: the book counts ``summary``; returns the records it broke.

        Reads ``records.json`` only, unless a recount is owed, asked (``recount``: a reopened
        game finished again), the book counted another version of this game, or another game
        comes after this one in date order (finished in the same second with a greater id, or
        a clock set back): then the other games' summaries are read back from the archive and
        the book is counted again in date order, then id, as :func:`records.recompute` does
        (the records reported broken are those ``summary`` beats in the others' book).
        """
        with self._open(self.records_path) as db:
            book = self._one(db, _BOOK) or _records.empty_book()
            owed = self._one(db, _RECOUNT) is not None
            others = None
            if (owed or recount or (replaced and game_id in book["counted"])
                    or (game_id not in book["counted"]
                        and self._summary_index().any_after(summary["date"], game_id))):
                others = self._index_call(
                    lambda index: [s for s in index.summaries() if s["id"] != game_id])
                book = _records.recompute(others)   # an earlier import or finish was cut
                if owed:
                    db.drop_table(_RECOUNT)
            new_book, broken = _records.update_records(book, summary)
            if others is not None and game_id not in book["counted"]:
                # counted in date order: a reopened game keeps its first date, and may come
                # before games finished since
                new_book = _records.recompute(others + [summary])
            if new_book is not book:
                self._set_one(db, _BOOK, new_book)
        return broken

    # -- stores of the old layout -----------------------------------------------------------

    def _migrate_legacy_archive(self) -> None:
        """Move the games of an old-layout ``archive.json`` into ``archive/``; see the module
        notes. Idempotent: a cut migration is completed by the next one."""
        legacy = self.legacy_archive_path
        if not os.path.exists(legacy):
            return
        entries: dict[str, dict] = {}
        for entry in (self._storage(legacy).read() or {}).get(_ARCHIVE, {}).values():
            game_id = entry.get("id")
            if (not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id)
                    or not isinstance(entry.get("doc"), dict)
                    or _records.summary_problem(entry.get("summary")) is not None):
                raise corrupt_error(
                    legacy, Message("store.bad_archived_game", game_id=game_id), self.backups)
            entries.setdefault(game_id, entry)
        todo, recount = [], False
        for game_id, entry in entries.items():
            there = self._read_entry(game_id)          # written by a cut migration, most often
            if there is None:
                todo.append(entry)
            elif there != entry:
                if there["doc"].get("created") != entry["doc"].get("created"):
                    raise StoreError(
                        Message("store.hold_two_different_games", legacy=legacy,
                                archive_file=self.archive_file(game_id), game_id=game_id))
                recount = True                        # two versions of one game: keep the later
                if entry["summary"]["date"] > there["summary"]["date"]:
                    todo.append(entry)                # the other one stays as the .bak1
        counted = set(self._book()["counted"])
        if recount or any(game_id not in counted for game_id in entries):
            self._owe_recount()
        self._summary_index().mark_stale()
        self._write_entries([(e["id"], encode(_archive_tables(e))) for e in todo])
        retired, n = legacy + MIGRATED_SUFFIX, 1
        while os.path.exists(retired):
            n += 1
            retired = f"{legacy}{MIGRATED_SUFFIX}{n}"
        self.fs.replace(legacy, retired)
        self.fs.fsync_dir(self.path)
        if self._recount_owed():
            self._recount()

    # -- games in progress ----------------------------------------------------------------

    def create_game(self, doc: dict) -> None:
        """Store a new game ``{"id", "created", "config", "events", "players", "family", "label"}``.

        Raises StoreError when a game with that id is in progress or archived.
        """
        if not isinstance(doc, dict):
            raise StoreError(Message("store.game_must_object"))
        game_id = _check_id(doc.get("id"))
        if not isinstance(doc.get("events", []), list):
            raise StoreError(Message("store.game_events_must_list"))
        doc = {**copy.deepcopy(doc), "events": list(doc.get("events", [])), "updated": _now()}
        with self._locked():
            path = self._game_path(game_id)
            if (os.path.exists(path) or os.path.exists(self.archive_file(game_id))
                    or (os.path.exists(self.legacy_archive_path)    # not migrated yet
                        and game_id in self._book()["counted"])):
                raise StoreError(Message("store.game_id_already_exists", game_id=game_id))
            with self._open(path) as db:
                db.table(_GAME).insert(doc)

    def _change_events(self, game_id: str, change) -> Any:
        with self._locked(), self._open(self._game_path(game_id)) as db:
            doc, pending = self._game_docs(db, game_id)
            if doc is None:
                raise _unknown(game_id)
            if pending is not None:
                raise StoreError(Message("store.game_being_finished_finish", game_id=game_id))
            result = change(doc["events"])
            doc["updated"] = _now()
            self._set_one(db, _GAME, doc)
            return result

    def append_event(self, game_id: str, event: dict) -> int:
        """Add ``event`` at the end of the game's events; it is on disk when this returns.

        Returns the event's index.
        """
        def append(events: list) -> int:
            events.append(event)
            return len(events) - 1

        return self._change_events(game_id, append)

    def append_checked(self, game_id: str, check) -> dict:
        """Under one lock: ``check(events)`` gets the events stored now and returns the event
        to append (or raises, and nothing is written). Two commands on the same game at once
        are thus checked one after the other against what the other wrote.
        """
        def change(events: list) -> dict:
            event = check(list(events))
            events.append(event)
            return event

        return self._change_events(game_id, change)

    def load_game(self, game_id: str) -> dict:
        """The document of a game in progress."""
        path = self._game_path(game_id)
        with self._reading():
            with self._open(path) as db:
                doc, _ = self._game_docs(db, game_id)
        if doc is None:
            raise _unknown(game_id)
        return doc

    def games_in_progress(self, damaged: list | None = None) -> list[dict]:
        """``{"id", "label", "family", "players", "created", "updated", "events", "finishing"}``
        for each game in progress (``events`` is a count), oldest first.

        A game file that cannot be read raises StoreCorruptError; when a ``damaged`` list is
        given, its error is put there instead and the other games are still listed (one
        damaged game must not stop the others).
        """
        summaries = []
        with self._reading():
            try:
                names = os.listdir(self.games_dir)
            except FileNotFoundError:
                names = []
            for name in names:
                if name.startswith(".") or not name.endswith(".json"):
                    continue
                game_id = name[:-len(".json")]
                try:
                    if not _GAME_ID.fullmatch(game_id):
                        raise corrupt_error(os.path.join(self.games_dir, name),
                                            Message("store.name_not_game_id"), self.backups)
                    with self._open(os.path.join(self.games_dir, name)) as db:
                        doc, pending = self._game_docs(db, game_id)
                        finishing = pending is not None
                except StoreError as err:
                    if damaged is None:
                        raise
                    err.game_id = game_id  # type: ignore[attr-defined]
                    damaged.append(err)
                    continue
                if doc is None:
                    continue
                summaries.append({"id": doc["id"], "label": doc.get("label"),
                                  "family": doc.get("family"), "players": doc.get("players", []),
                                  "created": doc.get("created"), "updated": doc.get("updated"),
                                  "events": len(doc["events"]), "finishing": finishing})
        return sorted(summaries, key=lambda s: (str(s["created"]), s["id"]))

    def delete_game(self, game_id: str) -> None:
        """Remove a game in progress (and its backups).

        A game whose finish was cut after it was archived stays archived, and is counted.
        """
        with self._locked():
            if not os.path.exists(self._game_path(game_id)):
                raise _unknown(game_id)
            if os.path.exists(self.archive_file(game_id)):
                self._migrate_legacy_archive()
                entry = self._read_entry(game_id)
                if entry is not None:
                    self._check_records()
                    self._count(game_id, entry["summary"], replaced=False)
            self._remove_game_file(game_id)

    # -- reopening a finished game ------------------------------------------------------

    def reopen_game(self, game_id: str, change: Callable[[dict], list],
                    summarize: Callable[[dict], dict | None] | None = None
                    ) -> tuple[dict, list[dict] | None]:
        """Change a finished game: ``change(doc)`` gets the archived game's document and
        returns its new events (or raises, and nothing is written); ``summarize(doc)`` gets
        the changed document and returns its summary when the game is still finished (an
        amendment that leaves every sheet full), else ``None``. Returns the changed document
        (its ``reopened`` field keeps the date it was first finished, ``date``, when it was
        changed last, ``at``, and how many times, ``times``) and the records the change
        broke, or ``None`` when the game is in progress again.

        A game still finished is corrected in place (:meth:`_correct_archived`): a reader
        sees the old archived game or the corrected one, never no game. A game no longer
        finished is reopened in four steps, each atomic: (1) a recount is owed in
        ``records.json``; (2) the game file is written; (3) the archive file's backups, then
        the file itself, are removed: from then on the game is in progress; (4) the book is
        recounted without it. A crash before (3) leaves a game file beside the archive file;
        the next operation on the store completes the reopening
        (:meth:`_complete_cut_reopenings`), and an owed recount is paid as after a cut import.
        """
        with self._locked():
            self._migrate_legacy_archive()
            entry = self._read_entry(game_id)
            if entry is None:
                raise StoreError(Message("store.finished_game_id", game_id=game_id),
                                 expected="an id from 'yams history'")
            if os.path.exists(self._game_path(game_id)):
                raise StoreError(Message("store.game_being_finished_finish_2", game_id=game_id))
            events = change(copy.deepcopy(entry["doc"]))
            before = entry["doc"].get("reopened") or {}
            times = before.get("times", 1 if before else 0)
            reopened = {"date": before.get("date") or entry["summary"]["date"], "at": _now(),
                        "times": (times if isinstance(times, int) else 1) + 1}
            doc = {**copy.deepcopy(entry["doc"]), "events": list(events), "updated": _now(),
                   "reopened": reopened}
            summary = summarize(doc) if summarize is not None else None
            if summary is not None:
                return doc, self._correct_archived(game_id, doc, summary)
            self._owe_recount()
            with self._open(self._game_path(game_id)) as db:
                db.table(_GAME).insert(doc)
            self._reopen_commit(game_id)
            return doc, None

    def _correct_archived(self, game_id: str, doc: dict, summary: dict) -> list[dict]:
        """A finished game corrected and still finished, in four steps, each atomic, so that
        every reader finds the game archived, old or corrected: (1) a recount is owed in
        ``records.json``; (2) the archive file's backups (the old version) are removed; (3)
        the corrected file replaces the old one (no backup rotated: it would be the old
        version), then gets its ``.bak1``, a copy of its own; (4) the summaries index and the
        book count the corrected game. A crash after (1) leaves the recount owed; the
        summaries index follows the archive folder. Returns the records it broke."""
        _check_summary(game_id, summary)
        self._check_records()
        self._owe_recount()
        self._remove_archive_backups(game_id)
        path = self.archive_file(game_id)
        AtomicJSONStorage(path, fs=self.fs, backups=0).write_encoded(
            encode(_archive_tables({"id": game_id, "doc": doc, "summary": summary})))
        if self.backups > 0:
            self.fs.link(path, backup_path(path, 1))
            self.fs.fsync_dir(self.archive_dir)
        self._summary_index().put([summary])
        return self._count(game_id, summary, replaced=True, recount=True)

    def _remove_archive_backups(self, game_id: str) -> None:
        """Remove the ``.bakN`` files of a game's archive file (its versions of before)."""
        path = self.archive_file(game_id)
        found = False
        for n in range(1, max(self.backups, DEFAULT_BACKUPS) + 1):
            if os.path.lexists(backup_path(path, n)):
                self.fs.remove(backup_path(path, n))
                found = True
        if found:
            self.fs.fsync_dir(self.archive_dir)

    def _reopen_commit(self, game_id: str) -> None:
        """Steps 3 and 4 of a reopening: the archive file's backups go, then the file (so
        that no backup of the version before the reopening outlives it), and the book is
        recounted."""
        self._remove_archive_backups(game_id)
        self.fs.remove(self.archive_file(game_id))
        self.fs.fsync_dir(self.archive_dir)
        self._summary_index().drop(game_id)
        self._recount()

    def _complete_cut_reopenings(self) -> None:
        """A game file beside its archive file, with no finish under way, is a reopening cut
        before its archive file went: complete it (the lock is held). A reopened game whose
        archive file is gone but not its backups (a reopening of an earlier version, cut
        between the two) loses the backups: a restore would bring back the version of before."""
        for name in os.listdir(self.games_dir):
            game_id = name[:-len(".json")]
            if name.startswith(".") or not name.endswith(".json") or not _GAME_ID.fullmatch(game_id):
                continue
            archived = os.path.exists(self.archive_file(game_id))
            if not archived and not os.path.lexists(backup_path(self.archive_file(game_id), 1)):
                continue
            try:
                with self._open(os.path.join(self.games_dir, name)) as db:
                    doc, finishing = self._one(db, _GAME), self._one(db, _FINISH)
                if (doc is None or not doc.get("reopened") or finishing is not None
                        or doc_problem(doc) is not None or doc["id"] != game_id):
                    continue
                if not archived:
                    self._remove_archive_backups(game_id)
                    continue
                entry = self._read_entry(game_id)
            except StoreCorruptError:
                continue
            # only the same game (a reopening writes the archived document, changed): a
            # damaged or foreign file beside it never takes a finished game out of the archive
            if entry is not None and entry["doc"].get("created") == doc.get("created"):
                self._reopen_commit(game_id)
                self.repaired.append(Message("store.check_reopening_completed",
                                             game_id=game_id))

    def is_archived(self, game_id: str) -> bool:
        """True when the game is archived and its finish complete (its archive file there,
        its game file gone): what a command may call "archived"."""
        return (os.path.exists(self.archive_file(game_id))
                and not os.path.exists(self._game_path(game_id)))

    def archived_entry(self, game_id: str) -> dict | None:
        """The archived game ``{"id", "doc", "summary"}``, ``None`` when it is not archived."""
        with self._reading():
            return self._read_entry(game_id)

    def archived_ids(self) -> list[str]:
        """The ids of the finished games (the archive's file names; no file is read)."""
        with self._locked():
            self._migrate_legacy_archive()
            return self._archive_names()

    # -- finishing, archive and records ---------------------------------------------------

    def finish_game(self, game_id: str, summary: dict | None = None) -> list[dict]:
        """Archive a game in progress with its ``summary`` and count it in the record book.

        Returns the records it broke (:func:`yams_scorekeeper.records.update_records`). Calling
        it again after a crash completes the steps left (``summary`` may then be ``None``: the
        one given first is kept in the game file); a game already archived returns ``[]``.
        """
        with self._locked():
            self._migrate_legacy_archive()
            path = self._game_path(game_id)
            self._check_records()
            with self._open(path) as db:
                doc, pending = self._game_docs(db, game_id)
                if doc is None:
                    if os.path.exists(self.archive_file(game_id)):
                        return []
                    raise _unknown(game_id)
                summary = summary if summary is not None else (pending or {}).get("summary")
                _check_summary(game_id, summary)
                if pending != {"summary": summary}:
                    self._set_one(db, _FINISH, {"summary": summary})
            try:
                replaced = self._put_entry({"id": game_id, "doc": doc, "summary": summary})
                self._summary_index().put([summary])   # before the game file goes (module notes)
                broken = self._count(game_id, summary, replaced,
                                     recount=bool(doc.get("reopened")))
                self._remove_game_file(game_id)
            except (StoreError, OSError) as err:
                raise _finish_cut(game_id, err) from err
            return broken

    def last_finished(self) -> dict | None:
        """The document of the game archived last (one file read, whatever the history)."""
        with self._reading() as writable:
            if writable:
                self._migrate_legacy_archive()
            try:
                files = [e for e in os.scandir(self.archive_dir)
                         if e.name.endswith(".json") and not e.name.startswith(".")]
            except FileNotFoundError:
                return None
            if not files:
                return None
            newest = max(files, key=lambda e: e.stat().st_mtime)
            entry = self._read_entry(newest.name[:-len(".json")])
        return entry["doc"] if entry else None

    def archived_games(self, player: str | None = None, family: str | None = None,
                       since: str | _dt.date | None = None,
                       until: str | _dt.date | None = None) -> list[dict]:
        """Finished games ``{"id", "doc", "summary"}``, oldest first, filtered as
        :func:`yams_scorekeeper.records.matches` (reads the file of each game chosen). The
        cyclic collector waits until the list is built: it would otherwise walk the games
        read so far after each file (1,000 games: about 0.4 s of 1 s)."""
        with no_gc():
            return list(self.iter_archived(player, family, since, until))

    def iter_archived(self, player: str | None = None, family: str | None = None,
                      since: str | _dt.date | None = None,
                      until: str | _dt.date | None = None) -> Iterator[dict]:
        """:meth:`archived_games` one game at a time: memory holds one game, not the book.

        The games are chosen by the summaries index when the iteration starts; each file is
        then read under the lock, one at a time (a game removed meanwhile is passed over)."""
        with self._reading():
            ids = self._index_call(lambda index: [s["id"] for s in index.summaries(
                player, family, _records.iso(since), _records.iso(until))])
        yield from self._iter_entries(ids)

    def export_lines(self, line: Callable[[dict], str], *,
                     jobs: int | None = None) -> Iterator[str]:
        """``line(entry)`` of each finished game (:meth:`iter_archived`), oldest first: the
        text ``yams export`` writes of it. A big archive is read here, under the lock, a
        chunk of files at a time, and each file decoded, checked and given to ``line`` on
        ``jobs`` processes (one per core by default; 1: none), a bounded number of chunks
        ahead, the lines coming back in order. A file a worker cannot take as it is (not an
        archive entry, an older schema to migrate) is read again here, as
        :meth:`iter_archived` reads it: its error, or its migration, is this process's."""
        from .import_check import PARALLEL_FROM, can_fork, default_jobs

        with self._reading():
            ids = self._index_call(lambda index: [s["id"] for s in index.summaries()])
        jobs = default_jobs() if jobs is None else jobs
        if jobs < 2 or len(ids) < PARALLEL_FROM or not can_fork():
            for entry in self._iter_entries(ids):
                yield line(entry)
            return
        yield from self._parallel_lines(ids, line, jobs)

    def _iter_entries(self, ids: list[str]) -> Iterator[dict]:
        for game_id in ids:
            with self._reading():
                entry = self._read_entry(game_id)
            if entry is not None:
                yield entry

    def _parallel_lines(self, ids: list[str], line: Callable[[dict], str],
                        jobs: int) -> Iterator[str]:
        from collections import deque

        from .import_check import worker_pool

        pool = worker_pool(jobs)   # forked outside the lock: no worker holds the lock's file
        pending: deque = deque()       # (files read, future)

        def lines() -> Iterator[str]:
            files, future = pending.popleft()
            try:
                results = future.result()
            except Exception:          # a worker died: read them here
                results = [None] * len(files)
            for (game_id, raw), text in zip(files, results):
                if text is not None:
                    yield text
                elif raw is not None:  # as iter_archived reads it (its error, its migration)
                    yield from map(line, self._iter_entries([game_id]))

        try:
            for start in range(0, len(ids), EXPORT_CHUNK):
                files = []
                with self._reading():
                    for game_id in ids[start:start + EXPORT_CHUNK]:
                        try:
                            raw = self.fs.read_bytes(self.archive_file(game_id))
                        except FileNotFoundError:    # removed meanwhile: passed over
                            raw = None
                        except Exception:            # read again, for its error
                            raw = b""
                        files.append((game_id, raw))
                pending.append((files, pool.submit(_export_chunk, files, line)))
                while len(pending) >= jobs * EXPORT_AHEAD:
                    yield from lines()
            while pending:
                yield from lines()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def summaries(self, player: str | None = None, family: str | None = None,
                  since: str | _dt.date | None = None, until: str | _dt.date | None = None, *,
                  config_key: str | None = None, newest_first: bool = False,
                  limit: int | None = None, offset: int = 0) -> list[dict]:
        """The summaries of the finished games that match (as :func:`yams_scorekeeper.records.
        matches`), oldest first or ``newest_first``, ``limit`` of them from ``offset``: one
        query of the summaries index, whatever the size of the archive."""
        with self._reading():
            return self._index_call(lambda index: list(index.summaries(
                player, family, _records.iso(since), _records.iso(until), config_key,
                newest_first, limit, offset)))

    def count_summaries(self, player: str | None = None, family: str | None = None,
                        since: str | _dt.date | None = None,
                        until: str | _dt.date | None = None) -> int:
        """How many finished games match (for a page's "n of N")."""
        with self._reading():
            return self._index_call(lambda index: index.matching(
                player, family, _records.iso(since), _records.iso(until)))

    def player_rows(self, player: str) -> tuple[list[tuple], dict[str, str]]:
        """A player's games as index rows ``(game, date, family, config_key, stopped,
        player count, name, total, rank)``, oldest first, and each configuration's label."""
        def read(index: SummaryIndex) -> tuple[list[tuple], dict[str, str]]:
            rows = index.player_rows(player)
            return rows, index.labels(dict.fromkeys(r[3] for r in rows))

        with self._reading():
            return self._index_call(read)

    def row_stats(self, player: str | None = None, family: str | None = None,
                  since: str | None = None, until: str | None = None,
                  seats: int | None = None) -> dict:
        """Per-row statistics (:func:`yams_scorekeeper.records.row_stats`) of ``player``'s
        sheets (everyone's when ``None``) in the games of ``family`` (of the period, of
        ``seats`` players), per configuration: one query of the summaries index, one sheet
        decoded at a time."""
        def read(index: SummaryIndex) -> tuple[dict, dict[str, str]]:
            self._fill_sheets(index)
            stats = _records.row_stats(index.sheet_rows(player, family, since, until, seats),
                                       {})
            return stats, index.labels(stats)

        with self._reading():
            stats, labels = self._index_call(read)
        for key, cfg in stats.items():
            cfg["label"] = labels.get(key, key)
        return stats

    def _fill_sheets(self, index: SummaryIndex) -> None:
        """Index the cells of the games archived before the summaries kept them, from a
        replay of their events: once, when per-row statistics are first asked for (so that
        the first history after an upgrade reads no game's events)."""
        missing = index.missing_sheets()
        if not missing:
            return
        from .game import replayed_sheet_rows

        for start in range(0, len(missing), IMPORT_BATCH):
            filled = []
            for game_id in missing[start:start + IMPORT_BATCH]:
                entry = self._read_entry(game_id)
                if entry is not None:
                    filled.append((game_id, replayed_sheet_rows(entry["doc"], entry["summary"])))
            index.put_sheets(filled)

    def config_totals(self) -> dict[str, list[float]]:
        """Every complete sheet's grand total, per configuration."""
        with self._reading():
            return self._in_step_index().config_totals()

    def companions(self, player: str, winning_families: Iterable[str], since=None,
                   until=None, seats=None) -> list[tuple]:
        """The other players of ``player``'s games (:meth:`SummaryIndex.companions`)."""
        with self._reading():
            return self._in_step_index().companions(player, winning_families, since, until,
                                                    seats)

    def pair_rows(self, a: str, b: str) -> list[tuple]:
        """The games ``a`` and ``b`` played together (:meth:`SummaryIndex.pair_rows`)."""
        with self._reading():
            return self._index_call(lambda index: index.pair_rows(a, b))

    def player_names(self) -> list[str]:
        """Every name found in the finished games."""
        with self._reading():
            return self._index_call(lambda index: index.player_names())

    def rebuild_index(self) -> None:
        """Forget the summaries index and build it again from the archive files."""
        with self._locked():
            self._migrate_legacy_archive()
            index = self._summary_index()
            index.close()
            index.destroy()
            self._in_step_index()

    def index_rows(self) -> list[tuple]:
        """Every row of the summaries index, sorted (tests compare a rebuilt index)."""
        with self._locked():
            return self._in_step_index().dump()

    def records(self) -> dict:
        """The record book (:mod:`yams_scorekeeper.records`); an empty book for a new store.

        A recount owed by a cut import or migration is done first; a ``records.json`` that is
        missing (with games in the archive) or cannot be read is rebuilt from the archive
        (:meth:`_check_records`). On a store we may not write, the book is read as it is, or
        counted in memory when it would be rebuilt."""
        with self._reading() as writable:
            if not writable:
                return self._book_read_only()
            self._migrate_legacy_archive()
            tables = self._check_records()
            if tables is not None and _RECOUNT not in tables:   # read once (2 MB at 50,000)
                return tables.get(_BOOK, {}).get(str(_ONE)) or _records.empty_book()
            if self._recount_owed():
                self._recount()
            return self._book()

    def rebuild_records(self) -> dict:
        """Count the record book again from every archived game (``yams records --rebuild``):
        each row of the summaries index is first checked against its archive file (read and
        its checksum verified) and repaired where it differs, so the book counted is the
        archive's; returns the new book."""
        with self._locked():
            self._migrate_legacy_archive()
            self._check_records()
            for finding in self._index_against_archive():
                self._say(finding.message)
            self._recount()
            return self._book()

    def _index_against_archive(self) -> list[Finding]:
        """Check every row of the summaries index against the archive file it comes from
        (every file read, its checksum verified): a row missing, changed or added is put
        right; an archive file that cannot be read is a finding not repaired (the lock is
        held)."""
        from .summary_index import INDEX_TROUBLE, file_stamp

        findings: list[Finding] = []
        for attempt in (1, 2):
            try:
                index = self._in_step_index()
                on_disk: set[str] = set()
                for game_id in self._archive_names():
                    try:
                        found = self._read_summary(game_id)
                    except StoreError as err:
                        findings.append(Finding("archive", err.message, False))
                        on_disk.add(game_id)            # its row, if any, is left alone
                        continue
                    if found is None:
                        continue
                    on_disk.add(game_id)
                    summary, sha = found
                    if index.differs(summary, sha):
                        stamp = file_stamp(self.archive_file(game_id)) or (None, None)
                        index.replace(summary, (*stamp, sha))
                        findings.append(Finding("index", Message(
                            "store.check_index_row", game_id=game_id), True))
                for game_id in sorted(index.ids() - on_disk):
                    index.drop(game_id)
                    findings.append(Finding("index", Message(
                        "store.check_index_extra", game_id=game_id), True))
                return findings
            except INDEX_TROUBLE as exc:
                if attempt == 2:
                    raise
                self._rebuild_distrusted(exc)      # said: a finding of check's
                findings = []
        return findings

    def _archive_names(self) -> list[str]:
        """The ids of the archive's files (their names; no file read)."""
        try:
            names = os.listdir(self.archive_dir)
        except FileNotFoundError:
            return []
        return sorted(n[:-len(".json")] for n in names
                      if n.endswith(".json") and not n.startswith(".")
                      and _GAME_ID.fullmatch(n[:-len(".json")]))

    def check(self) -> list[Finding]:
        """``yams check``: verify the whole store, repair what is derived. The archive's
        files are read and their checksums verified; the summaries index is checked row by
        row against them (a missing, unusable or foreign index is built again); the record
        book is read and compared with a count of the archive (a damaged book is moved aside,
        a book owed a recount or counting otherwise is counted again); the games in progress
        are read, and a finish or a reopening that was cut is completed. Returns what was
        found, each said repaired or not (a damaged archive or game file is the user's to
        restore: nothing derived can stand for it)."""
        from .summary_index import INDEX_FILE

        heard: list[Message] = []
        notify, self.notify = self.notify, heard.append
        findings: list[Finding] = []
        try:
            with self._locked():
                findings += [Finding("games", m, True) for m in self.repaired]
                self.repaired.clear()
                self._migrate_legacy_archive()
                index_path = os.path.join(self.path, INDEX_FILE)
                if not os.path.lexists(index_path) and self._archive_has_games():
                    findings.append(Finding("index", Message("store.check_index_missing"), True))
                findings += self._index_against_archive()
                findings += [Finding("index", m, not m.key.endswith("unusable"))
                             for m in heard]
                heard.clear()
                self._check_records()
                findings += [Finding("records", m, True) for m in heard]
                owed = self._recount_owed()
                if owed and not heard:
                    findings.append(Finding("records", Message("store.check_recount_owed"), True))
                counted = self._index_call(
                    lambda index: _records.recompute(index.summaries(), ordered=True))
                if owed or self._book() != counted:
                    if not owed and not heard:
                        findings.append(Finding("records", Message("store.check_book_differs"),
                                                True))
                    with self._open(self.records_path) as db:
                        self._set_one(db, _BOOK, counted)
                        db.drop_table(_RECOUNT)
                damaged: list = []
                for game in self.games_in_progress(damaged):
                    if game["finishing"]:
                        self.finish_game(game["id"])
                        findings.append(Finding("games", Message(
                            "store.check_finish_completed", game_id=game["id"]), True))
                findings += [Finding("games", err.message, False) for err in damaged]
        finally:
            self.notify = notify
        return findings

    def export_book(self) -> dict:
        """Every finished game: ``{"format": "yams-scorekeeper-book", "version": 1,
        "games": [{"doc", "summary"}]}``, oldest first (in memory: see :meth:`iter_archived`
        for one game at a time)."""
        games = [{"doc": e["doc"], "summary": e["summary"]} for e in self.iter_archived()]
        return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": games}

    def import_book(self, data: dict, check: Any = None) -> tuple[int, int]:
        """Add the finished games of an exported book; returns ``(added, skipped)``.

        ``check(doc, summary)`` (the CLI passes :func:`yams_scorekeeper.api.check_summary`)
        returns the summary to keep or raises: one game refused refuses the whole book.

        A game whose id is already archived, or in progress here, is skipped, so importing
        twice adds nothing (and writes nothing); so is a game the book gives twice, the same,
        while a book giving two different games under one id is refused whole. When games were added the record book
        counts them, or is recomputed from the summaries index (see the module notes, also
        for a cut import).
        """
        return self.import_games(_book_entries(data), check)

    def import_games(self, games: Iterable[Any], check=None, *,
                     jobs: int | None = None) -> tuple[int, int]:
        """:meth:`import_book` for the ``games`` of a book (``{"doc", "summary"}`` each, or
        :class:`~yams_scorekeeper.book_file.BookGame`) read one at a time: memory holds a few
        batches of games, not the book.

        Each game is checked (:func:`book_entry`, then ``check(doc, summary)`` when given,
        which raises a YamsError) before it is written, on ``jobs`` processes for a big book
        (:mod:`yams_scorekeeper.import_check`); the first bad game stops the import and
        removes the files it had written, so nothing is imported. A failed write (a full
        disk) leaves the files written before it, counted by the next recount, as
        :meth:`import_book` always did.
        """
        from .import_check import checked_games

        added = skipped = 0
        written: list[str] = []
        with self._locked():
            self._check_records()
            index = self._in_step_index()
            # the games archived or in progress (the lock is held: no other game comes)
            known = index.ids() | self._in_progress_ids()
            batch: list[ArchiveRecord] = []
            rows: list[tuple] = []          # of the games written, for the summaries index
            # what the book needs of each new game, to count them into it rather than count
            # every game again (None: a recount is owed already, or too many games come)
            tallies: list[tuple] | None = None if self._recount_owed() else []

            def claim(game_id: str) -> bool:
                if game_id in known:
                    return False
                known.add(game_id)
                return True

            def flush(last: bool = False) -> None:
                if not written and batch:
                    self._owe_recount()
                    index.mark_stale()
                nonlocal tallies
                stamps = self._write_entries([(r.id, r.raw) for r in batch])
                rows.extend((r.rows, (*(stamp or (None, None)), raw_checksum(r.raw)))
                            for r, stamp in zip(batch, stamps))
                if last or len(rows) >= INDEX_BATCH:
                    index.add(rows)             # new ids: nothing to replace
                    rows.clear()
                written.extend(r.id for r in batch)
                if tallies is not None:
                    tallies.extend(r.tally for r in batch)
                    if len(tallies) > IMPORT_TALLIES:
                        tallies = None
                batch.clear()

            lock_fd = self._lock._fd if self._lock is not None else None
            entries = checked_games(games, check, claim, known=known, jobs=jobs,
                                    close_fd=lock_fd)
            try:
                while True:
                    try:
                        entry = next(entries)
                    except StopIteration:
                        break
                    except BaseException:       # a bad game: nothing is imported
                        self._unwrite(written)
                        raise
                    if entry is None:
                        skipped += 1
                        continue
                    batch.append(entry)
                    if len(batch) >= IMPORT_BATCH:
                        flush()                 # a failed write is healed (module notes)
            finally:
                entries.close()
            flush(last=True)
            added = len(written)
            if added:
                index.put([], in_step=True)
            counted = bool(added) and tallies is not None and self._count_imported(tallies)
            if not counted and (added or self._recount_owed()):
                self._recount()
        return added, skipped

    def _count_imported(self, tallies: list[tuple]) -> bool:
        """The book with the imported games counted into it (:func:`records.merged`) and the
        recount note removed, in one write; ``False`` (nothing written) when only a recount
        can tell the book."""
        order, firsts = self._index_call(lambda index: (
            index.ids_in_order(), _records.first_games(index.first_counted().values())))
        with self._open(self.records_path) as db:
            book = self._one(db, _BOOK) or _records.empty_book()
            new_book = _records.merged(book, tallies, order, firsts)
            if new_book is None:
                return False
            self._set_one(db, _BOOK, new_book)
            db.drop_table(_RECOUNT)
        return True

    def _unwrite(self, game_ids: list[str]) -> None:
        """Remove the archive files of a failed import (games that were not there before)."""
        if not game_ids:
            return
        for game_id in game_ids:
            for path in (self.archive_file(game_id), self.archive_file(game_id) + ".bak1"):
                if os.path.exists(path):
                    self.fs.remove(path)
        self.fs.fsync_dir(self.archive_dir)
        index = self._summary_index()
        index.resync()
        if self._recount_owed():
            self._recount()


    # -- house rules ------------------------------------------------------------------------

    def house_rules(self) -> dict[str, dict]:
        """The named house rules ``{name: {"family": ..., "settings": {...}}}``, by name (a
        read: a store we may not write is read as it is)."""
        with self._reading():
            with self._open(self.houses_path) as db:
                houses = self._one(db, _HOUSES) or {}
        return {k: v for k, v in sorted(houses.items())
                if isinstance(v, dict) and isinstance(v.get("settings"), dict)}

    def save_house_rules(self, name: str, family: str, settings: dict) -> None:
        """Keep ``settings`` of ``family`` under ``name`` (replacing one of that name)."""
        with self._locked():
            with self._open(self.houses_path) as db:
                houses = self._one(db, _HOUSES) or {}
                houses[name] = {"family": family, "settings": dict(settings)}
                self._set_one(db, _HOUSES, houses)

    def evenings(self) -> dict:
        """The evenings' file ``{"open": id or None, "evenings": {id: {...}}}`` (empty for a
        store that never had one; read without the lock on a store we may not write)."""
        if not os.path.exists(self.evenings_path):
            return {"open": None, "evenings": {}}
        with self._reading():
            with self._open(self.evenings_path) as db:
                found = self._one(db, _EVENINGS) or {}
        evenings = found.get("evenings")
        return {"open": found.get("open") if isinstance(found.get("open"), str) else None,
                "evenings": evenings if isinstance(evenings, dict) else {}}

    def change_evenings(self, change: Callable[[dict], Any]) -> Any:
        """Apply ``change`` to the evenings' file (:meth:`evenings`) under the lock and write
        it back, all or nothing; returns what ``change`` returns (it raises to write nothing)."""
        with self._locked():
            with self._open(self.evenings_path) as db:
                found = self._one(db, _EVENINGS) or {}
                data = {"open": found.get("open"), "evenings": dict(found.get("evenings") or {})}
                result = change(data)
                self._set_one(db, _EVENINGS, data)
        return result

    def open_evening(self) -> str | None:
        """The id of the evening open now, if any (what a new game belongs to)."""
        return self.evenings()["open"]


_HOUSES = "houses"
_EVENINGS = "evenings"


#: archive files an export reads at a time, under the lock, and sends to a worker
EXPORT_CHUNK = 16
#: chunks waiting or being encoded, per worker (the exporting process holds their bytes)
EXPORT_AHEAD = 4


def _archived_entry(tables: dict, game_id: str) -> dict | Any:
    """The archive entry of ``game_id`` in the tables of its file, or what is wrong there."""
    entries = list(tables.get(_ARCHIVE, {}).values())
    if len(entries) != 1 or entries[0].get("id") != game_id:
        return Message("store.one_archived_game", game_id=game_id)
    return entry_problem(entries[0], game_id) or entries[0]


def _export_chunk(files: list[tuple[str, bytes | None]],
                  line: Callable[[dict], str]) -> list[str | None]:
    """A worker's job in :meth:`Store.export_lines`: for each archive file ``(game_id,
    bytes)``, ``line`` of its entry, or ``None`` for the exporting process to read it again
    (no file, or one it must report or migrate)."""
    from .storage import SCHEMA, decode

    out: list[str | None] = []
    for game_id, raw in files:
        try:
            tables, schema = decode(raw)
            found = _archived_entry(tables, game_id) if schema >= SCHEMA else None
            out.append(line(found) if isinstance(found, dict) else None)
        except Exception:
            out.append(None)
    return out


class StoreLock:
    """An exclusive ``flock`` on the file ``path``, shared by every yams process: waits up to
    ``timeout`` seconds by :meth:`clock` (trying again every ``POLL`` seconds, :meth:`pause`),
    then raises ``TimeoutError``. Reentrant within one holder. The kernel releases it when
    the process dies, so a killed command never leaves the store locked. (The ``filelock`` package did the same for 13 ms of import at
    every command start; this is the part of it the store needs.)"""

    def __init__(self, path: str, timeout: float):
        self.path, self.timeout = path, timeout
        self._fd: int | None = None
        self._depth = 0

    #: seconds between two tries
    POLL = 0.01

    @staticmethod
    def clock() -> float:
        """The time the wait is measured by (tests give a clock of their own)."""
        import time

        return time.monotonic()

    @staticmethod
    def pause(seconds: float) -> None:
        """Wait between two tries (tests give a pause of their own)."""
        import time

        time.sleep(seconds)

    def acquire(self) -> None:
        if self._depth:
            self._depth += 1
            return
        import fcntl

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = self.clock() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if self.clock() >= deadline:
                    os.close(fd)
                    raise TimeoutError(self.path) from None
                self.pause(self.POLL)
            except OSError:
                os.close(fd)
                raise
        self._fd, self._depth = fd, 1

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0 and self._fd is not None:
            os.close(self._fd)          # closing the file releases the flock
            self._fd = None

    def __enter__(self) -> StoreLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class Finding(NamedTuple):
    """What ``yams check`` found (:meth:`Store.check`): the ``part`` of the store
    ("archive", "index", "records", "games"), what is wrong, and whether it was repaired."""

    part: str
    message: Message
    repaired: bool


def _finish_cut(game_id: str, err: BaseException) -> StoreError:
    """The truth about a finish stopped after the game file was marked: the last entry is kept,
    the game is over, and the next command on it completes the finish."""
    why = (_WithoutNothingChanged(err.message) if isinstance(err, StoreError)
           else f"{err.strerror} ({err.filename})")
    full = isinstance(err.__cause__ if isinstance(err, StoreError) else err, OSError) and \
        (err.__cause__ if isinstance(err, StoreError) else err).errno == errno.ENOSPC
    kind = type(err) if isinstance(err, StoreError) else StoreError
    return kind(Message("store.finish_cut", game_id=game_id, why=why, short=game_id[:8],
                        fix=Message("store.free_some_space" if full else "store.fix_that")))


class _WithoutNothingChanged:
    """A message without its "nothing was changed" tail (when something was, after all)."""

    def __init__(self, message: Message):
        self.message = message

    def text(self, lang: str) -> str:
        return self.message.text(lang).replace(
            Message("store.nothing_changed_tail").text(lang), "")


def _replace(table: Table, doc_id: int, doc: dict) -> None:
    """Make ``doc`` the whole document ``doc_id`` of ``table`` (TinyDB's update only merges)."""
    if table.contains(doc_id=doc_id):
        table.update(lambda old: (old.clear(), old.update(doc)), doc_ids=[doc_id])
    else:
        table.insert(Document(doc, doc_id=doc_id))


def not_a_book(why: Message) -> StoreError:
    """The error for a file that is not an exported book (what is wrong, what is expected)."""
    return StoreError(Message("store.not_a_book", why=why),
                      expected=f'{{"format": "{BOOK_FORMAT}", "version": {BOOK_VERSION}, '
                               '"games": [{"doc": ..., "summary": ...}]}')


def check_book_header(data: Any) -> None:
    """Raise unless ``data`` has the format and version of an exported book."""
    if not isinstance(data, dict) or data.get("format") != BOOK_FORMAT:
        raise not_a_book(Message("store.wrong_format"))
    version = data.get("version")
    if type(version) is not int or version != BOOK_VERSION:     # not true, not 1.0
        raise not_a_book(Message("store.unknown_version", version=version))


def _book_entries(data: Any) -> list[dict]:
    """The games of an exported book, its header checked."""
    check_book_header(data)
    if not isinstance(data.get("games"), list):
        raise not_a_book(Message("store.games_must_list"))
    return data["games"]


def _archive_tables(entry: dict) -> dict:
    """The tables of the archive file of ``entry``."""
    return {_ARCHIVE: {str(_ONE): entry}}


class ArchiveRecord(NamedTuple):
    """A checked game of an import, ready to be written: its ``id``, the bytes of its archive
    file (``raw``: what :meth:`Store._write_entry` writes), its rows in the summaries index
    (:func:`~yams_scorekeeper.summary_index.index_rows`) and its ``tally`` for the record
    book (:func:`~yams_scorekeeper.records.tally`)."""

    id: str
    raw: bytes
    rows: tuple
    tally: tuple


def archive_record(entry: dict) -> ArchiveRecord:
    """The :class:`ArchiveRecord` of a checked archive entry ``{"id", "doc", "summary"}``
    (pure: an import makes them on its worker processes, of data with no reference cycles,
    as JSON decodes it)."""
    from .summary_index import index_rows

    summary = entry["summary"]
    return ArchiveRecord(entry["id"], encode(_archive_tables(entry), decoded=True),
                         index_rows(summary), _records.tally(summary))


def book_entry(game: Any, n: int, *, nesting_checked: bool = False) -> dict:
    """The archive entry ``{"id", "doc", "summary"}`` of game ``n`` of a book, or a
    StoreError saying what is wrong (``nesting_checked``: the game passed
    :func:`~yams_scorekeeper.shapes.unchecked_game_problem`)."""
    doc = game.get("doc") if isinstance(game, dict) else None
    summary = game.get("summary") if isinstance(game, dict) else None
    if not isinstance(game, dict):
        problem: str | None = "must be an object {\"doc\", \"summary\"}"
    else:
        problem = _records.summary_problem(summary)
        problem = problem and f"summary: {problem}"
    if problem is None and not _GAME_ID.fullmatch(summary["id"]):
        problem = f"invalid game id {summary['id']!r}"
    if problem is None:
        problem = entry_problem({"id": summary["id"], "doc": doc, "summary": summary},
                                summary_checked=True, nesting_checked=nesting_checked)
    if problem:
        raise not_a_book(Message("store.book_game", index=n - 1, n=n, problem=problem))
    return {"id": summary["id"], "doc": doc, "summary": summary}


def _check_summary(game_id: str, summary: Any) -> None:
    """A StoreError unless ``summary`` is a sound summary of game ``game_id``."""
    problem = _records.summary_problem(summary)
    if problem is None and summary["id"] != game_id:
        problem = f"the summary is for game '{summary['id']}'"
    if problem:
        raise StoreError(Message("store.cannot_finish_game", game_id=game_id, problem=problem))
