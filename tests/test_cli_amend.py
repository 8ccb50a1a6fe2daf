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


DUEL_ROWS = ["1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
             "grande-suite", "chance", "yam"]


def solo_duel(db: str, after=None) -> str:
    """Ana alone plays Duel au Yam, 55555/1 on every row in order (135: fives 25, brelan 15,
    carre 20, chance 25, yam 50); ``after(row)`` runs after each row is written. The id."""
    game = js(db, "new", "-R", "duel", "-p", "Ana")["game"]
    for row in DUEL_ROWS:
        ok(db, "enter", "55555/1")
        ok(db, "mark", "." + row if row.isdigit() else row)
        if after is not None:
            after(row)
    return game


def test_undo_and_fix_reopen_a_finished_game(tmp_path):
    db = str(tmp_path)
    game = solo_duel(db)
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


def test_history_log_and_transcript_show_the_corrections_and_reopenings(tmp_path):
    """A past turn corrected during the game, the game reopened after its finish (the last
    cell taken back, then a past turn corrected): the history marks the game with how many
    corrections and reopenings; the log and the transcript show each correction (whose turn,
    when, what it was, what it is) and the reopening; an export keeps them."""
    db = str(tmp_path / "store")
    game = solo_duel(db, lambda row: row == "4" and js(db, "fix", "3", "33312/1"))
    (row,) = js(db, "history")["games"]
    assert (row["amendments"], row["reopened"]) == (1, None)
    assert "Duel au Yam (1 correction)" in ok(db, "history").stdout
    first = row["date"]
    assert js(db, "undo", "--game", game[:8])["reopened"] is True
    ok(db, "mark", "yam=0")                             # finished again
    js(db, "fix", "1", "11112/1", "--game", game[:8])   # reopened and finished again at once
    (row,) = js(db, "history")["games"]
    assert row["amendments"] == 2 and row["date"] == first
    assert row["reopened"]["times"] == 2 and row["reopened"]["at"] >= first
    assert "Duel au Yam (2 corrections, reopened ×2)" in ok(db, "history").stdout
    assert "(2 corrections, rouverte ×2)" in ok(db, "history", lang="fr").stdout
    log = js(db, "log", "--game", game[:8])
    assert log["reopened"] == {**row["reopened"], "date": first}
    assert [(t["turn"], t["player"], [a["old"]["coups"][0]["dice"] for a in t["amendments"]],
             t["coups"][0]["rolled"]) for t in log["turns"] if t["amendments"]] == [
        (1, "Ana", [list("55555")], list("11112")), (3, "Ana", [list("55555")], list("12333"))]
    text = ok(db, "log", "--game", game[:8]).stdout
    assert "was 55555/1 -> 1" in text and "was 55555/1 -> 3" in text
    assert "Reopened after its finish 2 times (last " in text
    transcript = ok(db, "transcript", "--game", game[:8]).stdout
    assert transcript.startswith(f"# Duel au Yam; first finished {first}, reopened ")
    assert "Ana: 11112/1 -> 1  # amended " in transcript
    assert ": was 55555/1 -> 3" in transcript and "Ana: 55555/1 -> yam=0" in transcript
    replayed = js(None, "replay", "-", input=transcript)
    assert replayed["players"][0]["totals"]["grand"] == row["players"][0]["total"]
    other = str(tmp_path / "other")
    ok(db, "export", str(tmp_path / "book.json"))
    ok(other, "import", str(tmp_path / "book.json"))
    assert js(other, "history") == js(db, "history")


def test_undo_of_a_correction_after_the_finish_finishes_the_game_again(tmp_path):
    """The last entry in force of a finished game is a correction: undo cancels it, and the
    game, full again, is archived again (it does not say whose turn it is)."""
    db = str(tmp_path)
    game = solo_duel(db)
    js(db, "fix", "1", "11112/1", "--game", game[:8])
    undone = js(db, "undo", "--game", game[:8])
    assert undone["cancelled"]["type"] == "amend" and undone["finished"] is True
    (row,) = js(db, "history")["games"]
    assert row["players"][0]["total"] == 135 and row["amendments"] == 0
    ok(db, "fix", "1", "11112/1", "--game", game[:8])
    out = ok(db, "undo", "--game", game[:8]).stdout
    assert "To play" not in out and "135" in out


def test_fix_of_a_finished_game_that_stays_finished_says_it_was_corrected_in_place(tmp_path):
    """``yams fix ... --game`` on a finished game that the correction leaves finished: it is
    corrected in the archive (never out of it), and says so, in English and in French, as
    ``yams undo --game`` does when it cancels such a correction; the sentence of a game
    leaving the archive belongs to a reopening (its last cell taken back)."""
    db = str(tmp_path)
    game = solo_duel(db)
    out = ok(db, "fix", "13", "55555/1 -> yam=0", "--game", game[:8]).stdout
    assert out.startswith(f"Game {game[:8]} corrected in the archive: it is still finished "
                          "and the records were recounted with the correction.\n")
    assert "left the archive" not in out and "Ana 135 → 85" in out
    assert js(db, "games")["games"] == [] and len(js(db, "history")["games"]) == 1
    out = ok(db, "--lang", "fr", "fix", "13", "55555/1 -> yam", "--game", game[:8]).stdout
    assert out.startswith(f"Partie {game[:8]} corrigée dans l'archive : elle reste finie")
    assert "quitté" not in out
    for _ in range(2):                                  # each correction cancelled: finished
        out = ok(db, "undo", "--game", game[:8]).stdout
        assert out.startswith(f"Game {game[:8]} corrected in the archive: it is still finished")
        assert "Cancelled: the correction of turn 13" in out and "left the archive" not in out
    out = ok(db, "undo", "--game", game[:8]).stdout     # its last cell taken back: reopened
    assert out.startswith(f"Game {game[:8]} reopened: it left the archive and the records "
                          "were recounted without it.\n")
    assert [g["id"] for g in js(db, "games")["games"]] == [game]
