"""The screen of ``yams play`` at 80 x 24 (issue 20, items 2, 3, 4, 6), read through a real
pseudo-terminal and a VT100 emulator (:mod:`pty_screen`): what a player sees, scrolled as a
terminal scrolls, not what the program meant to print.

- a whole Double Yams turn is one screen: the dice line as typed (unwrapped), rows 1-6 and
  the other sections in panels, the notes and the cell prompt;
- at every cell prompt of every family, the player's name and standing are on the screen;
- eight players' sheets are side by side on pages that fit 80 x 24, every page with every
  player's grand total; ``ss`` keeps the stacked view;
- no message is cut mid-word at the edge; ``score --all`` never loses a row's rule.
"""

from __future__ import annotations

import re

import pytest
from pty_screen import PtyScreen, turn_grid

from yams_scorekeeper.base.dice import GROUPED_EXAMPLE

CELL = "Cell ("
SECOND = "Second coup?"
DICE = "dice/roll"

#: the setup answers of a two-player game, and Ann's and Bob's dice, per family
FAMILIES = {
    "classic": (["classic", "Ann, Bob", "", ""], ("11111/1", "11112/2")),
    "gaby": (["gaby", "Ann, Bob", "n", ""], ("11111/1", "11112/1")),
    "double": (["double", "Ann, Bob", "classique"], ("cp111 fp11 cg11 fg111 /2",
                                                     "cp111 fp11 cg11 fg112 /2")),
    "duel": (["duel", "Ann, Bob"], ("11111/1", "11112/2")),
    "yatzy": (["yatzy", "Ann, Bob"], ("11111/1", "11112/2")),
    "yahtzee": (["yahtzee", "Ann, Bob"], ("11111/1", "11112/2")),
}


def started(tmp_path, setup: list[str], *args: str) -> PtyScreen:
    term = PtyScreen(["play", "--db", str(tmp_path / "store"), *args])
    for answer in setup:
        term.wait(": ")
        term.line(answer)
    return term


def prompt_line(term: PtyScreen) -> str:
    """The last non-empty row of the screen: where the cursor waits."""
    return next(line for line in reversed(term.lines()) if line)


# -- 2: a Double Yams turn fits 80 x 24 ----------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 3])
def test_a_double_yams_turn_is_one_screen_at_80_by_24(tmp_path, turn):
    """Rows 1-6, every section, the typed dice (on one line) and the prompt, at once: on the
    first turn (with its two hints) and later (with notes under the grid)."""
    dice = [f"{GROUPED_EXAMPLE} /2", "cp555 fp55 cg22 fg222 /1", "cp666 fp66 cg11 fg111 /3"]
    with started(tmp_path, FAMILIES["double"][0]) as term:
        for n in range(turn):
            term.wait(DICE)
            typed = dice[n]
            term.line(typed)
            term.wait(CELL)
            if n < turn - 1:
                term.line("e")
        screen = term.lines()
        shown = "\n".join(screen)
        assert len(screen) == 24
        assert any(line.endswith(f"): {typed}") and DICE in line for line in screen), shown
        for row in "123456":
            assert any(re.match(rf"{row} +(\S+ )?-?\d+!?( |$)", line) for line in screen), shown
        for name in ("Brelan", "Yams impossible", "Double suite de Marcel", "Double full",
                     "Moins", "Total"):
            assert name in shown, shown
        assert CELL in screen[-1] and screen[-1].startswith(("Ann ", "Bob ")), shown
        assert all(len(line) <= 80 for line in screen)


def test_the_double_yams_dice_prompt_leaves_room_for_the_dice(tmp_path):
    with started(tmp_path, FAMILIES["double"][0]) as term:
        term.wait(DICE)
        assert len(prompt_line(term)) <= 41
        term.line(f"{GROUPED_EXAMPLE} /6 announce youpi")
        term.wait("(")
        assert any(line.endswith("/6 announce youpi") for line in term.lines()), term.text()


# -- 3: whose turn, at every cell prompt --------------------------------------------------------


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_name_and_standing_are_on_screen_at_every_cell_prompt(tmp_path, family):
    """Four turns a player: at each cell prompt (and at Gaby's second-coup prompt, where a cell
    may be typed) the prompt line names the player, their total and who leads by how much."""
    setup, dice = FAMILIES[family]
    seen = 0
    with started(tmp_path, setup) as term:
        for turn in range(8):
            name = ("Ann", "Bob")[turn % 2]
            term.wait(DICE)
            assert prompt_line(term).startswith(f"{name}, "), term.text()
            term.line(dice[turn % 2])
            if term.wait_prompt((CELL, SECOND)) == SECOND:     # wrapped: 2 lines at most
                rows = [line for line in term.lines() if line][-2:]
                assert any(re.match(rf"{name} -?\d+ .*· Second coup", r) for r in rows), rows
                term.line("")
                term.wait(CELL)
            line = prompt_line(term)
            assert re.match(rf"{name} -?\d+( \(.*\))? · {re.escape(CELL)}", line), term.text()
            if turn >= 2:       # both have written a cell, never 0 with these dice
                assert re.match(rf"{name} \d+ \((leads by [1-9]\d*|(Ann|Bob) leads by "
                                rf"[1-9]\d*|tied for the lead)\) · ", line), line
            seen += 1
            term.line(next(iter(turn_grid(term.lines())[1])))     # the first cell offered
        term.wait(DICE)
    assert seen == 8


def test_the_standing_in_the_prompt_says_who_leads_and_by_how_much(tmp_path):
    setup, _ = FAMILIES["duel"]
    with started(tmp_path, setup) as term:
        for dice, cell in (("66666/1", "yam"), ("11223/3", "x chance")):
            term.wait(DICE)
            term.line(dice)
            term.wait(CELL)
            term.line(cell)
        term.wait(DICE)
        term.line("66612/2")
        term.wait(CELL)
        assert prompt_line(term).startswith("Ann 50 (leads by 50) · Cell ("), term.text()
        term.line("6")
        term.wait(DICE)
        term.line("33345/1")
        term.wait(CELL)
        assert prompt_line(term).startswith("Bob 0 (Ann leads by 68) · Cell ("), term.text()


# -- 4: every sheet side by side, on pages ------------------------------------------------------

EIGHT = ["Alexandre", "Bérénice", "Charlotte", "Dominique", "Emmanuelle", "Françoise",
         "Guillaume", "Hippolyte"]


def test_eight_players_sheets_are_side_by_side_on_pages_of_one_screen(tmp_path):
    with started(tmp_path, ["classic", ", ".join(EIGHT), "", ""]) as term:
        term.wait(DICE)
        pages = []
        for page in ("s", "s 2", "s 3"):
            term.line(page)
            term.wait(DICE)
            screen = term.lines()
            text = "\n".join(screen)
            title = next(i for i, line in enumerate(screen) if "· page " in line)
            assert screen[title].startswith("Yam classique"), text
            assert DICE in screen[-1] and screen[-1].startswith("Alexandre, "), text
            grand = next(i for i, line in enumerate(screen) if line.startswith("Grand total:"))
            totals = " ".join(screen[grand:grand + 2])
            assert all(f"{name} 0" in totals for name in EIGHT), text     # every page
            assert "Total " in text and "Sub-total 1-6" in text
            pages.append(re.findall(r"\b[A-ZÉ][a-zéè]{2}\b", screen[title + 2]))
            assert all(len(line) <= 80 for line in screen)
        assert [p[:3] for p in pages] == [["Ale", "Bér", "Cha"], ["Dom", "Emm", "Fra"],
                                           ["Gui", "Hip", "Gui"]]
        term.line("h")
        term.wait(DICE)
        assert "ss, sheets" in term.text()
        term.line("ss")                 # the stacked view: one grid per player
        term.wait(DICE)
        stacked = term.since.decode()
        assert "Hippolyte" in stacked and "· page" not in stacked


def test_resume_and_the_final_sheet_show_every_page(tmp_path):
    """Not at a prompt: every page is printed, one after the other."""
    with started(tmp_path, ["classic", ", ".join(EIGHT), "", ""]) as term:
        term.wait(DICE)
        term.line("55533/2")
        term.wait(CELL)
        term.line("e")
        term.wait(DICE)
        term.line("q")
        term.finish()
    with started(tmp_path, [""]) as term:      # Enter: resume the game in progress
        term.wait(DICE)
        printed = term.since.decode()
        assert all(f"page {n}/3" in printed for n in (1, 2, 3)), printed


# -- 6: wrapping and widths ---------------------------------------------------------------------


def test_an_error_at_80_columns_is_wrapped_between_words(tmp_path):
    bad = ["score", "--rules", "double", "cp666", "fp66", "cg666", "fg66", "--roll", "1"]
    with PtyScreen(bad) as term:
        assert term.finish() != 0
        lines = [line for line in term.lines() if line]
    assert lines[0].startswith("error: ") and len(lines) >= 2
    words = " ".join(lines).split()
    from yams_scorekeeper.cli.render import wrap_words

    assert lines == wrap_words(" ".join(lines), 80)        # broken between words only
    assert "set" in words and "th" not in words


@pytest.mark.parametrize("family, dice", [("yatzy", "12456"), ("double", GROUPED_EXAMPLE),
                                          ("gaby", "11223"), ("yahtzee", "66666")])
def test_score_all_at_80_columns_keeps_every_rows_rule(family, dice):
    """Every row of ``score --all`` ends with its rule id, folded onto the next line if need
    be, never cut off: as many ``[X9]`` as rows."""
    from yams_scorekeeper.rules import get_rules

    rules = get_rules(family)
    with PtyScreen(["score", "--all", "--rules", family, *dice.split(), "--roll", "1"],
                   rows=60) as term:
        assert term.finish() == 0
        text = term.text()
    assert len(re.findall(r"\[[A-Z]\d+[^\]]*\]", text)) == len(rules.rows), text
    assert all(len(line) <= 80 for line in text.splitlines())


# -- issue 34, item 2: in French too, nothing typed or said leaves the screen ------------------

FR_CELL, FR_DICE, FR_SECOND = "Case (", "dés/lancer", "Second coup ?"


def french(tmp_path, setup: list[str]) -> PtyScreen:
    term = PtyScreen(["play", "--db", str(tmp_path / "store")], lang="fr")
    for answer in setup:
        term.wait(": ")
        term.line(answer)
    return term


def test_a_french_double_yams_first_turn_keeps_the_dice_line(tmp_path):
    """The issue's turn: two notes, the help line and the prompt under the grid."""
    with french(tmp_path, ["double", "Marc, Léa, René", "classique"]) as term:
        term.wait(FR_DICE)
        term.line("cp123 fp12 cg55 fg155/3")
        term.wait(FR_CELL)
        screen = term.lines()
    text = "\n".join(screen)
    assert any(line.endswith("): cp123 fp12 cg55 fg155/3") or
               line.endswith(") : cp123 fp12 cg55 fg155/3") for line in screen), text
    headers, found = turn_grid(screen)
    assert headers == ["Marc"] and found, text
    assert "h : l'aide" in text and prompt_line(term).startswith("Marc 0 · Case ("), text


def test_a_french_gaby_second_coup_prompt_keeps_the_column_header(tmp_path):
    with french(tmp_path, ["gaby", "Papa, Léa", "n", ""]) as term:
        term.wait(FR_DICE)
        term.line("66643/2")
        term.wait(FR_SECOND)
        screen = term.lines()
    headers, _ = turn_grid(screen)
    assert headers == ["Descente", "Libre", "Montée", "Demi-sec x2 ≤2", "Sec x2 ≤1"], \
        "\n".join(screen)
    assert any(line.endswith(": 66643/2") for line in screen), "\n".join(screen)


def test_the_undo_message_survives_the_redraw(tmp_path):
    """``u`` after a cell: the previous turn's grid comes back, under the message."""
    with french(tmp_path, ["gaby", "Papa, Léa", "n", ""]) as term:
        term.wait(FR_DICE)
        term.line("66666/1")
        term.wait(FR_SECOND)
        term.line("")
        term.wait(FR_CELL)
        term.line("x libre.1")
        term.wait(FR_DICE)
        term.line("u")
        term.wait(FR_SECOND)
        screen = term.lines()
    text = "\n".join(screen)
    assert "Annulé (Papa) : Libre · 1." in text, text
    assert turn_grid(screen)[0][0] == "Descente" and "Coup 1 déjà saisi : 6 6 6 6 6 /1" in text
    assert [line for line in screen if line][-2].startswith("Papa 0 · Second coup ?"), text


@pytest.mark.parametrize("lang, more, dice", [("fr", "— Entrée : la suite", FR_DICE),
                                              ("en", "— Enter: more", DICE)])
def test_the_double_yams_sheet_comes_a_screen_at_a_time(tmp_path, lang, more, dice):
    term = PtyScreen(["play", "--db", str(tmp_path / "store")], lang=lang)
    with term:
        for answer in ["double", "Marc, Léa, René", "classique"]:
            term.wait(": ")
            term.line(answer)
        term.wait(dice)
        term.line("s")
        pages = []
        while term.wait_prompt((more, dice)) == more:
            pages.append(term.lines())
            term.line("")
        pages.append(term.lines())
    shown = [line for page in pages for line in page]
    assert len(pages) >= 2 and all(len(page) == 24 for page in pages)
    assert all(page[-1].startswith(more) for page in pages[:-1]), pages
    assert "Yams impossible" in "\n".join(shown) and "René" in "\n".join(shown)
    assert dice in pages[-1][-1] or dice in prompt_line(term)


@pytest.mark.parametrize("lang, dice", [("fr", FR_DICE), ("en", DICE)])
def test_the_help_wraps_each_line_under_its_description(tmp_path, lang, dice):
    """``h`` at 80 columns: a line too long goes on under its own description, never at the
    left edge among the commands (the French ``s, feuille`` line was one)."""
    with PtyScreen(["play", "--db", str(tmp_path / "store")], lang=lang) as term:
        for answer in ["gaby", "Ann, Bob", "n", ""]:
            term.wait(": ")
            term.line(answer)
        term.wait(dice)
        term.line("h")
        term.wait(dice)
        said = [line.rstrip() for line in term.since.decode().splitlines()[1:-1]]
    assert len(said) > 15 and all(len(line) <= 80 for line in said), said
    loose = [line for line in said if not line.startswith("  ") and not line.endswith(":")]
    assert not loose, said
