"""``TableSession``: a game at the table, checked by the rules and kept by the store.

Two things only the session does, each tested here on its own: (1) an entry is checked
against the events the store holds *now*, so a session that another command (a second
terminal, a script) has overtaken never writes over that command's entries nor appends an
entry that was legal only in its stale view; (2) a game whose last entry was stored but whose
finish was cut (a kill, a full disk) is finished by the next session that resumes it.
"""

from __future__ import annotations

import pytest
from test_storage import faulty

from yams_scorekeeper.base.errors import IllegalMoveError, StoreError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.session import TableSession


def _duel(tmp_path) -> tuple[str, str]:
    db = str(tmp_path / "db")
    session = TableSession.start(Store(db), make_config("duel", ["Alice", "Bob"]))
    return db, session.game.id


def _stored(db: str, game_id: str) -> list[dict]:
    return Store(db).load_game(game_id)["events"]


def _replays(events: list[dict], game_id: str, db: str) -> Game:
    """The stored log replays under the rules (every event legal in its order)."""
    game = Game.from_doc(Store(db).load_game(game_id))
    assert game.events == events
    return game


# -- a concurrent writer ------------------------------------------------------------------

def test_a_stale_session_never_writes_over_what_another_command_stored(tmp_path):
    db, game_id = _duel(tmp_path)
    here = TableSession.resume(Store(db), game_id)
    there = TableSession.resume(Store(db), game_id)     # another terminal on the same game
    there.enter("11123", 3)
    there.mark(None, "1")                               # Alice wrote 3 in row 1: Bob to play
    theirs = _stored(db, game_id)
    assert len(theirs) == 2 and here.game.events == []  # this session has not seen it

    # this session still believes Alice is to enter dice: its entry is checked against the
    # stored game, refused by the rules, and nothing is written
    with pytest.raises(IllegalMoveError, match="Bob's turn"):
        here.enter("66666", 3)
    assert _stored(db, game_id) == theirs
    assert here.game.events == theirs                   # now in step with the store
    assert here.game.player.name == "Bob"

    # the next entry goes on top of the other command's, in order
    here.enter("66666", 3)
    here.mark(None, "yam")
    events = _stored(db, game_id)
    assert events[:2] == theirs and len(events) == 4
    game = _replays(events, game_id, db)
    assert game.sheets[0].marks[("grille", "1")].score == 3
    assert game.sheets[1].marks[("grille", "yam")].score == 50


def test_a_stale_session_checks_its_cell_against_the_dice_another_command_entered(tmp_path):
    db, game_id = _duel(tmp_path)
    here = TableSession.resume(Store(db), game_id)
    there = TableSession.resume(Store(db), game_id)
    there.enter("66666", 2)                             # Alice's dice, typed elsewhere
    with pytest.raises(IllegalMoveError):               # here: no dice, so no cell to take
        here.game.mark(None, "yam")
    marks = here.mark(None, "yam")                      # checked against the stored dice
    assert [(m.row, m.score) for m in marks] == [("yam", 50)]
    events = _stored(db, game_id)
    assert [e["type"] for e in events] == ["enter", "mark"]
    assert events[0]["dice"] == ["6"] * 5
    _replays(events, game_id, db)
    assert there.game.events == events[:1]              # the other one catches up at its next
    with pytest.raises(IllegalMoveError, match="Bob's turn"):   # entry (still Alice's there)
        there.enter("12345", 3)
    there.enter("12345", 3)                             # then Bob's dice, on top of both
    assert _stored(db, game_id)[:2] == events and there.game.player.name == "Bob"
    assert len(_stored(db, game_id)) == 3


def test_a_store_failure_leaves_the_session_in_step_with_the_disk(tmp_path):
    db, game_id = _duel(tmp_path)
    store = Store(db, fs=faulty("replace", OSError(5, "Input/output error"),
                                lambda src, dst: dst.endswith(f"{game_id}.json")))
    session = TableSession.resume(store, game_id)
    with pytest.raises(StoreError, match="nothing was changed"):
        session.enter("11123", 3)
    assert session.game.events == _stored(db, game_id) == []


# -- resume completes a finish that was cut -----------------------------------------------

def _cut_finish(db: str, game_id: str, step: str, when) -> None:
    """Alice writes a cell, then the game is stopped (``end``) by a session whose store fails
    at ``step``: the entry is stored, the finish is not complete."""
    TableSession.resume(Store(db), game_id).enter("11123", 3)
    TableSession.resume(Store(db), game_id).mark(None, "1")
    cut = TableSession.resume(Store(db, fs=faulty(step, OSError(28, "No space left on device"),
                                                  when(Store(db)))), game_id)
    with pytest.raises(StoreError, match="is over and every entry is kept"):
        cut.end()


CUTS = {
    "archive file": ("mkstemp", lambda s: lambda folder, prefix: folder == s.archive_dir),
    "record book": ("mkstemp", lambda s: lambda folder, prefix: "records" in prefix),
    "game file removal": ("remove", lambda s: lambda path: path.startswith(s.games_dir)),
}


@pytest.mark.parametrize("cut", CUTS)
def test_resume_completes_a_finish_that_was_cut(tmp_path, cut):
    db, game_id = _duel(tmp_path)
    _cut_finish(db, game_id, *CUTS[cut])
    [listed] = Store(db).games_in_progress()
    assert listed["id"] == game_id and listed["finishing"]

    session = TableSession.resume(Store(db), game_id)
    assert session.game.finished
    store = Store(db)
    assert store.games_in_progress() == []
    [entry] = store.archived_games()
    assert entry["id"] == game_id and entry["summary"]["stopped_early"] is True
    assert [e["type"] for e in entry["doc"]["events"]] == ["enter", "mark", "end"]
    assert store.records()["counted"] == [game_id]
    # resuming again finds nothing left to do (the game is archived once)
    with pytest.raises(StoreError, match="no game in progress"):
        TableSession.resume(Store(db), game_id)
    assert [e["id"] for e in Store(db).archived_games()] == [game_id]


def test_resume_finishes_a_game_whose_last_entry_was_stored_before_a_kill(tmp_path):
    """Killed between storing the last entry and marking the game as finishing: the game file
    holds a finished game and no finish note; resuming archives it and counts it."""
    db, game_id = _duel(tmp_path)
    store = Store(db)
    for event in ({"type": "enter", "player": "Alice", "dice": ["1", "1", "1", "2", "3"],
                   "roll": 3},
                  {"type": "mark", "player": "Alice",
                   "cells": [{"column": None, "row": "1", "coup": None, "scratch": False}]},
                  {"type": "end"}):
        store.append_event(game_id, event)
    assert not Store(db).games_in_progress()[0]["finishing"]
    TableSession.resume(Store(db), game_id)
    assert Store(db).games_in_progress() == []
    assert [e["id"] for e in Store(db).archived_games()] == [game_id]
    assert Store(db).records()["counted"] == [game_id]


# -- two commands racing for the last cell (issue 37, item 4) -----------------------------

LAST = "the game has just finished: Léa wrote the last cell"


def _last_cell(tmp_path) -> tuple[str, str, dict]:
    """A game of Alice and Léa with one cell left, Léa's, and the event that writes it."""
    from serving import near_finished

    db = str(tmp_path / "db")
    game_id = near_finished(db, players=("Alice", "Léa"))
    game = TableSession.resume(Store(db), game_id).game
    assert game.player.name == "Léa"
    cell = game.legal_cells()[0]
    return db, game_id, {"type": "mark", "player": "Léa", "cells": [
        {"column": cell.column, "row": cell.row, "coup": None, "scratch": False}]}


def _said_who_won(err: IllegalMoveError) -> None:
    assert str(err) == LAST and err.exit_code == 3
    assert err.text("fr") == "la partie vient de finir : Léa a écrit la dernière case"


def test_a_session_that_lost_the_last_cell_to_another_is_told_who_won(tmp_path):
    """Both sessions resumed before the last cell; the other one writes it and archives the
    game: this one's mark finds no game file, and is refused by the rules, not the store."""
    db, game_id, last = _last_cell(tmp_path)
    here = TableSession.resume(Store(db), game_id)
    there = TableSession.resume(Store(db), game_id)
    there.apply(last)
    assert Store(db).is_archived(game_id)
    with pytest.raises(IllegalMoveError) as info:
        here.apply(last)
    _said_who_won(info.value)
    assert [e["id"] for e in Store(db).archived_games()] == [game_id]


def test_a_session_that_finds_the_last_cell_stored_but_not_archived_is_told_who_won(tmp_path):
    """The other command stored the last cell and has not archived the game yet: checked
    against the stored events, this session's mark is refused in the same words."""
    db, game_id, last = _last_cell(tmp_path)
    here = TableSession.resume(Store(db), game_id)
    Store(db).append_event(game_id, last)
    with pytest.raises(IllegalMoveError) as info:
        here.apply(last)
    _said_who_won(info.value)
    assert len(_stored(db, game_id)) == len(here.game.events)      # nothing appended


def test_a_session_that_lost_to_an_end_is_told_the_game_was_stopped(tmp_path):
    db, game_id, last = _last_cell(tmp_path)
    here = TableSession.resume(Store(db), game_id)
    there = TableSession.resume(Store(db), game_id)
    there.undo()                                      # Léa's dice taken back, then the end
    there.end()
    with pytest.raises(IllegalMoveError) as info:
        here.apply(last)
    assert str(info.value) == "the game has just been stopped"
    assert info.value.text("fr") == "la partie vient d'être arrêtée"


def test_yams_mark_on_a_game_just_finished_elsewhere_is_a_rules_refusal(tmp_path):
    """``api.mark`` (``yams mark``) arriving after the last cell, archived or not yet: the
    finish is completed, and the mark refused naming who wrote the last cell; a game whose
    last entry is older than a minute is no race: "no game in progress" (a store error)."""
    import datetime as dt

    from yams_scorekeeper import api

    db, game_id, last = _last_cell(tmp_path)
    Store(db).append_event(game_id, last)              # stored, not archived
    with pytest.raises(IllegalMoveError) as info:
        api.mark(db, "1")
    _said_who_won(info.value)
    assert Store(db).is_archived(game_id) and Store(db).games_in_progress() == []
    for asked in (None, game_id[:8]):                  # archived: found by its id, or last
        with pytest.raises(IllegalMoveError) as info:
            api.mark(db, "1", game_id=asked)
        _said_who_won(info.value)
    later = (dt.datetime.now(dt.UTC) + dt.timedelta(minutes=2)).isoformat()
    with pytest.raises(StoreError, match="no game in progress"):
        api.mark(db, "1", clock=lambda: later)


def test_two_yams_mark_processes_racing_for_the_last_cell(tmp_path):
    """Real processes, started together, a few rounds: one writes the last cell (exit 0), the
    other is refused by the rules (exit 3) saying who wrote it, never a store error; the
    game is archived once, with the winner's cell."""
    import os
    import subprocess
    import sys

    for round_ in range(6):
        db, game_id, last = _last_cell(tmp_path / str(round_))
        env = {**os.environ, "YAMS_DB": db, "YAMS_LANG": "en", "NO_COLOR": "1"}
        args = [sys.executable, "-m", "yams_scorekeeper", "mark", "1"]
        racing = [subprocess.Popen(args, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True) for _ in range(2)]
        done = sorted((p.wait(60), p.communicate()[1]) for p in racing)
        assert [code for code, _ in done] == [0, 3], done
        assert done[0][1] == "" and done[1][1] == f"error: {LAST}\n", done
        store = Store(db)
        assert store.games_in_progress() == [] and store.records()["counted"] == [game_id]
        doc = store.archived_entry(game_id)["doc"]
        assert doc["events"][-1]["cells"][0]["row"] == last["cells"][0]["row"]
        game = Game.from_doc(doc)                    # one mark a cell: the last one once
        assert sum(e["type"] == "mark" for e in doc["events"]) == len(game.rows) * 2
