"""Games in progress (:mod:`yams_scorekeeper.store.in_progress`): one file per game, refused
once its finish began, a damaged file stopping its own game only."""

from __future__ import annotations

import os

import pytest
from test_store import new_doc, summary

from yams_scorekeeper.base.errors import StoreCorruptError, StoreError
from yams_scorekeeper.store.files import FileSystem
from yams_scorekeeper.store.folder import FINISH, StoreFolder, set_one
from yams_scorekeeper.store.in_progress import GamesInProgress


def games(path):
    folder = StoreFolder(str(path), backups=5, fs=FileSystem(), notify=None)
    os.makedirs(folder.games_dir)
    return GamesInProgress(folder)


def test_events_are_changed_in_the_game_file_alone(tmp_path):
    store = games(tmp_path)
    store.write_new(store.new_doc(new_doc("g1")))
    store.write_new(store.new_doc(new_doc("g2")))
    assert store.change_events("g1", lambda events: events.append({"n": 1}) or len(events)) == 1
    assert store.load("g1")["events"] == [{"n": 1}] and store.load("g2")["events"] == []
    assert [g["id"] for g in store.listing()] == ["g1", "g2"]


def test_no_event_is_appended_once_the_finish_note_is_written(tmp_path):
    store = games(tmp_path)
    store.write_new(store.new_doc(new_doc("g1")))
    with store.folder.open(store.folder.game_path("g1")) as db:
        set_one(db, FINISH, {"summary": summary("g1")})
    with pytest.raises(StoreError) as err:
        store.change_events("g1", lambda events: events.append({"n": 1}))
    assert "finish" in str(err.value)
    assert store.load("g1")["events"] == [] and store.listing()[0]["finishing"] is True


def test_a_damaged_game_file_stops_its_game_only(tmp_path):
    store = games(tmp_path)
    store.write_new(store.new_doc(new_doc("g1")))
    store.write_new(store.new_doc(new_doc("g2")))
    with open(store.folder.game_path("g2"), "ab") as handle:
        handle.write(b" ")                                  # the checksum no longer holds
    with pytest.raises(StoreCorruptError):
        store.listing()
    damaged = []
    assert [g["id"] for g in store.listing(damaged)] == ["g1"]
    assert [err.game_id for err in damaged] == ["g2"]


def test_a_new_game_is_checked_before_anything_is_written(tmp_path):
    store = games(tmp_path)
    for bad in ([], {"id": "../x"}, {"id": "g1", "events": {}}):
        with pytest.raises(StoreError):
            store.new_doc(bad)
    assert os.listdir(store.folder.games_dir) == []


def test_a_removed_game_file_takes_its_backups_with_it(tmp_path):
    store = games(tmp_path)
    store.write_new(store.new_doc(new_doc("g1")))
    store.change_events("g1", lambda events: events.append({"n": 1}))
    assert "g1.json.bak1" in os.listdir(store.folder.games_dir)
    store.remove("g1")
    assert os.listdir(store.folder.games_dir) == []
