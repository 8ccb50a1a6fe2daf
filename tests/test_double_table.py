"""Perft-style table of Double Yams figures: tests/data/double_yams.txt lists, for each hand-checked
roll, the score of every row of the grid (rulings D2, D4-D7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from yams_scorekeeper.base.dice import parse_tagged
from yams_scorekeeper.rules import get_rules

TABLE = Path(__file__).parent / "data" / "double_yams.txt"


def _cases():
    cases, comment = [], ""
    for number, line in enumerate(TABLE.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        if line.startswith("#"):
            comment = line.lstrip("# ")
            continue
        roll, dice, expected = line.split("\t")
        scores = dict((k, int(v)) for k, v in (item.split("=") for item in expected.split()))
        cases.append(pytest.param(int(roll), dice, scores, id=f"line{number}-{comment[:40]}"))
    return cases


CASES = _cases()
RULES = get_rules("double")


def test_table_is_big_enough_and_covers_every_row():
    assert len(CASES) >= 25
    ids = [r.id for r in RULES.rows]
    made, missed = set(), set()
    for case in CASES:
        _, _, scores = case.values
        assert list(scores) == ids, "every line lists every row, in grid order"
        made |= {r for r, s in scores.items() if s}
        missed |= {r for r, s in scores.items() if not s}
    figure_rows = {r.id for r in RULES.rows if r.section in ("yams", "suites", "combinaisons")}
    assert figure_rows <= made, figure_rows - made
    assert figure_rows <= missed, figure_rows - missed


@pytest.mark.parametrize("roll, dice, expected", CASES)
def test_table_line(roll, dice, expected):
    figures = RULES.figures(parse_tagged(dice), roll)
    got = {f.row: f.score for f in figures}
    assert got == expected
