"""House sheets, round 2 (issue 35, items 1-8; issue 34, items 3 and 4): each reading of
rulings K1-K7 in play, on sheets small enough to work by hand, and the refusals naming what
is wrong and what to type."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from yams_scorekeeper.base.errors import IllegalMoveError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.house import HouseFileError, load_house
from yams_scorekeeper.house.families import shipped_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"


def row(body: str) -> str:
    return "[[rows]]\n" + body.strip() + "\n\n"


def column(body: str) -> str:
    return "[[columns]]\n" + body.strip() + "\n\n"


CHANCE = row('id = "chance"\nkind = "chance"\nname = "Chance"')
YAMS = row('id = "yams"\nkind = "yams"\npoints = 50\nname = "Yams"')
FULL = row('id = "full"\nkind = "full"\npoints = 25\nname = "Full"')
SIX = row('id = "6"\nkind = "upper"\nname = "6"')
FIVE = row('id = "5"\nkind = "upper"\nname = "5"')


def game(text: str, players: tuple[str, ...] = ("Ana",), **choices: object) -> Game:
    house = load_house(text, name="club")
    return Game(make_config("house", players, house=house.rules_doc, **choices))  # type: ignore[arg-type]


def refused(text: str) -> HouseFileError:
    with pytest.raises(HouseFileError) as err:
        load_house(text, name="club")
    return err.value


def yams(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "yams_scorekeeper", "--db",
                           str(tmp_path / "store"), *args], capture_output=True, text=True,
                          timeout=60)


def state(g: Game) -> tuple:
    return (len(g.events), len(g.coups), {s.name: dict(s.marks) for s in g.sheets})


# -- K1: one id per part, whatever its kind (items 1 and 2) -----------------------------------

def test_house_check_refuses_a_column_named_as_another_columns_id_naming_both(tmp_path):
    path = tmp_path / "item1.toml"
    path.write_text(CHANCE + column('id = "x"\nkind = "libre"')
                    + column('id = "autre"\nkind = "libre"\nname = "X"'), encoding="utf-8")
    done = yams(tmp_path, "house", "check", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert "columns[1].name: the name 'X' is the id of columns[0]" in done.stderr


def test_house_check_refuses_a_sheet_bonus_with_the_default_columns_id(tmp_path):
    bonus = '[[bonuses]]\nid = "grille"\nrows = ["6"]\nsteps = [[6, 3]]\nscope = "sheet"\n'
    path = tmp_path / "item2.toml"
    path.write_text(SIX + bonus, encoding="utf-8")
    done = yams(tmp_path, "house", "check", str(path))
    assert done.returncode == 2
    assert ("bonuses[0].id: two parts have the id 'grille': the default column 'grille' and "
            "bonuses[0]") in done.stderr


@pytest.mark.parametrize("text, key, both", [
    (SIX + '[[bonuses]]\nid = "chiffres"\nsteps = [[6, 3]]\n', "bonuses[0].id",
     "the default section 'chiffres' and bonuses[0]"),
    (SIX + row('id = "figures"\nkind = "chance"\nname = "C"'), "rows[1].id",
     "the default section 'figures' and rows[1]"),
    (SIX + CHANCE + column('id = "chance"\nkind = "libre"'), "columns[0].id",
     "rows[1] and columns[0]"),
    (SIX + column('id = "a"\nkind = "libre"') + column('id = "a"\nkind = "seche"'),
     "columns[1].id", "columns[0] and columns[1]"),
])
def test_two_parts_of_any_kinds_never_share_an_id(text, key, both):
    err = refused(text)
    assert err.key == key and both in str(err)


def test_a_total_entry_is_no_id_and_a_row_name_never_reads_as_another_rows_id():
    err = refused(SIX + '[[bonuses]]\nid = "total"\nsteps = [[6, 3]]\n')
    assert err.key == "bonuses[0].id" and "'total'" in str(err)
    err = refused(SIX + row('id = "c"\nkind = "chance"\nname = "6"'))
    assert err.key == "rows[1].name" and "rows[0]" in str(err)


def test_a_sheet_bonus_is_a_part_of_its_own_beside_the_column_it_is_not_named_as():
    bonus = '[[bonuses]]\nid = "prime"\nrows = ["6"]\nsteps = [[6, 3]]\nscope = "sheet"\n'
    g = game(SIX + CHANCE + bonus)
    g.enter("66666", 1)
    g.mark(None, "6")
    assert g.totals(0).parts == {"chiffres": 30, "figures": 0, "prime": 3}   # K5 too
    assert g.totals(0).grand == 33


# -- K2: no stuck turn (item 3; issue 34, item 3) ----------------------------------------------

def test_seche_and_annoncee_a_coup_of_three_rolls_is_refused_saying_how_to_announce():
    g = game(CHANCE + column('id = "s"\nkind = "seche"') + column('id = "a"\nkind = "annoncee"'))
    before = state(g)
    with pytest.raises(IllegalMoveError) as err:
        g.enter("12346", 3)
    said = err.value.message.text("en")
    assert said.startswith("no cell can take this coup: ")
    assert "only a coup kept after at most 1 roll" in said and "after an announce" in said
    assert err.value.expected == "12346/3 announce chance"
    assert state(g) == before
    assert [(c.column, c.row) for c in g.enter("12346", 3, announce="chance")] == \
        [("a", "chance")]


def test_classic_with_libre_full_refuses_a_coup_without_an_announce_C7():
    g = Game(make_config("classic", ["Ana"], columns=["libre", "annoncee"]))
    for r in g.rows:
        g.enter("12346", 1)
        g.mark("libre", r)
    before = state(g)
    with pytest.raises(IllegalMoveError) as err:
        g.enter("66441", 2)
    assert err.value.rule == "C7" and "announce" in (err.value.expected or "")
    assert "aucune case ne peut prendre ce coup" in err.value.message.text("fr")
    assert state(g) == before
    assert [(c.column, c.row, c.score) for c in g.enter("66441", 2, announce="4")] == \
        [("annoncee", "4", 8)]


def test_a_forced_joker_whose_place_the_announce_rules_out_is_refused():
    text = 'joker = "forced"\n' + FIVE + FULL + YAMS + column('id = "l"\nkind = "libre"') \
        + column('id = "a"\nkind = "annoncee"')
    g = game(text)
    g.enter("55555", 1, announce="yams")
    g.mark("a", "yams")
    before = state(g)
    with pytest.raises(IllegalMoveError) as err:     # a joker in a: row 5, not the full
        g.enter("55555", 1, announce="full")
    assert err.value.expected == "55555/1"           # other columns have room: no announce
    assert state(g) == before
    assert ("l", "yams") in {(c.column, c.row) for c in g.enter("55555", 1)}


# -- K7: --column adds optional columns (item 4) --------------------------------------------------

def test_column_naming_only_optional_columns_keeps_the_libre_column(tmp_path):
    for house in ("gaby", shipped_path("gaby")):     # the name of a family's file, its path
        done = yams(tmp_path, "new", "--house", house, "-p", "A", "--column", "sec", "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["config"]["columns"] == ["libre", "sec"]


# -- K3: yams bonuses and joker per column (items 5 and 8) ----------------------------------------

def test_a_scratched_yams_served_on_roll_1_wins_no_servi_bonus():
    g = game("yams_servi = 20\n" + YAMS + CHANCE)
    g.enter("44444", 1)
    assert g.mark(None, "yams", scratch=True)[0].bonus == 0
    assert g.totals(0).grand == 0
    g = game("yams_servi = 20\n" + YAMS + CHANCE)
    g.enter("44444", 1)
    g.mark(None, "yams")
    assert g.totals(0).grand == 50 + 20


def test_the_joker_and_the_extra_yams_are_judged_per_column():
    text = 'joker = "forced"\nextra_yams = 100\n' + FIVE + YAMS \
        + column('id = "a"\nkind = "libre"') + column('id = "b"\nkind = "libre"\nfactor = 2')
    g = game(text)
    g.enter("55555", 1)
    g.mark("a", "yams")
    cells = {(c.column, c.row): c for c in g.enter("55555", 1)}
    assert set(cells) == {("a", "5"), ("b", "5"), ("b", "yams")}   # b's yams row is offered
    assert cells[("a", "5")].bonus == 100 and cells[("b", "yams")].bonus == 0
    g.mark("a", "5")
    g.enter("44444", 1)
    g.mark("b", "yams")
    g.enter("55555", 1)
    g.mark("b", "5")                                 # +100: b's yams holds a score
    totals = g.totals(0)
    # a: 50 + 25 + its 100; b: (50 + 25) x 2 + its 100, the bonus outside the factor
    assert totals.parts == {"a": 175, "b": 250}
    assert totals.details["b"]["yams_bonus"] == 100 and totals.details["b"]["factor"] == 2


def test_a_by_run_straight_written_as_a_joker_scores_its_best_run_K4():
    suite = row('id = "suite"\nkind = "straight"\nlength = 5\nscore = "by-run"\n'
                'runs = [[1, 55], [2, 60]]\nname = "Suite"')
    g = game('joker = "free"\n' + FIVE + suite + YAMS)
    g.enter("44444", 1)
    g.mark(None, "yams")
    cell = next(c for c in g.enter("44444", 1) if c.row == "suite")
    assert cell.score == 60
    assert cell.explain.text("en") == "Suite as a joker (house): 60"


# -- K5: a one-column sheet by section (item 6) ------------------------------------------------

def test_a_one_column_sheet_with_a_factor_is_added_up_by_section():
    g = game(SIX + CHANCE + column('id = "grille"\nkind = "libre"\nfactor = 2')
             + '[[bonuses]]\nid = "bonus"\nrows = ["6"]\nsteps = [[24, 10]]\n')
    g.enter("66666", 1)
    g.mark(None, "6")
    g.enter("12345", 1)
    g.mark(None, "chance")
    totals = g.totals(0)
    assert totals.parts == {"chiffres": (30 + 10) * 2, "figures": 15 * 2}
    assert totals.details["chiffres"] == {"chiffres": 30, "bonus": 10, "factor": 2,
                                          "total": 80}


# -- K6 and item 7: the annoncée column --------------------------------------------------------

def test_at_most_one_annoncee_column():
    err = refused(CHANCE + column('id = "a"\nkind = "annoncee"')
                  + column('id = "b"\nkind = "annoncee"'))
    assert err.key == "columns" and "at most one annoncee column" in str(err)


def test_an_announce_on_a_sheet_without_an_annoncee_column_says_so():
    g = game(SIX + CHANCE)
    with pytest.raises(IllegalMoveError) as err:
        g.enter("66666", 1, announce="6")
    assert err.value.message.text("en") == ("this sheet has no annoncée column: type the dice "
                                            "without an announce")
    assert "sixième" not in err.value.message.text("fr")


# -- issue 34, item 4: yams rules --house with a bonus not called bonus ------------------------

def test_rules_house_with_a_bonus_called_prime(tmp_path):
    path = tmp_path / "prime.toml"
    path.write_text(SIX + '[[bonuses]]\nid = "prime"\nsteps = [[12, 5]]\n', encoding="utf-8")
    done = yams(tmp_path, "rules", "--house", str(path))
    assert done.returncode == 0, done.stderr
    assert "prime" in done.stdout and "+5 at 12" in done.stdout
    done = yams(tmp_path, "rules", "--house", str(path), "prime")
    assert done.returncode == 0 and "+5 at 12 or more" in done.stdout
