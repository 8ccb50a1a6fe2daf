"""Solitaire games played by the solver's own hints (to check its expectation by simulation)."""

from __future__ import annotations

import random

from .adviser import Solved
from .dice_space import N_DICE, dice_space
from .solver import best_keep_values, keep_values, last_roll_values


def play_solitaire(solved: Solved, rng: random.Random) -> int:
    """One sheet filled by following the hints: the best keep after rolls 1 and 2, then the
    best cell (and Duel joker). Returns the final score (bonuses included)."""
    spec, space = solved.spec, dice_space()
    filled: dict[str, int] = {}
    jokers = spec.jokers
    extra_bonus = 0
    for _ in range(spec.n_rows):
        state = solved.state(filled, jokers)
        m, u, x, col = solved._columns(state)
        last = last_roll_values(spec, solved.flat, m, u, x)
        before_last = keep_values(last)
        before_second = keep_values(best_keep_values(before_last))
        dice = tuple(sorted(_roll(rng, N_DICE)))
        for values in (before_second, before_last):
            keep = max(space.sub_keeps(dice), key=lambda k: values[k, col])
            dice = tuple(sorted(space.keeps[keep] + _roll(rng, N_DICE - len(space.keeps[keep]))))
        plain = solved._plain_choices(state, space.index[dice], None)
        best = max(plain, key=lambda c: c.expected)
        if jokers and last[space.index[dice], col] > best.expected + 1e-3:
            best = solved.cell_choices(state, dice)[0]
            jokers -= 1
        filled[best.row] = best.score
        extra_bonus += best.bonus
    return solved.points_so_far(filled) + extra_bonus


def _roll(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(n))
