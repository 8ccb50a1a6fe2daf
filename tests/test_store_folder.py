"""The store folder (:mod:`yams_scorekeeper.store.folder`): its files' names, ids that can
name a file, a folder told from a store."""

from __future__ import annotations

import os

import pytest

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store.files import FileSystem
from yams_scorekeeper.store.folder import StoreFolder, check_id, file_ids


def folder(path):
    return StoreFolder(str(path), backups=5, fs=FileSystem(), notify=None)


@pytest.mark.parametrize("bad", ["", ".hidden", "a/b", "..", "x" * 81, 7, None])
def test_an_id_that_cannot_name_a_file_is_refused(bad):
    with pytest.raises(StoreError) as err:
        check_id(bad)
    assert "letters, digits" in err.value.expected


def test_the_files_of_a_store(tmp_path):
    store = folder(tmp_path)
    assert store.game_path("g1") == os.path.join(tmp_path, "games", "g1.json")
    assert store.archive_file("g1") == os.path.join(tmp_path, "archive", "g1.json")
    assert file_ids(["g1.json", ".g2.json", "g3.json.bak1", "g 4.json", "g5.json"]) == [
        "g1", "g5"]


def test_a_store_is_told_from_another_folder(tmp_path):
    assert not folder(tmp_path / "none").is_store()
    assert folder(tmp_path).is_store()                      # empty: a store before its games
    (tmp_path / "records.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    assert folder(tmp_path).is_store()
    os.remove(tmp_path / "records.json")
    assert not folder(tmp_path).is_store()


def test_notify_hears_what_the_store_says(tmp_path):
    heard = []
    store = StoreFolder(str(tmp_path), backups=5, fs=FileSystem(), notify=heard.append)
    store.say("x")
    assert heard == ["x"]
    folder(tmp_path).say("nobody hears")                    # no notify: nothing happens
