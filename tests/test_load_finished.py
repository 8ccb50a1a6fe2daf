"""A finished game looked at by its id (``yams review``, ``sheet``, ``log``) reads its own
archive file, not the book: another game's file, even unreadable, does not stand in the way."""

from __future__ import annotations

import random

import pytest

from yams_scorekeeper import api
from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.store import Store


def _store_of_three(path) -> tuple[Store, list[str]]:
    rng = random.Random(5)
    store, ids = Store(path), []
    for n, game_id in enumerate(("aa11", "aa22", "bb33")):
        game = play_random_game(make_config("duel", ["Alice", "Bruno"]), rng)
        game.id = game_id * 8
        summary = {**game.summary(), "date": f"2024-0{n + 1}-01T21:00:00+00:00"}
        store.import_games([{"doc": game.to_doc(), "summary": summary}], api.check_summary)
        ids.append(game.id)
    return store, ids


def test_a_finished_game_is_read_from_its_file_alone(tmp_path):
    store, ids = _store_of_three(tmp_path / "book")
    (tmp_path / "book" / "archive" / f"{ids[0]}.json").write_text("not json")
    assert api.load(store, "bb").id == ids[2]
    assert api.load(store, ids[1]).id == ids[1]
    with pytest.raises(StoreError) as found:
        api.load(store, "aa")
    assert found.value.expected == f"{ids[0][:12]}, {ids[1][:12]}"      # oldest first
    with pytest.raises(StoreError, match="no game"):
        api.load(store, "cc")
