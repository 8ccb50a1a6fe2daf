"""Picking a cell at the table (issue 10, "no silent wrong cell"): for random legal states of
every family, each handle shown picks exactly the cell it labels and can never be read as a row
name, and every token that could mean two cells asks before anything is written."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yams_scorekeeper.base.errors import EntryError
from yams_scorekeeper.cli.choice import COMMAND_LETTERS, candidates, handles, split_scratch
from yams_scorekeeper.cli.turn_loop import Table
from yams_scorekeeper.engine.config import make_config
from yams_scorekeeper.engine.simulate import play_turn, random_dice
from yams_scorekeeper.rules import RULESETS

CONFIGS = {
    "classic": lambda: make_config("classic", ["A", "B"], columns=["libre", "descendante",
                                                                    "montante"]),
    "gaby": lambda: make_config("gaby", ["A", "B"], preset="gaby"),
    "double": lambda: make_config("double", ["A"], variant="critique"),
    "duel": lambda: make_config("duel", ["A", "B"]),
}


def random_state(family: str, seed: int):
    """A game of ``family`` after some random turns, with the current player's dice entered
    (both coups when the game has two)."""
    from yams_scorekeeper.engine.game import Game

    rng = random.Random(seed)
    game = Game(CONFIGS[family]())
    for _ in range(rng.randint(0, game.cells_per_sheet * len(game.sheets) - 1)):
        play_turn(game, rng)
        if all(len(s.marks) >= game.cells_per_sheet - 2 for s in game.sheets):
            break                   # a doblar writes two cells: keep a turn to play
    for _ in range(game.coups_allowed()):
        try:
            game.enter(random_dice(game, rng), rng.randint(1, 3))
        except Exception:
            break
    return game


families = st.sampled_from(sorted(CONFIGS))
seeds = st.integers(0, 10**6)


@settings(max_examples=60, deadline=None)
@given(families, seeds)
def test_every_handle_picks_the_cell_it_labels(family, seed):
    game = random_state(family, seed)
    cells = game.legal_cells()
    shown = handles(game, cells)
    assert list(shown.values()) == cells                   # every legal cell has one
    for handle, cell in shown.items():
        assert candidates(game, handle, cells, shown) == [cell]
        assert handle[0] not in COMMAND_LETTERS and "x" not in handle
        with pytest.raises(EntryError):                    # never a row name
            game.rules.row(handle)
        assert split_scratch(game, handle, shown) == (handle, False)
        assert split_scratch(game, handle + "x", shown) == (handle, True)


@settings(max_examples=60, deadline=None)
@given(families, seeds)
def test_a_row_name_means_every_legal_cell_of_that_row(family, seed):
    game = random_state(family, seed)
    cells = game.legal_cells()
    shown = handles(game, cells)
    for row in game.rows:
        want = [c for c in cells if c.row == row]
        for name in (row, game.rules.row(row).name, game.rules.row(row).name.upper()):
            assert candidates(game, name, cells, shown) == want, name


class FakeTerminal:
    lang = "en"

    def __init__(self, answers):
        self.answers = list(answers)
        self.said: list[str] = []

    def t(self, key, **values):
        from yams_scorekeeper.cli.messages import msg
        return msg(key, "en", **values)

    def ask(self, prompt, default=None, room=1):
        self.said.append(prompt)
        return self.answers.pop(0)

    def say(self, text, style=None, wrap=True):
        self.said.append(text)

    refuse = say

    def show(self, renderable):
        pass


class FakeSession:
    """Writes straight into the game (what the real session does before storing)."""

    def __init__(self, game):
        self.game = game

    def mark(self, *args, **kw):
        return self.game.mark(*args, **kw)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(families, seeds, st.booleans())
def test_a_token_that_could_mean_two_cells_asks_before_writing(family, seed, numbered):
    game = random_state(family, seed)
    cells = game.legal_cells()
    tokens = [r for r in game.rows] + [game.rules.row(r).name for r in game.rows]
    if numbered:
        tokens += [str(n) for n in range(1, len(cells) + 1)]
    for token in tokens:
        table = Table(FakeTerminal([""]), FakeSession(game), numbered=numbered)
        try:
            found = candidates(game, token, cells, handles(game, cells), numbered=numbered)
        except EntryError:
            continue
        if len(found) < 2:
            continue
        before = len(game.events)
        assert table.apply_choice(token, cells) == []      # Enter at the question: nothing
        assert len(game.events) == before
        assert any("could mean several cells" in line for line in table.term.said)


def test_list_mode_number_that_is_also_a_row_asks():
    """Duel, row 3 filled: with --list, '6' is both the sixth line of the list and the 6s."""
    from yams_scorekeeper.engine.game import Game

    game = Game(CONFIGS["duel"]())
    game.enter("33345", 1)
    game.mark(None, "3")
    game.enter("11111", 1)
    game.mark(None, "1")
    game.enter("66612", 1)
    cells = game.legal_cells()
    assert cells[5].row == "brelan"
    found = candidates(game, "6", cells, handles(game, cells), numbered=True)
    assert [c.row for c in found] == ["brelan", "6"]
    # without --list, 6 is the row of 6s and nothing else
    assert [c.row for c in candidates(game, "6", cells, handles(game, cells))] == ["6"]


@pytest.mark.parametrize("family,typed,row", [
    ("duel", "petite suite", "petite-suite"), ("duel", "PETITE-SUITE", "petite-suite"),
    ("duel", "ps", "petite-suite"), ("duel", "3 pareils", "brelan"), ("duel", "3pareils", "brelan"),
    ("gaby", "nénette", "nenette"), ("gaby", "NENETTE", "nenette"), ("classic", "carré", "carre"),
    ("double", "suite géante + carré", "geante-carre"), ("double", "yams de rené", "rene"),
    ("double", "dps", "double-petite-suite"), ("double", "Full suprême", "full-supreme")])
def test_printed_names_and_short_names_are_cell_names(family, typed, row):
    from yams_scorekeeper.rules import get_rules
    assert get_rules(family).row(typed).id == row


def test_row_names_never_collide():
    for cls in RULESETS:
        rules = cls()
        owners: dict[str, str] = {}
        for row in rules.rows:
            for name in rules.row_names(row.id):
                assert owners.setdefault(name, row.id) == row.id, (cls.family, name)
                assert rules.row(name).id == row.id



@settings(max_examples=30, deadline=None)
@given(families, seeds, seeds)
def test_a_cell_keeps_its_handle_from_turn_to_turn(family, seed, other):
    """Issue 34 item 1: two moments of a game of the same sheet give a cell one handle."""
    one, two = random_state(family, seed), random_state(family, other)
    first = {(c.column, c.row, c.coup): h for h, c in handles(one, one.legal_cells()).items()}
    later = {(c.column, c.row, c.coup): h for h, c in handles(two, two.legal_cells()).items()}
    assert all(first[cell] == later[cell] for cell in first.keys() & later.keys())


def test_no_handle_is_a_word_of_the_table():
    """Issue 34 item 1: ``t`` (the turns) and ``f`` (fix) were handles; every word the loop
    dispatches on, every answer and every mechanic's word is kept out of the pool."""
    from yams_scorekeeper.cli.choice import handle_pool, table_words
    from yams_scorekeeper.cli.terminal import COMMANDS
    from yams_scorekeeper.engine.game import Game
    from yams_scorekeeper.mechanics import TYPED_WORDS

    assert set(Table.ACTIONS) == set(COMMANDS)        # the loop runs every command it reserves
    assert {"t", "f", "turns", "fix", "why", "hint", "joker", "d"} <= table_words()
    assert set(TYPED_WORDS) <= table_words()
    game = Game(make_config("classic", ["Papa", "Léa"], columns=["libre", "annoncee"]))
    game.enter("66662", 2)
    shown = handles(game, game.legal_cells())
    assert len(shown) == len(game.legal_cells())
    for family in [*CONFIGS, "yatzy", "yahtzee"]:
        pool = handle_pool(Game(CONFIGS[family]() if family in CONFIGS
                                else make_config(family, ["A"])))
        assert not set(pool) & table_words(), family
        assert len(set(pool)) == len(pool)
