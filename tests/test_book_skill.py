"""Issue 39 item 3: skill and luck kept in the book, from each finished game's review.

`yams review --book` reviews each game the exact solver covers once and keeps the figures; the
player's page and an evening read them. The book's figures must equal the games' own reviews
added up, and a corrected game is reviewed again.
"""

from __future__ import annotations

import pytest
from helpers import ENV, js, ok, one_line_error, run
from test_evening import EVENING, TABLE_1, played

from yams_scorekeeper.store import Store
from yams_scorekeeper.store.session import TableSession


@pytest.fixture
def club(tmp_path, cache_with, monkeypatch):
    """Three Yatzy games of one evening, the solver's table already made."""
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with("yatzy"))
    store = Store(tmp_path / "s")
    for n, (game_id, dice) in enumerate(TABLE_1):
        played(store, dice, game_id, when=f"2026-12-01T20:{n}0:00+00:00")
    return store


def added_up(db: str, games: list[str]) -> dict[str, dict]:
    """Each player's points lost, luck, turns and games over the games' own reviews."""
    found: dict[str, dict] = {}
    for game_id in games:
        for p in js(db, "review", game_id)["players"]:
            mine = found.setdefault(p["name"], {"lost": 0.0, "luck": 0.0, "turns": 0,
                                                "games": 0})
            mine["lost"] += p["lost"]
            mine["luck"] += p["luck"]
            mine["turns"] += len(p["turns"])
            mine["games"] += 1
    return found


def test_the_book_adds_up_the_reviews_and_keeps_them(club):
    db = club.path
    assert js(db, "stats", "Alice")["skill"] == {}                 # nothing reviewed yet
    first = js(db, "review", "--book")
    assert (first["reviewed"], first["made"]) == (3, 3)
    (key, cfg), = first["configs"].items()
    expected = added_up(db, [game_id for game_id, _ in TABLE_1])
    for p in cfg["players"]:
        mine = expected[p["name"]]
        assert p["games"] == mine["games"] and p["turns"] == mine["turns"]
        assert p["lost_per_turn"] == pytest.approx(mine["lost"] / mine["turns"], abs=1e-3)
        assert p["luck_per_game"] == pytest.approx(mine["luck"] / mine["games"], abs=0.01)
    lost = [p["lost_per_turn"] for p in cfg["players"]]
    assert lost == sorted(lost)                                     # the best choices first
    again = js(db, "review", "--book")
    assert again["made"] == 0 and again["configs"] == first["configs"]   # read, not made
    alice = next(p for p in cfg["players"] if p["name"] == "Alice")
    assert js(db, "stats", "Alice")["skill"] == {key: {
        k: alice[k] for k in ("games", "turns", "lost_per_turn", "luck_per_game")}}
    assert "points lost a turn to choices" in ok(db, "stats", "Alice").stdout
    assert "points perdus par tour" in ok(db, "stats", "Alice", lang="fr").stdout
    text = ok(db, "review", "--book").stdout
    assert text.startswith("3 games reviewed (0 new)") and "Lost a turn" in text


def test_an_evening_names_its_luckiest_player(club):
    db = club.path
    assert "Luckiest" not in ok(db, "soiree", "show", EVENING).stdout
    ok(db, "review", "--book")
    luck = {name: figures["luck"] for name, figures in
            added_up(db, [game_id for game_id, _ in TABLE_1]).items()}
    best = max(luck, key=lambda name: luck[name])
    shown = " ".join(ok(db, "soiree", "show", EVENING).stdout.split())
    assert (f"Luckiest tonight: {best}, {luck[best]:+.1f} points from the dice against the "
            "average (3 of 3 games reviewed)") in shown
    french = ok(db, "soiree", "show", EVENING, lang="fr").stdout
    assert "Le plus chanceux ce soir : " in french


def test_a_corrected_game_is_reviewed_again(club):
    db = club.path
    ok(db, "review", "--book")
    TableSession.reopen(club, "g2", {"type": "amend", "changes": [
        {"turn": 1, "new": {"coups": [{"dice": list("12345"), "roll": 1}]}}]})
    again = js(db, "review", "--book")
    assert (again["reviewed"], again["made"]) == (3, 1)
    assert again == js(db, "review", "--book") | {"made": 1}


def test_review_book_takes_no_game(club):
    one_line_error(run(club.path, "review", "g1", "--book"), "--book", code=2)
