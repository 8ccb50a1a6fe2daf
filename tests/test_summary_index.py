"""The summaries index (index.sqlite): derived from the archive, rebuilt identically, repaired
after a crash between the archive write and the index write, and read instead of the archive by
the history, the statistics, the records and the filters."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_store import new_doc, play, summary

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.archive import Archive
from yams_scorekeeper.store.summary_index import INDEX_FILE, SCHEMA, SummaryIndex

ROOT = Path(__file__).resolve().parent.parent


def small_book(path) -> Store:
    store = Store(path)
    play(store, "g1")
    play(store, "g2", date="2024-05-08T21:00:00+02:00", alice=600, bob=700)
    source = Store(Path(path).parent / (Path(path).name + "-src"))
    play(source, "g3", date="2024-06-01T21:00:00+02:00", alice=800, bob=100)
    play(source, "g4", date="2023-01-01T21:00:00+02:00")
    assert store.import_book(source.export_book()) == (2, 0)
    return store


def ids(store, **kw) -> list[str]:
    return [s["id"] for s in store.summaries(**kw)]


def test_the_index_rebuilt_from_the_archive_is_identical(tmp_path):
    store = small_book(tmp_path / "s")
    rows = store.index_rows()
    assert [r[0] for r in rows[:4]] == ["g1", "g2", "g3", "g4"] and len(rows) == 4 + 8
    store.rebuild_index()
    assert store.index_rows() == rows
    os.remove(os.path.join(store.path, INDEX_FILE))               # missing: rebuilt
    assert Store(store.path).index_rows() == rows
    Path(store.path, INDEX_FILE).write_bytes(b"not a database at all" * 100)   # unreadable
    assert Store(store.path).index_rows() == rows
    assert ids(Store(store.path)) == ["g4", "g1", "g2", "g3"]


FINISH_CUT = """
import os, sys
sys.path.insert(0, {tests!r})
from test_store import new_doc, summary
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.summary_index import SummaryIndex
store = Store(sys.argv[1])
store.create_game(new_doc("cut"))
def die(self, *args, **kw):
    os._exit(9)                      # killed after the archive write, before the index write
SummaryIndex.put = die
store.finish_game("cut", summary("cut", date="2024-07-01T21:00:00+02:00", alice=900))
"""


@pytest.mark.parametrize("same_mtime", [False, True])
def test_a_process_killed_between_archive_and_index_is_repaired_by_the_next_command(
        tmp_path, same_mtime):
    store = small_book(tmp_path / "s")
    archive_mtime = os.stat(store.archive_dir).st_mtime_ns
    child = subprocess.run([sys.executable, "-c", FINISH_CUT.format(tests=str(ROOT / "tests")),
                            store.path], capture_output=True, text=True)
    assert child.returncode == 9, child.stderr
    assert os.path.exists(store.folder.archive_file("cut"))
    assert [g["id"] for g in store.games_in_progress()] == ["cut"]
    if same_mtime:   # a coarse clock: the folder's time alone cannot tell the index is behind
        os.utime(store.archive_dir, ns=(archive_mtime, archive_mtime))
    again = Store(store.path)
    assert ids(again, newest_first=True, limit=1) == ["cut"]        # the next command sees it
    assert ids(again, player="alice", since="2024-07") == ["cut"]
    again.finish_game("cut")                                         # completes the finish
    assert again.games_in_progress() == [] and "cut" in again.records()["counted"]
    rebuilt = Store(store.path)
    rows = rebuilt.index_rows()
    rebuilt.rebuild_index()
    assert rebuilt.index_rows() == rows


def test_an_import_cut_in_the_middle_leaves_a_stale_index_that_is_resynced(tmp_path, monkeypatch):
    store = Store(tmp_path / "s")
    play(store, "g1")
    source = Store(tmp_path / "src")
    for n in range(5):
        play(source, f"i{n}", date=f"2024-06-0{n + 1}T21:00:00+02:00")
    book = source.export_book()
    real_add = SummaryIndex.add

    def cut(self, rows):
        rows = list(rows)
        if rows:
            raise KeyboardInterrupt           # the archive files of the batch are written
        real_add(self, rows)

    monkeypatch.setattr(SummaryIndex, "add", cut)
    with pytest.raises(KeyboardInterrupt):
        Store(store.path).import_book(book)
    monkeypatch.setattr(SummaryIndex, "add", real_add)
    assert len(os.listdir(store.archive_dir)) > 2
    again = Store(store.path)
    assert sorted(ids(again)) == ["g1", "i0", "i1", "i2", "i3", "i4"]
    assert sorted(again.records()["counted"]) == ["g1", "i0", "i1", "i2", "i3", "i4"]


def test_archive_files_changed_by_hand_are_seen(tmp_path):
    store = small_book(tmp_path / "s")
    assert len(ids(store)) == 4
    os.remove(store.folder.archive_file("g3"))
    assert ids(Store(store.path)) == ["g4", "g1", "g2"]
    other = Store(tmp_path / "o")
    play(other, "h1", date="2025-01-01T21:00:00+02:00")
    shutil.copyfile(other.folder.archive_file("h1"), store.folder.archive_file("h1"))
    assert ids(Store(store.path), newest_first=True, limit=1) == ["h1"]


def test_history_stats_records_and_filters_never_read_the_game_files(tmp_path, monkeypatch):
    store = small_book(tmp_path / "s")
    store.summaries()                                                 # in step

    real_read = Archive.read

    def no(self, game_id):
        if game_id != "g5":                          # a finish reads its own file only
            raise AssertionError(f"the archive file of {game_id} was read")
        return real_read(self, game_id)

    monkeypatch.setattr(Archive, "read", no)
    fresh = Store(store.path)
    assert ids(fresh, player="BOB", family="double", since="2024-05-02", until="2024-06") == [
        "g2", "g3"]
    assert ids(fresh, newest_first=True, limit=2, offset=1) == ["g2", "g1"]
    assert fresh.count_summaries(player="alice") == 4
    # a player's pages come from the player's rows: the same as the pages of every game here
    assert ids(fresh, player="ALICE", newest_first=True, limit=2, offset=1) == ["g2", "g1"]
    assert ids(fresh, player="alice", limit=3, offset=2) == ["g2", "g3"]
    assert fresh.count_summaries(player="bob", family="double", since="2024-05-02") == 2
    assert fresh.count_summaries(player="bob", family="gaby") == 0
    assert fresh.count_summaries(family="double", until="2024-05") == 3
    rows, labels = fresh.player_rows("alice")
    assert [r[0] for r in rows] == ["g4", "g1", "g2", "g3"]
    assert labels == {"double/force-asc": "Double Yams forcé (montant)"}
    assert len(fresh.pair_rows("Alice", "bob")) == 4
    assert len(fresh.records()["counted"]) == 4
    fresh.create_game(new_doc("g5"))
    fresh.finish_game("g5", summary("g5", date="2024-08-01T21:00:00+02:00"))
    assert ids(Store(store.path), newest_first=True, limit=1) == ["g5"]


def test_a_game_of_two_names_that_fold_alike_is_one_game_of_that_player(tmp_path):
    store = Store(tmp_path / "s")
    store.create_game(new_doc("g1", players=("Strauß", "Strauss")))
    done = summary("g1")
    done["players"][0]["name"], done["players"][1]["name"] = "Strauß", "Strauss"
    store.finish_game("g1", done)
    play(store, "g2", date="2024-06-01T21:00:00+02:00")
    assert ids(store, player="strauss") == ["g1"]
    assert ids(store, player="STRAUSS", newest_first=True, limit=5) == ["g1"]
    assert store.count_summaries(player="strauss") == 1


def test_an_index_made_before_the_later_indexes_gets_them_without_a_rebuild(tmp_path,
                                                                            monkeypatch):
    import sqlite3

    store = small_book(tmp_path / "s")
    rows = store.index_rows()
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    db.execute("DROP INDEX games_by_config")
    db.execute("DROP INDEX games_by_family")
    db.commit()
    db.close()

    def no(self, game_id):
        raise AssertionError(f"the archive file of {game_id} was read (a rebuild)")

    monkeypatch.setattr(Archive, "read", no)
    fresh = Store(store.path)
    assert fresh.player_rows("alice")[1] == {"double/force-asc": "Double Yams forcé (montant)"}
    assert fresh.index_rows() == rows
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    plan = db.execute("EXPLAIN QUERY PLAN SELECT summary FROM games WHERE config_key=? "
                      "ORDER BY date DESC, id DESC LIMIT 1", ("x",)).fetchall()
    db.close()
    assert "games_by_config" in str(plan)      # the labels: one seek, not a scan of the games
    db = sqlite3.connect(os.path.join(store.path, INDEX_FILE))
    plan = db.execute("EXPLAIN QUERY PLAN SELECT count(*) FROM games g WHERE g.family=? "
                      "AND g.date>=?", ("x", "2024")).fetchall()
    db.close()
    assert "games_by_family" in str(plan)      # --rules: a range of one index


def test_an_index_of_schema_3_is_built_again_with_its_sheets_in_the_order_they_come(tmp_path):
    """Schema 4 keeps the sheets (2 KB rows) in a table of their own order with an index by
    game and seat; an index file of schema 3 (the rows kept in the order of their game ids) is
    rebuilt from the archive, to the same rows."""
    import sqlite3

    store = small_book(tmp_path / "s")
    rows = store.index_rows()
    path = os.path.join(store.path, INDEX_FILE)
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value=3 WHERE key='schema'")
    db.commit()
    db.close()
    assert Store(store.path).index_rows() == rows
    db = sqlite3.connect(path)
    schema = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
    table = db.execute("SELECT sql FROM sqlite_master WHERE name='sheets'").fetchone()[0]
    plan = db.execute("EXPLAIN QUERY PLAN SELECT sheet FROM sheets WHERE game=? AND seat=?",
                      ("g1", 0)).fetchall()
    db.close()
    assert schema == SCHEMA and "WITHOUT ROWID" not in table and "sheets_by_game" in str(plan)


def test_an_index_with_the_old_game_index_gets_the_covering_one_in_place(tmp_path):
    """players_by_game(game, seat) gave way to players_by_game_names(game, seat, name, rank):
    an index file that has the old one gets the new one when opened (no rebuild: the rows
    stay), and the companions of ``stats NAME`` read no table row."""
    import sqlite3

    store = small_book(tmp_path / "s")
    before = store.companions("Alice", [])
    rows = store.index_rows()
    path = os.path.join(store.path, INDEX_FILE)
    db = sqlite3.connect(path)
    db.execute("DROP INDEX players_by_game_names")
    db.execute("CREATE INDEX players_by_game ON players(game, seat)")
    db.commit()
    db.close()
    again = Store(store.path)
    assert again.companions("Alice", []) == before and again.index_rows() == rows
    db = sqlite3.connect(path)
    names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    plan = str(db.execute("EXPLAIN QUERY PLAN SELECT q.name, q.rank FROM players p JOIN "
                          "players q ON q.game=p.game AND q.seat<>p.seat WHERE p.folded=?",
                          ("alice",)).fetchall())
    db.close()
    assert "players_by_game_names" in names and "players_by_game" not in names
    assert "COVERING INDEX players_by_game_names" in plan
    assert [(name, games) for name, games, *_ in before] == [("Bob", 4)]
