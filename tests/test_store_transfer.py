"""Import and export (:mod:`yams_scorekeeper.store.transfer`): the recount marker before the
archive files, a bad game leaving nothing imported, an export reading what it was given."""

from __future__ import annotations

import os

import pytest
from test_store import new_doc, play, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store import Store
from yams_scorekeeper.store import transfer as store_transfer
from yams_scorekeeper.store.files import FileSystem


def book(ids, bad=None):
    games = [{"doc": new_doc(gid), "summary": summary(gid)} for gid in ids]
    if bad is not None:
        games[bad]["summary"] = {**games[bad]["summary"], "players": "nobody"}
    return {"format": "yams-scorekeeper-book", "version": 1, "games": games}


class Order(FileSystem):
    """Notes the files renamed into place, in order."""

    def __init__(self):
        self.placed = []

    def replace(self, src, dst):
        self.placed.append(os.path.basename(dst))
        super().replace(src, dst)


def test_the_recount_marker_is_written_before_the_first_archive_file(tmp_path, monkeypatch):
    fs = Order()
    store = Store(tmp_path, fs=fs)
    play(store, "g0")
    fs.placed.clear()
    monkeypatch.setattr(store_transfer, "IMPORT_BATCH", 2)
    assert store.import_book(book(["a1", "a2", "a3"])) == (3, 0)
    first_archive = min(n for n, name in enumerate(fs.placed) if name.startswith("a"))
    assert "records.json" in fs.placed[:first_archive]       # the marker, first
    assert fs.placed[-1] == "records.json"                   # the book counted, last
    assert sorted(store.records()["counted"]) == ["a1", "a2", "a3", "g0"]


def test_a_bad_game_leaves_nothing_imported(tmp_path, monkeypatch):
    store = Store(tmp_path)
    play(store, "g0")
    monkeypatch.setattr(store_transfer, "IMPORT_BATCH", 1)  # the good games were written
    with pytest.raises(StoreError):
        store.import_book(book(["a1", "a2", "a3"], bad=2))
    assert sorted(os.listdir(tmp_path / "archive")) == ["g0.json", "g0.json.bak1"]
    assert store.records()["counted"] == ["g0"] and store.archived_ids() == ["g0"]


def test_an_import_twice_adds_nothing_the_second_time(tmp_path):
    store = Store(tmp_path)
    assert store.import_book(book(["a1", "a2"])) == (2, 0)
    assert store.import_book(book(["a1", "a2"])) == (0, 2)
    assert store.archived_ids() == ["a1", "a2"]


def test_an_export_gives_every_game_in_order_on_one_process(tmp_path):
    store = Store(tmp_path)
    store.import_book(book(["a1", "a2"]))
    lines = list(store.export_lines(lambda entry: entry["id"], jobs=1))
    assert lines == ["a1", "a2"]
    assert store_transfer._export_chunk([("a1", b"not json"), ("a2", None)], str) == [None, None]
