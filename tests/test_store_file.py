"""A store file opened by the store (StoreFolder.open, its one and set_one) reads and writes
what plain TinyDB with its CachingMiddleware reads and writes over the same storage: the same
bytes, and no write when nothing changed."""

from __future__ import annotations

import os

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document

from yams_scorekeeper.store.files import AtomicJSONStorage, FileSystem
from yams_scorekeeper.store.folder import StoreFolder, one, set_one


def _folder(tmp_path):
    return StoreFolder(str(tmp_path), backups=5, fs=FileSystem(), notify=None)


def _tinydb_steps(path):
    caching = CachingMiddleware(AtomicJSONStorage)
    db = TinyDB(path, storage=caching)
    yield db
    caching.flush()


def _as_tinydb(db, step):
    kind, table, doc = step
    if kind == "insert":
        db.table(table).insert(doc)
    elif kind == "set":
        t = db.table(table)
        if t.contains(doc_id=1):
            def whole(old):
                old.clear()
                old.update(doc)
            t.update(whole, doc_ids=[1])
        else:
            t.insert(Document(doc, doc_id=1))
    elif kind == "drop":
        db.drop_table(table)


def _as_store_file(db, step):
    kind, table, doc = step
    if kind == "insert":
        db.table(table).insert(doc)
    elif kind == "set":
        set_one(db, table, doc)
    elif kind == "drop":
        db.drop_table(table)


SESSIONS = [
    [("insert", "game", {"id": "g1", "events": []})],
    [("set", "game", {"id": "g1", "events": [{"type": "entry"}]}), ("set", "finish", {"s": 1})],
    [("drop", "nothing", None), ("set", "book", {"counted": ["g1"]})],
    [("drop", "finish", None), ("set", "game", {"id": "g1", "events": []})],
    [("drop", "missing", None)],                                    # nothing changes
]


def test_a_store_file_writes_what_tinydb_wrote(tmp_path):
    mine, theirs = str(tmp_path / "mine.json"), str(tmp_path / "theirs.json")
    for session in SESSIONS:
        before = os.stat(mine).st_mtime_ns if os.path.exists(mine) else None
        with _folder(tmp_path).open(mine) as file:
            for step in session:
                _as_store_file(file, step)
        steps = _tinydb_steps(theirs)
        db = next(steps)
        for step in session:
            _as_tinydb(db, step)
        next(steps, None)
        with open(mine, "rb") as a, open(theirs, "rb") as b:
            assert a.read() == b.read(), session
        if session == SESSIONS[-1]:
            assert os.stat(mine).st_mtime_ns == before                # not written again
    again = _folder(tmp_path).database(mine)
    assert one(again, "game") == {"id": "g1", "events": []} and one(again, "finish") is None
    assert one(again, "book") == {"counted": ["g1"]}


def test_a_missing_file_reads_empty_and_is_written_only_when_changed(tmp_path):
    path = str(tmp_path / "new.json")
    with _folder(tmp_path).open(path) as file:
        assert one(file, "game") is None
        file.drop_table("game")
    assert not os.path.exists(path)
    with _folder(tmp_path).open(path) as file:
        file.table("game").insert({"id": "g2"})
        assert file.table("game").insert({"id": "g3"}) == 2
        assert not os.path.exists(path)                       # written once, at the end
    assert one(_folder(tmp_path).database(path), "game") == {"id": "g2"}


def test_a_failed_operation_writes_nothing(tmp_path):
    path = str(tmp_path / "s.json")
    with _folder(tmp_path).open(path) as file:
        set_one(file, "game", {"id": "g1"})
    before = open(path, "rb").read()
    try:
        with _folder(tmp_path).open(path) as file:
            set_one(file, "game", {"id": "g2"})
            raise RuntimeError("cut")
    except RuntimeError:
        pass
    assert open(path, "rb").read() == before
    assert type(one(_folder(tmp_path).database(path), "game")) is dict
