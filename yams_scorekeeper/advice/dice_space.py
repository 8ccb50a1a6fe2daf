"""The five-dice space the solver works in: the 252 sorted outcomes and the 462 keeps.

A *keep* is the multiset of dice a player holds before rolling the others (0 to 5 dice);
keeps are numbered by size, 5 dice first, so keeps ``0..251`` are the outcomes themselves.
Everything here is a constant table built once (a few milliseconds).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

import numpy as np

FACES = range(1, 7)
N_DICE = 5


class DiceSpace:
    """Outcomes, keeps and the index tables that link them."""

    def __init__(self) -> None:
        self.keeps: list[tuple[int, ...]] = []
        none = np.empty(0, dtype=np.intp)                          # a place not yet filled
        self.level: list[np.ndarray] = [none] * (N_DICE + 1)       # keep indices of each size
        for size in range(N_DICE, -1, -1):
            start = len(self.keeps)
            self.keeps.extend(combinations_with_replacement(FACES, size))
            self.level[size] = np.arange(start, len(self.keeps))
        self.index = {k: i for i, k in enumerate(self.keeps)}
        self.outcomes = self.keeps[:len(self.level[N_DICE])]
        self.n_outcomes = len(self.outcomes)                       # 252
        #: child[size][i, d]: the keep of size+1 made by adding face d+1 to keep level[size][i]
        self.child: list[np.ndarray] = [none] * N_DICE
        for size in range(N_DICE):
            self.child[size] = np.array(
                [[self.index[tuple(sorted(self.keeps[k] + (d,)))] for d in FACES]
                 for k in self.level[size]], dtype=np.intp)
        #: parent[size][i, :]: the keeps of size-1 made by taking one die out (padded)
        self.parent: list[np.ndarray] = [none] * (N_DICE + 1)       # [0]: none (no die out)
        for size in range(1, N_DICE + 1):
            rows = []
            for k in self.level[size]:
                dice = self.keeps[k]
                subs = sorted({self.index[dice[:j] + dice[j + 1:]] for j in range(size)})
                rows.append(subs + [subs[0]] * (N_DICE - len(subs)))
            self.parent[size] = np.array(rows, dtype=np.intp)
        #: probability of each outcome of a fresh roll of five dice
        self.p_roll = np.array([_multinomial(o) for o in self.outcomes]) / 6 ** N_DICE
        #: joker[o, :]: the outcomes made by turning one die of o into another face (padded with o)
        rows = []
        for o in self.outcomes:
            made = {self.index[tuple(sorted(o[:j] + (v,) + o[j + 1:]))]
                    for j in range(N_DICE) for v in FACES if v != o[j]}
            rows.append(sorted(made))
        width = max(len(r) for r in rows)
        self.joker = np.array([r + [i] * (width - len(r)) for i, r in enumerate(rows)],
                              dtype=np.intp)
        self.yams = {v: self.index[(v,) * N_DICE] for v in FACES}

    def sub_keeps(self, outcome: tuple[int, ...]) -> list[int]:
        """Every keep (by index) that can be held out of ``outcome``, without repeats."""
        out = set()
        for mask in range(1 << N_DICE):
            out.add(self.index[tuple(d for j, d in enumerate(outcome) if mask >> j & 1)])
        return sorted(out)


def _multinomial(outcome: tuple[int, ...]) -> int:
    n = factorial(len(outcome))
    for v in set(outcome):
        n //= factorial(outcome.count(v))
    return n


@lru_cache(maxsize=1)
def dice_space() -> DiceSpace:
    """The shared tables (built on first use)."""
    return DiceSpace()
