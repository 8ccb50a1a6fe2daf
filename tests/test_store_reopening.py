"""Changing a finished game (:mod:`yams_scorekeeper.store.reopening`): corrected in place with
every reader finding a game, or reopened, a reopening cut before its archive file went being
completed by the next lock."""

from __future__ import annotations

import os

import pytest
from test_store import play, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.archive import Archive
from yams_scorekeeper.store.folder import GAME, set_one


def test_a_correction_keeps_the_game_archived_and_counts_it_again(tmp_path):
    store = Store(tmp_path)
    play(store, "g1", alice=700)
    doc, broken = store.reopen_game("g1", lambda doc: doc["events"] + [{"n": 9}],
                                    lambda doc: summary("g1", alice=990))
    assert broken is not None and doc["reopened"]["times"] == 1
    assert store.is_archived("g1") and store.games_in_progress() == []
    assert store.archived_entry("g1")["doc"]["events"][-1] == {"n": 9}
    assert store.records()["configs"]["double/force-asc"]["records"]["total"]["value"] == 990
    archive = os.listdir(tmp_path / "archive")
    assert sorted(archive) == ["g1.json", "g1.json.bak1"]    # no backup of the old version


def test_a_reopened_game_is_in_progress_and_counted_no_more(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    doc, broken = store.reopen_game("g1", lambda doc: doc["events"][:-1])
    assert broken is None and not store.is_archived("g1")
    assert [g["id"] for g in store.games_in_progress()] == ["g1"]
    assert store.records()["counted"] == [] and os.listdir(tmp_path / "archive") == []


def cut_removal(self, game_id):
    """Step 3 of a reopening, failing."""
    raise OSError(5, "I/O error")


def test_a_reopening_cut_before_its_archive_file_went_is_completed(tmp_path, monkeypatch):
    store = Store(tmp_path)
    play(store, "g1")
    monkeypatch.setattr(Archive, "remove", cut_removal)
    with pytest.raises(StoreError):
        store.reopen_game("g1", lambda doc: doc["events"][:-1])
    monkeypatch.undo()
    assert os.path.exists(tmp_path / "games" / "g1.json")   # beside its archive file
    assert os.path.exists(tmp_path / "archive" / "g1.json")
    fresh = Store(tmp_path)
    assert [g["id"] for g in fresh.games_in_progress()] == ["g1"]   # the first lock did it
    assert not os.path.exists(tmp_path / "archive" / "g1.json")
    assert fresh.records()["counted"] == [] and fresh.repaired[0].key.endswith("completed")


def test_a_foreign_game_file_beside_an_archived_game_takes_nothing_out(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    doc = {**store.archived_entry("g1")["doc"], "created": "2030-01-01T00:00:00+00:00",
           "reopened": {"date": "x", "at": "y", "times": 1}}
    with store.access.locked(), store.folder.open(store.folder.game_path("g1")) as db:
        set_one(db, GAME, doc)
    fresh = Store(tmp_path)
    fresh.games_in_progress()
    assert fresh.is_archived("g1") is False and os.path.exists(tmp_path / "archive" / "g1.json")
    assert fresh.repaired == [] and fresh.records()["counted"] == ["g1"]
