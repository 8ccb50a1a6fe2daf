"""Evenings (``yams soiree``): a ranking over 5 games at 2 tables, one laptop's games merged from
another laptop's export, and the command line."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from helpers import js, ok, one_line_error, run

from yams_scorekeeper.api import add_played, export_book, import_book, load_doc, new
from yams_scorekeeper.book.evening import standings
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.store import Store

EVENING = "2026-12-01-club"


def played(store: Store, dice: dict[str, str], game_id: str, evening: str | None = EVENING,
           when: str = "2026-12-01T20:00:00+00:00") -> dict:
    """A Yatzy game where each player rolls the same dice every turn and writes the best cell:
    with five of a kind v, 19v + 50 (5v in its number, pair 2v, three 3v, four 4v, chance 5v,
    yatzy 50; the others 0)."""
    game = Game(make_config("yatzy", list(dice)), id=game_id, created=when)
    while not game.finished:
        cells = game.enter(dice[game.player.name], 1)
        best = max(cells, key=lambda c: c.score)
        game.mark(best.column, best.row)
    add_played(store, game, {"evening": evening} if evening else None, clock=lambda: when)
    return next(s for s in store.summaries() if s["id"] == game_id)


#: table 1 (this laptop): three games; table 2 (the other laptop): two games
TABLE_1 = [("g1", {"Alice": "66666", "Bob": "55555", "Chloé": "44444"}),
           ("g2", {"Bob": "66666", "Alice": "55555"}),
           ("g3", {"Chloé": "66666", "Alice": "33333", "Bob": "33333"})]
TABLE_2 = [("g4", {"David": "66666", "Emma": "33333"}),
           ("g5", {"Emma": "66666", "Bob": "55555", "David": "22222"})]


def test_the_dice_make_the_totals_said(tmp_path):
    summary = played(Store(tmp_path / "s"), {"A": "66666", "B": "22222"}, "t1", evening=None)
    assert [(p["name"], p["total"]) for p in summary["players"]] == [("A", 164), ("B", 88)]
    assert "evening" not in summary


@pytest.fixture
def evening(tmp_path):
    """This laptop's store, the other laptop's games imported from its export."""
    here, there = Store(tmp_path / "here"), Store(tmp_path / "there")
    for n, (game_id, dice) in enumerate(TABLE_1):
        played(here, dice, game_id, when=f"2026-12-01T20:{n}0:00+00:00")
    for n, (game_id, dice) in enumerate(TABLE_2):
        played(there, dice, game_id, when=f"2026-12-01T20:{n}5:00+00:00")
    played(here, {"Alice": "11111", "Zoé": "66666"}, "other", evening="2026-11-24-club")
    export_book(there, tmp_path / "there.json")
    assert import_book(here, tmp_path / "there.json") == (2, 0)
    return here


def test_points_by_rank_over_five_games_at_two_tables(evening):
    """By hand: g1 Alice 2, Bob 1, Chloé 0; g2 Bob 1, Alice 0; g3 Chloé 2, Alice and Bob tie
    (1/2 each); g4 David 1, Emma 0; g5 Emma 2, Bob 1, David 0. Bob 3.5, Alice 2.5, Chloé and
    Emma 2 (tied third), David 1 (fifth). The game of another evening counts for nothing."""
    games = [s for s in evening.summaries() if s.get("evening") == EVENING]
    assert sorted(s["id"] for s in games) == ["g1", "g2", "g3", "g4", "g5"]
    got = [(r["rank"], r["player"], r["value"], r["games"], r["wins"], r["tied_with"])
           for r in standings(games)]
    assert got == [(1, "Bob", 3.5, 4, 1, []), (2, "Alice", 2.5, 3, 1, []),
                   (3, "Chloé", 2.0, 2, 1, ["Emma"]), (3, "Emma", 2.0, 2, 1, ["Chloé"]),
                   (5, "David", 1.0, 2, 1, [])]


def test_summed_and_average_totals(evening):
    """19v + 50: Bob 145 + 164 + 107 + 145 = 561; Alice 164 + 145 + 107 = 416; Emma 107 + 164
    = 271; Chloé 126 + 164 = 290; David 164 + 88 = 252. Averages: Chloé 145, Emma 135.5,
    Alice 138.67, Bob 140.25, David 126."""
    games = [s for s in evening.summaries() if s.get("evening") == EVENING]
    assert [(r["player"], r["value"]) for r in standings(games, "total")] == [
        ("Bob", 561), ("Alice", 416), ("Chloé", 290), ("Emma", 271), ("David", 252)]
    assert [(r["player"], round(r["value"], 2)) for r in standings(games, "average")] == [
        ("Chloé", 145.0), ("Bob", 140.25), ("Alice", 138.67), ("Emma", 135.5),
        ("David", 126.0)]


def test_the_evening_from_the_command_line(evening, tmp_path):
    db = str(evening.path)
    data = js(db, "soiree", "show", EVENING, "--json")
    assert [g["game"] for g in data["games"]] == ["g1", "g4", "g2", "g5", "g3"]
    assert data["scoring"] == "points" and data["name"] == EVENING
    assert [(r["player"], r["value"]) for r in data["ranking"]][:2] == [("Bob", 3.5),
                                                                     ("Alice", 2.5)]
    # the evening's records: its best total, 164, first made by Alice in g1, tied since
    total = data["records"]["yatzy"]["records"]["total"]
    assert (total["value"], total["player"], total["game"]) == (164, "Alice", "g1")
    assert [(t["player"], t["game"]) for t in total["tied"]] == [
        ("David", "g4"), ("Bob", "g2"), ("Emma", "g5"), ("Chloé", "g3")]
    text = ok(db, "evening", "show", EVENING).stdout
    assert "Chloé" in text and "Emma" in text and "Ranked by points" in text
    history = js(db, "history", "--json", "--limit", "50")["games"]
    assert {g["game"]: g["evening"] for g in history} == {
        "g1": EVENING, "g2": EVENING, "g3": EVENING, "g4": EVENING, "g5": EVENING,
        "other": "2026-11-24-club"}
    assert all(g["paper"] is None for g in history)


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []

    def handle_data(self, data):
        if data.strip():
            self.texts.append(data.strip())


def test_prize_list_escapes_names(tmp_path):
    store = Store(tmp_path / "s")
    played(store, {"<b>Ann</b>": "66666", "Bob": "11111"}, "h1")
    page = tmp_path / "prix.html"
    ok(str(store.path), "soiree", "show", EVENING, "--html", str(page))
    html = page.read_text()
    assert "<b>Ann" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html
    parser = _Cells()
    parser.feed(html)
    assert "<b>Ann</b>" in parser.texts and "Prize list" in parser.texts


def test_open_new_close(tmp_path):
    db = str(tmp_path / "s")
    assert js(db, "soiree", "open", "Soirée du club", "--json")["evening"]["id"].endswith(
        "-soiree-du-club")
    one_line_error(run(db, "soiree", "open", "Autre"), "is open: close it first")
    game = js(db, "new", "-R", "yatzy", "-p", "A", "-p", "B", "--json")["game"]
    evening_id = js(db, "soiree", "list", "--json")["open"]
    assert load_doc(db, game)["evening"] == evening_id
    one_line_error(run(db, "soiree", "close", "2001-01-01"), "2001-01-01 is not the one open")
    ok(db, "soiree", "close")
    assert js(db, "soiree", "list", "--json")["open"] is None
    one_line_error(run(db, "soiree", "close"), "no evening is open")
    other = js(db, "new", "-R", "yatzy", "-p", "A", "--soiree", "2020-01-01", "--json")["game"]
    assert load_doc(db, other)["evening"] == "2020-01-01"
    one_line_error(run(db, "soiree", "shout"), "not an action")
    one_line_error(run(db, "soiree", "show", "--scoring", "best"), "not a scoring")
    one_line_error(run(db, "soiree", "show", "nope"), "no evening nope")


def test_a_store_of_the_previous_version_has_no_evening(tmp_path):
    store = Store(tmp_path / "s")
    assert store.evenings() == {"open": None, "evenings": {}}
    step = new(store, "yatzy", ["A"])
    assert "evening" not in load_doc(store, step.game.id)
