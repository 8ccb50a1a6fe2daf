"""Every table of the record book, the turn log, the rules and a score wrap between words at
any width from 60 columns, in both languages: each word of a narrow run is a word of the same
run at 300 columns (a word cut in two, or cut short with an ellipsis, is not). The sheets
abbreviate their column names on purpose when narrow: they are not listed here."""

from __future__ import annotations

import re

import pytest
from club import EVENING, EVENING_ID, PLAYERS, club_store
from helpers import ENV, ok

#: the commands that print tables of the record book
GABY = f"{5:032x}"              # the club's first Gaby game
COMMANDS = (("stats", PLAYERS[0]), ("stats", PLAYERS[1], "--rows"), ("stats", "--rating"),
            ("history",), ("history", "--player", PLAYERS[0]), ("records",),
            ("soiree", "list"), ("soiree", "show", EVENING_ID), ("log", "--game", GABY),
            ("rules", "gaby"),
            ("score", "--rules", "double", "1cp", "2cp", "3cp", "4fp", "5fp", "6cg", "6cg",
             "1fg", "2fg", "3fg", "/1"))
WIDTHS = (60, 71, 80)
#: what a chart's bars and a table's rules are drawn with (their length follows the width)
DRAWN = re.compile(r"^[█▏▎▍▌▋▊▉─]+$")


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> str:
    return club_store(str(tmp_path_factory.mktemp("club") / "store"))


def _words(db: str, args: tuple[str, ...], lang: str, width: int) -> set[str]:
    ENV["COLUMNS"] = str(width)
    try:
        text = ok(db, *args, lang=lang).stdout
    finally:
        ENV["COLUMNS"] = "80"
    return {word for word in text.split() if not DRAWN.match(word)}


def test_no_word_is_cut_at_any_width_from_60(club):
    cut = []
    for lang in ("en", "fr"):
        for args in COMMANDS:
            whole = _words(club, args, lang, 300)
            for width in WIDTHS:
                cut += [(lang, " ".join(args), width, word)
                        for word in sorted(_words(club, args, lang, width) - whole)]
    assert cut == []


def test_history_names_the_evening_of_a_game(club):
    text = ok(club, "history").stdout
    assert EVENING.split()[-1] in text and EVENING_ID not in text
