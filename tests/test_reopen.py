"""Reopening a finished game (issue 11): an undo or an amendment after the last mark takes the
game out of the archive, the record book and the statistics are recounted without it, and
finishing it again archives it again, under the date it was first finished. A crash at any
step leaves the game as before or as after, and the book consistent with the archive."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_storage import faulty

from yams_scorekeeper import records as book_of
from yams_scorekeeper.config import make_config
from yams_scorekeeper.game import Game
from yams_scorekeeper.errors import IllegalMoveError, StoreError
from yams_scorekeeper.session import TableSession
from yams_scorekeeper.store import Store

@pytest.fixture(autouse=True)
def one_day_a_game(monkeypatch):
    """Each summary made is dated a day after the one before (games finished in one second
    would otherwise share a date, and the book orders them by date)."""
    made = iter(range(1, 29))
    real = Game.summary

    def summary(self):
        return {**real(self), "date": f"2024-05-{next(made):02d}T21:00:00+00:00"}

    monkeypatch.setattr(Game, "summary", summary)


ROWS = ("1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
        "grande-suite", "chance", "yam")


def duel(store: Store, last: dict[str, str], players=("Ana", "Bob"),
         chance: dict[str, str] = {}) -> TableSession:
    """A Duel game: every cell scratched with 12345/1, except each player's last cell (yam)
    written with the dice ``last[name]`` and chance with ``chance[name]``."""
    session = TableSession.start(store, make_config("duel", list(players)))
    for row in ROWS:
        for name in players:
            written = {"yam": last, "chance": chance}.get(row, {})
            if name in written:
                session.enter(written[name], 1)
                session.mark(None, row)
            else:
                session.enter("12345", 1)
                session.mark(None, row, scratch=True)
    assert session.game.finished
    return session


def total_record(store: Store) -> dict:
    (config,) = store.records()["configs"].values()
    return config["records"]["total"]


def recounted(store: Store) -> dict:
    """The book recomputed from the archive, to compare with the one kept."""
    return book_of.recompute(e["summary"] for e in store.archived_games())


def test_reopen_amend_lower_and_finish_again_gives_the_record_back(tmp_path):
    """Bob sets the record (50); Ana beats it (50 + 12, a later game); Ana's last cell was a
    slip: the game is reopened, the cell corrected lower, the game finished again: the book,
    the history and the statistics show Ana's new total and Bob as the holder again."""
    store = Store(tmp_path)
    first = duel(store, {"Bob": "66666"})
    second = duel(store, {"Ana": "55555"}, players=("Bob", "Ana"), chance={"Ana": "12333"})
    assert second.broken and second.broken[0]["previous"]["player"] == "Bob"
    assert total_record(store)["player"] == "Ana"
    date = store.archived_games()[1]["summary"]["date"]
    # the slip: undo the last cell, which reopens the game, then write it lower
    second.undo()
    assert not second.game.finished and len(second.game.coups) == 1
    second.undo()                                   # the dice too
    assert [e["id"] for e in store.archived_games()] == [first.game.id]
    assert total_record(store)["player"] == "Bob"
    assert second.game.id in [g["id"] for g in store.games_in_progress()]
    second.enter("55512", 1)
    second.mark(None, "yam")
    assert second.game.finished and store.games_in_progress() == []
    history = book_of.history([e["summary"] for e in store.archived_games()], player="Ana")
    assert [row["total"] for row in history] == [0, 12]
    assert store.archived_games()[1]["summary"]["date"] == date      # first finish date kept
    record = total_record(store)
    assert (record["player"], record["value"], record["game"]) == ("Bob", 50, first.game.id)
    stats = book_of.player_stats([e["summary"] for e in store.archived_games()], "Ana")
    assert stats["best"]["total"] == 12
    assert store.records() == recounted(store)


def test_fix_after_the_last_mark_in_a_later_run(tmp_path):
    """A game finished in an earlier run: an amendment by id reopens it, and since every sheet
    is still full it is archived again at once, its totals changed."""
    store = Store(tmp_path)
    game_id = duel(store, {"Ana": "55555"}).game.id
    session = TableSession.reopen(Store(tmp_path), game_id[:6],
                                  {"type": "amend", "changes": [
                                      {"turn": 25, "new": {"coups": [
                                          {"dice": list("55512"), "roll": 1}]}}]})
    assert session.game.finished
    (entry,) = store.archived_games()
    assert entry["summary"]["players"][0]["total"] == 0
    assert entry["doc"]["events"][-1]["type"] == "amend"
    assert store.records() == recounted(store) and total_record(store)["value"] == 0
    with pytest.raises(IllegalMoveError):           # refused: nothing written
        TableSession.reopen(store, game_id, {"type": "amend", "changes": [
            {"turn": 1, "new": {"cells": [{"row": "yam"}]}}]})
    assert store.games_in_progress() == [] and [e["id"] for e in store.archived_games()] == [
        game_id]
    with pytest.raises(StoreError):
        TableSession.reopen(store, "nope", {"type": "undo"})


def test_a_record_beaten_by_a_later_game_comes_out_right(tmp_path):
    """Ana's 50 (game 1) is beaten by Bob's 50 + 30 (game 2, later); game 1 corrected to
    50 + 30 too: counted in date order, game 1 holds the record again and Bob only ties it."""
    store = Store(tmp_path)
    one = duel(store, {"Ana": "55555"}, players=("Ana", "Cy"))
    duel(store, {"Bob": "66666"}, players=("Bob", "Cy"), chance={"Bob": "66666"})
    assert total_record(store)["game"] != one.game.id
    assert total_record(store)["value"] == 80
    one.amend({23: {"coups": [{"dice": list("66666"), "roll": 1}],              # Ana's chance
                    "cells": [{"column": "grille", "row": "chance"}]}})
    record = total_record(store)
    assert (record["game"], record["player"], record["value"]) == (one.game.id, "Ana", 80)
    assert [t["player"] for t in record["tied"]] == ["Bob"]
    assert store.records() == recounted(store)


STEPS = {                     # a crash at each write of a reopening
    "owing": ("replace", lambda s, gid: lambda src, dst: dst == s.records_path),
    "game file": ("replace", lambda s, gid: lambda src, dst: dst.startswith(s.games_dir)),
    "archive file": ("remove", lambda s, gid: lambda path: path == s.archive_file(gid)),
    "recount": ("replace", lambda s, gid: (lambda n: lambda src, dst: dst == s.records_path
                                           and next(n) == 1)(iter(range(9)))),
}


@pytest.mark.parametrize("point", STEPS)
def test_a_crash_while_reopening_leaves_before_or_after(tmp_path, point):
    store = Store(tmp_path)
    duel(store, {"Bob": "66666"})
    game_id = duel(store, {"Ana": "55555"}, chance={"Ana": "12333"}).game.id
    step, when = STEPS[point]
    crashing = Store(tmp_path, fs=faulty(step, KeyboardInterrupt(), when(store, game_id)))
    with pytest.raises(KeyboardInterrupt):
        TableSession.reopen(crashing, game_id, {"type": "undo"})
    fresh = Store(tmp_path)             # the next command
    in_progress = [g["id"] for g in fresh.games_in_progress()]
    archived = [e["id"] for e in fresh.archived_games()]
    assert (game_id in in_progress) != (game_id in archived)       # before xor after
    assert fresh.records() == recounted(fresh)
    if game_id in in_progress:
        assert total_record(fresh)["player"] == "Bob"
        session = TableSession.resume(fresh, game_id)
        assert not session.game.finished and len(session.game.coups) == 1
        session.mark(None, "yam", scratch=True)
    else:
        assert total_record(fresh)["player"] == "Ana"
    assert total_record(Store(tmp_path))["player"] == "Ana"
    assert os.path.exists(Store(tmp_path).archive_file(game_id))



@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_processes_killed_while_reopening_leave_the_store_consistent():
    """A short run of benchmarks/soak_reopen.py (the long soak is there): a child reopening,
    amending and finishing Duel games is SIGKILLed at random moments; after each kill every
    game is in progress or archived, the book is the recount of the archive, and every
    archived game replays to its summary."""
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "soak_reopen.py"
    done = subprocess.run([sys.executable, str(script), "--kills", "3", "--seed", "5"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "consistent after each" in done.stdout
