"""Yams Gaby options at game level: bloquant (Y6), 2 coups and doblar (Y7), cases chance (Y8),
presets (Y10).

Issue "Game sheets and turns". Every test cites the ruling of /work/shared/rulings.md it checks;
every refusal is checked for its class, the rule named in its text and a game left unchanged.
"""

from __future__ import annotations

import pytest
from helpers import cell, refused, snapshot

from yams_scorekeeper.base.errors import ConfigError, IllegalMoveError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.rules.gaby import GABY_COLUMNS

ALL_OPTIONS = ("bloquant", "deux-coups", "doblar", "chance")


# -- helpers ---------------------------------------------------------------------------------


def gaby(players, columns=("libre",), rows=(), options=()) -> Game:
    return Game(make_config("gaby", list(players), columns=list(columns),
                            optional_rows=list(rows), options=list(options), explicit=True))


def turn(game: Game, dice: str, roll: int, column: str, row: str, **kw):
    game.enter(dice, roll)
    return game.mark(column, row, **kw)


# -- Yams bloquant (Y6) --------------------------------------------------------------------------


def _seed_bloquant_game() -> Game:
    """The seed's picture: player 2 has a Nénette at 60 in MONTEE, a Petit at 50 in DEMI-SEC
    and a Petit at 60 in LIBRE."""
    game = gaby(["Ana", "Bob"], columns=["libre", "montee", "demi-sec"],
                rows=["nenette", "petit"], options=["bloquant"])
    bob = [("11122", 2, "demi-sec", "petit", False),      # 50
           ("66666", 3, "montee", "petit", True),         # scratched: montée starts at petit
           ("22211", 3, "montee", "nenette", False),      # 60
           ("11112", 3, "libre", "petit", False)]         # 60
    for n, (dice, roll, col, row, scratch) in enumerate(bob, start=1):
        turn(game, "66666", 3, "libre", str(n))            # Ana fills libre 1-4
        turn(game, dice, roll, col, row, scratch=scratch)
    bob_sheet = game.sheets[1]
    assert {k: m.score for k, m in bob_sheet.marks.items()} == {
        ("demi-sec", "petit"): 50, ("montee", "petit"): 0, ("montee", "nenette"): 60,
        ("libre", "petit"): 60}
    return game


def test_bloquant_seed_example_petit_50_under_60_scores_0_only_Y6():
    """Y6 and the seed: « Si le joueur 1 ne réalise que un 'Petit' en 'LIBRE' à 50 points, il
    ne pourra marquer que 0 points dans cette case »."""
    game = _seed_bloquant_game()
    assert game.player.name == "Ana"
    game.enter("11122", 3)                                 # petit at 50
    petit = cell(game, "libre", "petit")
    assert (petit.score, petit.zero_only) == (0, True)
    assert "Y6" in petit.why.text("fr") and "Bob a 60" in petit.why.text("fr")
    (mark,) = game.mark("libre", "petit")
    assert (mark.score, mark.scratch) == (0, False)


@pytest.mark.parametrize("dice, score", [("11112", 60), ("11111", 70)])
def test_bloquant_equal_or_higher_score_is_written_Y6(dice, score):
    """Y6: « supérieure ou égale aux marques des autres joueurs »: 60 against 60 is fine."""
    game = _seed_bloquant_game()
    game.enter(dice, 3)
    petit = cell(game, "libre", "petit")
    assert (petit.score, petit.zero_only) == (score, False)
    assert game.mark("libre", "petit")[0].score == score


def test_bloquant_is_per_cell_Y6():
    """Y6: same column, same row: Bob's 50 in demi-sec.petit does not block Ana's libre.petit,
    and a 0 written by another player blocks nothing."""
    game = _seed_bloquant_game()
    game.enter("11122", 2)
    assert cell(game, "demi-sec", "petit").score == 50
    game.undo()
    game.enter("11111", 3)
    montee = cell(game, "montee", "petit")                 # Bob scratched his: 0
    assert (montee.score, montee.zero_only) == (70, False)


def test_bloquant_every_other_player_counts_Y6():
    """Y6: greater than or equal to *every* score other players already wrote in the cell."""
    game = gaby(["Ana", "Bob", "Cy"], options=["bloquant"])
    turn(game, "12345", 3, "libre", "1")                  # Ana
    turn(game, "66666", 3, "libre", "yam")                # Bob 130
    turn(game, "55555", 3, "libre", "yam")                # Cy 125 (blocked by Bob: 0)
    assert game.sheets[2].marks[("libre", "yam")].score == 0
    game.enter("55555", 3)                                # Ana 125 < 130
    yam = cell(game, "libre", "yam")
    assert yam.zero_only and "Bob a 130" in yam.why.text("fr")
    game.undo()
    game.enter("66666", 3)
    assert cell(game, "libre", "yam").score == 130


def test_bloquant_without_the_option_blocks_nothing_Y6():
    game = gaby(["Ana", "Bob"])
    turn(game, "66666", 3, "libre", "yam")
    game.enter("11111", 3)
    assert cell(game, "libre", "yam").score == 105


def test_bloquant_needs_2_players_Y6():
    """Y6: « Option activable seulement s'il y a au moins 2 joueurs »."""
    with pytest.raises(ConfigError) as info:
        make_config("gaby", ["Ana"], columns=["libre"], options=["bloquant"])
    assert info.value.rule == "Y6" and "[Y6]" in str(info.value)
    with pytest.raises(ConfigError) as info:
        make_config("gaby", ["Ana"], preset="gaby")
    assert info.value.rule == "Y6"


# -- 2 coups (Y7) --------------------------------------------------------------------------------


def test_two_coups_each_judged_with_its_own_roll_count_Y7():
    """Y7: a 1-roll second coup may go to sec even if the first took 3; the first coup may
    not (Y4)."""
    game = gaby(["Ana"], columns=["libre", "sec"], options=["deux-coups"])
    game.enter("66666", 3)
    game.enter("12345", 1)
    legal = game.legal_cells()
    assert {c.coup for c in legal if c.column == "sec"} == {2}
    assert {c.coup for c in legal if c.column == "libre"} == {1, 2}
    assert cell(game, "libre", "yam", coup=1).score == 130
    assert cell(game, "libre", "suite", coup=2).score == 45
    refused(game, lambda: game.mark("sec", "yam", coup=1), "Y4")
    (mark,) = game.mark("sec", "suite")                   # from coup 2 (1 roll)
    assert (mark.score, mark.coup, mark.roll) == (45, 2, 1)


def test_two_coups_the_player_chooses_among_both_Y7():
    """Y7: « il choisit une marque parmi toutes les marques potentielles »: without a coup
    number the better coup is taken; with one, that coup."""
    game = gaby(["Ana"], options=["deux-coups"])
    game.enter("66666", 3)
    game.enter("12345", 1)
    assert game.mark("libre", "yam")[0].score == 130
    game.enter("66666", 3)
    game.enter("12345", 1)
    (mark,) = game.mark("libre", "6", coup=2)
    assert (mark.score, mark.coup) == (0, 2)


def test_two_coups_second_coup_is_optional_and_a_third_is_refused_Y7():
    game = gaby(["Ana"], options=["deux-coups"])
    game.enter("66666", 3)
    assert game.mark("libre", "yam")[0].score == 130      # one coup is enough
    game.enter("12345", 1)
    game.enter("12345", 1)
    refused(game, lambda: game.enter("12345", 1), "Y7")


def test_without_two_coups_a_second_coup_is_refused_G3():
    game = gaby(["Ana"])
    game.enter("66666", 3)
    refused(game, lambda: game.enter("12345", 1), "G3")


# -- doblar (Y7) ------------------------------------------------------------------------------


def doblar_game(columns=("descente", "libre", "montee", "sec"), players=("Ana",)) -> Game:
    return gaby(players, columns=columns, rows=["petit"], options=["deux-coups", "doblar"])


def test_doblar_writes_two_cells_one_from_each_coup_Y7():
    """Y7: « inscrire 2 marques, une marque pour le 1er coup et une marque pour le 2ème
    coup »; the doblars left are shown on the sheet (5, then 4)."""
    game = doblar_game()
    assert game.player.doblars_left == 5
    game.enter("66666", 3)
    game.enter("12345", 1)
    marks = game.mark("libre", "yam", coup=1, second=("sec", "suite"))
    assert [(m.column, m.row, m.score, m.coup) for m in marks] == [
        ("libre", "yam", 130, 1), ("sec", "suite", 45, 2)]
    assert game.sheets[0].doblars_left == 4 and game.sheets[0].turns == 1
    assert game.totals(0).parts["sec"] == 90


def test_doblar_cells_keep_their_own_coup_roll_count_Y7():
    """Y7 + Y4: the coup-1 cell may not go to sec when coup 1 took 3 rolls."""
    game = doblar_game()
    game.enter("66666", 3)
    game.enter("12345", 1)
    refused(game, lambda: game.mark("sec", "yam", coup=1, second=("libre", "suite")), "Y4")


def test_doblar_counts_down_from_5_Y7():
    """Y7: « Chaque joueur dispose de 5 'Doblar' »: the 6th is refused."""
    game = doblar_game(columns=("libre",))
    rows = ["1", "2", "3", "4", "5", "6", "brelan", "full", "suite", "carre"]
    for n in range(5):
        game.enter("66666", 3)
        game.enter("12345", 2)
        game.mark("libre", rows[2 * n], coup=1, second=("libre", rows[2 * n + 1]))
        assert game.player.doblars_left == 4 - n
    game.enter("66666", 3)
    game.enter("12345", 2)
    err = refused(game, lambda: game.mark("libre", "max", coup=1, second=("libre", "min")),
                  "Y7")
    assert "no doblar left" in str(err)
    assert game.mark("libre", "max")[0].score == 30        # one cell is still fine


def test_doblar_needs_both_coups_Y7():
    game = doblar_game()
    game.enter("66666", 3)
    err = refused(game, lambda: game.mark("libre", "yam", second=("libre", "6")), "Y7")
    assert "second coup" in str(err)


def test_doblar_one_score_from_each_coup_Y7():
    """Y7: one score from coup 1 and one from coup 2: not two from the same coup, not the
    same cell twice."""
    game = doblar_game()
    game.enter("66666", 3)
    game.enter("12345", 1)
    both_from_1 = {"type": "mark", "player": "Ana", "cells": [
        {"column": "libre", "row": "yam", "coup": 1}, {"column": "libre", "row": "6", "coup": 1}]}
    err = refused(game, lambda: game.record(both_from_1), "Y7")
    assert "one from coup 2" in str(err)
    refused(game, lambda: game.mark("libre", "yam", coup=1, second=("libre", "yam")), "Y7")


def test_two_cells_without_the_doblar_option_are_refused_Y7():
    game = gaby(["Ana"], options=["deux-coups"])
    game.enter("66666", 3)
    game.enter("12345", 1)
    refused(game, lambda: game.mark("libre", "yam", coup=1, second=("libre", "suite")), "Y7")


def test_doblar_needs_the_2_coups_option_Y7():
    """Y7: « Option activable seulement si l'option '2 coups' a été activée »."""
    with pytest.raises(ConfigError) as info:
        make_config("gaby", ["Ana"], columns=["libre"], options=["doblar"])
    assert info.value.rule == "Y7" and "[Y7]" in str(info.value)


def test_doblar_descendant_writes_the_next_two_descente_cells_once_a_game_Y7():
    """Y7: two scores in the same ordered column only through the doblar descendant: the
    next two cells, once a game, counted among the 5."""
    game = doblar_game()
    game.enter("11111", 3)
    game.enter("22222", 2)
    marks = game.mark("descente", "1", coup=1, second=("descente", "2"))
    assert [(m.row, m.score, m.coup) for m in marks] == [("1", 5, 1), ("2", 10, 2)]
    sheet = game.sheets[0]
    assert sheet.doblars_used == {"descendant"} and sheet.doblars_left == 4
    game.enter("33333", 3)
    game.enter("44444", 3)
    err = refused(game, lambda: game.mark("descente", "3", coup=1, second=("descente", "4")),
                  "Y7")
    assert "already used" in str(err)
    # a simple doblar across two columns is still fine
    marks = game.mark("descente", "3", coup=1, second=("libre", "4"))
    assert [(m.column, m.row, m.score) for m in marks] == [("descente", "3", 15),
                                                           ("libre", "4", 20)]
    assert sheet.doblars_left == 3


def test_doblar_descendant_in_reverse_coup_order_Y7():
    """Y7: the coup-2 score may take the earlier cell; the pair is still 1 + 2."""
    game = doblar_game()
    game.enter("22222", 3)
    game.enter("11111", 3)
    marks = game.mark("descente", "2", coup=1, second=("descente", "1"))
    assert sorted((m.row, m.score, m.coup) for m in marks) == [("1", 5, 2), ("2", 10, 1)]


def test_doblar_descendant_must_take_the_next_two_cells_Y7():
    game = doblar_game()
    game.enter("11111", 3)
    game.enter("33333", 3)
    err = refused(game, lambda: game.mark("descente", "1", coup=1, second=("descente", "3")),
                  "Y7")
    assert "next two cells" in str(err)


def test_doblar_montant_writes_the_next_two_montee_cells_once_a_game_Y7():
    """Y7: the doblar montant, from the bottom of the montée (petit, then yam)."""
    game = doblar_game()
    game.enter("11112", 3)
    game.enter("66666", 3)
    marks = game.mark("montee", "petit", coup=1, second=("montee", "yam"))
    assert [(m.row, m.score) for m in marks] == [("petit", 60), ("yam", 130)]
    assert game.sheets[0].doblars_used == {"montant"} and game.sheets[0].doblars_left == 4
    game.enter("11111", 3)
    game.enter("22222", 3)
    refused(game, lambda: game.mark("montee", "min", coup=1, second=("montee", "max")), "Y7")


def test_doblar_descente_and_montee_together_is_a_simple_doblar_Y7():
    """Y7 forbids two scores in the *same* ordered column; one in each is a simple doblar."""
    game = doblar_game()
    game.enter("11111", 3)
    game.enter("11112", 3)
    marks = game.mark("descente", "1", coup=1, second=("montee", "petit"))
    assert [(m.column, m.row, m.score) for m in marks] == [("descente", "1", 5),
                                                           ("montee", "petit", 60)]
    assert game.sheets[0].doblars_used == set() and game.sheets[0].doblars_left == 4


def test_doblar_is_undone_as_one_turn_Y7():
    game = doblar_game(players=("Ana", "Bob"))
    game.enter("11111", 3)
    game.enter("22222", 2)
    before = snapshot(game)
    game.mark("descente", "1", coup=1, second=("descente", "2"))
    game.undo()
    assert snapshot(game)[1:] == before[1:]
    assert game.sheets[0].doblars_left == 5 and game.sheets[0].doblars_used == set()


# -- cases chance (Y8) ----------------------------------------------------------------------------


@pytest.mark.parametrize("columns, ok", [(["libre"], False), (["descente", "libre", "montee"],
                                                               False),
                                         (["libre", "sec"], True), (["libre", "demi-sec"], True)])
def test_cases_chance_need_sec_or_demi_sec_Y8(columns, ok):
    """Y8: « Option activable seulement si au moins une des 2 colonnes 'SEC' ou 'DEMI-SEC' est
    présente »."""
    if ok:
        assert make_config("gaby", ["Ana"], columns=columns, options=["chance"]).has("chance")
    else:
        with pytest.raises(ConfigError) as info:
            make_config("gaby", ["Ana"], columns=columns, options=["chance"])
        assert info.value.rule == "Y8" and "[Y8]" in str(info.value)


def test_cases_chance_are_the_existing_petit_nenette_yam_cells_Y8():
    """Y8: sec/demi-sec x (petit, nénette, yam) that exist: with no optional row, only yam."""
    game = gaby(["Ana"], columns=["libre", "demi-sec", "sec"], options=["chance"])
    game.enter("66666", 3)
    dry = [(c.column, c.row) for c in game.legal_cells() if c.column != "libre"]
    assert dry == [("demi-sec", "yam"), ("sec", "yam")]


def test_cases_chance_non_zero_follows_bloquant_Y8_Y6():
    """Y8: a non-zero score in a chance cell follows the usual rules, bloquant included."""
    game = gaby(["Ana", "Bob"], columns=["libre", "sec"], options=["bloquant", "chance"])
    turn(game, "66666", 1, "sec", "yam")                   # Ana 130
    game.enter("55555", 1)                                 # Bob 125 < 130
    yam = cell(game, "sec", "yam")
    assert yam.zero_only and "Y6" in yam.why.text("fr")


# -- presets (Y10) --------------------------------------------------------------------------------


def test_preset_gaby_has_every_column_row_and_option_Y10():
    """Y10: `gaby` = every column, both optional rows and every option, 2 players or more;
    it is also what a Gaby game of 2+ players gets when nothing is said."""
    for cfg in (make_config("gaby", ["Ana", "Bob"], preset="gaby"),
                make_config("gaby", ["Ana", "Bob", "Cy", "Dee"])):
        assert cfg.columns == tuple(GABY_COLUMNS)
        assert cfg.optional_rows == ("nenette", "petit")
        assert cfg.options == ALL_OPTIONS
    game = Game(make_config("gaby", ["Ana", "Bob"]))
    assert [c.id for c in game.columns] == ["descente", "libre", "montee", "demi-sec", "sec"]
    assert [c.factor for c in game.columns] == [1, 1, 1, 2, 2]
    assert game.cells_per_sheet == 5 * 15
    assert all(s.doblars_left == 5 for s in game.sheets)


def test_preset_gaby_solo_is_gaby_without_bloquant_Y10():
    """Y10: `gaby-solo` = the same without bloquant, for 1 player; the default for one."""
    for cfg in (make_config("gaby", ["Ana"], preset="gaby-solo"), make_config("gaby", ["Ana"])):
        assert cfg.columns == tuple(GABY_COLUMNS)
        assert cfg.optional_rows == ("nenette", "petit")
        assert cfg.options == ("deux-coups", "doblar", "chance")


@pytest.mark.parametrize("off", ALL_OPTIONS)
def test_preset_options_can_be_switched_off_one_by_one_Y10(off):
    """Y10: « Il ne vous reste plus qu'à décocher les options qui ne t'interessent pas »."""
    keep = [o for o in ALL_OPTIONS if o != off]
    if off == "deux-coups":
        keep.remove("doblar")                              # doblar needs 2 coups (Y7)
    cfg = make_config("gaby", ["Ana", "Bob"], preset="gaby", options=keep)
    assert off not in cfg.options and set(cfg.options) == set(keep)
    game = Game(cfg)
    assert game.coups_allowed() == (1 if off == "deux-coups" else 2)
    assert all(s.doblars_left == (5 if "doblar" in keep else 0) for s in game.sheets)


def test_gaby_every_option_off_Y10():
    cfg = make_config("gaby", ["Ana", "Bob"], columns=list(GABY_COLUMNS),
                      optional_rows=["nenette", "petit"], options=[])
    assert cfg.options == ()
    game = Game(cfg)
    game.enter("66666", 3)
    refused(game, lambda: game.enter("12345", 1), "G3")          # no 2 coups
    assert not [c for c in game.legal_cells() if c.column in ("sec", "demi-sec")]  # no chance


def test_unknown_preset_is_refused_Y10():
    with pytest.raises(ConfigError) as info:
        make_config("gaby", ["Ana"], preset="gabi")
    assert info.value.rule == "Y10"


def test_settings_merge_into_the_defaults_and_are_checked():
    """Every number a ruling fixes is a setting a club may change (rulings preamble): a
    dictionary setting given in part keeps the other defaults; a wrong kind is refused at once."""
    from yams_scorekeeper.base.errors import ConfigError
    from yams_scorekeeper.rules import get_rules

    rules = get_rules("double", {"bases": {"youpi": 30}})
    assert rules.settings["bases"]["youpi"] == 30 and rules.settings["bases"]["brelan"] == 5
    assert get_rules("double", {"bases.youpi": 31}).settings["bases"]["youpi"] == 31
    gaby = make_config("gaby", ["A"], columns=["libre", "demi-sec", "sec"],
                       settings={"column_factors": {"sec": 3}})
    factors = {c.id: c.factor for c in gaby.build_columns()}
    assert factors == {"libre": 1, "demi-sec": 2, "sec": 3}
    for family, bad in [("duel", {"yam": "abc"}), ("double", {"bases": {"zzz": 1}}),
                        ("double", {"bases": 3}), ("gaby", {"bonus": True}),
                        ("double", {"rolls_per_turn": 0}), ("duel", {"yam": -5})]:
        with pytest.raises(ConfigError):
            get_rules(family, bad)


def test_a_slow_first_coup_may_wait_for_a_second_coup_Y7():
    """Y7: each coup is judged with its own roll count; with only sec cells left, a first coup
    of 3 rolls is allowed because the second coup may still go to sec."""
    game = Game(make_config("gaby", ["A"], columns=["libre", "sec"], options=["deux-coups"]))
    for row in game.rows:
        game.enter("66666", 3)
        game.mark("libre", row)
    game.enter("12345", 3)
    assert game.legal_cells() == []
    with pytest.raises(IllegalMoveError):
        game.enter("66666", 2)                  # the last coup must fit sec: 1 roll (Y4)
    game.enter("66666", 1)
    assert {c.row for c in game.legal_cells()} == set(game.rows)
