"""Rules that were right but that no test held (issue 26, items 14, 15, 16 and 18): each test
here fails when its rule is broken on purpose (the break each one was checked against is
named in its docstring)."""

from __future__ import annotations

import itertools
import math
from statistics import NormalDist

import pytest
from helpers import one_line_error, run

from yams_scorekeeper.base.errors import ConfigError, IllegalMoveError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.rules import get_rules


def _game(family: str, **kw) -> Game:
    return Game(make_config(family, ["Ana"], explicit=True, **kw), id="g1",
                created="2024-05-01T20:00:00+00:00")


# -- 14: Gaby, two coups scoring the same in the named cell: the first is written ---------------

#: two coups of one turn, (dice, roll) each, that score the same in ROW
EQUAL_COUPS = [("6", ("66612", 3), ("66634", 1)), ("6", ("66634", 1), ("66612", 3)),
               ("1", ("11122", 2), ("11133", 3)), ("yam", ("55555", 3), ("55555", 1)),
               ("suite", ("23456", 1), ("23456", 2)), ("brelan", ("44412", 2), ("44413", 3))]


@pytest.mark.parametrize("row, first, second", EQUAL_COUPS)
def test_two_coups_that_score_the_same_write_the_first(row, first, second):
    """Y7 and ``Game._best_coup``: 'the first of equals'. Broken as ``>=`` for ``>``, the
    second coup is written."""
    game = _game("gaby", columns=["libre"], options=["deux-coups"])
    game.enter(*first)
    game.enter(*second)
    scores = {c.coup: c.score for c in game.legal_cells() if c.row == row}
    assert scores[1] == scores[2] > 0, scores
    (mark,) = game.mark("libre", row)
    assert (mark.coup, mark.roll, "".join(map(str, sorted(mark.dice)))) == (
        1, first[1], "".join(sorted(first[0])))


# -- 15: Yam classique C5, an imposée order must hold each row once ------------------------------


def _rows() -> list[str]:
    return [r.id for r in get_rules("classic").rows]


@pytest.mark.parametrize("repeated", range(13))
def test_an_imposed_order_of_every_row_plus_one_repeated_is_refused(repeated):
    """C5: thirteen entries, every row and one of them again. Broken as a comparison of the
    sets of rows (which a twelve-entry order with one row twice already fails), it passes."""
    rows = _rows()
    order = rows + [rows[repeated % len(rows)]]
    assert len(order) == len(rows) + 1 and set(order) == set(rows)
    with pytest.raises(ConfigError) as info:
        make_config("classic", ["Ana"], columns=["libre", "imposee"], imposed=order)
    assert info.value.rule == "C5"
    one_line_error(run(None, "new", "-R", "classic", "-p", "Ana", "--column", "imposee",
                       "--imposed", ",".join(order)), "[C5]", code=2)
    make_config("classic", ["Ana"], columns=["libre", "imposee"], imposed=order[:-1])


# -- 16: Gaby Y4, only dry columns left: the highest cap of the open ones ---------------------


def _gaby_in_order(columns: list[str]) -> Game:
    """A Gaby game whose sheet holds ``columns`` in that order: a configuration puts them in
    the sheet's order (demi-sec before sec), so the order is set after it, for the rule to be
    held whatever order its columns come in."""
    import dataclasses

    config = make_config("gaby", ["Ana"], explicit=True, columns=columns)
    return Game(dataclasses.replace(config, columns=tuple(columns)), id="g1",
                created="2024-05-01T20:00:00+00:00")


def _fill(game: Game, full: set[str] | None = None) -> None:
    """Write every cell of the plain columns (and of the columns in ``full``)."""
    for column in game.columns:
        if column.max_roll is not None and column.id not in (full or ()):
            continue
        for _ in column.cells:
            row = game.next_cells(game.player, column)[0]
            game.enter("66666", column.max_roll or 1)
            game.mark(column.id, row)


#: every order of libre, demi-sec and sec, and sheets with more plain columns
DRY_ORDERS = [list(order) for order in itertools.permutations(["libre", "demi-sec", "sec"])] + [
    ["libre", "descente", "montee", "demi-sec", "sec"],
    ["sec", "montee", "libre", "demi-sec", "descente"]]


@pytest.mark.parametrize("columns", DRY_ORDERS, ids="-".join)
def test_with_only_demi_sec_and_sec_open_a_coup_may_take_two_rolls(columns):
    """Y4: every plain column full, demi-sec (2 rolls) and sec (1 roll) still open: the turn
    allows 2 rolls, whichever of them comes last on the sheet. Broken as the last open
    column's cap, or the first one's (sec: 1), it allows 1 in some order."""
    game = _gaby_in_order(columns)
    assert [c.id for c in game.columns] == columns
    _fill(game)
    assert game.max_roll() == 2
    with pytest.raises(IllegalMoveError) as info:
        game.enter("66666", 3)
    assert info.value.rule == "Y4"
    game.enter("66666", 2)
    assert {c.column for c in game.legal_cells()} == {"demi-sec"}


@pytest.mark.parametrize("columns", DRY_ORDERS, ids="-".join)
@pytest.mark.parametrize("full, cap", [("demi-sec", 1), ("sec", 2)])
def test_a_full_dry_column_gives_no_cap(columns, full, cap):
    """Y4: once demi-sec (or sec) is full too, the other one's cap is the turn's. Broken as
    the highest cap of every dry column, full or not, sec alone open allows 2."""
    game = _gaby_in_order(columns)
    _fill(game, {full})
    assert game.max_roll() == cap
    with pytest.raises(IllegalMoveError) as info:
        game.enter("66666", cap + 1)
    assert info.value.rule == "Y4"


# -- 18: the heuristic adviser's chance of the upper bonus ------------------------------------


def _adviser():
    from yams_scorekeeper.advice.heuristic import HeuristicAdviser

    game = Game(make_config("classic", ["A"], columns=["libre", "descendante"]), id="g1",
                created="2024-05-01T20:00:00+00:00")
    adviser = HeuristicAdviser(game)
    return adviser, game.columns[0]


#: (upper total so far, upper rows still open, the chance of the bonus): the values of the
#: normal approximation with its half-point continuity correction
BONUS_CHANCES = [(0, ["1", "2", "3", "4", "5", "6"], 0.0736366), (40, ["5", "6"], 0.6648524),
                 (50, ["6"], 0.6821875), (20, ["4", "5", "6"], 0.2073375),
                 (60, ["6"], 1.0), (10, [], 0.0)]


@pytest.mark.parametrize("upper, rows, chance", BONUS_CHANCES)
def test_the_chance_of_the_upper_bonus_is_pinned(upper, rows, chance):
    """P(sum of the open rows >= threshold - upper), each row's mean and variance from the
    five-dice tables, read as a normal law with the continuity correction: Phi((mean - need
    + 0.5) / sd). Broken without the + 0.5, or with - 0.5, every value moves by over 1 %."""
    adviser, column = _adviser()
    threshold, _ = adviser.bonus
    got = adviser._bonus_chance(column, upper, rows)
    assert got == pytest.approx(chance, abs=1e-6)
    if rows and upper < threshold:
        stats = [adviser.tables.dedicated(r, adviser._limit(column)) for r in rows]
        mean, var = sum(m for m, _ in stats), sum(v for _, v in stats)
        assert got == pytest.approx(NormalDist().cdf(
            (mean - (threshold - upper) + 0.5) / math.sqrt(var)), rel=1e-12)


def test_the_value_of_an_upper_cell_counts_the_bonus_chance():
    """The gain the hint ranks by: score plus the bonus times the change in its chance, less
    the cell's par. 24 in the 6s is worth about 10 points more than 18 there."""
    adviser, column = _adviser()
    assert adviser.gain(column, "6", 24) == pytest.approx(16.2246038, abs=1e-6)
    assert adviser.gain(column, "6", 18) == pytest.approx(6.1534853, abs=1e-6)
