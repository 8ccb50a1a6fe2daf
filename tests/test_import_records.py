"""An import counts its games into the record book without counting every game again
(records.merged): the book is the one a recount gives, byte for byte, whatever the dates of
the imported games (earlier, later, equal to the book's), ties included."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_store import faulty, new_doc, nth, play, summary

from yams_scorekeeper.book import records
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.record_book import RecordBook

DAYS = ["2023-01-01", "2024-01-01", "2024-06-01"]


def random_summary(rng: random.Random, gid: str, key: str = "double/force-asc",
                   new_parts: bool = True) -> dict:
    """A summary whose values and dates often tie with others' (three of each)."""
    s = summary(gid, date=f"{rng.choice(DAYS)}T21:00:00+02:00",
                alice=rng.choice([600, 700, 700.0]), bob=rng.choice([600, 700]))
    s["stopped_early"] = rng.random() < 0.1
    for part in ("brelans", "carres"):  # parts few games have: their order in the book
        if new_parts and rng.random() < 0.3:
            s["players"][1]["parts"][part] = rng.choice([30, 40])
    s["config_key"] = key
    return s


def first_of_each_key(games: list[dict]) -> list[dict]:
    firsts: dict[str, dict] = {}
    for s in sorted(games, key=lambda s: (s["date"], s["id"])):
        if not s["stopped_early"]:
            firsts.setdefault(s["config_key"], s)
    return list(firsts.values())


def test_merged_is_the_recount_whatever_the_dates():
    rng = random.Random(7)
    merged_some = 0
    for case in range(600):
        games = [random_summary(rng, f"{rng.randrange(10**6):06d}", rng.choice(["k1", "k2"]))
                 for _ in range(rng.randrange(2, 20))]
        cut = rng.randrange(len(games) // 2, len(games))
        book = records.recompute(games[:cut])
        order = [s["id"] for s in sorted(games, key=lambda s: (s["date"], s["id"]))]
        firsts = records.first_games(first_of_each_key(games))
        got = records.merged(book, [records.tally(s) for s in games[cut:]], order, firsts)
        if got is not None:
            merged_some += 1
            whole = records.recompute(games)
            assert json.dumps(got) == json.dumps(whole), case
    assert merged_some > 50            # the merge was tried, not always declined


def test_merged_declines_what_only_a_recount_can_tell():
    old = [summary("a", alice=700)]
    book = records.recompute(old)
    firsts = records.first_games(old)

    def merged(new: dict, order=("a", "b")) -> dict | None:
        return records.merged(book, [records.tally(new)], list(order), firsts)

    assert merged(summary("b")) == records.recompute(old + [summary("b")])
    other_key = {**summary("b"), "config_key": "classic"}
    other_label = {**summary("b"), "config_label": "another"}
    other_family = {**summary("b"), "family": "another"}
    new_part = summary("b")
    new_part["players"][0]["parts"]["brelans"] = 3
    for new in (other_key, other_label, other_family, new_part):
        assert merged(new) is None
    assert merged(summary("b"), ["a"]) is None                # not in the order
    assert merged(summary("a"), ["a", "a"]) is None           # counted already
    earlier = summary("b", date="2020-01-01T21:00:00+02:00")  # first of its configuration
    assert records.merged(book, [records.tally(earlier)], ["b", "a"],
                          records.first_games(old + [earlier])) is None


def book_bytes(store: Store) -> bytes:
    return Path(store.records_path).read_bytes()


@pytest.mark.parametrize("seed", range(3))
def test_an_import_counts_its_games_into_the_book_as_a_recount_would(tmp_path, monkeypatch,
                                                                     seed):
    rng = random.Random(seed)
    store = Store(tmp_path / "book")
    play(store, "first", date="2022-01-01T21:00:00+02:00", alice=600)
    play(store, "m5", date="2024-01-01T21:00:00+02:00", alice=700)
    play(store, "m9", date="2024-06-01T21:00:00+02:00", alice=700)
    imported = [random_summary(rng, f"{rng.choice('ax')}{rng.randrange(10**6):06d}",
                               new_parts=False) for _ in range(30)]
    imported.append(summary("m7", date="2024-01-01T21:00:00+02:00", alice=700))  # ties "m5"
    book = {"format": "yams-scorekeeper-book", "version": 1,
            "games": [{"doc": new_doc(s["id"]), "summary": s} for s in imported]}

    def no_recount(self):
        raise AssertionError("the import counted every game again")

    with monkeypatch.context() as m:
        m.setattr(RecordBook, "recount", no_recount)
        assert store.import_book(book) == (31, 0)
    counted = book_bytes(store)
    store.rebuild_records()
    assert book_bytes(store) == counted
    total = store.records()["configs"]["double/force-asc"]["records"]["total"]
    assert total["game"] != "m9"          # an earlier game with the same 700 holds it


def test_an_import_that_opens_a_configuration_counts_every_game_again(tmp_path, monkeypatch):
    store = Store(tmp_path / "book")
    play(store, "m5", alice=700)
    recounts = []
    monkeypatch.setattr(RecordBook, "recount", lambda self, real=RecordBook.recount: (
        recounts.append(1), real(self))[1])
    other = {**summary("c1"), "config_key": "classic", "config_label": "Classic"}
    assert store.import_book({"format": "yams-scorekeeper-book", "version": 1,
                              "games": [{"doc": new_doc("c1"), "summary": other}]}) == (1, 0)
    assert recounts and sorted(store.records()["configs"]) == ["classic", "double/force-asc"]
    counted = book_bytes(store)
    store.rebuild_records()
    assert book_bytes(store) == counted


def test_an_import_killed_as_it_counts_its_games_leaves_a_recount_owed(tmp_path):
    store = Store(tmp_path / "book")
    play(store, "mine", date="2024-01-01T21:00:00+02:00", alice=700)
    games = [{"doc": new_doc(gid), "summary": summary(gid, date=date, alice=alice)}
             for gid, date, alice in [("late", "2024-05-01T21:00:00+02:00", 800),
                                      ("later", "2024-06-01T21:00:00+02:00", 800)]]
    book = {"format": "yams-scorekeeper-book", "version": 1, "games": games}
    killed = Store(store.path, fs=faulty("replace", KeyboardInterrupt(),
                                         nth(2, lambda src, dst: dst == store.records_path)))
    with pytest.raises(KeyboardInterrupt):
        killed.import_book(book)                # the marker is written, not the counted book
    assert json.loads(book_bytes(store)).get("recount")
    assert store.records()["counted"] == ["mine", "late", "later"]
    assert store.records()["configs"]["double/force-asc"]["records"]["total"]["game"] == "late"
    assert store.import_book(book) == (0, 2)


def test_a_game_stopped_early_does_not_open_its_configuration(tmp_path):
    def game(gid, day, key, stopped=False):
        s = {**summary(gid, date=f"{day}T21:00:00+02:00"), "config_key": key,
             "stopped_early": stopped}
        return {"doc": new_doc(gid), "summary": s}

    def book(*games):
        return {"format": "yams-scorekeeper-book", "version": 1, "games": list(games)}

    store = Store(tmp_path / "book")
    store.import_book(book(game("s", "2020-01-01", "k2", stopped=True),
                           game("a", "2021-01-01", "k1"), game("b", "2022-01-01", "k2")))
    assert list(store.records()["configs"]) == ["k1", "k2"]
    store.import_book(book(game("n", "2020-06-01", "k2")))   # now k2's first game
    assert list(store.records()["configs"]) == ["k2", "k1"]
    counted = book_bytes(store)
    store.rebuild_records()
    assert book_bytes(store) == counted
