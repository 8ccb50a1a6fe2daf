"""Game model: what each column kind offers, column totals and bonuses, and the rules every
family shares (scratch, undo, end of game, ranking, start order).

Issue "Game sheets and turns". Every test cites the ruling of /work/shared/rulings.md it checks
(C = Yam classique, Y = Yams Gaby, U = Duel au Yam, G = general). Every refusal is checked
three ways: the exception class, the rule named in its text (``[C5]``), and a game left exactly
as it was (document, sheets, counters, turn).
"""

from __future__ import annotations

import pytest
from helpers import cell, refused, snapshot

from yams_scorekeeper.base.errors import ConfigError, EntryError
from yams_scorekeeper.engine.config import make_config, start_die_order
from yams_scorekeeper.engine.game import Game

CLASSIC_ROWS = "1 2 3 4 5 6 full suite carre plus moins yam".split()
GABY_ROWS = "1 2 3 4 5 6 brelan full suite carre max min yam".split()


# -- helpers ---------------------------------------------------------------------------------


def cells(game: Game, column: str | None = None) -> list[tuple[str, str]]:
    return [(c.column, c.row) for c in game.legal_cells() if column in (None, c.column)]


def turn(game: Game, dice: str, roll: int, column: str | None, row: str, **kw):
    """Enter one coup and write one cell; returns the mark written."""
    game.enter(dice, roll)
    (mark,) = game.mark(column, row, **kw)
    return mark


def classic(*columns: str, players=("Ana",), **kw) -> Game:
    return Game(make_config("classic", list(players), columns=list(columns) or None, **kw))


def gaby(columns, players=("Ana",), rows=(), options=()) -> Game:
    return Game(make_config("gaby", list(players), columns=list(columns),
                            optional_rows=list(rows), options=list(options), explicit=True))


# -- Yam classique: libre, descendante, montante, imposée (C5) -------------------------------


def test_classic_libre_any_order_C5():
    """C5: « libre » (any order): every empty row is offered, and rows may be filled in any
    order (yam, then 1, then suite)."""
    game = classic("libre")
    game.enter("12345", 1)
    assert cells(game) == [("libre", r) for r in CLASSIC_ROWS]
    game.mark("libre", "yam", scratch=True)
    turn(game, "11123", 2, "libre", "1")
    turn(game, "23456", 3, "libre", "suite")
    assert [(c, r) for (c, r) in game.player.marks] == [("libre", "yam"), ("libre", "1"),
                                                        ("libre", "suite")]
    game.enter("66666", 1)
    assert cells(game) == [("libre", r) for r in CLASSIC_ROWS if r not in ("yam", "1", "suite")]


def test_classic_descendante_and_montante_offer_only_their_next_cell_C5():
    """C5: descendante is filled top to bottom (1 first), montante bottom to top (yam first);
    scratching the cell moves the column on (« passer à la figure suivante »)."""
    game = classic()
    game.enter("66666", 1)
    assert cells(game, "descendante") == [("descendante", "1")]
    assert cells(game, "montante") == [("montante", "yam")]
    assert len(cells(game, "libre")) == 12
    game.mark("descendante", "1", scratch=True)
    game.enter("66666", 1)
    game.mark("montante", "yam")
    game.enter("22222", 2)
    assert cells(game, "descendante") == [("descendante", "2")]
    assert cells(game, "montante") == [("montante", "moins")]


def test_montante_refusal_message_names_C5_and_changes_nothing():
    """C5: « Montante: next cell is Yam, not 1 », for a score and for a scratch alike (G3: a
    cell that cannot be reached cannot be scratched)."""
    game = classic(players=("Ana", "Bob"))
    game.enter("11111", 3)
    err = refused(game, lambda: game.mark("montante", "1"), "C5")
    assert "Montante: next cell is Yam, not 1" in str(err)
    refused(game, lambda: game.mark("montante", "1", scratch=True), "C5")
    err = refused(game, lambda: game.mark("descendante", "yam"), "C5")
    assert "Descendante: next cell is 1, not Yam" in str(err)


def test_classic_imposee_follows_the_order_given_at_creation_C5():
    """C5: the imposée column is filled in the order the players gave (a permutation)."""
    order = ["carre", "1", "yam", "suite", "2", "3", "4", "5", "6", "full", "plus", "moins"]
    game = classic("libre", "imposee", imposed=order)
    game.enter("33332", 2)
    assert cells(game, "imposee") == [("imposee", "carre")]
    err = refused(game, lambda: game.mark("imposee", "1"), "C5")
    assert "Imposée: next cell is Carré, not 1" in str(err)
    assert game.mark("imposee", "carre")[0].score == 70 + 14
    game.enter("11111", 1)
    assert cells(game, "imposee") == [("imposee", "1")]


@pytest.mark.parametrize("kw", [
    {"columns": ["libre", "imposee"]},                                  # no order
    {"columns": ["libre", "imposee"], "imposed": CLASSIC_ROWS[:-1]},     # a row missing
    {"columns": ["libre", "imposee"], "imposed": CLASSIC_ROWS[:-1] + ["1"]},   # twice
    {"columns": ["libre"], "imposed": CLASSIC_ROWS},                     # no imposée column
])
def test_classic_imposee_order_is_checked_at_creation_C5(kw):
    """C5: the order is given at creation and lists every row exactly once; an order without
    an imposée column is refused."""
    with pytest.raises(ConfigError) as info:
        make_config("classic", ["Ana"], **kw)
    assert info.value.rule == "C5" and "[C5]" in str(info.value)


# -- Yams Gaby: descente, montée, demi-sec, sec (Y4), chance cells (Y8) ------------------------


def test_gaby_descente_starts_at_row_1_Y4():
    """Y4: descente, top to bottom from row 1; the refusal names Y4."""
    game = gaby(["descente", "libre"], rows=["petit"])
    game.enter("66666", 2)
    assert cells(game, "descente") == [("descente", "1")]
    err = refused(game, lambda: game.mark("descente", "yam"), "Y4")
    assert "Descente: next cell is 1, not Yam" in str(err)
    game.mark("descente", "1")
    game.enter("66666", 2)
    assert cells(game, "descente") == [("descente", "2")]


@pytest.mark.parametrize("rows, first", [
    (["nenette", "petit"], "petit"), (["petit"], "petit"), (["nenette"], "nenette"),
    ([], "yam"),
])
def test_gaby_montee_starts_at_petit_when_present_else_the_last_row_Y4(rows, first):
    """Y4: montée, bottom to top « en partant du Petit (s'il est présent) », else from the last
    row present (nénette, else yam)."""
    game = gaby(["libre", "montee"], rows=rows)
    game.enter("11111", 1)
    assert cells(game, "montee") == [("montee", first)]
    err = refused(game, lambda: game.mark("montee", "1"), "Y4")
    assert "Montée: next cell is" in str(err)


def test_gaby_montee_moves_up_after_a_scratch_Y4():
    """Y4 + G3: scratching petit opens nénette, then yam."""
    game = gaby(["libre", "montee"], rows=["nenette", "petit"])
    game.enter("11111", 3)
    game.mark("montee", "petit", scratch=True)
    game.enter("22211", 3)
    assert cells(game, "montee") == [("montee", "nenette")]
    assert game.mark("montee", "nenette")[0].score == 60
    game.enter("66666", 3)
    assert cells(game, "montee") == [("montee", "yam")]


def test_gaby_demi_sec_refuses_a_3_roll_coup_even_as_0_Y4():
    """Y4: demi-sec takes only a coup kept after at most 2 rolls, « not even as 0 »."""
    game = gaby(["libre", "demi-sec"])
    game.enter("66666", 3)
    assert cells(game, "demi-sec") == []
    err = refused(game, lambda: game.mark("demi-sec", "yam"), "Y4")
    assert "this coup took 3" in str(err)
    refused(game, lambda: game.mark("demi-sec", "yam", scratch=True), "Y4")
    game.undo()
    for roll in (2, 1):
        game.enter("66666", roll)
        assert ("demi-sec", "yam") in cells(game)
        assert cell(game, "demi-sec", "yam").score == 130
        game.undo()


def test_gaby_sec_refuses_a_2_roll_coup_even_as_0_Y4():
    """Y4: sec takes only a coup kept after the first roll; a 2-roll coup cannot be written
    there, not even scratched."""
    game = gaby(["libre", "sec"])
    game.enter("55555", 2)
    assert cells(game, "sec") == []
    refused(game, lambda: game.mark("sec", "5"), "Y4")
    refused(game, lambda: game.mark("sec", "5", scratch=True), "Y4")
    game.undo()
    game.enter("55555", 1)
    assert cells(game, "sec") == [("sec", r) for r in GABY_ROWS]
    assert game.mark("sec", "yam")[0].score == 125


def test_gaby_sec_chance_cell_takes_a_0_after_3_rolls_Y8():
    """Y8: with cases chance, sec x (petit, nénette, yam) may receive 0 whatever the roll
    count; other sec cells stay refused (Y4); a non-zero score there still needs 1 roll."""
    game = gaby(["libre", "sec"], rows=["nenette", "petit"], options=["chance"])
    game.enter("66666", 3)
    assert cells(game, "sec") == [("sec", "yam"), ("sec", "nenette"), ("sec", "petit")]
    yam = cell(game, "sec", "yam")
    assert (yam.score, yam.zero_only) == (0, True) and "Y8" in yam.why.text("fr")
    refused(game, lambda: game.mark("sec", "6"), "Y4")
    mark = game.mark("sec", "yam")[0]
    assert (mark.score, mark.scratch) == (0, False)
    game.enter("66666", 1)
    assert cell(game, "sec", "nenette").score == 0
    game.undo()
    game.enter("11111", 1)
    assert cell(game, "sec", "petit").score == 70


def test_gaby_roll_above_3_is_a_G5_refusal_not_a_dry_column_one():
    """G5: a roll number above the coup's allowance (3, Y7 « 1, 2 ou 3 lancers ») is refused
    as such, even on a fresh sheet where nothing is dry."""
    game = Game(make_config("gaby", ["Ana", "Bob"]))
    err = refused(game, lambda: game.enter("12345", 4), "G5", EntryError)
    assert "above the maximum of 3" in str(err)


def test_gaby_only_dry_cells_left_refuses_a_slow_coup_at_entry_Y4():
    """Y4 (project reading « Nowhere to write a slow coup »): when the only empty cells are in
    sec, a coup of 2 or 3 rolls has no cell and is refused when entered; 1 roll is fine."""
    game = gaby(["libre", "sec"])
    for row in GABY_ROWS:
        turn(game, "66666", 3, "libre", row)
    assert game.max_roll() == 1
    for roll in (2, 3):
        err = refused(game, lambda roll=roll: game.enter("66666", roll), "Y4")
        assert "only sec/demi-sec cells are left" in str(err)
    refused(game, lambda: game.enter("66666", 4), "G5", EntryError)
    game.enter("66666", 1)
    assert len(game.legal_cells()) == len(GABY_ROWS)


def test_gaby_chance_cells_left_in_a_dry_column_lift_the_cap_Y4_Y8():
    """Y4 + Y8: libre full, only sec left, but with cases chance: a 3-roll coup may still go as
    a 0 in a chance cell, so it is not refused at entry; once the chance cells are written,
    the cap of sec (1 roll) holds again."""
    game = gaby(["libre", "sec"], rows=["nenette", "petit"], options=["chance"])
    for row in GABY_ROWS + ["nenette", "petit"]:
        turn(game, "66666", 3, "libre", row)
    assert game.max_roll() == 3
    game.enter("66666", 3)
    assert cells(game) == [("sec", "yam"), ("sec", "nenette"), ("sec", "petit")]
    game.mark("sec", "yam")
    for row in ("nenette", "petit"):
        turn(game, "11111", 1, "sec", row)
    assert game.max_roll() == 1
    refused(game, lambda: game.enter("66666", 3), "Y4")


def test_gaby_chance_cells_only_with_the_option_Y8():
    """Y8: without cases chance, a 3-roll coup has no sec cell at all."""
    game = gaby(["libre", "sec"], rows=["nenette", "petit"])
    game.enter("66666", 3)
    assert cells(game, "sec") == []
    refused(game, lambda: game.mark("sec", "yam", scratch=True), "Y4")


def test_gaby_sec_and_demi_sec_count_twice_in_the_totals_Y5():
    """Y5: descente, libre and montée count the sum of their lines; demi-sec and sec 2 x that
    sum, bonus included."""
    game = gaby(["libre", "demi-sec", "sec"])
    turn(game, "66666", 1, "sec", "yam")            # 130
    turn(game, "66666", 2, "demi-sec", "6")         # 30
    turn(game, "66666", 3, "libre", "6")            # 30
    parts = game.totals(0).parts
    assert parts == {"libre": 30, "demi-sec": 60, "sec": 260}
    assert game.totals(0).grand == 350
    # a sec bonus is doubled too: rows 4-6 = 20 + 25 + 30 = 75 >= 60, +60 (Y1)
    turn(game, "55555", 1, "sec", "5")
    turn(game, "44444", 1, "sec", "4")
    turn(game, "66666", 1, "sec", "6")
    assert game.totals(0).parts["sec"] == (130 + 75 + 60) * 2


@pytest.mark.parametrize("hi, lo, counted", [("55555", "44444", 45), ("44444", "44444", 0),
                                              ("44444", "55555", 0)])
def test_gaby_max_min_both_count_0_when_max_is_not_above_min_Y3(hi, lo, counted):
    """Y3: both may be written freely (nothing is refused), but when max <= min both count 0
    in the column total (« les 2 marques seront de 0 »)."""
    game = gaby(["libre"])
    assert turn(game, hi, 3, "libre", "max").score == sum(map(int, hi))
    game.enter(lo, 3)
    low = cell(game, "libre", "min")
    assert not low.zero_only and low.score == sum(map(int, lo))
    game.mark("libre", "min")
    assert game.totals(0).parts["libre"] == counted
    assert game.totals(0).details["libre"]["max_min_cancelled"] == int(counted == 0)


def test_classic_moins_not_below_plus_is_zero_only_C3():
    """C3: once plus is written, moins may only receive a non-zero score that keeps plus
    strictly greater; otherwise the cell is listed zero_only with a C3 note and writes 0."""
    game = classic("libre")
    turn(game, "44444", 3, "libre", "plus")                 # plus = 20
    for dice in ("45533", "66666"):                          # 20 (equal), 30 (above)
        game.enter(dice, 2)
        moins = cell(game, "libre", "moins")
        assert (moins.score, moins.zero_only) == (0, True)
        assert "(C3)" in moins.why.text("fr")
        game.undo()
    game.enter("45533", 2)
    mark = game.mark("libre", "moins")[0]
    assert (mark.score, mark.scratch) == (0, False)
    assert game.totals(0).parts["libre"] == 20


def test_classic_plus_must_stay_above_moins_C3():
    """C3, the other way round: moins written first; plus must be strictly above it."""
    game = classic("libre")
    turn(game, "33333", 3, "libre", "moins")                # moins = 15
    game.enter("12345", 1)                                   # 15: not above
    assert cell(game, "libre", "plus").zero_only
    game.undo()
    game.enter("12346", 1)                                   # 16
    assert game.mark("libre", "plus")[0].score == 16


def test_classic_scratched_plus_or_moins_C3():
    """C3 (derived): plus scratched -> moins can only be scratched too; moins scratched ->
    any non-zero plus is fine."""
    game = classic("libre")
    game.enter("11111", 1)
    game.mark("libre", "plus", scratch=True)
    game.enter("11111", 1)
    assert cell(game, "libre", "moins").zero_only
    game.undo()
    game.undo()
    game.mark("libre", "moins", scratch=True)
    game.enter("11111", 1)
    plus = cell(game, "libre", "plus")
    assert (plus.score, plus.zero_only) == (5, False)


def test_classic_plus_moins_is_per_column_C3():
    """C3 « per column »: a plus in libre does not constrain the moins of the montante."""
    game = classic("libre", "montante")
    turn(game, "44444", 3, "libre", "plus")
    game.enter("66666", 3)
    game.mark("montante", "yam")
    game.enter("66665", 3)
    assert cell(game, "montante", "moins").score == 29


def test_classic_bonus_only_when_rows_1_to_6_are_all_filled_C4():
    """C4: +20 to a column when rows 1-6 are all filled and add up to 60 or more."""
    game = classic("libre")
    turn(game, "66666", 3, "libre", "6")
    turn(game, "55555", 3, "libre", "5")
    turn(game, "44444", 3, "libre", "4")
    assert game.totals(0).details["libre"]["bonus"] == 0         # 75, but 1-3 still empty
    game.enter("11111", 3)
    game.mark("libre", "1", scratch=True)
    game.enter("11111", 3)
    game.mark("libre", "2", scratch=True)
    assert game.totals(0).parts["libre"] == 75
    game.enter("11111", 3)
    game.mark("libre", "3", scratch=True)
    assert game.totals(0).details["libre"]["bonus"] == 20
    assert game.totals(0).parts["libre"] == 95


@pytest.mark.parametrize("rolls, upper, bonus", [
    ([("66612", "6"), ("55512", "5"), ("44412", "4"), ("33312", "3"), ("22134", "2"),
      ("11234", "1")], 60, 20),
    ([("66651", "6"), ("55511", "5"), ("33311", "3"), ("11112", "1"), ("22111", "2"),
      ("44123", "4")], 58, 0),
])
def test_classic_bonus_threshold_is_60_C4(rolls, upper, bonus):
    """C4: « Si ce total est supérieur ou égal à 60, il peut alors rajouter 20 points »."""
    game = classic("libre")
    for dice, row in rolls:
        turn(game, dice, 3, "libre", row)
    details = game.totals(0).details["libre"]
    assert (details["chiffres"], details["bonus"]) == (upper, bonus)
    assert game.totals(0).grand == upper + bonus


def test_gaby_bonus_is_60_at_60_Y1():
    """Y1: rows 1-6 of a column adding up to 60 or more give +60 to that column (59: none)."""
    game = gaby(["libre"])
    turn(game, "66666", 3, "libre", "6")
    turn(game, "55555", 3, "libre", "5")
    assert game.totals(0).details["libre"]["bonus"] == 0          # 55
    turn(game, "44111", 3, "libre", "4")                          # 63
    assert game.totals(0).details["libre"]["bonus"] == 60
    assert game.totals(0).parts["libre"] == 63 + 60
    game.undo()
    game.undo()
    turn(game, "11112", 3, "libre", "1")                          # 59
    assert game.totals(0).details["libre"]["chiffres"] == 59
    assert game.totals(0).details["libre"]["bonus"] == 0


@pytest.mark.parametrize("rolls, upper, bonus", [
    ([("66666", "6"), ("55555", "5"), ("11111", "1")], 60, 60),      # exactly 60: the bonus
    ([("66666", "6"), ("55555", "5"), ("41111", "4")], 59, 0),       # one short: none
])
def test_gaby_bonus_exactly_at_the_threshold_Y1(rolls, upper, bonus):
    """Y1: « 60 or more » gives +60: a column whose rows 1-6 add up to exactly 60 has it, 59
    has not (the bonus does not wait for rows 1-6 to be full)."""
    game = gaby(["libre"])
    for dice, row in rolls:
        turn(game, dice, 3, "libre", row)
    details = game.totals(0).details["libre"]
    assert (details["chiffres"], details["bonus"]) == (upper, bonus)
    assert game.totals(0).parts["libre"] == upper + bonus


# -- shared rules: scratch, a filled cell, undo, end, ranking, start order (G3, Y9, C6) -------


def _family_games():
    double = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg"
    return [
        (Game(make_config("classic", ["Ana", "Bob"])), ["55533"], 3),
        (Game(make_config("gaby", ["Ana", "Bob"])), ["55533", "11111"], 1),
        (Game(make_config("gaby", ["Ana"], columns=["libre", "demi-sec", "sec"],
                          optional_rows=["nenette", "petit"], options=["chance"])),
         ["66666"], 3),
        (Game(make_config("double", ["Ana"])), [double], 2),
        (Game(make_config("double", ["Ana"], variant="force")), [double], 1),
        (Game(make_config("duel", ["Ana", "Bob"])), ["12345"], 3),
    ]


@pytest.mark.parametrize("index", range(6))
def test_every_legal_cell_may_be_scratched_G3(index):
    """G3: any cell the player may fill this turn may instead receive 0 (barrer)."""
    game, coups, roll = _family_games()[index]
    for dice in coups:
        game.enter(dice, roll)
    legal = game.legal_cells()
    assert legal
    for c in legal:
        copy = Game.from_doc(game.to_doc())
        (mark,) = copy.mark(c.column, c.row, coup=c.coup, scratch=True)
        assert (mark.column, mark.row, mark.score, mark.scratch) == (c.column, c.row, 0, True)


def test_a_filled_cell_never_changes_G3():
    """G3: a cell once filled never changes (undo aside)."""
    game = classic("libre")
    turn(game, "66666", 1, "libre", "yam")
    game.enter("55555", 1)
    assert ("libre", "yam") not in cells(game)
    err = refused(game, lambda: game.mark("libre", "yam"), "G3")
    assert "already written" in str(err)
    refused(game, lambda: game.mark("libre", "yam", scratch=True), "G3")


def test_mark_before_dice_is_refused_G4():
    """G4: the dice (and roll number) come with every entry; no cell is legal before them."""
    game = classic()
    assert game.legal_cells() == []
    refused(game, lambda: game.mark("libre", "yam", scratch=True), "G4")


def test_one_coup_a_turn_without_2_coups_G3():
    """G3: one cell a turn from one coup: a second entry in the same turn is refused."""
    game = classic()
    game.enter("12345", 1)
    refused(game, lambda: game.enter("66666", 1), "G3")


def test_roll_above_the_allowance_is_refused_G5():
    """G5: a roll number above the turn's allowance (3) is refused; nothing is recorded."""
    game = classic()
    err = refused(game, lambda: game.enter("12345", 4), "G5", EntryError)
    assert "above the maximum of 3" in str(err)
    refused(game, lambda: game.enter("1234", 1), None, EntryError)
    refused(game, lambda: game.enter("12347", 1), None, EntryError)


def test_undo_is_repeatable_back_to_the_start():
    """Undo cancels the last event still in force, again and again, back to a new game."""
    game = Game(make_config("classic", ["Ana", "Bob"]))
    fresh = snapshot(game)
    states = [fresh]
    for dice, col, row in [("66666", "libre", "yam"), ("12345", "libre", "suite"),
                           ("11111", "descendante", "1")]:
        game.enter(dice, 2)
        states.append(snapshot(game))
        game.mark(col, row)
        states.append(snapshot(game))
    for expected in reversed(states[:-1]):
        game.undo()
        now = snapshot(game)
        assert now[1:] == expected[1:]          # sheets, turn, coups, stopped
    assert all(not s.marks for s in game.sheets) and game.current == 0
    err = refused(game, game.undo, "G3")
    assert "nothing to undo" in str(err)
    # the log keeps the undos; a replay of the document gives the same (empty) game
    assert snapshot(Game.from_doc(game.to_doc()))[1:] == fresh[1:]


def test_undo_restores_the_turn_order_and_counters():
    game = Game(make_config("duel", ["Ana", "Bob"]))
    game.enter("44443", 2, joker="3:4")
    game.mark(None, "yam")
    assert (game.current, game.sheets[0].jokers_left) == (1, 2)
    game.undo()
    assert (game.current, game.sheets[0].jokers_left, len(game.coups)) == (0, 3, 1)
    game.undo()
    assert game.coups == [] and game.sheets[0].jokers_left == 3


def test_game_ends_when_every_sheet_is_full():
    """G3 / seed classique: « A la fin de la partie (lorsque toutes les cases de la grille sont
    remplies) »: one cell a turn until the grid is full, then nothing more is accepted."""
    game = Game(make_config("duel", ["Ana"]))
    rows = [r.id for r in game.rules.rows]
    for row in rows:
        assert not game.finished
        game.enter("66666", 1)
        game.mark(None, row)
    assert game.finished and len(game.player.marks) == 13
    assert game.legal_cells() == []
    refused(game, lambda: game.enter("66666", 1), None)
    refused(game, game.end, None)
    assert game.summary()["stopped_early"] is False


def test_game_stopped_early_ranks_by_total_Y9():
    """Y9: the winner is the highest total « même s'il n'a pas rempli toutes les marques de sa
    grille »; a turn under way must be finished (or undone) first."""
    game = Game(make_config("gaby", ["Ana", "Bob"], columns=["libre"], explicit=True))
    turn(game, "66666", 1, "libre", "yam")       # Ana 130
    game.enter("12345", 1)
    refused(game, game.end, None)
    game.mark("libre", "suite")                 # Bob 45
    game.end()
    assert game.finished and game.stopped
    refused(game, lambda: game.enter("12345", 1), None)
    ranks = [(r, s.name, t) for r, s, t in game.ranking()]
    assert ranks == [(1, "Ana", 130), (2, "Bob", 45)]
    summary = game.summary()
    assert summary["stopped_early"] is True
    assert [(p["name"], p["rank"]) for p in summary["players"]] == [("Ana", 1), ("Bob", 2)]
    game.undo()                                  # the stop itself can be undone
    assert not game.finished


def test_ranking_with_ties_shares_the_rank():
    """Equal totals share a rank; the next rank skips (1, 1, 3)."""
    game = Game(make_config("duel", ["Ana", "Bob", "Cy"]))
    turn(game, "66666", 1, None, "yam")          # 50
    turn(game, "55555", 1, None, "yam")          # 50
    turn(game, "12345", 1, None, "chance")       # 15
    assert [(r, s.name, t) for r, s, t in game.ranking()] == [
        (1, "Ana", 50), (1, "Bob", 50), (3, "Cy", 15)]


# -- start order (C6) --------------------------------------------------------------------------


def test_start_order_lowest_die_starts_then_clockwise_C6():
    """C6: « Celui qui fait le plus petit score commence et l'ordre des joueurs est défini par
    le sens horaire »."""
    seating = ["Ana", "Bob", "Cy", "Dee"]
    assert start_die_order(seating, {"Ana": [5], "Bob": [6], "Cy": [2], "Dee": [4]}) == [
        "Cy", "Dee", "Ana", "Bob"]
    assert start_die_order(seating, {"Ana": [1], "Bob": [6], "Cy": [2], "Dee": [4]}) == seating


def test_start_order_tied_lowest_roll_again_C6():
    """C6: ties roll again; only the tied lowest players roll, until one is lowest."""
    seating = ["Ana", "Bob", "Cy", "Dee"]
    rolls = {"Ana": [2, 4, 6], "Bob": [5], "Cy": [2, 4, 1], "Dee": [2, 5]}
    assert start_die_order(seating, rolls) == ["Cy", "Dee", "Ana", "Bob"]


def test_start_order_unsettled_tie_names_who_rolls_again_C6():
    seating = ["Ana", "Bob", "Cy"]
    with pytest.raises(ConfigError) as info:
        start_die_order(seating, {"Ana": [3], "Bob": [3], "Cy": [5]})
    assert info.value.rule == "C6" and "Ana, Bob must roll again" in str(info.value)
    with pytest.raises(ConfigError) as info:
        start_die_order(seating, {"Ana": [3, 2], "Bob": [3, 2], "Cy": [5]})
    assert "Ana, Bob must roll again" in str(info.value)
    with pytest.raises(ConfigError):
        start_die_order(seating, {"Ana": [7], "Bob": [3], "Cy": [5]})



@pytest.mark.parametrize("family,most", [("classic", 8), ("double", 8), ("duel", 8), ("gaby", 4)])
def test_player_counts_G6(family, most):
    """G6: classique, Double Yams and Duel take 1 to 8 players, Gaby 1 to 4 (Y9)."""
    names = [f"P{i}" for i in range(most + 1)]
    assert len(Game(make_config(family, names[:most])).sheets) == most
    with pytest.raises(ConfigError) as info:
        make_config(family, names)
    assert f"1 to {most}" in str(info.value)


def test_a_solo_game_is_never_a_win_G6():
    game = Game(make_config("duel", ["Ana"]))
    game.end()
    assert game.finished and game.winners() == []


@pytest.mark.parametrize("family", ["classic", "double", "duel"])
def test_a_stopped_game_has_no_winner_outside_gaby_G7(family):
    game = Game(make_config(family, ["Ana", "Bob"]))
    dice = "1cp 2cp 3cp 4fp 5fp 6cg 6cg 1fg 2fg 3fg" if family == "double" else "66666"
    game.enter(dice, 1)
    cell = max(game.legal_cells(), key=lambda c: c.score)
    game.mark(cell.column, cell.row, coup=cell.coup)
    game.end()
    assert game.stopped_early and game.winners() == []
    assert game.ranking()[0][1].name == "Ana"          # the standing is still shown


def test_a_stopped_gaby_game_has_its_winner_G7_Y9():
    game = Game(make_config("gaby", ["Ana", "Bob"], columns=["libre"], explicit=True))
    turn(game, "66666", 1, "libre", "yam")
    turn(game, "12345", 1, "libre", "suite")
    game.end()
    assert [s.name for s in game.winners()] == ["Ana"]
