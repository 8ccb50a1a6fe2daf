"""examples/house/annoncee.toml played: the annoncée column (C7) of a house sheet. After the
first roll the player announces a row; the turn's dice then go only to that cell of the
annoncée column (its score if made, else 0); no annoncée cell is legal without an announce."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from yams_scorekeeper.base.errors import YamsError
from yams_scorekeeper.engine.config import GameConfig
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.simulate import play_random_game
from yams_scorekeeper.house import load_house
from yams_scorekeeper.rules import Setup

FILE = Path(__file__).resolve().parent.parent / "examples" / "house" / "annoncee.toml"


def config(players: tuple[str, ...] = ("Ana", "Bo")) -> GameConfig:
    rules = load_house(FILE.read_text(encoding="utf-8"), name="annoncee").ruleset()
    done = rules.configure(Setup(players))
    made = GameConfig(rules.family, players, tuple(done.columns or ()))
    made.__dict__["rules"] = rules
    return made


def game(players: tuple[str, ...] = ("Ana", "Bo")) -> Game:
    return Game(config(players))


def cells(g: Game) -> set[tuple[str, str, int]]:
    return {(c.column, c.row, c.score) for c in g.legal_cells()}


def test_without_an_announce_no_annoncee_cell_is_legal():
    g = game()
    g.enter("55532", 3)
    legal = cells(g)
    assert not any(column == "annoncee" for column, _, _ in legal)
    assert ("descendante", "1", 0) in legal and ("montante", "chance", 20) in legal
    assert ("libre", "brelan", 20) in legal
    with pytest.raises(YamsError):
        g.mark("annoncee", "brelan")


def test_an_announce_makes_the_announced_cell_the_only_one():
    g = game()
    g.enter("55532", 3, announce="brelan")
    assert cells(g) == {("annoncee", "brelan", 20)}          # the sum of all five dice
    with pytest.raises(YamsError):
        g.mark("libre", "brelan")
    g.mark("annoncee", "brelan")
    assert g.sheets[0].marks[("annoncee", "brelan")].score == 20


def test_a_missed_announce_scores_0():
    g = game()
    g.enter("55532", 2, announce="carre")
    assert cells(g) == {("annoncee", "carre", 0)}


def test_an_announce_of_a_filled_cell_is_refused():
    g = game(("Ana",))
    g.enter("55532", 1, announce="brelan")
    g.mark("annoncee", "brelan")
    with pytest.raises(YamsError):
        g.enter("55532", 1, announce="brelan")


@pytest.mark.parametrize("seed", range(3))
def test_random_whole_games_fill_every_column(seed):
    g = play_random_game(config(), random.Random(seed))
    assert g.finished
    for sheet in g.sheets:
        assert len(sheet.marks) == 4 * 13
        assert all(("annoncee", r) in sheet.marks for r in g.rows)
