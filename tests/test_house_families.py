"""The built-in five-dice families written as house files agree with the built-in rule sets:
every row's score for all 252 throws and every roll count, and, over random whole games played
in lockstep, the same legal cells with the same scores, the same bonuses and the same totals
after every turn."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.engine.config import GameConfig, make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.house import family_sheets, house_toml_from_family, load_house
from yams_scorekeeper.house.families import generated_text
from yams_scorekeeper.house.sheet import HouseSheet
from yams_scorekeeper.rules import Setup, get_rules

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "house"
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


def test_each_family_file_is_generated_from_its_class_and_shipped_once():
    """Issue 35 item 11: every number a setting fixes is the class's default (the file is
    what scripts/gen_house_sheets.py writes), and examples/house/ holds no copy."""
    assert set(FAMILIES) <= set(family_sheets())
    for family in family_sheets():
        assert generated_text(family) == house_toml_from_family(family), family
        assert not (EXAMPLES / f"{family}.toml").exists(), family
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "gen_house_sheets.py"),
                           "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_class_default_the_file_does_not_say_is_found(monkeypatch):
    """The generation reads the class: a changed default makes the shipped file stale."""
    from yams_scorekeeper.rules import rules_class

    cls = rules_class("classic")
    monkeypatch.setattr(cls, "defaults", {**cls.defaults, "full_base": 31})
    assert "points = 31    # setting full_base" in generated_text("classic")
    assert generated_text("classic") != house_toml_from_family("classic")


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
    assert ours.solver.exactly_solved == built.solver.exactly_solved
    rows = tuple(r.id for r in built.rows)
    assert ours.solver.state(rows) == built.solver.state(rows)


def _cells(game: Game) -> list[tuple]:
    return sorted((c.column, c.row, c.coup, c.score, c.zero_only, c.bonus)
                  for c in game.legal_cells())


def _lockstep(built: Game, ours: Game, rng: random.Random, *, same_parts: bool = True) -> int:
    """Play both games with the same dice and the same choices to the end; returns the turns.
    ``same_parts``: the totals' parts and details too, else the grand total and each part
    that is not 0."""
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
        entries = {"joker": joker} if joker else {}
        announced = [r for r in built.rows if ("annoncee", r) not in built.player.marks] \
            if any(c.id == "annoncee" for c in built.columns) else []
        left = built.cells_per_sheet - len(built.player.marks)
        if announced and rng.random() * left < len(announced):     # C7: an announce
            entries = {"announce": rng.choice(announced)}
        built.enter(dice, roll, **entries)
        ours.enter(dice, roll, **entries)
        cells = _cells(built)
        assert _cells(ours) == cells
        column, row, coup, score, _, _ = rng.choice(cells)
        scratch = score > 0 and rng.random() < 0.1
        for game in (built, ours):
            game.mark(column, row, coup=coup or None, scratch=scratch)
        for i in range(len(built.sheets)):
            theirs, mine = built.totals(i), ours.totals(i)
            if same_parts:
                assert mine == theirs
            else:
                assert mine.grand == theirs.grand
                assert {k: v for k, v in mine.parts.items() if v} == \
                    {k: v for k, v in theirs.parts.items() if v}
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


def test_classic_with_its_annoncee_column_agrees():
    columns = ("libre", "montante", "annoncee")
    built = Game(make_config("classic", ("Ana", "Bo"), columns=columns))
    ours = Game(house_config(house("classic"), ("Ana", "Bo"), columns=columns))
    assert _lockstep(built, ours, random.Random(8)) == 2 * 36


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


#: settings of each family, as a club may change them (every number the file says)
SETTINGS = {
    "classic": {"full_base": 30, "suite_petite": 50, "suite_grande": 65, "carre_base": 60,
                "yam_base": 120, "bonus_threshold": 63, "bonus": 35},
    "duel": {"full": 30, "petite_suite": 25, "grande_suite": 45, "yam": 60,
             "bonus_threshold": 60, "bonus": 30, "jokers": 2, "jokers_per_turn": 1},
    "yatzy": {"small_straight": 20, "large_straight": 25, "yatzy": 60, "bonus_threshold": 60,
              "bonus": 40},
    "yahtzee": {"full_house": 20, "small_straight": 25, "large_straight": 35, "yahtzee": 60,
                "bonus_threshold": 60, "bonus": 30, "yahtzee_bonus": 50, "joker_rule": 1},
}


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_file_with_settings_scores_as_the_family_with_them(family):
    settings = SETTINGS[family]
    built = get_rules(family, settings)
    ours = load_house(house_toml_from_family(family, settings), name=family).ruleset()
    for throw in THROWS:
        dice = tuple(Die(v) for v in throw)
        assert [(f.row, f.score) for f in ours.figures(dice, 2)] == \
            [(f.row, f.score) for f in built.figures(dice, 2)], throw
    players = ("Ana", "Bo")
    config = house_config(load_house(house_toml_from_family(family, settings), name=family),
                          players)
    built_game = Game(make_config(family, players, settings=settings))
    _lockstep(built_game, Game(config), random.Random(3))


def test_the_yahtzee_joker_rule_off_turns_the_joker_and_the_bonus_off():
    text = house_toml_from_family("yahtzee", {"joker_rule": 0})
    sheet = load_house(text, name="yahtzee")
    assert (sheet.spec.joker, sheet.spec.extra_yams) == ("none", 0)
    built = Game(make_config("yahtzee", ("Ana",), settings={"joker_rule": 0}))
    # the built-in sheet keeps an empty Yahtzee bonus line; the house file has none
    _lockstep(built, Game(house_config(sheet, ("Ana",))), random.Random(5), same_parts=False)


def test_a_setting_the_file_cannot_say_is_refused():
    from yams_scorekeeper.base.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        house_toml_from_family("double")
    assert err.value.message.key == "rules.house_no_family_sheet"
    with pytest.raises(ConfigError) as err:
        house_toml_from_family("classic", {"yam": 60})
    assert err.value.message.key == "rules.unknown_setting"      # the family's own check


@pytest.mark.parametrize("family", FAMILIES)
def test_the_exact_solver_sees_the_same_game(family):
    """The solver's spec of the family's file hashes as the family's own: the same table, so
    the same optimal value (Yatzy 248.4400, Yahtzee 254.5877: benchmarks/bench_house_solver.py)."""
    from yams_scorekeeper.advice.spec import spec_for

    assert spec_for(house(family).ruleset()).key() == spec_for(get_rules(family)).key()


def test_the_heuristic_adviser_plays_a_several_column_house_sheet():
    from yams_scorekeeper.advice.heuristic import play_game

    game = play_game(Game(house_config(house("classic"), ("Ana",))), random.Random(1))
    assert game.finished and game.totals(0).grand > 300


# -- Gaby, where its mechanics fit: its rows but nénette and petit, its five columns with their
# factors, max/min read as Y3; none of the options (bloquant, deux-coups, doblar, chance)

GABY_COLUMNS = (("libre",), ("descente", "libre", "montee"), ("libre", "demi-sec", "sec"),
                ("descente", "libre", "montee", "demi-sec", "sec"))


def test_gaby_file_scores_every_throw_as_gaby_without_its_optional_rows():
    built, ours = get_rules("gaby"), house("gaby").ruleset()
    rows = [r.id for r in built.rows if not r.optional]
    assert [r.id for r in ours.rows] == rows
    for throw in THROWS:
        dice = tuple(Die(v) for v in throw)
        for roll in (1, 2, 3):
            assert [(f.row, f.score) for f in ours.figures(dice, roll)] == \
                [(r, built.score_row(r, dice, roll).score) for r in rows], (throw, roll)


@pytest.mark.parametrize("columns", GABY_COLUMNS)
@pytest.mark.parametrize("seed", range(3))
def test_gaby_games_agree_turn_by_turn(columns, seed):
    """The same cells and scores; the same total of every column and of the sheet (the built-in
    sheet's details also carry its factor and a max/min line in every column)."""
    players = ("Ana", "Bo", "Cy")[:1 + seed]
    built = Game(make_config("gaby", players, columns=columns, explicit=True))
    ours = Game(house_config(house("gaby"), players, columns=columns))
    assert _lockstep(built, ours, random.Random(seed), same_parts=False) == \
        len(players) * len(columns) * 13


def test_gaby_file_with_settings_and_column_factors():
    settings = {"brelan_base": 12, "full_base": 25, "suite_petite": 40, "suite_grande": 55,
                "carre_base": 45, "yam_base": 90, "bonus_threshold": 63, "bonus": 50,
                "column_factors": {"sec": 3, "demi-sec": 2}}
    text = house_toml_from_family("gaby", settings)
    assert "factor = 3    # setting column_factors.sec" in text
    columns = ("libre", "demi-sec", "sec")
    built = Game(make_config("gaby", ("Ana",), columns=columns, settings=settings,
                             explicit=True))
    ours = Game(house_config(load_house(text, name="gaby"), ("Ana",), columns=columns))
    _lockstep(built, ours, random.Random(11), same_parts=False)
    from yams_scorekeeper.base.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        house_toml_from_family("gaby", {"nenette": 50})
    assert err.value.message.key == "rules.house_setting_not_said"
