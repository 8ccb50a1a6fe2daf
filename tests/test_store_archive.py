"""The archive (:mod:`yams_scorekeeper.store.archive`): one file per finished game, named by
its id, a copy of its own as ``.bak1``, corrected and removed without a backup outliving the
version it copies."""

from __future__ import annotations

import os

import pytest
from test_store import new_doc, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store.archive import Archive, archive_tables
from yams_scorekeeper.store.files import FileSystem, backup_path, encode
from yams_scorekeeper.store.folder import StoreFolder


class Recording(FileSystem):
    """Notes every removal, replace and link, in order."""

    def __init__(self):
        self.calls = []

    def remove(self, path):
        self.calls.append(("remove", os.path.basename(path)))
        super().remove(path)

    def replace(self, src, dst):
        self.calls.append(("replace", os.path.basename(dst)))
        super().replace(src, dst)

    def link(self, src, dst):
        self.calls.append(("link", os.path.basename(dst)))
        super().link(src, dst)


def archive(path, backups=5):
    fs = Recording()
    return Archive(StoreFolder(str(path), backups=backups, fs=fs, notify=None)), fs


def entry(gid="g1", created="2024-05-01T20:00:00+02:00", **kw):
    return {"id": gid, "doc": new_doc(gid, created=created), "summary": summary(gid, **kw)}


def test_a_new_game_gets_a_backup_that_is_a_copy_of_its_own(tmp_path):
    store, _ = archive(tmp_path)
    assert store.put(entry()) is False                      # nothing replaced
    path = store.folder.archive_file("g1")
    with open(path, "rb") as now, open(backup_path(path, 1), "rb") as bak:
        assert now.read() == bak.read() == encode(archive_tables(entry()))
    assert store.read("g1") == entry() and store.names() == ["g1"] and store.has_games()
    assert store.put(entry()) is False and not os.path.exists(backup_path(path, 2))


def test_the_same_game_again_replaces_it_another_game_is_refused_and_changes_nothing(tmp_path):
    store, _ = archive(tmp_path)
    store.put(entry())
    assert store.put(entry(alice=800)) is True              # the same game, finished again
    assert store.read("g1")["summary"]["players"][0]["total"] == 800
    path = store.folder.archive_file("g1")
    before = open(path, "rb").read()
    with pytest.raises(StoreError):
        store.put(entry(created="2025-01-01T10:00:00+01:00"))
    assert open(path, "rb").read() == before


def test_a_correction_removes_the_old_versions_first_then_links_its_own_copy(tmp_path):
    store, fs = archive(tmp_path)
    store.put(entry())
    store.put(entry(alice=700))                             # .bak1 and .bak2 now
    fs.calls.clear()
    store.correct(entry(alice=900))
    assert fs.calls == [("remove", "g1.json.bak1"), ("remove", "g1.json.bak2"),
                        ("replace", "g1.json"), ("link", "g1.json.bak1")]
    path = store.folder.archive_file("g1")
    assert sorted(os.listdir(os.path.dirname(path))) == ["g1.json", "g1.json.bak1"]
    assert open(backup_path(path, 1), "rb").read() == open(path, "rb").read()


def test_a_removed_game_loses_its_backups_before_its_file(tmp_path):
    store, fs = archive(tmp_path)
    store.put(entry())
    fs.calls.clear()
    store.remove("g1")
    assert fs.calls == [("remove", "g1.json.bak1"), ("remove", "g1.json")]
    assert store.read("g1") is None and store.names() == [] and not store.has_games()


def test_many_files_are_written_at_once_and_read_back(tmp_path):
    store, _ = archive(tmp_path, backups=0)
    games = [entry(f"g{n}") for n in range(3)]
    stamps = store.write_many([(e["id"], encode(archive_tables(e))) for e in games])
    assert [s is not None and s[1] > 0 for s in stamps] == [True] * 3
    assert store.all_entries() == games and store.newest() in games
    store.unwrite(["g0", "g2"])
    assert store.names() == ["g1"]
