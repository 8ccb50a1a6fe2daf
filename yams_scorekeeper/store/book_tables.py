"""The book tables of the summaries index (issue 24): their schema, the triggers that keep
them derived, what their rows hold, and their reading (:class:`BookTables`); the filters of
the index's queries (:func:`filters`) and the error of a row that fails its digest
(:class:`IndexMismatch`), which the index shares with them.

``row_tallies`` (with ``row_tallies_full``) keeps the per-row tallies of ``stats NAME
--rows``, ``history_lines`` each game's ``history --csv`` text and ``companion_tallies``
(with ``companion_tallies_full``) the other players of a player's games, for the rival and
the nemesis of ``stats NAME`` (see :data:`BOOK_SCHEMA`).
Crash invariant: they are derived from the other tables of the index and never outvote
them; SQLite's own triggers drop a row whenever what it was derived from is written, inside
the same transaction, so a crash at any point leaves rows that are right or missing (made
again when next asked for), and a history text carries a digest checked at every read (a
player's whole CSV: one digest of its text, kept in ``history_sums`` once each line passed
its own, which any change of a line no longer gives).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

from ..base.safetext import fold_name
from ..book.book_csv import HISTORY_CSV_FORMAT
from ..book.records import PAGE_FORMAT
from .files import compact_text

#: a row of the index (a tuple of SQLite values)
Row = tuple[Any, ...]

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    from .folder import Doc

    class Indexed(Protocol):
        """The summaries index as its book tables read it (``SummaryIndex``, which makes
        them)."""

        def _open(self) -> sqlite3.Connection: ...

        def sheet_rows(self, player: str | None = None, family: str | None = None,
                       since: str | None = None, until: str | None = None,
                       seats: int | None = None
                       ) -> Iterator[tuple[str, str | None, bool, str]]: ...

        def companions(self, player: str, winning_families: Iterable[str],
                       since: str | None = None, until: str | None = None,
                       seats: int | None = None) -> list[Row]: ...

        def player_rows(self, player: str) -> list[Row]: ...

        def summaries(self, player: str | None = None, family: str | None = None,
                      since: str | None = None, until: str | None = None,
                      config_key: str | None = None, newest_first: bool = False,
                      limit: int | None = None, offset: int = 0) -> Iterator[Doc]: ...

        def checked_summary(self, game_id: str) -> tuple[Doc, str | None]: ...

        def rated_rows(self, winning_families: Iterable[str],
                       after: tuple[str, str] | None = None) -> Iterator[Row]: ...

        def labels(self, config_keys: Iterable[str]) -> dict[str, str]: ...
#: the values of a query's ``?`` placeholders (:func:`filters`)
Params = list[str | int]


class IndexMismatch(Exception):
    """A row of the summaries index that does not match its digest
    (:func:`~.summary_index.row_sum`, :func:`line_sum`): the index is not what this program
    wrote, and is rebuilt from the archive."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


def filters(prefix: str, family: str | None, since: str | None, until: str | None,
             config_key: str | None) -> tuple[str, Params]:
    """`` AND ...`` for each filter given, on the columns ``prefix``family, config_key,
    date (both ``games`` and ``players`` hold them). ``family`` may go on with ``/`` and
    the start of the configuration keys chosen (``house/sirtin#``: every version of one
    house sheet)."""
    clauses: list[str] = []
    args: Params = []
    if family is not None:
        family, slash, start = family.partition("/")
        clauses.append(f"{prefix}family=?")
        args.append(family)
        if slash:
            clauses.append(f"substr({prefix}config_key, 1, ?)=?")
            args += [len(family) + 1 + len(start), f"{family}/{start}"]
    if config_key is not None:
        clauses.append(f"{prefix}config_key=?")
        args.append(config_key)
    if since is not None:
        clauses.append(f"{prefix}date>=?")
        args.append(since)
    if until is not None:
        clauses.append(f"substr({prefix}date, 1, ?)<=?")
        args += [len(until), until]
    return "".join(" AND " + c for c in clauses), args


def line_sum(line: str, archive_sha: str | None) -> str:
    """The digest a ``history_lines`` row carries of its line and its archive file's checksum
    (as :func:`row_sum` for a ``games`` row)."""
    return hashlib.sha256(f"{archive_sha}\n{line}".encode()).hexdigest()[:32]


def line_rows(players: list[Row], line: str, archive_sha: str | None) -> list[Row]:
    """The ``history_lines`` rows of a game: its line under the key of each of its
    ``players`` rows."""
    digest = line_sum(line, archive_sha)
    return [(*player[:4], line, archive_sha, digest) for player in players]


def year_inside(year: str, since: str | None, until: str | None) -> bool | None:
    """Whether every date that starts with ``year`` is in the period (``date >= since`` and
    ``date[:len(until)] <= until``, as :func:`filters` says it): True, False,
    or ``None`` when the period cuts the year."""
    inside: bool | None = True
    if since is not None:
        if year < since[:4]:
            return False
        if year < since:      # the year of ``since``, which names a month or a day
            inside = None
    if until is not None:
        if len(until) <= len(year):
            if year[:len(until)] > until:
                return False
        elif year > until[:len(year)]:
            return False
        elif year == until[:len(year)]:
            inside = None
    return inside


def _drop_tallies(table: str, row: str) -> str:
    """The statements of a trigger on ``table`` that drop the tally group and the mark of the
    player of its row ``row`` (``NEW`` or ``OLD``)."""
    if table == "players":
        return (f"DELETE FROM row_tallies WHERE folded={row}.folded AND "
                f"config_key={row}.config_key AND seats={row}.seats AND "
                f"year=substr({row}.date, 1, 4); "
                f"DELETE FROM row_tallies_full WHERE folded={row}.folded; ")
    mine = f"FROM players WHERE game={row}.game AND seat={row}.seat"
    return (f"DELETE FROM row_tallies WHERE (folded, config_key, seats, year) IN "
            f"(SELECT folded, config_key, seats, substr(date, 1, 4) {mine}); "
            f"DELETE FROM row_tallies_full WHERE folded IN (SELECT folded {mine}); ")


def _drop_lines(table: str, row: str) -> str:
    """The statement of a trigger on ``table`` that drops the history lines of its row
    ``row`` (``NEW`` or ``OLD``): a ``players`` row's own, or those of a game's players."""
    if table == "players":
        return (f"DELETE FROM history_lines WHERE folded={row}.folded AND date={row}.date AND "
                f"game={row}.game AND seat={row}.seat; ")
    return ("DELETE FROM history_lines WHERE (folded, date, game, seat) IN (SELECT folded, "
            f"date, game, seat FROM players WHERE game={row}.id); ")


def _drop_companions(row: str) -> str:
    """The statement of a trigger on ``players`` that drops the mark of the companions'
    tallies of the player of its row ``row`` (``NEW`` or ``OLD``) and of every player of its
    game (whose companion it is)."""
    return (f"DELETE FROM companion_tallies_full WHERE folded={row}.folded OR folded IN "
            f"(SELECT folded FROM players WHERE game={row}.game); ")


#: the per-row tallies of ``stats NAME --rows`` (:meth:`BookTables.player_row_tallies`):
#: one row per player, configuration, player count and year, the tally of its sheets
#: (:func:`~yams_scorekeeper.book.records.tally_text`) and its first game; a player's
#: mark in ``row_tallies_full`` says every group of the player has its row. Derived from
#: ``players`` and ``sheets`` only, and kept so by SQLite itself: the triggers below,
#: stored in the index file, drop the group and the mark of every row written, removed or
#: changed in those tables (by this program or by any other, an older one included); the
#: next ``--rows`` of that player tallies the groups dropped again. Added in place to an
#: index file made before them (no rebuild: schema 5 still). The tables are made when first
#: asked for (:func:`book_tables`): an index that never serves ``--rows`` or ``--csv`` stays
#: as it was.
#:
#: ``history_lines``: what ``yams history --csv`` writes of each game
#: (:func:`~yams_scorekeeper.book.book_csv.game_csv`: its CSV text), with the archive
#: file's checksum and a digest of the two (:func:`line_sum`, checked at every read), once
#: for each of its ``players`` rows, under the same key (a player's lines are one range, in
#: the order of the CSV); dropped by triggers whenever the game's ``games`` row or the
#: ``players`` row is written. A game without its line is read from its summary (and its
#: line kept). A player's CSV then reads 300 bytes a game, not its summary (1 KB, decoded).
#:
#: ``companion_tallies``: the other players of a player's games, as ``stats NAME`` names the
#: rival and the nemesis (:meth:`BookTables.companions`): one row per player, other player
#: (case-folded), player count and year, with the games together, how often the other
#: ranked above and not above in the complete games, the same per family for the games
#: stopped early (a JSON list, ``NULL`` without any), and the date, game and name as written
#: of their last game together. A player's mark in ``companion_tallies_full`` says the
#: rows are those of the ``players`` rows as they are; triggers drop the mark of a row's
#: player and of every player of its game whenever a ``players`` row is written, and the
#: next ``stats`` of that player tallies them all again (one query).
#:
#: ``history_sums``: a player's count of ``players`` rows and the digest of the text of all
#: their lines (:func:`text_sum`) when each line was last checked against its own digest:
#: a player's whole CSV whose lines still give that text is not checked line by line again
#: (a memo: any change of a line, even by a program that knows no such table, changes the
#: text, and a ``players`` row written without its line changes the count).
#:
#: ``player_pages``: what ``stats NAME`` shows of a player that their games alone say
#: (:func:`~yams_scorekeeper.book.records.page_of_games`, its text), with the keys of
#: its configurations; dropped by triggers whenever one of the player's ``players`` rows is
#: written, made again by the next ``stats`` of the player (and those of another version of
#: the page, :data:`~yams_scorekeeper.book.records.PAGE_FORMAT`, when the index is
#: opened for the book tables).
BOOK_SCHEMA = {
    "row_tallies": "CREATE TABLE row_tallies(folded TEXT NOT NULL, config_key TEXT NOT NULL, "
                   "seats INTEGER NOT NULL, year TEXT NOT NULL, family TEXT, "
                   "first_date TEXT NOT NULL, first_game TEXT NOT NULL, tally TEXT NOT NULL, "
                   "PRIMARY KEY(folded, config_key, seats, year)) WITHOUT ROWID",
    "row_tallies_full": "CREATE TABLE row_tallies_full(folded TEXT PRIMARY KEY) WITHOUT ROWID",
    **{f"row_tallies_{table}_{when.lower()}": (
        f"CREATE TRIGGER row_tallies_{table}_{when.lower()} AFTER {when} ON {table} BEGIN "
        + "".join(_drop_tallies(table, row) for row in rows) + "END")
       for table in ("players", "sheets")
       for when, rows in (("INSERT", ("NEW",)), ("DELETE", ("OLD",)),
                          ("UPDATE", ("OLD", "NEW")))},
    "history_lines": "CREATE TABLE history_lines(folded TEXT NOT NULL, date TEXT NOT NULL, "
                     "game TEXT NOT NULL, seat INTEGER NOT NULL, line TEXT NOT NULL, "
                     "archive_sha TEXT, line_sum TEXT NOT NULL, "
                     "PRIMARY KEY(folded, date, game, seat)) WITHOUT ROWID",
    **{f"history_lines_{table}_{when.lower()}": (
        f"CREATE TRIGGER history_lines_{table}_{when.lower()} AFTER {when} ON {table} BEGIN "
        + "".join(_drop_lines(table, row) for row in rows) + "END")
       for table in ("games", "players")
       for when, rows in (("INSERT", ("NEW",)), ("DELETE", ("OLD",)),
                          ("UPDATE", ("OLD", "NEW")))},
    "companion_tallies": "CREATE TABLE companion_tallies(folded TEXT NOT NULL, "
                         "other TEXT NOT NULL, seats INTEGER NOT NULL, year TEXT NOT NULL, "
                         "games INTEGER NOT NULL, above INTEGER NOT NULL, "
                         "not_above INTEGER NOT NULL, stopped TEXT, last_date TEXT NOT NULL, "
                         "last_game TEXT NOT NULL, last_name TEXT NOT NULL, "
                         "PRIMARY KEY(folded, other, seats, year)) WITHOUT ROWID",
    "companion_tallies_full": "CREATE TABLE companion_tallies_full(folded TEXT PRIMARY KEY) "
                              "WITHOUT ROWID",
    "history_sums": "CREATE TABLE history_sums(folded TEXT PRIMARY KEY, rows INTEGER NOT NULL, "
                    "digest TEXT NOT NULL) WITHOUT ROWID",
    **{f"companion_tallies_players_{when.lower()}": (
        f"CREATE TRIGGER companion_tallies_players_{when.lower()} AFTER {when} ON players "
        "BEGIN " + "".join(_drop_companions(row) for row in rows) + "END")
       for when, rows in (("INSERT", ("NEW",)), ("DELETE", ("OLD",)),
                          ("UPDATE", ("OLD", "NEW")))},
    "player_pages": "CREATE TABLE player_pages(folded TEXT PRIMARY KEY, keys TEXT NOT NULL, "
                    "page TEXT NOT NULL) WITHOUT ROWID",
    **{f"player_pages_players_{when.lower()}": (
        f"CREATE TRIGGER player_pages_players_{when.lower()} AFTER {when} ON players BEGIN "
        + "".join(f"DELETE FROM player_pages WHERE folded={row}.folded; " for row in rows)
        + "END")
       for when, rows in (("INSERT", ("NEW",)), ("DELETE", ("OLD",)),
                          ("UPDATE", ("OLD", "NEW")))},
    "ratings": "CREATE TABLE ratings(key TEXT NOT NULL, folded TEXT NOT NULL, "
               "name TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, "
               "games INTEGER NOT NULL, PRIMARY KEY(key, folded)) WITHOUT ROWID",
    "ratings_upto": "CREATE TABLE ratings_upto(one INTEGER PRIMARY KEY CHECK(one=1), "
                    "date TEXT NOT NULL, game TEXT NOT NULL)",
    # a game after the last one rated is rated on top of the kept figures; any other write of
    # a player's row drops them all, since every later game's figures follow from it
    "ratings_players_insert": (
        "CREATE TRIGGER ratings_players_insert AFTER INSERT ON players WHEN EXISTS(SELECT 1 "
        "FROM ratings_upto u WHERE NEW.date<u.date OR (NEW.date=u.date AND NEW.game<=u.game)) "
        "BEGIN DELETE FROM ratings; DELETE FROM ratings_upto; END"),
    **{f"ratings_players_{when.lower()}": (
        f"CREATE TRIGGER ratings_players_{when.lower()} AFTER {when} ON players "
        "BEGIN DELETE FROM ratings; DELETE FROM ratings_upto; END")
       for when in ("DELETE", "UPDATE")},
}
#: the book tables made and remade together: each table with its mark and its triggers
BOOK_UNITS = {unit: [name for name in BOOK_SCHEMA if name.startswith(unit)]
              for unit in ("row_tallies", "history_lines", "companion_tallies",
                           "history_sums", "player_pages", "ratings")}
#: the texts of the book tables that another version wrote otherwise: (table, the key of
#: ``meta`` that names their version, this version)
TEXT_FORMATS = (("history_lines", "history_csv_format", HISTORY_CSV_FORMAT),
                ("player_pages", "player_page_format", PAGE_FORMAT))


def has_book_tables(db: sqlite3.Connection, unit: str | None = None) -> bool:
    """True when the index file has the tables of :data:`BOOK_SCHEMA` and their triggers
    (those of one of :data:`BOOK_UNITS` only, when ``unit`` names it)."""
    names = list(BOOK_SCHEMA) if unit is None else BOOK_UNITS[unit]
    have = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE name IN "
                                           f"({','.join('?' * len(names))})", names)}
    return len(have) == len(names)


def book_tables(db: sqlite3.Connection) -> bool:
    """Make the tables of :data:`BOOK_SCHEMA` and their triggers when the index file lacks
    one: every object of a unit of :data:`BOOK_UNITS` that lacks one, at once (a unit added
    by a later version leaves the others' rows as they are). They are made when first asked
    for, so that an index that never serves ``stats NAME``, ``--rows`` or ``--csv`` stays as
    small as before. The history texts of another version are dropped
    (:data:`HISTORY_CSV_FORMAT`), and so are the pages (:data:`TEXT_FORMATS`). False on an
    index file we may only read that lacks them (the caller then reads the other tables)."""
    try:
        missing = [unit for unit in BOOK_UNITS if not has_book_tables(db, unit)]
        if missing:
            with transaction(db):
                for name in (name for unit in missing for name in BOOK_UNITS[unit]):
                    sql = BOOK_SCHEMA[name]
                    kind = "TABLE" if sql.startswith("CREATE TABLE") else "TRIGGER"
                    db.execute(f"DROP {kind} IF EXISTS {name}")
                    db.execute(sql)
        for table, key, version in TEXT_FORMATS:
            row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
            if row is None or row[0] != version:   # texts of another version
                with transaction(db):
                    db.execute(f"DELETE FROM {table}")
                    db.execute("INSERT OR REPLACE INTO meta VALUES(?, ?)", (key, version))
    except sqlite3.OperationalError:
        return False
    return True


class transaction:
    """``BEGIN IMMEDIATE`` .. ``COMMIT`` (rolled back on an exception)."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


@contextmanager
def kept_if_writable(db: sqlite3.Connection) -> Iterator[bool]:
    """``BEGIN IMMEDIATE`` where the index file may be written (True: what the block writes is
    committed, or rolled back on an exception), else False (an index file we may only read:
    what the block makes is kept for this run only)."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        writable = False
    else:
        writable = True
    if not writable:
        yield False
        return
    try:
        yield True
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class BookTables:
    """The tables of the summaries index that the record book's commands read whole, derived
    from its other tables and dropped by triggers (:data:`BOOK_SCHEMA`): the per-row tallies
    of ``stats NAME --rows``, the lines of ``history --csv`` and the companions' tallies of
    ``stats NAME``."""

    def __init__(self, index: Indexed):
        self.index = index

    def player_row_tallies(self, player: str, family: str | None = None,
                           since: str | None = None, until: str | None = None,
                           seats: int | None = None) -> dict[str, Doc]:
        """The per-row tallies (:func:`~yams_scorekeeper.book.records.row_tallies`) of
        ``player``'s sheets with the filters of :meth:`SummaryIndex.sheet_rows`, per
        configuration, in the order of their first game.

        Read from ``row_tallies`` (one range of the player's key: at 50,000 games about 100
        rows for a player of 13,300 sheets, against 13 MB of sheets to read and 500,000 cells
        to count); the groups dropped since (a game indexed, removed or changed) are tallied
        again from the sheets first, in one query, and kept (when the index may be written).
        A year the period cuts is tallied from its sheets."""
        from ..book.records import merged_tallies, row_tallies, tally_of_text

        db, folded = self.index._open(), fold_name(player)
        if not book_tables(db):
            return row_tallies(self.index.sheet_rows(player, family, since, until, seats))
        groups = self._tally_groups(folded)
        parts, cut = [], set()
        for (key, count, year), (fam, first, text) in groups.items():
            if not _of_family(fam, key, family) or (seats is not None and count != seats):
                continue
            inside = year_inside(year, since, until)
            if inside is None:
                cut.add(year)
            elif inside:
                parts.append((first, key, text))
        found = [(first, key, tally_of_text(text) if isinstance(text, str) else text)
                 for first, key, text in parts]
        if cut:
            where, args = filters("p.", family, since, until, None)
            if seats is not None:
                where += " AND p.seats=?"
                args.append(seats)
            rows = db.execute(
                "SELECT p.config_key, p.family, p.stopped, s.sheet, p.date, p.game FROM players p "
                "JOIN sheets s ON s.game=p.game AND s.seat=p.seat WHERE p.folded=?"
                f"{where} AND substr(p.date, 1, 4) IN ({','.join('?' * len(cut))})",
                [folded, *args, *sorted(cut)]).fetchall()
            firsts: dict[str, tuple[str, str]] = {}
            for row in rows:
                firsts.setdefault(row[0], (row[4], row[5]))
            found += [(firsts[key], key, tally) for key, tally in
                      row_tallies((r[0], r[1], bool(r[2]), r[3]) for r in rows).items()]
        found.sort(key=lambda part: part[0])
        return merged_tallies((key, tally) for _first, key, tally in found)

    def _tally_groups(self, folded: str
                      ) -> dict[tuple[str, int, str], tuple[str | None, tuple[str, str], Any]]:
        """``{(config_key, seats, year): (family, (first date, first game), tally)}`` of every
        group of the player's sheets (the tally as its text when read from ``row_tallies``),
        the groups missing there tallied from the sheets and written back, in one
        transaction that no other writer enters (or kept for this run only, on an index file
        we may only read)."""
        from ..book.records import row_tallies, tally_text

        db = self.index._open()
        read = ("SELECT config_key, seats, year, family, first_date, first_game, tally "
                "FROM row_tallies WHERE folded=?")
        if db.execute("SELECT 1 FROM row_tallies_full WHERE folded=?", (folded,)).fetchone():
            return {(k, n, y): (fam, (d, g), text)
                    for k, n, y, fam, d, g, text in db.execute(read, (folded,))}
        with kept_if_writable(db) as writing:
            groups: dict[tuple[str, int, str], tuple[str | None, tuple[str, str], Any]] = {
                (k, n, y): (fam, (d, g), text)
                for k, n, y, fam, d, g, text in db.execute(read, (folded,))}
            sheets: dict[tuple[str, int, str], list[tuple[str, str | None, bool, str]]] = {}
            firsts: dict[tuple[str, int, str], tuple[str | None, tuple[str, str]]] = {}
            for key, fam, stopped, count, date, game, text in db.execute(
                    "SELECT p.config_key, p.family, p.stopped, p.seats, p.date, p.game, s.sheet "
                    "FROM players p JOIN sheets s ON s.game=p.game AND s.seat=p.seat "
                    "WHERE p.folded=?", (folded,)):
                group = (key, count, date[:4])
                if group in groups:
                    continue
                sheets.setdefault(group, []).append((key, fam, bool(stopped), text))
                firsts.setdefault(group, (fam, (date, game)))
            for group, mine in sheets.items():
                (tally,) = row_tallies(mine).values()
                groups[group] = (*firsts[group], tally)
                if writing:
                    db.execute("INSERT OR REPLACE INTO row_tallies VALUES(?,?,?,?,?,?,?,?)",
                               (folded, *group, firsts[group][0], *firsts[group][1],
                                tally_text(tally)))
            if writing:
                db.execute("INSERT OR REPLACE INTO row_tallies_full VALUES(?)", (folded,))
        return groups

    def companions(self, player: str, winning_families: Iterable[str],
                   since: str | None = None, until: str | None = None,
                   seats: int | None = None) -> list[Row]:
        """What :meth:`SummaryIndex.companions` sums of the other players of ``player``'s
        games (the same rows, by case-folded name), read from ``companion_tallies``: one
        range of the player's key (at 50,000 games ~300 rows, against 17,800 rows of other
        players to look up, one seek a game). The player's rows are tallied again first when
        a game was indexed, removed or changed since, in one query, and kept (when the index
        may be written); a year the period cuts is summed from the ``players`` rows."""
        db, folded = self.index._open(), fold_name(player)
        if not book_tables(db):
            return self.index.companions(player, winning_families, since, until, seats)
        winning = set(winning_families)
        found: dict[str, list[Any]] = {}
        cut = set()
        for other, count, year, *tally in self._companion_groups(folded):
            if seats is not None and count != seats:
                continue
            inside = year_inside(year, since, until)
            if inside is None:
                cut.add(year)
            elif inside:
                _add_companion(found, other, tally, winning)
        if cut:
            where, args = filters("p.", None, since, until, None)
            if seats is not None:
                where += " AND p.seats=?"
                args.append(seats)
            rows = db.execute(f"{_COMPANIONS} WHERE p.folded=?{where} AND substr(p.date, 1, 4) "
                              f"IN ({','.join('?' * len(cut))}) {_COMPANION_GROUPS}",
                              [folded, *args, *sorted(cut)])
            for other, _count, _year, *tally in _companion_tallies(rows):
                _add_companion(found, other, tally, winning)
        return [(name, games, beaten, date)
                for _other, (games, beaten, date, _game, name) in sorted(found.items())]

    def _companion_groups(self, folded: str) -> list[Row]:
        """The rows of ``companion_tallies`` of the player (but ``folded``), tallied again from
        the ``players`` rows when its mark is missing, and written back in one transaction
        that no other writer enters (or kept for this run only, on an index file we may only
        read)."""
        db = self.index._open()
        read = ("SELECT other, seats, year, games, above, not_above, stopped, last_date, "
                "last_game, last_name FROM companion_tallies WHERE folded=?")
        if db.execute("SELECT 1 FROM companion_tallies_full WHERE folded=?",
                      (folded,)).fetchone():
            return db.execute(read, (folded,)).fetchall()
        with kept_if_writable(db) as writing:
            groups = _companion_tallies(db.execute(
                f"{_COMPANIONS} WHERE p.folded=? {_COMPANION_GROUPS}", (folded,)))
            if writing:
                db.execute("DELETE FROM companion_tallies WHERE folded=?", (folded,))
                db.executemany("INSERT INTO companion_tallies VALUES(?,?,?,?,?,?,?,?,?,?,?)",
                               [(folded, *group) for group in groups])
                db.execute("INSERT OR REPLACE INTO companion_tallies_full VALUES(?)", (folded,))
        return groups

    def player_page(self, player: str, make: Callable[[list[Row]], tuple[list[str], str]]
                    ) -> tuple[list[str], str] | None:
        """The page of ``player`` (``player_pages``: the keys of its configurations and its
        text), made by ``make(rows)`` from the player's rows
        (:meth:`SummaryIndex.player_rows`) when the index keeps none, and kept (where the
        index may be written); ``None`` for a player without a game."""
        db, folded = self.index._open(), fold_name(player)
        if not book_tables(db):
            rows = self.index.player_rows(player)
            return make(rows) if rows else None
        kept = db.execute("SELECT keys, page FROM player_pages WHERE folded=?",
                          (folded,)).fetchone()
        if kept is not None:
            return json.loads(kept[0]), kept[1]
        with kept_if_writable(db) as writing:
            rows = self.index.player_rows(player)
            if not rows:
                return None
            keys, text = made = make(rows)
            if writing:
                db.execute("INSERT OR REPLACE INTO player_pages VALUES(?, ?, ?)",
                           (folded, compact_text(keys), text))
        return made

    def ratings(self, winning_families: Iterable[str]) -> tuple[Doc, dict[str, str]]:
        """Each configuration's ratings (:func:`~yams_scorekeeper.book.ratings.rate`) after
        every rated game of the index, in game order, and each configuration's label; the
        configurations whose records are shared (D11) share one rating. The figures after the
        last game rated are kept (``ratings``, ``ratings_upto``), and a later game is rated on
        top of them."""
        from ..book.ratings import Rating, rate
        from ..book.records import record_key

        index, db = self.index, self.index._open()
        kept: dict[str, dict[str, Rating]] = {}
        upto = None
        if book_tables(db):
            upto = db.execute("SELECT date, game FROM ratings_upto").fetchone()
            for key, folded, name, mu, sigma, games in (
                    db.execute("SELECT * FROM ratings") if upto else ()):
                kept.setdefault(key, {})[folded] = Rating(name, mu, sigma, games)
        keys: dict[str, str] = {}
        last: list[tuple[str, str]] = []

        def rows() -> Iterator[tuple[str, str, str, str, int]]:
            for raw, game, date, folded, name, rank in index.rated_rows(
                    winning_families, tuple(upto) if upto else None):
                if raw not in keys:
                    keys[raw] = record_key({"config_key": raw})[0]
                last[:] = [(date, game)]
                yield keys[raw], game, folded, name, rank

        rated = rate(rows(), kept)
        if last:
            with kept_if_writable(db) as writing:
                if writing:
                    db.execute("DELETE FROM ratings")
                    db.executemany("INSERT INTO ratings VALUES(?,?,?,?,?,?)", [
                        (key, folded, r.name, r.mu, r.sigma, r.games)
                        for key, by_name in rated.items() for folded, r in by_name.items()])
                    db.execute("INSERT OR REPLACE INTO ratings_upto VALUES(1, ?, ?)", last[0])
        labels: dict[str, str] = {}
        raw_keys = {raw for (raw,) in db.execute("SELECT DISTINCT config_key FROM games")}
        for raw, label in index.labels(raw_keys).items():
            key, shown = record_key({"config_key": raw, "config_label": label})
            if key in rated:
                labels[key] = shown
        return rated, labels

    def history_lines(self, player: str, family: str | None = None, since: str | None = None,
                      until: str | None = None) -> list[str]:
        """What ``yams history --csv`` writes of each game of ``player`` that matches
        (:func:`~yams_scorekeeper.book.book_csv.game_csv`), by date then id, as texts to
        join: one range of ``history_lines`` beside the same range of ``players``, each text
        checked against its digest (:class:`IndexMismatch`); a game that has none is read
        from its summary (checked), and its text kept. Every game of the player (no
        filter): their whole text in one, when it is the text last checked
        (``history_sums``)."""
        from ..book.book_csv import game_csv

        index = self.index
        db = index._open()
        if not book_tables(db):
            return [game_csv(s) for s in index.summaries(player, family, since, until)]
        whole = family is None and since is None and until is None
        if whole:
            checked = _checked_lines(db, fold_name(player))
            if checked is not None:
                return checked
        where, args = filters("p.", family, since, until, None)
        rows = db.execute(
            "SELECT p.folded, p.date, p.game, p.seat, l.line, l.archive_sha, l.line_sum "
            "FROM players p LEFT JOIN history_lines l ON l.folded=p.folded AND l.date=p.date "
            f"AND l.game=p.game AND l.seat=p.seat WHERE p.folded=?{where} "
            "ORDER BY p.date, p.game, p.seat", [fold_name(player), *args]).fetchall()
        kept: list[Row] = []
        made: dict[str, tuple[str, str | None]] = {}
        for folded, date, game_id, seat, line, _sha, _sum in rows:
            if line is None and game_id not in made:
                summary, archive_sha = index.checked_summary(game_id)
                made[game_id] = (game_csv(summary), archive_sha)
            if line is None:
                text, sha = made[game_id]
                kept.append((folded, date, game_id, seat, text, sha, line_sum(text, sha)))
        if kept:
            try:
                with transaction(db):
                    db.executemany("INSERT OR REPLACE INTO history_lines VALUES(?,?,?,?,?,?,?)",
                                   kept)
            except sqlite3.OperationalError:
                pass            # an index file we may only read: made again next time
        out, last = [], None
        for _folded, _date, game_id, _seat, line, sha, digest in rows:
            if game_id == last:
                continue        # two names of the game that fold alike: one game of theirs
            last = game_id
            if line is None:
                line, sha = made[game_id]
            elif line_sum(line, sha) != digest:
                raise IndexMismatch(game_id)
            out.append(line)
        if whole and len(out) == len(rows):     # (no two names of a game folding alike)
            _lines_checked(db, fold_name(player), len(rows), out)
        return out


def text_sum(text: str) -> str:
    """The digest of a player's whole ``history --csv`` text (its games' lines in order)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _checked_lines(db: sqlite3.Connection, folded: str) -> list[str] | None:
    """The lines of every game of the player as one text, when the player has as many
    ``players`` rows as when their text was last checked line by line and the lines give
    that text again (:func:`_lines_checked`); else ``None`` (the caller checks them one by
    one): one digest instead of one a game, and the lines' text alone read: the
    triggers drop the line of any ``players`` row written, and a ``players`` row
    written without its line (by a program that knows none) changes the count."""
    kept = db.execute("SELECT rows, digest FROM history_sums WHERE folded=?",
                      (folded,)).fetchone()
    if kept is None or db.execute("SELECT count(*) FROM players WHERE folded=?",
                                  (folded,)).fetchone()[0] != kept[0]:
        return None
    text = "".join(line for (line,) in db.execute(
        "SELECT line FROM history_lines WHERE folded=? ORDER BY date, game, seat", (folded,)))
    return [text] if text_sum(text) == kept[1] else None


def _lines_checked(db: sqlite3.Connection, folded: str, rows: int, lines: list[str]) -> None:
    """Keep the digest of the player's whole text once each of its ``lines`` was checked,
    or made, for each of the player's ``rows`` rows of ``players`` (``history_sums``: a
    memo no trigger needs to keep, since a text that changes no longer gives the digest)."""
    try:
        with transaction(db):
            db.execute("INSERT OR REPLACE INTO history_sums VALUES(?, ?, ?)",
                       (folded, rows, text_sum("".join(lines))))
    except sqlite3.OperationalError:
        pass                    # an index file we may only read: checked again next time


def _of_family(fam: str | None, config_key: str, family: str | None) -> bool:
    """Whether a row of family ``fam`` and configuration ``config_key`` is among the games of
    ``family`` as :func:`filters` reads it (``house/sirtin#``: the configuration
    keys that start so)."""
    if family is None:
        return True
    family, slash, start = family.partition("/")
    return fam == family and (not slash or config_key.startswith(f"{family}/{start}"))


#: the other players of a player's games (``p``: the player's rows, ``q``: the others' in
#: the same games), summed per other player, player count, year, stopped or not and family;
#: ``q.name``, ``max(p.date)`` and ``p.game`` come from the first of their last games
#: together in the order of the players key, as :meth:`SummaryIndex.companions` reads them
_COMPANIONS = ("SELECT q.folded, p.seats, substr(p.date, 1, 4), p.stopped, p.family, "
               "count(*), count(CASE WHEN q.rank<p.rank THEN 1 END), "
               "count(CASE WHEN NOT q.rank<p.rank THEN 1 END), q.name, max(p.date), p.game "
               "FROM players p JOIN players q ON q.game=p.game AND q.seat<>p.seat")
_COMPANION_GROUPS = "GROUP BY q.folded, p.seats, substr(p.date, 1, 4), p.stopped, p.family"


def _companion_tallies(rows: Iterable[Row]) -> list[Row]:
    """The ``companion_tallies`` rows (but the player) of the rows of :data:`_COMPANIONS`:
    ``(other, seats, year, games, above, not above, stopped, last date, last game, last
    name)``, ``stopped`` the JSON list of ``[family, above, not above]`` of the games stopped
    early (``None`` without any)."""
    groups: dict[tuple[str, int, str], list[Any]] = {}
    for other, seats, year, stopped, family, count, above, not_above, name, date, game in rows:
        group = groups.get((other, seats, year))
        if group is None:
            group = groups[(other, seats, year)] = [0, 0, 0, [], date, game, name]
        group[0] += count
        if stopped:
            group[3].append([family, above, not_above])
        else:
            group[1] += above
            group[2] += not_above
        if date > group[4] or (date == group[4] and game < group[5]):
            group[4:] = [date, game, name]
    return [(*key, games, above, not_above, compact_text(stops) if stops else None, *last)
            for key, (games, above, not_above, stops, *last) in groups.items()]


def _add_companion(found: dict[str, list[Any]], other: str, tally: Sequence[Any],
                   winning: set[str]) -> None:
    """Add a ``companion_tallies`` group of ``other`` (its columns from ``games``) to
    ``found``: ``{other: [games, ranked above, last date, last game, last name]}``.

    "Ranked above" is what SQL's ``sum(q.rank<p.rank AND (p.stopped=0 OR p.family IN
    winning))`` gives over the same rows (``NULL`` when every term is: a rank missing), so
    that the tallies say what the plain query says of any row: a complete game counts the
    other ranked above; a stopped one of a winning family (G7) too, of another family 0, of
    no family 0 where the other was not above (``x AND NULL``)."""
    games, above, not_above, stopped, date, game, name = tally
    terms = [above] if above + not_above else []
    for family, up, not_up in json.loads(stopped) if stopped else ():
        if not winning or (family is not None and family not in winning):
            terms.append(0)
        elif family is None:
            if not_up:
                terms.append(0)
        elif up + not_up:
            terms.append(up)
    mine = found.get(other)
    if mine is None:
        found[other] = [games, sum(terms) if terms else None, date, game, name]
        return
    mine[0] += games
    if terms:
        mine[1] = (mine[1] or 0) + sum(terms)
    if date > mine[2] or (date == mine[2] and game < mine[3]):
        mine[2:] = [date, game, name]
