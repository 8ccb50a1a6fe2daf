"""House sheet files: the vocabulary scored by hand-worked examples, the refusals naming the
line and the key, the canonical document and identity, the totals' bonus tables, columns and
mechanics of the house words (joker rules, yams servi, extra yams, plus/moins readings)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import ConfigError, IllegalMoveError, YamsError
from yams_scorekeeper.engine.config import GameConfig
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.house import HouseFileError, house_from_doc, load_house
from yams_scorekeeper.house.families import shipped_text
from yams_scorekeeper.house.sheet import HouseSheet
from yams_scorekeeper.rules import Setup

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"
UPPER = "".join(f'[[rows]]\nid = "{v}"\nkind = "upper"\nname = "{v}"\n\n' for v in range(1, 7))
BONUS = '[[bonuses]]\nid = "bonus"\nsteps = [[63, 35]]\n'


def sheet(rows: str, top: str = "", tail: str = BONUS, name: str = "test") -> HouseSheet:
    return load_house(top + "\n" + UPPER + rows + "\n" + tail, name=name)


def row(body: str) -> str:
    return "[[rows]]\n" + body.strip() + "\n"


def scores(house: HouseSheet, dice: str, roll: int = 3) -> dict[str, int]:
    throw = tuple(Die(int(c)) for c in dice)
    return {f.row: f.score for f in house.ruleset().figures(throw, roll)}


def explain(house: HouseSheet, row_id: str, dice: str, lang: str = "fr") -> str:
    throw = tuple(Die(int(c)) for c in dice)
    return house.ruleset().score_row(row_id, throw, 3).explain.text(lang)


def config(house: HouseSheet, players: tuple[str, ...] = ("Ana",), **choices: object
           ) -> GameConfig:
    rules = house.ruleset()
    done = rules.configure(Setup(players, **choices))      # type: ignore[arg-type]
    made = GameConfig(rules.family, players, tuple(done.columns or ()), imposed=done.imposed)
    made.__dict__["rules"] = rules
    return made


def refusal(text: str) -> HouseFileError:
    with pytest.raises(HouseFileError) as err:
        load_house(text, name="bad")
    return err.value


# -- the two example files of issue 22 ----------------------------------------------------------

def test_sirtin_scores_every_row_as_issue_22_says():
    house = load_house((EXAMPLES / "sirtin.toml").read_text(encoding="utf-8"), name="sirtin")
    assert [r.id for r in house.spec.rows] == ["1", "2", "3", "4", "5", "6", "brelan", "carre",
                                               "full", "petite-suite", "grande-suite", "yams"]
    assert [c.kind for c in house.spec.columns] == ["libre"]
    assert house.ruleset().max_rolls == 3
    s = scores(house, "55532")
    assert (s["5"], s["brelan"], s["carre"], s["full"]) == (15, 15, 0, 0)
    s = scores(house, "66661")
    assert (s["brelan"], s["carre"], s["yams"]) == (18, 24, 0)
    assert scores(house, "33322")["full"] == 25
    assert scores(house, "33333")["full"] == 0                  # five alike are no full
    assert scores(house, "12345")["petite-suite"] == 30
    assert scores(house, "23456")["petite-suite"] == 0          # exactly 1-2-3-4-5
    assert scores(house, "23456")["grande-suite"] == 40
    assert scores(house, "12346")["grande-suite"] == 0
    assert scores(house, "44444")["yams"] == 50
    assert "chance" not in scores(house, "44444")
    assert explain(house, "brelan", "55532") == "Brelan (maison) : 3 x 5 = 15"
    assert explain(house, "brelan", "55532", "en") == "Brelan (house): 3 x 5 = 15"


def test_sirtin_bonus_is_35_at_63_and_none_at_62():
    house = load_house((EXAMPLES / "sirtin.toml").read_text(encoding="utf-8"), name="sirtin")
    other = {1: "23", 2: "13", 3: "12", 4: "12", 5: "12", 6: "12"}
    for ones, bonus in (("111", 35), ("11", 0)):
        game = Game(config(house))
        for value in range(1, 7):
            dice = (ones + "456") if value == 1 else str(value) * 3 + other[value]
            game.enter(dice[:5], 3)
            game.mark(None, str(value))
        upper = 63 if bonus else 62
        assert game.totals(0).details["chiffres"] == {"chiffres": upper, "bonus": bonus,
                                                      "total": upper + bonus}


# -- the vocabulary, by hand-worked examples ----------------------------------------------------

@pytest.mark.parametrize("body, dice, expected", [
    ('id = "b"\nkind = "kind"\nn = 3\nscore = "group"\nname = "B"', "55532", 15),
    ('id = "b"\nkind = "kind"\nn = 3\nscore = "all"\nname = "B"', "55532", 20),
    ('id = "b"\nkind = "kind"\nn = 3\nscore = "fixed"\npoints = 25\nname = "B"', "55532", 25),
    ('id = "b"\nkind = "kind"\nn = 3\nscore = "base+group"\nbase = 10\nname = "B"', "55532", 25),
    ('id = "b"\nkind = "kind"\nn = 4\nscore = "base+all"\nbase = 70\nname = "B"', "55553", 93),
    ('id = "b"\nkind = "kind"\nn = 4\nscore = "group"\nname = "B"', "55532", 0),
    ('id = "f"\nkind = "full"\nscore = "fixed"\npoints = 25\nname = "F"', "22333", 25),
    ('id = "f"\nkind = "full"\nscore = "all"\nname = "F"', "22333", 13),
    ('id = "f"\nkind = "full"\nscore = "fixed+all"\npoints = 25\nname = "F"', "22333", 38),
    ('id = "f"\nkind = "full"\nscore = "fixed"\npoints = 25\nname = "F"', "33333", 0),
    ('id = "f"\nkind = "full"\nscore = "fixed"\npoints = 25\nyams = true\nname = "F"', "33333", 25),
    ('id = "s"\nkind = "straight"\nshape = "run"\nlength = 4\npoints = 30\nname = "S"', "12346",
     30),
    ('id = "s"\nkind = "straight"\nshape = "run"\nlength = 4\npoints = 30\nname = "S"', "12356",
     0),
    ('id = "s"\nkind = "straight"\nshape = "1-5"\npoints = 30\nname = "S"', "12345", 30),
    ('id = "s"\nkind = "straight"\nshape = "1-5"\npoints = 30\nname = "S"', "23456", 0),
    ('id = "s"\nkind = "straight"\nshape = "2-6"\nscore = "sum"\nname = "S"', "23456", 20),
    ('id = "s"\nkind = "straight"\nshape = "run"\nlength = 5\nscore = "fixed+sum"\npoints = 40\n'
     'name = "S"', "12345", 55),
    ('id = "s"\nkind = "straight"\nlength = 5\nscore = "by-run"\nruns = [[1, 45], [2, 50]]\n'
     'name = "S"', "65432", 50),
    ('id = "y"\nkind = "yams"\npoints = 50\nname = "Y"', "44444", 50),
    ('id = "y"\nkind = "yams"\nscore = "base+all"\nbase = 100\nname = "Y"', "44444", 120),
    ('id = "y"\nkind = "yams"\npoints = 50\nname = "Y"', "44443", 0),
    ('id = "c"\nkind = "chance"\nname = "C"', "65431", 19),
    ('id = "d"\nkind = "two-pairs"\nname = "D"', "55336", 16),
    ('id = "d"\nkind = "two-pairs"\nname = "D"', "55556", 0),
    ('id = "d"\nkind = "two-pairs"\ndistinct = false\nname = "D"', "55556", 20),
    ('id = "d"\nkind = "two-pairs"\nscore = "fixed"\npoints = 20\nname = "D"', "11226", 20),
    ('id = "d"\nkind = "two-pairs"\nscore = "all"\nname = "D"', "11226", 12),
    ('id = "r"\nkind = "rigole"\npoints = 20\nname = "R"', "34516", 20),
    ('id = "r"\nkind = "rigole"\npoints = 20\nname = "R"', "11356", 0),
    ('id = "r"\nkind = "rigole"\nscore = "sum"\nname = "R"', "34516", 19),
])
def test_each_kind_and_scoring(body, dice, expected):
    row_id = body.split('"')[1]
    assert scores(sheet(row(body)), dice)[row_id] == expected


def test_plus_and_moins_score_the_sum():
    house = sheet(row('id = "plus"\nkind = "plus"\nname = "Plus"')
                  + row('id = "moins"\nkind = "moins"\nname = "Moins"'))
    s = scores(house, "66543")
    assert (s["plus"], s["moins"]) == (24, 24)


def test_rows_in_words_in_both_languages():
    house = sheet(row('id = "brelan"\nkind = "kind"\nn = 3\nscore = "base+group"\nbase = 10\n'
                      'name = "Brelan"\nname_en = "Three of a kind"')
                  + row('id = "x"\nkind = "chance"\nname = "X"\ntext = "à vous de voir"\n'
                        'text_en = "up to you"'))
    words = {i: (name, text) for i, name, text in house.describe("fr")}
    assert words["brelan"] == ("Brelan", "au moins 3 dés identiques ; 10 + la somme de ces 3 dés")
    assert words["x"] == ("X", "à vous de voir")
    english = {i: (name, text) for i, name, text in house.describe("en")}
    assert english["brelan"] == ("Three of a kind",
                                 "at least 3 dice alike; 10 + the sum of those 3 dice")
    assert english["x"][1] == "up to you"
    assert english["1"][1] == "the dice showing 1; added up (n x 1)"
    en, fr, example, _ = house.ruleset().hints.row_text("brelan")
    assert (en, fr) == (english["brelan"][1], words["brelan"][1])
    assert scores(house, example)["brelan"] > 0


# -- refusals: one error naming the line and the key --------------------------------------------

def test_an_unknown_key_is_refused_naming_its_line_and_key():
    text = UPPER + row('id = "b"\nkind = "kind"\nn = 3\ncolour = "red"\nname = "B"')
    err = refusal(text)
    assert isinstance(err, YamsError) and err.exit_code == 2
    assert err.key == "rows[6].colour"
    assert err.line == text.splitlines().index('colour = "red"') + 1
    assert str(err).startswith(f"line {err.line}, rows[6].colour: unknown key")
    assert err.text("fr").startswith(f"ligne {err.line}, rows[6].colour : clé inconnue")


def test_an_unknown_top_key_and_an_unknown_kind_and_scoring():
    assert refusal('dices = 6\n' + UPPER).key == "dices"
    err = refusal(UPPER + row('id = "b"\nkind = "brelan"\nname = "B"'))
    assert err.key == "rows[6].kind" and "'brelan'" in str(err)
    err = refusal(UPPER + row('id = "b"\nkind = "kind"\nn = 3\nscore = "double"\nname = "B"'))
    assert err.key == "rows[6].score" and "group | all" in str(err)


def test_a_bonus_on_rows_that_do_not_exist():
    err = refusal(UPPER + '[[bonuses]]\nid = "bonus"\nrows = ["1", "7"]\nsteps = [[10, 5]]\n')
    assert err.key == "bonuses[0].rows" and "'7'" in str(err)
    assert err.line == UPPER.count("\n") + 3          # its rows = line


def test_two_rows_with_the_same_id():
    err = refusal(UPPER + row('id = "3"\nkind = "chance"\nname = "C"'))
    assert err.key == "rows[6].id" and "'3'" in str(err)
    assert err.line == UPPER.count("\n") + 2          # its id = line


def test_a_threshold_that_can_never_be_reached():
    err = refusal(UPPER + '[[bonuses]]\nid = "bonus"\nsteps = [[63, 35], [106, 50]]\n')
    assert err.key == "bonuses[0].steps" and "at most 105" in str(err)
    assert sheet("", tail='[[bonuses]]\nid = "bonus"\nsteps = [[105, 50]]\n')   # just reachable
    err = refusal(UPPER + '[[bonuses]]\nid = "b"\nrows = ["1", "2"]\nsteps = [[16, 5]]\n')
    assert "at most 15" in str(err)


@pytest.mark.parametrize("name", ["Bre\x1blan", "[bold]B[/bold]", "<script>", "B\u202eA",
                                  "B\u200b", "a\nb"])
def test_hostile_strings_in_names_are_refused(name):
    escaped = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in name)
    text = UPPER + row(f'id = "b"\nkind = "chance"\nname = "{escaped}"')
    err = refusal(text)
    assert err.key == "rows[6].name"
    assert "\x1b" not in str(err) and "\u202e" not in str(err)


def test_a_hostile_title_is_refused_with_a_title_as_the_example():
    err = refusal('title = "Sirtin [/x] <script>"\n' + UPPER)
    assert err.key == "title" and "(expected: Yams du club)" in str(err)


@pytest.mark.parametrize("snippet, key", [
    ("rolls = 0\n", "rolls"),
    ("rolls = true\n", "rolls"),
    ("max_players = 9\n", "max_players"),
    ("min_players = 4\nmax_players = 2\n", "max_players"),
    ('joker = "sometimes"\n', "joker"),
    ("yams_servi = -5\n", "yams_servi"),
])
def test_bad_values_at_the_top(snippet, key):
    assert refusal(snippet + UPPER).key == key


@pytest.mark.parametrize("body, key", [
    ('id = "b"\nkind = "kind"\nn = 6\nname = "B"', "n"),
    ('id = "b"\nkind = "kind"\nn = 3\nscore = "fixed"\nname = "B"', "points"),
    ('id = "b"\nkind = "kind"\nn = 3\npoints = 20\nname = "B"', "points"),
    ('id = "B b"\nkind = "chance"\nname = "B"', "id"),
    ('id = "joker"\nkind = "chance"\nname = "B"', "id"),
    ('id = "announce"\nkind = "chance"\nname = "B"', "id"),
    ('id = "b"\nkind = "chance"', "name"),
    ('id = "s"\nkind = "straight"\nlength = 4\nscore = "by-run"\nruns = [[1, 5]]\nname = "S"',
     "runs"),
    ('id = "u"\nkind = "upper"\nname = "U"', "value"),
    ('id = "b"\nkind = "chance"\nname = "B"\nsection = "middle"', "section"),
])
def test_bad_row_values(body, key):
    assert refusal(UPPER + row(body)).key == f"rows[6].{key}"


def test_the_source_leads_the_message():
    with pytest.raises(HouseFileError) as err:
        load_house("dices = 6\n" + UPPER, name="bad", source="/tmp/bad.toml")
    assert str(err.value).startswith("/tmp/bad.toml: line 1, dices: unknown key")


def test_not_toml_and_a_bad_name():
    err = refusal('rolls = = 3\n')
    assert err.line == 1 and "TOML" in str(err)
    with pytest.raises(HouseFileError):
        load_house(UPPER, name="../etc")


def test_columns_refused():
    err = refusal(UPPER + '[[columns]]\nid = "x"\nkind = "diagonale"\n')
    assert err.key == "columns[0].kind"
    err = refusal(UPPER + '[[columns]]\nid = "x"\nkind = "libre"\nrolls = 1\n')
    assert err.key == "columns[0].rolls"                     # a free column has no roll limit
    err = refusal(UPPER + '[[columns]]\nid = "x"\nkind = "imposee"\norder = ["1", "2"]\n')
    assert err.key == "columns[0].order"
    err = refusal(UPPER + '[[columns]]\nid = "x"\nkind = "libre"\noptional = true\n')
    assert err.key == "columns"


def test_plus_without_moins_and_a_joker_without_a_yams():
    assert refusal(UPPER + row('id = "p"\nkind = "plus"\nname = "P"')).key == "rows"
    assert refusal('joker = "forced"\n' + UPPER).key == "joker"


YAMS_ROW = 'kind = "yams"\nname = "Yams"\npoints = 50\nscore = "fixed"'


@pytest.mark.parametrize("top, key", [('joker = "free"', "joker"), ('joker = "forced"', "joker"),
                                      ("extra_yams = 100", "extra_yams"),
                                      ("yams_servi = 20", "yams_servi")])
def test_a_yams_rule_needs_exactly_one_yams_row_not_two(top, key):
    one = row('id = "yams"\n' + YAMS_ROW)
    assert load_house(top + "\n" + UPPER + one, name="one").spec.rows[-1].kind == "yams"
    two = row('id = "yams2"\n' + YAMS_ROW.replace('name = "Yams"', 'name = "Yams 2"'))
    assert refusal(top + "\n" + UPPER + one + two).key == key


def test_each_bound_of_the_vocabulary_holds_at_its_edge():
    """The last value a bound takes is read, the next one refused: players (min = max),
    rows (24), a bonus's steps (any number of pairs since issue 35, thresholds rising, none
    twice), a column's factor (10), a bonus's rows (each once)."""
    chances = "".join(row(f'id = "c{i}"\nkind = "chance"\nname = "C{i}"') for i in range(18))
    assert len(sheet(chances).spec.rows) == 24
    assert refusal(UPPER + chances + row('id = "c18"\nkind = "chance"\nname = "C"')).key \
        == "rows"
    assert sheet("", top="min_players = 2\nmax_players = 2").spec.max_players == 2
    steps = ", ".join(f"[{10 * i}, 5]" for i in range(1, 11))
    assert len(sheet("", tail=f'[[bonuses]]\nid = "b"\nsteps = [{steps}]\n').spec.bonuses[0]
               .steps) == 10
    many = ", ".join(f"[{60 + i}, {30 + i}]" for i in range(46))
    assert len(sheet("", tail=f'[[bonuses]]\nid = "b"\nsteps = [{many}]\n').spec.bonuses[0]
               .steps) == 46
    for tail in (f'[[bonuses]]\nid = "b"\nsteps = [{steps}, [106, 5]]\n',
                 '[[bonuses]]\nid = "b"\nsteps = [[60, 5], [60, 10]]\n',
                 '[[bonuses]]\nid = "b"\nsteps = [[70, 5], [60, 10]]\n'):
        assert refusal(UPPER + tail).key == "bonuses[0].steps"
    assert refusal(UPPER + '[[bonuses]]\nid = "b"\nrows = ["1", "1"]\nsteps = [[3, 5]]\n'
                   ).key == "bonuses[0].rows"
    column = '[[columns]]\nid = "libre"\nkind = "libre"\nfactor = {}\n'
    assert sheet("", tail=column.format(10)).spec.columns[0].factor == 10
    assert refusal(UPPER + column.format(11)).key == "columns[0].factor"


def test_at_most_one_annoncee_column_k6():
    column = '[[columns]]\nid = "{0}"\nkind = "{1}"\n'
    assert load_house(UPPER + column.format("libre", "libre") + column.format("a1", "annoncee"),
                      name="one").spec.columns[-1].kind == "annoncee"
    err = refusal(UPPER + column.format("libre", "libre") + column.format("a1", "annoncee")
                  + column.format("a2", "annoncee"))
    assert err.key == "columns"


# -- the canonical document and the identity ----------------------------------------------------

def test_the_rules_doc_reads_back_to_the_same_sheet_and_identity():
    house = load_house((EXAMPLES / "sirtin.toml").read_text(encoding="utf-8"), name="sirtin")
    doc = house.rules_doc
    again = house_from_doc(doc)
    assert again == house and again.identity == house.identity
    assert house.identity.startswith("sirtin#") and len(house.identity) == len("sirtin#") + 10
    import json
    assert json.loads(json.dumps(doc)) == doc


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_reads_back_from_its_document_and_its_json(path):
    import json

    house = load_house(path.read_text(encoding="utf-8"), name=path.stem)
    assert house_from_doc(house.rules_doc) == house
    stored = json.loads(json.dumps(house.rules_doc))
    assert house_from_doc(stored) == house and house_from_doc(stored).rules_doc == stored


def test_editing_the_rules_makes_another_identity_comments_do_not():
    text = (EXAMPLES / "sirtin.toml").read_text(encoding="utf-8")
    base = load_house(text, name="sirtin").identity
    assert load_house("# a comment\n" + text, name="sirtin").identity == base
    assert load_house(text.replace("points = 50", "points = 60"), name="sirtin").identity != base
    assert load_house(text, name="other").identity.split("#")[1] == base.split("#")[1]


def test_a_damaged_document_is_refused():
    house = load_house((EXAMPLES / "sirtin.toml").read_text(encoding="utf-8"), name="sirtin")
    doc = house.rules_doc
    doc["rows"][6]["kind"] = "nothing"
    with pytest.raises(HouseFileError):
        house_from_doc(doc)
    with pytest.raises(HouseFileError):
        house_from_doc({"rows": []})


# -- totals: bonus tables, scopes, factors ------------------------------------------------------

def _play(house: HouseSheet, turns: list[tuple[str, str, str]], **choices: object) -> Game:
    game = Game(config(house, **choices))
    for dice, column, row_id in turns:
        game.enter(dice, 1)
        game.mark(column, row_id)
    return game


def test_progressive_steps_give_the_highest_step_reached():
    house = sheet("", tail='[[bonuses]]\nid = "bonus"\nsteps = [[60, 30], [70, 50]]\n')
    turns = [(str(v) * 4 + ("2" if v == 1 else "1"), "grille", str(v)) for v in range(6, 0, -1)]
    # 24 + 20 + 16 + 12 + 8 + 4 = 84: the second step
    assert _play(house, turns).totals(0).details["chiffres"]["bonus"] == 50
    turns[0] = ("66111", "grille", "6")                      # 12 instead of 24: 72
    game = _play(house, turns)
    upper = game.totals(0).details["chiffres"]["chiffres"]
    assert upper == 72 and game.totals(0).details["chiffres"]["bonus"] == 50
    turns[1] = ("55111", "grille", "5")                      # 62: the first step
    assert _play(house, turns).totals(0).details["chiffres"]["bonus"] == 30


def test_a_bonus_when_filled_waits_for_every_row():
    tail = '[[bonuses]]\nid = "bonus"\nsteps = [[20, 5]]\nwhen = "filled"\n'
    house = sheet("", tail=tail)
    game = _play(house, [("66666", "grille", "6")])
    assert game.totals(0).details["chiffres"]["bonus"] == 0        # 30, but rows are empty
    reached = sheet("", tail='[[bonuses]]\nid = "bonus"\nsteps = [[20, 5]]\n')
    assert _play(reached, [("66666", "grille", "6")]).totals(0).details["chiffres"]["bonus"] == 5


def test_a_sheet_bonus_adds_every_column_and_factors_multiply():
    columns = ('[[columns]]\nid = "a"\nkind = "libre"\n\n'
               '[[columns]]\nid = "b"\nkind = "libre"\nfactor = 2\n\n')
    tail = columns + ('[[bonuses]]\nid = "prime"\nrows = ["6"]\nsteps = [[50, 10]]\n'
                      'scope = "sheet"\n')
    house = sheet("", tail=tail)
    game = _play(house, [("66666", "a", "6"), ("66661", "b", "6")])
    totals = game.totals(0)
    assert totals.parts == {"a": 30, "b": 48, "prime": 10}
    assert totals.details["b"]["factor"] == 2 and totals.grand == 88


def test_plus_moins_read_as_c3_and_as_y3():
    rows = (row('id = "plus"\nkind = "plus"\nname = "Plus"')
            + row('id = "moins"\nkind = "moins"\nname = "Moins"'))
    c3 = sheet(rows)
    game = Game(config(c3))
    game.enter("66655", 1)
    game.mark(None, "moins")
    game.enter("11123", 1)
    plus = next(c for c in game.legal_cells() if c.row == "plus")
    assert plus.zero_only and plus.score == 0
    y3 = sheet(rows, top='plus_moins = "Y3"\n')
    game = _play(y3, [("66655", "grille", "moins"), ("11123", "grille", "plus")])
    assert game.totals(0).parts["figures"] == 0                  # plus not above moins: both 0
    game = _play(y3, [("11123", "grille", "moins"), ("66655", "grille", "plus")])
    assert game.totals(0).parts["figures"] == 28 + 8


# -- columns, rolls, mechanics ------------------------------------------------------------------

def test_ordered_and_roll_limited_columns():
    tail = ('[[columns]]\nid = "d"\nkind = "descendante"\n\n[[columns]]\nid = "m"\n'
            'kind = "montante"\n\n[[columns]]\nid = "s"\nkind = "seche"\nfactor = 3\n\n'
            '[[columns]]\nid = "ds"\nkind = "demi-seche"\n\n' + BONUS)
    house = sheet(row('id = "c"\nkind = "chance"\nname = "Chance"'), tail=tail)
    game = Game(config(house))
    game.enter("66543", 2)
    cells = {(c.column, c.row) for c in game.legal_cells()}
    assert ("d", "1") in cells and ("d", "2") not in cells
    assert ("m", "c") in cells and ("m", "6") not in cells
    assert not any(c == "s" for c, _ in cells)                  # sèche: first roll only
    assert ("ds", "c") in cells                                 # demi-sèche: two rolls
    with pytest.raises(IllegalMoveError):
        game.mark("s", "c")
    game.mark("ds", "c")
    game.enter("66543", 1)
    sec = next(c for c in game.legal_cells() if (c.column, c.row) == ("s", "6"))
    assert sec.score == 12


def test_imposed_column_with_its_order_in_the_file():
    order = '["c", "6", "5", "4", "3", "2", "1"]'
    tail = f'[[columns]]\nid = "i"\nkind = "imposee"\norder = {order}\n\n' + BONUS
    house = sheet(row('id = "c"\nkind = "chance"\nname = "Chance"'), tail=tail)
    game = Game(config(house))
    game.enter("66543", 2)
    assert [(c.column, c.row) for c in game.legal_cells()] == [("i", "c")]


def test_rolls_per_turn():
    house = sheet("", top="rolls = 4\n")
    game = Game(config(house))
    game.enter("66543", 4)
    with pytest.raises(YamsError):
        Game(config(sheet(""))).enter("66543", 4)


def test_yams_servi_and_extra_yams_bonuses():
    yams = row('id = "yams"\nkind = "yams"\npoints = 50\nname = "Yams"')
    house = sheet(yams, top="yams_servi = 20\nextra_yams = 100\n")
    game = Game(config(house))
    game.enter("44444", 1)
    cell = next(c for c in game.legal_cells() if c.row == "yams")
    assert cell.score == 50 and cell.bonus == 20
    game.mark(None, "yams")
    game.enter("33333", 2)
    cell = next(c for c in game.legal_cells() if c.row == "3")
    assert cell.bonus == 100
    game.mark(None, "3")
    assert game.totals(0).parts["yams_bonus"] == 120
    assert game.totals(0).grand == 50 + 15 + 120


def test_the_free_joker_places_a_yams_anywhere_scoring_the_figures():
    rows = (row('id = "full"\nkind = "full"\npoints = 25\nname = "Full"')
            + row('id = "yams"\nkind = "yams"\npoints = 50\nname = "Yams"'))
    free = sheet(rows, top='joker = "free"\n')
    game = _play(free, [("22222", "grille", "yams")])
    game.enter("55555", 1)
    cells = {c.row: c.score for c in game.legal_cells()}
    assert cells["full"] == 25 and cells["1"] == 0 and "5" in cells
    forced = sheet(rows, top='joker = "forced"\n')
    game = _play(forced, [("22222", "grille", "yams")])
    game.enter("55555", 1)
    assert [c.row for c in game.legal_cells()] == ["5"]


def test_die_jokers_as_duel():
    house = sheet(row('id = "c"\nkind = "chance"\nname = "C"'), top="die_jokers = 2\n")
    game = Game(config(house))
    assert game.player.jokers_left == 2
    game.enter("66543", 1, joker=(3, 6))
    assert {c.row: c.score for c in game.legal_cells()}["6"] == 18


def test_players_min_and_max():
    house = sheet("", top="min_players = 2\nmax_players = 3\n")
    rules = house.ruleset()
    assert (rules.min_players, rules.max_players) == (2, 3)


def test_random_whole_games_on_every_example_end_with_full_sheets():
    for path in sorted(EXAMPLES.glob("*.toml")):
        house = load_house(path.read_text(encoding="utf-8"), name=path.stem)
        game = play_random_game(config(house, ("Ana", "Bo")), random.Random(1))
        assert game.finished and all(game.sheet_full(s) for s in game.sheets)


def test_an_unknown_column_choice_is_refused():
    house = load_house((EXAMPLES / "sirtin.toml").read_text(encoding="utf-8"), name="sirtin")
    with pytest.raises(ConfigError):
        config(house, columns=("diagonale",))


def test_annoncee_scores_every_row_as_issue_22_says():
    house = load_house((EXAMPLES / "annoncee.toml").read_text(encoding="utf-8"), name="annoncee")
    assert [c.id for c in house.spec.columns] == ["descendante", "libre", "montante", "annoncee"]
    assert [c.kind for c in house.spec.columns] == ["descendante", "libre", "montante",
                                                    "annoncee"]
    assert [r.id for r in house.spec.rows] == ["1", "2", "3", "4", "5", "6", "brelan", "carre",
                                               "full", "petite-suite", "grande-suite", "yams",
                                               "chance"]
    assert house.ruleset().max_rolls == 3
    s = scores(house, "55532")
    assert (s["5"], s["brelan"], s["carre"], s["chance"]) == (15, 20, 0, 20)
    assert scores(house, "55553")["carre"] == 23
    assert scores(house, "12346")["petite-suite"] == 30
    assert scores(house, "23456")["grande-suite"] == 40
    assert scores(house, "12356")["petite-suite"] == 0
    assert scores(house, "22233")["full"] == 25
    assert scores(house, "66666")["yams"] == 50
    bonus = house.spec.bonuses[0]
    assert (bonus.rows, bonus.steps, bonus.scope) == (("1", "2", "3", "4", "5", "6"),
                                                      ((63, 35),), "column")


def test_when_only_a_seche_column_is_left_a_coup_of_more_rolls_is_refused():
    tail = ('[[columns]]\nid = "l"\nkind = "libre"\n\n[[columns]]\nid = "s"\nkind = "seche"\n\n'
            + BONUS)
    house = sheet("", tail=tail)
    game = Game(config(house))
    for value in range(1, 7):
        game.enter(str(value) * 5, 3)
        game.mark("l", str(value))
    assert game.max_roll() == 1
    with pytest.raises(YamsError):
        game.enter("66543", 2)
    game.enter("66543", 1)
    assert {c.column for c in game.legal_cells()} == {"s"}


def test_columns_bonuses_and_total_in_words_for_yams_rules():
    house = load_house(shipped_text("gaby"), name="gaby")
    rules = house.ruleset()
    key, name, en, fr, ruling = rules.hints.topic("sec")
    assert (key, name, ruling) == ("sec", "Sec", "house")
    assert en == ("a column filled in any order, only with a coup kept after at most 1 roll; "
                  "it counts 2 x its total (optional)")
    assert fr.startswith("une colonne remplie dans n'importe quel ordre, seulement d'un coup "
                         "gardé en 1 lancer au plus ; elle compte 2 x son total")
    assert rules.hints.topic("descente")[2] == "a column filled top to bottom, 1 first (optional)"
    assert rules.hints.topic("bonus")[2] == "per column, rows 1, 2, 3, 4, 5, 6: +60 at 60 or more"
    assert rules.hints.topic("total") is not None
    steps = sheet("", tail='[[bonuses]]\nid = "palier"\nsteps = [[60, 30], [70, 50]]\n'
                  'scope = "sheet"\nwhen = "filled"\n')
    hints = steps.ruleset().hints
    assert hints.topic("palier")[3] == ("pour la feuille, lignes 1, 2, 3, 4, 5, 6 de "
                                        "toutes les colonnes ensemble : +30 à 60 ou "
                                        "plus, +50 à 70 ou plus, une fois toutes "
                                        "remplies")
