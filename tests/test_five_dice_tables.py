"""Hand-computed score tables for the five-dice families, in the python-chess "perft" spirit.

``tests/data/<family>.txt`` holds one case a line: ``roll<TAB>dice<TAB>row=score ...`` giving the
expected score of EVERY row of the family (0s included), computed by hand from the rulings
(C2, Y2, U2, Z2, H2), never by running the scorer. This file checks each line against
``get_rules(family).figures(dice, roll)``.

The "perft" tests below count, over all 6**5 = 7776 ordered rolls, how many make each row. The
expected counts are derived by hand in the comments; a scorer that is wrong for a rare shape (a
yam taken for a full, a run of 4 taken for a suite, ...) moves a count.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.rules import get_rules

DATA = Path(__file__).parent / "data"
FAMILIES = ("classic", "gaby", "duel", "yatzy", "yahtzee")
MIN_CASES = 20
#: rows that score the sum of the dice: made by every roll, so never 0
SUM_ROWS = {"plus", "moins", "max", "min", "chance"}


@dataclass(frozen=True)
class Case:
    family: str
    line: int
    roll: int
    dice: str
    expected: dict[str, int]

    @property
    def id(self) -> str:
        return f"{self.family}:{self.line}:{self.dice}"


def load(family: str) -> list[Case]:
    cases = []
    path = DATA / f"{family}.txt"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        assert len(fields) == 3, f"{path.name}:{number}: expected roll<TAB>dice<TAB>scores: {raw!r}"
        roll, dice, scores = fields
        expected: dict[str, int] = {}
        for item in scores.split():
            row, _, score = item.partition("=")
            assert row not in expected, f"{path.name}:{number}: row {row} given twice"
            expected[row] = int(score)
        cases.append(Case(family, number, int(roll), dice, expected))
    return cases


ALL_CASES = [case for family in FAMILIES for case in load(family)]


@pytest.mark.parametrize("family", FAMILIES)
def test_table_is_big_enough(family):
    assert len(load(family)) >= MIN_CASES


@pytest.mark.parametrize("family", FAMILIES)
def test_every_row_is_made_and_not_made_somewhere(family):
    """The table exercises each row both with a non-zero score and (sum rows aside) with 0."""
    cases = load(family)
    for row in get_rules(family).rows:
        scores = [case.expected[row.id] for case in cases]
        assert any(scores), f"{family}: no case makes row {row.id}"
        if row.id not in SUM_ROWS:
            assert not all(scores), f"{family}: no case misses row {row.id}"


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda c: c.id)
def test_table_line(case):
    rules = get_rules(case.family)
    ids = [row.id for row in rules.rows]
    # every row of the family is listed, and nothing else
    assert sorted(case.expected) == sorted(ids), "the line must list every row of the family"
    dice = rules.parse_dice(case.dice)
    figures = rules.figures(dice, case.roll)
    assert [f.row for f in figures] == ids, "figures() gives every row in grid order"
    got = {f.row: f.score for f in figures}
    assert got == case.expected
    for f in figures:
        assert f.made == (f.score != 0)
        assert f.explain, f"row {f.row} has no explanation"
        assert rules.figure(f.row, dice, case.roll).score == f.score


# -- perft: counts over every ordered roll ----------------------------------------------------

ALL_ROLLS = [tuple(sorted(Die(v) for v in values))
             for values in itertools.product(range(1, 7), repeat=5)]


def made_counts(family: str) -> dict[str, dict[int, int]]:
    """For each row: {score: number of the 7776 ordered rolls giving it}, 0 left out."""
    rules = get_rules(family)
    cache: dict[tuple, list] = {}
    out: dict[str, dict[int, int]] = {r.id: {} for r in rules.rows}
    for dice in ALL_ROLLS:
        if dice not in cache:
            cache[dice] = rules.figures(dice, 1)
        for f in cache[dice]:
            if f.score:
                out[f.row][f.score] = out[f.row].get(f.score, 0) + 1
    return out


def total(by_score: dict[int, int]) -> int:
    return sum(by_score.values())


# Hand counts over the 7776 ordered rolls:
#   a given value n shows on at least one die: 7776 - 5**5 = 4651
#   yam: 6
#   at least 4 alike: exactly 4 = 6 values x 5 other values x 5 places = 150, + 6 yams = 156
#   at least 3 alike: exactly 3 = 6 x C(5,3)=10 x 5**2=25 = 1500, + 156 = 1656
#   full (two different values, G2): 6 x 5 x C(5,3) = 300
#   5 in a row: 2 sets x 5! = 240 (120 for 1-2-3-4-5, 120 for 2-3-4-5-6)
#   4 in a row (1234x, 2345x, 3456x): each 4 x 5!/2! + 2 x 5! = 480; union
#     3 x 480 - 120 (12345) - 120 (23456) = 1200
#   nenette 2-2-2-1-1: 5!/(3! 2!) = 10
#   petit: sum 7 = 1-1-1-2-2 (10) + 1-1-1-1-3 (5) = 15; sum 6 = 1-1-1-1-2 (5); sum 5 = 1
UPPER = {str(v): 4651 for v in range(1, 7)}


def test_perft_classic():
    got = made_counts("classic")
    assert {row: total(got[row]) for row in UPPER} == UPPER
    assert total(got["full"]) == 300
    assert got["suite"] == {55: 120, 60: 120}
    assert total(got["carre"]) == 156
    assert total(got["yam"]) == 6
    assert got["yam"] == {105: 1, 110: 1, 115: 1, 120: 1, 125: 1, 130: 1}
    assert total(got["plus"]) == total(got["moins"]) == 7776


def test_perft_gaby():
    got = made_counts("gaby")
    assert {row: total(got[row]) for row in UPPER} == UPPER
    assert total(got["brelan"]) == 1656
    assert sorted(got["brelan"]) == [13, 16, 19, 22, 25, 28]
    assert total(got["full"]) == 300
    assert got["suite"] == {45: 120, 50: 120}
    assert total(got["carre"]) == 156
    assert sorted(got["carre"]) == [44, 48, 52, 56, 60, 64]
    assert got["yam"] == {105: 1, 110: 1, 115: 1, 120: 1, 125: 1, 130: 1}
    assert got["nenette"] == {60: 10}
    assert got["petit"] == {50: 15, 60: 5, 70: 1}
    assert total(got["max"]) == total(got["min"]) == 7776


def test_perft_duel():
    got = made_counts("duel")
    assert {row: total(got[row]) for row in UPPER} == UPPER
    assert total(got["brelan"]) == 1656
    assert total(got["carre"]) == 156
    assert got["full"] == {25: 300}
    assert got["petite-suite"] == {30: 1200}
    assert got["grande-suite"] == {40: 240}
    assert got["yam"] == {50: 6}
    # chance: every roll scores its sum; the 7776 sums add up to 7776 x 17.5
    assert total(got["chance"]) == 7776
    assert sum(score * n for score, n in got["chance"].items()) == 136080


# Yatzy and Yahtzee (Z2, H2), from the counts above and:
#   at least one pair: 7776 - 6 x 5 x 4 x 3 x 2 (all different) = 7056
#   two pairs of different values: 2+2+1 = C(6,2)=15 x 4 singles x 5!/(2! 2!)=30 = 1800,
#     + the 300 fulls (3+2) = 2100 (four alike hold one pair value only)
#   one pair of 6s (the best pair when there are at least two 6s): 7776 - 5**5 - 5 x 5**4 = 1526
#   four alike of v (exactly 4: 5 x 5 = 25, + the yatzy) = 26 for each v
#   Yahtzee four-of-a-kind scores the five dice: sum over v, w != v of 5 x (4v + w)
#     = 5 x sum_v (19v + 21) = 5 x 525 = 2625, + the yahtzees 5 x (1+...+6) = 105: 2730


def test_perft_yatzy():
    got = made_counts("yatzy")
    assert {row: total(got[row]) for row in UPPER} == UPPER
    assert total(got["one-pair"]) == 7056
    assert got["one-pair"][12] == 1526
    assert total(got["two-pairs"]) == 2100
    assert total(got["three-of-a-kind"]) == 1656
    assert got["four-of-a-kind"] == {4 * v: 26 for v in range(1, 7)}
    assert got["small-straight"] == {15: 120}
    assert got["large-straight"] == {20: 120}
    assert total(got["full-house"]) == 300
    assert got["yatzy"] == {50: 6}
    assert sum(score * n for score, n in got["chance"].items()) == 136080


def test_perft_yahtzee():
    got = made_counts("yahtzee")
    assert {row: total(got[row]) for row in UPPER} == UPPER
    assert total(got["three-of-a-kind"]) == 1656
    assert total(got["four-of-a-kind"]) == 156
    assert sum(score * n for score, n in got["four-of-a-kind"].items()) == 2730
    assert got["full-house"] == {25: 300}
    assert got["small-straight"] == {30: 1200}
    assert got["large-straight"] == {40: 240}
    assert got["yahtzee"] == {50: 6}
    assert sum(score * n for score, n in got["chance"].items()) == 136080
