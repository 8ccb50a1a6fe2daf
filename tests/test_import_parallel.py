"""An import checked on several processes (:mod:`yams_scorekeeper.store.import_check`) does what
one process does: the same archive, index and records; the first bad game refused, whole.

The books here are small (a few dozen games, replays of three random games under new ids);
the threshold and chunk size are lowered so that they take the parallel path."""

from __future__ import annotations

import io
import json
import os
import random
import sys
from pathlib import Path

import pytest

from yams_scorekeeper.api import check_summary, import_book
from yams_scorekeeper.base.errors import StoreError, YamsError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.store import BOOK_FORMAT, BOOK_VERSION, Store, import_check

pytestmark = pytest.mark.skipif(not import_check.can_fork(), reason="no fork here")


def _distinct() -> list[dict]:
    rng = random.Random(12)
    out = []
    for n, config in enumerate([make_config("duel", ["Alice", "Bruno"]),
                                make_config("gaby", ["Zoé"]),
                                make_config("double", ["Alice", "Chloé"])]):
        game = play_random_game(config, rng)
        game.id, game.created = f"base{n}", f"2024-0{n + 1}-01T20:00:00+00:00"
        summary = {**game.summary(), "date": f"2024-0{n + 1}-01T21:00:00+00:00"}
        out.append({"doc": game.to_doc(), "summary": summary})
    return out


DISTINCT = _distinct()


def book_of(count: int) -> list[dict]:
    """``count`` games: the distinct ones again and again, each under its own id and date."""
    games = []
    for n in range(count):
        base = DISTINCT[n % len(DISTINCT)]
        game_id, day = f"g{n:03d}", f"2023-{n % 12 + 1:02d}-{n % 28 + 1:02d}"
        games.append({"doc": {**base["doc"], "id": game_id, "created": f"{day}T20:00:00+00:00"},
                      "summary": {**base["summary"], "id": game_id,
                                  "date": f"{day}T21:{n % 60:02d}:00+00:00"}})
    return games


def text_of(games: list) -> str:
    return json.dumps({"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": games})


def imported(path: Path, text: str, jobs: int) -> tuple[tuple[int, int], Store]:
    store = Store(path)
    original = store.import_games
    store.import_games = lambda games, check: original(games, check, jobs=jobs)
    return import_book(store, io.StringIO(text), name="book.json"), store


def files_of(store: Store) -> dict[str, bytes]:
    return {name: (Path(store.archive_dir) / name).read_bytes()
            for name in sorted(os.listdir(store.archive_dir))}


def test_the_parallel_path_gives_what_one_process_gives(tmp_path, small_parallel, monkeypatch):
    games = book_of(20)
    games[7]["summary"] = {**games[7]["summary"], "config_label": "forged label"}  # replaced
    text = text_of(games + [games[3]])        # a game twice: the second is skipped
    used = []
    real = import_check._parallel
    monkeypatch.setattr(import_check, "_parallel", lambda *a: used.append(1) or real(*a))
    one, serial = imported(tmp_path / "one", text, jobs=1)
    assert not used
    two, parallel = imported(tmp_path / "two", text, jobs=2)
    assert used
    assert one == two == (20, 1)
    assert files_of(serial) == files_of(parallel)
    assert serial.records() == parallel.records()
    assert serial.archived_games() == parallel.archived_games()
    assert [e["summary"]["config_label"] for e in parallel.archived_games()
            if e["id"] == "g007"] == [DISTINCT[7 % 3]["summary"]["config_label"]]
    # again: every game is there, skipped, nothing written
    before = files_of(parallel)
    assert imported(tmp_path / "two", text, jobs=2)[0] == (0, 21)
    assert files_of(parallel) == before


def _forged_total(game: dict) -> None:
    game["summary"] = json.loads(json.dumps(game["summary"]))
    game["summary"]["players"][0]["total"] += 1


def _forged_event(game: dict) -> None:
    game["doc"] = json.loads(json.dumps(game["doc"]))
    mark = next(e for e in game["doc"]["events"] if e["type"] == "mark")
    mark["cells"][0]["row"] = "no-such-row"


@pytest.mark.parametrize("forge", [_forged_total, _forged_event], ids=["summary", "event"])
def test_a_forged_game_in_the_middle_refuses_the_whole_book(tmp_path, small_parallel, forge):
    games = book_of(30)
    forge(games[17])
    forge(games[25])                          # a later bad game: the first one is reported
    with pytest.raises(StoreError, match="g017") as refused:
        imported(tmp_path / "db", text_of(games), jobs=2)
    assert "g025" not in str(refused.value)
    store = Store(tmp_path / "db")
    assert store.archived_games() == [] and store.records()["counted"] == []
    assert not os.listdir(store.archive_dir) if os.path.isdir(store.archive_dir) else True


def test_the_same_error_as_one_process(tmp_path, small_parallel):
    games = book_of(12)
    _forged_total(games[9])
    errors = []
    for jobs in (1, 2):
        with pytest.raises(StoreError) as refused:
            imported(tmp_path / f"db{jobs}", text_of(games), jobs=jobs)
        errors.append((type(refused.value), refused.value.en, refused.value.fr))
    assert errors[0] == errors[1]


def test_a_book_cut_after_a_bad_game_reports_the_bad_game(tmp_path, small_parallel):
    games = book_of(20)
    _forged_total(games[4])
    cut = text_of(games)[:-2000]              # stops being JSON near the end
    with pytest.raises(StoreError, match="g004"):
        imported(tmp_path / "db", cut, jobs=2)
    with pytest.raises(StoreError, match="is not JSON"):
        imported(tmp_path / "db", text_of(book_of(20))[:-2000], jobs=2)
    assert Store(tmp_path / "db").archived_games() == []


def test_a_game_skipped_by_id_is_still_checked_for_shape(tmp_path, small_parallel):
    games = book_of(12)
    assert imported(tmp_path / "db", text_of(games), jobs=2)[0] == (12, 0)
    games[8] = {**games[8], "summary": {**games[8]["summary"], "players": "x"}}
    with pytest.raises(StoreError, match=r"games\[8\]"):
        imported(tmp_path / "db", text_of(games), jobs=2)


def test_a_check_that_cannot_travel_runs_here(tmp_path, small_parallel):
    seen = []

    def check(doc, summary):                  # a local function: not sent to a worker
        seen.append(os.getpid())
        return check_summary(doc, summary)

    store = Store(tmp_path / "db")
    assert store.import_games(book_of(10), check, jobs=2) == (10, 0)
    assert set(seen) == {os.getpid()}


def test_a_refused_game_comes_back_whole_from_a_worker():
    games = book_of(1)
    _forged_total(games[0])
    [result] = import_check.check_chunk([(1, json.dumps(games[0]), None, True)], check_summary)
    error = result.error()
    assert isinstance(error, StoreError) and "g000" in error.en and "g000" in error.fr
    assert error.exit_code == 4


def _fd_closed_in_worker(fd: int) -> None:
    import_check._worker_start(fd)
    try:
        os.fstat(fd)
    except OSError:
        os._exit(0)
    os._exit(1)


def test_workers_let_go_of_the_store_lock(tmp_path):
    import multiprocessing

    fd = os.open(tmp_path / "store.lock", os.O_RDWR | os.O_CREAT)
    try:
        child = multiprocessing.get_context("fork").Process(target=_fd_closed_in_worker,
                                                            args=(fd,))
        child.start()
        child.join(30)
        assert child.exitcode == 0
        os.fstat(fd)                          # still open here
    finally:
        os.close(fd)


def test_verdicts_come_back_in_file_order(small_parallel):
    games = book_of(40)
    claimed = []

    def claim(game_id):
        claimed.append(game_id)
        return True

    entries = list(import_check.checked_games(games, check_summary, claim, jobs=2))
    assert [e.id for e in entries] == [g["summary"]["id"] for g in games] == claimed
    _forged_total(games[10])
    _forged_total(games[12])                  # in the next chunk, checked at the same time
    with pytest.raises(StoreError, match="g010"):
        list(import_check.checked_games(games, check_summary, lambda game_id: True, jobs=2))


# -- what a replay remembers across games -------------------------------------------------------

def test_rule_sets_of_one_configuration_share_what_they_remember():
    from yams_scorekeeper.rules import get_rules

    def memo(rules):
        return rules.memos.of(rules)

    one, two = get_rules("classic"), get_rules("classic")
    assert one is not two and memo(one) is memo(two)
    house = get_rules("classic", {"bonus": 40})
    assert memo(house) is not memo(one)
    assert memo(get_rules("double")) is not memo(get_rules("double", {"pool": 150}))


@pytest.mark.parametrize("family", ["classic", "gaby", "duel"])
def test_remembered_scores_are_the_rules_scores(family):
    from yams_scorekeeper.rules import get_rules

    rng = random.Random(family)
    for _ in range(3):
        play_random_game(make_config(family, ["Alice", "Bruno"]), rng)
    rules = get_rules(family)
    memo = rules.memos.of(rules)
    figures, throws = memo.scores, memo.throws
    assert rules.remembers_throws and len(figures) > 50
    for (row, dice, roll), figure in figures.items():
        fresh = rules.score_row(row, dice, roll)
        assert (figure, figure.factors, figure.detail) == (fresh, fresh.factors, fresh.detail)
    assert len(throws) > 20
    for stored, (dice, text) in throws.items():
        assert dice == rules.parse_dice(list(stored))
        assert text == tuple(str(d) for d in dice)


def _outcome(call):
    try:
        return call()
    except YamsError as err:
        return type(err), err.en


@pytest.mark.parametrize("entry", [[1, 2, 3, 4, 5], [1.0, 2.0, 3.0, 4.0, 5.0],
                                   [True, True, True, True, True], ["1", "2", "3", "4", ["5"]],
                                   "12345", ["1", "2", "3", "4"]])
def test_only_stored_throws_are_remembered(entry):
    from yams_scorekeeper.rules import get_rules

    rules = get_rules("classic")
    rules.read_throw(["1", "2", "3", "4", "5"])            # remembered
    rules.read_throw(["1", "1", "1", "1", "1"])
    assert _outcome(lambda: rules.read_throw(entry)[0]) == _outcome(
        lambda: rules.parse_dice(entry))
    assert all(all(type(d) is str for d in key) for key in rules.memos.of(rules).throws)


WORKERS_OF_A_KILLED_IMPORT = """
import time
from yams_scorekeeper.store import import_check

pool = import_check.worker_pool(2)
list(pool.map(abs, [0, 0]))                 # the workers are started
print(*[p.pid for p in pool._processes.values()], flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_workers_of_a_killed_import_die_with_it():
    import signal
    import subprocess
    import time

    child = subprocess.Popen([sys.executable, "-c", WORKERS_OF_A_KILLED_IMPORT],
                             stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in child.stdout.readline().split()]
        assert len(workers) == 2 and all(os.path.exists(f"/proc/{pid}") for pid in workers)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_running(pid) for pid in workers):
        time.sleep(0.05)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:                          # not left behind by a failing test
        os.kill(pid, signal.SIGKILL)
    assert not left


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
