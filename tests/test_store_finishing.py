"""Finishing a game (:mod:`yams_scorekeeper.store.finishing`): four steps that survive a
crash between any two, the next finish completing the steps left."""

from __future__ import annotations

import os

import pytest
from test_storage import faulty
from test_store import new_doc, summary

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.i18n import Message
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.finishing import check_summary
from yams_scorekeeper.store.record_book import RecordBook


def started(path, fs=None):
    store = Store(path, fs=fs)
    store.create_game(new_doc("g1"))
    store.append_event("g1", {"n": 0})
    return store


@pytest.mark.parametrize("step", ["archive", "count", "remove"])
def test_a_finish_cut_at_each_step_is_completed_by_the_next(tmp_path, monkeypatch, step):
    path = str(tmp_path / "s")
    if step == "archive":
        store = started(path, fs=faulty("replace", OSError(28, "No space left"),
                                        when=lambda src, dst: "archive" in dst))
    elif step == "remove":
        store = started(path, fs=faulty("remove", OSError(5, "I/O error"),
                                        when=lambda p: p.endswith("g1.json")))
    else:
        store = started(path)
        monkeypatch.setattr(RecordBook, "count", cut_count)
    with pytest.raises(StoreError) as err:
        store.finish_game("g1", summary("g1"))
    assert "g1" in str(err.value)
    monkeypatch.undo()
    [listed] = Store(path).games_in_progress()
    assert listed["finishing"] is True                      # appends are refused from now on
    with pytest.raises(StoreError):
        Store(path).append_event("g1", {"n": 1})
    again = Store(path)
    again.finish_game("g1")                                 # the summary kept is used
    assert again.games_in_progress() == [] and again.records()["counted"] == ["g1"]
    assert [e["id"] for e in again.archived_games()] == ["g1"]
    assert again.archived_entry("g1")["doc"]["events"] == [{"n": 0}]


def cut_count(*args, **kwargs):
    """Step 3 of a finish, failing."""
    raise StoreError(Message("store.index_unusable", path="cut"))


def test_a_finish_of_a_game_already_archived_changes_nothing(tmp_path):
    store = started(tmp_path)
    store.finish_game("g1", summary("g1"))
    before = {name: os.path.getmtime(os.path.join(tmp_path, "archive", name))
              for name in os.listdir(tmp_path / "archive")}
    assert store.finish_game("g1", summary("g1")) == []
    assert before == {name: os.path.getmtime(os.path.join(tmp_path, "archive", name))
                      for name in os.listdir(tmp_path / "archive")}


def test_a_summary_of_another_game_is_refused(tmp_path):
    with pytest.raises(StoreError) as err:
        check_summary("g1", summary("g2"))
    assert "g2" in str(err.value)
    assert check_summary("g1", summary("g1")) == summary("g1")
    store = started(tmp_path)
    with pytest.raises(StoreError):
        store.finish_game("g1", summary("g2"))
    assert store.games_in_progress()[0]["finishing"] is False   # nothing was written
