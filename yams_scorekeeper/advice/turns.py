"""One turn of a one-column sheet as a graph: the cells each outcome may go to, the next sheets,
and the law of the turn's outcome when the keeps follow a policy.

Points are carried outside the solver's state, so a value here is any function of the final
score (a chance to win, to reach a target), not only its expectation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

import numpy as np

from .adviser import Solved
from .dice_space import FACES, N_DICE, dice_space
from .solver import State, best_keep_values, distinct_scores, joker_rows, keep_values, place


@dataclass(frozen=True)
class Option:
    """Writing ``score`` in ``row`` for the outcomes ``outs``: the sheet it leaves, and the
    points it adds (the bonus it reaches and a Yahtzee +100 included)."""

    outs: np.ndarray
    filled: Mapping[str, int]
    gain: int
    row: str
    score: int
    bonus: int = 0


#: an option taken, and the jokers left after it
Move = tuple[Option, "int | None"]

#: value of a sheet left by a turn (cells, jokers left, points the turn added): one value per
#: points column
Leaf = Callable[[Mapping[str, int], "int | None", int], np.ndarray]


class Turns:
    """The turns of one solved rule set, memoised by the solver's state."""

    def __init__(self, solved: Solved) -> None:
        self.solved = solved
        self.spec = solved.spec
        self._options: dict[State, list[Option]] = {}

    def state(self, filled: Mapping[str, int], jokers: int | None) -> State:
        return self.solved.state(filled, jokers if self.spec.jokers else None)

    def is_full(self, filled: Mapping[str, int]) -> bool:
        return len(filled) == self.spec.n_rows

    def options(self, filled: Mapping[str, int], jokers: int | None) -> list[Option]:
        """Every cell the final dice may go to, grouped by the outcomes that score alike."""
        state = self.state(filled, jokers)
        if state not in self._options:
            self._options[state] = self._make_options(filled, state)
        return self._options[state]

    def _make_options(self, filled: Mapping[str, int], state: State) -> list[Option]:
        spec, space = self.spec, dice_space()
        base = self.solved.points_so_far(filled)
        out: list[Option] = []
        jokered = np.zeros(space.n_outcomes, dtype=bool)
        yz = spec.yahtzee
        if yz is not None and state.mask >> yz.row & 1:
            for face, o in space.yams.items():
                for i, sc in joker_rows(spec, state.mask, face).items():
                    out.append(self._option(filled, state, base, i, sc, np.array([o]),
                                            yz.bonus * state.extra))
                jokered[o] = True
        for i, (values, inverse) in enumerate(distinct_scores(spec)):
            if state.mask >> i & 1:
                continue
            for j, v in enumerate(values.tolist()):
                outs = np.flatnonzero((inverse == j) & ~jokered)
                if outs.size:
                    out.append(self._option(filled, state, base, i, int(v), outs))
            if spec.plus_moins and i in spec.plus_moins and 0 not in values:
                out.append(self._option(filled, state, base, i, 0, np.flatnonzero(~jokered)))
        return out

    def _option(self, filled: Mapping[str, int], state: State, base: int, i: int, score: int,
                outs: np.ndarray, bonus: int = 0) -> Option:
        one = [np.array([v], np.int64) for v in (state.mask, state.upper, state.extra)]
        written = int(np.asarray(place(self.spec, self.solved.flat, i, score, *one)[1])
                      .reshape(-1)[0])
        row = self.spec.rows[i]
        after = {**filled, row: written}
        return Option(outs, after, self.solved.points_so_far(after) - base + bonus, row,
                      written, bonus)

    # -- values ---------------------------------------------------------------------------------

    def after_last_roll(self, filled: Mapping[str, int], jokers: int | None, leaf: Leaf,
                        width: int, allow_joker: bool = True) -> np.ndarray:
        """(252, width): for each final outcome, the best option's value (Duel: or the best
        after turning one die with a joker, one joker fewer)."""
        space = dice_space()
        best = np.full((space.n_outcomes, width), -np.inf)
        for opt in self.options(filled, jokers):
            best[opt.outs] = np.maximum(best[opt.outs], leaf(opt.filled, jokers, opt.gain))
        if self.spec.jokers and jokers and allow_joker:
            fewer = self.after_last_roll(filled, jokers - 1, leaf, width, False)
            best = np.maximum(best, fewer[space.joker].max(axis=1))
        return best

    def turn_value(self, after: np.ndarray) -> np.ndarray:
        """(width,): the value at the turn's start of a last roll valued ``after``."""
        v2 = best_keep_values(keep_values(after))
        v1 = best_keep_values(keep_values(v2))
        out: np.ndarray = dice_space().p_roll @ v1
        return out

    # -- the expected-score policy ---------------------------------------------------------------

    def expected_moves(self, filled: Mapping[str, int], jokers: int | None
                       ) -> tuple[np.ndarray, list[Move]]:
        """The law of the final outcome (252,) when the keeps maximise the expected score, and
        for each outcome the option the solver takes (with the jokers left after it)."""
        space, solved = dice_space(), self.solved

        def expected(after: Mapping[str, int], left: int | None, gain: int) -> np.ndarray:
            return np.array([gain + solved.future(self.state(after, left))])

        value, choice = self._best_options(filled, jokers, expected)
        ek2 = keep_values(value[:, None].astype(np.float32))
        ek1 = keep_values(best_keep_values(ek2))
        law = space.p_roll.astype(float)
        for ek in (ek1, ek2):
            law = _reroll(law, ek[:, 0])
        return law, choice

    def _best_options(self, filled: Mapping[str, int], jokers: int | None, leaf: Leaf,
                      allow_joker: bool = True) -> tuple[np.ndarray, list[Move]]:
        space = dice_space()
        value = np.full(space.n_outcomes, -np.inf)
        choice: list[Move] = [None] * space.n_outcomes  # type: ignore[list-item]
        for opt in self.options(filled, jokers):
            v = float(leaf(opt.filled, jokers, opt.gain)[0])
            for o in opt.outs[value[opt.outs] < v - 1e-9].tolist():
                value[o], choice[o] = v, (opt, jokers)
        if self.spec.jokers and jokers and allow_joker:
            fewer, fchoice = self._best_options(filled, jokers - 1, leaf, False)
            for o in range(space.n_outcomes):
                others = space.joker[o]
                k = int(others[np.argmax(fewer[others])])
                if fewer[k] > value[o] + 1e-6:
                    value[o], choice[o] = fewer[k], fchoice[k]
        return value, choice


@lru_cache(maxsize=1)
def _transitions() -> tuple[np.ndarray, np.ndarray]:
    """(462, 252): the law of the outcome after holding each keep and rolling the others, and
    (252, 32): each outcome's sub-keeps (padded with repeats)."""
    space = dice_space()
    move = np.zeros((len(space.keeps), space.n_outcomes))
    for k, keep in enumerate(space.keeps):
        n = N_DICE - len(keep)
        if n == 0:
            move[k, k] = 1.0
            continue
        for rolled in product(FACES, repeat=n):
            move[k, space.index[tuple(sorted(keep + rolled))]] += 6.0 ** -n
    subs = [space.sub_keeps(o) for o in space.outcomes]
    sub = np.array([(s + [s[0]] * (1 << N_DICE))[:1 << N_DICE] for s in subs])
    return move, sub


def _reroll(law: np.ndarray, keep_value: np.ndarray) -> np.ndarray:
    """The law of the outcome after one reroll, each outcome holding its best keep."""
    move, sub = _transitions()
    held = sub[np.arange(sub.shape[0]), np.argmax(keep_value[sub], axis=1)]
    mass = np.bincount(held, weights=law, minlength=move.shape[0])
    out: np.ndarray = mass @ move
    return out
