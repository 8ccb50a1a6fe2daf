"""The pieces of the 80 x 24 layout (issue 20): the turn grid's panels, the notes that fit
under it, the pages of sheets, short configuration labels, wrapping that keeps a command whole.
The screen itself is checked through a pty in ``tests/test_screen.py``."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from yams_scorekeeper.base.dice import TAGGED_EXAMPLE
from yams_scorekeeper.cli.choice import handles
from yams_scorekeeper.cli.printing import short_label
from yams_scorekeeper.cli.render import wrap_words
from yams_scorekeeper.cli.sheet_view import fit_notes, sheet_pages, sheets_view, turn_grid
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.game import Game
from yams_scorekeeper.engine.transcript import parse_transcript


def drawn(renderable, width: int = 80) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def double_turn() -> tuple:
    game = parse_transcript(f"rules: double\nplayers: Alice\nvariant: classique\n"
                            f"Alice: {TAGGED_EXAMPLE} /2\n")
    cells = game.legal_cells()
    return game, turn_grid(game, cells, handles(game, cells), "en")


def test_a_grid_taller_than_the_screen_goes_into_panels_with_every_row_once():
    game, (grid, _) = double_turn()
    assert grid.height == len(game.rows) + 3            # header, rule, rows, total
    whole = drawn(grid)
    panels = grid.panels(18, 80)
    lines = drawn(panels)
    assert len(whole) == 34 and len(lines) == 18
    assert all(len(line) <= 80 for line in lines)
    names = [game.rules.row(r).name for r in game.rows]
    for name in names:                                  # each row once, whole, on one line
        assert sum(line.count(f"{name} ") + line.endswith(name) for line in lines) >= 1
    left = [line.split("   ")[0] for line in lines[2:]]
    assert [x.split()[0] for x in left[:6]] == list("123456")    # rows 1-6 first, in order
    assert lines[-1].rstrip().endswith("0") and "Total" in lines[-1]


def test_a_grid_that_fits_stays_one_panel_and_panels_never_exceed_the_width():
    _, (grid, _) = double_turn()
    assert grid.panels(40, 80) is grid
    assert grid.panels(18, 30) is grid                  # no two panels fit 30 columns
    lower = grid.panels(18, 40)                         # two fit 40: lower, if not 18 lines
    assert lower.width <= 40 and 18 < lower.height < grid.height


def test_the_notes_under_the_grid_are_cut_to_the_lines_left_then_counted():
    notes = [f"e{i}: " + "a long reason that takes most of a line " * 2 for i in range(3)]
    fitted = fit_notes(notes, 3, 80, "en")
    assert fitted[0] == notes[0] and len(fitted) == 2
    assert fitted[1].startswith("… 2 more")
    assert fit_notes(notes[:1], 5, 80, "en") == notes[:1]


NAMES = ["Alexandre", "Bérénice", "Charlotte", "Dominique", "Emmanuelle", "Françoise",
         "Guillaume", "Hippolyte"]


@pytest.mark.parametrize("family, pages", [("classic", [3, 3, 2]), ("duel", [8]),
                                           ("yatzy", [8])])
def test_eight_players_make_even_pages_each_with_every_grand_total(family, pages):
    game = Game(make_config(family, NAMES))
    assert [len(p) for p in sheet_pages(game, "en", 80)] == pages
    lines = drawn(sheets_view(game, "en"))
    assert all(len(line) <= 80 for line in lines)
    grand = [i for i, line in enumerate(lines) if line.startswith("Grand total")]
    if len(pages) > 1:
        assert len(grand) == len(pages)
        page = drawn(sheets_view(game, "en", page=2))
        assert len(page) <= 22 and "page 2/3" in page[0]
        assert "Hippolyte 0" in " ".join(page[-2:])


def test_gaby_four_players_two_a_page_and_the_stacked_view_on_request():
    game = Game(make_config("gaby", NAMES[:4]))
    assert sheet_pages(game, "en", 80) == [[0, 1], [2, 3]]
    stacked = drawn(sheets_view(game, "en", stacked=True))
    assert sum(line.strip().startswith("Alexandre") for line in stacked) == 1
    assert not any("page" in line for line in stacked)


def test_long_configuration_labels_are_abbreviated_for_tables():
    gaby = Game(make_config("gaby", ["A", "B"], preset="gaby")).config.label
    short = short_label(gaby, "en")
    assert short == "Yams Gaby (Desc/Lib/Mont/DSec/Sec +6 options)"    # the shortest form
    assert len(gaby) > 2 * len(short)
    two = Game(make_config("gaby", ["A", "B"], options=["bloquant"])).config.label
    assert short_label(two, "fr", width=60).endswith(", bloquant)")      # room: kept whole
    assert short_label("Double Yams forcé", "fr") == "Double Yams forcé"
    classic = Game(make_config("classic", ["A"])).config.label
    assert short_label(classic, "en") == classic or "Lib/Desc/Mont" in short_label(classic, "en")


def test_wrapping_keeps_a_command_whole_and_never_cuts_a_word():
    cmd = "yams play --game 1234abcd --db /tmp/a/very/long/folder/name"
    text = f"Game saved. To resume it: {cmd}"
    lines = wrap_words(text, 60, keep=cmd)
    assert cmd in lines and all(len(line) <= 60 for line in lines if line != cmd)
    assert wrap_words("tapez « yams » : fin", 14) == ["tapez « yams »", ": fin"] or \
        all(not line.startswith(":") for line in wrap_words("tapez « yams » : fin", 14))
