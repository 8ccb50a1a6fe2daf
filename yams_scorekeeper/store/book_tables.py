"""The book tables of the summaries index (issue 24): their schema, the triggers that keep
them derived, and what their rows hold, for :class:`~.summary_index.BookTables`.

``row_tallies`` (with ``row_tallies_full``) keeps the per-row tallies of ``stats NAME
--rows`` and ``history_lines`` each game's ``history --csv`` text (see :data:`BOOK_SCHEMA`).
Crash invariant: both are derived from the other tables of the index and never outvote
them; SQLite's own triggers drop a row whenever what it was derived from is written, inside
the same transaction, so a crash at any point leaves rows that are right or missing (made
again when next asked for), and a history text carries a digest checked at every read.
"""

from __future__ import annotations

import hashlib
import sqlite3
from types import TracebackType
from typing import Any

from ..engine.book_csv import HISTORY_CSV_FORMAT

#: a row of the index (a tuple of SQLite values)
Row = tuple[Any, ...]


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
    ``date[:len(until)] <= until``, as :meth:`SummaryIndex._filters` says it): True, False,
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


#: the per-row tallies of ``stats NAME --rows`` (:meth:`BookTables.player_row_tallies`):
#: one row per player, configuration, player count and year, the tally of its sheets
#: (:func:`~yams_scorekeeper.engine.records.tally_text`) and its first game; a player's
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
#: (:func:`~yams_scorekeeper.engine.book_csv.game_csv`: its CSV text), with the archive
#: file's checksum and a digest of the two (:func:`line_sum`, checked at every read), once
#: for each of its ``players`` rows, under the same key (a player's lines are one range, in
#: the order of the CSV); dropped by triggers whenever the game's ``games`` row or the
#: ``players`` row is written. A game without its line is read from its summary (and its
#: line kept). A player's CSV then reads 300 bytes a game, not its summary (1 KB, decoded).
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
}


def has_book_tables(db: sqlite3.Connection) -> bool:
    """True when the index file has the tables of :data:`BOOK_SCHEMA` (and their triggers)."""
    have = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE name IN "
                                           f"({','.join('?' * len(BOOK_SCHEMA))})",
                                           list(BOOK_SCHEMA))}
    return len(have) == len(BOOK_SCHEMA)


def book_tables(db: sqlite3.Connection) -> bool:
    """Make the tables of :data:`BOOK_SCHEMA` and their triggers, all at once, when the index
    file lacks one (they are made when first asked for, so that an index that never serves
    ``--rows`` or ``--csv`` stays as small as before), and drop the history texts of another
    version (:data:`HISTORY_CSV_FORMAT`); False on an index file we may only read that lacks
    them (the caller then reads the other tables)."""
    try:
        if not has_book_tables(db):
            with transaction(db):
                for name, sql in BOOK_SCHEMA.items():
                    kind = "TABLE" if sql.startswith("CREATE TABLE") else "TRIGGER"
                    db.execute(f"DROP {kind} IF EXISTS {name}")
                    db.execute(sql)
        row = db.execute("SELECT value FROM meta WHERE key='history_csv_format'").fetchone()
        if row is None or row[0] != HISTORY_CSV_FORMAT:   # texts of another version
            with transaction(db):
                db.execute("DELETE FROM history_lines")
                db.execute("INSERT OR REPLACE INTO meta VALUES('history_csv_format', ?)",
                           (HISTORY_CSV_FORMAT,))
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
