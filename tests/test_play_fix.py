"""``yams play``: the turn log (t), correcting a past turn (f N) with what changes shown before
confirming, and taking back the last cell of a finished game after a confirmation (issue 11)."""

from __future__ import annotations

from test_play import played

from yams_scorekeeper.store import Store

SETUP = ["duel", "Ana, Bob"]


def test_fix_a_past_turn_at_the_table(tmp_path):
    """Ana's full two turns back was a slip (23555, not 33555): f 1, the new dice, the
    changes shown, confirmed; Bob's turn goes on."""
    out = played(tmp_path, SETUP + ["33555/2", "full", "44412/1", "4", "66612/3", "6",
                                    "t", "f 1", "23555/2", "y", "t", "q"])
    assert "What changes:\n  Ana · Full: 25 -> 0\n  Ana's total: 43 -> 18\n" in out
    assert "Corrected." in out
    assert "was 33555/2 -> full" in out
    (game,) = Store(tmp_path).games_in_progress()
    assert game["events"] == 7


def test_a_refused_correction_names_the_later_turn_and_plus_adds_it(tmp_path):
    out = played(tmp_path, SETUP + ["33555/2", "full", "44412/1", "4", "66612/3", "6",
                                    "f 1", "33555/2 -> .6", "+3", "66612/3 -> full", "n",
                                    "q"])
    assert "turn 3 (Ana): Grille: 6 is already written" in " ".join(out.split())
    assert "What changes:\n  Ana · Full: 25 -> 0\n  Ana · 6: 18 -> 0\n" in out
    assert "Nothing was changed." in out
    (game,) = Store(tmp_path).games_in_progress()
    assert game["events"] == 6


def test_take_back_the_last_cell_of_a_finished_game(tmp_path):
    """Ana alone scratches twelve rows, then writes chance 30. After the ranking: u, confirmed,
    reopens the game (it leaves the archive); chance again; then f 13 writes 15 instead: the
    game stays finished, corrected in the archive (it does not leave it)."""
    turns = []
    for row in ("1", "2", "3", "4", "5", "6", "brelan", "carre", "full", "petite-suite",
                "grande-suite", "yam"):
        turns += ["12345/1", "x " + row]
    out = played(tmp_path, ["duel", "Ana"] + turns + [
        "66666/1", "chance", "u", "y", "chance", "f 13", "12345/1", "y", ""])
    assert out.count("Game over!") == 3
    assert "taking back its last cell reopens it" in " ".join(out.split())
    assert "this correction reopens it" not in " ".join(out.split())
    assert "this correction is written in the archive (the game stays finished)" in " ".join(
        out.split())
    assert out.count("Game reopened: it left the archive.") == 1       # the u
    assert "Game corrected in the archive: it is still finished." in out  # the f 13
    store = Store(tmp_path)
    assert store.games_in_progress() == []
    (entry,) = store.archived_games()
    assert entry["summary"]["players"][0]["total"] == 15
    assert entry["doc"]["events"][-1]["type"] == "amend"


FIRST_THREE = SETUP + ["33555/2", "full", "44412/1", "4", "66612/3", "6"]


def test_a_trailing_plus_n_goes_on_to_that_turn_in_the_same_go(tmp_path):
    """``ENTRY +3`` on one line (issue 20): the entry is held, turn 3 is asked next; the two
    are written in one correction, not read as two cells of one turn."""
    out = played(tmp_path, FIRST_THREE + ["f 1", "33555/2 -> 6 +3", "66612/3 -> full", "y",
                                          "q"])
    assert "doblar" not in out and "already written" not in out
    assert "The entry of turn 1 is held for this correction" in " ".join(out.split())
    assert "What changes:\n  Ana · Full: 25 -> 0\n  Ana · 6: 18 -> 0\n" in out
    assert "Corrected." in out
    (game,) = Store(tmp_path).games_in_progress()
    assert game["events"] == 7                       # one amendment for the two turns


def test_a_refused_line_leaves_nothing_held(tmp_path):
    """Two cells in a turn of a sheet without doblar: refused for itself, so the next +2 and
    Bob's new entry correct Bob's turn alone; Ana's full stays."""
    out = played(tmp_path, FIRST_THREE + ["f 1", "33555/2 -> 4 full", "+2",
                                          "44412/1 -> brelan", "y", "q"])
    assert "two cells in one turn need the doblar option" in out
    assert "held" not in out
    changes = out[out.index("What changes:"):out.index("Write this correction?")]
    assert "Bob · 3 pareils: - -> 12" in changes and "Ana" not in changes


def test_a_correction_that_changes_no_score_says_so(tmp_path):
    out = played(tmp_path, FIRST_THREE + ["f 1", "33555/3", "y", "t", "q"])
    assert "What changes:" not in out
    assert "No cell and no total changes: only the dice recorded for the turn do." in out
    assert "Corrected." in out and "was 33555/2 -> full" in out
