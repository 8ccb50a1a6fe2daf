"""The paper carnet of Double Yams: each row's scores under its rules (harmonies D5/D6, the
first roll D4, a missed sixth roll D9), a sheet replayed as a game, its totals the program's."""

from __future__ import annotations

import os

import pytest
from helpers import js, ok, one_line_error, run

from yams_scorekeeper.book.carnet import paper_game, read_carnet, row_scores
from yams_scorekeeper.rules import get_rules

#: A Double Yams sheet of 2011, by hand (D2-D9):
#: chiffres 5 + 10 + 15 + 20 + 25 + 60 (five clairs 6, in harmony: 2 x 30) = 135 >= 126:
#:   bonus +60 (D8), 195;
#: yams: brelan 15 (first roll, 3 x 5), carré 20 (harmony), youpi 25, René 50, supérieur
#:   -100 (an announced sixth roll missed), giga 0, ultra and impossible struck out: 10;
#: suites: double petite suite 50 (harmony), Marcel 100, triple 200, géante + paire 120
#:   (10 x (6 + 6)), géante + brelan 90 (10 x (3 + 3 + 3)): 560;
#: combinaisons: 20 + 100 + 200 (double carré in harmony) + 200 + 100 = 620;
#: différence (50 - 20) x the five 1s of row 1 = 150 (D3). Grand total 1535.
SHEET = """\
# The Double Yams carnet of Christmas 2011
rules: double
variant: classique
date: 2011-12
player: Alice
1: 5
2: 10
3: 15
4: 20
5: 25
6: 60
brelan: 15
carre: 20
youpi: 25
rene: 50
superieur: -100
giga: 0
ultra: x
impossible: x
double-petite-suite: 50
suite-marcel: 100
suite-royale: x
triple-suite: 200
geante-paire: 120
geante-brelan: 90
geante-carre: x
double-brelan: 20
triple-brelan: 100
double-carre: 200
double-yams: x
full-tordu: 200
grand-full: x
full-supreme: x
double-full: 100
plus: 50
moins: 20
total: 1500
"""


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "store")


def _write(tmp_path, text: str) -> str:
    path = tmp_path / "double.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_possible_double_yams_sheet_is_accepted_its_totals_worked_out(tmp_path, db):
    result = ok(db, "carnet", "--file", _write(tmp_path, SHEET))
    assert "Paper game" in result.stdout and "Double Yams classique, 2011-12" in result.stdout
    assert "Alice: the paper says 1500, the cells add up to 1535 (1535 kept)." in result.stdout
    game = js(db, "history")["games"][0]
    assert game["players"] == [{"name": "Alice", "total": 1535, "rank": 1}]
    assert game["paper"] == {"date": "2011-12", "records": False}
    again = paper_game(read_carnet(SHEET), "g", "2011-12-01T12:00:00")
    assert again.totals(again.sheets[0]).parts == {
        "chiffres": 195, "yams": 10, "suites": 560, "combinaisons": 620, "difference": 150}


def test_an_impossible_double_yams_value_is_refused_naming_the_rule(tmp_path, db):
    # three runs of three in harmony take six dice of one colour: there are five (D5)
    one_line_error(run(db, "carnet", "--file", _write(
        tmp_path, SHEET.replace("triple-suite: 200", "triple-suite: 400"))),
        "line 23: 400 in Triple suite: no 10 dice score that",
        "(expected: -200, 0, 200, 600)", "[D2]")
    # nine 1s leave one die: the five of the other colour all show 1, the row is doubled (D6)
    one_line_error(run(db, "carnet", "--file", _write(tmp_path, SHEET.replace("\n1: 5\n",
                                                                              "\n1: 9\n"))),
                   "line 6: 9 in 1: no 10 dice score that", "(expected: 5, 6, 7, 8, 10, 12)")
    # a missed sixth roll where the variant has none (D9, D10): refused where it stands
    one_line_error(run(db, "carnet", "--file", _write(
        tmp_path, SHEET.replace("classique", "critique"))),
        "line 16: Alice, Yams Supérieur: -100 cannot be written there",
        "(a sixth roll exists only in Double Yams classique and forcé) [D9]")
    assert not os.path.exists(os.path.join(db, "archive"))     # nothing written


def test_double_yams_row_scores_come_from_the_rules():
    double = get_rules("double")
    # n 1s, doubled when all five dice of a colour or a size show 1 (n >= 5, always at 9, 10)
    assert sorted(row_scores(double, "1")) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20]
    # base 5, x2 in harmony, x3 on the first roll, x6 both; -5 a missed announce
    assert sorted(row_scores(double, "brelan")) == [-5, 0, 5, 10, 15, 30]
    # six dice or more are never in harmony (D5)
    assert sorted(row_scores(double, "rene")) == [-50, 0, 50, 150]
    # 10 x (4 x v), x3 on the first roll; never in harmony (the run takes six dice)
    assert sorted(row_scores(double, "geante-carre")) == sorted(
        {s * f for v in range(1, 7) for s, f in ((40 * v, 1), (40 * v, 3), (-40 * v, 1))} | {0})
    assert sorted(row_scores(double, "plus")) == list(range(10, 61))
    assert 400 not in row_scores(double, "full-tordu")       # 4 + 3 + 3 in two colours of 5
    settings = get_rules("double", {"harmony_factor": 3})
    assert sorted(row_scores(settings, "brelan")) == [-5, 0, 5, 15, 45]


def test_the_interactive_form_takes_a_double_yams_sheet(db):
    """Nine 1s refused and asked again (D6), then the sheet above cell by cell."""
    cells = [line.split(":", 1)[1].strip() for line in SHEET.splitlines()[5:-1]]
    answers = ["double", "Alice", "2011-12", "n", "9"] + cells + ["1500"]
    result = ok(db, "carnet", input="\n".join(answers) + "\n")
    assert "! 9 in 1: no 10 dice score that (expected: 5, 6, 7, 8, 10, 12) [D2]" in result.stdout
    assert "Alice · Yams Supérieur: -100" in result.stdout
    assert js(db, "history")["games"][0]["players"] == [
        {"name": "Alice", "total": 1535, "rank": 1}]


def test_every_score_of_random_throws_is_in_its_rows_set():
    """Throws of the whole space (not only the families the sets are confirmed with), at the
    first roll and after: each row's score is one its set holds."""
    import random

    from yams_scorekeeper.base.dice import DOUBLE_SET, Die

    double = get_rules("double")
    sets = {row.id: row_scores(double, row.id) for row in double.rows}
    rng = random.Random(24)
    tags = [tag for tag, n in DOUBLE_SET.items() for _ in range(n)]
    for k in range(1500):
        dice = tuple(sorted(Die(rng.randint(1, 6), c, s) for c, s in tags))
        for figure in double.figures(dice, 1 + k % 2):
            assert figure.score in sets[figure.row], (dice, figure.row, figure.score)
