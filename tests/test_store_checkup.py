"""``yams check`` (:mod:`yams_scorekeeper.store.checkup`): derived data repaired and said, a
damaged archive file left alone for the user to restore."""

from __future__ import annotations

import os
import sqlite3

import pytest
from test_store import play

from yams_scorekeeper.base.errors import StoreCorruptError
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.checkup import index_against_archive
from yams_scorekeeper.store.summary_index import INDEX_FILE


def test_a_sound_store_has_nothing_to_say(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    assert store.check() == []


def test_an_index_row_with_no_archive_file_is_dropped_and_said(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    play(store, "g2")
    os.remove(tmp_path / "archive" / "g2.json")
    os.remove(tmp_path / "archive" / "g2.json.bak1")
    with store.access.locked():
        store.parts.index.get().mark_stale()     # not in step: the sync would catch it first
    findings = Store(tmp_path).check()
    assert findings and all(f.repaired for f in findings)
    assert Store(tmp_path).records()["counted"] == ["g1"]
    assert Store(tmp_path).check() == []


def test_a_damaged_archive_file_is_the_users_to_restore_and_left_alone(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    with open(tmp_path / "archive" / "g1.json", "ab") as handle:
        handle.write(b" ")
    before = open(tmp_path / "archive" / "g1.json", "rb").read()
    with pytest.raises(StoreCorruptError) as err:
        Store(tmp_path).check()
    assert "g1.json.bak1" in str(err.value)                  # how to restore it
    assert open(tmp_path / "archive" / "g1.json", "rb").read() == before


def test_a_changed_index_row_is_put_right(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    db = sqlite3.connect(tmp_path / INDEX_FILE)
    db.execute("UPDATE games SET archive_sha = 'x'")
    db.commit()
    db.close()
    fresh = Store(tmp_path)
    with fresh.access.locked():
        found = index_against_archive(fresh.parts)
    assert found and all(f.repaired for f in found)
    with fresh.access.locked():
        assert index_against_archive(fresh.parts) == []
