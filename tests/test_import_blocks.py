"""What an import's workers make of each game is what the store itself writes: the archive
file's bytes (:func:`yams_scorekeeper.store.archive_record`), the summaries index's rows (an
index built by the import equals one rebuilt from the archive) and the record book."""

from __future__ import annotations

import io
from pathlib import Path

from test_import_parallel import DISTINCT, book_of, files_of, imported, small_parallel  # noqa: F401
from test_store import play

from yams_scorekeeper import import_check
from yams_scorekeeper.api import check_summary, import_book
from yams_scorekeeper.book_file import write_book
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store, archive_record


def exported(games: list[dict]) -> str:
    """The book of ``games`` as ``yams export`` lays it out (one game a line)."""
    out = io.StringIO()
    write_book(out, {"format": BOOK_FORMAT, "version": BOOK_VERSION}, games,
               lambda: {"records": {}})
    return out.getvalue()


def test_an_archive_record_holds_the_bytes_a_finish_writes(tmp_path):
    store = Store(tmp_path / "s")
    play(store, "g1")
    play(store, "g2", date="2024-05-08T21:00:00+02:00", alice=600, bob=700)
    for game_id in ("g1", "g2"):
        entry = store._read_entry(game_id)
        assert archive_record(entry).raw == Path(store.archive_file(game_id)).read_bytes()
        assert archive_record(entry).id == game_id


def test_the_files_and_index_a_parallel_import_writes_are_the_stores_own(tmp_path,
                                                                         small_parallel):
    games = book_of(20)
    assert imported(tmp_path / "db", exported(games), jobs=2)[0] == (20, 0)
    store = Store(tmp_path / "db")
    for name, raw in files_of(store).items():
        entry = store._read_entry(name[:-len(".json")])
        assert archive_record(entry).raw == raw      # the bytes _write_entry writes
    rows = store.index_rows()
    seats = sum(len(DISTINCT[n % 3]["summary"]["players"]) for n in range(20))
    assert [len([r for r in rows if len(r) == width]) for width in (8, 11, 3)] == [
        20, seats, seats]                              # games, players, sheets
    store.rebuild_index()
    assert store.index_rows() == rows
    assert Store(tmp_path / "db").records() == Store(tmp_path / "db").rebuild_records()
