"""Duel au Yam at game level: jokers (U4), bonus (U3), rows and players (U1, U2).

Issue "Game sheets and turns". Every test cites the ruling of /work/shared/rulings.md it checks;
every refusal is checked for its class, the rule named in its text (when the rule is one) and a
game left unchanged.
"""

from __future__ import annotations

import pytest
from helpers import refused

from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.base.errors import ConfigError, EntryError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game, parse_joker

DUEL_ROWS = "1 2 3 4 5 6 brelan carre full petite-suite grande-suite yam chance".split()


def duel(players=("Ana",), **settings) -> Game:
    return Game(make_config("duel", list(players), settings=settings or None))


def scores(game: Game) -> dict[str, int]:
    return {c.row: c.score for c in game.legal_cells()}


def turn(game: Game, dice: str, roll: int, row: str, **kw):
    game.enter(dice, roll, **kw)
    (mark,) = game.mark(None, row)
    return mark


# -- rows and players (U1, U2) ----------------------------------------------------------------


def test_duel_sheet_has_the_U1_rows_in_one_column_U1():
    game = duel(("Ana", "Bob"))
    assert game.rows == tuple(DUEL_ROWS)
    assert [c.id for c in game.columns] == ["grille"]
    game.enter("12345", 3)
    assert [c.row for c in game.legal_cells()] == DUEL_ROWS
    with pytest.raises(ConfigError):
        make_config("duel", ["Ana"], columns=["libre"])


@pytest.mark.parametrize("n", [1, 2, 5, 8])
def test_duel_takes_1_to_8_players_G6(n):
    assert len(Game(make_config("duel", [f"P{i}" for i in range(n)])).sheets) == n


@pytest.mark.parametrize("n", [5, 8])
def test_duel_takes_up_to_8_players_G6(n):
    """G6 replaces U1's "1 to 4": Duel takes 1 to 8 players."""
    assert len(Game(make_config("duel", [f"P{i}" for i in range(n)])).sheets) == n


def test_duel_nine_players_are_refused_G6():
    with pytest.raises(ConfigError):
        make_config("duel", [f"P{i}" for i in range(9)])


def test_duel_up_to_3_rolls_U1_G5():
    game = duel()
    refused(game, lambda: game.enter("12345", 4), "G5", EntryError)


def test_grande_suite_also_scores_as_petite_suite_U2():
    game = duel()
    game.enter("23456", 2)
    got = scores(game)
    assert (got["grande-suite"], got["petite-suite"], got["chance"]) == (40, 30, 20)


# -- jokers (U4) --------------------------------------------------------------------------------


def test_joker_changes_one_die_and_the_scored_dice_reflect_it_U4():
    """U4: « on peut faire d'un « 4 pareils » un yam »: 4 4 4 4 3 with joker 3:4 is a yam;
    the entry keeps what was rolled and the joker; the mark holds the changed dice."""
    game = duel(("Ana", "Bob"))
    game.enter("44443", 2, joker=(3, 4))
    got = scores(game)
    assert got["yam"] == 50 and got["4"] == 20 and got["3"] == 0 and got["chance"] == 20
    entered = game.events[-1]
    assert entered["dice"] == ["3", "4", "4", "4", "4"] and entered["joker"] == [3, 4]
    (mark,) = game.mark(None, "yam")
    assert mark.score == 50
    assert mark.dice == tuple(Die(4) for _ in range(5))
    assert game.sheets[0].jokers_left == 2 and game.sheets[1].jokers_left == 3


@pytest.mark.parametrize("text", ["3:4", "3>4", "3-4"])
def test_joker_is_written_from_to_U4(text):
    """U4: « The entry says which die changed from what to what »."""
    assert parse_joker(text) == (3, 4)
    game = duel()
    game.enter("44443", 1, joker=text)
    assert scores(game)["yam"] == 50


def test_three_jokers_a_game_the_fourth_is_refused_U4():
    """U4: « Chaque joueur a le droit d'utiliser trois fois le joker au cours du jeu »."""
    game = duel()
    for left, (dice, joker, row) in zip((2, 1, 0), [("66665", (5, 6), "yam"),
                                                    ("12346", (6, 5), "grande-suite"),
                                                    ("33322", (2, 3), "carre")], strict=True):
        mark = turn(game, dice, 3, row, joker=joker)
        assert mark.score > 0 and game.player.jokers_left == left
    err = refused(game, lambda: game.enter("55554", 1, joker=(4, 5)), "U4")
    assert "no joker left" in str(err)
    assert turn(game, "55554", 1, "5").score == 20     # without a joker, fine


def test_one_joker_a_turn_U4():
    """U4: « Faites attention à la disponibilité d'un seul joker par tour »: a turn has one
    entry, so a second joker in the same turn is refused (the turn already has its coup), and
    nothing changes."""
    game = duel()
    game.enter("44443", 1, joker=(3, 4))
    refused(game, lambda: game.enter("44443", 1, joker=(3, 4)), "G3")
    refused(game, lambda: game.enter("44444", 1), "G3")
    game.mark(None, "yam")
    assert game.player.jokers_left == 2


def test_jokers_are_per_player_U4():
    """U4: « Chaque joueur a le droit … trois fois »: Ana's three jokers leave Bob's three."""
    game = duel(("Ana", "Bob"))
    for row in ("yam", "carre", "brelan"):
        turn(game, "44443", 1, row, joker=(3, 4))            # Ana
        turn(game, "12345", 1, _first_empty(game))           # Bob
    assert game.sheets[0].jokers_left == 0 and game.sheets[1].jokers_left == 3
    refused(game, lambda: game.enter("44443", 1, joker=(3, 4)), "U4")
    turn(game, "12345", 1, _first_empty(game))               # Ana, no joker
    game.enter("44443", 1, joker=(3, 4))                     # Bob still has his
    assert scores(game)["yam"] == 50


def _first_empty(game: Game) -> str:
    return next(r for r in DUEL_ROWS if ("grille", r) not in game.player.marks)


@pytest.mark.parametrize("joker, dice", [((2, 4), "44443"), ((4, 4), "44443"),
                                         ((4, 7), "44443"), ((0, 4), "44443")])
def test_a_joker_must_turn_a_shown_die_into_another_face_U4(joker, dice):
    game = duel()
    err = refused(game, lambda: game.enter(dice, 1, joker=joker), None, EntryError)
    assert "expected" in str(err)


def test_a_joker_that_cannot_be_read_is_refused_U4():
    game = duel()
    refused(game, lambda: game.enter("44443", 1, joker="three to four"), None, EntryError)


@pytest.mark.parametrize("family", ["classic", "gaby", "double"])
def test_jokers_exist_only_in_duel_U4(family):
    dice = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg" if family == "double" else "44443"
    game = Game(make_config(family, ["Ana"]))
    refused(game, lambda: game.enter(dice, 1, joker=(3, 4)), "U4")


def test_joker_count_is_a_setting_U4():
    game = duel(jokers=1)
    turn(game, "44443", 1, "yam", joker=(3, 4))
    refused(game, lambda: game.enter("44443", 1, joker=(3, 4)), "U4")


def test_jokers_per_turn_is_a_setting_U4():
    """U4 + the rulings' preamble (every number a ruling fixes is a setting): a club that
    sets ``jokers_per_turn`` to 0 plays without jokers; the refusal names U4."""
    game = duel(jokers_per_turn=0)
    err = refused(game, lambda: game.enter("44443", 1, joker=(3, 4)), "U4")
    assert "0 jokers a turn at most" in str(err)
    assert "0 joker par tour au plus" in err.text("fr")      # French: 0 takes the singular
    assert turn(game, "44443", 1, "4").score == 16


def test_undo_gives_the_joker_back_U4():
    game = duel()
    turn(game, "44443", 1, "yam", joker=(3, 4))
    assert game.player.jokers_left == 2
    game.undo()
    game.undo()
    assert game.player.jokers_left == 3 and not game.player.marks


# -- bonus (U3) ---------------------------------------------------------------------------------


@pytest.mark.parametrize("plan, upper, bonus", [
    ([("11166", "1"), ("22266", "2"), ("33366", "3"), ("44466", "4"), ("55566", "5"),
      ("66611", "6")], 63, 35),
    ([("11166", "1"), ("22266", "2"), ("33366", "3"), ("44466", "4"), ("55566", "5"),
      ("66111", "6")], 57, 0),
    ([("66666", "6"), ("55555", "5"), ("44111", "4")], 63, 35),
    ([("66666", "6"), ("55555", "5"), ("44411", "4"), ("11166", "1")], 70, 35),
    ([("66666", "6"), ("55555", "5"), ("41111", "4"), ("33311", "3")], 68, 35),
    ([("66666", "6"), ("55554", "5"), ("44111", "4")], 58, 0),
])
def test_bonus_35_at_63_in_rows_1_to_6_U3(plan, upper, bonus):
    """U3: « Si on totalise au moins 63 points dans la première partie du tableau (de 1 à 6),
    on additionne une prime de 35 points »."""
    game = duel()
    for dice, row in plan:
        turn(game, dice, 3, row)
    t = game.totals(0)
    assert t.details["chiffres"] == {"chiffres": upper, "bonus": bonus, "total": upper + bonus}
    assert t.grand == upper + bonus


def test_bonus_appears_when_rows_1_to_6_reach_63_U3():
    """U3: 62 in rows 1-6 gives nothing; the next upper cell that brings them to 63 or more
    gives +35."""
    game = duel()
    for dice, row in [("66666", "6"), ("55555", "5"), ("31111", "3"), ("22111", "2")]:
        turn(game, dice, 3, row)
    assert game.totals(0).details["chiffres"] == {"chiffres": 62, "bonus": 0, "total": 62}
    turn(game, "11111", 3, "1")
    assert game.totals(0).details["chiffres"] == {"chiffres": 67, "bonus": 35, "total": 102}
