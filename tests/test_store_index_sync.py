"""The summaries index kept in step (:mod:`yams_scorekeeper.store.index_sync`): a distrusted
index rebuilt from the archive and said, SQLite's errors as one StoreError."""

from __future__ import annotations

import sqlite3

import pytest
from test_store import play

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.index_sync import index_errors
from yams_scorekeeper.store.summary_index import IndexMismatch


def test_an_index_found_wrong_is_rebuilt_said_and_asked_again(tmp_path):
    heard = []
    store = Store(tmp_path, notify=heard.append)
    play(store, "g1")
    asked = []

    def use(index):
        asked.append(1)
        if len(asked) == 1:
            raise IndexMismatch("g1")
        return index.ids()

    with store.access.locked():
        assert store.parts.index.call(use) == {"g1"}
    assert len(asked) == 2
    assert [m.key for m in heard] == ["store.summaries_index_did_not_match_the_archive"]


def test_sqlite_errors_are_one_store_error_others_pass_through(tmp_path):
    with pytest.raises(StoreError) as err:
        with index_errors(str(tmp_path)):
            raise sqlite3.OperationalError("database or disk is full")
    assert "disk is full" in str(err.value) and "free disk space" in err.value.expected
    with pytest.raises(KeyError):
        with index_errors(str(tmp_path)):
            raise KeyError("x")


def test_the_games_in_progress_are_named_by_their_files(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    store.create_game({**store.archived_entry("g1")["doc"], "id": "g2"})
    assert store.parts.index.in_progress_ids() == {"g2"}
