"""What the README and docs/json.md say about the program is what it does: the Double Yams
row count, the order of ``score --json``'s figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import js

from yams_scorekeeper.rules import get_rules

REPO = Path(__file__).resolve().parent.parent


def test_the_readme_counts_the_double_yams_rows_of_the_grid():
    said = re.findall(r"Double Yams turn .*?its (\d+) rows",
                      (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    assert said == [str(len(get_rules("double").rows))]


@pytest.mark.parametrize(("family", "dice"), [("gaby", "55533/2"), ("classic", "66612/3"),
                                              ("yatzy", "12345/1"), ("duel", "44441/2")])
def test_score_json_lists_the_figures_in_sheet_order_as_the_docs_say(tmp_path, family, dice):
    doc = (REPO / "docs" / "json.md").read_text(encoding="utf-8")
    assert re.search(r"\| `figures\[\]` \|[^\n]*in sheet order", doc)
    order = [row.id for row in get_rules(family).rows]
    for extra in ((), ("--all",)):
        rows = [f["row"] for f in js(None, "score", "--rules", family, dice, *extra)["figures"]]
        assert rows == sorted(rows, key=order.index) and len(rows) > 1
