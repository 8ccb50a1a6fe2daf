"""The archive is the truth (issue 26, item 1): the summaries index is derived data, checked
before it is believed, and ``yams check`` verifies the whole store and repairs what is
derived. Every command that reads the index is tried on a forged one."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest
from helpers import ok, run
from test_correction_atomic import _amended_event
from test_reopen import one_day_a_game, two_games  # noqa: F401

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.folder import one, set_one
from yams_scorekeeper.store.session import TableSession
from yams_scorekeeper.store.summary_index import INDEX_FILE, row_sum


def _store(tmp_path) -> tuple[str, str]:
    db = str(tmp_path / "store")
    game_id = two_games(Store(db))
    return db, game_id


def _forge(db: str, digest: bool = False, players: bool = True) -> None:
    """Add 1000 to every player's total in the index (what a hand edit or a stray write
    does); ``digest``: the row's digest made to match too."""
    index = sqlite3.connect(os.path.join(db, INDEX_FILE))
    for row in index.execute("SELECT id, date, family, config_key, stopped, summary, "
                             "archive_sha FROM games").fetchall():
        summary = json.loads(row[5])
        for player in summary["players"]:
            player["total"] += 1000
        text = json.dumps(summary, separators=(",", ":"), ensure_ascii=False)
        new = (*row[:5], text)
        index.execute("UPDATE games SET summary=?, row_sum=? WHERE id=?",
                      (text, row_sum(new, row[6]) if digest else "0" * 32, row[0]))
    if players:
        index.execute("UPDATE players SET total=total+1000")
    index.commit()
    index.close()


def _totals(db: str) -> list[list[int]]:
    data = json.loads(ok(db, "history", "--json").stdout)
    return [[p["total"] for p in game["players"]] for game in data["games"]]


def _best(db: str, *args: str) -> int:
    data = json.loads(ok(db, "records", *args, "--json").stdout)
    (config,) = data["configs"].values()
    return config["records"]["total"]["value"]


def test_a_forged_index_never_reaches_history_records_stats_or_export(tmp_path):
    db, _ = _store(tmp_path)
    truth = (_totals(db), _best(db), ok(db, "stats", "Ana", "--json").stdout,
             ok(db, "export", "-").stdout)
    _forge(db)
    history = run(db, "history", "--json")
    assert history.exit_code == 0 and "rebuilt from the archive" in history.stderr
    assert _totals(db) == truth[0]
    _forge(db)
    assert _best(db, "--rebuild") == truth[1] == 62
    _forge(db)
    assert ok(db, "export", "-").stdout == truth[3]
    _forge(db)                   # a history first: the rows it reads fail their digest
    assert ok(db, "stats", "Ana", "--json").stdout == truth[2]


def test_records_rebuild_recounts_from_the_archive_even_when_the_digests_match(tmp_path):
    """An index forged with its digests recomputed: 'records --rebuild' reads every archive
    file and writes the archive's record, and 'yams check' puts every row right."""
    db, _ = _store(tmp_path)
    truth, best = _totals(db), _best(db)
    _forge(db, digest=True)
    assert _best(db, "--rebuild") == best
    _forge(db, digest=True)
    result = run(db, "check")
    assert result.exit_code == 1 and result.stdout.count("differed from its archive file") == 2
    assert _totals(db) == truth and ok(db, "check").stdout == "The store is sound.\n"


@pytest.mark.parametrize("kind", ["folder", "garbage", "foreign", "empty"])
def test_an_index_that_is_no_index_of_this_store_makes_reads_fall_back(tmp_path, kind):
    db, _ = _store(tmp_path)
    truth, stats = _totals(db), ok(db, "stats", "Bob", "--json").stdout
    path = os.path.join(db, INDEX_FILE)
    os.remove(path)
    if kind == "folder":
        os.mkdir(path)
        open(os.path.join(path, "x"), "w").close()
    elif kind == "garbage":
        with open(path, "wb") as handle:
            handle.write(b"SQLite format 3\0" + os.urandom(4000))
    elif kind == "empty":
        open(path, "w").close()
    else:                       # the index of another store, of the same schema
        other = str(tmp_path / "other")
        two_games(Store(other))
        ok(other, "history")
        shutil.copy(os.path.join(other, INDEX_FILE), path)
    assert _totals(db) == truth
    assert ok(db, "stats", "Bob", "--json").stdout == stats
    check = run(db, "check")
    assert check.exit_code == (2 if kind == "folder" else 0), check.stdout
    if kind == "folder":
        assert "cannot be used" in check.stdout and "NOT repaired" in check.stdout


def test_yams_play_never_says_archived_when_the_index_is_a_folder(tmp_path):
    """The finish reads the index: a folder in its place gives an index of the run's own,
    and the game is archived for real before the table says so."""
    from test_reopen import duel

    db = str(tmp_path / "store")
    store = Store(db)
    duel(store, {"Bob": "66666"})
    shutil.rmtree(db + "/" + INDEX_FILE, ignore_errors=True)
    os.remove(os.path.join(db, INDEX_FILE)) if os.path.isfile(os.path.join(db, INDEX_FILE)) \
        else None
    os.mkdir(os.path.join(db, INDEX_FILE))
    open(os.path.join(db, INDEX_FILE, "x"), "w").close()
    session = duel(Store(db), {"Ana": "55555"}, players=("Bob", "Ana"))
    assert session.game.id in Store(db).archived_ids()
    assert Store(db).games_in_progress() == []


def _cut_correction(db: str, game_id: str) -> None:
    """What an earlier version left when killed mid-correction: the corrected game in
    progress, full, its archive file gone."""
    store = Store(db)
    reopened = TableSession.reopen(store, game_id, {"type": "undo"})
    doc = store.load_game(game_id)
    doc["events"] = doc["events"][:-1] + [_amended_event(reopened)]
    with store.access.locked(), store.folder.open(store.folder.game_path(game_id)) as handle:
        set_one(handle, "game", doc)


PROBLEMS = {
    "forged index": (lambda db, gid: _forge(db), "differed from its archive file"),
    "removed index": (lambda db, gid: os.remove(os.path.join(db, INDEX_FILE)),
                      "summaries index was missing"),
    "damaged records book": (lambda db, gid: open(os.path.join(db, "records.json"), "a").write(
        " "), "records.json could not be read"),
    "records book of another count": (
        lambda db, gid: _other_book(db), "differed from a count of the archive"),
    "game cut mid-correction": (_cut_correction, "was full but in progress"),
}


def _other_book(db: str) -> None:
    """A records.json of the right shape and checksum that counts a game less."""
    store = Store(db)
    with store.access.locked(), store.folder.open(store.records_path) as handle:
        book = one(handle, "book")
        from yams_scorekeeper.book import records

        set_one(handle, "book", records.recompute(
            e["summary"] for e in store.archived_games()[:1]))
        assert book != one(handle, "book")


@pytest.mark.parametrize("problem", PROBLEMS)
def test_yams_check_reports_each_problem_and_repairs_it(tmp_path, problem):
    db, game_id = _store(tmp_path)
    make, said = PROBLEMS[problem]
    make(db, game_id)
    result = run(db, "check")
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert said in result.stdout and "(repaired)" in result.stdout
    assert result.stdout.splitlines()[-1].endswith("found, all repaired.")
    again = run(db, "check")
    assert (again.exit_code, again.stdout) == (0, "The store is sound.\n")
    assert sorted(s["id"] for s in Store(db).summaries()) == Store(db).archived_ids()
    assert game_id in Store(db).archived_ids() and len(_totals(db)) == 2


def test_yams_check_on_a_store_with_every_problem_at_once(tmp_path):
    db, game_id = _store(tmp_path)
    for name in ("game cut mid-correction", "forged index", "damaged records book"):
        PROBLEMS[name][0](db, game_id)
    result = run(db, "check", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["exit"] == 1 and all(f["repaired"] for f in data["findings"])
    parts = {f["part"] for f in data["findings"]}
    assert parts == {"index", "records", "games"}, data
    assert run(db, "verifier").exit_code == 0           # the French name


def test_yams_check_names_a_damaged_archive_file_and_exits_2(tmp_path):
    db, game_id = _store(tmp_path)
    path = Store(db).folder.archive_file(game_id)
    with open(path, "r+b") as handle:
        handle.seek(200)
        handle.write(b"#")
    result = run(db, "check")
    assert result.exit_code == 2
    assert "archive: cannot read" in result.stdout and "NOT repaired" in result.stdout
    assert os.path.exists(path)                          # left for the user to restore
