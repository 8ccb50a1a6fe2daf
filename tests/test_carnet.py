"""The paper carnet (``yams carnet``): values checked possible for their rows and where they
stand, totals worked out by the program, the game kept "from paper"."""

from __future__ import annotations

import os
import random

import pytest
from helpers import js, ok, one_line_error, run

from yams_scorekeeper.base.errors import EntryError
from yams_scorekeeper.book.carnet import (
    paper_game,
    read_carnet,
    row_scores,
    sheet_cells,
    typed_totals,
)
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.rules import get_rules

#: a Yatzy sheet of 1998 as written on paper. By hand: Alice's upper section 3+6+9+12+15+18 =
#: 63 earns the bonus of 50 (113); her lower section 12+22+15+20+15+0+26+23+50 = 183; grand
#: total 296, where the paper says 300. Bob: 2+4+6+8+10+12 = 42, no bonus; 10+9+20+17 = 56;
#: 98 (the paper says 98).
YATZY = """\
# Grandma's carnet, summer 1998
rules: yatzy
date: 1998-07
player: Alice
1: 3
2: 6
3: 9
4: 12
5: 15
6: 18
one pair: 12
two pairs: 22
three of a kind: 15
four of a kind: 20
small straight: 15
large straight: x
full house: 26
chance: 23
yatzy: 50
total: 300
player: Bob
1: 2
2: 4
3: 6
4: 8
5: 10
6: 12
one pair: 10
two pairs: 0
three of a kind: 9
four of a kind: 0
small straight: 0
large straight: 20
full house: 0
chance: 17
yatzy: x
total: 98
"""


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "store")


def _write(tmp_path, text: str, name: str = "carnet.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_possible_sheet_is_accepted_its_totals_recomputed(tmp_path, db):
    result = ok(db, "carnet", "--file", _write(tmp_path, YATZY))
    assert "added to the history, not to the records" in result.stdout
    assert "Alice: the paper says 300, the cells add up to 296 (296 kept)." in result.stdout
    assert "Bob: the paper says" not in result.stdout
    game = js(db, "history")["games"][0]
    assert [(p["name"], p["total"], p["rank"]) for p in game["players"]] == [
        ("Alice", 296, 1), ("Bob", 98, 2)]
    assert game["paper"] == {"date": "1998-07", "records": False}
    assert game["date"] == "1998-07-01T12:00:00" and game["evening"] is None
    # in the statistics, not in the records (the carnet did not ask for them)
    assert js(db, "stats", "Alice")["games"] == 1
    assert js(db, "records") == {"configs": {}, "games_counted": 1}
    rows = {r["row"]: r for r in js(db, "stats", "Alice", "--rows")["by_config"]["yatzy"]["rows"]}
    assert rows["full-house"]["best"] == 26 and rows["large-straight"]["scratch_rate"] == 1


def test_the_records_only_when_asked(tmp_path, db):
    data = js(db, "carnet", "--file", _write(tmp_path, YATZY.replace(
        "date: 1998-07", "date: 1998\nrecords: yes")))
    assert data["paper"] == {"date": "1998", "records": True}
    assert data["date"] == "1998-01-01T12:00:00"
    assert [(p["player"], p["total"], p["typed"]) for p in data["players"]] == [
        ("Alice", 296, 300), ("Bob", 98, 98)]
    record = js(db, "records")["configs"]["yatzy"]["records"]["total"]
    assert (record["value"], record["player"]) == (296, "Alice")
    # --no-records overrides the carnet's line
    js(db, "carnet", "--file", _write(tmp_path, YATZY.replace("Alice", "Zoé").replace(
        "3: 9", "3: 12").replace("date: 1998-07", "date: 1999\nrecords: yes"), "b.txt"),
        "--no-records")
    record = js(db, "records")["configs"]["yatzy"]["records"]["total"]
    assert (record["value"], record["player"]) == (296, "Alice")      # Zoé's 299 kept out


def test_an_impossible_value_is_refused_naming_the_rule(tmp_path, db):
    """No five dice make 17 in three of a kind (3 x a face: 3, 6, ... 18)."""
    text = YATZY.replace("three of a kind: 15", "three of a kind: 17")
    line = one_line_error(run(db, "carnet", "--file", _write(tmp_path, text)),
                          "line 13: 17 in Three of a kind: no 5 dice score that",
                          "(expected: 3, 6, 9, 12, 15, 18)", "[Z2]")
    assert line
    assert not os.path.exists(os.path.join(db, "archive"))     # nothing written


def test_row_scores_come_from_the_rules():
    gaby = get_rules("gaby")
    # Gaby's brelan: 10 + 3 x the face (13 to 28), or 0
    assert sorted(row_scores(gaby, "brelan")) == [0, 13, 16, 19, 22, 25, 28]
    classic = get_rules("classic")
    assert sorted(row_scores(classic, "suite")) == [0, 55, 60]
    assert min(s for s in row_scores(classic, "full") if s) == 32    # 25 + 1+1+1+2+2
    dice, roll = row_scores(classic, "full")[32][0]
    assert classic.score_row("full", dice, roll).score == 32


def test_a_value_the_rules_refuse_where_it_stands(tmp_path, db):
    """Classic C3: once moins is written the plus stays strictly above it; a plus of 20 and a
    moins of 25 in one column can be written in no order."""
    game = play_random_game(make_config("classic", ["Ann"]), random.Random(3))
    text = _carnet_of(game)
    bad = text.replace("libre.plus: ", "libre.plus: 20 #").replace(
        "libre.moins: ", "libre.moins: 25 #")
    line = one_line_error(run(db, "carnet", "--file", _write(tmp_path, bad)),
                          "Ann, Libre Moins: 25 cannot be written there",
                          "the moins must stay below the plus (20) (C3)")
    assert "plus" in line.lower()


def _carnet_of(game) -> str:
    """A finished game's sheets as a carnet (values only)."""
    cfg = game.config
    lines = [f"rules: {cfg.family}", "date: 2001-05-17", "columns: " + " ".join(cfg.columns)]
    if cfg.options:
        lines.append("options: " + " ".join(cfg.options))
    if cfg.optional_rows:
        lines.append("rows: " + " ".join(cfg.optional_rows))
    if cfg.variant:
        lines.append(f"variant: {cfg.variant}")
    if cfg.direction:
        lines.append(f"direction: {cfg.direction}")
    for sheet in game.sheets:
        lines.append(f"player: {sheet.name}")
        for key, _, _ in sheet_cells(cfg):
            column, _, row = key.rpartition(".")
            mark = sheet.marks[(column or game.columns[0].id, row)]
            lines.append(f"{key}: {'x' if mark.scratch else mark.score}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("family,players,seed", [
    ("classic", 3, 1), ("gaby", 2, 3), ("gaby", 3, 5), ("duel", 2, 2), ("yatzy", 2, 4),
    ("yahtzee", 2, 6), ("double", 2, 7), ("double:force", 2, 8), ("double:critique", 2, 9),
    ("double:165", 3, 10), ("double:force:decroissant", 2, 11)])
def test_a_game_played_here_typed_back_from_paper_adds_up_the_same(family, players, seed):
    """Any legal sheet is accepted, whatever order its cells were written in at the table
    (ordered columns, Gaby's bloquant, classic's plus and moins: the search finds one; Double
    Yams' harmonies, first rolls and missed sixth rolls, in each of its variants)."""
    names = ["Ann", "Bob", "Cat"][:players]
    family, _, variant = family.partition(":")
    variant, _, direction = variant.partition(":")
    game = play_random_game(make_config(family, names, variant=variant or None,
                                        direction=direction or None), random.Random(seed))
    assert not game.stopped
    carnet = read_carnet(_carnet_of(game))
    again = paper_game(carnet, "g", "2001-05-17T12:00:00")
    assert again.finished
    assert [again.totals(s).parts for s in again.sheets] == [
        game.totals(s).parts for s in game.sheets]
    assert [p["total"] for p in typed_totals(carnet, again)] == sorted(
        (game.totals(s).grand for s in game.sheets), reverse=True)


def test_a_sheet_with_a_cell_missing_or_a_bad_date(tmp_path, db):
    one_line_error(run(db, "carnet", "--file", _write(tmp_path, YATZY.replace("chance: 23\n", ""))),
                   "Alice's sheet lacks 1 cell: Chance")
    one_line_error(run(db, "carnet", "--file",
                       _write(tmp_path, YATZY.replace("1998-07", "1998-13"))),
                   "'1998-13' is not a date")
    one_line_error(run(db, "carnet", "--file", _write(tmp_path, YATZY.replace("1: 3", "1: trois"))),
                   "line 5: 'trois' is not a value")
    assert not os.path.exists(os.path.join(db, "archive"))


def test_the_paper_mark_travels_in_an_export(tmp_path, db):
    ok(db, "carnet", "--file", _write(tmp_path, YATZY))
    book = str(tmp_path / "book.json")
    ok(db, "export", book)
    other = str(tmp_path / "other")
    ok(other, "import", book)
    assert js(other, "history")["games"][0]["paper"] == {"date": "1998-07", "records": False}
    assert js(other, "records")["configs"] == {}


def test_the_interactive_form(db):
    """One player of Yatzy: the rules, the players, the date, records or not, then each cell
    (a brelan of 17 is refused and asked again), then the total on the paper."""
    cells = ["3", "6", "9", "12", "15", "18", "12", "22", "17", "15", "20", "15", "x", "26",
             "23", "50", "-"]
    answers = ["yatzy", "Alice", "1998-07", "n"] + cells
    result = ok(db, "carnet", input="\n".join(answers) + "\n")
    assert "! 17 in Three of a kind: no 5 dice score that" in result.stdout
    assert "Paper game" in result.stdout
    game = js(db, "history")["games"][0]
    assert game["players"] == [{"name": "Alice", "total": 296, "rank": 1}]


def test_input_that_ends_writes_nothing(db):
    result = run(db, "carnet", input="yatzy\nAlice\n1998\nn\n3\n")
    assert result.exit_code == 2 and result.stderr == (
        "error: the input ended before the sheet: nothing written\n")
    assert not os.path.exists(os.path.join(db, "archive"))


def test_a_reader_error_names_the_line():
    with pytest.raises(EntryError) as err:
        read_carnet("rules: yatzy\ndate: 2000\nplayer: A\nbogus row: 3\n")
    assert "line 4" in err.value.en
