"""Issue 39: ratings per player and configuration, from the order of finish of every game.

The figures come from openskill's Plackett-Luce model in game order; the store's ratings must
equal a recomputation from the archive itself after an import, a correction and a reopening.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from helpers import js, ok, run
from test_cli_book import YAM, play_duel

from yams_scorekeeper.book.ratings import ranked, rate
from yams_scorekeeper.book.records import record_key
from yams_scorekeeper.rules import RULESETS
from yams_scorekeeper.store import Store
from yams_scorekeeper.store.session import TableSession

WINNING = [cls.family for cls in RULESETS if cls.stopped_game_has_winner]


def from_archive(store: Store) -> dict:
    """The ratings made again from the archive's own summaries, in game order."""
    summaries = sorted((e["summary"] for e in store.archived_games()),
                       key=lambda s: (s["date"], s["id"]))
    rows = [(record_key(s)[0], s["id"], p["name"].casefold(), p["name"], p["rank"])
            for s in summaries
            if len(s["players"]) >= 2 and (not s.get("stopped_early") or s["family"] in WINNING)
            for p in s["players"] if p.get("rank") is not None]
    return rate(rows)


def test_a_win_raises_the_winner_and_lowers_the_loser():
    rated = rate([("k", "g1", "a", "A", 1), ("k", "g1", "b", "B", 2)])["k"]
    assert rated["a"].mu > 25 > rated["b"].mu
    assert rated["a"].sigma < 25 / 3 and rated["a"].games == rated["b"].games == 1
    assert rated["a"].low < rated["a"].mu < rated["a"].high
    assert [r.name for r in ranked(rated)] == ["A", "B"]


def test_a_tie_between_equals_keeps_them_equal_and_a_solo_game_is_not_rated():
    rated = rate([("k", "g1", "a", "A", 1), ("k", "g1", "b", "B", 1), ("k", "g2", "c", "C", 1)])
    assert rated["k"]["a"].mu == rated["k"]["b"].mu == 25
    assert "c" not in rated["k"]


def test_game_order_counts_and_configurations_are_rated_apart():
    first = rate([("k", "g1", "a", "A", 1), ("k", "g1", "b", "B", 2),
                  ("k", "g2", "a", "A", 2), ("k", "g2", "b", "B", 1)])["k"]
    second = rate([("k", "g2", "a", "A", 2), ("k", "g2", "b", "B", 1),
                   ("k", "g1", "a", "A", 1), ("k", "g1", "b", "B", 2)])["k"]
    assert first["b"].mu > first["a"].mu and second["a"].mu > second["b"].mu   # the last win
    apart = rate([("x", "g1", "a", "A", 1), ("x", "g1", "b", "B", 2),
                  ("y", "g2", "a", "A", 2), ("y", "g2", "b", "B", 1)])
    assert apart["x"]["a"].mu > 25 and apart["y"]["a"].mu < 25
    assert apart["x"]["a"].games == 1


def test_the_store_rates_as_the_archive_says_after_import_correction_and_reopening(book,
                                                                                tmp_path):
    db, ids = book
    store = Store(db)
    rated, labels = store.ratings(WINNING)
    assert rated == from_archive(store) and len(rated) == 1
    (key,) = rated
    # Chloé's stopped Duel game has no winner (G7): not rated
    assert set(rated[key]) == {"alice", "bob"} and rated[key]["alice"].games == 2
    assert labels[key].startswith("Duel")
    # an import of the exported book into an empty store rates the same
    ok(db, "export", str(tmp_path / "book.json"))
    copy = str(tmp_path / "copy")
    ok(copy, "import", str(tmp_path / "book.json"))
    assert Store(copy).ratings(WINNING) == (rated, labels)
    # a correction of Alice's first win (her yam, turn 23, made a 0: a tie) changes them
    TableSession.reopen(store, ids[0], {"type": "amend", "changes": [
        {"turn": 23, "new": {"coups": [{"dice": list("11234"), "roll": 3}]}}]})
    corrected, _ = store.ratings(WINNING)
    assert corrected == from_archive(store) and corrected != rated
    # a reopening by undo, then the game written again, as the archive says
    TableSession.reopen(store, ids[1], {"type": "undo"})
    assert store.ratings(WINNING)[0] == from_archive(store)


def test_stats_rating_ranks_the_club(tmp_path):
    db = str(tmp_path / "db")
    for _ in range(2):
        play_duel(db, {"Léa": YAM, "Max": {}})
    data = js(db, "stats", "--rating")
    (table,) = data["ratings"]
    assert [p["name"] for p in table["players"]] == ["Léa", "Max"]
    lea = table["players"][0]
    assert lea["games"] == 2 and lea["low"] < lea["rating"] < lea["high"]
    assert table["label"].startswith("Duel")
    text = ok(db, "stats", "--rating").stdout
    assert "Ratings · Duel" in text and text.index("Léa") < text.index("Max")
    french = ok(db, "stats", "--rating", lang="fr").stdout
    assert "Niveaux · Duel" in french and "Fourchette" in french
    # a player named: only the configurations they are rated in
    assert js(db, "stats", "Nobody", "--rating") == {"ratings": []}
    assert json.loads(ok(db, "stats", "léa", "--rating", "--json").stdout) == data


def test_stats_rating_without_a_rated_game_says_why(tmp_path):
    db = str(tmp_path / "db")
    play_duel(db, {"Solo": YAM})                    # one player: not rated
    result = run(db, "stats", "--rating")
    assert result.exit_code == 0
    assert result.stdout == ("No rated game yet: a rating needs a finished game of two players"
                             " or more.\n")


def kept_rows(db: str) -> tuple[int, list]:
    """The ratings the summaries index keeps: how many, and the last game rated."""
    index = sqlite3.connect(str(Path(db) / "index.sqlite"))
    try:
        return (index.execute("SELECT count(*) FROM ratings").fetchone()[0],
                index.execute("SELECT date, game FROM ratings_upto").fetchall())
    finally:
        index.close()


def test_kept_ratings_go_on_with_later_games_and_are_dropped_by_an_earlier_one(book, tmp_path):
    db, ids = book
    store = Store(db)
    assert store.ratings(WINNING)[0] == from_archive(store)
    count, upto = kept_rows(db)
    assert count == 2 and upto == [("2024-05-01T21:30:00+00:00", ids[1])]
    # a game played today is rated on top of the kept figures, as a recount would
    play_duel(db, {"Alice": {}, "Bob": YAM, "Chloé": {}})
    assert store.ratings(WINNING)[0] == from_archive(store)
    assert kept_rows(db)[0] == 3 and kept_rows(db)[1][0][0] > "2025"
    # a game dated before the last one rated (an old book imported) drops them: recounted
    scratch = str(tmp_path / "old")
    old = play_duel(scratch, {"Chloé": YAM, "Alice": {}}, at="2024-01-01T10:00:00+00:00")
    ok(scratch, "export", str(tmp_path / "old.json"))
    ok(db, "import", str(tmp_path / "old.json"))
    assert kept_rows(db) == (0, [])
    rated = store.ratings(WINNING)[0]
    assert rated == from_archive(store) and rated["duel"]["chloé"].games == 2
    assert old in [e["id"] for e in store.archived_games()]


def test_records_and_the_player_page_show_the_ratings(book):
    db, _ = book
    store = Store(db)
    (table,) = map(ranked, store.ratings(WINNING)[0].values())
    best = table[0]
    out = ok(db, "records").stdout
    assert (f"Best rated: {best.name} {round(best.mu, 1)} ({round(best.low, 1)} – "
            f"{round(best.high, 1)}), 2 games (yams stats --rating)") in out
    assert "Meilleur niveau : " in ok(db, "records", lang="fr").stdout
    page = js(db, "stats", "Alice")["ratings"]["duel"]
    place = [r.name for r in table].index("Alice") + 1
    assert page == {"rating": round(table[place - 1].mu, 2), "low": round(table[place - 1].low, 2),
                    "high": round(table[place - 1].high, 2), "games": 2, "place": place, "of": 2}
    assert f"Duel au Yam: rating {round(table[place - 1].mu, 1)}" in ok(db, "stats",
                                                                         "Alice").stdout
    # Chloé played one stopped game only: no rating
    assert js(db, "stats", "Chloé")["ratings"] == {}
