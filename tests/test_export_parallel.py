"""An export read and encoded on several processes (:meth:`yams_scorekeeper.store.Store.
export_lines`) writes what one process writes, byte for byte, and fails as it fails."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from test_import_parallel import book_of

from yams_scorekeeper.api import export_book, export_games
from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.engine.transcript import doc_transcript
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store
from yams_scorekeeper.store import transfer as store_module
from yams_scorekeeper.store.archive import Archive
from yams_scorekeeper.store.book_file import write_book
from yams_scorekeeper.store.import_check import can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="no fork here")

GAMES = 45


@pytest.fixture(scope="module")
def book_store(tmp_path_factory) -> Store:
    store = Store(tmp_path_factory.mktemp("db"))
    assert store.import_games(book_of(GAMES), jobs=1) == (GAMES, 0)
    return store


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(store_module, "EXPORT_CHUNK", 4)
    monkeypatch.setattr(store_module, "EXPORT_AHEAD", 2)


def exported(store: Store, path: Path, jobs: int) -> bytes:
    assert export_book(store, path, jobs=jobs) == GAMES
    return path.read_bytes()


def test_two_processes_write_the_book_one_process_writes(book_store, tmp_path, small_chunks,
                                                         monkeypatch):
    one = exported(book_store, tmp_path / "one.json", jobs=1)
    reads = []
    original = Archive.read
    monkeypatch.setattr(Archive, "read",
                        lambda self, game_id: reads.append(game_id) or original(self, game_id))
    two = exported(book_store, tmp_path / "two.json", jobs=2)
    assert reads == []                  # every game was decoded and encoded by a worker
    assert two == one
    # the book as every export wrote it before: each game encoded here, one after the other
    before = io.StringIO()
    write_book(before, {"format": BOOK_FORMAT, "version": BOOK_VERSION},
               export_games(book_store), lambda: {"records": book_store.records()})
    assert two == before.getvalue().encode()
    games = json.loads(two)["games"]
    oldest_first = [s["id"] for s in book_store.summaries()]
    assert sorted(oldest_first) == [f"g{n:03d}" for n in range(GAMES)]
    assert [g["summary"]["id"] for g in games] == oldest_first
    assert games[7]["transcript"] == doc_transcript(games[7]["doc"])


def test_a_corrupt_archive_file_fails_as_on_one_process(tmp_path, small_chunks):
    store = Store(tmp_path / "db")
    store.import_games(book_of(GAMES), jobs=1)
    bad = store.folder.archive_file("g030")
    Path(bad).write_bytes(Path(bad).read_bytes()[:-40])
    errors = []
    for jobs in (1, 2):
        target = tmp_path / f"out{jobs}.json"
        target.write_text("an older book\n")
        with pytest.raises(StoreError) as caught:
            export_book(store, target, jobs=jobs)
        assert target.read_text() == "an older book\n"      # nothing written
        errors.append(str(caught.value))
    assert errors[0] == errors[1]
    assert "g030" in errors[0]
    assert not [n for n in os.listdir(tmp_path) if n not in ("db", "out1.json", "out2.json")]


def test_a_game_removed_meanwhile_is_passed_over(tmp_path, small_chunks):
    store = Store(tmp_path / "db")
    store.import_games(book_of(GAMES), jobs=1)
    lines = store.export_lines(lambda entry: entry["id"], jobs=2)
    first = next(lines)
    os.remove(store.folder.archive_file("g040"))
    oldest_first = [s["id"] for s in store.summaries()]
    assert first == oldest_first[0] != "g040"
    assert [first, *lines] == [game_id for game_id in oldest_first if game_id != "g040"]
