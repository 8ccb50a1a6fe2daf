"""The turn grid of ``yams play`` (issue 10): the legal cells drawn on the player's paper grid.

Snapshots per family at 80 columns, no colour, compared with ``tests/data/grids/<name>.txt``;
those files were written once by hand-run code and read by eye (a Gaby turn with both coups and
bloquant, a classic sheet with three columns, a Double Yams sheet, a Duel sheet); this test only
reads them. The sizes are checked too: a Gaby full-preset turn with both coups fits 80 x 24 with
its prompts, Double Yams 80 x 40.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from yams_scorekeeper.base.dice import TAGGED_EXAMPLE
from yams_scorekeeper.cli.choice import handles
from yams_scorekeeper.cli.sheet_view import turn_grid
from yams_scorekeeper.engine.transcript import parse_transcript

GRIDS = Path(__file__).parent / "data" / "grids"

STATES = {
    # the full gaby preset, 2 players: Bob's turn, both coups typed, Alice's full blocks his
    "gaby_en": ("en", """
rules: gaby
players: Alice, Bob
preset: gaby
Alice: 55533/1 ; 66666/2 -> sec.full@1 libre.yam@2
Bob: 11111/3 -> libre.1
Alice: 22222/1 -> descente.1
Bob: 55522/1 ; 66612/3
"""),
    "classic_fr": ("fr", """
rules: classic
players: Alice, Bob
Alice: 55533/2 -> libre.full
Bob: 11123/1 -> descendante.1
Alice: 66662/1 -> montante.yam=0
Bob: 12345/3 -> libre.suite
Alice: 66655/1
"""),
    "double_en": ("en", f"""
rules: double
players: Alice
variant: classique
Alice: {TAGGED_EXAMPLE} /1 -> double-petite-suite
Alice: cp555 fp55 cg22 fg222 /2
"""),
    "duel_fr": ("fr", """
rules: duel
players: Alice, Bob
Alice: 33345/1 -> 3
Bob: 66666/1 -> yam
Alice: 66612/1
"""),
}


def render(name: str) -> tuple[str, list[str]]:
    lang, text = STATES[name]
    game = parse_transcript(text)
    cells = game.legal_cells()
    grid, notes = turn_grid(game, cells, handles(game, cells), lang)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None, force_terminal=False).print(grid)
    lines = [line.rstrip() for line in out.getvalue().splitlines()] + notes
    return "\n".join(lines) + "\n", notes


@pytest.mark.parametrize("name", sorted(STATES))
def test_turn_grid_matches_the_reviewed_snapshot(name):
    text, _ = render(name)
    assert text == (GRIDS / f"{name}.txt").read_text(encoding="utf-8")
    assert all(len(line) <= 80 for line in text.splitlines())


def test_gaby_full_preset_turn_fits_80_by_24():
    """The grid, its notes, the doblar hint and the two prompts of the coups fit one screen."""
    text, notes = render("gaby_en")
    assert len(text.splitlines()) + 3 <= 24
    assert "Alice has 41" in "".join(notes)             # bloquant: always said (Y6)


def test_double_yams_fits_80_by_40():
    text, _ = render("double_en")
    assert len(text.splitlines()) + 3 <= 40
