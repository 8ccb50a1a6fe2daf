"""The store: game lifecycle, crash-safe finishing, export/import, one archive file per finished
game (nothing reads the others), the migration of the old single archive.json, the lock,
concurrent writers, and processes killed at random moments."""

from __future__ import annotations

import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock
from test_storage import faulty

from yams_scorekeeper.errors import StoreBusyError, StoreCorruptError, StoreError
from yams_scorekeeper.storage import AtomicJSONStorage, FileSystem, backup_path
from yams_scorekeeper.store import ENV_VAR, Store, default_store_path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def new_doc(gid="g1", created="2024-05-01T20:00:00+02:00", players=("Alice", "Bob")):
    return {"id": gid, "created": created, "config": {"family": "double", "variant": "force"},
            "events": [], "players": list(players), "family": "double",
            "label": "Double Yams forcé (montant)"}


def summary(gid="g1", date="2024-05-01T21:00:00+02:00", alice=760, bob=655):
    return {"id": gid, "family": "double", "config_key": "double/force-asc",
            "config_label": "Double Yams forcé (montant)", "date": date, "stopped_early": False,
            "players": [{"name": "Alice", "total": alice, "parts": {"suites": alice // 2},
                         "rank": 1 if alice >= bob else 2},
                        {"name": "Bob", "total": bob, "parts": {"suites": bob // 2},
                         "rank": 1 if bob >= alice else 2}]}


def play(store, gid="g1", events=3, **kw):
    store.create_game(new_doc(gid))
    for n in range(events):
        store.append_event(gid, {"n": n})
    return store.finish_game(gid, summary(gid, **kw))


# -- lifecycle ----------------------------------------------------------------------------

def test_game_lifecycle(tmp_path):
    store = Store(tmp_path)
    assert store.games_in_progress() == [] and store.archived_games() == []
    store.create_game(new_doc("g1"))
    assert [store.append_event("g1", {"n": n}) for n in range(3)] == [0, 1, 2]
    doc = store.load_game("g1")
    assert doc["events"] == [{"n": 0}, {"n": 1}, {"n": 2}] and doc["players"] == ["Alice", "Bob"]
    [listed] = store.games_in_progress()
    assert {k: listed[k] for k in ("id", "label", "family", "players", "created", "events",
                                   "finishing")} == {
        "id": "g1", "label": "Double Yams forcé (montant)", "family": "double",
        "players": ["Alice", "Bob"], "created": "2024-05-01T20:00:00+02:00", "events": 3,
        "finishing": False}
    assert listed["updated"]

    store.replace_events("g1", [{"n": 0}])
    assert store.load_game("g1")["events"] == [{"n": 0}]

    broken = store.finish_game("g1", summary("g1"))
    assert {(b["part"], b["player"], b["previous"]) for b in broken} == {
        ("total", "Alice", None), ("suites", "Alice", None)}
    assert store.games_in_progress() == []
    [entry] = store.archived_games()
    assert entry["id"] == "g1" and entry["doc"]["events"] == [{"n": 0}]
    assert entry["summary"] == summary("g1")
    assert store.records()["counted"] == ["g1"]
    assert sorted(os.listdir(tmp_path / "games")) == []       # the game's backups went too

    broken = play(store, "g2", date="2024-05-08T21:00:00+02:00", alice=600, bob=800)
    assert [(b["part"], b["player"], b["previous"]["player"]) for b in broken] == [
        ("total", "Bob", "Alice"), ("suites", "Bob", "Alice")]
    assert [e["id"] for e in store.archived_games(player="bob", since="2024-05-02")] == ["g2"]
    assert [e["id"] for e in store.archived_games(until="2024-05-01")] == ["g1"]
    assert store.archived_games(family="classic") == []


def test_delete_game(tmp_path):
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    store.append_event("g1", {"n": 0})
    store.delete_game("g1")
    assert store.games_in_progress() == [] and os.listdir(tmp_path / "games") == []
    with pytest.raises(StoreError, match="no game in progress"):
        store.delete_game("g1")


def test_ids_must_be_new_and_safe(tmp_path):
    store = Store(tmp_path)
    play(store, "done")
    store.create_game(new_doc("g1"))
    for gid in ("g1", "done"):
        with pytest.raises(StoreError, match="already exists"):
            store.create_game(new_doc(gid))
    for gid in ("../evil", ".hidden", "", "a/b", 7, "x" * 81):
        with pytest.raises(StoreError, match="invalid game id"):
            store.create_game(new_doc(gid))
    with pytest.raises(StoreError, match="no game in progress with id 'nope'"):
        store.append_event("nope", {})
    with pytest.raises(StoreError, match="no game in progress"):
        store.load_game("nope")


def test_a_bad_summary_finishes_nothing(tmp_path):
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    with pytest.raises(StoreError, match="numeric 'total'"):
        store.finish_game("g1", {**summary("g1"), "players": [{"name": "A", "total": None}]})
    with pytest.raises(StoreError, match="summary is for game 'g2'"):
        store.finish_game("g1", summary("g2"))
    assert store.games_in_progress()[0]["finishing"] is False
    assert store.archived_games() == []


def test_finishing_twice_is_harmless(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    assert store.finish_game("g1", summary("g1")) == []
    assert len(store.archived_games()) == 1


# -- a crash at every step of finish_game -------------------------------------------------

CRASH_POINTS = {
    "marking": ("replace", lambda s: lambda src, dst: dst == os.path.join(s.games_dir, "g1.json")),
    "archive": ("replace", lambda s: lambda src, dst: dst == s.archive_file("g1")),
    "records": ("replace", lambda s: lambda src, dst: dst == s.records_path),
    "removing": ("remove", lambda s: lambda path: path == os.path.join(s.games_dir, "g1.json")),
}


@pytest.mark.parametrize("point", CRASH_POINTS)
@pytest.mark.parametrize("exc", [KeyboardInterrupt(), OSError(5, "Input/output error")],
                         ids=["interrupt", "EIO"])
def test_a_crash_while_finishing_loses_nothing_and_duplicates_nothing(tmp_path, point, exc):
    play(Store(tmp_path), "g0", date="2024-04-01T21:00:00+02:00", alice=700, bob=500)
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    store.append_event("g1", {"n": 0})
    step, when = CRASH_POINTS[point]
    crashing = Store(tmp_path, fs=faulty(step, exc, when(store)))
    with pytest.raises((KeyboardInterrupt, StoreError)):
        crashing.finish_game("g1", summary("g1"))

    in_progress = [g["id"] for g in store.games_in_progress()]
    archived = [e["id"] for e in store.archived_games()]
    assert "g1" in in_progress or "g1" in archived
    assert archived.count("g1") <= 1
    if point != "marking":
        assert store.games_in_progress()[0]["finishing"] is True
        with pytest.raises(StoreError, match="being finished"):
            store.append_event("g1", {"n": 1})

    # the session finishes again with a fresh summary (its date differs)
    store.finish_game("g1", summary("g1", date="2024-05-01T21:05:00+02:00"))
    assert store.games_in_progress() == []
    assert [e["id"] for e in store.archived_games()] == ["g0", "g1"]
    assert store.archived_games()[1]["summary"]["date"] == "2024-05-01T21:05:00+02:00"
    book = store.records()
    assert sorted(book["counted"]) == ["g0", "g1"]
    assert book["configs"]["double/force-asc"]["records"]["total"]["game"] == "g1"


def test_finish_without_summary_completes_a_pending_finish(tmp_path):
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    crashing = Store(tmp_path, fs=faulty("replace", KeyboardInterrupt(),
                                          lambda src, dst: dst == store.archive_file("g1")))
    with pytest.raises(KeyboardInterrupt):
        crashing.finish_game("g1", summary("g1"))
    assert store.finish_game("g1")[0]["value"] == 760
    assert [e["summary"] for e in store.archived_games()] == [summary("g1")]


def test_a_game_finished_elsewhere_with_the_same_id_is_a_conflict(tmp_path):
    store = Store(tmp_path)
    store.import_book({"format": "yams-scorekeeper-book", "version": 1,
                       "games": [{"doc": new_doc("g1", created="2023-01-01"), "summary": summary("g1")}]})
    # the book counts it, so a new game cannot take the id ...
    with pytest.raises(StoreError, match="already exists"):
        store.create_game(new_doc("g1"))
    # ... and a game file that slipped in anyway is not merged into the other game
    other = Store(tmp_path / "other")
    other.create_game(new_doc("g1"))
    os.replace(other.games_dir + "/g1.json", store.games_dir + "/g1.json")
    with pytest.raises(StoreError, match="another game"):
        store.finish_game("g1", summary("g1"))
    assert [g["id"] for g in store.games_in_progress()] == ["g1"]
    assert store.archived_games()[0]["doc"]["created"] == "2023-01-01"


# -- export / import ----------------------------------------------------------------------

def test_export_and_import_are_idempotent_and_recompute_the_records(tmp_path):
    a = Store(tmp_path / "a")
    play(a, "g1", date="2024-05-01T21:00:00+02:00")
    play(a, "g2", date="2024-05-08T21:00:00+02:00", alice=600, bob=800)
    book = a.export_book()
    assert book["format"] == "yams-scorekeeper-book" and book["version"] == 1
    assert [g["doc"]["id"] for g in book["games"]] == ["g1", "g2"]

    b = Store(tmp_path / "b")
    play(b, "g3", date="2024-05-15T21:00:00+02:00", alice=900, bob=100)
    b.create_game(new_doc("g2"))              # same id in progress here: skipped
    assert b.import_book(book) == (1, 1)
    assert b.import_book(book) == (0, 2)
    assert [e["id"] for e in b.archived_games()] == ["g1", "g3"]
    records = b.records()
    assert sorted(records["counted"]) == ["g1", "g3"]
    assert records["configs"]["double/force-asc"]["records"]["total"]["value"] == 900


@pytest.mark.parametrize("data,reason", [
    ([], "wrong 'format'"),
    ({"format": "yams-scorekeeper-book", "version": 2, "games": []}, "unknown version"),
    ({"format": "yams-scorekeeper-book", "version": 1, "games": {}}, "must be a list"),
    ({"format": "yams-scorekeeper-book", "version": 1,
      "games": [{"doc": new_doc("g1"), "summary": summary("g2")}]}, "game 1"),
    ({"format": "yams-scorekeeper-book", "version": 1,
      "games": [{"doc": new_doc("../x"), "summary": summary("../x")}]}, "invalid game id"),
])
def test_a_bad_book_imports_nothing(tmp_path, data, reason):
    store = Store(tmp_path)
    with pytest.raises(StoreError, match=reason):
        store.import_book(data)
    assert store.archived_games() == [] and not os.path.exists(store.archive_dir)
    assert not os.path.exists(store.records_path)


def nth(n: int, when):
    """A ``when`` for :func:`faulty` that is true for the n-th matching call only."""
    calls = []

    def check(*args):
        if when(*args):
            calls.append(args)
            return len(calls) == n
        return False
    return check


def in_archive(store):
    return lambda src, dst: os.path.dirname(dst) == store.archive_dir


IMPORT_CUTS = {   # (step, when): the import of two games cut ...
    "marker": ("replace", lambda s: nth(1, lambda src, dst: dst == s.records_path)),
    "first file": ("replace", lambda s: nth(1, in_archive(s))),
    "second file": ("replace", lambda s: nth(2, in_archive(s))),
    "archive fsync": ("fsync_dir", lambda s: lambda folder: folder == s.archive_dir),
    "recount": ("replace", lambda s: nth(2, lambda src, dst: dst == s.records_path)),
}


@pytest.mark.parametrize("cut", IMPORT_CUTS)
def test_an_import_cut_anywhere_heals_at_the_next_finish(tmp_path, cut):
    source = Store(tmp_path / "src")
    play(source, "old", date="2024-01-01T21:00:00+02:00", alice=990)
    play(source, "older", date="2023-01-01T21:00:00+02:00", alice=500)
    store = Store(tmp_path / "dst")
    play(store, "mine", date="2024-02-01T21:00:00+02:00", alice=700)
    step, when = IMPORT_CUTS[cut]
    cut_store = Store(store.path, fs=faulty(step, KeyboardInterrupt(), when(store)))
    with pytest.raises(KeyboardInterrupt):
        cut_store.import_book(source.export_book())
    archived = [e["id"] for e in store.archived_games()]
    assert len(archived) == len(set(archived)) and "mine" in archived
    assert store.records()["counted"] == ["mine"]
    broken = play(store, "new", date="2024-05-01T21:00:00+02:00", alice=800)
    assert sorted(store.records()["counted"]) == sorted(archived + ["new"])
    holder = "old" if "old" in archived else "new"
    assert store.records()["configs"]["double/force-asc"]["records"]["total"]["game"] == holder
    assert [b["part"] for b in broken] == ([] if holder == "old" else ["total", "suites"])
    assert store.import_book(source.export_book())[0] == 2 - len(set(archived) - {"mine"})
    assert sorted(e["id"] for e in store.archived_games()) == ["mine", "new", "old", "older"]
    assert sorted(store.records()["counted"]) == ["mine", "new", "old", "older"]
    assert not [n for n in os.listdir(store.archive_dir) if n.endswith(".tmp")]


def test_importing_nothing_new_writes_nothing(tmp_path):
    source = Store(tmp_path / "src")
    play(source, "g1")
    store = Store(tmp_path / "dst")
    assert store.import_book(source.export_book()) == (1, 0)
    before = {p: p.read_bytes() for p in Path(store.path).rglob("*") if p.is_file()}
    assert store.import_book(source.export_book()) == (0, 1)
    assert {p: p.read_bytes() for p in Path(store.path).rglob("*") if p.is_file()} == before


# -- one file per finished game: nothing reads the others -----------------------------------

class Recording(FileSystem):
    """A FileSystem that notes the files it reads and the files it writes (replaces)."""

    def __init__(self):
        self.reads, self.writes = [], []

    def read_bytes(self, path):
        self.reads.append(path)
        return super().read_bytes(path)

    def replace(self, src, dst):
        self.writes.append(dst)
        super().replace(src, dst)


def test_finishing_reads_and_writes_only_its_own_files(tmp_path):
    for n in range(5):
        play(Store(tmp_path), f"old{n}", date=f"2024-0{n + 1}-01T21:00:00+02:00")
    fs = Recording()
    store = Store(tmp_path, fs=fs)
    store.create_game(new_doc("g1"))
    assert set(fs.reads) == {os.path.join(store.games_dir, "g1.json")}   # new id: no archive read
    store.append_event("g1", {"n": 0})
    fs.reads.clear(), fs.writes.clear()
    store.finish_game("g1", summary("g1", alice=999))
    mine = {os.path.join(store.games_dir, "g1.json"), store.archive_file("g1"), store.records_path}
    assert set(fs.reads) == mine
    assert {w.split(".bak")[0] for w in fs.writes} == mine        # the files or their backups
    assert fs.writes.count(store.archive_file("g1")) == 2            # the second keeps a .bak1
    assert Path(backup_path(store.archive_file("g1"), 1)).read_bytes() == \
        Path(store.archive_file("g1")).read_bytes()


def test_a_damaged_archive_file_is_reported_and_left_alone(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    play(store, "g2", date="2024-05-08T21:00:00+02:00")
    path = store.archive_file("g1")
    damaged = Path(path).read_bytes()[:-7]
    Path(path).write_bytes(damaged)
    for call in (store.archived_games, store.export_book,
                 lambda: store.import_book(Store(tmp_path / "x").export_book())):
        with pytest.raises(StoreCorruptError) as caught:
            call()
        assert path in str(caught.value)
        assert f"cp {backup_path(path, 1)} {path}" in str(caught.value)

    # finishing another game never reads it, so the game at the table still finishes
    store.create_game(new_doc("g3"))
    store.finish_game("g3", summary("g3", date="2024-05-15T21:00:00+02:00"))
    assert sorted(store.records()["counted"]) == ["g1", "g2", "g3"]
    assert Path(path).read_bytes() == damaged
    with pytest.raises(StoreError, match="already exists"):
        store.create_game(new_doc("g1"))

    shutil.copyfile(backup_path(path, 1), path)           # the advised restore
    assert [e["id"] for e in store.archived_games()] == ["g1", "g2", "g3"]


def test_a_damaged_archive_file_stops_a_finish_that_owes_a_recount(tmp_path):
    store = Store(tmp_path)
    play(store, "g1")
    source = Store(tmp_path / "src")
    play(source, "g2")
    cut = Store(tmp_path, fs=faulty("replace", KeyboardInterrupt(),
                                    nth(2, lambda src, dst: dst == store.records_path)))
    with pytest.raises(KeyboardInterrupt):       # g2 archived, the recount owed
        cut.import_book(source.export_book())
    path = store.archive_file("g1")
    Path(path).write_bytes(b"{}")
    store.create_game(new_doc("g3"))
    with pytest.raises(StoreCorruptError, match="g1.json"):
        store.finish_game("g3", summary("g3"))
    assert store.games_in_progress()[0]["finishing"] is True     # the finish is left pending
    assert Path(path).read_bytes() == b"{}"
    shutil.copyfile(backup_path(path, 1), path)
    store.finish_game("g3")
    assert sorted(store.records()["counted"]) == ["g1", "g2", "g3"]


def test_deleting_a_game_whose_finish_was_cut_after_the_archive_counts_it(tmp_path):
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    cut = Store(tmp_path, fs=faulty("replace", KeyboardInterrupt(),
                                    lambda src, dst: dst == store.records_path))
    with pytest.raises(KeyboardInterrupt):
        cut.finish_game("g1", summary("g1"))
    store.delete_game("g1")
    assert store.games_in_progress() == []
    assert [e["id"] for e in store.archived_games()] == ["g1"]
    assert store.records()["counted"] == ["g1"]


def test_a_damaged_game_file_names_itself(tmp_path):
    store = Store(tmp_path)
    store.create_game(new_doc("g1"))
    store.append_event("g1", {"n": 0})
    path = Path(store.games_dir) / "g1.json"
    path.write_bytes(path.read_bytes().replace(b'"n":0', b'"n":1'))
    with pytest.raises(StoreCorruptError, match="checksum") as caught:
        store.append_event("g1", {"n": 2})
    assert str(path) in str(caught.value) and "g1.json.bak1" in str(caught.value)


# -- where the store lives, the lock ------------------------------------------------------

def test_default_store_path(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "club"))
    assert default_store_path() == str(tmp_path / "club")
    assert Store().path == str(tmp_path / "club")
    assert Store(tmp_path / "arg").path == str(tmp_path / "arg")
    monkeypatch.delenv(ENV_VAR)
    typer = pytest.importorskip("typer")
    assert default_store_path() == typer.get_app_dir("yams-scorekeeper")


def test_a_lock_held_too_long_is_a_quick_busy_error(tmp_path):
    store = Store(tmp_path, timeout=0.2)
    store.create_game(new_doc("g1"))
    with FileLock(store.lock_path):
        start = time.monotonic()
        with pytest.raises(StoreBusyError) as caught:
            store.append_event("g1", {"n": 0})
        assert time.monotonic() - start < 2
    assert str(caught.value) == (f"store busy: another yams command holds {store.lock_path}; "
                                 "try again")
    assert "réessayez" in caught.value.text("fr")
    assert caught.value.exit_code == 5
    assert store.append_event("g1", {"n": 0}) == 0


def _append_many(args):
    folder, worker, count = args
    store = Store(folder, timeout=60)
    return [store.append_event("g", {"id": f"w{worker}-{n}"}) for n in range(count)]


def test_four_processes_append_concurrently_without_loss_or_duplicate(tmp_path):
    store = Store(tmp_path, backups=1)
    store.create_game(new_doc("g"))
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        indices = pool.map(_append_many, [(str(tmp_path), w, 250) for w in range(4)])
    events = store.load_game("g")["events"]
    assert len(events) == 1000
    assert len({e["id"] for e in events}) == 1000
    assert sorted(i for chunk in indices for i in chunk) == list(range(1000))
    for chunk in indices:
        assert chunk == sorted(chunk)


# -- processes killed at random moments ---------------------------------------------------

CHILD = """
import sys
from yams_scorekeeper.store import Store
store, tag = Store(sys.argv[1], backups=2), sys.argv[2]
for n in range(10 ** 6):
    store.append_event("g", {"id": f"{tag}-{n}"})
    sys.stdout.write(f"{tag}-{n}\\n")   # one write, even with PYTHONUNBUFFERED
    sys.stdout.flush()
"""


def kill_at_random(folder: str, tag: str, rng: random.Random) -> list[str]:
    """Run a child that appends and acknowledges; SIGKILL it at a random moment; its acks."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                     os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-c", CHILD, folder, tag], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    acks = []
    for _ in range(rng.randint(0, 6)):
        line = child.stdout.readline()
        if not line:
            break
        if line.endswith("\n"):
            acks.append(line.strip())
    time.sleep(rng.uniform(0, 0.004))
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, err
    # only whole lines are acknowledgements: the child may die in the middle of one
    return acks + [line.strip() for line in out.splitlines(keepends=True) if line.endswith("\n")]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("seed", range(3))
def test_killed_writers_never_lose_an_acknowledged_event(tmp_path, seed):
    rng = random.Random(seed)
    store = Store(tmp_path, backups=2)
    store.create_game(new_doc("g"))
    acked: list[str] = []
    for kill in range(12):
        acked += kill_at_random(str(tmp_path), f"s{seed}k{kill}", rng)
        ids = [e["id"] for e in Store(tmp_path).load_game("g")["events"]]
        assert len(ids) == len(set(ids))
        assert set(acked) <= set(ids)
    assert acked, "the children never got to append"
    assert not [n for n in os.listdir(store.games_dir) if n.endswith(".tmp")]
