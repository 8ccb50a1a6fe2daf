"""The player's page (streak, rival, nemesis, recent average, favourite and weakest rows),
statistics by period and by player count, and the per-row statistics read from the sheets'
JSON text."""

from __future__ import annotations

import json

from helpers import js, ok

from yams_scorekeeper.book.player_page import (
    average_trend,
    favourite_rows,
    in_period,
    rival_and_nemesis,
    winning_streak,
)
from yams_scorekeeper.book.records import row_stats
from yams_scorekeeper.store.files import compact_text


def gaby_wins(family) -> bool:
    return family == "gaby"


def row(date, rank, players=2, stopped=False, family="duel", total=200, key="duel"):
    return {"date": date, "rank": rank, "player_count": players, "stopped_early": stopped,
            "family": family, "total": total, "config_key": key}


#: Alice's games, oldest first: W W L W W W (stopped duel: no winner, skipped) W solo L W
CRAFTED = [row("2024-01-01", 1), row("2024-01-02", 1), row("2024-01-03", 2),
           row("2024-01-04", 1), row("2024-01-05", 1), row("2024-01-06", 1),
           row("2024-01-07", 1, stopped=True),          # no winner (G7): neither win nor loss
           row("2024-01-08", 1, players=3),
           row("2024-01-09", 1, players=1),             # solo: cannot be won
           row("2024-01-10", 3, players=3),
           row("2024-01-11", 1, family="gaby", stopped=True)]   # a stopped Gaby is won (G7)


def test_longest_winning_streak_by_hand():
    # runs of wins: 2 (01-01, 01-02), then 4 (01-04, 05, 06, 08: the stopped Duel and ...),
    # broken by the loss of 01-10, then 1 (the stopped Gaby)
    assert winning_streak(CRAFTED, gaby_wins) == {"games": 4, "from": "2024-01-04",
                                                  "to": "2024-01-08"}
    assert winning_streak(CRAFTED[:3], gaby_wins) == {"games": 2, "from": "2024-01-01",
                                                      "to": "2024-01-02"}
    assert winning_streak([row("2024-01-01", 2)], gaby_wins) is None
    # two runs as long: the first one
    assert winning_streak([row("a", 1), row("b", 2), row("c", 1)], gaby_wins)["from"] == "a"


#: the other players of Alice's games: (name, games together, ranked above her), as the
#: summaries index sums them
COMPANIONS = [("Bob", 4, 2), ("Chloé", 3, 2), ("Dédé", 1, 1)]


def test_rival_and_nemesis_by_hand():
    # games together: Bob 4, Chloé 3, Dédé 1; Bob and Chloé both ranked above Alice twice:
    # Bob has more games together
    assert rival_and_nemesis(COMPANIONS) == ({"name": "Bob", "games": 4},
                                             {"name": "Bob", "beaten": 2, "games": 4})
    assert rival_and_nemesis([("Bob", 4, 1), ("Chloé", 3, 2)]) == (
        {"name": "Bob", "games": 4}, {"name": "Chloé", "beaten": 2, "games": 3})
    # a tie on games and on beatings: the name first in alphabetical order (case ignored)
    assert rival_and_nemesis([("zoé", 1, 1), ("Ana", 1, 1)]) == (
        {"name": "Ana", "games": 1}, {"name": "Ana", "beaten": 1, "games": 1})
    assert rival_and_nemesis([]) == (None, None)
    assert rival_and_nemesis([("Bob", 2, 0)])[1] is None


def test_companions_summed_by_the_index(tmp_path):
    """The sums of the index on a crafted history: who played with Alice, who beat her, a
    stopped Duel (no winner, G7) and a stopped Gaby (a winner) among them."""
    from test_cli_book import YAM, play_duel

    from yams_scorekeeper.store import Store

    db = str(tmp_path / "store")
    # one day apart: "bob" (the later spelling) is the name their last game together wrote
    play_duel(db, {"Alice": YAM, "Bob": {}}, at="2024-05-01T20:00:00+00:00")   # Alice beats Bob
    play_duel(db, {"Alice": {}, "bob": YAM}, at="2024-05-02T20:00:00+00:00")   # bob beats Alice
    play_duel(db, {"Alice": {}, "Chloé": YAM, "Dédé": {}},                     # Chloé 1st,
              at="2024-05-03T20:00:00+00:00")                                # Alice, Dédé 2nd
    play_duel(db, {"Alice": {}, "Chloé": {"1": "11111"}}, turns=1,             # stopped: no
              at="2024-05-04T20:00:00+00:00")                                # winner
    rows = sorted(Store(db).companions("alice", ["gaby"]))
    assert [r[:3] for r in rows] == [("Chloé", 2, 1), ("Dédé", 1, 0), ("bob", 2, 1)]
    assert [r[:3] for r in sorted(Store(db).companions("alice", ["duel"]))][0] == (
        "Chloé", 2, 2)                                       # were stopped Duels won
    assert rival_and_nemesis(Store(db).companions("alice", [])) == (
        {"name": "bob", "games": 2}, {"name": "bob", "beaten": 1, "games": 2})
    assert Store(db).companions("alice", [], seats=3)[0][:3] == ("Chloé", 1, 1)


def test_recent_average_and_periods():
    rows = [row(f"2024-02-{d:02d}", 1, total=t) for d, t in
            zip(range(1, 14), [100, 110, 120, 200, 200, 200, 200, 200, 200, 200, 200, 200,
                               300], strict=True)]
    # 13 games: the last 10 average (200 * 9 + 300) / 10 = 210, the 3 before 110
    assert average_trend(rows) == {"duel": {"recent": 210, "before": 110, "change": 100}}
    assert average_trend(rows[:10]) == {}
    assert [r["date"] for r in in_period(rows, "2024-02-12", None, None)] == [
        "2024-02-12", "2024-02-13"]
    assert len(in_period(rows, None, "2024-02", None)) == 13
    assert len(in_period(rows, "2024-03", None, None)) == 0
    assert len(in_period(CRAFTED, None, None, 3)) == 2


def test_a_players_games_as_columns_give_the_figures_of_the_rows():
    """``stats NAME`` reads the index's rows into columns (``GameRows``): the figures, the
    streak, the recent averages, the player counts and the period are those of the same
    games as history rows, worked out by hand."""
    from yams_scorekeeper.book.player_page import GameRows, by_players
    from yams_scorekeeper.book.records import stats_of_rows

    # (game, date, family, config_key, stopped, players, name, total, rank), oldest first
    index_rows = [("g1", "2024-01-01", "duel", "duel", 0, 2, "Ana", 200, 1),
                  ("g2", "2024-01-02", "duel", "duel", 0, 2, "Ana", 250, 2),
                  ("g3", "2024-01-03", "duel", "duel", 1, 2, "ana", 40, 1),   # stopped: no win
                  ("g4", "2024-02-01", "gaby", "gaby", 1, 3, "Ana", 90.5, 1),  # a Gaby win
                  ("g5", "2024-02-02", "duel", "duel", 0, 1, "Ana", 250, 1),   # solo: no win
                  ("g6", "2024-02-03", "duel", "duel", 0, 2, "Ana", 200, None)]
    labels = {"duel": "Duel au Yam"}
    games = GameRows.of_index(index_rows, labels)
    rows = [{"game": g, "date": d, "family": f, "config_key": k,
             "config_label": labels.get(k, k), "stopped_early": bool(s), "player_count": n,
             "player": name, "total": t, "rank": r}
            for g, d, f, k, s, n, name, t, r in index_rows]
    assert list(games) == rows and games[-2:] == rows[-2:] and len(games) == 6
    data = stats_of_rows(games, "ana")
    assert {**data, "history": rows} == stats_of_rows(rows, "ana")
    duel = data["by_config"]["duel"]
    # complete Duels: 200, 250, 250, 200; won: g1 only, of the 4 Duels of two players
    assert (duel["games"], duel["complete"], duel["wins"], duel["win_rate"]) == (5, 4, 1, 0.25)
    assert (duel["average"], duel["median"], duel["stdev"]) == (225, 225, 25)
    assert duel["best"] == {"total": 250, "date": "2024-01-02", "game": "g2",   # the first
                            "config_label": "Duel au Yam"}
    assert duel["worst"]["game"] == "g1" and data["by_config"]["gaby"]["label"] == "gaby"
    assert (data["games"], data["wins"], data["average"]) == (6, 2, None)   # two families
    assert winning_streak(games, gaby_wins) == winning_streak(rows, gaby_wins) == {
        "games": 1, "from": "2024-01-01", "to": "2024-01-01"}
    assert by_players(games, gaby_wins) == {"1": {"games": 1, "wins": 0},
                                            "2": {"games": 4, "wins": 1},
                                            "3": {"games": 1, "wins": 1}}
    assert average_trend(games, recent=2) == average_trend(rows, recent=2) == {
        "duel": {"recent": 225, "before": 225, "change": 0}}
    period = games.where("2024-01-02", "2024-02-01", 2)
    assert list(period) == in_period(rows, "2024-01-02", "2024-02-01", 2) == rows[1:3]
    empty = GameRows.of_index([], {})
    assert len(empty) == 0 and stats_of_rows(empty, "x")["best"] is None


def test_favourite_and_weakest_rows():
    lines = [{"row": "1", "made_rate": 0.9, "zero_rate": 0.1, "average": 2.5},
             {"row": "full", "made_rate": 0.9, "zero_rate": 0.1, "average": 25.0},
             {"row": "yam", "made_rate": 0.2, "zero_rate": 0.8, "average": 10.0}]
    assert favourite_rows(lines) == {"favourite": "full", "weakest": "yam"}
    assert favourite_rows([{**lines[0], "zero_rate": 0}]) == {"favourite": "1", "weakest": None}
    assert favourite_rows([]) == {"favourite": None, "weakest": None}


def test_row_stats_from_the_sheets_text_equal_those_of_the_decoded_sheets():
    sheets = [("y", "yahtzee", False, {"cells": [["y", "1", 3, False], ["y", "yahtzee", 50,
                                                                          False, 100]],
                                       "bonuses": {"upper": 0}}),
              ("y", "yahtzee", False, {"cells": [["y", "1", 0, True], ["y", "yahtzee", 0,
                                                                         True]],
                                       "bonuses": {"upper": 35}}),
              ("y", "yahtzee", True, {"cells": [["y", "1", 4, False]], "bonuses": {}}),
              ("d", "duel", False, {"cells": [], "bonuses": {}})]
    decoded = row_stats(iter(sheets), {})
    as_text = row_stats(((k, f, s, compact_text(sheet)) for k, f, s, sheet in sheets), {})
    assert as_text == decoded
    assert json.dumps(as_text) == json.dumps(decoded)           # the same order too
    y = decoded["y"]
    assert (y["sheets"], y["stopped"], y["yams"]["made"]) == (2, 1, 2)   # the cell, its bonus
    assert y["bonuses"]["upper"] == {"sheets": 2, "made": 1, "rate": 0.5}
    assert [(r["row"], r["cells"], r["average"], r["zeros"], r["scratched"]) for r in
            y["rows"]] == [("1", 2, 1.5, 1, 1), ("yahtzee", 2, 25, 1, 1)]


def test_stats_by_period_and_player_count_and_the_page(book):
    db, ids = book
    # Alice: 2024-04-30 won 262-212, 2024-05-01 lost 212-267, 2024-06-15 stopped (Chloé 4-3)
    data = js(db, "stats", "Alice")
    assert data["streak"] == {"games": 1, "from": "2024-04-30T20:00:00+00:00",
                              "to": "2024-04-30T20:00:00+00:00"}
    assert data["rival"] == {"name": "Bob", "games": 2}
    assert data["nemesis"] == {"name": "Bob", "beaten": 1, "games": 2}
    assert data["by_players"] == {"2": {"games": 3, "wins": 1}}
    may = js(db, "stats", "Alice", "--since", "2024-05-01", "--until", "2024-05")
    assert (may["games"], may["wins"], may["average"]) == (1, 0, 212)
    assert may["rival"] == {"name": "Bob", "games": 1} and may["streak"] is None
    assert js(db, "stats", "Alice", "--year", "2023")["games"] == 0
    assert "No finished game matches." in ok(db, "stats", "Alice", "--year", "2023").stdout
    assert js(db, "stats", "Alice", "--players", "3")["games"] == 0
    out = ok(db, "stats", "Alice").stdout
    assert "Longest winning streak: 1 game (2024-04-30 to 2024-04-30)" in out
    assert "Rival: Bob (2 games together) · nemesis: Bob (ranked above 1 time in 2)" in out
    fr = ok(db, "stats", "Alice", lang="fr").stdout
    assert "Rival : Bob (2 parties ensemble) · bête noire : Bob" in fr
    rows = js(db, "stats", "Alice", "--rows", "--until", "2024-05-01")["by_config"]["duel"]
    assert rows["sheets"] == 2 and rows["favourite"] and "weakest" in rows
    assert js(db, "stats", "Alice", "--rows", "--since", "2024-06")["by_config"]["duel"][
        "sheets"] == 0
