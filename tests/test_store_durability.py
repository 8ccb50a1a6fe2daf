"""Durability of the store, asserted through its file-system seam (``storage.FileSystem``).

The crash tests (``test_storage.py``, ``test_store.py``) check that a failing step loses
nothing; they cannot see a missing ``fsync`` or a "remove, then rename" that happens to
succeed. Here a recording :class:`FileSystem` notes every call and its order, and the tests
assert what makes a write durable and atomic:

- the temporary file is written, fsynced, closed, and only then renamed over the target;
- the rename is ``os.replace`` (one atomic step), never a removal of the target first;
- the folder is fsynced after the rename (the rename itself reaches the disk);
- a finish fsyncs ``archive/`` after the archive file, and ``games/`` after the game file
  goes; a new ``archive/`` folder is made durable in the store folder; an import writes
  its files, syncs them all at once (``sync_files``), renames them, and fsyncs ``archive/``
  once after them, before the record book counts them.
"""

from __future__ import annotations

import os
import stat

import pytest
from test_store import new_doc, summary

from yams_scorekeeper.store import Store
from yams_scorekeeper.store import files as storage
from yams_scorekeeper.store.files import AtomicJSONStorage, FileSystem

STATE = {"t": {"1": {"n": 1}}}


class RecordingFS(FileSystem):
    """A real file system that notes each call: ``("mkstemp", tmp)``, ``("write", tmp)``,
    ``("fsync", tmp)``, ``("close", tmp)``, ``("replace", src, dst)``, ``("link", src, dst)``,
    ``("fsync_dir", folder)``, ``("remove", path)`` (descriptors are named by their file)."""

    def __init__(self):
        self.calls: list[tuple] = []
        self._names: dict[int, str] = {}

    def mkstemp(self, folder, prefix):
        fd, tmp = super().mkstemp(folder, prefix)
        self._names[fd] = tmp
        self.calls.append(("mkstemp", tmp))
        return fd, tmp

    def write(self, fd, data):
        self.calls.append(("write", self._names[fd]))
        super().write(fd, data)

    def fsync(self, fd):
        self.calls.append(("fsync", self._names[fd]))
        super().fsync(fd)

    def close(self, fd):
        self.calls.append(("close", self._names.pop(fd)))
        super().close(fd)

    def replace(self, src, dst):
        self.calls.append(("replace", src, dst))
        super().replace(src, dst)

    def link(self, src, dst):
        self.calls.append(("link", src, dst))
        super().link(src, dst)

    def sync_files(self, folder, paths):
        self.calls.append(("sync_files", folder, tuple(paths)))
        super().sync_files(folder, paths)

    def fsync_dir(self, folder):
        self.calls.append(("fsync_dir", folder))
        super().fsync_dir(folder)

    def remove(self, path):
        self.calls.append(("remove", path))
        super().remove(path)

    def index(self, call: tuple) -> int:
        """Where ``call`` was made (the first time); fails when it never was."""
        assert call in self.calls, (call, self.calls)
        return self.calls.index(call)

    def last(self, call: tuple) -> int:
        assert call in self.calls, (call, self.calls)
        return len(self.calls) - 1 - self.calls[::-1].index(call)

    def replaced(self, dst: str) -> list[int]:
        """Where a temporary file was renamed over ``dst``."""
        return [n for n, c in enumerate(self.calls) if c[0] == "replace" and c[2] == dst]


def _write_order(fs: RecordingFS, path: str, start: int = 0) -> None:
    """The write of ``path`` (the first after call ``start``) is durable and atomic."""
    n = next(n for n in fs.replaced(path) if n >= start)
    src = fs.calls[n][1]
    assert os.path.dirname(src) == os.path.dirname(path)        # same folder: rename is atomic
    made, wrote = fs.index(("mkstemp", src)), fs.index(("write", src))
    synced, closed = fs.index(("fsync", src)), fs.index(("close", src))
    assert made < wrote < synced < closed < n, fs.calls
    folder = os.path.dirname(path)
    assert ("fsync_dir", folder) in fs.calls[n + 1:], fs.calls[n:]
    assert ("remove", path) not in fs.calls[start:n], "the target was removed before the rename"


# -- one atomic write ---------------------------------------------------------------------

@pytest.mark.parametrize("existing", [False, True], ids=["new file", "over a file"])
def test_a_write_is_fsynced_then_replaced_then_its_folder_fsynced(tmp_path, existing):
    path = str(tmp_path / "s.json")
    if existing:
        AtomicJSONStorage(path).write(STATE)
    fs = RecordingFS()
    AtomicJSONStorage(path, fs=fs).write({"t": {"1": {"n": 2}}})
    _write_order(fs, path)
    tmp = fs.calls[fs.replaced(path)[0]][1]
    kinds = [c[0] for c in fs.calls]
    assert kinds == ["mkstemp", "write", "fsync", "close"] + ["link"] * existing + [
        "replace", "fsync_dir"], fs.calls
    assert fs.calls[-1] == ("fsync_dir", str(tmp_path))           # the very last step
    assert not os.path.exists(tmp)
    assert AtomicJSONStorage(path).read() == {"t": {"1": {"n": 2}}}
    if existing:                        # the old version kept as .bak1 before the rename
        assert fs.index(("link", path, path + ".bak1")) < fs.replaced(path)[0]
        assert ("remove", path) not in fs.calls


def test_the_file_system_renames_with_os_replace_never_remove_then_rename(tmp_path, monkeypatch):
    src, dst = tmp_path / "new", tmp_path / "old"
    src.write_bytes(b"new")
    dst.write_bytes(b"old")
    calls = []
    real_replace = os.replace

    def replace(a, b):
        calls.append(("replace", os.fspath(a), os.fspath(b)))
        real_replace(a, b)

    def forbidden(name):
        def call(*args, **kw):
            raise AssertionError(f"os.{name}{args}: the target must be replaced in one step")
        return call

    monkeypatch.setattr(os, "replace", replace)
    for name in ("remove", "unlink", "rename"):
        monkeypatch.setattr(os, name, forbidden(name))
    FileSystem().replace(str(src), str(dst))
    assert calls == [("replace", str(src), str(dst))]
    assert dst.read_bytes() == b"new" and not src.exists()


def test_the_file_system_fsyncs_the_file_and_the_folder_it_is_given(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        info = os.fstat(fd)
        synced.append((stat.S_ISDIR(info.st_mode), info.st_ino))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    fs = FileSystem()
    fd, tmp = fs.mkstemp(str(tmp_path), ".x.")
    fs.write(fd, b"data")
    fs.fsync(fd)
    fs.close(fd)
    assert synced == [(False, os.stat(tmp).st_ino)]
    fs.fsync_dir(str(tmp_path))
    if os.name != "nt":
        assert synced[1:] == [(True, os.stat(tmp_path).st_ino)]


@pytest.mark.parametrize("syncfs", [True, False], ids=["syncfs", "no syncfs"])
def test_the_file_system_syncs_the_files_it_is_given_at_once_or_each(tmp_path, monkeypatch,
                                                                      syncfs):
    calls, fsynced = [], []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (fsynced.append(os.fstat(fd).st_ino),
                                                 real_fsync(fd))[1])
    if syncfs and storage._syncfs(str(tmp_path)) is False:
        pytest.skip("no syncfs(2) here")
    monkeypatch.setattr(storage, "_syncfs", lambda folder: (calls.append(folder), syncfs)[1])
    paths = [tmp_path / f"f{n}" for n in range(3)]
    for path in paths:
        path.write_bytes(b"data")
    FileSystem().sync_files(str(tmp_path), [str(p) for p in paths])
    assert calls == [str(tmp_path)]
    assert fsynced == ([] if syncfs else [os.stat(p).st_ino for p in paths])


# -- the store: a table action, a finish, an import ---------------------------------------

def test_an_event_reaches_the_disk_before_append_returns(tmp_path):
    Store(tmp_path).create_game(new_doc("g1"))
    fs = RecordingFS()
    store = Store(tmp_path, fs=fs)
    store.append_event("g1", {"n": 0})
    path = store.folder.game_path("g1")
    _write_order(fs, path)
    assert fs.calls[-1] == ("fsync_dir", store.games_dir)


def test_a_finish_fsyncs_the_archive_then_games_after_the_game_file_goes(tmp_path):
    Store(tmp_path).create_game(new_doc("g1"))
    fs = RecordingFS()
    store = Store(tmp_path, fs=fs)
    store.append_event("g1", {"n": 0})
    start = len(fs.calls)
    store.finish_game("g1", summary("g1"))
    game, archive = store.folder.game_path("g1"), store.folder.archive_file("g1")
    # (1) marked as finishing, (2) archived, (3) counted, (4) removed: each durable in turn
    marked = next(n for n in fs.replaced(game) if n >= start)
    _write_order(fs, game, start)
    _write_order(fs, archive)
    _write_order(fs, store.records_path)
    archived = fs.replaced(archive)[-1]
    counted = fs.replaced(store.records_path)[-1]
    removed = fs.index(("remove", game))
    assert marked < archived < counted < removed, fs.calls[start:]
    # the archive file's rename is durable before the book counts it ...
    assert ("fsync_dir", store.archive_dir) in fs.calls[archived + 1:counted]
    # ... the new archive/ folder itself is durable in the store folder before its first file
    made = fs.index(("fsync_dir", store.path))
    assert made < fs.replaced(archive)[0]
    # ... and games/ is fsynced after the game file (and its backups) went: the last step
    assert fs.calls[-1] == ("fsync_dir", store.games_dir)
    assert fs.last(("fsync_dir", store.games_dir)) > fs.last(("remove", game))
    assert not any(c[0] == "remove" and c[1] in (archive, store.records_path)
                   for c in fs.calls[start:])


def test_a_corrected_game_file_and_its_bak1_link_are_each_made_durable(tmp_path):
    """A finished game corrected in place: its new file is written durably, then its
    ``.bak1`` is linked, and ``archive/`` is fsynced after that link too (else a power cut
    may lose the backup)."""
    Store(tmp_path).create_game(new_doc("g1"))
    Store(tmp_path).finish_game("g1", summary("g1"))
    fs = RecordingFS()
    store = Store(tmp_path, fs=fs)
    store.reopen_game("g1", lambda doc: doc["events"] + [{"n": 9}],
                      lambda doc: summary("g1", alice=990))
    archive = store.folder.archive_file("g1")
    _write_order(fs, archive)
    linked = fs.last(("link", archive, archive + ".bak1"))
    assert linked > fs.replaced(archive)[-1]
    assert ("fsync_dir", store.archive_dir) in fs.calls[linked + 1:], fs.calls[linked:]


def test_an_import_syncs_its_files_before_their_names_and_the_folder_before_the_book(
        tmp_path):
    book = {"format": "yams-scorekeeper-book", "version": 1,
            "games": [{"doc": new_doc(f"g{n}"), "summary": summary(f"g{n}", alice=n)}
                      for n in range(5)]}
    fs = RecordingFS()
    store = Store(tmp_path, fs=fs)
    assert store.import_book(book) == (5, 0)
    files = [store.folder.archive_file(f"g{n}") for n in range(5)]
    synced = [n for n, c in enumerate(fs.calls) if c[0] == "sync_files"]
    assert len(synced) == 1 and fs.calls[synced[0]][1] == store.archive_dir    # one, for all
    for path in files:
        n = fs.replaced(path)[0]
        src = fs.calls[n][1]
        assert fs.index(("write", src)) < fs.index(("close", src)) < synced[0] < n
        assert src in fs.calls[synced[0]][2]
    last_file = max(fs.replaced(path)[0] for path in files)
    recount = fs.replaced(store.records_path)[-1]
    assert ("fsync_dir", store.archive_dir) in fs.calls[last_file + 1:recount], fs.calls
    assert fs.calls[-1] == ("fsync_dir", store.path)


def test_the_file_system_makes_each_temporary_file_new_even_where_its_name_is_taken(tmp_path):
    fs = FileSystem()
    made = []
    for _ in range(2):
        fd, tmp = fs.mkstemp(str(tmp_path), ".a.json.")
        os.close(fd)
        made.append(tmp)
    taken = made[1][:-len(".tmp")].rsplit("-", 1)[0] + f"-{storage._TEMP_COUNT + 1}.tmp"
    with open(taken, "wb") as f:
        f.write(b"someone else's")
    fd, tmp = fs.mkstemp(str(tmp_path), ".a.json.")
    os.close(fd)
    made.append(tmp)
    names = [os.path.basename(p) for p in made]
    assert len(set(made)) == 3 and taken not in made
    assert all(n.startswith(".a.json.") and n.endswith(".tmp") for n in names)   # swept
    assert open(taken, "rb").read() == b"someone else's"
    assert all(stat.S_IMODE(os.stat(p).st_mode) == 0o600 for p in made)
