"""The built-in five-dice families written as house files agree with the built-in rule sets:
every row's score for all 252 throws and every roll count, and, over random whole games played
in lockstep, the same legal cells with the same scores, the same bonuses and the same totals
after every turn."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from yams_scorekeeper.config import GameConfig, make_config
from yams_scorekeeper.dice import Die
from yams_scorekeeper.game import Game
from yams_scorekeeper.house import family_sheets, house_toml_from_family, load_house
from yams_scorekeeper.house.sheet import HouseSheet
from yams_scorekeeper.rules import Setup, get_rules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "house"
FAMILIES = ("classic", "duel", "yatzy", "yahtzee")
THROWS = list(combinations_with_replacement(range(1, 7), 5))


def house(family: str) -> HouseSheet:
    return load_house(house_toml_from_family(family), name=family)


def house_config(sheet: HouseSheet, players: tuple[str, ...], **choices: object) -> GameConfig:
    """A game configuration playing ``sheet`` (as the command line's plumbing will make it)."""
    rules = sheet.ruleset()
    done = rules.configure(Setup(players, **choices))      # type: ignore[arg-type]
    config = GameConfig(rules.family, players, tuple(done.columns or ()),
                        imposed=done.imposed)
    config.__dict__["rules"] = rules
    return config


def test_every_family_with_a_file_is_shipped_in_the_examples():
    assert set(FAMILIES) <= set(family_sheets())
    for family in family_sheets():
        assert (EXAMPLES / f"{family}.toml").read_text(encoding="utf-8") == \
            house_toml_from_family(family)


def test_an_alias_finds_the_family_file():
    assert house_toml_from_family("yam-classique") == house_toml_from_family("classic")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_row_scores_every_throw_as_the_built_in_family(family):
    built, ours = get_rules(family), house(family).ruleset()
    assert [r.id for r in built.rows] == [r.id for r in ours.rows]
    assert [r.name for r in built.rows] == [r.name for r in ours.rows]
    checked = 0
    for throw in THROWS:
        dice = tuple(Die(v) for v in throw)
        for roll in (1, 2, 3):
            mine = [(f.row, f.score) for f in ours.figures(dice, roll)]
            assert mine == [(f.row, f.score) for f in built.figures(dice, roll)], (throw, roll)
            checked += len(mine)
    assert checked == 252 * 3 * len(built.rows)


@pytest.mark.parametrize("family", FAMILIES)
def test_players_rolls_columns_and_solver_match(family):
    built, ours = get_rules(family), house(family).ruleset()
    assert (ours.max_rolls, ours.min_players, ours.max_players) == \
        (built.max_rolls, built.min_players, built.max_players)
    assert ours.default_columns == built.default_columns
    assert ours.exactly_solved == built.exactly_solved
    rows = tuple(r.id for r in built.rows)
    assert ours.solver_state(rows) == built.solver_state(rows)


def _cells(game: Game) -> list[tuple]:
    return sorted((c.column, c.row, c.coup, c.score, c.zero_only, c.bonus)
                  for c in game.legal_cells())


def _lockstep(built: Game, ours: Game, rng: random.Random) -> int:
    """Play both games with the same dice and the same choices to the end; returns the turns."""
    turns = 0
    while not built.finished:
        assert not ours.finished
        dice = tuple(sorted(Die(rng.randint(1, 6)) for _ in range(5)))
        roll = rng.randint(1, built.max_roll())
        joker = None
        if getattr(built.player, "jokers_left", 0) and rng.random() < 0.3:
            src = rng.choice(dice).value
            joker = (src, rng.choice([v for v in range(1, 7) if v != src]))
        if rng.random() < 0.15:                 # a yams now and then: bonuses and jokers
            dice = tuple(Die(dice[0].value) for _ in range(5))
            joker = None
        built.enter(dice, roll, joker=joker)
        ours.enter(dice, roll, joker=joker)
        cells = _cells(built)
        assert _cells(ours) == cells
        column, row, coup, score, _, _ = rng.choice(cells)
        scratch = score > 0 and rng.random() < 0.1
        for game in (built, ours):
            game.mark(column, row, coup=coup or None, scratch=scratch)
        for i in range(len(built.sheets)):
            assert ours.totals(i) == built.totals(i)
        turns += 1
    assert ours.finished
    return turns


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("seed", range(6))
def test_random_whole_games_agree_turn_by_turn(family, seed):
    players = ("Ana", "Bo") if seed % 2 else ("Ana",)
    built = Game(make_config(family, players))
    ours = Game(house_config(house(family), players))
    turns = _lockstep(built, ours, random.Random(seed))
    assert turns == len(players) * built.cells_per_sheet
    assert [s.name for s in ours.winners()] == [s.name for s in built.winners()]


def test_classic_with_its_imposed_column_agrees():
    order = ("yam", "1", "moins", "2", "plus", "3", "carre", "4", "suite", "5", "full", "6")
    columns = ("libre", "imposee")
    built = Game(make_config("classic", ("Ana", "Bo"), columns=columns, imposed=order))
    ours = Game(house_config(house("classic"), ("Ana", "Bo"), columns=columns, imposed=order))
    assert _lockstep(built, ours, random.Random(7)) == 2 * 24


def test_the_check_can_fail_a_changed_number_is_seen():
    """A sheet one point away from the built-in one disagrees (the tests above can fail)."""
    text = house_toml_from_family("yatzy").replace("points = 15", "points = 16")
    ours = load_house(text, name="yatzy").ruleset()
    dice = tuple(Die(v) for v in (1, 2, 3, 4, 5))
    assert ours.score_row("small-straight", dice, 1).score == 16
    assert get_rules("yatzy").score_row("small-straight", dice, 1).score == 15
