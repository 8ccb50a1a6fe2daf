"""One notation for what players type (issue 9): ``yams play``'s dice prompt, transcripts,
``yams fix``, ``yams enter`` and ``yams score`` read coups and rolls with
:mod:`yams_scorekeeper.engine.notation`, so they accept the same text and refuse it in the same
words."""

from __future__ import annotations

import json

import pytest
from helpers import one_line_error, run

from yams_scorekeeper.base.errors import EntryError, IllegalMoveError
from yams_scorekeeper.engine.notation import (
    parse_coup,
    read_coup,
    roll_then_dice,
    split_roll,
    take_roll,
)
from yams_scorekeeper.engine.transcript import parse_transcript

DUEL = "rules: duel\nplayers: Ana, Bob\n\n"


@pytest.mark.parametrize("text, read", [
    ("55533/2", ("55533", "2", {})),
    ("5 5 5 3 3 / 2", ("5 5 5 3 3", "2", {})),
    ("55554/3 joker 4:5", ("55554", "3", {"joker": "4:5"})),
    ("55554/3 j 4:5", ("55554", "3", {"joker": "4:5"})),          # the table's short word
    ("55554/6 announce youpi", ("55554", "6", {"announce": "youpi"})),
    ("55554/6 annonce youpi", ("55554", "6", {"announce": "youpi"})),
    ("55554/6 a youpi", ("55554", "6", {"announce": "youpi"})),
    ("55554/3 j 4:5 a youpi", ("55554", "3", {"joker": "4:5", "announce": "youpi"})),
    ("55533", ("55533", None, {})),                  # no '/': the dice alone
])
def test_a_coup_reads_the_same_everywhere(text, read):
    assert read_coup(text) == read
    if read[1] is not None:
        assert parse_coup(text) == read


def test_a_transcript_takes_the_tables_short_words():
    short = parse_transcript(DUEL + "Ana: 55554/3 j 4:5 -> yam\n")
    long = parse_transcript(DUEL + "Ana: 55554/3 joker 4:5 -> yam\n")
    assert short.totals(0).grand == long.totals(0).grand == 50


@pytest.mark.parametrize("text, words", [
    ("/2", "type the dice, then '/' and the roll number"),
    ("55533/", "the roll number is missing after '/'"),
    ("55533/2 jokr 4:5", "unexpected 'jokr' after the roll"),
])
def test_the_refusals_are_worded_once(text, words):
    for read in (read_coup, parse_coup):
        with pytest.raises(EntryError) as info:
            read(text)
        assert info.value.en == words
    with pytest.raises(EntryError) as info:
        parse_transcript(DUEL + f"Ana: {text} -> yam\n")
    assert words in str(info.value) and "line 4" in str(info.value)


def test_two_jokers_and_a_coup_without_roll():
    with pytest.raises(IllegalMoveError) as info:
        read_coup("55533/2 j 5:6 joker 3:6")
    assert info.value.rule == "U4"
    with pytest.raises(EntryError, match="cannot read the coup"):
        parse_coup("55533")                  # a transcript's coup needs its roll


def test_rolls_typed_after_a_slash_or_as_an_option():
    assert take_roll(" 55533/2 ", None) == ("55533", "2")
    assert take_roll("55533", "3") == ("55533", "3")
    assert take_roll("55533", None) == ("55533", None)
    with pytest.raises(EntryError, match="given twice"):
        take_roll("55533/2", "2")
    assert split_roll("55533", "2") == ("55533", "2")
    with pytest.raises(EntryError, match="say after how many rolls"):
        split_roll("55533", None)


def test_a_line_of_score_input_is_roll_first():
    assert roll_then_dice("  2 5 5 5 3 3  # a full") == ("2", "5 5 5 3 3")
    assert roll_then_dice("# only a comment") is None and roll_then_dice("   ") is None
    with pytest.raises(EntryError, match="no dice after the roll number"):
        roll_then_dice("1")


def test_score_reads_dice_and_roll_as_enter_does():
    slash = run(None, "score", "-R", "gaby", "--json", "55533/2")
    option = run(None, "score", "-R", "gaby", "--json", "-r", "2", "55533")
    assert slash.exit_code == option.exit_code == 0
    assert json.loads(slash.stdout) == json.loads(option.stdout)
    assert json.loads(slash.stdout)["roll"] == 2
    one_line_error(run(None, "score", "-R", "gaby", "-r", "2", "55533/2"), "given twice")
    one_line_error(run(None, "score", "-R", "gaby", "55533"), "say after how many rolls")
