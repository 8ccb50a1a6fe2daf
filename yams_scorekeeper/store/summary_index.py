"""The summaries index: one row per finished game, so that reading the history does not read
the archive.

Part of the store (only :mod:`yams_scorekeeper.store` uses it, under the store lock). The
archive (``archive/<id>.json``) stays the truth; ``index.sqlite`` in the store folder is a
derived copy of each archived game's *summary* (3 % of its bytes), in the standard library's
SQLite, with the columns the history filters and the statistics need:

- ``games``: ``id``, ``date``, ``family``, ``config_key``, ``stopped``, the summary as JSON
  text exactly as archived, the archive file's ``mtime_ns`` and ``size`` when indexed, the
  checksum the archive file carries (``archive_sha``) and ``row_sum``, a digest of the row
  and that checksum (:func:`row_sum`): every summary read is checked against it, and a row
  that fails makes the store rebuild the index from the archive (schema 5; an older index
  is rebuilt); ``yams check`` compares every row with its archive file;
  indexed by date, by configuration then date (a configuration's label, from its newest
  game, is then one seek, not a scan of every summary), and by family then date (the
  history's ``--rules`` filter);
- ``players``: one row per player of each game (seat, name, case-folded name, total, rank),
  with what the statistics read of the game beside it (date, family, configuration, stopped,
  how many players), keyed by the case-folded name, then date: a player's games are one range
  of that key, in the order the statistics want, with no join and no sort;
- ``sheets``: one row per player of each game, the sheet's written cells and bonuses as JSON
  text (``cells`` and ``bonuses`` of the summary's player, which ``games.summary`` leaves out),
  read by the per-row statistics only. Its rows (2 KB each) are stored in the order they
  come, with an index by game and seat (schema 3 kept them in the order of their random game
  ids, so that each new row went in among the others: an import of 20,000 games wrote an
  index of 175 MB instead of 80 MB, in twice the time). A game archived before the summaries
  kept cells has none until the per-row statistics are first asked for: the store then
  replays its events once (:meth:`SummaryIndex.put_sheets`), so an upgrade costs the history
  nothing;
- ``row_tallies``: what the per-row statistics count of a player's sheets, one row per
  player, configuration, player count and year (``row_tallies_full`` marks a player whose
  every group has its row), tallied when first asked for and dropped by SQLite triggers
  whenever a ``players`` or ``sheets`` row is written (:data:`BOOK_SCHEMA`): ``stats NAME
  --rows`` reads ~100 rows instead of 13,000 sheets;
- ``history_lines``: each game's lines of ``yams history --csv`` as CSV text, under the key of
  each of its ``players`` rows (a player's CSV is one range), with a digest checked at every
  read, dropped by triggers whenever the game's ``games`` or ``players`` rows are written
  (:data:`BOOK_SCHEMA`) and made again from the summary when missing;
- ``companion_tallies``: the other players of a player's games (games together, ranked
  above, their last game together), one row per player, other player, player count and
  year, tallied when first asked for; a player's mark in ``companion_tallies_full`` is
  dropped by triggers whenever a ``players`` row of one of the player's games is written:
  ``stats NAME`` reads ~300 rows instead of looking up 13,000 games' other players;
- ``player_pages``: what ``stats NAME`` shows of a player that their games alone say (the
  engine's text of it), made when first asked for and dropped by triggers whenever one of
  the player's ``players`` rows is written: ``stats NAME`` reads one row instead of 13,000;
- ``history_sums``: a memo of the digest of a player's whole ``history --csv`` text once
  each of its lines passed its own digest;
- ``meta``: the index's schema, the archive folder's ``mtime_ns`` when last in step, a
  ``stale`` flag set before a bulk write of the archive (an import) and cleared after it, and
  ``sheets_full`` once every game has its sheets (:meth:`SummaryIndex.missing_sheets`),
  ``history_csv_format``, the version of the CSV texts of ``history_lines``, and
  ``player_page_format``, that of the texts of ``player_pages``.

Why SQLite and not a TinyDB table: a TinyDB table is one JSON document that is read and
decoded whole; at 50,000 games the summaries are tens of MB of JSON to load for every
``history``. SQLite reads only the pages a query touches (the newest page of games,
one player's rows), does the aggregates of ``stats`` itself, and commits with its own journal,
so a crash leaves the last committed state. It is a cache: any doubt about it is settled by
reading the archive again, never the other way round.

When it is in step (checked by :meth:`SummaryIndex.sync` at every use, without listing the
archive): the file opens and has this schema; ``stale`` is not set; the archive folder's
``mtime_ns`` is the one recorded (any file added, replaced or removed there changes it); and
no game in progress has an archive file (the mark of a finish cut between its archive write
and its index write: the store indexes the game before it removes the game file). Otherwise
it is brought in step: a missing or unreadable index is rebuilt from the whole archive; else
the archive folder is listed with each file's ``mtime_ns`` and size, and only the files added
or changed since are read (removed ones are dropped).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..base.safetext import fold_name
from .book_tables import (
    BookTables,
    IndexMismatch,
    filters,
    has_book_tables,
    line_rows,
)
from .book_tables import transaction as _transaction
from .files import TEMP_SUFFIX, fast_json, file_checksum
from .files import compact_text as _json  # the rows' JSON text

if TYPE_CHECKING:
    from .folder import Doc

INDEX_FILE = "index.sqlite"
#: the page cache of a connection, in KiB (an import's transaction of 2,048 games fits:
#: SQLite's default 2 MiB spills pages to the file before the commit)
CACHE_KIB = 16384
SCHEMA = 5

_TABLES = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE games(id TEXT PRIMARY KEY, date TEXT NOT NULL, family TEXT, config_key TEXT NOT NULL,
                   stopped INTEGER NOT NULL, summary TEXT NOT NULL, mtime_ns INTEGER,
                   size INTEGER, archive_sha TEXT, row_sum TEXT NOT NULL);
CREATE INDEX games_by_date ON games(date, id);
CREATE INDEX games_by_config ON games(config_key, date, id);
CREATE INDEX games_by_family ON games(family, date, id);
CREATE TABLE players(folded TEXT NOT NULL, date TEXT NOT NULL, game TEXT NOT NULL,
                     seat INTEGER NOT NULL, name TEXT NOT NULL, total NUMERIC NOT NULL,
                     rank INTEGER, family TEXT, config_key TEXT NOT NULL,
                     stopped INTEGER NOT NULL, seats INTEGER NOT NULL,
                     PRIMARY KEY(folded, date, game, seat)) WITHOUT ROWID;
CREATE INDEX players_by_game_names ON players(game, seat, name, rank);
CREATE TABLE sheets(game TEXT NOT NULL, seat INTEGER NOT NULL, sheet TEXT NOT NULL);
CREATE UNIQUE INDEX sheets_by_game ON sheets(game, seat);
"""


def fold(name: str) -> str:
    """A player's name as the history compares it
    (:func:`~yams_scorekeeper.base.safetext.fold_name`)."""
    return fold_name(name)


def file_stamp(path: str) -> tuple[int, int] | None:
    """``(mtime_ns, size)`` of a file, ``None`` when it is missing."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_mtime_ns, st.st_size


#: a file's stamp in the index: ``(mtime_ns, size, sha256)``, the last the checksum the
#: archive file carries (:func:`~yams_scorekeeper.store.files.raw_checksum`)
Stamp = tuple[int | None, int | None, str | None]
#: a row as SQLite returns it
Row = tuple[Any, ...]
#: the values of a query's ``?`` placeholders (:meth:`SummaryIndex._filters`)
Params = list[str | int]


def row_sum(game: Row, archive_sha: str | None) -> str:
    """The digest a ``games`` row carries of its first six columns (the summary's text among
    them) and of its archive file's checksum: a row changed by anything but the index's own
    writes (a total edited in ``index.sqlite``, a page of another file) no longer matches."""
    digest = hashlib.sha256(_json([*game, archive_sha]).encode("utf-8"))
    return digest.hexdigest()[:32]


#: what makes the index unusable as it is: a row that fails its digest, or SQLite's errors
#: (a damaged page, a file that is not a database, a folder in its place)
INDEX_TROUBLE = (IndexMismatch, sqlite3.Error)


class SummaryIndex:
    """``index.sqlite`` of the store folder ``folder`` (the caller holds the store lock).

    ``read_summary(game_id)`` returns the archived summary of a game and the checksum its
    archive file carries (reads the file), ``None`` when it is not archived; ``sweep(path)``
    is called for each temporary file (``.*.tmp``, left by a killed writer) found when the
    archive folder is listed.

    When ``index.sqlite`` cannot be made there (a folder or a file we may not replace in its
    place), the index is made in a private temporary folder for this run, and ``unusable``
    names the path that could not be used (the store says so).
    """

    def __init__(self, folder: str, archive_dir: str,
                 read_summary: Callable[[str], tuple[Doc, str | None] | None],
                 sweep: Callable[[str], None]):
        self.path = os.path.join(folder, INDEX_FILE)
        self.unusable: str | None = None
        self._private: Any = None
        self.archive_dir = archive_dir
        self.read_summary = read_summary
        self.sweep = sweep
        #: the tables the record book's commands read whole (tallies, history lines)
        self.book = BookTables(self)
        self._db: sqlite3.Connection | None = None

    # -- connection ---------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA synchronous=FULL")
        db.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
        return db

    def _open(self) -> sqlite3.Connection:
        """The connection, rebuilt from scratch when the file is missing, unreadable or of
        another schema (returns with ``rebuild`` owed in ``self._fresh``)."""
        if self._db is not None:
            return self._db
        self._fresh = False
        try:
            db = self._connect()
            row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None or row[0] != SCHEMA:
                raise sqlite3.DatabaseError("another schema")
            _add_later_indexes(db)
        except sqlite3.Error:
            try:
                db.close()
            except Exception:
                pass
            try:
                self._remove_files()
                db = self._create()
            except (OSError, sqlite3.Error):
                # its place is taken: an index of our own for this run, the store still read
                self._private = tempfile.TemporaryDirectory(prefix="yams-index-")
                self.unusable, self.path = self.path, os.path.join(self._private.name,
                                                                   INDEX_FILE)
                db = self._create()
            self._fresh = True
        self._db = db
        return db

    def _create(self) -> sqlite3.Connection:
        """A new, empty index file (owed a listing of the whole archive: ``stale``)."""
        db = self._connect()
        try:
            with _transaction(db):
                for statement in _TABLES.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute("INSERT INTO meta VALUES('schema', ?)", (SCHEMA,))
                db.execute("INSERT INTO meta VALUES('stale', 1)")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _remove_files(self) -> None:
        for suffix in ("", "-journal", "-wal", "-shm"):
            try:
                os.remove(self.path + suffix)
            except FileNotFoundError:
                pass
            except IsADirectoryError:
                os.rmdir(self.path + suffix)       # an empty folder only; else the OSError

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _meta(self, key: str) -> Any:
        row = self._open().execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else row[0]

    def _archive_mtime(self) -> int | None:
        try:
            return os.stat(self.archive_dir).st_mtime_ns
        except FileNotFoundError:
            return None

    # -- keeping it in step ---------------------------------------------------------------------

    def sync(self, in_progress: Iterable[str] = ()) -> None:
        """Bring the index in step with the archive (see the module notes); ``in_progress``:
        the ids of the games in progress."""
        self._open()
        cut = [g for g in in_progress if os.path.exists(self._file(g))]
        if (self._meta("stale") or cut
                or self._meta("archive_mtime") != self._archive_mtime()):
            self.resync()

    def _file(self, game_id: str) -> str:
        return os.path.join(self.archive_dir, game_id + ".json")

    def resync(self) -> None:
        """List the archive folder; index the files added or changed, drop the removed ones."""
        db = self._open()
        indexed = {gid: (m, s) for gid, m, s in db.execute("SELECT id, mtime_ns, size FROM games")}
        on_disk = {}
        try:
            entries = list(os.scandir(self.archive_dir))
        except FileNotFoundError:
            entries = []
        for entry in entries:
            name = entry.name
            if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                self.sweep(entry.path)
            if name.startswith(".") or not name.endswith(".json"):
                continue
            st = entry.stat()
            on_disk[name[:-len(".json")]] = (st.st_mtime_ns, st.st_size)
        changed = [gid for gid, stamp in on_disk.items() if indexed.get(gid) != stamp]
        removed = [gid for gid in indexed if gid not in on_disk]
        with _transaction(db):
            for gid in removed:
                self._delete(db, gid)
            for gid in changed:
                found = self.read_summary(gid)
                self._delete(db, gid)
                if found is not None:
                    self._insert(db, found[0], (*on_disk[gid], found[1]))
            self._mark_in_step(db)
        self._fresh = False

    def _mark_in_step(self, db: sqlite3.Connection) -> None:
        db.execute("DELETE FROM meta WHERE key='stale'")
        db.execute("INSERT OR REPLACE INTO meta VALUES('archive_mtime', ?)",
                   (self._archive_mtime(),))

    def mark_stale(self) -> None:
        """Before many archive files are written: a crash leaves the flag, and the next use
        lists the archive again."""
        db = self._open()
        with _transaction(db):
            db.execute("INSERT OR REPLACE INTO meta VALUES('stale', 1)")

    def put(self, summaries: Iterable[Doc], in_step: bool = True) -> None:
        """Index (again) the games whose archive files were just written; with ``in_step``
        the index is then declared in step with the archive folder (the caller wrote nothing
        else there)."""
        db = self._open()
        with _transaction(db):
            for summary in summaries:
                self._delete(db, summary["id"])
                path = self._file(summary["id"])
                self._insert(db, summary, (*(file_stamp(path) or (None, None)),
                                           file_checksum(path)))
            if in_step and not self._fresh:
                self._mark_in_step(db)

    def drop(self, game_id: str) -> None:
        """Forget a game whose archive file was removed."""
        db = self._open()
        with _transaction(db):
            self._delete(db, game_id)
            if not self._fresh:
                self._mark_in_step(db)

    @staticmethod
    def _delete(db: sqlite3.Connection, game_id: str) -> None:
        db.execute("DELETE FROM games WHERE id=?", (game_id,))
        db.execute("DELETE FROM players WHERE game=?", (game_id,))
        db.execute("DELETE FROM sheets WHERE game=?", (game_id,))

    @staticmethod
    def _insert(db: sqlite3.Connection, summary: Doc, stamp: Stamp) -> None:
        SummaryIndex._insert_rows(db, [(index_rows(summary), stamp)])

    @staticmethod
    def _insert_rows(db: sqlite3.Connection, rows: Iterable[tuple[IndexRows, Stamp]]) -> None:
        games, players, sheets, lines = [], [], [], []
        for (game, game_players, game_sheets, line), stamp in rows:
            games.append(game + tuple(stamp) + (row_sum(game, stamp[2]),))
            players += game_players
            sheets += game_sheets
            lines += line_rows(game_players, line, stamp[2])
        db.executemany("INSERT INTO games VALUES(?,?,?,?,?,?,?,?,?,?)", games)
        db.executemany("INSERT INTO players VALUES(?,?,?,?,?,?,?,?,?,?,?)", players)
        if has_book_tables(db, "history_lines"):      # else made when first asked for
            db.executemany("INSERT OR REPLACE INTO history_lines VALUES(?,?,?,?,?,?,?)", lines)
        db.executemany("INSERT INTO sheets VALUES(?,?,?)", sheets)
        if len({row[0] for row in sheets}) < len(games):      # a game without its sheets
            db.execute("DELETE FROM meta WHERE key='sheets_full'")

    def add(self, rows: Iterable[tuple[IndexRows, Stamp]]) -> None:
        """Index games that were not archived before (an import: their ids are not in the
        index), from their :func:`index_rows` and their archive files' :data:`Stamp`,
        in one transaction; the index is not declared in step (see :meth:`put`)."""
        db = self._open()
        with _transaction(db):
            self._insert_rows(db, rows)

    def missing_sheets(self) -> list[str]:
        """The games whose summaries keep no cells (archived before they did) and whose
        sheets are not filled yet (:meth:`put_sheets`).

        Once none is found, the ``sheets_full`` mark in ``meta`` says so, and the next
        call reads that instead of looking up every game (every
        ``stats --rows`` asked it); indexing a game without its sheets removes the mark."""
        db = self._open()
        if self._meta("sheets_full"):
            return []
        missing = [gid for (gid,) in db.execute(
            "SELECT id FROM games g WHERE NOT EXISTS (SELECT 1 FROM sheets s WHERE s.game=g.id) "
            "ORDER BY id")]
        if not missing:
            try:
                db.execute("INSERT OR REPLACE INTO meta VALUES('sheets_full', 1)")
            except sqlite3.OperationalError:
                pass            # an index file we may only read: looked up again next time
        return missing

    def put_sheets(self, filled: Iterable[tuple[str, list[Doc] | None]]) -> None:
        """The sheets (``cells`` and ``bonuses`` of each player, in seat order) of games
        listed by :meth:`missing_sheets`; ``None`` for a game whose events no longer replay
        (a row of seat -1 records it, so that it is not replayed again)."""
        db = self._open()
        with _transaction(db):
            for game_id, sheets in filled:
                db.execute("DELETE FROM sheets WHERE game=?", (game_id,))
                rows = [(game_id, -1, "{}")] if sheets is None else [
                    (game_id, seat, _json(sheet)) for seat, sheet in enumerate(sheets)]
                db.executemany("INSERT INTO sheets VALUES(?,?,?)", rows)

    # -- checking against the archive -----------------------------------------------------------

    def differs(self, summary: Doc, archive_sha: str | None) -> bool:
        """True when the rows of the game of ``summary`` are not those its archive file (of
        checksum ``archive_sha``) gives: a row missing, changed or added, in any table (the
        sheets only when the summary keeps its cells; else the per-row statistics fill
        them from a replay)."""
        db = self._open()
        game, players, sheets, line = index_rows(summary)
        gid = game[0]
        have = db.execute("SELECT id, date, family, config_key, stopped, summary, archive_sha, "
                          "row_sum FROM games WHERE id=?", (gid,)).fetchall()
        if have != [game + (archive_sha, row_sum(game, archive_sha))]:
            return True
        if sorted(db.execute("SELECT * FROM players WHERE game=?", (gid,)).fetchall()) \
                != sorted(players):
            return True
        have_lines = sorted(db.execute("SELECT * FROM history_lines WHERE (folded, date, game, "
                                       "seat) IN (SELECT folded, date, game, seat FROM players "
                                       "WHERE game=?)", (gid,)).fetchall()
                            ) if has_book_tables(db, "history_lines") else []
        if have_lines and have_lines != sorted(line_rows(players, line, archive_sha)):
            return True         # (none: made again from the summary when read)
        return bool(sheets) and sorted(db.execute(
            "SELECT * FROM sheets WHERE game=?", (gid,)).fetchall()) != sorted(sheets)

    def replace(self, summary: Doc, stamp: Stamp) -> None:
        """Index the game of ``summary`` again (its rows differed from its archive file)."""
        db = self._open()
        with _transaction(db):
            self._delete(db, summary["id"])
            self._insert(db, summary, stamp)

    # -- reading --------------------------------------------------------------------------------

    def dump(self) -> list[Row]:
        """Every row of ``games`` and ``players``, sorted (a rebuilt index must be identical)."""
        db = self._open()
        return (sorted(db.execute("SELECT * FROM games").fetchall())
                + sorted(db.execute("SELECT * FROM players").fetchall())
                + sorted(db.execute("SELECT * FROM sheets").fetchall()))

    def any_after(self, date: str, game_id: str) -> bool:
        """True when another game comes after ``(date, game_id)`` in the order the record
        book counts games (date, then id): one look-up in the date index."""
        return self._open().execute(
            "SELECT 1 FROM games WHERE id<>? AND (date>? OR (date=? AND id>?)) LIMIT 1",
            (game_id, date, date, game_id)).fetchone() is not None

    def ids_in_order(self) -> list[str]:
        """Every game's id, by date then id (the order the record book counts them)."""
        return [gid for (gid,) in self._open().execute("SELECT id FROM games ORDER BY date, id")]

    def first_counted(self) -> dict[str, Doc]:
        """For each ``config_key``, the summary of its first game (by date, then id) not
        stopped early nor typed from paper for the history only: the game that opens its
        configuration in the record book."""
        db = self._open()
        firsts = {}
        for (key,) in db.execute("SELECT DISTINCT config_key FROM games").fetchall():
            first = db.execute(f"SELECT {_CHECKED} FROM games g WHERE config_key=? AND "
                               "stopped=0 AND coalesce(json_extract(g.summary, "
                               "'$.paper.records'), 1) ORDER BY date, id LIMIT 1",
                               (key,)).fetchone()
            if first is not None:       # one walk of the (config_key, date, id) index each
                firsts[key] = _checked(first)
        return firsts

    def ids(self) -> set[str]:
        return {gid for (gid,) in self._open().execute("SELECT id FROM games")}

    def destroy(self) -> None:
        """Remove the index file (the next use rebuilds it from the archive; where it cannot
        be removed, the next use makes one of its own)."""
        self.close()
        try:
            self._remove_files()
        except OSError:
            pass

    def summaries(self, player: str | None = None, family: str | None = None,
                  since: str | None = None, until: str | None = None,
                  config_key: str | None = None, newest_first: bool = False,
                  limit: int | None = None, offset: int = 0) -> Iterator[Doc]:
        """The summaries of the games that match, by date then id (a player's games: the page
        is taken from that player's ``players`` rows, so only its games are looked up)."""
        order = "DESC" if newest_first else "ASC"
        page = " LIMIT ? OFFSET ?" if limit is not None else ""
        paging = [limit, offset] if limit is not None else []
        if player is not None:
            where, args = self._filters("", family, since, until, config_key)
            sql = (f"SELECT {_CHECKED} FROM (SELECT DISTINCT date, game FROM players "
                   f"WHERE folded=?{where} ORDER BY date {order}, game {order}{page}) m "
                   f"JOIN games g ON g.id=m.game ORDER BY m.date {order}, m.game {order}")
            args = [fold(player), *args, *paging]
        else:
            where, args = self._where(family, since, until, config_key)
            sql = f"SELECT {_CHECKED} FROM games g{where} ORDER BY date {order}, id {order}{page}"
            args += paging
        for row in self._open().execute(sql, args):
            yield _checked(row)

    def matching(self, player: str | None = None, family: str | None = None,
                 since: str | None = None, until: str | None = None) -> int:
        if player is not None:          # one range of the players key, no game looked up
            where, args = self._filters("", family, since, until, None)
            count: int = self._open().execute(   # GROUP BY in key order: no temporary b-tree
                f"SELECT count(*) FROM (SELECT 1 FROM players WHERE folded=?{where} "
                "GROUP BY date, game)", [fold(player), *args]).fetchone()[0]
            return count
        where, args = self._where(family, since, until, None)
        count = self._open().execute(f"SELECT count(*) FROM games g{where}", args).fetchone()[0]
        return count

    _filters = staticmethod(filters)

    @classmethod
    def _where(cls, family: str | None, since: str | None, until: str | None,
               config_key: str | None) -> tuple[str, Params]:
        """The WHERE clause on ``games g`` of the filters (none when none is given)."""
        where, args = cls._filters("g.", family, since, until, config_key)
        return (" WHERE" + where[4:]) if where else "", args

    def player_rows(self, player: str) -> list[Row]:
        """``(game, date, family, config_key, stopped, players, name, total, rank)`` for each
        game of ``player``, oldest first (what the statistics need, no JSON decoded)."""
        return self._open().execute(
            "SELECT game, date, family, config_key, stopped, seats, name, total, rank "
            "FROM players WHERE folded=? ORDER BY date, game", (fold(player),)).fetchall()

    def pair_rows(self, a: str, b: str) -> list[Row]:
        """``(game, date, family, stopped, total_a, rank_a, total_b, rank_b)`` for each game
        ``a`` and ``b`` played together, oldest first."""
        return self._open().execute(
            "SELECT p.game, p.date, p.family, p.stopped, p.total, p.rank, q.total, q.rank "
            "FROM players p JOIN players q ON q.folded=? AND q.date=p.date AND q.game=p.game "
            "WHERE p.folded=? AND p.seat<>q.seat ORDER BY p.date, p.game",   # one seek each
            (fold(b), fold(a))).fetchall()

    def sheet_rows(self, player: str | None = None, family: str | None = None,
                   since: str | None = None, until: str | None = None,
                   seats: int | None = None) -> Iterator[tuple[str, str | None, bool, str]]:
        """``(config_key, family, stopped, sheet)`` for each sheet of ``player`` (every
        player's when ``None``) in the games of ``family`` (of the period, of ``seats``
        players), oldest first; ``sheet`` is its JSON text (``cells`` and ``bonuses``:
        :func:`yams_scorekeeper.book.records.row_stats` reads it without decoding it whole).

        One query: ``players`` holds what is filtered on, so a player's sheets are one range
        of its key, each joined to its sheet by ``sheets_by_game``, with no look-up in
        ``games``."""
        where, args = self._filters("p.", family, since, until, None)
        if seats is not None:
            where += " AND p.seats=?"
            args.append(seats)
        if player is not None:
            where = " AND p.folded=?" + where
            args.insert(0, fold(player))
        for key, fam, stopped, text in self._open().execute(
                "SELECT p.config_key, p.family, p.stopped, s.sheet FROM players p "
                "JOIN sheets s ON s.game=p.game AND s.seat=p.seat"
                f"{' WHERE' + where[4:] if where else ''}"
                f"{'' if player is not None else ' ORDER BY p.date, p.game'}", args):
            yield key, fam, bool(stopped), text

    def companions(self, player: str, winning_families: Iterable[str],
                   since: str | None = None, until: str | None = None,
                   seats: int | None = None) -> list[Row]:
        """``(name, games, ranked above)`` for each other player of the games of ``player``
        (of the period, of ``seats`` players): how many games they played together, and in
        how many of those that had a winner (not stopped early, or of one of
        ``winning_families``: G7) the other ranked above ``player``; the name as written in
        their last game together. Summed by SQLite: one range of the players key, one seek
        in ``players_by_game_names`` (which holds all it reads) per game."""
        where, args = self._filters("p.", None, since, until, None)
        if seats is not None:
            where += " AND p.seats=?"
            args.append(seats)
        families = list(winning_families)
        won = f"p.stopped=0 OR p.family IN ({','.join('?' * len(families))})" if families \
            else "p.stopped=0"
        return self._open().execute(
            f"SELECT q.name, count(*), sum(q.rank<p.rank AND ({won})), max(p.date) "
            "FROM players p JOIN players q ON q.game=p.game AND q.seat<>p.seat "
            f"WHERE p.folded=?{where} GROUP BY q.folded",
            [*families, fold(player), *args]).fetchall()

    def rated_rows(self, winning_families: Iterable[str], after: tuple[str, str] | None = None
                   ) -> Iterator[Row]:
        """``(config_key, game, date, folded, name, rank)`` of every player of each game of two
        players or more that has a winner (not stopped early, or of one of
        ``winning_families``: G7), in game order (date, id), then seat; only the games after
        the ``(date, id)`` of ``after`` when given."""
        families = list(winning_families)
        won = f"stopped=0 OR family IN ({','.join('?' * len(families))})" if families \
            else "stopped=0"
        since = " AND (date>? OR (date=? AND game>?))" if after else ""
        yield from self._open().execute(
            "SELECT config_key, game, date, folded, name, rank FROM players "
            f"WHERE seats>=2 AND rank IS NOT NULL AND ({won}){since} ORDER BY date, game, seat",
            [*families, *((after[0], after[0], after[1]) if after else ())])

    def config_totals(self) -> dict[str, list[float]]:
        """Every complete sheet's grand total, per configuration (the record book's charts)."""
        totals: dict[str, list[float]] = {}
        for key, total in self._open().execute(
                "SELECT config_key, total FROM players WHERE stopped=0"):
            totals.setdefault(key, []).append(total)
        return totals

    def labels(self, config_keys: Iterable[str]) -> dict[str, str]:
        """The label of each configuration, from its newest game (one seek each in
        ``games_by_config``)."""
        db, labels = self._open(), {}
        for key in config_keys:
            row = db.execute(f"SELECT {_CHECKED} FROM games g WHERE config_key=? ORDER BY "
                             "date DESC, id DESC LIMIT 1", (key,)).fetchone()
            if row:
                summary = _checked(row)
                labels[key] = summary.get("config_label") or key
        return labels

    def checked_summary(self, game_id: str) -> tuple[Doc, str | None]:
        """The summary of an indexed game, its digest checked (:class:`IndexMismatch`), and
        its archive file's checksum."""
        row = self._open().execute(f"SELECT {_CHECKED} FROM games g WHERE id=?",
                                   (game_id,)).fetchone()
        return _checked(row), row[6]

    def player_names(self) -> list[str]:
        return [n for (n,) in self._open().execute("SELECT DISTINCT name FROM players")]


#: the columns of ``games g`` that :func:`_checked` reads
_CHECKED = ("g.id, g.date, g.family, g.config_key, g.stopped, g.summary, g.archive_sha, "
            "g.row_sum")


def _checked(row: Row) -> Doc:
    """The summary of a ``games`` row read with :data:`_CHECKED`, its digest checked (one
    SHA-256 of its text; a page of the history checks its 20 rows, a recount every
    row); :class:`IndexMismatch` when the row was changed."""
    if row_sum(row[:6], row[6]) != row[7]:
        raise IndexMismatch(row[0])
    summary: Doc = _decoded(row[5])
    return summary


def _decoded(text: str) -> Any:
    """The JSON ``text`` of a row (written by this program, its digest checked), decoded by
    orjson where it can (about twice as fast on a player's summaries);
    the standard library decodes what orjson refuses (a whole number past 64 bits), and the
    two give the same value for every text they both read."""
    orjson = fast_json()
    if orjson is not None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


#: what the ``sheets`` table keeps of a summary's player (and ``games.summary`` leaves out)
_SHEET_KEYS = ("cells", "bonuses")


#: indexes added after their schema came out: an index file made before one of them gets it
#: in place (one pass over ``games``, once), rather than a rebuild from the archive
_LATER_INDEXES = {
    "games_by_config": "CREATE INDEX games_by_config ON games(config_key, date, id)",
    "games_by_family": "CREATE INDEX games_by_family ON games(family, date, id)",
    # covers the other players of a game (the companions of ``stats NAME``): no look-up in
    # the table for each (at 50,000 games, 17,800 rows of one player's companions)
    "players_by_game_names": "CREATE INDEX players_by_game_names ON players(game, seat, "
                             "name, rank)",
}
#: indexes that a later one of :data:`_LATER_INDEXES` made useless (dropped once)
_DROPPED_INDEXES = ("players_by_game",)

def _add_later_indexes(db: sqlite3.Connection) -> None:
    """Add to an index file those of :data:`_LATER_INDEXES` it does not have yet, and drop
    those of :data:`_DROPPED_INDEXES` it still has (nothing is written when it has them all:
    a read-only index file is then read as it is)."""
    have = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    for name, sql in _LATER_INDEXES.items():
        if name not in have:
            db.execute(sql)
    for name in _DROPPED_INDEXES:
        if name in have:
            db.execute(f"DROP INDEX {name}")


#: a game's rows in the index, but the archive file's stamp: ``games`` (its first six
#: columns), ``players``, ``sheets`` and its lines of ``history --csv`` (``history_lines``)
IndexRows = tuple[Row, list[Row], list[Row], str]


def index_rows(summary: Doc) -> IndexRows:
    """The rows of the game of ``summary`` (pure: an import computes them on its worker
    processes)."""
    players = [{k: v for k, v in p.items() if k not in _SHEET_KEYS}
               for p in summary["players"]]
    stopped, seats = int(bool(summary.get("stopped_early"))), len(summary["players"])
    game = (summary["id"], summary["date"], summary.get("family"), summary["config_key"],
            stopped, _json({**summary, "players": players}))
    player_rows = [(fold(p["name"]), summary["date"], summary["id"], seat, p["name"],
                    p["total"], p.get("rank"), summary.get("family"), summary["config_key"],
                    stopped, seats)
                   for seat, p in enumerate(summary["players"])]
    sheets = []
    if all("cells" in p for p in summary["players"]):   # else filled later: fill_sheets
        sheets = [(summary["id"], seat, _json({k: p[k] for k in _SHEET_KEYS if k in p}))
                  for seat, p in enumerate(summary["players"])]
    from ..book.book_csv import game_csv

    return game, player_rows, sheets, game_csv(summary)
