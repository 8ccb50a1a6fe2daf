"""The record book on disk (:mod:`yams_scorekeeper.store.record_book`): counted once per game,
the recount marker written before a bulk change and paid by the next reader, a damaged book
moved aside and counted again."""

from __future__ import annotations

import os

from test_store import play, summary

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.folder import RECOUNT, one


def marker(store):
    with store.folder.open(store.records_path) as db:
        return one(db, RECOUNT)


def test_a_finish_counted_again_is_not_counted_twice(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    book = store.parts.book
    with store.access.locked():
        assert book.count("g1", summary("g1"), replaced=False) == []
        assert book.book()["counted"] == ["g1"]


def test_an_owed_recount_survives_until_a_reader_pays_it(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    with store.access.locked():
        store.parts.book.owe_recount()
        store.parts.book.write_recounted({**store.parts.book.book(), "counted": []})
        store.parts.book.owe_recount()                      # a bulk change cut after this
    assert marker(store) is not None
    fresh = Store(tmp_path)
    assert fresh.records()["counted"] == ["g1"]             # counted again from the index
    assert marker(fresh) is None


def test_a_damaged_book_is_moved_aside_and_counted_again(tmp_path):
    heard = []
    store = Store(tmp_path, notify=heard.append)
    play(store, "g1")
    with open(store.records_path, "ab") as handle:
        handle.write(b"\n")                                 # its checksum fails
    assert store.records()["counted"] == ["g1"]
    assert os.path.exists(store.records_path + ".damaged")
    assert [m.key for m in heard] == ["store.records_json_could_not_be_read"]


def test_a_missing_book_beside_archived_games_is_counted_again(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    os.remove(store.records_path)
    with store.access.locked():
        assert store.parts.book.check_file() is None
        assert store.parts.book.recount_owed()
        assert store.parts.book.current()["counted"] == ["g1"]
        assert not store.parts.book.recount_owed()
