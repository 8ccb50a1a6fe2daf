"""A book holding two different games under one id is refused, naming the id, with nothing
imported, on every path an import takes (game by game, blocks, workers, a store holding the
id); the same game given twice is skipped, as before, whatever its key order or spacing."""

from __future__ import annotations

import json
import os

import pytest
from helpers import ok, one_line_error, run
from test_import_blocks import exported, outcome, same_in_every_mode
from test_import_parallel import book_of, imported, text_of

from yams_scorekeeper.base.errors import StoreError
from yams_scorekeeper.store import Store, import_check

pytestmark = pytest.mark.skipif(not import_check.can_fork(), reason="no fork here")


def under_id(game: dict, game_id: str) -> dict:
    """``game`` (another game) given the id ``game_id``."""
    twin = json.loads(json.dumps(game))
    twin["doc"]["id"] = twin["summary"]["id"] = game_id
    return twin


def reordered(game: dict) -> dict:
    """The same game, its keys in the reverse order (the same canonical JSON)."""
    def flip(value):
        if isinstance(value, dict):
            return {k: flip(value[k]) for k in reversed(list(value))}
        return [flip(v) for v in value] if isinstance(value, list) else value
    return flip(game)


def test_a_small_book_with_two_games_under_one_id_is_refused(book, tmp_path):
    db, _ = book
    data = json.loads(ok(db, "export", "-").stdout)
    first, second, third = data["games"]
    game_id = first["summary"]["id"]
    data["games"] = [first, third, under_id(second, game_id)]
    path = tmp_path / "book.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for target in (str(tmp_path / "fresh"), db):   # a new store, and one holding the game
        archive = os.path.join(target, "archive")
        before = sorted(os.listdir(archive)) if os.path.isdir(archive) else []
        line = one_line_error(run(target, "import", str(path)), game_id, "games[2]",
                              "games[0]", code=4)
        assert "nothing was imported" in line
        assert (sorted(os.listdir(archive)) if os.path.isdir(archive) else []) == before
    # the same game twice (its keys in another order): skipped, the others imported
    data["games"] = [first, third, reordered(first)]
    path.write_text(json.dumps(data), encoding="utf-8")
    ok(str(tmp_path / "fresh"), "import", str(path))
    assert len(os.listdir(os.path.join(tmp_path, "fresh", "archive"))) == 2


@pytest.mark.parametrize("held", [False, True], ids=["new", "held"])
def test_a_big_book_with_two_games_under_one_id_is_refused_in_every_mode(
        tmp_path, small_blocks, monkeypatch, held):
    games = book_of(30)
    if held:                         # the store holds g003: the book still may not
        for mode in ("exact", "blocks", "parallel"):
            assert outcome(tmp_path / mode, exported(games[3:4]), mode,
                           monkeypatch)[0] == (1, 0)
    text = exported(games[:20] + [under_id(games[4], "g003")] + games[20:])
    result, files, _, _ = same_in_every_mode(tmp_path, text, monkeypatch)
    assert result[0] is StoreError
    assert "games[20]" in result[1] and "g003" in result[1] and "games[3]" in result[1]
    assert "g003" in result[2] and "games[20]" in result[2]
    assert list(files) == (["g003.json"] if held else [])


def test_a_book_of_games_given_one_by_one_to_the_workers(tmp_path, small_parallel):
    games = book_of(20)
    text = text_of(games + [under_id(games[5], "g012")])   # not one game a line
    for jobs in (1, 2):
        with pytest.raises(StoreError, match=r"games\[20\].*g012"):
            imported(tmp_path / f"db{jobs}", text, jobs=jobs)
        assert Store(tmp_path / f"db{jobs}").archived_games() == []
    text = text_of(games + [reordered(games[12]), games[3]])
    assert imported(tmp_path / "db2", text, jobs=2)[0] == (20, 2)


def test_a_bad_game_before_the_repeated_id_is_the_one_reported(tmp_path, small_parallel):
    games = book_of(20)
    games[2] = {**games[2], "summary": {**games[2]["summary"], "players": "x"}}
    text = text_of(games + [under_id(games[5], "g012")])
    for jobs in (1, 2):
        with pytest.raises(StoreError, match=r"games\[2\]"):
            imported(tmp_path / f"db{jobs}", text, jobs=jobs)


def test_the_same_game_twice_in_another_layout_is_skipped(tmp_path, small_blocks,
                                                          monkeypatch):
    games = book_of(30)
    text = exported(games + [reordered(games[7]), games[29]])
    assert same_in_every_mode(tmp_path, text, monkeypatch)[0] == (30, 2)
