"""The legal cells of ``yams enter`` and ``yams cells`` drawn as plain lines (no Rich to
import) are what Rich draws, character for character, in every family; Rich still draws them
when a column must fold, and on a terminal the styles are there."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from yams_scorekeeper.cli.legal_list import legal_lines, legal_rows, terminal_ansi
from yams_scorekeeper.cli.sheet_view import legal_rich_table
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_random_game, random_dice

CONFIGS = [("duel", {}), ("classic", {}), ("classic", {"columns": ["libre"]}),
           ("double", {}), ("double", {"variant": "force", "direction": "decroissant"}),
           ("double", {"variant": "critique"}), ("double", {"variant": "165"}),
           ("gaby", {}), ("yatzy", {}), ("yahtzee", {})]


def rich_lines(header, rows, width: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False, markup=False,
            emoji=False).print(legal_rich_table(header, rows))
    return out.getvalue().splitlines()


def positions(family: str, options: dict, seed: int):
    """Games of ``family`` some turns in, with dice entered (two coups sometimes in Gaby)."""
    rng = random.Random(f"legal-{family}-{seed}")
    players = ["Alice", "Bob"] if family != "gaby" else ["Alice"]
    game = play_random_game(make_config(family, players, **options), rng,
                            turns=rng.randrange(0, 20))
    if game.finished:
        return None
    game.enter(random_dice(game, rng), 1)
    if game.coups_allowed() == 2 and rng.random() < 0.5:
        game.enter(random_dice(game, rng), 1)
    return game


@pytest.mark.parametrize("family, options", CONFIGS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_plain_lines_are_what_rich_draws(family, options, lang):
    drawn = folded = 0
    for seed in range(6):
        game = positions(family, options, seed)
        if game is None or not game.legal_cells():
            continue
        header, rows = legal_rows(game, game.legal_cells(), lang)
        for width in (40, 50, 60, 80, 120):
            plain = legal_lines(header, rows, width)
            if plain is None:                       # Rich narrows the other columns too
                assert max(map(len, rich_lines(header, rows, 500))) > width
                continue
            drawn += 1
            folded += len(plain) > len(rows) + 4
            assert plain == rich_lines(header, rows, width)
    assert drawn and (folded or family != "double")


def test_a_terminal_gets_the_styles_and_a_pipe_none(tmp_path):
    game = positions("classic", {}, 1)
    header, rows = legal_rows(game, game.legal_cells(), "en")
    styled = legal_lines(header, rows, 120, ansi=True)
    assert "\x1b[1m#\x1b[0m" in styled[1]
    assert [re.sub("\x1b\\[[0-9]+m", "", line) for line in styled] == legal_lines(header, rows,
                                                                                    120)
    with open(tmp_path / "out", "w") as pipe:
        assert terminal_ansi(pipe) is False


def test_names_that_are_not_one_column_wide_are_left_to_rich():
    game = positions("classic", {}, 1)
    header, rows = legal_rows(game, game.legal_cells(), "en")
    rows[0][3] = ("漢字", "")
    assert legal_lines(header, rows, 200) is None
