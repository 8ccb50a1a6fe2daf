"""Double Yams at game level: the four variants (D10), the sixth roll (D9), the chiffres bonus
(D8) and the difference (D3).

Issue "Game sheets and turns". Every test cites the ruling of /work/shared/rulings.md it checks;
every refusal is checked for its class, the rule named in its text and a game left unchanged.
Dice are typed with their tags (G4, D1); ``dd("2223412456")`` puts ten values on the physical
set in a fixed tag order: 3 cp, 2 fp, 2 cg, 3 fg (so the clairs are positions 1-3 and 6-7).
"""

from __future__ import annotations

import pytest
from helpers import refused

from yams_scorekeeper.base.errors import ConfigError, EntryError
from yams_scorekeeper.base.totals import sheet_totals
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game, Mark

TAGS = ["cp", "cp", "cp", "fp", "fp", "cg", "cg", "fg", "fg", "fg"]
ROWS = [r.id for r in Game(make_config("double", ["x"])).rules.rows]
MIXED = "1234561234"          # no figure beyond the chiffres, no harmony


def dd(values: str) -> str:
    """Ten values on the physical tag set (D1), in the order of TAGS."""
    assert len(values) == 10
    return " ".join(f"{v}{t}" for v, t in zip(values, TAGS, strict=True))


# -- helpers ---------------------------------------------------------------------------------


def double(variant: str = "classique", players=("Ana",), **kw) -> Game:
    return Game(make_config("double", list(players), variant=variant, **kw))


def rows_offered(game: Game) -> list[str]:
    return [c.row for c in game.legal_cells()]


def turn(game: Game, values: str, roll: int, row: str, *, scratch: bool = False):
    """Enter ten values (tagged by ``dd``) and write one row; returns the mark."""
    game.enter(dd(values), roll)
    (mark,) = game.mark(None, row, scratch=scratch)
    return mark


# -- variants (D10) --------------------------------------------------------------------------


def test_classique_any_order_D10():
    """D10: classique, any order: every row is offered."""
    game = double()
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ROWS
    assert game.mark(None, "moins")[0].score == sum(map(int, MIXED))


def test_force_croissant_grid_order_D10():
    """D10: forcé « dans l'ordre croissant … du tableau »: row 1 first, then 2, ..."""
    game = double("force")
    assert game.config.direction == "croissant"
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ["1"]
    err = refused(game, lambda: game.mark(None, "brelan"), "D10")
    assert "next cell is 1, not Brelan" in str(err)
    game.mark(None, "1")
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ["2"]


def test_force_decroissant_grid_order_D10():
    """D10: « (ou dans l'ordre décroissant) »: from moins up to row 1."""
    game = double("force", direction="decroissant")
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ["moins"]
    refused(game, lambda: game.mark(None, "1", scratch=True), "D10")
    game.mark(None, "moins", scratch=True)
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ["plus"]
    game.mark(None, "plus")
    game.enter(dd(MIXED), 2)
    assert rows_offered(game) == ["double-full"]


def test_direction_only_with_force_D10():
    with pytest.raises(ConfigError) as info:
        make_config("double", ["Ana"], variant="critique", direction="decroissant")
    assert info.value.rule == "D10"
    with pytest.raises(ConfigError) as info:
        make_config("double", ["Ana"], variant="force", direction="sideways")
    assert info.value.rule == "D10"
    with pytest.raises(ConfigError) as info:
        make_config("double", ["Ana"], variant="170")
    assert info.value.rule == "D10"


def test_critique_bank_adds_up_D10():
    """D10 critique: « On cumule les jets que l'on n'utilise pas »: after each turn the bank is
    the sum over turns of 5 - rolls used, and a turn may use up to 5 + bank rolls."""
    game = double("critique")
    bank = 0
    for roll, row in [(2, "1"), (8, "2"), (1, "3"), (5, "4"), (9, "5"), (4, "6")]:
        assert game.max_roll() == 5 + bank
        game.enter(dd(MIXED), roll)
        game.mark(None, row)
        bank += 5 - roll
        assert game.player.bank == bank
    assert bank == 1
    err = refused(game, lambda: game.enter(dd(MIXED), 7), "G5", EntryError)
    assert "above the maximum of 6" in str(err)
    game.enter(dd(MIXED), 6)                       # 5 + 1: no sixth-roll announce needed
    game.mark(None, "brelan")
    assert game.player.bank == 0


def test_critique_seed_example_double_brelan_in_2_rolls_banks_3_D10():
    """Seed: « s'il a suffi de deux jets de dés pour effectuer un Double Brelan, on garde trois
    jets de bonus »; then a turn of 8 rolls brings the bank back to 0."""
    game = double("critique")
    mark = turn(game, "3334441256", 2, "double-brelan")
    assert mark.score == 20 and game.player.bank == 3
    turn(game, MIXED, 8, "1")
    assert game.player.bank == 0


def test_165_pool_adds_up_and_an_empty_pool_leaves_only_scratches_D10():
    """D10 165: « on a 165 jets de dés pour effectuer le meilleur tableau possible »: the pool
    is 165 - the rolls used, no limit per turn; once empty, the remaining rows can only be
    scratched and entering dice is refused."""
    game = double("165")
    assert game.player.pool == 165 and game.max_roll() == 165
    turn(game, MIXED, 30, "1")
    turn(game, MIXED, 100, "2")
    assert game.player.pool == 35
    err = refused(game, lambda: game.enter(dd(MIXED), 36), "G5", EntryError)
    assert "above the maximum of 35" in str(err)
    turn(game, MIXED, 35, "3")
    assert game.player.pool == 0
    legal = game.legal_cells()                     # before any dice: scratches only
    assert [c.row for c in legal] == ROWS[3:]
    assert all(c.score == 0 and c.zero_only for c in legal)
    err = refused(game, lambda: game.enter(dd(MIXED), 1), "D10")
    assert "pool of 165 rolls is empty" in str(err)
    (mark,) = game.mark(None, "impossible")
    assert (mark.score, mark.scratch) == (0, True)
    while not game.finished:                       # the rest of the grid: one scratch a turn
        row = game.legal_cells()[0].row
        game.mark(None, row)
    assert game.totals(0).grand == 1 * 2 + 2 * 2 + 3 * 2 == 12


def test_165_pool_is_per_player_D10():
    game = double("165", players=("Ana", "Bob"))
    turn(game, MIXED, 165, "1")
    assert game.player.name == "Bob" and game.player.pool == 165
    assert game.sheets[0].pool == 0


# -- the sixth roll (D9) ----------------------------------------------------------------------


def test_sixth_roll_must_be_announced_D9():
    """D9: after the 5th roll the player *may announce* one row and roll once more."""
    game = double()
    assert game.max_roll() == 6
    err = refused(game, lambda: game.enter(dd(MIXED), 6), "D9")
    assert "must be announced" in str(err)
    refused(game, lambda: game.enter(dd(MIXED), 5, announce="youpi"), "D9")
    refused(game, lambda: game.enter(dd(MIXED), 7, announce="youpi"), "G5", EntryError)


@pytest.mark.parametrize("row", ["1", "6", "plus", "moins"])
def test_sixth_roll_only_for_yams_suites_combinaisons_D9(row):
    """D9: « Ce 6ème jet ne peut jamais être effectué pour remplir le premier tableau des
    chiffres »; the ruling keeps it out of the difference too."""
    game = double()
    err = refused(game, lambda: game.enter(dd(MIXED), 6, announce=row), "D9")
    assert "never be made for chiffres or difference" in str(err)


@pytest.mark.parametrize("variant", ["critique", "165"])
def test_sixth_roll_only_in_classique_and_force_D9(variant):
    """D9: « variants classique and force only »."""
    game = double(variant)
    turn(game, MIXED, 1, "1")                      # critique: bank 4, 165: pool 164
    assert game.max_roll() >= 6
    err = refused(game, lambda: game.enter(dd(MIXED), 6, announce="youpi"), "D9")
    assert "only in Double Yams classique and forcé" in str(err)


def test_sixth_roll_success_scores_the_figure_with_harmony_D9():
    """D9: the score goes into the announced row: the figure's score, harmony included
    (five clair 2s: 25 x 2), never the first-roll factor."""
    game = double()
    game.enter(dd("2223422456"), 6, announce="youpi")
    (only,) = game.legal_cells()
    assert (only.row, only.score, only.scratchable) == ("youpi", 50, False)
    assert only.figure is not None and dict(only.figure.factors) == {"harmonie": 2}
    assert "premier_jet" not in only.figure.factors
    err = refused(game, lambda: game.mark(None, "brelan"), "D9")
    assert "announced for Youpi Yams" in str(err)
    err = refused(game, lambda: game.mark(None, "youpi", scratch=True), "D9")
    assert "cannot be scratched" in str(err)
    (mark,) = game.mark(None, "youpi")
    assert (mark.score, mark.roll) == (50, 6)
    assert game.totals(0).parts["yams"] == 50


def test_sixth_roll_failure_scores_minus_the_base_D9():
    """D9 (seed case 2): four 2s after the 5th roll, a youpi announced: « Si le Youpi Yams est
    obtenu, le joueur marque les 25 points légaux. Sinon, il marque – 25 ! »."""
    game = double()
    game.enter(dd("2213412456"), 6, announce="youpi")
    (only,) = game.legal_cells()
    assert (only.row, only.score, only.scratchable) == ("youpi", -25, False)
    refused(game, lambda: game.mark(None, "youpi", scratch=True), "D9")
    (mark,) = game.mark(None, "youpi")
    assert mark.score == -25
    assert game.totals(0).parts["yams"] == -25 and game.totals(0).grand == -25


def test_sixth_roll_seed_case_1_double_petite_suite_D9():
    """Seed case 1 (read with D2: the double petite suite is worth 25): 1-2-3-1-2 + a 3."""
    game = double()
    game.enter(dd("1231236456"), 6, announce="double-petite-suite")
    assert game.legal_cells()[0].score == 25            # runs 1cp 2cp 3cp + 1fp 2fp 3cg
    game.undo()
    game.enter(dd("1231245556"), 6, announce="double-petite-suite")
    assert game.legal_cells()[0].score == -25


def test_sixth_roll_on_a_suite_geante_names_the_value_D9():
    """D9 as amended: the announce of a géante names the row and the value
    (``geante-carre:6``, « géante + carré de 6 »); made means a run 1-6 plus that group of that
    value; a miss, or the géante with another value, costs that figure's full score without
    factors (géante + carré de 6: -240)."""
    game = double()
    game.enter(dd("1234564412"), 6, announce="geante-paire:4")  # run + a pair of 4s
    assert [(c.row, c.score) for c in game.legal_cells()] == [("geante-paire", 80)]
    game.undo()
    game.enter(dd("1234566611"), 6, announce="geante-paire:1")  # run + 6-6 and 1-1: the 1s
    assert [(c.row, c.score) for c in game.legal_cells()] == [("geante-paire", 20)]
    game.undo()
    game.enter(dd("1234511234"), 6, announce="geante-carre:6")  # no carré at all
    cell = game.legal_cells()[0]
    assert (cell.row, cell.score) == ("geante-carre", -240)
    assert "Suite géante + carré de 6 non réalisé, -240 (D9)" in cell.explain.text("fr")
    game.undo()
    game.enter(dd("1234564444"), 6, announce="geante-carre:6")  # a carré of 4s, not of 6s
    assert [(c.row, c.score) for c in game.legal_cells()] == [("geante-carre", -240)]
    game.undo()
    game.enter(dd("1234564444"), 6, announce="geante-carre:4")  # made: 10 x (4 x 4)
    assert [(c.row, c.score) for c in game.legal_cells()] == [("geante-carre", 160)]
    game.undo()
    err = refused(game, lambda: game.enter(dd(MIXED), 6, announce="geante-carre"), "D9")
    assert err.expected == "geante-carre:6"
    refused(game, lambda: game.enter(dd(MIXED), 6, announce="geante-carre:7"), "D9")
    refused(game, lambda: game.enter(dd(MIXED), 6, announce="youpi:6"), "D9")


def test_a_geante_announce_stored_without_its_value_still_replays():
    """A game stored before D9 named the value replays as it was scored then (-10)."""
    game = double()
    event = {"type": "enter", "player": "Ana", "dice": dd("1234511234").split(), "roll": 6,
             "announce": "geante-carre"}
    replayed = Game(game.config, [event])
    assert [(c.row, c.score) for c in replayed.legal_cells()] == [("geante-carre", -10)]


def test_sixth_roll_announced_row_must_be_empty_D9():
    game = double()
    turn(game, "2213412456", 2, "youpi", scratch=True)
    err = refused(game, lambda: game.enter(dd(MIXED), 6, announce="youpi"), "D9")
    assert "not a cell you may fill now" in str(err)


def test_sixth_roll_in_force_only_for_the_next_row_D9_D10():
    """D9 with D10: in forcé the only row that can be announced is the next row, and only
    when it is in the yams, suites or combinaisons sections."""
    game = double("force", direction="decroissant")
    refused(game, lambda: game.enter(dd(MIXED), 6, announce="double-full"), "D9")
    turn(game, MIXED, 2, "moins")
    turn(game, MIXED, 2, "plus")
    refused(game, lambda: game.enter(dd(MIXED), 6, announce="brelan"), "D9")
    game.enter(dd("2222333333"), 6, announce="double-full")
    assert [(c.row, c.score) for c in game.legal_cells()] == [("double-full", 100)]
    game.undo()
    game.enter(dd(MIXED), 6, announce="double-full")
    assert game.mark(None, "double-full")[0].score == -100


# -- first roll, chiffres bonus, difference (D4, D8, D3) ---------------------------------------


def test_first_roll_triples_figures_not_chiffres_D4():
    """D4: a figure kept after the first roll scores 3 x; not the chiffres nor the
    difference."""
    game = double()
    game.enter(dd("3123456312"), 1)                  # three 3s: cp, fp, fg (no harmony)
    scores = {c.row: c.score for c in game.legal_cells()}
    assert scores["brelan"] == 15 and scores["3"] == 9
    assert scores["plus"] == scores["moins"] == sum(map(int, "3123456312"))
    game.undo()
    game.enter(dd("3123456312"), 2)
    assert {c.row: c.score for c in game.legal_cells()}["brelan"] == 5


def _totals(game: Game, scores: dict[str, int]):
    marks = {("grille", row): Mark("grille", row, s, 1, False, "") for row, s in scores.items()}
    return sheet_totals(game.rules, game.columns, marks)


@pytest.mark.parametrize("chiffres, bonus", [
    (104, 0), (105, 30), (125, 30), (126, 60), (146, 60), (147, 100), (240, 100)])
def test_chiffres_bonus_tiers_D8(chiffres, bonus):
    """D8: >= 105: +30; >= 126: +60; >= 147: +100; the highest step reached counts, once."""
    game = double()
    six = min(chiffres, 120)
    scores = {"6": six, "5": chiffres - six}
    t = _totals(game, scores)
    assert t.details["chiffres"] == {"chiffres": chiffres, "bonus": bonus,
                                     "total": chiffres + bonus}
    assert t.parts["chiffres"] == t.grand == chiffres + bonus


def test_chiffres_bonus_table_is_a_setting_D8():
    game = Game(make_config("double", ["Ana"], settings={"chiffres_bonus": [[50, 5]]}))
    assert _totals(game, {"6": 60}).parts["chiffres"] == 65


def test_chiffres_bonus_through_play_D8():
    """Ten 6s with five clairs: row 6 = 2 x 60 = 120 (D6), then 5s: >= 126 gives +60."""
    game = double()
    assert turn(game, "6666666666", 2, "6").score == 120
    assert game.totals(0).details["chiffres"]["bonus"] == 30         # 120 >= 105
    turn(game, "5512341234", 2, "5")
    assert game.totals(0).details["chiffres"] == {"chiffres": 130, "bonus": 60, "total": 190}


def test_difference_is_plus_minus_moins_times_the_1s_written_in_row_1_D3():
    """D3: difference = (plus - moins) x the number of dice showing 1 written in row 1; it may
    be negative."""
    game = double()
    assert turn(game, "1111234566", 2, "1").score == 4
    turn(game, "1111111112", 2, "plus")                              # 11
    assert game.totals(0).parts["difference"] == 11 * 4                # moins still empty
    turn(game, "6666655555", 2, "moins")                             # 55
    assert game.totals(0).details["difference"] == {"plus": 11, "moins": 55, "ones": 4,
                                                    "total": (11 - 55) * 4}
    assert game.totals(0).parts["difference"] == -176
    assert game.totals(0).grand == 4 + (11 - 55) * 4


def test_difference_counts_dice_not_the_doubled_row_1_D3_D6():
    """D3 (derived): the count of dice, not row 1's score that D6 may have doubled."""
    game = double()
    assert turn(game, "1113411156", 2, "1").score == 2 * 6           # five clair 1s + one
    turn(game, "6666666666", 2, "plus")
    turn(game, "1111111111", 2, "moins")
    assert game.totals(0).parts["difference"] == (60 - 10) * 6


@pytest.mark.parametrize("row_1", ["scratched", "empty"])
def test_difference_is_0_when_row_1_is_scratched_or_empty_D3(row_1):
    game = double()
    if row_1 == "scratched":
        turn(game, "1111234566", 2, "1", scratch=True)
    turn(game, "6666666666", 2, "plus")
    turn(game, "1111111111", 2, "moins")
    assert game.totals(0).parts["difference"] == 0


def test_dice_must_match_the_physical_set_D1():
    """D1 + G5: ten tagged dice showing exactly 3 cp, 2 fp, 2 cg, 3 fg; nothing recorded."""
    game = double()
    wrong = "1cp 2cp 3cp 4cp 5fp 6cg 6cg 1fg 2fg 3fg"
    refused(game, lambda: game.enter(wrong, 2), "D1", EntryError)
