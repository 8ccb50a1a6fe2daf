"""The store's one door: :class:`Store`, each operation under the lock, handed to its part.

This is the only data I/O of the program (the store folder's layout: :mod:`.folder`). Each
concern is a module of this package with its crash invariant at its top: the files and their
atomic writes (:mod:`.files`), the lock (:mod:`.lock`, held by :mod:`.access`), the games in
progress (:mod:`.in_progress`), the archive (:mod:`.archive`), the summaries index
(:mod:`.summary_index`, kept in step by :mod:`.index_sync`), the record book
(:mod:`.record_book`), finishing a game (:mod:`.finishing`), changing a finished one
(:mod:`.reopening`), import and export (:mod:`.transfer`, :mod:`.book_format`,
:mod:`.book_file`, :mod:`.import_check`), the migration of an old layout (:mod:`.migration`),
``yams check`` (:mod:`.checkup`) and a club's files (:mod:`.club`). No operation on one game
reads or writes the files of the others: a table action touches only its game's file, and
finishing a game only its game file, its archive file and ``records.json``, so neither cost
grows with the archive. Documents are plain JSON-able dicts; the store does not interpret game
events.

Crash invariant: none of its own; every operation holds the lock (:mod:`.access`) and is one of
the parts' ordered steps.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from ..base.errors import StoreError
from ..i18n import Message
from .access import Access
from .club import ClubFiles
from .files import DEFAULT_BACKUPS, FileSystem, no_gc
from .folder import Doc, StoreFolder, default_store_path
from .index_sync import fill_sheets
from .lock import DEFAULT_TIMEOUT
from .parts import Parts
from .paths import ENV_VAR

if TYPE_CHECKING:  # pragma: no cover
    import datetime as _dt
    from typing import Any, TypeAlias, TypeVar

    from . import transfer
    from .checkup import Finding
    from .summary_index import SummaryIndex

    T = TypeVar("T")
    Day: TypeAlias = str | _dt.date | None


class Store:
    """The store folder ``path`` (default :func:`default_store_path`).

    ``timeout``: seconds to wait for the lock before :class:`StoreBusyError`; ``backups``:
    versions kept of each file; ``fs``: the file-system calls (tests inject failures);
    ``notify(message)`` hears what the store did on its own (a record book rebuilt), a
    :class:`~yams_scorekeeper.i18n.Message`.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 timeout: float = DEFAULT_TIMEOUT, backups: int = DEFAULT_BACKUPS,
                 fs: FileSystem | None = None, notify: Callable[[Message], object] | None = None):
        default = path is None and not os.environ.get(ENV_VAR)
        self.path = os.fspath(path) if path is not None else default_store_path(notify)
        houses_dir = None
        if default:  # the house rules of the default store: in the user config folder
            from .paths import config_dir

            houses_dir = config_dir()
        folder = StoreFolder(self.path, backups=backups, fs=fs or FileSystem(), notify=notify,
                             houses_dir=houses_dir)
        #: the parts of the store (:mod:`.parts`), its lock (:mod:`.access`), its club's files
        self.folder, self.parts, self.club = folder, Parts(folder), ClubFiles(folder)
        self.access = Access(folder, timeout, on_release=self.parts.index.close,
                             on_first=partial(_complete_cut_reopenings, self.parts))
        self.games_dir, self.archive_dir = folder.games_dir, folder.archive_dir
        self.legacy_archive_path, self.records_path = (folder.legacy_archive_path,
                                                       folder.records_path)
        self.lock_path, self.houses_path = folder.lock_path, folder.houses_path
        self.evenings_path = folder.evenings_path
        self.timeout, self.backups, self.fs = timeout, backups, folder.fs
        #: what the store repaired on its own during this object's operations (derived data
        #: rebuilt, cut operations completed), for ``yams check`` to report
        self.repaired = folder.repaired

    def exists(self) -> bool:
        """True when the store folder exists (a read of a missing folder reads nothing)."""
        return os.path.isdir(self.path)

    def _index(self, use: Callable[[SummaryIndex], T]) -> T:
        """``use(index)`` on the summaries index in step, for a read (:mod:`.index_sync`)."""
        with self.access.reading():
            return self.parts.index.call(use)

    # -- games in progress ----------------------------------------------------------------

    def create_game(self, doc: Doc) -> None:
        """Store a new game ``{"id", "created", "config", "events", "players", "family", "label"}``.

        Raises StoreError when a game with that id is in progress or archived.
        """
        doc = self.parts.games.new_doc(doc)
        folder, game_id = self.folder, doc["id"]
        with self.access.locked():
            if (os.path.exists(folder.game_path(game_id))
                    or os.path.exists(folder.archive_file(game_id))
                    or (os.path.exists(folder.legacy_archive_path)    # not migrated yet
                        and game_id in self.parts.book.book()["counted"])):
                raise StoreError(Message("store.game_id_already_exists", game_id=game_id))
            self.parts.games.write_new(doc)

    def append_event(self, game_id: str, event: Doc) -> int:
        """Add ``event`` at the end of the game's events; it is on disk when this returns.

        Returns the event's index.
        """
        def append(events: list[Doc]) -> int:
            events.append(event)
            return len(events) - 1

        with self.access.locked():
            return self.parts.games.change_events(game_id, append)

    def append_checked(self, game_id: str, check: Callable[[list[Doc]], Doc]) -> Doc:
        """Under one lock: ``check(events)`` gets the events stored now and returns the event
        to append (or raises, and nothing is written). Two commands on the same game at once
        are thus checked one after the other against what the other wrote.
        """
        def change(events: list[Doc]) -> Doc:
            event = check(list(events))
            events.append(event)
            return event

        with self.access.locked():
            return self.parts.games.change_events(game_id, change)

    def load_game(self, game_id: str) -> Doc:
        """The document of a game in progress."""
        self.folder.game_path(game_id)         # a bad id is refused before any read
        with self.access.reading():
            return self.parts.games.load(game_id)

    def games_in_progress(self, damaged: list[StoreError] | None = None) -> list[Doc]:
        """``{"id", "label", "family", "players", "created", "updated", "events", "finishing"}``
        for each game in progress (``events`` is a count), oldest first.

        A game file that cannot be read raises StoreCorruptError; when a ``damaged`` list is
        given, its error is put there instead and the other games are still listed (one
        damaged game must not stop the others).
        """
        with self.access.reading():
            return self.parts.games.listing(damaged)

    def delete_game(self, game_id: str) -> None:
        """Remove a game in progress (and its backups).

        A game whose finish was cut after it was archived stays archived, and is counted.
        """
        with self.access.locked():
            from . import finishing
            finishing.delete_game(self.parts, game_id)

    # -- finishing, changing a finished game ----------------------------------------------

    def finish_game(self, game_id: str, summary: Doc | None = None) -> list[Doc]:
        """Archive a game in progress with its ``summary`` and count it in the record book.

        Returns the records it broke (:func:`yams_scorekeeper.book.records.update_records`).
        Calling it again after a crash completes the steps left (``summary`` may then be ``None``:
        the one given first is kept in the game file); a game already archived returns ``[]``.
        """
        with self.access.locked():
            from . import finishing
            return finishing.finish_game(self.parts, game_id, summary)

    def reopen_game(self, game_id: str, change: Callable[[Doc], list[Doc]],
                    summarize: Callable[[Doc], Doc | None] | None = None
                    ) -> tuple[Doc, list[Doc] | None]:
        """Change a finished game: ``change(doc)`` gets the archived game's document and
        returns its new events (or raises, and nothing is written); ``summarize(doc)`` gets
        the changed document and returns its summary when the game is still finished (an
        amendment that leaves every sheet full), else ``None``. Returns the changed document
        (its ``reopened`` field keeps the date it was first finished, ``date``, when it was
        changed last, ``at``, and how many times, ``times``) and the records the change
        broke, or ``None`` when the game is in progress again (the steps: :mod:`.reopening`).
        """
        with self.access.locked():
            from . import reopening
            return reopening.reopen_game(self.parts, game_id, change, summarize)

    # -- the archive ----------------------------------------------------------------------

    def is_archived(self, game_id: str) -> bool:
        """True when the game is archived and its finish complete (its archive file there,
        its game file gone): what a command may call "archived"."""
        return (os.path.exists(self.folder.archive_file(game_id))
                and not os.path.exists(self.folder.game_path(game_id)))

    def archived_entry(self, game_id: str) -> Doc | None:
        """The archived game ``{"id", "doc", "summary"}``, ``None`` when it is not archived."""
        with self.access.reading():
            return self.parts.archive.read(game_id)

    def archived_ids(self) -> list[str]:
        """The ids of the finished games (the archive's file names; no file is read)."""
        with self.access.locked():
            self.parts.migrate()
            return self.parts.archive.names()

    def finished_ids(self) -> list[str]:
        """The ids of the finished games, oldest first, from the summaries index (no archive
        file read)."""
        return self._index(lambda index: index.ids_in_order())

    def last_finished(self) -> Doc | None:
        """The document of the game archived last (one file read, whatever the history)."""
        with self.access.reading() as writable:
            if writable:
                self.parts.migrate()
            entry = self.parts.archive.newest()
        return entry["doc"] if entry else None

    def archived_games(self, player: str | None = None, family: str | None = None,
                       since: Day = None, until: Day = None) -> list[Doc]:
        """Finished games ``{"id", "doc", "summary"}``, oldest first, filtered as
        :func:`yams_scorekeeper.book.records.matches` (reads the file of each game chosen). The
        cyclic collector waits until the list is built: it would otherwise walk the games
        read so far after each file."""
        with no_gc():
            return list(self.iter_archived(player, family, since, until))

    def iter_archived(self, player: str | None = None, family: str | None = None,
                      since: Day = None, until: Day = None) -> Iterator[Doc]:
        """:meth:`archived_games` one game at a time: memory holds one game, not the book.

        The games are chosen by the summaries index when the iteration starts; each file is
        then read under the lock, one at a time (a game removed meanwhile is passed over)."""
        from ..book import records as _records

        ids = self._index(lambda index: [s["id"] for s in index.summaries(
            player, family, _records.iso(since), _records.iso(until))])

        from . import transfer

        yield from transfer.iter_entries(self.parts, self.access, ids)

    # -- the summaries index --------------------------------------------------------------

    def summaries(self, player: str | None = None, family: str | None = None,
                  since: Day = None, until: Day = None, *,
                  config_key: str | None = None, newest_first: bool = False,
                  limit: int | None = None, offset: int = 0) -> list[Doc]:
        """The summaries of the finished games that match (as
        :func:`yams_scorekeeper.book.records. matches`), oldest first or ``newest_first``,
        ``limit`` of them from ``offset``: one query of the summaries index, whatever the size of
        the archive."""
        from ..book import records as _records

        return self._index(lambda index: list(index.summaries(
            player, family, _records.iso(since), _records.iso(until), config_key,
            newest_first, limit, offset)))

    def history_lines(self, player: str, family: str | None = None, since: Day = None,
                      until: Day = None) -> list[str]:
        """What ``yams history --csv`` writes of each finished game of ``player`` that matches
        (:func:`yams_scorekeeper.book.book_csv.game_csv`), oldest first, as texts to join
        (one may hold several games): one query of the summaries index
        (:meth:`BookTables.history_lines`)."""
        from ..book import records as _records

        return self._index(lambda index: index.book.history_lines(
            player, family, _records.iso(since), _records.iso(until)))

    def count_summaries(self, player: str | None = None, family: str | None = None,
                        since: Day = None, until: Day = None) -> int:
        """How many finished games match (for a page's "n of N")."""
        from ..book import records as _records

        return self._index(lambda index: index.matching(
            player, family, _records.iso(since), _records.iso(until)))

    def player_rows(self, player: str, *,
                    page: Callable[[list[tuple[Any, ...]]], tuple[list[str], str]] | None = None
                    ) -> tuple[Any, dict[str, str]]:
        """A player's games as index rows ``(game, date, family, config_key, stopped,
        player count, name, total, rank)``, oldest first, and each configuration's label.

        With ``page``, the player's page instead of the rows: the text ``page(rows)`` makes
        of them (with the keys of the configurations it names), as the summaries index keeps
        it until one of the player's rows changes (:meth:`BookTables.player_page`), and the
        labels of those configurations; ``""`` for a player without a game."""
        def read(index: SummaryIndex) -> tuple[Any, dict[str, str]]:
            if page is not None:
                made = index.book.player_page(player, page)
                return ("", {}) if made is None else (made[1], index.labels(made[0]))
            rows = index.player_rows(player)
            return rows, index.labels(dict.fromkeys(r[3] for r in rows))

        return self._index(read)

    def row_stats(self, player: str | None = None, family: str | None = None,
                  since: str | None = None, until: str | None = None,
                  seats: int | None = None) -> Doc:
        """Per-row statistics (:func:`yams_scorekeeper.book.records.row_stats`) of ``player``'s
        sheets (everyone's when ``None``) in the games of ``family`` (of the period, of
        ``seats`` players), per configuration: one query of the summaries index, one sheet
        decoded at a time."""
        from ..book import records as _records

        def read(index: SummaryIndex) -> tuple[Doc, dict[str, str]]:
            fill_sheets(index, self.parts.archive.read)
            if player is None:
                stats = _records.row_stats(
                    index.sheet_rows(player, family, since, until, seats), {})
            else:
                stats = _records.row_figures(
                    index.book.player_row_tallies(player, family, since, until, seats), {})
            return stats, index.labels(stats)

        stats, labels = self._index(read)
        for key, cfg in stats.items():
            cfg["label"] = labels.get(key, key)
        return stats

    def ratings(self, winning_families: Iterable[str]) -> tuple[Doc, dict[str, str]]:
        """Each configuration's ratings and label (:meth:`BookTables.ratings`)."""
        return self._index(lambda index: index.book.ratings(winning_families))

    def config_totals(self) -> dict[str, list[float]]:
        """Every complete sheet's grand total, per configuration."""
        with self.access.reading():
            return self.parts.index.in_step().config_totals()

    def companions(self, player: str, winning_families: Iterable[str], since: str | None = None,
                   until: str | None = None, seats: int | None = None) -> list[tuple[Any, ...]]:
        """The other players of ``player``'s games (:meth:`SummaryIndex.companions`, read
        from their tallies: :meth:`BookTables.companions`)."""
        return self._index(lambda index: index.book.companions(player, winning_families, since,
                                                               until, seats))

    def pair_rows(self, a: str, b: str) -> list[tuple[Any, ...]]:
        """The games ``a`` and ``b`` played together (:meth:`SummaryIndex.pair_rows`)."""
        return self._index(lambda index: index.pair_rows(a, b))

    def player_names(self) -> list[str]:
        """Every name found in the finished games."""
        return self._index(lambda index: index.player_names())

    def rebuild_index(self) -> None:
        """Forget the summaries index and build it again from the archive files."""
        with self.access.locked():
            self.parts.migrate()
            index = self.parts.index.get()
            index.close()
            index.destroy()
            self.parts.index.in_step()

    def index_rows(self) -> list[tuple[Any, ...]]:
        """Every row of the summaries index, sorted (tests compare a rebuilt index)."""
        with self.access.locked():
            return self.parts.index.in_step().dump()

    # -- the record book, the check -------------------------------------------------------

    def records(self) -> Doc:
        """The record book (:mod:`yams_scorekeeper.book.records`); an empty book for a new store.

        A recount owed by a cut import or migration is done first; a ``records.json`` that is
        missing (with games in the archive) or cannot be read is rebuilt from the archive
        (:mod:`.record_book`). On a store we may not write, the book is read as it is, or
        counted in memory when it would be rebuilt."""
        with self.access.reading() as writable:
            if not writable:
                return self.parts.book.read_only()
            self.parts.migrate()
            return self.parts.book.current()

    def rebuild_records(self) -> Doc:
        """Count the record book again from every archived game (``yams records --rebuild``):
        each row of the summaries index is first checked against its archive file (read and
        its checksum verified) and repaired where it differs, so the book counted is the
        archive's; returns the new book."""
        with self.access.locked():
            self.parts.migrate()
            self.parts.book.check_file()
            from . import checkup
            for finding in checkup.index_against_archive(self.parts):
                self.folder.say(finding.message)
            self.parts.book.recount()
            return self.parts.book.book()

    def check(self) -> list[Finding]:
        """``yams check``: verify the whole store, repair what is derived. The archive's
        files are read and their checksums verified; the summaries index is checked row by
        row against them (a missing, unusable or foreign index is built again); the record
        book is read and compared with a count of the archive (a damaged book is moved aside,
        a book owed a recount or counting otherwise is counted again); the games in progress
        are read, and a finish or a reopening that was cut is completed. Returns what was
        found, each said repaired or not (a damaged archive or game file is the user's to
        restore: nothing derived can stand for it)."""
        from . import checkup
        return checkup.check(self.parts, self.access)

    # -- import and export ----------------------------------------------------------------

    def export_lines(self, line: Callable[[Doc], str], *,
                     jobs: int | None = None) -> Iterator[str]:
        """``line(entry)`` of each finished game (:meth:`iter_archived`), oldest first: the
        text ``yams export`` writes of it. A big archive is read here, under the lock, a
        chunk of files at a time, and each file decoded, checked and given to ``line`` on
        ``jobs`` processes (one per core by default; 1: none), a bounded number of chunks
        ahead, the lines coming back in order. A file a worker cannot take as it is (not an
        archive entry, an older schema to migrate) is read again here, as
        :meth:`iter_archived` reads it: its error, or its migration, is this process's."""
        from . import transfer
        return transfer.export_lines(self.parts, self.access, line, jobs=jobs)

    def export_book(self) -> Doc:
        """Every finished game: ``{"format": "yams-scorekeeper-book", "version": 1,
        "games": [{"doc", "summary"}]}``, oldest first (in memory: see :meth:`iter_archived`
        for one game at a time)."""
        games = [{"doc": e["doc"], "summary": e["summary"]} for e in self.iter_archived()]
        from .book_format import BOOK_FORMAT, BOOK_VERSION
        return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": games}

    def import_book(self, data: Doc, check: transfer.Check | None = None) -> tuple[int, int]:
        """Add the finished games of an exported book; returns ``(added, skipped)``.

        ``check(doc, summary)`` (the CLI passes :func:`yams_scorekeeper.api.check_summary`)
        returns the summary to keep or raises: one game refused refuses the whole book.

        A game whose id is already archived, or in progress here, is skipped, so importing
        twice adds nothing (and writes nothing); so is a game the book gives twice, the same,
        while a book giving two different games under one id is refused whole. When games
        were added the record book counts them, or is recomputed from the summaries index
        (see :mod:`.transfer`, also for a cut import).
        """
        from .book_format import book_entries
        return self.import_games(book_entries(data), check)

    def import_games(self, games: Iterable[Any], check: transfer.Check | None = None, *,
                     jobs: int | None = None) -> tuple[int, int]:
        """:meth:`import_book` for the ``games`` of a book (``{"doc", "summary"}`` each, or
        :class:`~yams_scorekeeper.store.book_file.BookGame`) read one at a time: memory holds a
        few batches of games, not the book.

        Each game is checked (:func:`~.book_format.book_entry`, then ``check(doc, summary)``
        when given, which raises a YamsError) before it is written, on ``jobs`` processes for
        a big book (:mod:`.import_check`); the first bad game stops the import and removes the
        files it had written, so nothing is imported. A failed write (a full disk) leaves the
        files written before it, counted by the next recount, as :meth:`import_book` always
        did.
        """
        from . import transfer
        return transfer.import_games(self.parts, self.access, games, check, jobs=jobs)

    # -- a club's files -------------------------------------------------------------------

    def house_rules(self) -> dict[str, Doc]:
        """The named house rules ``{name: {"family": ..., "settings": {...}}}``, by name (a
        read: a store we may not write is read as it is)."""
        with self.access.reading():
            return self.club.house_rules()

    def save_house_rules(self, name: str, family: str, settings: Doc) -> None:
        """Keep ``settings`` of ``family`` under ``name`` (replacing one of that name)."""
        with self.access.locked():
            self.club.save_house_rules(name, family, settings)

    def evenings(self) -> Doc:
        """The evenings' file ``{"open": id or None, "evenings": {id: {...}}}`` (empty for a
        store that never had one; read without the lock on a store we may not write)."""
        if not self.club.has_evenings():
            return {"open": None, "evenings": {}}
        with self.access.reading():
            return self.club.evenings()

    def change_evenings(self, change: Callable[[Doc], T]) -> T:
        """Apply ``change`` to the evenings' file (:meth:`evenings`) under the lock and write
        it back, all or nothing; returns what ``change`` returns (it raises to write nothing)."""
        with self.access.locked():
            return self.club.change_evenings(change)

    def open_evening(self) -> str | None:
        """The id of the evening open now, if any (what a new game belongs to)."""
        open_id: str | None = self.evenings()["open"]
        return open_id


def _complete_cut_reopenings(parts: Parts) -> None:
    """Complete the reopenings a killed writer cut (the first time the lock is taken)."""
    from . import reopening

    reopening.complete_cut_reopenings(parts)
