"""The digest of a player's history lines (``history_sums``, a memo of ``yams history -p NAME
--csv``): once every line was checked, the next CSV of the player checks one digest of them
all instead of a digest a line, and anything that changes a row, adds or removes one sends it
back to the lines one by one (where a changed line fails and the archive wins)."""

from __future__ import annotations

import os
import sqlite3

import pytest
from helpers import ok, run
from test_row_tallies import _book, _entries

from yams_scorekeeper.book.book_csv import game_csv, history_csv
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store, book_tables
from yams_scorekeeper.store.summary_index import INDEX_FILE


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return _entries(30)


def _memo(store: Store) -> dict[str, int]:
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    rows = dict(db.execute("SELECT folded, rows FROM history_sums").fetchall())
    db.close()
    return rows


def _afresh(store: Store, player: str) -> str:
    return history_csv(game_csv(s) for s in store.summaries(player))


def _no_line_checked(monkeypatch) -> None:
    def no(line, archive_sha):
        raise AssertionError("a line's digest was checked")

    monkeypatch.setattr(book_tables, "line_sum", no)


def test_a_checked_csv_is_read_again_with_one_digest(tmp_path, entries, monkeypatch):
    store = _book(tmp_path / "s", entries)
    truth = _afresh(store, "Ana")
    assert history_csv(store.history_lines("Ana")) == truth
    assert _memo(store) == {"ana": len(store.summaries("Ana"))}      # Ana plays every game
    with monkeypatch.context() as patched:
        _no_line_checked(patched)
        assert history_csv(Store(store.path).history_lines("Ana")) == truth
        # a period or a family is a part of the range: its lines are checked one by one
        with pytest.raises(AssertionError, match="digest was checked"):
            Store(store.path).history_lines("Ana", since="2022")
    assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                              "games": _entries(31)[30:]}) == (1, 0)
    with monkeypatch.context() as patched:      # a new game: one line more, checked again
        _no_line_checked(patched)
        with pytest.raises(AssertionError, match="digest was checked"):
            Store(store.path).history_lines("Ana")
    assert history_csv(Store(store.path).history_lines("Ana")) == _afresh(store, "Ana")
    assert _memo(store) == {"ana": 31}


@pytest.mark.parametrize("change", ["line", "move", "drop", "orphan"])
def test_a_row_changed_after_the_memo_is_checked_line_by_line(tmp_path, entries, change):
    """A line edited, moved to another key, dropped, or one more that no ``players`` row
    has: never the memo's answer; the CSV is the archive's."""
    store = _book(tmp_path / "s", entries)
    truth = ok(store.path, "history", "-p", "Ana", "--csv", "-").stdout
    assert "ana" in _memo(store)
    path = os.path.join(store.path, INDEX_FILE)
    db = sqlite3.connect(path)
    game = "g006"
    if change == "line":
        db.execute("UPDATE history_lines SET line=replace(line, ',Ana,', ',Anna,') "
                   "WHERE game=?", (game,))
    elif change == "move":
        db.execute("UPDATE history_lines SET date='2030-01-01' WHERE game=?", (game,))
    elif change == "drop":
        db.execute("DELETE FROM history_lines WHERE game=?", (game,))
    else:
        db.execute("INSERT INTO history_lines SELECT folded, date, game, 9, line, archive_sha, "
                   "line_sum FROM history_lines WHERE game=?", (game,))
    db.commit()
    db.close()
    again = run(store.path, "history", "-p", "Ana", "--csv", "-")
    assert again.exit_code == 0 and again.stdout == truth and ",Anna," not in truth
    assert ("rebuilt from the archive" in again.stderr) == (change == "line")
    assert _memo(Store(store.path))["ana"] == len(Store(store.path).summaries("Ana"))


def test_a_game_indexed_without_its_lines_is_not_left_out(tmp_path, entries, monkeypatch):
    """A program that knows no history lines (an older version) indexing a game writes its
    ``players`` rows and no line: the memo's lines are still those it checked, but one game
    is missing from them; the count of the player's rows says so."""
    from yams_scorekeeper.store import summary_index

    store = _book(tmp_path / "s", entries[:-1])
    store.history_lines("Ana")
    with monkeypatch.context() as older:
        older.setattr(summary_index, "has_book_tables", lambda db, unit=None: False)
        assert store.import_book({"format": BOOK_FORMAT, "version": BOOK_VERSION,
                                  "games": entries[-1:]}) == (1, 0)
    assert history_csv(Store(store.path).history_lines("Ana")) == _afresh(store, "Ana")
    assert _memo(store) == {"ana": len(entries)}


def test_two_names_of_a_game_that_fold_alike_write_its_line_once(tmp_path, entries,
                                                                 monkeypatch):
    """Two ``players`` rows of one game under the player's key (names that fold alike,
    written by another program): the game's line is written once, read line by line (the
    player's text is not the text of all the lines, and no memo is kept of it)."""
    store = _book(tmp_path / "s", entries)
    truth = history_csv(store.history_lines("Ana"))
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    for table in ("players", "history_lines"):      # a second "ana" in g006, with its line
        columns = ", ".join("9" if c == "seat" else c
                            for (_, c, *_) in db.execute(f"PRAGMA table_info({table})"))
        db.execute(f"INSERT INTO {table} SELECT {columns} FROM {table} WHERE game='g006' AND "
                   "folded='ana'")
    db.commit()
    db.close()
    for _ in range(2):
        assert history_csv(Store(store.path).history_lines("Ana")) == truth
        assert _memo(store) == {"ana": len(entries)}        # the count before: no match
