"""The sheets clubs print (issue 35): ``examples/house/rigole.toml`` (the published French sheet
with its rigole), ``yamsenligne.toml`` (five columns, the prime 30 + (total - 60)) and
``maxi-yatzy.toml`` (six dice). Each passes ``yams house check``, scores 20 throws worked by
hand, and plays a whole game in a real 80 x 24 pseudo-terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pty_screen import PtyScreen

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import YamsError
from yams_scorekeeper.engine.config import GameConfig
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.house import load_house
from yams_scorekeeper.house.sheet import HouseSheet
from yams_scorekeeper.store import Store

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"
SHEETS = ("rigole", "yamsenligne", "maxi-yatzy")


def sheet(name: str) -> HouseSheet:
    return load_house((EXAMPLES / f"{name}.toml").read_text(encoding="utf-8"), name=name)


def scores(house: HouseSheet, dice: str, roll: int = 3) -> dict[str, int]:
    throw = tuple(Die(int(c)) for c in dice)
    return {f.row: f.score for f in house.ruleset().figures(throw, roll)}


@pytest.mark.parametrize("name", SHEETS)
def test_the_sheet_passes_house_check_and_names_its_source(name):
    done = subprocess.run([sys.executable, "-m", "yams_scorekeeper", "house", "check",
                           str(EXAMPLES / f"{name}.toml")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "the file is right" in done.stdout
    head = (EXAMPLES / f"{name}.toml").read_text(encoding="utf-8").split("title")[0]
    assert "Source" in head or ".com" in head


#: 20 throws of the rigole sheet, each row's score worked by hand: carré 30 + 4 x v, petite
#: suite any four in a row 30, grande suite five in a row 40, rigole four alike and the
#: opposite face 40, Yam's 50, chance and plus/moins the five dice
RIGOLE = [
    ("66661", {"6": 24, "1": 1, "carre": 54, "rigole": 40, "chance": 25, "yam": 0}),
    ("33334", {"3": 12, "4": 4, "carre": 42, "rigole": 40, "petite-suite": 0}),
    ("55552", {"carre": 50, "rigole": 40, "2": 2}),
    ("66662", {"carre": 54, "rigole": 0}),
    ("66666", {"carre": 54, "rigole": 0, "yam": 50, "chance": 30}),
    ("12346", {"petite-suite": 30, "grande-suite": 0}),
    ("23456", {"petite-suite": 30, "grande-suite": 40}),
    ("12345", {"petite-suite": 30, "grande-suite": 40, "chance": 15}),
    ("11243", {"petite-suite": 30, "grande-suite": 0}),
    ("13456", {"petite-suite": 30, "grande-suite": 0}),
    ("12356", {"petite-suite": 0, "grande-suite": 0}),
    ("44443", {"rigole": 40, "carre": 46}),
    ("11116", {"rigole": 40, "carre": 34}),
    ("22225", {"rigole": 40, "carre": 38}),
    ("22226", {"rigole": 0, "carre": 38}),
    ("66655", {"plus": 28, "moins": 28, "chance": 28, "carre": 0}),
    ("11122", {"chance": 7, "1": 3, "2": 4}),
    ("44444", {"yam": 50, "rigole": 0, "4": 20}),
    ("36544", {"petite-suite": 30, "chance": 22}),
    ("25252", {"carre": 0, "2": 6, "5": 10, "rigole": 0}),
]
#: 20 throws of yamsenligne's sheet: brelan 20, carré 40, full 30, suite (five in a row) 40,
#: yam 50, supérieur and inférieur the five dice
YAMSENLIGNE = [
    ("55512", {"brelan": 20, "carre": 0, "5": 15}),
    ("55552", {"brelan": 20, "carre": 40, "full": 0}),
    ("33322", {"full": 30, "brelan": 20, "3": 9, "2": 4}),
    ("33333", {"full": 0, "yam": 50, "carre": 40, "brelan": 20}),
    ("23456", {"suite": 40, "superieur": 20}),
    ("12345", {"suite": 40, "inferieur": 15}),
    ("12346", {"suite": 0}),
    ("66655", {"superieur": 28, "inferieur": 28, "full": 30}),
    ("11122", {"full": 30, "superieur": 7, "1": 3}),
    ("66666", {"6": 30, "yam": 50, "full": 0}),
    ("44441", {"carre": 40, "4": 16, "1": 1}),
    ("11111", {"yam": 50, "1": 5}),
    ("65432", {"suite": 40, "brelan": 0}),
    ("22255", {"full": 30, "5": 10}),
    ("13355", {"full": 0, "brelan": 0, "superieur": 17}),
    ("66612", {"brelan": 20, "6": 18}),
    ("34562", {"suite": 40}),
    ("54321", {"suite": 40}),
    ("12456", {"suite": 0}),
    ("22222", {"yam": 50, "carre": 40, "2": 10}),
]


#: 20 throws of six dice: the examples the Maxi Yatzy rules print for each row, and a few
#: more (a full house of 2 2 2 5 5 5 takes the three 5s: 15 + 4)
MAXI = [
    ("311614", {"1": 3, "6": 6}), ("254326", {"2": 4}), ("321343", {"3": 9}),
    ("443454", {"4": 16}), ("512554", {"5": 15}), ("463166", {"6": 18}),
    ("642651", {"one-pair": 12}), ("213355", {"two-pairs": 16, "three-pairs": 0}),
    ("225566", {"three-pairs": 26, "two-pairs": 22}), ("453554", {"three-of-a-kind": 15}),
    ("242252", {"four-of-a-kind": 8, "tower": 0}), ("332333", {"five-of-a-kind": 15}),
    ("123453", {"small-straight": 15, "large-straight": 0}),
    ("234566", {"large-straight": 20, "full-straight": 0}),
    ("123456", {"full-straight": 21, "small-straight": 15, "large-straight": 20}),
    ("344666", {"full-house": 26, "villa": 0}),
    ("222555", {"villa": 21, "full-house": 19, "three-pairs": 0}),
    ("336666", {"tower": 30, "full-house": 24, "four-of-a-kind": 24}),
    ("342654", {"chance": 24}),
    ("444444", {"maxi-yatzy": 100, "five-of-a-kind": 20, "villa": 0, "tower": 0,
                "three-pairs": 0, "full-house": 0, "chance": 24}),
]


@pytest.mark.parametrize("name, throws", [("rigole", RIGOLE), ("yamsenligne", YAMSENLIGNE),
                                          ("maxi-yatzy", MAXI)])
def test_twenty_throws_score_as_worked_by_hand(name, throws):
    house = sheet(name)
    assert len(throws) == 20
    for dice, want in throws:
        got = scores(house, dice)
        assert {row: got[row] for row in want} == want, dice


#: the dice of each row in the pty games: each makes its row (rows 1-6 three alike: 63)
ROW_DICE = {"1": "11123", "2": "22245", "3": "33312", "4": "44412", "5": "55512",
            "6": "66612", "carre": "55552", "petite-suite": "12346", "grande-suite": "23456",
            "rigole": "66661", "yam": "44444", "chance": "66554", "plus": "66655",
            "moins": "11122", "superieur": "66655", "inferieur": "11122", "brelan": "55512",
            "full": "33322", "suite": "23456"}
#: Maxi Yatzy's: four alike in rows 1-6 (84, the bonus), then each figure made
MAXI_DICE = {"1": "111123", "2": "222213", "3": "333312", "4": "444412", "5": "555512",
             "6": "666612", "one-pair": "665432", "two-pairs": "665543",
             "three-pairs": "665544", "three-of-a-kind": "666543", "four-of-a-kind": "666654",
             "five-of-a-kind": "666665", "small-straight": "123451",
             "large-straight": "234566", "full-straight": "123456", "full-house": "666551",
             "villa": "666555", "tower": "666655", "chance": "666655", "maxi-yatzy": "666666"}


def _play(tmp_path: Path, name: str, cells: list[str], dice: dict[str, str] = ROW_DICE
          ) -> str:
    """One player's whole game on the sheet at the table, each cell given its row's dice
    after the first roll (the announce with the dice in an annoncée column)."""
    db = tmp_path / "store"
    with PtyScreen(["play", "--db", str(db), "--house", str(EXAMPLES / f"{name}.toml")]) \
            as term:
        term.wait("Players")
        term.line("Ann")
        if name == "yamsenligne":
            term.wait("Columns")
            term.line("")
        for cell in cells:
            term.wait("dice/roll")
            column, _, row = cell.partition(".")
            term.line(f"{dice[row]}/1" + (f" announce {row}" if column == "annoncee"
                                              else ""))
            term.wait("Cell (")
            screen = term.lines()
            assert len(screen) == 24 and max(len(line) for line in screen) <= 80
            term.line(cell)
        term.wait("archived.")
        text = term.text()
        term.line("q")
        assert term.finish() == 0
    (finished,) = Store(str(db)).summaries()
    assert finished["config_key"].startswith(f"house/{name}#")
    return text


def test_the_rigole_sheet_plays_a_whole_game_in_80_by_24(tmp_path):
    rows = [r.id for r in sheet("rigole").spec.rows]
    text = _play(tmp_path, "rigole", [f"libre.{r}" for r in rows])
    # 63 + 35 prime; carré 50, petite suite 30, grande 40, rigole 40, yam 50, chance 26,
    # plus 28, moins 7: 271
    assert "1. Ann: 369" in text, text


def test_yamsenligne_plays_a_whole_game_in_five_columns_in_80_by_24(tmp_path):
    rows = [r.id for r in sheet("yamsenligne").spec.rows]
    cells = ([f"descendante.{r}" for r in rows] + [f"montante.{r}" for r in reversed(rows)]
             + [f"libre.{r}" for r in rows] + [f"seche.{r}" for r in rows]
             + [f"annoncee.{r}" for r in rows])
    text = _play(tmp_path, "yamsenligne", cells)
    # a column: 63 + prime 30 + (63 - 60) = 33, supérieur 28, inférieur 7, brelan 20,
    # carré 40, full 30, suite 40, yam 50: 311; five columns 1555
    assert "1. Ann: 1555" in text, text


def test_maxi_yatzy_plays_a_whole_game_of_six_dice_in_80_by_24(tmp_path):
    rows = [r.id for r in sheet("maxi-yatzy").spec.rows]
    text = _play(tmp_path, "maxi-yatzy", [f"grille.{r}" for r in rows], MAXI_DICE)
    # rows 1-6: 4 + 8 + 12 + 16 + 20 + 24 = 84, +50; the figures 12 + 22 + 30 + 18 + 24 + 30
    # + 15 + 20 + 21 + 28 + 33 + 34 + 34 + 100 = 421
    assert "1. Ann: 555" in text, text
    assert "40 rolls banked" in text or "40 lancers" in text, text


def test_maxi_yatzy_saves_the_unused_rolls_for_later_turns():
    rules = sheet("maxi-yatzy").ruleset()
    cfg = GameConfig(rules.family, ("Ann",), tuple(rules.default_columns))
    cfg.__dict__["rules"] = rules
    game = Game(cfg)
    assert game.max_roll() == 3
    game.enter("123456", 1)                 # two rolls left: saved
    game.mark(None, "full-straight")
    assert game.max_roll() == 5
    game.enter("666666", 5)
    game.mark(None, "maxi-yatzy")
    assert game.max_roll() == 3
    with pytest.raises(YamsError) as err:
        game.enter("111111", 4)
    assert "3" in str(err.value)
    with pytest.raises(YamsError):
        game.enter("11111", 1)              # six dice, not five
    assert game.totals(0).grand == 121


def test_hints_on_six_dice_come_from_the_heuristic_adviser_and_say_so(tmp_path):
    db = str(tmp_path / "store")
    run = [sys.executable, "-m", "yams_scorekeeper"]
    done = subprocess.run(run + ["new", "--db", db, "--house", str(EXAMPLES / "maxi-yatzy.toml"),
                                 "-p", "Ann"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    subprocess.run(run + ["enter", "--db", db, "334666/1"], check=True, capture_output=True)
    hint = subprocess.run(run + ["hint", "--db", db], capture_output=True, text=True,
                          check=False)
    assert hint.returncode == 0, hint.stderr
    assert "HEURISTIC adviser" in hint.stdout
    assert "6 dice (its table is for five)" in hint.stderr
    assert "The heuristic adviser answers" in hint.stderr
