"""Every reader of a game's turns reads the game as corrected (issue 20, item 1).

A correction (``yams fix``, an ``amend`` event) and a reopening (``yams undo --game``, then new
turns) change which turns are in force; the one function that yields them is
:func:`yams_scorekeeper.engine.game.plain_events`. Each reader is checked here on a corrected game:
the review (exact and heuristic, one player and two), the hint on a resumed game, the per-row
statistics, the log, the transcript, and the table's undo of a correction.
"""

from __future__ import annotations

import pytest
from helpers import ENV, js, ok
from test_advice_cli import DUEL_ONE_JOKER, ONE_JOKER, SOLO

#: SOLO's total (test_advice_cli) and the same game with turn 1 corrected to 11111 (5, not 3)
SOLO_TOTAL, FIXED_TOTAL = 264, 266


@pytest.fixture
def db(tmp_path, cache_with, monkeypatch):
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with(*DUEL_ONE_JOKER))
    return str(tmp_path / "store")


def play_solo(db: str, players: tuple[str, ...] = ("Solo",)) -> str:
    """SOLO's turns for each player in turn (the same dice); returns the game id."""
    args = [a for name in players for a in ("-p", name)]
    game = js(db, "new", "-R", "duel", *ONE_JOKER, *args)["game"]
    for dice, roll, row in SOLO:
        for _ in players:
            ok(db, "enter", dice, "--roll", roll)
            ok(db, "mark", f"grille.{row}")
    return game


def adds_up(player: dict) -> bool:
    return player["final"] == pytest.approx(
        player["expected_start"] + player["luck"] - player["lost"], abs=0.01)


def test_the_review_of_a_corrected_game_adds_up_and_shows_the_corrected_dice(db):
    game = play_solo(db)
    ok(db, "fix", "1", "11111/3 -> 1", "--game", game[:8])
    (solo,) = js(db, "review", game[:8])["players"]
    first = solo["turns"][0]
    assert first["dice"] == [1, 1, 1, 1, 1] and first["row"] == "1" and first["score"] == 5
    assert solo["final"] == FIXED_TOTAL and adds_up(solo)
    text = ok(db, "review", game[:8]).stdout
    assert "turn 1: 1 1 1 1 1 (roll 3) → 1 5" in text and "1 1 1 2 3" not in text
    assert f"Solo: {FIXED_TOTAL} points" in text


def test_in_a_two_player_game_both_reviews_use_the_corrected_scores(db):
    game = play_solo(db, ("Ana", "Bob"))
    ok(db, "fix", "2", "11111/3 -> 1", "4", "22222/1 -> 2", "--game", game[:8])   # Bob's
    ana, bob = js(db, "review", game[:8])["players"]
    assert ana["final"] == SOLO_TOTAL and adds_up(ana)
    assert bob["final"] == SOLO_TOTAL + 2 + 4 and adds_up(bob)
    assert [t["dice"] for t in bob["turns"][:2]] == [[1] * 5, [2] * 5]
    history = js(db, "history")
    (entry,) = history["games"]
    assert {p["name"]: p["total"] for p in entry["players"]} == {"Ana": SOLO_TOTAL,
                                                                  "Bob": SOLO_TOTAL + 6}


def test_the_review_after_a_reopening_reads_the_turn_written_again(db):
    """The last cell taken back (the game leaves the archive), then written with other dice:
    the review judges the new turn, and still adds up."""
    game = play_solo(db)
    ok(db, "undo", "--game", game[:8])                   # reopens: chance 30 taken back
    ok(db, "undo")                                       # and its dice
    ok(db, "enter", "66665", "--roll", "1")
    ok(db, "mark", "grille.chance")
    ok(db, "fix", "1", "11111/3 -> 1", "--game", game[:8])   # reopened a second time
    (solo,) = js(db, "review", game[:8])["players"]
    assert solo["turns"][-1]["dice"] == [5, 6, 6, 6, 6] and solo["turns"][-1]["score"] == 29
    assert solo["turns"][0]["dice"] == [1] * 5
    assert solo["final"] == FIXED_TOTAL - 1 and adds_up(solo)


def test_the_heuristic_review_reads_the_corrected_cells(db):
    game = js(db, "new", "-R", "classic", "-p", "Ana")["game"]
    ok(db, "enter", "66662", "--roll", "3")
    ok(db, "mark", "libre.6")
    ok(db, "enter", "33312", "--roll", "3")
    ok(db, "mark", "libre.3")
    ok(db, "fix", "1", "66666/3 -> libre.6", "--game", game[:8])
    (ana,) = js(db, "review", game[:8])["players"]
    assert ana["turns"][0]["coups"] == [{"dice": ["6"] * 5, "roll": 3}]
    assert ana["turns"][0]["cells"] == [{"column": "libre", "row": "6", "score": 30}]
    assert ana["final"] == 30 + 9


def test_the_hint_on_a_resumed_game_counts_the_corrected_score(db):
    game = js(db, "new", "-R", "duel", *ONE_JOKER, "-p", "Ana")["game"]
    ok(db, "enter", "11123", "--roll", "3")
    ok(db, "mark", "grille.1")
    assert js(db, "hint")["so_far"] == 3
    ok(db, "fix", "1", "44442/3 -> 4", "--game", game[:8])
    hint = js(db, "hint", "--game", game[:8])
    assert hint["so_far"] == 16 and "1" in hint["open"] and "4" not in hint["open"]


def test_row_stats_count_the_corrected_cell(db):
    game = play_solo(db)
    before = js(db, "stats", "Solo", "--rows")["by_config"]
    ones = next(r for r in next(iter(before.values()))["rows"] if r["row"] == "1")
    assert ones["best"] == 3
    ok(db, "fix", "1", "11111/3 -> 1", "--game", game[:8])
    after = js(db, "stats", "Solo", "--rows")["by_config"]
    ones = next(r for r in next(iter(after.values()))["rows"] if r["row"] == "1")
    assert ones["best"] == 5 and ones["cells"] == 1


def test_log_and_transcript_show_the_corrected_turn_after_a_reopening(db):
    game = play_solo(db)
    ok(db, "fix", "1", "11111/3 -> 1", "--game", game[:8])
    log = ok(db, "log", "--game", game[:8]).stdout
    assert "11111" in log and "was 11123/3 -> 1" in log
    transcript = ok(db, "transcript", "--game", game[:8]).stdout
    first = next(line for line in transcript.splitlines() if line.startswith("Solo:"))
    assert first.startswith("Solo: 11111/3 -> 1") and "was 11123/3 -> 1" in first


def test_the_table_says_which_correction_its_undo_cancels(tmp_path):
    from test_play import played

    out = played(tmp_path, ["duel", "Ana, Bob", "33555/2", "full", "44412/1", "4",
                            "f 1", "23555/2", "y", "u", "q"])
    assert "Undone: the correction of turn 1." in out
    assert "Undone: the end of the game." not in out
