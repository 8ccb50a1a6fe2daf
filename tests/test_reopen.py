"""Reopening a finished game (issue 11): an undo or an amendment after the last mark takes the
game out of the archive, the record book and the statistics are recounted without it, and
finishing it again archives it again, under the date it was first finished. A crash at any
step leaves the game as before or as after, and the book consistent with the archive."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import traceback
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_storage import faulty

from yams_scorekeeper.api import check_summary
from yams_scorekeeper.base.errors import IllegalMoveError, StoreError
from yams_scorekeeper.book import records as book_of
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.files import FileSystem
from yams_scorekeeper.store.session import TableSession


@pytest.fixture(autouse=True)
def one_day_a_game(monkeypatch):
    """Each summary made is dated a day after the one before (games finished in one second
    would otherwise share a date, and the book orders them by date)."""
    made = itertools.count(1)
    real = Game.summary

    def summary(self):
        day = datetime(2024, 5, 1, 21, tzinfo=UTC) + timedelta(days=next(made))
        return {**real(self), "date": day.isoformat()}

    monkeypatch.setattr(Game, "summary", summary)


ROWS = ("1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
        "grande-suite", "chance", "yam")


def duel(store: Store, last: dict[str, str], players=("Ana", "Bob"),
         chance: dict[str, str] | None = None) -> TableSession:
    """A Duel game: every cell scratched with 12345/1, except each player's last cell (yam)
    written with the dice ``last[name]`` and chance with ``chance[name]``."""
    session = TableSession.start(store, make_config("duel", list(players)))
    for row in ROWS:
        for name in players:
            written = {"yam": last, "chance": chance or {}}.get(row, {})
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
    "archive file": ("remove", lambda s, gid: lambda path: path == s.folder.archive_file(gid)),
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
    assert os.path.exists(Store(tmp_path).folder.archive_file(game_id))



# -- a kill at every step: the process dies (os._exit, as SIGKILL) at the n-th write ----------

WRITE_STEPS = ("mkstemp", "write", "fsync", "close", "replace", "link", "fsync_dir", "remove")
KILLED = 77     # exit status of a child killed at its step


class NoSync(FileSystem):
    """The file system without its fsyncs: a killed process loses nothing the kernel holds
    (they matter when the machine stops), and they are most of a test's time."""

    def fsync(self, fd: int) -> None:
        pass

    def fsync_dir(self, folder: str) -> None:
        pass


class Steps:
    """Counts the writes of this process: each file-system step of the store (through the
    injected :class:`FileSystem`) and each commit of the summaries index (before and after
    it); at step ``kill_at`` the process dies at once (``os._exit``: no ``finally`` runs, a
    temporary file or a half-done SQLite transaction stays, as after a SIGKILL)."""

    def __init__(self, kill_at: int | None):
        self.kill_at, self.count = kill_at, 0

    def step(self) -> None:
        self.count += 1
        if self.count == self.kill_at:
            os._exit(KILLED)

    def fs(self) -> FileSystem:
        def counted(name):
            real = getattr(NoSync, name)

            def call(fs, *args):
                self.step()
                return real(fs, *args)
            return call

        return type("Killing", (NoSync,), {n: counted(n) for n in WRITE_STEPS})()

    def watch_index_commits(self) -> None:
        """In the child only (it dies): each index transaction's end is a step, before and
        after its COMMIT."""
        from yams_scorekeeper.store import summary_index

        end = summary_index._transaction.__exit__

        def exit_(tx, *exc):
            self.step()
            end(tx, *exc)
            self.step()
        summary_index._transaction.__exit__ = exit_


def run_killed_at(kill_at: int | None, operation: Callable[[Store], Any], folder: Path) -> int:
    """Run ``operation(store)`` on ``folder`` in a forked child that dies at write step
    ``kill_at``; returns ``KILLED``, or 0 when the operation ended before that step."""
    pid = os.fork()
    if pid == 0:                                    # the child: never returns
        code = 3
        try:
            steps = Steps(kill_at)
            steps.watch_index_commits()
            operation(Store(folder, fs=steps.fs()))
            code = 0
        except BaseException:
            os.write(2, traceback.format_exc().encode())
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def events_now(store: Store, game_id: str) -> list[dict]:
    """The events of the game, archived or in progress (an amendment's time left out: two
    runs of it differ there)."""
    for entry in store.archived_games():
        if entry["id"] == game_id:
            events = entry["doc"]["events"]
            break
    else:
        events = store.load_game(game_id)["events"]
    return [{k: v for k, v in e.items() if k != "when"} for e in events]


def check_after_kill(folder: Path, game_id: str, before: list, after: list) -> str:
    """What the next command finds: the game in progress or archived (both only while a
    finish is under way, which ``finish_game`` completes), holding the events of before or
    of after; the book is the recount of the archive; the history lists the archive's games;
    every archived game replays to its summary. Returns where the game is, with which events."""
    store = Store(folder, fs=NoSync())
    progress = {g["id"]: g for g in store.games_in_progress()}
    archived = {e["id"]: e for e in store.archived_games()}
    if game_id in progress and game_id in archived:
        assert progress[game_id]["finishing"], "in progress and archived, not finishing"
        store.finish_game(game_id)
        progress.pop(game_id)
        archived = {e["id"]: e for e in store.archived_games()}
    assert (game_id in progress) != (game_id in archived)
    events = events_now(store, game_id)
    state = "before" if events == before else "after" if events == after else None
    assert state, "the game holds neither the events of before nor those of after"
    where = "archived " if game_id in archived else "in progress "
    consistent(store)
    shown_everywhere(store, game_id, game_id in archived)
    if game_id in progress and TableSession.resume(store, game_id).game.finished:
        assert game_id in store.archived_ids()      # a full game: the next command archives it
        consistent(store)
    return where + state


def consistent(store: Store) -> None:
    """The book is the recount of the archive, the history (the summaries index) lists the
    archive's games, and every archived game replays to its summary."""
    archived = store.archived_games()
    assert store.records() == book_of.recompute(e["summary"] for e in archived)
    assert sorted(s["id"] for s in store.summaries()) == store.archived_ids() == sorted(
        e["id"] for e in archived)
    for entry in archived:
        check_summary(entry["doc"], entry["summary"])


def shown_everywhere(store: Store, game_id: str, archived: bool) -> None:
    """An archived game is in the history, counted by the record book and in each of its
    players' statistics; a game in progress in none of them. Every backup of its archive
    file is the file's own version (issue 26: no ``<id>.json.bak*`` of a version before a
    reopening or a correction is left to restore), and a game in progress has none."""
    history = [s["id"] for s in store.summaries()]
    counted = store.records()["counted"]
    names = ("Ana", "Bob")                          # the players of two_games' game 2
    in_stats = [any(row[0] == game_id for row in store.player_rows(n)[0]) for n in names]
    assert (game_id in history) == (game_id in counted) == archived
    assert in_stats == [archived] * len(names)
    backups = sorted(n for n in os.listdir(store.archive_dir)
                     if n.startswith(game_id + ".json.bak"))
    if not archived:
        assert backups == [], backups
        return
    main = store.folder.archive_file(game_id)
    for name in backups:
        with open(main, "rb") as a, open(os.path.join(store.archive_dir, name), "rb") as b:
            assert a.read() == b.read(), f"{name} is another version than the archive file"


@pytest.fixture
def memory_folder(tmp_path) -> Iterator[Path]:
    """A folder in memory (``/dev/shm``) where there is one: SQLite's fsyncs are most of the
    time of a kill, and a killed process loses nothing the kernel holds."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="yams-kills-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def every_kill(tmp_path: Path, setup: Callable[[Store], str],
               operation: Callable[[Store, str], Any]) -> dict[str, int]:
    """Kill ``operation`` at each of its write steps in turn, on a copy of the store ``setup``
    made (copied with its files' times, which the summaries index compares), and check the
    store after each kill; then run it whole. Returns how often each outcome was found."""
    base = tmp_path / "base"
    game_id = setup(Store(base, fs=NoSync()))
    before = events_now(Store(base, fs=NoSync()), game_id)
    whole = tmp_path / "whole"
    shutil.copytree(base, whole)
    assert run_killed_at(None, lambda store: operation(store, game_id), whole) == 0
    after = events_now(Store(whole, fs=NoSync()), game_id)
    assert after != before
    outcomes: dict[str, int] = {}
    for kill_at in itertools.count(1):
        folder = tmp_path / f"killed-{kill_at}"
        shutil.copytree(base, folder)
        code = run_killed_at(kill_at, lambda store: operation(store, game_id), folder)
        if code == 0:
            break
        assert code == KILLED, f"the operation failed when killed at step {kill_at}"
        outcome = check_after_kill(folder, game_id, before, after)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        shutil.rmtree(folder)
    return outcomes


def two_games(store: Store) -> str:
    """Bob's 50 (game 1), then Ana's 50 + 12 (game 2, the record; Ana plays last): game 2's
    id."""
    duel(store, {"Bob": "66666"})
    return duel(store, {"Ana": "55555"}, players=("Bob", "Ana"), chance={"Ana": "12333"}).game.id


pytestmark_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


@pytestmark_fork
def test_a_kill_at_any_step_of_a_reopening_by_undo_leaves_before_or_after(memory_folder):
    """Undo after the last mark: the game leaves the archive, the book is recounted."""
    found = every_kill(memory_folder, two_games,
                       lambda store, gid: TableSession.reopen(store, gid, {"type": "undo"}))
    assert set(found) == {"archived before", "in progress after"}, found
    assert sum(found.values()) > 20


@pytestmark_fork
def test_a_kill_at_any_step_of_an_amendment_finishing_again_leaves_before_or_after(memory_folder):
    """Ana's chance amended to 66666: still full, the game is corrected in the archive (the
    book recounted in date order). Killed at any step, it is archived, old or corrected."""
    def amend(store, gid):
        TableSession.reopen(store, gid, {"type": "amend", "changes": [
            {"turn": 24, "new": {"coups": [{"dice": list("66666"), "roll": 1}]}}]})

    found = every_kill(memory_folder, two_games, amend)
    # never in progress (issue 26): the history, the book and the statistics show it, old or
    # corrected, after a kill at every step
    assert set(found) == {"archived before", "archived after"}, found
    assert total_record(Store(memory_folder / "whole"))["value"] == 50 + 30


@pytestmark_fork
def test_a_kill_at_any_step_of_finishing_a_reopened_game_leaves_before_or_after(memory_folder):
    """A reopened game (Ana's last cell taken back) finished again with a lower cell: the
    book is recounted with the game under its first date; Bob holds the record again."""
    def reopened(store: Store) -> str:
        game_id = two_games(store)
        TableSession.reopen(store, game_id, {"type": "undo"})
        return game_id

    def finish(store, gid):
        TableSession.resume(store, gid).mark(None, "yam", scratch=True)

    found = every_kill(memory_folder, reopened, finish)
    assert set(found) == {"in progress before", "in progress after", "archived after"}, found
    assert total_record(Store(memory_folder / "whole"))["player"] == "Bob"
