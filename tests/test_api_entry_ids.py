"""Entries made for a position of the log (the phones of ``yams serve --write``, issue 36):
``player`` refuses a write out of turn, ``at`` writes an entry once (a resend is the same
entry, not a second one) and refuses it once the game moved on; a refusal writes nothing."""

from __future__ import annotations

import pytest

from yams_scorekeeper import api
from yams_scorekeeper.base.errors import IllegalMoveError
from yams_scorekeeper.store import Store


@pytest.fixture
def db(tmp_path):
    db = str(tmp_path / "db")
    api.new(db, "classic", ["Léa", "Bob"], order="given")
    return db


def _events(db) -> list[dict]:
    store = Store(db)
    return store.load_game(store.games_in_progress()[0]["id"])["events"]


def test_an_entry_resent_for_its_position_is_written_once(db):
    api.enter(db, "55533", 1, player="Léa", at=0)
    api.enter(db, "55533", 1, player="Léa", at=0)            # the double tap
    assert len(_events(db)) == 1
    api.mark(db, "libre.full", player="Léa", at=1)
    api.mark(db, "libre.full", player="Léa", at=1)
    assert [e["type"] for e in _events(db)] == ["enter", "mark"]
    api.undo(db, player="Léa", at=2)
    api.undo(db, player="Léa", at=2)
    assert [e["type"] for e in _events(db)] == ["enter", "mark", "undo"]


def test_a_stale_or_foreign_entry_is_refused_and_writes_nothing(db):
    api.enter(db, "55533", 1, player="Léa", at=0)
    api.mark(db, "libre.full", player="Léa", at=1)
    before = _events(db)
    with pytest.raises(IllegalMoveError, match="Léa already wrote this turn"):
        api.enter(db, "66666", 1, player="Léa", at=0)        # another entry, an old page
    with pytest.raises(IllegalMoveError, match="Léa already wrote this turn"):
        api.mark(db, "libre.yam", player="Léa", at=1)
    with pytest.raises(IllegalMoveError, match="it is Bob's turn, not Léa's"):
        api.enter(db, "66666", 1, player="Léa", at=2)
    api.enter(db, "22222", 3, player="Bob", at=2)
    with pytest.raises(IllegalMoveError, match="the last entry is Bob's: Léa cannot"):
        api.undo(db, player="Léa", at=3)
    with pytest.raises(IllegalMoveError, match="Bob already wrote this turn"):
        api.undo(db, player="Léa", at=2)
    assert _events(db) == before + [_events(db)[-1]] and len(_events(db)) == 3
    assert api.undo(db, player="Bob", at=3).cancelled["player"] == "Bob"


def test_the_laptop_writing_meanwhile_makes_the_phone_page_stale(db):
    api.enter(db, "55533", 1)                                 # the laptop, as yams enter
    with pytest.raises(IllegalMoveError, match="Léa already wrote this turn"):
        api.enter(db, "55533", 2, player="Léa", at=0)
    assert len(_events(db)) == 1
