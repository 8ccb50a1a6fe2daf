"""`yams hint` against a temp store, with the session's shared table cache.

Duel is played here with one joker (``--setting jokers=1``): its table is half the size of the
three-joker one and shows every joker behaviour; the Yahtzee table is the literature test's."""

from __future__ import annotations

import pytest
from helpers import ENV, js, ok, one_line_error, run

#: the house rule of every Duel sheet here
ONE_JOKER = ("--setting", "jokers=1")
#: their rules, as ``cache_with`` (conftest) takes them
DUEL_ONE_JOKER = ("duel", {"jokers": 1})


@pytest.fixture
def db(tmp_path, cache_with, monkeypatch):
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with(*DUEL_ONE_JOKER))
    return str(tmp_path / "store")


def test_hint_on_an_empty_duel_sheet_is_the_tables_expectation(db, solved):
    from yams_scorekeeper.advice.solver import State
    from yams_scorekeeper.advice.spec import spec_for
    from yams_scorekeeper.rules import get_rules

    data = js(db, "hint", "--rules", "duel", *ONE_JOKER, "--start")
    table = solved(spec_for(get_rules("duel", {"jokers": 1})))
    assert data["expected"] == pytest.approx(table.future(State(0, 0, 1)), abs=1e-3)
    assert data["method"] == "exact" and data["jokers_left"] == 1 and len(data["open"]) == 13
    no_joker = js(db, "hint", "--rules", "duel", *ONE_JOKER, "--start", "--jokers", "0")
    assert no_joker["expected"] < data["expected"] - 10         # a joker is worth a lot


def test_keep_advice_after_roll_one_and_two(db):
    first = js(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "5", "5", "5", "3", "1",
               "--roll", "1")
    assert [k["keep"] for k in first["keeps"]][0] == [5, 5, 5]
    assert len(first["keeps"]) == 3 and first["keeps"][0]["loss"] == 0
    losses = [k["loss"] for k in first["keeps"]]
    assert losses == sorted(losses)
    second = js(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "55531", "--roll", "2")
    assert second["keeps"][0]["expected"] < first["keeps"][0]["expected"]   # one roll fewer


def test_cell_advice_after_the_last_roll(db):
    data = js(db, "hint", "-R", "duel", *ONE_JOKER, "--filled", "1=3,2=6,3=9,4=12,6=18",
              "--jokers", "0",
              "5", "5", "5", "5", "2", "--roll", "3")
    best = data["cells"][0]
    assert best["row"] == "5" and best["score"] == 20            # 20 brings the bonus (U3)
    assert data["so_far"] == 48
    assert all(c["loss"] >= 0 for c in data["cells"])
    text = ok(db, "hint", "-R", "duel", *ONE_JOKER, "--filled", "1=3,2=6,3=9,4=12,6=18",
              "--jokers", "0",
              "55552", "-r", "3").stdout
    assert "Expected final score" in text and "1. 5 20" in text


def test_duel_joker_in_the_cell_advice(db):
    data = js(db, "hint", "-R", "duel", *ONE_JOKER, "--filled",
              "1=3,2=6,3=9,4=12,5=15,6=18,brelan=12,carre=16,full=25,petite-suite=30,"
              "grande-suite=40,chance=20", "--jokers", "1", "44443", "-r", "3")
    assert data["cells"][0] == {**data["cells"][0], "row": "yam", "score": 50, "joker": [3, 4]}


def test_hint_follows_the_game_in_progress(db):
    game = js(db, "new", "-R", "duel", *ONE_JOKER, "-p", "Alice", "-p", "Bob")["game"]
    start = js(db, "hint")
    assert start["so_far"] == 0 and start["jokers_left"] == 1
    ok(db, "enter", "6", "6", "6", "6", "1", "--roll", "3")
    cells = js(db, "hint", "--game", game[:6])["cells"]
    assert cells[0]["joker"] is None or cells[0]["joker"] == [1, 6]
    assert {c["row"] for c in cells} <= {"6", "yam", "carre", "brelan", "chance", "1"}


def test_hint_refuses_bad_input(db):
    one_line_error(run(db, "hint", "-R", "duel", *ONE_JOKER, "--filled", "brelan"), "brelan")
    one_line_error(run(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "5", "5", "5", "3",
                       "-r", "1"))
    one_line_error(run(db, "hint", "--start"), "--rules")
    one_line_error(run(db, "hint", "-R", "gaby", "--start"), "game in progress")


#: a solo Duel game, one turn a row (dice, roll, row): the last turn throws a yam into chance
SOLO = [("11123", "3", "1"), ("22256", "2", "2"), ("33345", "3", "3"), ("44442", "1", "4"),
        ("55551", "3", "5"), ("66612", "3", "6"), ("44456", "2", "brelan"),
        ("55552", "3", "carre"), ("33322", "1", "full"), ("12346", "2", "petite-suite"),
        ("23456", "3", "grande-suite"), ("65543", "3", "yam"), ("66666", "2", "chance")]


def test_review_of_a_finished_game_adds_up(db):
    game = js(db, "new", "-R", "duel", *ONE_JOKER, "-p", "Solo")["game"]
    for dice, roll, row in SOLO:
        ok(db, "enter", dice, "--roll", roll)
        ok(db, "mark", f"grille.{row}")
    data = js(db, "review", game[:8])
    (solo,) = data["players"]
    assert solo["final"] == 3 + 6 + 9 + 16 + 20 + 18 + 35 + 12 + 20 + 25 + 30 + 40 + 0 + 30
    assert len(solo["turns"]) == 13 and all(t["loss"] >= 0 for t in solo["turns"])
    assert solo["final"] == pytest.approx(solo["expected_start"] + solo["luck"] - solo["lost"],
                                          abs=0.01)
    scratched = solo["turns"][-2]           # 6 5 5 4 3 into the yam: chance 23 was better
    assert scratched["row"] == "yam" and scratched["score"] == 0 and scratched["loss"] > 0
    assert solo["turns"][-1]["loss"] == 0   # one cell left: no choice
    text = ok(db, "review", game[:8]).stdout
    assert "Solo: 264 points" in text and "points lost to choices" in text


def test_play_shows_the_hint_only_when_asked(tmp_path, cache_with, monkeypatch):
    from test_play import play

    solver_cache = cache_with("yahtzee")
    db = tmp_path / "store"
    monkeypatch.setenv("YAMS_CACHE", solver_cache)
    lines = ["yahtzee", "Solo", "hint 55531/1", "hint 55531", "55531/3", "hint", "q"]
    out = play(db, lines, env={"YAMS_CACHE": solver_cache}).stdout
    assert "exact solver" in out and "keep" in out and "1. 5 5 5" in out
    assert "after which roll" in out              # 'hint' with dice needs the roll
    assert "Dice 1 3 5 5 5: write" in out         # after the entry: the cells
    unasked = play(tmp_path / "other", ["yahtzee", "Solo", "55531/3", "q"],
                   env={"YAMS_CACHE": solver_cache}).stdout
    assert "exact solver" not in unasked and "Expected final score" not in unasked


def test_numpy_stays_off_the_other_commands():
    import subprocess
    import sys

    code = ("import sys; from yams_scorekeeper.cli.app import app; "
            "from yams_scorekeeper.engine import game; from yams_scorekeeper.store import session; "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_multi_column_games_get_the_heuristic_said_so(db):
    game = js(db, "new", "-R", "classic", "-p", "Ana")["game"]      # three columns
    start = js(db, "hint")
    assert start["method"] == "heuristic" and start["heuristic"] is True
    assert start["expected"] is None and len(start["open"]) == 3 * 12
    text = ok(db, "hint", "66662", "--roll", "1").stdout
    assert "HEURISTIC adviser (not proven optimal)" in text and "exact" not in text
    ok(db, "enter", "66666", "--roll", "3")
    cells = js(db, "hint")["cells"]
    assert cells[0]["column"] in ("libre", "montante") and cells[0]["row"] == "yam"
    assert cells[0]["score"] == 130 and cells[0]["loss"] == 0
    ok(db, "mark", f"{cells[0]['column']}.yam")
    review = js(db, "review", game[:8])
    assert review["method"] == "heuristic" and review["heuristic"] is True
    (ana,) = review["players"]
    assert ana["final"] == 130 and ana["turns"][0]["loss"] == 0
    assert "HEURISTIC" in ok(db, "review", game[:8]).stdout


def test_a_double_yams_review_says_its_luck_is_an_estimate(db):
    game = js(db, "new", "-R", "double", "-p", "Ana")["game"]
    ok(db, "enter", "cp665 fp12 cg34 fg556", "--roll", "2")
    cell = js(db, "hint")["cells"][0]
    ok(db, "mark", f"{cell['column']}.{cell['row']}")
    review = js(db, "review", game[:8])
    assert review["luck_estimated"] is True and review["luck_samples"] > 0
    (ana,) = review["players"]
    assert isinstance(ana["luck"], float) and ana["luck_estimated"] is True
    assert review == js(db, "review", game[:8])
    assert "Luck is an ESTIMATE" in ok(db, "review", game[:8]).stdout
    assert "La chance est une ESTIMATION" in ok(db, "--lang", "fr", "review", game[:8]).stdout


def test_dice_with_their_roll_after_a_slash_as_score_takes_them(db):
    slash = js(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "55321/1")
    option = js(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "55321", "--roll", "1")
    assert slash == option and slash["keeps"]
    twice = run(db, "hint", "-R", "duel", *ONE_JOKER, "--start", "55321/1", "--roll", "1")
    one_line_error(twice, "roll")
