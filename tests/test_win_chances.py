"""Chances to win (advice/chances.py): the exact endgame against a brute force written from the
rules, the laws against the solver's expectation, and the advised play against simulated games."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

import numpy as np
import pytest

from yams_scorekeeper.advice.chances import Chances, Sheet
from yams_scorekeeper.advice.spec import spec_for
from yams_scorekeeper.base.dice import Die
from yams_scorekeeper.rules import get_rules

EXACT_FAMILIES = ("yatzy", "yahtzee", "duel", "classic")


@cache
def _rolls(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=n))
    return tuple((r, c / 6 ** n) for r, c in counts.items())


def brute_chance(rules, filled: dict[str, int], utility, lo: int, most: int) -> np.ndarray:
    """The best chance (utility of the final score) on every total from ``lo`` on, by
    expectimax over every roll and every keep, scores and bonus from the rules alone."""
    rows = [r.id for r in rules.rows if not r.optional]
    threshold, bonus = rules.settings["bonus_threshold"], rules.settings["bonus"]
    grid = np.arange(lo, lo + most + 1)

    def upper(cells):
        return sum(s for r, s in cells.items() if r.isdigit())

    @cache
    def value(cells_items: frozenset) -> np.ndarray:
        cells = dict(cells_items)
        if len(cells) == len(rows):
            return np.array([utility(p) for p in grid], dtype=float)

        def after(dice):
            best = np.full(len(grid), -np.inf)
            for row in (r for r in rows if r not in cells):
                score = rules.score_row(row, tuple(Die(d) for d in dice), 3).score
                nxt = {**cells, row: score}
                gain = score + (bonus if upper(cells) < threshold <= upper(nxt) else 0)
                v = value(frozenset(nxt.items()))
                best = np.maximum(best, np.concatenate([v[gain:], np.full(gain, v[-1])]))
            return best

        @cache
        def best(dice, left):
            if left == 0:
                return after(dice)
            keeps = {tuple(sorted(c)) for k in range(6) for c in combinations(dice, k)}
            return np.maximum.reduce([keep(k, left) for k in keeps])

        @cache
        def keep(held, left):
            return sum(p * best(tuple(sorted(held + r)), left - 1)
                       for r, p in _rolls(5 - len(held)))

        return sum(p * best(r, 2) for r, p in _rolls(5))

    return value(frozenset(filled.items()))


def _sheet(solved, filled, jokers=None):
    return Sheet(filled, solved.points_so_far(filled), jokers)


@pytest.mark.parametrize("open_rows", [("6", "full-house"), ("chance",), ("yatzy", "1")])
def test_exact_win_chance_is_the_brute_force_one(solved, open_rows):
    rules = get_rules("yatzy")
    s = solved(spec_for(rules))
    filled = {r: (3 * int(r) if r.isdigit() else 10) for r in s.spec.rows if r not in open_rows}
    me = _sheet(s, filled)
    for opponent in (me.so_far + 20, me.so_far + 45):
        law_sheet = Sheet({r: 0 for r in s.spec.rows}, opponent)
        chances = Chances(s)
        hint = chances.hint(me, [law_sheet])
        assert hint.method == "exact"
        brute = brute_chance(rules, filled, lambda p, o=opponent: 1.0 if p > o else
                             0.5 if p == o else 0.0, me.so_far, 120)
        assert hint.chance_now == pytest.approx(brute[0], abs=2e-5)
        target = chances.hint(me, [], target=opponent + 1)
        assert target.chance_now == pytest.approx(
            brute_chance(rules, filled, lambda p, o=opponent: float(p > o), me.so_far, 120)[0],
            abs=2e-5)
        # playing to win never does worse than playing for the average
        assert hint.chance_now >= hint.chance_average - 1e-6


@pytest.mark.parametrize("family", EXACT_FAMILIES)
def test_exact_laws_sum_to_one_and_keep_the_solver_mean(solved, family):
    s = solved(spec_for(get_rules(family)))
    chances = Chances(s)
    rows = s.spec.rows
    jokers = 1 if s.spec.jokers else None
    for open_rows in (rows[-1:], rows[4:6], (rows[0], rows[7], rows[-2])):
        filled = {r: (2 * int(r) if r.isdigit() else 0) for r in rows if r not in open_rows}
        law = chances.law(_sheet(s, filled, jokers))
        assert law.exact
        assert law.p.sum() == pytest.approx(1.0, abs=1e-9)
        expected = s.points_so_far(filled) + s.future(s.state(filled, jokers))
        assert law.mean == pytest.approx(expected, abs=1e-3)


@pytest.mark.parametrize("family", EXACT_FAMILIES)
def test_advised_play_wins_as_often_as_it_says(solved, family):
    """Games of the last turn played by the win hint against a fixed score: the share won lies
    within three standard errors of the chance the hint announced."""
    s = solved(spec_for(get_rules(family)))
    chances = Chances(s)
    rows = s.spec.rows
    filled = {r: (3 * int(r) if r.isdigit() else 5) for r in rows[:-1]}
    jokers = 1 if s.spec.jokers else None
    me = _sheet(s, filled, jokers)
    rival = Sheet({r: 0 for r in rows}, me.so_far + 22)
    said = chances.hint(me, [rival]).chance_now
    rng, won, games = random.Random(7), 0.0, 150
    for _ in range(games):
        dice = sorted(rng.randint(1, 6) for _ in range(5))
        for roll in (1, 2):
            keep = chances.hint(me, [rival], dice=dice, roll=roll).keep
            dice = sorted(list(keep.keep) + [rng.randint(1, 6) for _ in range(5 - len(keep.keep))])
        cell = chances.hint(me, [rival], dice=dice, roll=3).cell
        after = {**filled, cell.row: cell.score}
        final = s.points_so_far(after) + cell.bonus
        won += 1.0 if final > rival.so_far else 0.5 if final == rival.so_far else 0.0
    error = (said * (1 - said) / games) ** 0.5
    assert abs(won / games - said) <= 3 * error + 1e-9


def test_everyone_shares_the_win():
    from yams_scorekeeper.advice.chances import Law, win_share

    grid = np.arange(0, 4)
    a = Law(1, np.array([0.5, 0.5]), True)          # 1 or 2
    b = Law(2, np.array([1.0]), True)               # 2
    share = win_share([a, b], grid)
    # on 2 points: b ties surely, a ties half the time (3 ways: 1/3) or is below (1/2)
    assert share.tolist() == pytest.approx([0.0, 0.0, 0.5 * 1 / 2 + 0.5 * 1 / 3, 1.0])
