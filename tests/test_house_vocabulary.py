"""The vocabulary of issue 35: a row of n alike beside a related die (the opposite face, a given
value), a bonus given by a formula of its rows' total, step tables of any length; each scored
by hand-worked examples and each refused clearly when malformed."""

from __future__ import annotations

import pytest

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.totals import Totals
from yams_scorekeeper.engine.config import GameConfig
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.house import HouseFileError, house_from_doc, load_house
from yams_scorekeeper.house.sheet import HouseSheet
from yams_scorekeeper.house.words import bonus_rule

UPPER = "".join(f'[[rows]]\nid = "{v}"\nkind = "upper"\nname = "{v}"\n\n' for v in range(1, 7))


def house(text: str) -> HouseSheet:
    return load_house(text, name="vocab")


def scores(sheet: HouseSheet, dice: str) -> dict[str, int]:
    throw = tuple(Die(int(c)) for c in dice)
    return {f.row: f.score for f in sheet.ruleset().figures(throw, 3)}


def refusal(text: str) -> HouseFileError:
    with pytest.raises(HouseFileError) as err:
        load_house(text, name="bad")
    return err.value


RIGOLE = '[[rows]]\nid = "rigole"\nkind = "kind-and"\nname = "Rigole"\n{}\n'


@pytest.mark.parametrize("dice, made", [
    ("66661", True), ("33334", True), ("11116", True), ("55552", True),
    ("66662", False),           # 2 is not the opposite of 6
    ("66666", False),           # no fifth die beside the four
    ("66611", False),           # three alike only
    ("44443", True),            # 7 - 4 = 3
])
def test_four_alike_and_the_opposite_face(dice, made):
    sheet = house(RIGOLE.format("n = 4\nother = \"opposite\"\npoints = 40"))
    assert scores(sheet, dice)["rigole"] == (40 if made else 0)


def test_n_alike_and_a_given_value_each_scoring():
    base = 'n = 3\nother = "value"\nvalue = 1\n'
    assert scores(house(RIGOLE.format(base + "points = 25")), "55512")["rigole"] == 25
    assert scores(house(RIGOLE.format(base + "points = 25")), "55522")["rigole"] == 0
    # the value may be the group's own: three 1s and another 1 (four 1s)
    assert scores(house(RIGOLE.format(base + "points = 25")), "11123")["rigole"] == 0
    assert scores(house(RIGOLE.format(base + "points = 25")), "11113")["rigole"] == 25
    assert scores(house(RIGOLE.format(base + 'score = "group"')), "66615")["rigole"] == 18
    assert scores(house(RIGOLE.format(base + 'score = "all"')), "66615")["rigole"] == 24
    assert scores(house(RIGOLE.format(base + 'score = "base+group"\nbase = 10')),
                  "44416")["rigole"] == 22
    assert scores(house(RIGOLE.format(base + 'score = "base+all"\nbase = 10')),
                  "44416")["rigole"] == 29
    # the best group with its die counts: 6 6 6 1 has its 1, 2 2 2 none more
    assert scores(house(RIGOLE.format(base + 'score = "group"')), "66612")["rigole"] == 18


def test_a_kind_and_row_in_words_and_explained():
    sheet = house(RIGOLE.format("n = 4\npoints = 40"))
    rows = {r: rule for r, _, rule in sheet.describe("en")}
    assert rows["rigole"] == ("at least 4 dice alike and another die showing the opposite face "
                              "(7 minus their value); 40")
    given = house(RIGOLE.format('n = 3\nother = "value"\nvalue = 2\nscore = "group"'))
    assert {r: rule for r, _, rule in given.describe("fr")}["rigole"] == \
        "au moins 3 dés identiques et un autre dé montrant 2 ; la somme de ces 3 dés"
    throw = tuple(Die(int(c)) for c in "55552")
    assert sheet.ruleset().score_row("rigole", throw, 3).explain.text("en") == \
        "Rigole (house): 40"


@pytest.mark.parametrize("body, key", [
    ("n = 5\npoints = 40", "rows[0].n"),                   # five alike leave no other die
    ("n = 1\npoints = 40", "rows[0].n"),
    ('other = "face"\npoints = 40', "rows[0].other"),
    ('other = "value"\npoints = 40', "rows[0].value"),       # a value must be given
    ('other = "value"\nvalue = 7\npoints = 40', "rows[0].value"),
    ("value = 3\npoints = 40", "rows[0].value"),             # a value without other = "value"
    ('score = "fixed"', "rows[0].points"),
    ('score = "by-run"', "rows[0].score"),
])
def test_a_malformed_kind_and_row_is_refused_naming_its_key(body, key):
    err = refusal(RIGOLE.format(body))
    assert err.key == key, str(err)
    assert "line" in str(err)


FORMULA = UPPER + '[[bonuses]]\nid = "prime"\n{}\n'


def totals(sheet: HouseSheet, upper: dict[str, int]) -> Totals:
    """The totals of one column holding these scores in rows 1-6 (a die of another value
    fills each throw)."""
    rules = sheet.ruleset()
    cfg = GameConfig(rules.family, ("Ana",), tuple(rules.default_columns))
    cfg.__dict__["rules"] = rules
    game = Game(cfg)
    for row_id, points in upper.items():
        dice = (row_id * (points // int(row_id))).ljust(5, "2" if row_id == "1" else "1")
        game.enter(dice, 1)
        game.mark(None, row_id)
    return game.totals(0)


@pytest.mark.parametrize("formula, total, bonus", [
    ("threshold = 60\nbase = 30", 59, 0),
    ("threshold = 60\nbase = 30", 60, 30),
    ("threshold = 60\nbase = 30", 63, 33),
    ("threshold = 60\nbase = 30", 75, 45),
    ("threshold = 60\nbase = 30\nper = 2", 63, 36),
    ("threshold = 60\nbase = 30\ncap = 40", 75, 40),
    ("threshold = 60\nbase = 30\nper = 0", 75, 30),
])
def test_a_formula_bonus_gives_base_plus_the_excess_times_per(formula, total, bonus):
    sheet = house(FORMULA.format(formula))
    assert sheet.spec.bonuses[0].given(total) == bonus


def test_yamsenligne_prime_in_a_game_and_in_words():
    sheet = house(FORMULA.format("threshold = 60\nbase = 30\nname = \"Prime\""))
    # 3 x 4 + 3 x 5 + 4 x 6 = 12 + 15 + 24 = 51 short of 60: no prime
    assert totals(sheet, {"4": 12, "5": 15, "6": 24}).parts["chiffres"] == 51
    # 3 + 6 + 9 + 12 + 15 + 24 = 69: 30 + 9 = 39
    done = totals(sheet, {"1": 3, "2": 6, "3": 9, "4": 12, "5": 15, "6": 24})
    assert done.parts["chiffres"] == 69 + 39
    assert done.details["chiffres"]["prime"] == 39
    assert bonus_rule(sheet.spec, sheet.spec.bonuses[0]).text("en") == \
        "per column, rows 1, 2, 3, 4, 5, 6: 30 + (total - 60) x 1 at 60 or more"
    capped = house(FORMULA.format("threshold = 60\nbase = 30\ncap = 50"))
    assert bonus_rule(capped.spec, capped.spec.bonuses[0]).text("fr").endswith(
        "30 + (total - 60) x 1 à 60 ou plus, au plus 50")


def test_the_formula_is_kept_in_the_document_and_the_steps_stay_as_they_were():
    sheet = house(FORMULA.format("threshold = 60\nbase = 30\ncap = 50"))
    doc = sheet.rules_doc
    assert {k: v for k, v in doc["bonuses"][0].items() if k in
            ("threshold", "base", "per", "cap", "steps")} == \
        {"threshold": 60, "base": 30, "per": 1, "cap": 50}
    assert house_from_doc(doc).identity == sheet.identity
    stepped = house(FORMULA.format("steps = [[63, 35]]"))
    assert set(stepped.rules_doc["bonuses"][0]) == {"id", "name", "name_en", "rows", "steps",
                                                    "scope", "when"}


@pytest.mark.parametrize("body, key", [
    ("threshold = 60", "bonuses[0].base"),
    ("base = 30", "bonuses[0].threshold"),
    ("threshold = 60\nbase = 30\nsteps = [[63, 35]]", "bonuses[0].steps"),
    ("threshold = 106\nbase = 30", "bonuses[0].threshold"),      # rows 1-6 make 105 at most
    ("threshold = 60\nbase = 30\ncap = 20", "bonuses[0].cap"),
    ("threshold = 60\nbase = 30\nper = -1", "bonuses[0].per"),
    ('threshold = 60\nbase = "30"', "bonuses[0].base"),
    ("steps = []", "bonuses[0].steps"),
])
def test_a_malformed_formula_is_refused_naming_its_key(body, key):
    err = refusal(FORMULA.format(body))
    assert err.key == key, str(err)


SIX = "dice = 6\n" + UPPER


@pytest.mark.parametrize("text, key", [
    ("dice = 7\n" + UPPER, "dice"),
    ("dice = 4\n" + UPPER, "dice"),
    ('saved_rolls = "yes"\n' + UPPER, "saved_rolls"),
    (SIX + '[[rows]]\nid = "g"\nkind = "groups"\nname = "G"\nsizes = [4, 3]\n', "rows[6].sizes"),
    (SIX + '[[rows]]\nid = "g"\nkind = "groups"\nname = "G"\nsizes = [2, 3]\n', "rows[6].sizes"),
    (SIX + '[[rows]]\nid = "g"\nkind = "groups"\nname = "G"\nsizes = [6]\n', "rows[6].sizes"),
    (SIX + '[[rows]]\nid = "g"\nkind = "groups"\nname = "G"\nsizes = [2, 1]\n', "rows[6].sizes"),
    (SIX + '[[rows]]\nid = "g"\nkind = "groups"\nname = "G"\n', "rows[6].sizes"),
    (UPPER + '[[rows]]\nid = "s"\nkind = "straight"\nname = "S"\nshape = "1-6"\npoints = 21\n',
     "rows[6].shape"),                              # 1-2-3-4-5-6 needs six dice
    (UPPER + '[[rows]]\nid = "k"\nkind = "kind"\nname = "K"\nn = 6\n', "rows[6].n"),
])
def test_a_malformed_six_dice_part_is_refused_naming_its_key(text, key):
    err = refusal(text)
    assert err.key == key, str(err)


def test_six_dice_rows_groups_and_the_document():
    sheet = house("saved_rolls = true\n" + SIX + "".join(
        f'[[rows]]\nid = "{i}"\nkind = "groups"\nname = "{i}"\nsizes = {s}\n\n'
        for i, s in (("villa", "[3, 3]"), ("tower", "[4, 2]"), ("pairs", "[2, 2, 2]"))))
    assert scores(sheet, "222555")["villa"] == 21
    assert scores(sheet, "333666")["tower"] == 0
    assert scores(sheet, "336666")["tower"] == 30
    assert scores(sheet, "115566")["pairs"] == 24
    assert scores(sheet, "555566")["pairs"] == 0          # the pairs are of different values
    assert sheet.ruleset().dice_count == 6
    doc = sheet.rules_doc
    assert doc["dice"] == 6 and doc["saved_rolls"] is True
    assert house_from_doc(doc).identity == sheet.identity
    five = house(UPPER)
    assert "dice" not in five.rules_doc and "saved_rolls" not in five.rules_doc
