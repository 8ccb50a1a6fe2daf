"""The exact solver: literature figures, a brute-force check on small sheets, the cache."""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial

import numpy as np
import pytest
from advice_specs import yahtzee_score, yahtzee_spec, yatzy_spec

from yams_scorekeeper.advice.adviser import Solved
from yams_scorekeeper.advice.solver import last_roll_values, solve
from yams_scorekeeper.advice.spec import OneColumnSpec, score_table, spec_for
from yams_scorekeeper.rules import get_rules
from yams_scorekeeper.store import paths

# -- the literature (test-only specs written from the rulings; the families' own specs are the
#    same: test_the_yatzy_and_yahtzee_families_are_the_specs_of_the_literature_figures) -----


#: Yahtzee with the Yahtzee bonus and the forced joker of ruling H4 (the joker must go to the
#: upper row of its value when that row is open): 254.5877287, found again to 1e-7 by an
#: independent solver.
FORCED_JOKER = 254.5877287
#: The same with a free-choice joker (Verhoeff's advisor): 254.5896, another game.
FREE_JOKER = 254.5896


def test_yahtzee_with_bonus_and_forced_joker_is_254_5877(solved):
    value = solved(yahtzee_spec(bonus=True)).future(_empty())
    assert value == pytest.approx(FORCED_JOKER, abs=1e-4)
    assert abs(value - FREE_JOKER) > 1e-3          # the free joker's value is not ours


def test_yahtzee_without_bonus_and_joker_is_glenns_245_87(solved):
    assert solved(yahtzee_spec(bonus=False)).future(_empty()) == pytest.approx(245.87, abs=0.01)


def test_scandinavian_yatzy_z1_z3_is_248_44(solved):
    assert solved(yatzy_spec()).future(_empty()) == pytest.approx(248.44, abs=0.01)


def _empty():
    from yams_scorekeeper.advice.solver import State
    return State(0, 0, 0)


# -- a brute force written from the rules, on sheets of two or three rows ------------------------

def _rolls(n):
    """Each sorted outcome of n dice with its probability (double precision: its error,
    about 1e-13 here, is far below the 1e-4 the solver is held to; exact fractions cost
    20 s of CPU for the same check)."""
    out = []
    for o in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for c in Counter(o).values():
            ways //= factorial(c)
        out.append((o, ways / 6 ** n))
    return out


ROLLS = {n: _rolls(n) for n in range(6)}


@functools.cache
def _subs(o):
    return {tuple(d for j, d in enumerate(o) if mask >> j & 1) for mask in range(32)}


def brute_force(rows, score, upper, threshold, bonus, jokers=0, plus_moins=None):
    """Expected final score of optimal play, by plain recursion over the rules' choices."""

    def choices(filled, joker_left, o):
        """(points now, next filled) for every legal cell, with a joker (U4) when one is left."""
        outs = [(o, joker_left)]
        if joker_left:
            for j in range(5):
                for v in range(1, 7):
                    if v != o[j]:
                        outs.append((tuple(sorted(o[:j] + (v,) + o[j + 1:])), joker_left - 1))
        for dice, left in outs:
            for r in rows:
                if r in dict(filled):
                    continue
                s = score(r, dice)
                cands = [s]
                if plus_moins and r in plus_moins:       # C3, and a scratch may free the other
                    other = plus_moins[1] if r == plus_moins[0] else plus_moins[0]
                    if other in dict(filled):
                        o_s = dict(filled)[other]
                        ok = s > o_s if r == plus_moins[0] else s < o_s
                        cands = [s if ok else 0]
                    else:
                        cands = [s, 0]
                for c in cands:
                    new = tuple(sorted(filled + ((r, c),)))
                    yield c, new, left

    @functools.cache
    def future(filled, joker_left):
        if len(filled) == len(rows):
            up = sum(s for r, s in filled if r in upper)
            return float(bonus) if up >= threshold else 0.0

        @functools.cache
        def last(o):
            return max(c + future(new, left) for c, new, left in choices(filled, joker_left, o))

        def stage(value):
            @functools.cache
            def keep(k):
                return sum(p * value(tuple(sorted(k + r))) for r, p in ROLLS[5 - len(k)])
            return lambda o: max(keep(k) for k in _subs(o))

        v1 = stage(stage(last))
        return sum(p * v1(o) for o, p in ROLLS[5])

    return future((), jokers)


def _tiny(rows, upper=("6",), threshold=12, bonus=20, **extra):
    spec = OneColumnSpec("test", rows, score_table(yahtzee_score, rows),
                         tuple(r in upper for r in rows), threshold, bonus, **extra)
    return spec


@pytest.mark.parametrize("rows", [("6", "yahtzee"), ("6", "chance")])
def test_solver_matches_brute_force(rows):
    spec = _tiny(rows, upper=("5", "6"))
    want = brute_force(rows, yahtzee_score, ("5", "6"), 12, 20)
    assert solve(spec)[0, 0, 0] == pytest.approx(float(want), abs=1e-4)


def test_solver_matches_brute_force_with_duel_jokers():
    rows = ("6", "yahtzee")
    spec = _tiny(rows, jokers=1)
    want = brute_force(rows, yahtzee_score, ("6",), 12, 20, jokers=1)
    table = solve(spec)
    assert table[0, 0, 1] == pytest.approx(float(want), abs=1e-4)
    assert table[0, 0, 1] > table[0, 0, 0] + 1       # a joker is worth something here


def test_solver_matches_brute_force_with_plus_moins():
    def score(row, o):      # few distinct plus/moins values keep the brute force quick
        return max(o) if row in ("plus", "moins") else yahtzee_score(row, o)
    rows = ("plus", "moins")
    spec = OneColumnSpec("test", rows, score_table(score, rows), (False, False), 0, 0,
                         plus_moins=(0, 1))
    want = brute_force(rows, score, (), 0, 0, plus_moins=("plus", "moins"))
    assert solve(spec)[0, 0, 0] == pytest.approx(float(want), abs=1e-4)


# -- the families on the table ---------------------------------------------------------------

def test_duel_and_classic_specs_follow_the_rulings():
    duel = spec_for(get_rules("duel"))
    assert duel.jokers == 3 and duel.threshold == 63 and duel.bonus == 35          # U3, U4
    assert spec_for(get_rules("duel", {"jokers_per_turn": 0})).jokers == 0
    classic = spec_for(get_rules("classic"))
    assert classic.plus_moins == (classic.row_index("plus"), classic.row_index("moins"))  # C3
    assert (classic.threshold, classic.bonus) == (60, 20)                          # C4
    assert spec_for(get_rules("duel", {"yam": 60})).key() != duel.key()


def test_cell_choices_agree_with_the_table(solved):
    """The best cell of every outcome is what the solver used for the table."""
    s = solved(yahtzee_spec(bonus=True))
    state = s.state({"yahtzee": 50, "5": 15, "chance": 20})
    m, u, x, col = s._columns(state)
    values = last_roll_values(s.spec, s.flat, m, u, x)[:, col]
    from yams_scorekeeper.advice.dice_space import dice_space
    for o, dice in enumerate(dice_space().outcomes):
        assert s.cell_choices(state, dice)[0].expected == pytest.approx(values[o], abs=1e-3)


def test_yahtzee_forced_joker_and_bonus(solved):
    """H5: 6 6 6 6 6 with yahtzee at 50 and row 6 filled: full-house 25 and +100."""
    s = solved(yahtzee_spec(bonus=True))
    state = s.state({"yahtzee": 50, "6": 18})
    rows = {c.row: c for c in s.cell_choices(state, [6] * 5)}
    assert rows["full-house"].score == 25 and rows["full-house"].bonus == 100
    assert "6" not in rows and "1" not in rows          # lower rows are open: no upper 0
    forced = s.cell_choices(s.state({"yahtzee": 0}), [4] * 5)
    assert [c.row for c in forced] == ["4"] and forced[0].bonus == 0


def test_cache_round_trip_and_bad_file(tmp_path):
    spec = _tiny(("6", "yahtzee"))
    first = Solved.for_spec(spec, str(tmp_path))
    assert first.built_seconds is not None and first.path
    again = Solved.for_spec(spec, str(tmp_path))
    assert again.built_seconds is None
    assert np.array_equal(np.asarray(again.table), first.table)
    with open(first.path, "wb") as handle:
        handle.write(b"not a table")
    rebuilt = Solved.for_spec(spec, str(tmp_path))
    assert rebuilt.built_seconds is not None
    assert np.array_equal(rebuilt.table, first.table)


def test_cache_folder_beside_an_explicit_store(tmp_path, monkeypatch):
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    assert paths.solver_cache(str(tmp_path / "club")) == str(tmp_path / "club") + "-cache"
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "c"))
    assert paths.solver_cache(str(tmp_path / "club")) == str(tmp_path / "c")


def test_the_yatzy_and_yahtzee_families_are_the_specs_of_the_literature_figures():
    """The figures above were reproduced with specs written from the rulings alone; the families'
    own rule sets must give the same solver input (same key), so the figures hold for them."""
    assert spec_for(get_rules("yahtzee")).key() == yahtzee_spec(bonus=True).key()           # H1-H4
    no_joker = get_rules("yahtzee", {"joker_rule": 0})
    assert spec_for(no_joker).key() == yahtzee_spec(bonus=False).key()
    assert spec_for(get_rules("yatzy")).key() == yatzy_spec().key()                  # Z1-Z3
