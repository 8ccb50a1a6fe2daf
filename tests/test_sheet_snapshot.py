"""The sheets as printed at the table, compared with reviewed snapshots (80 columns, no colour).

Each game is a short transcript replayed through the rules; ``sheets_view`` is rendered into
a fixed-width Rich console and compared line by line (trailing spaces dropped) with
``tests/data/snapshots/<name>.txt``. A change of layout shows up as a diff to review. The
test only compares: to write the snapshots again after a deliberate change, run
``python scripts/update_snapshots.py`` (a separate command) and read the diff.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from yams_scorekeeper.base.dice import TAGGED_EXAMPLE
from yams_scorekeeper.cli.sheet_view import sheets_view
from yams_scorekeeper.engine.transcript import parse_transcript

SNAPSHOTS = Path(__file__).parent / "data" / "snapshots"
FIVES = "5cp 5cp 5cp 5fp 5fp 2cg 2cg 2fg 2fg 2fg"

GAMES = {
    # three columns, a few turns each, French words
    "classic_fr": ("fr", """
rules: classic
players: Alice, Bob
Alice: 55533/2 -> libre.full
Bob: 11123/1 -> descendante.1
Alice: 66662/1 -> montante.yam=0
Bob: 12345/3 -> libre.suite
Alice: 66655/1 -> libre.plus
Bob: 22245/2 -> descendante.2
Alice: 11112/2 -> libre.moins
"""),
    # Gaby with sec x2, a doblar used, bloquant; max <= min cancels a column (Y3)
    "gaby_en": ("en", """
rules: gaby
players: Alice, Bob
columns: libre, sec
options: bloquant, deux-coups, doblar, chance
Alice: 55533/1 ; 66666/2 -> sec.full@1 libre.yam@2
Bob: 55522/1 -> sec.full
Alice: 11112/3 -> libre.max
Bob: 66665/1 -> sec.carre
Alice: 66655/2 -> libre.min
Bob: 66666/3 -> sec.yam
"""),
    # Double Yams critique: players across, sections, rolls banked, the difference by the 1s
    "double_critique_fr": ("fr", f"""
rules: double
players: Alice, Bob
variant: critique
Alice: {TAGGED_EXAMPLE} /1 -> double-petite-suite
Bob: {FIVES} /2 -> youpi
Alice: {TAGGED_EXAMPLE} /2 -> 1
Bob: {FIVES} /7 -> double-yams
Alice: {FIVES} /3 -> plus
Bob: {TAGGED_EXAMPLE} /5 -> giga=0
Alice: {TAGGED_EXAMPLE} /4 -> moins
"""),
    # Duel: jokers left shown under the grid, the bonus reached
    "duel_en": ("en", """
rules: duel
players: Alice, Bob
Alice: 66612/1 -> 6
Bob: 55554/3 joker 4:5 -> yam
Alice: 55561/2 -> 5
Bob: 12346/2 joker 6:5 -> grande-suite
Alice: 44456/1 -> 4
Bob: 11111/3 -> chance
Alice: 33345/1 -> 3
Bob: 22233/1 -> full
Alice: 22234/1 -> 2
Bob: 66612/2 -> brelan=0
Alice: 11123/1 -> 1
"""),
}


def render(name: str) -> str:
    lang, text = GAMES[name]
    game = parse_transcript(text)
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, color_system=None, force_terminal=False,
                      no_color=True, legacy_windows=False, highlight=False)
    console.print(sheets_view(game, lang))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sheet_matches_the_reviewed_snapshot(name):
    path = SNAPSHOTS / f"{name}.txt"
    got = render(name)
    assert path.exists(), f"no snapshot {path}: run python scripts/update_snapshots.py, review it"
    assert got == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sheet_fits_80_columns_without_colour(name):
    text = render(name)
    assert "\x1b[" not in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_counters_take_the_plural_of_each_language():
    from yams_scorekeeper.cli.sheet_view import counters_text
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game

    game = Game(make_config("double", ["Ana"], variant="critique"))
    assert counters_text(game, game.sheets[0], "fr") == "0 jet en réserve"   # 0: singular
    assert counters_text(game, game.sheets[0], "en") == "0 rolls banked"
    duel = Game(make_config("duel", ["Ana"]))
    duel.sheets[0].jokers_left = 1
    assert counters_text(duel, duel.sheets[0], "fr") == "1 joker restant"


@pytest.mark.parametrize("family", ["double", "duel", "classic"])
def test_eight_players_fit_80_columns_abbreviated_never_cut(family):
    """G6: eight players with long names: the sheet fits 80 columns, names are shortened to the
    letters that tell them apart, and nothing is cut with an ellipsis."""
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game

    names = ["Alexandre", "Bérénice", "Charlotte", "Dominique", "Emmanuelle", "Françoise",
             "Guillaume", "Hippolyte"]
    game = Game(make_config(family, names))
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(sheets_view(game, "en"))
    text = out.getvalue()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Double suite de Marcel" in text or family != "double"


def test_a_narrow_terminal_abbreviates_column_names_rather_than_cutting_them():
    from yams_scorekeeper.engine.config import make_config
    from yams_scorekeeper.engine.game import Game

    game = Game(make_config("gaby", ["Alice", "Bob", "Chloé"], preset="gaby"))
    out = io.StringIO()
    Console(file=out, width=60, color_system=None).print(sheets_view(game, "en", width=60))
    text = out.getvalue()
    assert "…" not in text and all(len(line) <= 60 for line in text.splitlines())
    assert "Desc   Lib   Mont   DSec x2   Sec x2" in text
