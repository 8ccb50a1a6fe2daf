"""Chances to win for one-column sheets: each player's final score law, everyone's chance to
finish first, and the play that maximises a player's chance (to win, or to reach a target).

Exact while every sheet has at most ``EXACT_OPEN`` rows open: the laws follow every roll of the
solver's expected-score play, and the player's best play is solved backwards over the sheets
its turns can reach, with the points in the state. With more rows open, an approximation: each
future is a normal law of the solver's exact mean and of a variance summed over the open rows
(each row's when a turn is spent on it alone), which underestimates it early in a game; the
advised choice is then the expected-score one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from .adviser import CellChoice, KeepChoice, Solved
from .dice_space import N_DICE, dice_space
from .solver import State, best_keep_values, keep_values
from .turns import Leaf, Turns

#: at most this many rows open on every sheet: the chances are exact
EXACT_OPEN = 3


@dataclass(frozen=True)
class Sheet:
    """A player's sheet: the scores written, the jokers left (Duel) and the points so far."""

    filled: Mapping[str, int]
    so_far: int
    jokers: int | None = None


@dataclass(frozen=True)
class Law:
    """The law of a final score: ``p[i]`` is the chance to finish on ``lo + i`` points."""

    lo: int
    p: np.ndarray
    exact: bool

    @property
    def mean(self) -> float:
        return float(np.dot(self.p, np.arange(self.lo, self.lo + len(self.p))))

    def pmf(self, grid: np.ndarray) -> np.ndarray:
        i = grid - self.lo
        inside = (i >= 0) & (i < len(self.p))
        return np.where(inside, self.p[np.clip(i, 0, len(self.p) - 1)], 0.0)

    def below(self, grid: np.ndarray) -> np.ndarray:
        """P(final < g) for each g of ``grid``."""
        cum = np.concatenate([[0.0], np.cumsum(self.p)])
        out: np.ndarray = cum[np.clip(grid - self.lo, 0, len(self.p))]
        return out


def win_share(others: Sequence[Law], grid: np.ndarray) -> np.ndarray:
    """A player's expected share of the win on each final score of ``grid`` against the
    others' laws (independent): 1 when all are below, 1/(k+1) when k tie with the player."""
    # E[prod_j (1{X_j < g} + t 1{X_j = g})] is a polynomial in t; its integral over [0, 1] is
    # the expected 1/(1 + number tied) when nobody is above
    poly = np.ones((1, len(grid)))
    for law in others:
        below, equal = law.below(grid), law.pmf(grid)
        grown = np.zeros((poly.shape[0] + 1, len(grid)))
        grown[:-1] += poly * below
        grown[1:] += poly * equal
        poly = grown
    out: np.ndarray = (poly / np.arange(1, poly.shape[0] + 1)[:, None]).sum(axis=0)
    return out


@dataclass(frozen=True)
class WinHint:
    """The choice that maximises the chance (to win, or to reach ``target``), beside the
    expected-score choice, with the chance each leads to (both then playing for the chance)."""

    method: str                         # "exact" or "approximation"
    chance_now: float                   # playing for the chance from here
    chance_average: float               # playing for the expected score from here
    target: int | None = None
    keep: KeepChoice | None = None
    cell: CellChoice | None = None
    chance: float | None = None         # of the choice above
    average_keep: KeepChoice | None = None
    average_cell: CellChoice | None = None
    average_chance: float | None = None

    @property
    def same(self) -> bool:
        """The expected-score choice is (as good as) the chance's."""
        return self.chance is not None and self.average_chance is not None and \
            self.average_chance >= self.chance - 1e-6

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "goal": "win" if self.target is None else "target", "target": self.target,
            "method": self.method, "exact": self.method == "exact",
            "chance": _round(self.chance_now),
            "chance_playing_average": _round(self.chance_average)}
        if self.keep is not None or self.cell is not None:
            best, avg = (self.keep, self.average_keep) if self.keep else (self.cell,
                                                                         self.average_cell)
            data["choice"] = {**best.to_json(), "chance": _round(self.chance)}  # type: ignore[union-attr]
            data["average_choice"] = {**avg.to_json(),  # type: ignore[union-attr]
                                      "chance": _round(self.average_chance)}
        return data


def _round(v: float | None) -> float | None:
    return None if v is None else round(float(v), 6)


@dataclass
class Chances:
    """Laws and chances for one solved rule set (memoised by the solver's state)."""

    solved: Solved
    turns: Turns = field(init=False)
    _futures: dict[State, np.ndarray] = field(init=False, default_factory=dict)
    _row_var: dict[str, float] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.turns = Turns(self.solved)

    # -- laws under expected-score play ---------------------------------------------------------

    def open_rows(self, sheet: Sheet) -> int:
        return self.solved.spec.n_rows - len(sheet.filled)

    def law(self, sheet: Sheet) -> Law:
        """The law of the sheet's final score when its player plays for the expected score."""
        if self.open_rows(sheet) <= EXACT_OPEN:
            return Law(sheet.so_far, self.future_law(sheet.filled, sheet.jokers), True)
        state = self.turns.state(sheet.filled, sheet.jokers)
        return Law(sheet.so_far, self._normal(self.solved.future(state),
                                              self.variance(sheet.filled),
                                              self.most_to_come(sheet.filled)), False)

    def future_law(self, filled: Mapping[str, int], jokers: int | None) -> np.ndarray:
        """Exact law of the points still to come (index: points) under expected-score play."""
        turns = self.turns
        if turns.is_full(filled):
            return np.ones(1)
        state = turns.state(filled, jokers)
        if state in self._futures:
            return self._futures[state]
        outcome, choice = turns.expected_moves(filled, jokers)
        mass: dict[int, float] = {}
        for o, (opt, _) in enumerate(choice):
            mass[id(opt)] = mass.get(id(opt), 0.0) + outcome[o]
        parts = []
        for opt, left in choice:
            if id(opt) in mass:
                parts.append((mass.pop(id(opt)), opt.gain, self.future_law(opt.filled, left)))
        out = np.zeros(max(g + len(sub) for _, g, sub in parts))
        for m, g, sub in parts:
            out[g:g + len(sub)] += m * sub
        self._futures[state] = out
        return out

    def most_to_come(self, filled: Mapping[str, int]) -> int:
        """More points than the open rows can still make (bonuses included)."""
        spec = self.solved.spec
        rows = [i for i, r in enumerate(spec.rows) if r not in filled]
        extra = spec.yahtzee.bonus * len(rows) if spec.yahtzee is not None else 0
        return int(spec.scores[rows].max(axis=1).sum() + max(spec.bonus, 0) + extra)

    def variance(self, filled: Mapping[str, int]) -> float:
        """The approximation's variance of the points to come: the open rows' variances."""
        if self._row_var is None:
            spec = self.solved.spec
            self._row_var = {}
            for row in spec.rows:
                alone = {r: 0 for r in spec.rows if r != row}
                law = self.future_law(alone, 0 if spec.jokers else None)
                points = np.arange(len(law))
                mean = float(np.dot(law, points))
                self._row_var[row] = float(np.dot(law, (points - mean) ** 2))
        return sum(v for r, v in self._row_var.items() if r not in filled)

    @staticmethod
    def _normal(mean: float, var: float, most: int) -> np.ndarray:
        points = np.arange(most + 1)
        if var <= 1e-9:
            out = np.zeros(most + 1)
            out[min(int(round(mean)), most)] = 1.0
            return out
        w = np.exp(-(points - mean) ** 2 / (2 * var))
        out_: np.ndarray = w / w.sum()
        return out_

    # -- everyone ------------------------------------------------------------------------------

    def everyone(self, sheets: Sequence[Sheet]) -> tuple[list[float], bool]:
        """Each player's chance to finish first (a tie shares it), everyone playing for the
        expected score; and whether the figures are exact."""
        laws = [self.law(s) for s in sheets]
        lo = min(law.lo for law in laws)
        hi = max(law.lo + len(law.p) for law in laws)
        grid = np.arange(lo, hi + 1)
        out = []
        for i, law in enumerate(laws):
            share = win_share(laws[:i] + laws[i + 1:], grid)
            out.append(float(np.dot(law.pmf(grid), share)))
        return out, all(law.exact for law in laws)

    # -- playing for the chance ----------------------------------------------------------------

    def hint(self, me: Sheet, others: Sequence[Sheet], *, target: int | None = None,
             dice: Sequence[int] | None = None, roll: int | None = None, max_rolls: int = 3,
             joker_used: bool = False) -> WinHint:
        """The keep (dice after roll ``roll`` < the last) or the cell (after the last roll)
        that maximises the chance to win against ``others`` (or to reach ``target``)."""
        laws = [self.law(s) for s in others]
        lo, hi = me.so_far, me.so_far + self.most_to_come(me.filled)
        grid = np.arange(lo, hi + 1)
        utility = (grid >= target).astype(float) if target is not None else win_share(laws, grid)
        exact = self.open_rows(me) <= EXACT_OPEN and all(law.exact for law in laws)
        leaf, width = (self._exact_leaf(utility, lo), len(grid)) if exact else \
            (self._normal_leaf(utility, lo, me.so_far), 1)
        jokers = me.jokers
        if joker_used and jokers:
            jokers -= 1
        after = self.turns.after_last_roll(me.filled, jokers, leaf, width,
                                           allow_joker=not joker_used)
        mine = self.law(me)
        base = WinHint("exact" if exact else "approximation",
                       float(self.turns.turn_value(after)[0]),
                       float(np.dot(mine.pmf(grid), utility)), target)
        if dice is None or self.turns.is_full(me.filled):
            return base
        # with more rows open the approximation's variance is too rough to steer by: the
        # choice is then the expected-score one, its chance approximated
        state = self.turns.state(me.filled, me.jokers)
        outcome = tuple(sorted(int(d) for d in dice))
        roll = max_rolls if roll is None else roll
        if roll < max_rolls and not joker_used:
            rolls_left = max_rolls - roll
            values = keep_values(after)
            for _ in range(rolls_left - 1):
                values = keep_values(best_keep_values(values))
            space = dice_space()
            ranked = sorted(((float(values[k, 0]), space.keeps[k])
                             for k in space.sub_keeps(outcome)),
                            key=lambda t: (-t[0], -len(t[1]), t[1]))
            by_keep = {k.keep: replace(k, expected=me.so_far + k.expected)
                       for k in self.solved.keep_choices(state, outcome, rolls_left)}
            first = next(iter(by_keep.values()))
            first_chance = float(values[space.index[first.keep], 0])
            chance, keep = ranked[0] if exact and ranked[0][0] > first_chance + 1e-9 else \
                (first_chance, first.keep)
            return replace(base, keep=by_keep[keep], chance=chance, average_keep=first,
                           average_chance=first_chance)
        if len(outcome) != N_DICE:
            raise ValueError("five dice")
        cell_state = replace(state, extra=jokers or 0) if self.solved.spec.jokers else state
        cells = self.solved.cell_choices(cell_state, outcome, allow_joker=not joker_used)
        scored = [(self._cell_chance(me, jokers, c, leaf), c) for c in cells]
        avg_chance, avg = scored[0]
        best_chance, best = max(scored, key=lambda t: t[0])
        if not exact or best_chance <= avg_chance + 1e-9:
            best_chance, best = scored[0]
        return replace(base, cell=replace(best, expected=me.so_far + best.expected),
                       chance=best_chance, average_cell=replace(avg, expected=me.so_far
                                                                + avg.expected),
                       average_chance=avg_chance)

    def _cell_chance(self, me: Sheet, jokers: int | None, cell: CellChoice, leaf: Leaf) -> float:
        after = {**me.filled, cell.row: cell.score}
        left = jokers - 1 if cell.joker is not None and jokers else jokers
        gain = self.solved.points_so_far(after) - self.solved.points_so_far(me.filled) + cell.bonus
        return float(leaf(after, left, gain)[0])

    def _exact_leaf(self, utility: np.ndarray, lo: int) -> Leaf:
        """The exact chance of each sheet a turn leaves, on every points total from ``lo``."""
        memo: dict[State, np.ndarray] = {}
        turns, width = self.turns, len(utility)

        def value(filled: Mapping[str, int], jokers: int | None) -> np.ndarray:
            if turns.is_full(filled):
                return utility
            state = turns.state(filled, jokers)
            if state not in memo:
                memo[state] = turns.turn_value(turns.after_last_roll(filled, jokers, leaf,
                                                                     width))
            return memo[state]

        def leaf(filled: Mapping[str, int], jokers: int | None, gain: int) -> np.ndarray:
            v = value(filled, jokers)
            return np.concatenate([v[gain:], np.full(min(gain, len(v)), v[-1])])[:width]

        return leaf

    def _normal_leaf(self, utility: np.ndarray, lo: int, so_far: int) -> Leaf:
        """The approximate chance of each sheet a turn leaves, from ``so_far`` points."""
        def leaf(filled: Mapping[str, int], jokers: int | None, gain: int) -> np.ndarray:
            state = self.turns.state(filled, jokers)
            start = so_far + gain - lo
            most = len(utility) - 1 - start
            law = self._normal(self.solved.future(state), self.variance(filled), max(most, 0))
            return np.array([float(np.dot(law, utility[start:start + len(law)]))])

        return leaf
