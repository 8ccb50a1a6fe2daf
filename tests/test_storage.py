"""AtomicJSONStorage: every write step can fail without damage, backups rotate, old schemas
migrate, and a damaged file is always reported as StoreCorruptError and never written over."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tinydb import TinyDB

from yams_scorekeeper.base.errors import StoreCorruptError, StoreError
from yams_scorekeeper.store.files import (
    MIGRATIONS,
    SCHEMA,
    AtomicJSONStorage,
    FileSystem,
    backup_path,
    decode,
    encode,
)

DATA = Path(__file__).parent / "data"

STATE_A = {"games": {"1": {"id": "a", "events": [{"row": "1", "score": 3}]}}}
STATE_B = {"games": {"1": {"id": "a", "events": [{"row": "1", "score": 3}]},
                     "2": {"id": "b", "events": [], "name": "Zoé"}}}


def faulty(step: str, exc: BaseException, when=lambda *args: True) -> FileSystem:
    """A FileSystem whose ``step`` raises ``exc`` when ``when(*args)`` is true."""
    real = getattr(FileSystem, step)

    def broken(self, *args):
        if when(*args):
            raise exc
        return real(self, *args)

    return type("Faulty", (FileSystem,), {step: broken})()


class BytesFS(FileSystem):
    """Reads ``raw`` for any path and refuses every write."""

    def __init__(self, raw: bytes):
        self.raw = raw

    def read_bytes(self, path):
        return self.raw

    def mkstemp(self, folder, prefix):
        raise AssertionError("a damaged file must never be written over")


def stored(path) -> dict:
    """What a fresh storage reads from ``path``."""
    return AtomicJSONStorage(path).read()


def temp_files(folder) -> list[str]:
    return [name for name in os.listdir(folder) if name.endswith(".tmp")]


EXCEPTIONS = [OSError(errno.EIO, os.strerror(errno.EIO)),
              OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)),
              KeyboardInterrupt()]


def _final(path):
    return lambda src, dst: dst == path


# (step, "before" or "after": which state the file must hold, predicate on the call's args)
STEPS = [
    ("mkstemp", "before", None),
    ("write", "before", None),
    ("fsync", "before", None),
    ("link", "before", None),               # keeping the previous version as .bak1
    ("replace", "before", "rotation"),      # moving .bak1 to .bak2
    ("replace", "before", "final"),         # the temporary file over the target
    ("fsync_dir", "after", None),
]


@pytest.mark.parametrize("exc", EXCEPTIONS, ids=["EIO", "ENOSPC", "KeyboardInterrupt"])
@pytest.mark.parametrize("step,expected,which", STEPS,
                         ids=[f"{s}-{w}" if w else s for s, _, w in STEPS])
def test_a_failing_step_leaves_the_old_or_the_new_file(tmp_path, step, expected, which, exc):
    path = str(tmp_path / "store.json")
    AtomicJSONStorage(path).write(STATE_A)
    AtomicJSONStorage(path).write(STATE_A)  # so that .bak1 exists and rotation moves it
    before = Path(path).read_bytes()
    when = {None: lambda *a: True, "final": _final(path),
            "rotation": lambda src, dst: dst.endswith(".bak2")}[which]
    storage = AtomicJSONStorage(path, fs=faulty(step, exc, when))

    expected_error = KeyboardInterrupt if isinstance(exc, KeyboardInterrupt) else StoreError
    with pytest.raises(expected_error) as caught:
        storage.write(STATE_B)

    assert stored(path) == (STATE_A if expected == "before" else STATE_B)
    if expected == "before":
        assert Path(path).read_bytes() == before
        if expected_error is StoreError:
            assert "nothing was changed" in str(caught.value)
            assert "rien n'a été modifié" in caught.value.text("fr")
    assert temp_files(tmp_path) == []
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC and expected == "before":
        assert "disk is full" in str(caught.value)


def test_a_failed_folder_fsync_says_the_change_may_not_be_durable(tmp_path):
    path = str(tmp_path / "store.json")
    with pytest.raises(StoreError, match="could not make sure it reached the disk"):
        AtomicJSONStorage(path, fs=faulty("fsync_dir", EXCEPTIONS[0])).write(STATE_A)


def test_backups_rotate_and_keep_the_previous_versions(tmp_path):
    path = str(tmp_path / "s.json")
    storage = AtomicJSONStorage(path, backups=3)
    for n in range(8):
        storage.write({"t": {"1": {"n": n}}})
    assert stored(path) == {"t": {"1": {"n": 7}}}
    for k, n in ((1, 6), (2, 5), (3, 4)):
        assert stored(backup_path(path, k)) == {"t": {"1": {"n": n}}}
    assert not os.path.exists(backup_path(path, 4))
    assert sorted(os.listdir(tmp_path)) == ["s.json", "s.json.bak1", "s.json.bak2", "s.json.bak3"]


@pytest.mark.parametrize("backups", [0, 1])
def test_few_or_no_backups(tmp_path, backups):
    path = str(tmp_path / "s.json")
    storage = AtomicJSONStorage(path, backups=backups)
    for n in range(3):
        storage.write({"t": {"1": {"n": n}}})
    assert sorted(os.listdir(tmp_path)) == ["s.json"] + ["s.json.bak1"] * backups
    if backups:
        assert stored(backup_path(path, 1)) == {"t": {"1": {"n": 1}}}


def test_tinydb_runs_on_the_storage(tmp_path):
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage, backups=2)
    db.table("games").insert({"id": "x"})
    db.table("games").insert({"id": "y", "nom": "Zoé"})
    games = TinyDB(path, storage=AtomicJSONStorage).table("games").all()
    assert [d["id"] for d in games] == ["x", "y"]
    assert "Zoé" in path.read_text(encoding="utf-8")
    assert decode(path.read_bytes())[1] == SCHEMA


def test_a_missing_file_is_a_new_store_and_bad_data_is_refused_before_any_change(tmp_path):
    path = tmp_path / "s.json"
    assert AtomicJSONStorage(path).read() is None
    with pytest.raises(StoreError, match="nothing was changed"):
        AtomicJSONStorage(path).write({"t": {"1": {"x": object()}}})
    assert not path.exists()


# -- migrations ---------------------------------------------------------------------------

def test_there_is_a_sample_file_and_a_migration_for_every_schema():
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA))
    for version in range(1, SCHEMA + 1):
        meta = json.loads((DATA / f"store_v{version}.json").read_text(encoding="utf-8"))["_meta"]
        assert meta["1"]["schema"] == version


@pytest.mark.parametrize("version", range(1, SCHEMA + 1))
def test_old_files_are_migrated_to_the_current_schema_on_open(tmp_path, version):
    current, _ = decode((DATA / f"store_v{SCHEMA}.json").read_bytes())
    sample = DATA / f"store_v{version}.json"
    path = tmp_path / "archive.json"
    shutil.copy(sample, path)

    assert AtomicJSONStorage(path).read() == current
    assert decode(path.read_bytes()) == (current, SCHEMA)       # rewritten in the current schema
    if version < SCHEMA:
        assert Path(backup_path(str(path), 1)).read_bytes() == sample.read_bytes()
    assert all(entry["id"] == entry["doc"]["id"] for entry in current["games"].values())


def test_a_migration_that_cannot_be_written_leaves_the_old_file(tmp_path):
    sample = DATA / "store_v1.json"
    path = tmp_path / "archive.json"
    shutil.copy(sample, path)
    with pytest.raises(StoreError):
        AtomicJSONStorage(path, fs=faulty("replace", EXCEPTIONS[1])).read()
    assert path.read_bytes() == sample.read_bytes()


# -- corruption ---------------------------------------------------------------------------

def _sample() -> tuple[bytes, dict]:
    tables, _ = decode((DATA / f"store_v{SCHEMA}.json").read_bytes())
    tables["records"] = {"1": {"value": -12.5, "note": "ligne « 1 » barrée", "ok": True, "x": None}}
    return encode(tables), tables


RAW, TABLES = _sample()


def read_raw(raw: bytes):
    return AtomicJSONStorage("/nonexistent/archive.json", fs=BytesFS(raw)).read()


def test_the_file_truncated_at_every_byte_is_refused():
    for cut in range(len(RAW)):
        with pytest.raises(StoreCorruptError):
            read_raw(RAW[:cut])
    assert read_raw(RAW) == TABLES


EDIT = st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, len(RAW) - 1),
                 st.integers(0, 255), st.integers(1, 4))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(EDIT, min_size=1, max_size=4))
def test_any_random_edit_is_refused(edits):
    raw = bytearray(RAW)
    for kind, at, byte, length in edits:
        at = min(at, len(raw))
        if kind == "replace":
            raw[at:at + 1] = bytes([byte])
        elif kind == "insert":
            raw[at:at] = bytes([byte]) * length
        else:
            del raw[at:at + length]
    if bytes(raw) == RAW:
        assert read_raw(RAW) == TABLES
    else:
        with pytest.raises(StoreCorruptError):
            read_raw(bytes(raw))


def test_one_changed_digit_is_caught_by_the_checksum():
    raw = RAW.replace(b'"roll":2', b'"roll":3', 1)
    assert raw != RAW and json.loads(raw)
    with pytest.raises(StoreCorruptError, match="checksum"):
        read_raw(raw)


def test_a_current_file_without_its_checksum_key_is_refused_unread():
    """A schema-3 file whose ``sha256`` was taken out and its content edited: refused, not
    read as a file that carries no checksum."""
    data = json.loads(RAW)
    del data["_meta"]["1"]["sha256"]
    edited = json.dumps(data).replace('"roll": 2', '"roll": 3', 1).encode()
    assert edited != json.dumps(data).encode()
    with pytest.raises(StoreCorruptError, match="exactly the keys"):
        read_raw(edited)


def test_even_a_change_of_layout_is_refused():
    pretty = json.dumps(json.loads(RAW), indent=1, ensure_ascii=False).encode()
    with pytest.raises(StoreCorruptError, match="checksum"):
        read_raw(pretty)


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("[]", "not a JSON object"),
    ('{"games": {}}', "_meta table"),
    ('{"_meta": {"1": {"schema": 9, "sha256": "x"}}}', "newer"),
    (json.dumps({"_meta": {"1": {"schema": SCHEMA + 1, "sha256": "x"}}}), "newer"),  # the edge
    ('{"_meta": {"1": {"schema": "3"}}}', "positive integer"),
    ('{"_meta": {"1": {"schema": 0}}}', "positive integer"),
    ('{"_meta": {"1": {"schema": 1}, "2": {"schema": 1}}}', "exactly one document"),
    ('{"_meta": {"1": {"schema": 2, "sha256": "x"}}}', "exactly the keys"),
    ('{"_meta": {"1": {"schema": 1}}, "t": {"x": {}}}', "bad document id"),
    ('{"_meta": {"1": {"schema": 1}}, "t": {"1": 5}}', "not an object"),
    ('{"_meta": {"1": {"schema": 1}}, "t": []}', "not an object"),
])
def test_wrong_shapes_are_named(text, reason):
    with pytest.raises(StoreCorruptError, match=reason):
        read_raw(text.encode())


def test_bad_utf8_is_corrupt():
    with pytest.raises(StoreCorruptError, match="UTF-8"):
        read_raw(b'{"_meta": "\xff"}')


def test_the_error_names_the_file_its_backups_and_how_to_restore(tmp_path):
    path = str(tmp_path / "archive.json")
    storage = AtomicJSONStorage(path)
    for n in range(3):
        storage.write({"t": {"1": {"n": n}}})
    Path(path).write_bytes(b'{"_meta": {"1": {"schema": 3, "sha2')
    with pytest.raises(StoreCorruptError) as caught:
        TinyDB(path, storage=AtomicJSONStorage).table("t").insert({"n": 9})
    error = caught.value
    assert path in str(error) and "archive.json.bak1, archive.json.bak2" in str(error)
    assert f"cp {backup_path(path, 1)} {path}" in str(error)
    assert "Sauvegardes" in error.text("fr")
    assert f"cp {backup_path(path, 1)} {path}" in error.text("fr")
    assert Path(path).read_bytes() == b'{"_meta": {"1": {"schema": 3, "sha2'   # left alone
    assert stored(backup_path(path, 1)) == {"t": {"1": {"n": 1}}}


def test_an_unreadable_file_without_backup_says_so(tmp_path):
    path = tmp_path / "records.json"
    path.write_bytes(b"{")
    with pytest.raises(StoreCorruptError, match="No backup"):
        AtomicJSONStorage(path).read()
