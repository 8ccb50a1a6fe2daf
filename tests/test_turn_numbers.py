"""One turn numbering everywhere (issue 20, item 5): the banner, ``t``, ``f N``, ``yams log``
and ``yams review`` all number the game's turns (1 = the game's first, whoever played it),
the ones ``yams fix`` takes; with several players the player's own count is shown beside
it, labelled "round"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ENV, js, ok
from test_advice_cli import DUEL_ONE_JOKER, ONE_JOKER
from test_play import played

#: Ana, Bob, Ana, Bob: the game's turns 1-4
TURNS = [("11123", "1"), ("22256", "2"), ("33345", "3"), ("44442", "4")]


@pytest.fixture
def game(tmp_path, cache_with, monkeypatch):
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with(*DUEL_ONE_JOKER))
    db = str(tmp_path / "store")
    game = js(db, "new", "-R", "duel", *ONE_JOKER, "-p", "Ana", "-p", "Bob")["game"]
    for dice, row in TURNS:
        ok(db, "enter", dice, "--roll", "3")
        ok(db, "mark", f"grille.{row}")
    return db, game


def test_log_and_review_number_the_game_s_turns(game):
    db, game_id = game
    log = js(db, "log")["turns"]
    assert [(t["turn"], t["player"]) for t in log] == [(1, "Ana"), (2, "Bob"), (3, "Ana"),
                                                       (4, "Bob")]
    ana, bob = js(db, "review", game_id[:8])["players"]
    assert [(t["turn"], t["round"]) for t in ana["turns"]] == [(1, 1), (3, 2)]
    assert [(t["turn"], t["round"]) for t in bob["turns"]] == [(2, 1), (4, 2)]
    assert ana["turns"][1]["dice"] == [3, 3, 3, 4, 5]          # turn 3 is Ana's 33345
    text = ok(db, "review", game_id[:8]).stdout
    assert "Ana turn 3 (round 2): 3 3 3 4 5 (roll 3) → 3 9" in text
    assert "Bob turn 4 (round 2): 2 4 4 4 4" in text


def test_the_banner_t_and_f_use_the_same_numbers(game):
    db, game_id = game
    out = played(Path(db), ["t", "f 3", "", "q"], "--game", game_id[:8])
    assert "Ana · turn 5 (round 3) · total" in out
    assert re.search(r"^\s*3\s+Ana\s+33345\s", out, re.M)               # t: turn 3, Ana's
    assert "Turn 3 · Ana · 33345/3 -> 3 · 9" in out                     # f 3: the same turn


def test_alone_the_round_is_the_turn(tmp_path):
    out = played(tmp_path, ["duel", "Solo", "11123/3", "1", "q"])
    assert "Solo · turn 2 · total 3" in out and "(round" not in out
