"""Amending a past turn in place (issue 11): the game replayed with the new entry, every later
turn kept and checked again under the rules (docs/rules.md, "Correcting a past turn").

Per family: a chiffres cell corrected two turns back changes no other entry; a correction that
breaks a later turn is refused, naming it, and changes nothing, and goes through when the
broken turn is corrected too in the same go; bonuses, a Gaby bloquant outcome (Y6), the Double
Yams critique bank and 165 pool (D10) and the Duel jokers (U4) follow from the replay.
"""

from __future__ import annotations

import pytest
from helpers import refused, snapshot

from yams_scorekeeper.base.errors import EntryError
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game, plain_events
from yams_scorekeeper.engine.transcript import format_transcript, parse_transcript

TAGS = ["cp", "cp", "cp", "fp", "fp", "cg", "cg", "fg", "fg", "fg"]


def dd(values: str) -> str:
    """Ten values on the physical Double Yams set (D1), tags in a fixed order."""
    return " ".join(f"{v}{t}" for v, t in zip(values, TAGS, strict=True))


def plain(values: str) -> str:
    return values


#: family -> (config factory, dice writer, the fours before/after the correction and the cell
#: written by each, column id)
FAMILIES = {
    "classic": (lambda p: make_config("classic", p, columns=["libre"]), plain, "libre"),
    "gaby": (lambda p: make_config("gaby", p, columns=["libre"], explicit=True), plain, "libre"),
    "double": (lambda p: make_config("double", p), dd, "grille"),
    "duel": (lambda p: make_config("duel", p), plain, None),
}
FIVE = {"1": "11234", "2": "22135", "4": "44412", "4+": "44442", "5": "55123", "6": "66612",
        "3": "33312"}
TEN = {"1": "1112345623", "2": "2221345613", "4": "4441235612", "4+": "4441435642",
       "5": "5551234612", "6": "6661234512", "3": "3331245612"}


def game_of(family: str, players=("Ana", "Bob", "Léo")) -> Game:
    return Game(FAMILIES[family][0](list(players)))


def play(game: Game, family: str, *turns: tuple[str, int, str]) -> None:
    """Each turn: (dice key, roll, row) for the player to play."""
    write, column = FAMILIES[family][1], FAMILIES[family][2]
    table = TEN if family == "double" else FIVE
    for key, roll, row in turns:
        game.enter(write(table[key]), roll)
        game.mark(column, row)


def entry(family: str, key: str, roll: int = 2, row: str | None = None) -> dict:
    """A new entry: the dice (and the cell when ``row`` is given)."""
    write = FAMILIES[family][1]
    table = TEN if family == "double" else FIVE
    game = game_of(family, ["x"])
    new = {"coups": [{"dice": [str(d) for d in game.rules.parse_dice(write(table[key]))],
                      "roll": roll}]}
    if row is not None:
        new["cells"] = [{"column": FAMILIES[family][2], "row": row}]
    return new


def marks(game: Game) -> dict:
    return {(s.name, k): m.score for s in game.sheets for k, m in s.marks.items()}


def from_scratch(game: Game) -> Game:
    """The edited log replayed from nothing, amendments written in as the first entries."""
    return Game(game.config, plain_events(game.events))


@pytest.mark.parametrize("family", FAMILIES)
def test_chiffres_cell_two_turns_back_changes_no_other_entry(family):
    """Léo's fours were 44442, not 44412: two turns later, the fours are corrected; every
    other cell, and whose turn it is, stay as they were."""
    game = game_of(family)
    play(game, family, ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"), ("5", 2, "5"),
         ("6", 2, "6"))
    before, turn, coups = marks(game), game.current, len(game.coups)
    column = game.columns[0].id
    old = game.sheets[2].marks[(column, "4")].score
    totals = [game.totals(i).grand for i in range(3)]
    game.amend({3: entry(family, "4+")})
    after = marks(game)
    changed = {k for k in after if after[k] != before[k]}
    assert changed == {("Léo", (column, "4"))}
    new = after[("Léo", (column, "4"))]
    assert new > old
    if family in ("classic", "gaby", "duel"):
        assert (old, new) == (12, 16)                   # three 4s, then four (C1, Y1, U2)
    assert [game.totals(i).grand for i in range(3)] == [totals[0], totals[1],
                                                         totals[2] + new - old]
    assert (game.current, len(game.coups)) == (turn, coups)
    again = from_scratch(game)
    assert marks(again) == after
    assert Game.from_doc(game.to_doc()).to_doc() == game.to_doc()


@pytest.mark.parametrize("family", FAMILIES)
def test_correction_that_breaks_a_later_turn_is_refused_naming_it(family):
    """Léo's turn 3 moved to row 3, which Léo wrote at turn 6: turn 6 breaks (G3); nothing
    changes. Both corrected in one go: accepted."""
    game = game_of(family)
    play(game, family, ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"), ("5", 2, "5"),
         ("6", 2, "6"), ("3", 2, "3"), ("1", 2, "2"))
    err = refused(game, lambda: game.amend({3: entry(family, "3", row="3")}), None)
    assert "turn 6 (Léo)" in str(err) and "[G3]" in str(err)
    assert "turn 5" not in str(err) and "turn 7" not in str(err)
    assert "tour 6 (Léo)" in err.text("fr")
    event = game.amend({3: entry(family, "3", row="3"), 6: entry(family, "4", row="4")})
    assert [c["turn"] for c in event["changes"]] == [3, 6]
    column = game.columns[0].id
    assert game.sheets[2].marks[(column, "3")].dice == game.turn_log()[2].coups[0].dice
    assert marks(from_scratch(game)) == marks(game)


def test_the_amended_turn_itself_must_be_legal():
    game = game_of("classic")
    play(game, "classic", ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"), ("5", 2, "5"))
    err = refused(game, lambda: game.amend({4: entry("classic", "5", row="1")}), "G3")
    assert "turn 4 (Ana, amended)" in str(err)
    err = refused(game, lambda: game.amend({3: {"coups": [{"dice": ["4", "4"], "roll": 2}]}}),
                  None, EntryError)
    assert str(err).startswith("turn 3 (Léo, amended): ")
    refused(game, lambda: game.amend({5: entry("classic", "5")}), None, EntryError)
    refused(game, lambda: game.amend({0: entry("classic", "5")}), None, EntryError)
    refused(game, lambda: game.amend({2: entry("classic", "2")}), None, EntryError)   # same
    refused(game, lambda: game.amend({2: {}}), None, EntryError)
    refused(game, lambda: game.record({"type": "amend", "changes": [
        {"turn": 2, "player": "Ana", "new": entry("classic", "6")}]}), None)


def test_one_turn_corrected_twice_in_one_go_is_refused():
    """Two changes of one turn in one amendment: refused (neither wins), nothing changes."""
    game = game_of("classic")
    play(game, "classic", ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"), ("5", 2, "5"))
    twice = [(3, entry("classic", "4+")), (3, entry("classic", "3", row="3"))]
    err = refused(game, lambda: game.amend(twice), None, EntryError)
    assert err.message.key == "game.turn_corrected_twice"
    game.amend(twice[:1])                                   # each alone goes through
    assert game.sheets[2].marks[("libre", "4")].score == 16


def test_a_bonus_follows_the_correction_classic_C4():
    """C4: +20 once rows 1-6 reach 60. Three of each face make 63: the bonus; the sixes
    corrected to two 6s make 57: no bonus."""
    game = Game(make_config("classic", ["Ana"], columns=["libre"]))
    for face in "123456":
        game.enter(face * 3 + ("12" if face > "2" else "56"), 2)
        game.mark("libre", face)
    assert game.totals(0).grand == 3 * 21 + 20
    game.amend({6: {"coups": [{"dice": list("66123"), "roll": 2}]}})
    assert game.totals(0).grand == 3 * 21 - 6
    game.undo()                                      # undo cancels the correction
    assert game.totals(0).grand == 3 * 21 + 20


@pytest.mark.parametrize("family, bonus, six", [("gaby", 60, "66612"), ("duel", 35, "66662")])
def test_a_bonus_follows_the_correction_gaby_duel_Y1_U3(family, bonus, six):
    game = game_of(family, ["Ana"])
    column = FAMILIES[family][2]
    for face in "12345":
        game.enter(face * 3 + ("12" if face > "2" else "56"), 1)
        game.mark(column, face)
    game.enter(six, 1)
    game.mark(column, "6")
    upper = 3 * 15 + six.count("6") * 6
    assert next(iter(game.totals(0).parts.values())) == upper + bonus
    game.amend({6: {"coups": [{"dice": list("61234"), "roll": 1}]}})
    assert next(iter(game.totals(0).parts.values())) == 3 * 15 + 6


def test_a_gaby_bloquant_outcome_follows_the_correction_Y6():
    """Y6 bloquant: Bob's 12 in the 6s is written 0 while Ana holds 18 there; Ana's 6s
    corrected to 12: Bob's 12 stands (not below 12); corrected back: 0 again."""
    game = Game(make_config("gaby", ["Ana", "Bob"], columns=["libre"], options=["bloquant"],
                            explicit=True))
    game.enter("66612", 1)
    game.mark("libre", "6")
    game.enter("66123", 1)
    (bob,) = game.mark("libre", "6")
    assert bob.score == 0 and "bloquant" in bob.explain.text("fr")
    game.amend({1: {"coups": [{"dice": list("66345"), "roll": 1}]}})
    assert game.sheets[1].marks[("libre", "6")].score == 12
    game.amend({1: {"coups": [{"dice": list("66623"), "roll": 1}]}})
    assert game.sheets[1].marks[("libre", "6")].score == 0
    assert len(game.turn_log()[0].amendments) == 2


def test_double_critique_bank_follows_the_correction_D10():
    """D10 critique: the bank is the rolls left unused. Turn 1 in 2 rolls banks 3, which turn 2
    spends (8 rolls). Turn 1 corrected to 4 rolls: turn 2 breaks; to 1 roll: bank 1 at the end."""
    game = Game(make_config("double", ["Ana"], variant="critique"))
    game.enter(dd("1112345623"), 2)
    game.mark(None, "1")
    game.enter(dd("2221345613"), 8)
    game.mark(None, "2")
    assert game.player.bank == 0
    dice = entry("double", "1")["coups"][0]["dice"]
    err = refused(game, lambda: game.amend({1: {"coups": [{"dice": dice, "roll": 4}]}}), None)
    assert "turn 2 (Ana)" in str(err) and "6" in str(err)
    game.amend({1: {"coups": [{"dice": dice, "roll": 1}]}})
    assert game.player.bank == 1
    assert from_scratch(game).player.bank == 1


def test_double_165_pool_follows_the_correction_D10():
    game = Game(make_config("double", ["Ana"], variant="165"))
    game.enter(dd("1112345623"), 100)
    game.mark(None, "1")
    game.enter(dd("2221345613"), 65)
    game.mark(None, "2")
    assert game.player.pool == 0
    dice = entry("double", "1")["coups"][0]["dice"]
    err = refused(game, lambda: game.amend({1: {"coups": [{"dice": dice, "roll": 101}]}}), None)
    assert "turn 2 (Ana)" in str(err)
    game.amend({1: {"coups": [{"dice": dice, "roll": 90}]}})
    assert game.player.pool == 10


def test_duel_jokers_follow_the_correction_U4():
    """U4: three jokers a game. A joker taken off turn 1 gives it back; a joker added to turn 1
    when turns 2-4 used the three breaks turn 4 (no joker left)."""
    game = Game(make_config("duel", ["Ana"]))
    game.enter("55552", 1, joker=(2, 5))
    (yam,) = game.mark(None, "yam")
    assert yam.score == 50 and game.player.jokers_left == 2
    game.amend({1: {"coups": [{"dice": list("25555"), "roll": 1}]}})
    assert game.player.jokers_left == 3 and game.sheets[0].marks[("grille", "yam")].score == 0
    for row in ("6", "5", "4"):
        game.enter(row * 4 + "1", 1, joker=(1, int(row)))
        game.mark(None, row)
    assert game.player.jokers_left == 0
    err = refused(game, lambda: game.amend(
        {1: {"coups": [{"dice": list("25555"), "roll": 1, "joker": [2, 5]}]}}), None)
    assert "turn 4 (Ana)" in str(err) and "[U4]" in str(err)
    game.amend({1: {"coups": [{"dice": list("25555"), "roll": 1, "joker": [2, 5]}]},
                4: {"coups": [{"dice": list("44441"), "roll": 1}]}})
    assert game.player.jokers_left == 0
    assert game.sheets[0].marks[("grille", "yam")].score == 50
    assert game.sheets[0].marks[("grille", "4")].score == 16


def test_the_log_the_document_and_the_transcript_keep_the_amendment():
    game = game_of("classic")
    play(game, "classic", ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"), ("5", 2, "5"))
    game.amend({3: entry("classic", "4+")})
    log = game.turn_log()
    assert [t.number for t in log] == [1, 2, 3, 4]
    assert [t.player for t in log] == ["Ana", "Bob", "Léo", "Ana"]
    (change,) = log[2].amendments
    assert change["old"]["coups"][0]["dice"] == list("12444")
    assert change["new"]["coups"][0]["dice"] == list("24444")
    assert log[2].marks[0].score == 16
    doc = game.to_doc()
    assert doc["events"][-1]["type"] == "amend"
    again = Game.from_doc(doc)
    assert again.turn_log() == log
    text = format_transcript(game)
    assert "Léo: 24444/2 -> 4  # amended " in text and ": was 12444/2 -> 4\n" in text
    assert marks(parse_transcript(text)) == marks(game)
    game.undo()
    assert game.turn_log()[2].marks[0].score == 12 and not game.turn_log()[2].amendments


def test_a_finished_game_may_be_amended():
    game = Game(make_config("classic", ["Ana"], columns=["libre"]))
    rows = game.rows
    for row in rows:
        game.enter("12345", 1)
        game.mark("libre", row, scratch=row != "suite")
    assert game.finished
    total = game.totals(0).grand
    game.amend({len(rows): {"coups": [{"dice": list("66666"), "roll": 1}], "cells": [
        {"column": "libre", "row": "yam"}]}})
    yam = game.rules.score_row("yam", game.rules.parse_dice("66666"), 1).score
    assert game.finished and yam > 0 and game.totals(0).grand == total + yam
    before = snapshot(game)
    game.undo()
    game.undo()
    assert not game.finished and snapshot(game) != before


def test_a_bonus_follows_the_correction_double_D8():
    """D8: the chiffres bonus is +30 from 105. Five of each face, no harmony: 5 x 21 = 105 and
    the bonus; the sixes corrected to four 6s (24): 99, no bonus."""
    game = Game(make_config("double", ["Ana"]))
    for face in "123456":
        other = "3" if face == "2" else "2"
        game.enter(dd((face + other) * 5), 2)
        game.mark(None, face)
    assert game.totals(0).parts["chiffres"] == 105 + 30
    game.amend({6: {"coups": [{"dice": [str(d) for d in game.rules.parse_dice(
        dd("6262626222"))], "roll": 2}]}})
    assert game.totals(0).parts["chiffres"] == 99


def test_two_turns_corrected_in_one_go_when_the_first_gains_a_coup():
    """Gaby with deux-coups: turn 1 corrected to two coups (one more event) and turn 3 in the
    same go; each correction lands on its own turn (the log is edited from the back)."""
    game = Game(make_config("gaby", ["Ana", "Bob"], columns=["libre"], options=["deux-coups"],
                            explicit=True))
    play(game, "gaby", ("1", 2, "1"), ("2", 2, "2"), ("4", 2, "4"))
    before = marks(game)
    game.amend({1: {"coups": [{"dice": list("12345"), "roll": 1},
                              {"dice": list("11123"), "roll": 2}],
                    "cells": [{"column": "libre", "row": "1", "coup": 2}]},
                3: entry("gaby", "4+")})
    after = marks(game)
    assert {k for k in after if after[k] != before[k]} == {("Ana", ("libre", "1")),
                                                           ("Ana", ("libre", "4"))}
    assert (after[("Ana", ("libre", "1"))], after[("Ana", ("libre", "4"))]) == (3, 16)
    assert [len(t.coups) for t in game.turn_log()] == [2, 1, 1]
    assert marks(from_scratch(game)) == after
    assert Game.from_doc(game.to_doc()).to_doc() == game.to_doc()
