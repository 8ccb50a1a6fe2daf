"""The library API (issue 9): a whole game of every family played through ``api`` only, its
corrections, its archive, and the exported book read back into another store."""

from __future__ import annotations

import json
import random

import pytest

from yams_scorekeeper import api
from yams_scorekeeper.base.clock import counting_ids, fixed_clock
from yams_scorekeeper.base.errors import EntryError, IllegalMoveError, StoreError
from yams_scorekeeper.engine.simulate import random_dice
from yams_scorekeeper.rules import RULESETS

FAMILIES = [cls.family for cls in RULESETS]
#: a short sheet where the family has several columns (a whole game all the same)
SHORT = {"classic": {"columns": ["libre"]}, "gaby": {"preset": "gaby-solo",
                                                      "columns": ["libre", "sec"]}}
CLOCK = ("2024-05-01T20:00:00+00:00",)


def play_to_the_end(store, family: str, seed: int, clock=None) -> api.Step:
    """Ana and Bob play a whole game of ``family``: random dice kept on the first roll, a
    cell chosen by its number in the list of legal cells (as ``yams mark 3`` does)."""
    rng = random.Random(seed)
    clock = clock or fixed_clock(*CLOCK)
    step = api.new(store, family, ["Ana", "Bob"], order="given", clock=clock,
                   new_id=counting_ids(family), **SHORT.get(family, {}))
    assert step.game.id == f"{family}-1" and step.game.created == CLOCK[0]
    while not step.game.finished:
        dice = [str(d) for d in random_dice(step.game, rng)]
        step = api.enter(store, dice, 1, clock=clock)
        assert step.cells, (family, dice)
        choice = rng.randrange(len(step.cells))
        cell = step.cells[choice]
        step = api.mark(store, str(choice + 1), clock=clock)
        assert [(m.column, m.row, m.score) for m in step.written] == [
            (cell.column, cell.row, cell.score)]
    return step


@pytest.mark.parametrize("family", FAMILIES)
def test_a_whole_game_of_every_family_through_the_api(tmp_path, family):
    store = api.open_store(tmp_path)
    last = play_to_the_end(store, family, seed=len(family))
    game = last.game
    assert game.finished and not game.stopped
    assert all(game.sheet_full(s) for s in game.sheets)
    # the last mark archived the game: its first records, and the summary the book keeps
    assert last.records and all(r["previous"] is None for r in last.records)
    archived = store.archived_games()
    assert [e["id"] for e in archived] == [game.id]
    assert [p["total"] for p in archived[0]["summary"]["players"]] == \
        sorted((game.totals(s).grand for s in game.sheets), reverse=True)
    assert api.load(store, game.id).to_doc() == game.to_doc()


def test_undo_amend_and_end_through_the_api(tmp_path):
    store = api.open_store(tmp_path)
    clock = fixed_clock("2024-05-01T20:00:00+00:00", "2024-05-01T20:10:00+00:00")
    game = api.new(store, "duel", ["Ana", "Bob"], clock=clock, new_id=counting_ids()).game
    step = api.enter(store, "55533", 2, clock=clock)
    assert {c.row: c.score for c in step.cells}["full"] == 25
    api.mark(store, "full", clock=clock)
    api.enter(store, "66665", 3, clock=clock)
    step = api.undo(store, clock=clock)
    assert step.cancelled["dice"] == ["5", "6", "6", "6", "6"] and not step.reopened
    api.enter(store, "66666", 1, clock=clock)
    step = api.mark(store, "yam=0", clock=clock)
    assert [(m.row, m.score, m.scratch) for m in step.written] == [("yam", 0, True)]
    # turn 1 corrected as a transcript line: Ana kept a full of sixes on the 1st roll
    step = api.amend(store, {1: "66655/1 -> full"}, clock=clock)
    assert step.event["changes"][0]["old"]["coups"][0]["dice"] == ["3", "3", "5", "5", "5"]
    assert step.event["when"] == "2024-05-01T20:10:00+00:00"
    assert step.before.totals(0).grand == 25 and step.game.totals(0).grand == 25
    with pytest.raises(EntryError, match="Ana.s, not Bob.s"):
        api.amend(store, {1: "Bob: 66655/1 -> full"}, clock=clock)
    step = api.end(store, clock=clock)
    assert step.game.stopped and step.game.finished
    summary = store.archived_games()[0]["summary"]
    assert (summary["id"], summary["date"]) == (game.id, "2024-05-01T20:10:00+00:00")
    # an undo on the finished game reopens it
    step = api.undo(store, game.id, clock=clock)
    assert step.reopened and step.cancelled == {"type": "end"} and not step.game.finished


def test_a_refusal_writes_nothing(tmp_path):
    store = api.open_store(tmp_path)
    game = api.new(store, "classic", ["Ana"], new_id=counting_ids()).game
    before = store.load_game(game.id)
    with pytest.raises(EntryError):
        api.enter(store, "5553", 2)
    with pytest.raises(IllegalMoveError, match=r"\[G4\]"):
        api.mark(store, "libre.full")
    assert store.load_game(game.id) == before


def test_export_then_import_gives_the_same_games_and_records(tmp_path):
    first = api.open_store(tmp_path / "first")
    games = [play_to_the_end(first, family, seed=n).game for n, family in
             enumerate(["duel", "yatzy", "yahtzee"])]
    book = tmp_path / "book.json"
    assert api.export_book(first, book) == 3
    data = json.loads(book.read_text(encoding="utf-8"))
    assert sorted(g["doc"]["id"] for g in data["games"]) == sorted(g.id for g in games)
    assert all(g["transcript"].startswith("# ") for g in data["games"])
    second = api.open_store(tmp_path / "second")
    assert api.import_book(second, book) == (3, 0)
    assert api.import_book(second, book) == (0, 3)            # twice adds nothing
    assert [e["summary"] for e in second.archived_games()] == \
        [e["summary"] for e in first.archived_games()]
    assert second.records()["configs"] == first.records()["configs"]
    for game in games:
        assert api.load(second, game.id).to_doc() == game.to_doc()
    # the book read from a stream is the same book
    third = api.open_store(tmp_path / "third")
    with open(book, encoding="utf-8") as handle:
        assert api.import_book(third, handle) == (3, 0)


def test_the_same_games_on_the_same_clock_export_the_same_book(tmp_path):
    """Everything the game dates comes from the clock given; only the store's own stamp of
    its files (``updated``) is the system's."""
    books = []
    for n in range(2):
        store = api.open_store(tmp_path / f"store{n}")
        play_to_the_end(store, "yatzy", seed=5)
        api.export_book(store, tmp_path / f"book{n}.json")
        book = json.loads((tmp_path / f"book{n}.json").read_text(encoding="utf-8"))
        for entry in book["games"]:
            assert entry["doc"].pop("updated")
        books.append(book)
    assert books[0] == books[1]
    assert books[0]["games"][0]["summary"]["date"] == CLOCK[0]


def test_an_imported_summary_that_its_game_does_not_replay_to_is_refused(tmp_path):
    first = api.open_store(tmp_path / "first")
    play_to_the_end(first, "duel", seed=1)
    book = tmp_path / "book.json"
    api.export_book(first, book)
    data = json.loads(book.read_text(encoding="utf-8"))
    data["games"][0]["summary"]["players"][0]["total"] += 1
    book.write_text(json.dumps(data), encoding="utf-8")
    second = api.open_store(tmp_path / "second")
    with pytest.raises(StoreError, match="does not match its replayed sheets"):
        api.import_book(second, book)
    assert second.archived_games() == []
