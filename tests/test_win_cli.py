"""`yams hint --win` / `--target` and play's `hint w`, on a Yatzy game played to its last turns."""

from __future__ import annotations

import pytest
from helpers import ENV, js, ok, one_line_error, run

from yams_scorekeeper import api


@pytest.fixture
def endgame(tmp_path, cache_with, monkeypatch):
    """Ana and Bob at Yatzy, three rows open each, Ana to play."""
    monkeypatch.setitem(ENV, "YAMS_CACHE", cache_with("yatzy"))
    db = str(tmp_path / "store")
    game = api.new(db, "yatzy", ["Ana", "Bob"]).game
    rows = [r for r in game.rows if r not in ("6", "chance", "yatzy")]
    for i in range(2 * len(rows)):
        dice = "55432" if i % 2 else "33321"
        api.enter(db, dice, 3)
        api.mark(db, {"column": game.columns[0].id, "row": rows[i // 2]})
    return db


def test_win_hint_is_the_chances_of_the_real_sheets(endgame, solved):
    from yams_scorekeeper.advice.game_chances import game_win_hint
    from yams_scorekeeper.advice.spec import spec_for

    data = js(endgame, "hint", "6", "6", "6", "2", "1", "--roll", "1", "--win")
    win = data["win"]
    assert win["method"] == "exact" and win["goal"] == "win"
    game = api.load(endgame)
    assert game.player.name == "Ana"
    expected = game_win_hint(game, solved(spec_for(game.rules, game.rows)), (6, 6, 6, 2, 1), 1,
                             False)
    assert win["choice"]["chance"] == pytest.approx(expected.chance, abs=1e-6)
    assert win["choice"]["chance"] >= win["average_choice"]["chance"]
    text = ok(endgame, "hint", "66621", "--roll", "1", "--win", lang="fr").stdout
    assert "Pour gagner : garder" in text and "en jouant la moyenne" in text
    goal = str(game.totals(game.player).grand + 40)
    target = js(endgame, "hint", "--target", goal)["win"]
    assert target["goal"] == "target" and 0 < target["chance"] < 1


def test_win_needs_other_players_and_one_column(endgame, tmp_path):
    one_line_error(run(endgame, "hint", "--rules", "yatzy", "--start", "--win"),
                   "--win needs a game with other players")
    other = str(tmp_path / "columns")
    api.new(other, "classic", ["Ana", "Bob"])
    one_line_error(run(other, "hint", "--win"), "one-column sheet")


def test_play_hint_w_shows_the_choice_to_win(endgame):
    from yams_scorekeeper.cli.advice_cmds import play_hint_lines

    lines = play_hint_lines(api.load(endgame), "w 66621/1", endgame, "en")
    assert any(line.startswith("To win: keep") for line in lines)
    assert lines[0].startswith("Yatzy")
