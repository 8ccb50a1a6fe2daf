"""Help and advice at the table (issue 20, item 9): ``hint`` is in the ``h`` help; at
"Second coup?" the hint says whether the second coup is worth playing, with both
expectations, and the prompt says a cell may be typed there directly."""

from __future__ import annotations

import re

import pytest
from helpers import js, ok
from test_play import played

GABY_TWO_COUPS = ["gaby", "Alice", "custom", "libre sec", "-"]


def test_the_help_names_the_hint(tmp_path):
    out = played(tmp_path, ["duel", "Ana", "h", "q"])
    assert "  hint [55531/1]     advice: the dice to keep, or the cell to write\n" in out
    out = played(tmp_path / "fr", ["duel", "Ana", "h", "q"], env={"YAMS_LANG": "fr"})
    assert "  conseil [55531/1]  quels dés garder, ou quelle case inscrire\n" in out


def values(out: str) -> tuple[float, float]:
    """(second coup, writing now) from the hint's line on the second coup."""
    m = re.search(r"second coup[^\n]*?([+-]\d+\.\d+)[^\n]*?([+-]\d+\.\d+)", out)
    assert m, out
    return float(m.group(1)), float(m.group(2))


def test_the_second_coup_hint_says_whether_to_play_it(tmp_path):
    """With doblar, the second coup adds a cell to the full 41 of coup 1: play it. Without,
    a yam in sec (130) is worth more than anything a second coup may bring: write now."""
    out = played(tmp_path / "a", GABY_TWO_COUPS + ["deux-coups doblar", "55533/1", "hint",
                                                   "q"])
    assert "Second coup? dice/roll, a cell, or Enter to choose now" in out
    assert "Play the second coup: " in out and "against" in out
    then, now = values(out)
    assert then > now
    first = re.search(r"1\. Sec · Full 41 +([+-]\d+\.\d+)", out)
    assert first and float(first.group(1)) == now     # writing now: the best cell's value
    out = played(tmp_path / "b", GABY_TWO_COUPS + ["deux-coups", "66666/1", "hint", "q"])
    assert "Write now (" in out and "Play the second coup" not in out
    m = re.search(r"Write now \(([+-]\d+\.\d+)\): the second coup is worth ([+-]\d+\.\d+)",
                  out)
    assert m and m.group(1) == m.group(2)      # a second coup cannot beat the yam


def test_the_second_coup_hint_in_json(tmp_path):
    db = str(tmp_path / "store")
    js(db, "new", "-R", "gaby", "-p", "Alice", "--column", "libre", "--column", "sec",
       "--option", "deux-coups")
    ok(db, "enter", "66666", "--roll", "1")
    second = js(db, "hint")["second_coup"]
    assert second["worth_it"] is False
    assert second["write_now"] == pytest.approx(second["play_it"], abs=1e-3)
    ok(db, "enter", "12346", "--roll", "1")               # the second coup played
    assert "second_coup" not in js(db, "hint")


def test_a_cell_typed_at_the_second_coup_prompt_is_written(tmp_path):
    out = played(tmp_path, GABY_TWO_COUPS + ["deux-coups", "55533/1", "sec.full", "q"])
    assert "Alice: Sec · Full = 41" in out
