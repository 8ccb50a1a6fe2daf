"""What the notation, the table, the sheet views and the advisers ask the mechanics (issue 21):
the words typed for an entry, the help lines of ``yams play``, what a coup line says of its
entry, the short column headings and the names the advisers' JSON gives what they plan. The
modules that ask name no mechanic (``tests/test_family_homes.py``); these tests show that what
they get is each mechanic's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ENV, ok
from typer.testing import CliRunner

from yams_scorekeeper import mechanics
from yams_scorekeeper.base.errors import EntryError, IllegalMoveError
from yams_scorekeeper.cli.app import app
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.notation import parse_entry, read_coup
from yams_scorekeeper.engine.transcript import typed_text
from yams_scorekeeper.mechanics import Doblar, Jokers, Mechanic, SixthRoll


def played(db: Path, lines: list[str], *args: str) -> str:
    """``yams play --db DB`` with ``lines`` typed: its standard output (exit 0)."""
    text = "".join(line + "\n" for line in lines)
    result = CliRunner().invoke(app, ["play", "--db", str(db), *args], input=text, env=ENV)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


# -- what a player types after the roll --------------------------------------------------------


def test_the_entries_come_by_the_fields_of_the_mechanics_whose_words_come_before():
    assert mechanics.typed_entries(["J", "4:6", "a", "youpi"]) == {"joker": "4:6",
                                                                  "announce": "youpi"}
    assert mechanics.TYPED_WORDS["annonce"] is SixthRoll
    assert mechanics.TYPED_WORDS["j"] is Jokers
    # an announce typed twice: the last counts; a joker twice: refused (one a coup, U4)
    assert mechanics.typed_entries(["a", "full", "a", "yam"]) == {"announce": "yam"}
    with pytest.raises(IllegalMoveError) as twice:
        mechanics.typed_entries(["joker", "4:6", "j", "1:2"])
    assert twice.value.rule == "U4" and twice.value.en == "one joker a turn"


@pytest.mark.parametrize("words", [["bogus", "1"], ["joker"], ["4:6"]])
def test_another_word_is_refused_with_what_each_mechanic_shows_it_takes(words):
    with pytest.raises(EntryError) as info:
        mechanics.typed_entries(words)
    assert info.value.expected == "joker 4:6 or announce youpi"


def test_a_mechanic_with_words_of_its_own_is_read_without_touching_the_notation(monkeypatch):
    class Colour(Mechanic):
        entry_field = "colour"
        words = ("colour", "c")
        example = "colour red"

    for word in Colour.words:
        monkeypatch.setitem(mechanics.TYPED_WORDS, word, Colour)
    assert read_coup("55533/2 c red j 4:6") == ("55533", "2", {"colour": "red", "joker": "4:6"})


def test_a_replacement_turn_keeps_its_entries_as_each_mechanic_says():
    duel = Game(make_config("duel", ["Ana", "Bob"]))
    assert parse_entry(duel, "55554/3 j 4:5 -> yam") == (None, {
        "coups": [{"dice": ["4", "5", "5", "5", "5"], "roll": "3", "joker": [4, 5]}],
        "cells": [{"column": None, "row": "yam", "coup": None, "scratch": False}]})
    double = Game(make_config("double", ["Ana"], variant="classique"))
    _, entry = parse_entry(double, "1cp 1cp 1fp 1fp 1cg 1cg 1fg 1fg 1fg 2cp/6 a Youpi")
    assert entry["coups"][0]["announce"] == "youpi"      # the row's id, as the log keeps it


def test_an_entry_typed_alone_and_one_asked_for_name_their_field():
    game = Game(make_config("double", ["Ana"], variant="classique"))
    assert game.mechanics.ahead(game, "youpi") == ("announce", "youpi", 6)
    field, rows = game.mechanics.asked(game, game.player, 6)
    assert field == "announce" and "youpi" in rows
    assert game.mechanics.asked(game, game.player, 5) is None
    assert mechanics.AHEAD_WORDS == set(SixthRoll.words)     # "joker 4:6" alone is dice


# -- what is said of an entry ------------------------------------------------------------------


def test_the_coup_being_placed_says_its_joker_in_the_language_asked():
    game = Game(make_config("duel", ["Ana", "Bob"]))
    game.enter("55554", "3", joker="4:5")
    coup = game.coups[-1]
    assert game.mechanics.coup_notes(game, coup, "en") == ["joker 4→5, rolled 4 5 5 5 5"]
    assert game.mechanics.coup_notes(game, coup, "fr") == ["joker 4→5, dés lancés 4 5 5 5 5"]
    assert typed_text(coup) == " joker 4:5"
    assert mechanics.coup_entries_json(coup) == {"joker": [4, 5], "announce": None}
    plain = Game(make_config("yatzy", ["Ana"]))
    plain.enter("55554", "3")
    assert plain.mechanics.coup_notes(plain, plain.coups[-1], "en") == []
    assert mechanics.coup_entries_json(plain.coups[-1]) == {"joker": None, "announce": None}


def test_a_resumed_turn_shows_the_entries_typed_with_its_coups(tmp_path):
    db = tmp_path / "store"
    played(db, ["duel", "Ana, Bob", "55554/3 j 4:5", "q"])
    out = played(db, ["", "q"])                          # resume the one game in progress
    assert "Coup 1 already typed: 4 5 5 5 5 /3 joker 4:5" in out


# -- the help of yams play ---------------------------------------------------------------------

DICE_LINE = "  55533/2            five dice kept after the 2nd roll (or 5 5 5 3 3 /2)"
JOKER_LINE = "  55534/3 joker 4:5  Duel: a joker turns a 4 into a 5"
SCRATCH_LINE = "  ex, x e, x full    scratch (0)"
#: the start of the doblar's line (the table wraps the rest at 80 columns)
DOBLAR_LINE = "  d e gk             doblar: one cell from coup 1 and one from coup 2 (d"


def help_lines(out: str) -> list[str]:
    """The lines of the help the table printed (from 'At any prompt:' to the prompt after)."""
    lines = out.splitlines()
    start = lines.index("At any prompt:")
    end = next(i for i in range(start, len(lines)) if "dice/roll" in lines[i])
    return lines[start:end]


@pytest.mark.parametrize("setup, after_dice, after_scratch", [
    (["classic", "Ana", "libre"], "Cells:", None),
    (["duel", "Ana, Bob"], JOKER_LINE, None),
    (["gaby", "Ana", "custom", "descente libre", "-", "deux-coups doblar"], "Cells:",
     DOBLAR_LINE),
    (["gaby", "Ana", "custom", "descente libre", "-", "deux-coups"], "Cells:", None),
])
def test_the_help_holds_the_line_of_each_mechanic_played_and_no_other(tmp_path, setup,
                                                                        after_dice,
                                                                        after_scratch):
    lines = help_lines(played(tmp_path / "store", [*setup, "h", "q"]))
    assert "" not in lines                       # the lines left out leave no gap
    assert lines[lines.index(DICE_LINE) + 1] == after_dice
    after = lines[lines.index(SCRATCH_LINE) + 1:]
    assert (after == []) if after_scratch is None else (after[0] == after_scratch)
    assert (JOKER_LINE in lines) == (setup[0] == "duel")


SIXTH_ROLL_LINE = "  …/6 announce youpi Double Yams classique or forcé: the announced sixth roll"
ANNONCEE_LINE = "  55533/3 a full     the annoncée column: the row announced after the first roll"


@pytest.mark.parametrize("setup, shown", [
    (["double", "Ana", "classique"], [SIXTH_ROLL_LINE]),
    (["double", "Ana", "critique"], []),                  # a bank of rolls, no sixth roll
    (["classic", "Ana", "libre annoncee"], [ANNONCEE_LINE]),
])
def test_the_announce_lines_come_with_the_mechanic_that_reads_the_announce(tmp_path, setup,
                                                                           shown):
    lines = help_lines(played(tmp_path / "store", [*setup, "h", "q"]))
    assert [line for line in lines if line in (SIXTH_ROLL_LINE, ANNONCEE_LINE)] == shown
    assert lines[lines.index("Cells:") - 1] == (shown[0] if shown else (
        "  6cp 6pc 3fg …      or die by die: value, colour c/f, size p/g"))


def test_the_help_lines_of_the_mechanics_follow_the_language():
    game = Game(make_config("gaby", ["Ana"], columns=["libre"],
                            options=["deux-coups", "doblar"]))
    lines = game.mechanics.help_lines("fr")
    assert lines["doblar"].startswith("  d e gk             doblar : une case du coup 1")
    assert lines["joker"] == "" and lines["two-coups"] == ""   # a topic without a line


# -- sheet views and advisers ------------------------------------------------------------------


def test_the_shared_grid_shortens_the_column_names_of_the_french_sheets():
    assert [mechanics.short_name(n) for n in ("Descendante", "Montée", "Demi-sec", "Sèche")] \
        == ["Desc", "Mont", "DSec", "Sèche"]


def test_the_imposed_order_is_said_under_the_name_of_the_imposed_column(tmp_path):
    db = str(tmp_path / "store")
    ok(db, "new", "--rules", "classic", "-p", "A", "--column", "imposee", "--imposed",
       "yam,1,2,3,4,5,6,full,suite,carre,plus,moins")
    out = ok(db, "sheet").stdout
    assert "Imposée: Yam → 1 → 2" in out


def test_the_advisers_name_what_they_plan_as_the_mechanics_do():
    """The exact solver plans the kind that turns a die (its entry, its counter), the
    heuristic adviser the kind that writes two cells: the Duel joker and the Gaby doblar."""
    assert mechanics.DIE_CHANGER is Jokers and mechanics.PAIR_WRITER is Doblar
    assert (mechanics.DIE_ENTRY, mechanics.DIE_COUNTER, mechanics.PAIR) == (
        Jokers.entry_field, "jokers_left", Doblar.id)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_placeholder_of_the_help_is_the_topic_of_a_mechanic_with_a_line(lang):
    """A new mechanic's help line is a ``{topic}`` of ``table.help`` and a kind of ``KINDS``
    whose ``help_line`` says it in every language (else the table's help would fail)."""
    from string import Formatter

    from yams_scorekeeper.i18n import say, template

    fields = {name for _, name, _, _ in Formatter().parse(template("table.help", lang)) if name}
    with_lines = {k.help_topic: k.help_line for k in mechanics.KINDS if k.help_line}
    assert fields == set(with_lines) == {"joker", "announce", "annoncee", "doblar"}
    assert all(say(key, lang).startswith("  ") for key in with_lines.values() if key)
