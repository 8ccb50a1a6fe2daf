"""The migration of an old-layout ``archive.json`` (:mod:`yams_scorekeeper.store.migration`):
idempotent, cut anywhere and completed by the next run, the book owed a recount first."""

from __future__ import annotations

import os

import pytest
from test_storage import faulty
from test_store import new_doc, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.files import AtomicJSONStorage
from yams_scorekeeper.store.migration import MIGRATED_SUFFIX


def old_layout(path, ids=("g1", "g2")):
    os.makedirs(path)
    entries = {str(n): {"id": gid, "doc": new_doc(gid), "summary": summary(gid)}
               for n, gid in enumerate(ids, 1)}
    AtomicJSONStorage(os.path.join(path, "archive.json")).write({"games": entries})


def test_a_migration_cut_before_its_rename_is_completed_by_the_next(tmp_path):
    path = str(tmp_path / "s")
    old_layout(path)
    cut = Store(path, fs=faulty("replace", OSError(28, "No space left"),
                                when=lambda src, dst: dst.endswith(MIGRATED_SUFFIX)))
    with pytest.raises(StoreError):
        cut.records()
    assert os.path.exists(os.path.join(path, "archive.json"))   # still the truth
    assert sorted(os.listdir(os.path.join(path, "archive"))) == [
        "g1.json", "g2.json"]                                   # written, not renamed
    store = Store(path)
    assert store.records()["counted"] == ["g1", "g2"]
    assert store.archived_ids() == ["g1", "g2"]
    names = os.listdir(path)
    assert "archive.json" not in names and "archive.json" + MIGRATED_SUFFIX in names


def test_a_migration_runs_once_and_leaves_no_recount_owed(tmp_path):
    path = str(tmp_path / "s")
    old_layout(path)
    store = Store(path)
    with store.access.locked():
        store.parts.migrate()
        store.parts.migrate()                                   # nothing left to do
        assert not store.parts.book.recount_owed()
    assert store.parts.book.book()["counted"] == ["g1", "g2"]
