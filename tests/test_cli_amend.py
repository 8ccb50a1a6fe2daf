"""``yams log``, ``yams fix`` and ``yams undo --game`` on a finished game (issue 11)."""

from __future__ import annotations

from helpers import js, ok, one_line_error, run

TURNS = [("11234/2", "libre.1"), ("22135/2", "libre.2"), ("44412/2", "libre.4"),
         ("55123/2", "libre.5"), ("66612/2", "libre.6")]


def three_players(db: str) -> str:
    game = js(db, "new", "-R", "classic", "-p", "Ana", "-p", "Bob", "-p", "Léo",
              "-c", "libre")["game"]
    for dice, cell in TURNS:
        ok(db, "enter", dice)
        ok(db, "mark", cell)
    return game


def test_log_lists_every_turn_with_its_corrections(tmp_path):
    db = str(tmp_path)
    three_players(db)
    data = js(db, "log")
    assert [(t["turn"], t["player"], t["marks"][0]["row"], t["marks"][0]["score"])
            for t in data["turns"]] == [(1, "Ana", "1", 2), (2, "Bob", "2", 4),
                                        (3, "Léo", "4", 12), (4, "Ana", "5", 10),
                                        (5, "Bob", "6", 18)]
    assert data["turns"][2]["coups"][0] == {"dice": list("12444"), "rolled": list("12444"),
                                            "roll": 2, "joker": None, "announce": None}
    text = ok(db, "log").stdout
    assert "Léo" in text and "12444" in text and "12" in text


def test_fix_changes_one_past_entry_and_keeps_the_rest(tmp_path):
    db = str(tmp_path)
    three_players(db)
    before = js(db, "sheet")
    out = js(db, "fix", "3", "Léo: 44442/2")
    assert out["changes"][0]["old"]["coups"][0]["dice"] == list("12444")
    assert out["changes"][0]["new"]["coups"][0]["dice"] == list("24444")
    assert out["totals"] == [{"name": "Ana", "before": 12, "after": 12},
                             {"name": "Bob", "before": 22, "after": 22},
                             {"name": "Léo", "before": 12, "after": 16}]
    after = js(db, "sheet")
    assert before["players"][:2] == after["players"][:2]
    assert after["current"] == before["current"] == "Léo"
    log = js(db, "log")["turns"][2]
    assert log["marks"][0]["score"] == 16 and len(log["amendments"]) == 1
    text = ok(db, "fix", "4", "libre.plus").stdout
    assert "Turn 4 (Ana): 12355/2 -> 5  =>  12355/2 -> plus (16)" in text
    assert "Ana 12 → 18" in text
    assert "# amended " in ok(db, "transcript").stdout
    undone = js(db, "undo")
    assert undone["cancelled"]["type"] == "amend"


def test_fix_that_breaks_a_later_turn_names_it_and_writes_nothing(tmp_path):
    db = str(tmp_path)
    three_players(db)
    ok(db, "enter", "33312/2")
    ok(db, "mark", "libre.3")                      # Léo, turn 6
    before = js(db, "log")
    line = one_line_error(run(db, "fix", "3", "33312/2 -> libre.3"), "turn 6 (Léo)", "[G3]",
                          code=3)
    assert "nothing was changed" in line
    assert js(db, "log") == before
    out = js(db, "fix", "3", "33312/2 -> libre.3", "6", "44412/2 -> libre.4")
    assert [c["turn"] for c in out["changes"]] == [3, 6]
    one_line_error(run(db, "fix", "3"), "turn number followed by its new entry")
    one_line_error(run(db, "fix", "x", "33312/2"), "not a turn number")
    one_line_error(run(db, "fix", "3", "Ana: 33312/2"), "turn 3 was Léo's")
    one_line_error(run(db, "fix", "9", "33312/2"), "no finished turn 9")
    assert js(db, "fix", "1", "Ana: -> libre.moins")["totals"][0]["after"] == 11 + 10


def test_undo_and_fix_reopen_a_finished_game(tmp_path):
    db = str(tmp_path)
    game = js(db, "new", "-R", "duel", "-p", "Ana")["game"]
    rows = ["1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
            "grande-suite", "chance", "yam"]
    for row in rows:
        ok(db, "enter", "55555/1")
        ok(db, "mark", "." + row if row.isdigit() else row)
    # fives 25, brelan 15, carre 20, chance 25, yam 50 (U2); a yam is no full (G2)
    assert js(db, "history")["games"][0]["players"][0]["total"] == 135
    one_line_error(run(db, "undo"), "no game in progress", f"--game {game[:8]}", code=4)
    out = js(db, "undo", "--game", game[:8])
    assert out["reopened"] is True and out["player"] == "Ana" and out["coup"] == 1
    assert js(db, "history")["games"] == []
    assert js(db, "records") != {} and [g["id"] for g in js(db, "games")["games"]] == [game]
    ok(db, "mark", "yam=0")                        # finished again, yam scratched
    (row,) = js(db, "history")["games"]
    assert row["players"][0]["total"] == 85
    fixed = js(db, "fix", "13", "55555/1 -> yam", "--game", game[:8])
    assert fixed["reopened"] and fixed["finished"]
    assert fixed["totals"] == [{"name": "Ana", "before": 85, "after": 135}]
    (row,) = js(db, "history")["games"]
    assert row["players"][0]["total"] == 135 and js(db, "games")["games"] == []
