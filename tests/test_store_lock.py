"""The store lock (:mod:`yams_scorekeeper.store.lock`) and how an operation holds it
(:mod:`yams_scorekeeper.store.access`): one operation at a time, a read-only store read as it
is, the first lock sweeping what killed writers left."""

from __future__ import annotations

import os

import pytest

from yams_scorekeeper.base.errors import StoreBusyError, StoreError
from yams_scorekeeper.store.access import Access
from yams_scorekeeper.store.files import FileSystem
from yams_scorekeeper.store.folder import StoreFolder
from yams_scorekeeper.store.lock import StoreLock


def access(path, timeout=0.05, first=None):
    folder = StoreFolder(str(path), backups=5, fs=FileSystem(), notify=None)
    return Access(folder, timeout, on_first=first or (lambda: None), on_release=lambda: None)


def test_a_second_holder_waits_then_is_told_the_store_is_busy(tmp_path):
    first, second = access(tmp_path / "s"), access(tmp_path / "s")
    with first.locked():
        with pytest.raises(StoreBusyError) as err:
            with second.locked():
                pass                                        # pragma: no cover
        assert "store.lock" in str(err.value)
    with second.locked():                                   # released: the other gets it
        assert second.lock is not None and second.lock.fd is not None
    assert second.lock.fd is None


def test_the_lock_is_reentrant_within_one_holder(tmp_path):
    lock = StoreLock(str(tmp_path / "l"), 0.05)
    with lock, lock:
        other = StoreLock(str(tmp_path / "l"), 0.0)
        with pytest.raises(TimeoutError):
            other.acquire()
    other.acquire()                                         # both releases were needed
    other.release()


def test_the_first_lock_sweeps_temporary_files_and_runs_on_first_once(tmp_path):
    store = tmp_path / "s"
    (store / "games").mkdir(parents=True)
    left = [store / ".records.json-1.tmp", store / "games" / ".g1.json-2.tmp"]
    for path in left:
        path.write_bytes(b"half")
    kept = store / "games" / "g1.json.tmp"                  # not a temporary file of ours
    kept.write_bytes(b"x")
    calls = []
    held = access(store, first=lambda: calls.append(1))
    with held.locked():
        assert not any(path.exists() for path in left) and kept.exists()
    left[0].write_bytes(b"again")
    with held.locked():
        pass
    assert calls == [1] and left[0].exists()                # swept once, by the first lock


def test_a_read_only_store_is_read_unlocked_and_nothing_is_made(tmp_path, monkeypatch):
    store = tmp_path / "s"
    store.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if mode == os.W_OK
                        else real(path, mode))
    held = access(store)
    with held.reading() as writable:
        assert writable is False and held.folder.read_only
    assert not held.folder.read_only and os.listdir(store) == []


def test_a_folder_that_is_not_a_store_is_refused_before_any_lock(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(StoreError) as err:
        with access(tmp_path).reading():
            pass                                            # pragma: no cover
    assert "store" in str(err.value) and sorted(os.listdir(tmp_path)) == ["notes.txt"]
