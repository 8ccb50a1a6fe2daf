"""Scandinavian Yatzy (rulings Z1-Z4) and US Yahtzee (H1-H5): the two families added as one
module each (issue 9), played as games.

The scores of every row for given dice are in ``tests/data/yatzy.txt`` and ``yahtzee.txt``
(checked by ``test_five_dice_tables``, with the perft counts). Here: the worked examples Z4 and
H5, the bonuses Z3/H3, the Yahtzee bonus and forced joker rule H4 (on by default, off as a
setting), player counts (G6), and random games played to the end with their totals recomputed
independently from the marks and every joker placement checked against H4.
"""

from __future__ import annotations

import random

import pytest
from helpers import refused
from test_game_properties import (
    check_end,
    check_refusals,
    check_round_trips,
    check_undo_redo,
    state,
)

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import ConfigError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game, effective_events
from yams_scorekeeper.rules import get_rules

UPPER = ("1", "2", "3", "4", "5", "6")
YATZY_ROWS = ("1 2 3 4 5 6 one-pair two-pairs three-of-a-kind four-of-a-kind small-straight "
              "large-straight full-house chance yatzy").split()
YAHTZEE_ROWS = ("1 2 3 4 5 6 three-of-a-kind four-of-a-kind full-house small-straight "
                "large-straight yahtzee chance").split()
YAHTZEE_LOWER = YAHTZEE_ROWS[6:]


def scores(family: str, dice: str) -> dict[str, int]:
    rules = get_rules(family)
    return {f.row: f.score for f in rules.figures(rules.parse_dice(dice), 1)}


def game(family: str, players=("Ana",), **settings) -> Game:
    return Game(make_config(family, list(players), settings=settings or None))


def write(g: Game, dice: str, row: str, roll: int = 1, scratch: bool = False):
    g.enter(dice, roll)
    return g.mark(None, row, scratch=scratch)[0]


# -- Z1, H1: rows, one column, any order, 3 rolls ----------------------------------------------


@pytest.mark.parametrize("family, rows", [("yatzy", YATZY_ROWS), ("yahtzee", YAHTZEE_ROWS)])
def test_rows_in_grid_order_one_column_Z1_H1(family, rows):
    g = game(family)
    assert g.rows == tuple(rows)
    assert [c.id for c in g.columns] == ["grille"] and not g.columns[0].ordered
    g.enter("12345", 3)
    assert {c.row for c in g.legal_cells()} == set(rows)       # any order: every row open


@pytest.mark.parametrize("family", ["yatzy", "yahtzee"])
def test_up_to_three_rolls_Z1_H1_G5(family):
    g = game(family)
    refused(g, lambda: g.enter("12345", 4), "G5", Exception)


def test_yatzy_display_names_in_english_Z1():
    names = [r.name for r in get_rules("yatzy").rows]
    assert names[:6] == ["Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"]
    assert names[6:] == ["One pair", "Two pairs", "Three of a kind", "Four of a kind",
                         "Small straight", "Large straight", "Full house", "Chance", "Yatzy"]


@pytest.mark.parametrize("family", ["yatzy", "yahtzee"])
def test_one_to_eight_players_G6(family):
    assert len(game(family, [f"P{i}" for i in range(8)]).sheets) == 8
    with pytest.raises(ConfigError):
        make_config(family, [f"P{i}" for i in range(9)])
    with pytest.raises(ConfigError):
        make_config(family, ["Ana"], options=["bloquant"])


# -- Z4, H5: the worked examples ------------------------------------------------------------------


def test_worked_examples_Z4():
    s = scores("yatzy", "33355")
    assert (s["one-pair"], s["two-pairs"], s["three-of-a-kind"], s["full-house"]) == (10, 16, 9, 19)
    s = scores("yatzy", "12345")
    assert (s["small-straight"], s["large-straight"], s["chance"]) == (15, 0, 15)
    s = scores("yatzy", "66662")
    assert (s["one-pair"], s["four-of-a-kind"], s["two-pairs"]) == (12, 24, 0)
    s = scores("yatzy", "44444")
    assert (s["yatzy"], s["four-of-a-kind"], s["full-house"]) == (50, 16, 0)


def test_worked_examples_H5():
    s = scores("yahtzee", "22255")
    assert (s["three-of-a-kind"], s["full-house"], s["chance"]) == (16, 25, 16)
    s = scores("yahtzee", "12346")
    assert (s["small-straight"], s["large-straight"]) == (30, 0)
    # 6 6 6 6 6 with yahtzee already 50, row 6 filled and full-house empty: 25 and +100
    g = game("yahtzee")
    write(g, "66666", "yahtzee")
    write(g, "66621", "6")
    g.enter("66666", 2)
    cell = next(c for c in g.legal_cells() if c.row == "full-house")
    assert (cell.score, cell.bonus) == (25, 100)
    mark = g.mark(None, "full-house")[0]
    assert (mark.score, mark.bonus) == (25, 100)
    totals = g.totals(0)
    assert totals.parts == {"upper": 18, "lower": 75, "yahtzee_bonus": 100}
    assert totals.grand == 18 + 75 + 100


# -- Z3, H3: the upper bonus -----------------------------------------------------------------------


@pytest.mark.parametrize("family, bonus", [("yatzy", 50), ("yahtzee", 35)])
def test_upper_bonus_at_63_Z3_H3(family, bonus):
    g = game(family)
    for v, dice in zip(UPPER, ("11123", "22234", "33345", "44456", "55561", "66612"),
                       strict=True):
        write(g, dice, v)                # three of each value: 63 exactly
    assert g.totals(0).parts["upper"] == 63 + bonus
    h = game(family)
    for v, dice in zip(UPPER, ("11234", "22234", "33345", "44456", "55561", "66612"),
                       strict=True):
        write(h, dice, v)                # 62: no bonus
    assert h.totals(0).parts["upper"] == 62


# -- H4: the Yahtzee bonus and the forced joker rule -----------------------------------------------


def test_joker_goes_to_its_upper_row_while_empty_H4():
    g = game("yahtzee")
    write(g, "44444", "yahtzee")
    g.enter("44444", 1)
    assert [(c.row, c.score) for c in g.legal_cells()] == [("4", 20)]
    refused(g, lambda: g.mark(None, "chance"), "H4")
    refused(g, lambda: g.mark(None, "full-house"), "H4")
    assert g.mark(None, "4")[0].bonus == 100


def test_joker_then_any_empty_lower_row_at_full_value_H4():
    g = game("yahtzee")
    write(g, "22222", "yahtzee")
    write(g, "22213", "2")
    g.enter("22222", 1)
    got = {c.row: c.score for c in g.legal_cells()}
    assert got == {"three-of-a-kind": 10, "four-of-a-kind": 10, "full-house": 25,
                   "small-straight": 30, "large-straight": 40, "chance": 10}
    refused(g, lambda: g.mark(None, "1"), "H4")
    assert g.mark(None, "large-straight")[0].score == 40


def test_joker_else_a_zero_in_an_empty_upper_row_H4():
    g = game("yahtzee")
    write(g, "33333", "yahtzee")
    write(g, "33312", "3")
    for row, dice in zip(YAHTZEE_LOWER, ("11156", "11116", "22333", "12346", "12345", "", "65432"),
                         strict=True):
        if row != "yahtzee":
            write(g, dice, row)
    g.enter("33333", 1)
    got = {c.row: c.score for c in g.legal_cells()}
    assert got == {"1": 0, "2": 0, "4": 0, "5": 0, "6": 0}
    assert g.mark(None, "5")[0].bonus == 100


def test_scratched_yahtzee_row_forces_the_joker_but_gives_no_bonus_H4():
    g = game("yahtzee")
    write(g, "12345", "yahtzee", scratch=True)
    g.enter("55555", 1)
    [cell] = g.legal_cells()
    assert (cell.row, cell.score, cell.bonus) == ("5", 25, 0)
    write_mark = g.mark(None, "5")[0]
    assert write_mark.bonus == 0 and g.totals(0).parts["yahtzee_bonus"] == 0


def test_a_yahtzee_with_the_row_empty_is_free_H4():
    g = game("yahtzee")
    g.enter("66666", 1)
    assert {c.row for c in g.legal_cells()} == set(YAHTZEE_ROWS)
    assert next(c for c in g.legal_cells() if c.row == "full-house").score == 0


def test_joker_rule_off_is_one_setting_H4():
    g = game("yahtzee", joker_rule=0)
    write(g, "44444", "yahtzee")
    g.enter("44444", 1)
    got = {c.row: c for c in g.legal_cells()}
    assert set(got) == set(YAHTZEE_ROWS) - {"yahtzee"}
    assert got["full-house"].score == 0 and all(c.bonus == 0 for c in got.values())
    assert g.config.label == "Yahtzee" and g.config.config_key == "yahtzee/house-rules"


def test_yahtzee_bonus_each_time_and_undo_H4():
    g = game("yahtzee")
    write(g, "11111", "yahtzee")
    write(g, "11111", "1")
    write(g, "22222", "2")
    assert g.totals(0).parts["yahtzee_bonus"] == 200
    g.undo()
    assert g.totals(0).parts["yahtzee_bonus"] == 100
    again = Game.from_doc(g.to_doc())
    assert again.totals(0) == g.totals(0)


# -- random games ----------------------------------------------------------------------------------


def expected_totals(g: Game, sheet) -> tuple[dict[str, int], int]:
    """The totals recomputed from the marks in the order they were written (Z3, H3, H4)."""
    s = g.rules.settings
    written = {r: m.score for (_, r), m in sheet.marks.items()}
    upper = sum(written.get(r, 0) for r in UPPER)
    bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
    parts = {"upper": upper + bonus, "lower": sum(v for r, v in written.items() if r not in UPPER)}
    if g.rules.family == "yahtzee":
        extra, held = 0, False
        for (_, row), mark in sheet.marks.items():      # in the order they were written
            five = len({d.value for d in mark.dice}) == 1
            if five and held and s["joker_rule"]:
                extra += s["yahtzee_bonus"]
            if row == "yahtzee" and mark.score > 0:
                held = True
        parts["yahtzee_bonus"] = extra
    return parts, sum(parts.values())


def check_jokers(g: Game) -> None:
    """H4, replayed from the marks: where each yahtzee went once the yahtzee row was filled."""
    if g.rules.family != "yahtzee" or not g.rules.settings["joker_rule"]:
        return
    for sheet in g.sheets:
        filled: set[str] = set()
        for (_, row), mark in sheet.marks.items():
            values = {d.value for d in mark.dice}
            if len(values) == 1 and "yahtzee" in filled:
                own = str(values.pop())
                if own not in filled:
                    assert row == own, (row, own)
                elif any(r not in filled for r in YAHTZEE_LOWER):
                    assert row in YAHTZEE_LOWER, row
                if row in ("full-house", "small-straight", "large-straight") and not mark.scratch:
                    assert mark.score == {"full-house": 25, "small-straight": 30,
                                          "large-straight": 40}[row]
            filled.add(row)


def play(config, seed: int, deep: bool) -> Game:
    """A random game where one coup in four is five equal dice (the joker's case)."""
    rng = random.Random(seed)
    g = Game(config)
    while not g.finished:
        undo_check = deep and rng.random() < 0.05
        before = state(g) if undo_check else None
        kept = len(effective_events(g.events))
        if deep and rng.random() < 0.05:
            check_refusals(g, rng)                   # it enters the dice of the turn
        else:
            if rng.random() < 0.25:
                dice = tuple([Die(rng.randint(1, 6))] * 5)
            else:
                dice = tuple(sorted(Die(rng.randint(1, 6)) for _ in range(5)))
            g.enter(dice, rng.randint(1, 3))
        cells = g.legal_cells()
        assert cells, "G3: a turn always has a cell"
        cell = rng.choice(cells)
        g.mark(cell.column, cell.row, scratch=rng.random() < 0.1)
        if undo_check:
            check_undo_redo(g, before, kept)         # undo the turn's events, record them again
    return g


CONFIGS = {
    "yatzy": lambda: make_config("yatzy", ["Ana", "Bob"]),
    "yatzy-solo": lambda: make_config("yatzy", ["Ana"]),
    "yahtzee": lambda: make_config("yahtzee", ["Ana", "Bob", "Cy"]),
    "yahtzee-no-joker": lambda: make_config("yahtzee", ["Ana", "Bob"],
                                            settings={"joker_rule": 0}),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_games(name):
    config = CONFIGS[name]()
    for seed in range(150):
        deep = seed % 10 == 0
        try:
            g = play(config, seed, deep)
            check_end(g)
            for sheet in g.sheets:
                parts, grand = expected_totals(g, sheet)
                assert g.totals(sheet).parts == parts and g.totals(sheet).grand == grand
            check_jokers(g)
            if deep:
                check_round_trips(g)
        except AssertionError as err:
            raise AssertionError(f"{name}, seed {seed}: {err}") from err
