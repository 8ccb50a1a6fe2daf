"""Hints from a solved table: the keeps and the cells ranked by expected final score.

:class:`Solved` joins a :class:`~.spec.OneColumnSpec` and its table (solved once, then read
from the cache). Every answer is exact for solitaire play: it maximises the expected final
score of the player's own sheet, whatever the others do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..i18n import Message
from ..mechanics import DIE_ENTRY
from . import cache
from .dice_space import N_DICE, dice_space
from .solver import (
    State,
    best_keep_values,
    follows_the_rules,
    joker_rows,
    keep_values,
    last_roll_values,
    place,
    solve,
)
from .spec import OneColumnSpec


@dataclass(frozen=True)
class KeepChoice:
    """Dice to hold before the next roll, and the expected final score when holding them."""

    keep: tuple[int, ...]
    expected: float
    loss: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"keep": list(self.keep), "expected": round(self.expected, 4),
                "loss": round(self.loss, 4)}


@dataclass(frozen=True)
class CellChoice:
    """A row to write with the dice (after a joker, when one is used) and what it leads to."""

    row: str
    score: int
    expected: float
    loss: float = 0.0
    joker: tuple[int, int] | None = None     # Duel U4: a die FROM becomes TO
    bonus: int = 0                            # Yahtzee H4: the +100 of a further yahtzee

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "score": self.score, "expected": round(self.expected, 4),
                "loss": round(self.loss, 4), DIE_ENTRY: list(self.joker) if self.joker else None,
                "bonus": self.bonus}


@dataclass
class Solved:
    """A spec and its table ``E[mask, upper, extra]`` of expected points still to come."""

    spec: OneColumnSpec
    table: np.ndarray
    built_seconds: float | None = None          # None: read from the cache
    path: str | None = None
    flat: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.flat = self.table.reshape(-1)

    @classmethod
    def for_spec(cls, spec: OneColumnSpec, folder: str,
                 on_solve: Callable[[Message | None], None] | None = None,
                 progress: Callable[[int], AbstractContextManager[Callable[[float], None]]]
                 | None = None) -> Solved:
        """The table of ``spec`` from the cache ``folder``, verified
        (:func:`~yams_scorekeeper.advice.cache.read_table`, then a sample of its states
        against the rules: :func:`~.solver.follows_the_rules`), else solved and kept there;
        ``on_solve(problem)`` hears before a solve why the cached table was refused
        (``None``: there was none); a solve runs inside ``progress(total)``, told each step."""
        key = spec.key()
        shape = (1 << spec.n_rows, spec.cap + 1, spec.n_extra)
        found = cache.read_table(folder, key, shape, spec.most_points())
        if found.table is not None and not follows_the_rules(spec, found.table):
            found = cache.refused(cache.table_path(folder, key), "cli.advice.table_rules")
        if found.table is not None:
            return cls(spec, found.table, None, cache.table_path(folder, key))
        if on_solve is not None:
            on_solve(found.problem)
        start = time.perf_counter()
        if progress is None:
            table = solve(spec)
        else:
            with progress(1 << spec.n_rows) as step:
                table = solve(spec, step)
        took = time.perf_counter() - start
        return cls(spec, table, took, cache.save_table(folder, key, table))

    # -- states --------------------------------------------------------------------------------

    def state(self, filled: Mapping[str, int], jokers_left: int | None = None) -> State:
        """The solver's state of a sheet whose filled rows hold ``filled`` scores."""
        spec = self.spec
        mask = 0
        upper = 0
        for row, score in filled.items():
            i = spec.row_index(row)
            mask |= 1 << i
            if spec.upper[i]:
                upper += int(score)
        extra = 0
        if spec.jokers:
            extra = spec.jokers if jokers_left is None else max(0, min(int(jokers_left),
                                                                      spec.jokers))
        elif spec.yahtzee is not None:
            extra = int(filled.get(spec.rows[spec.yahtzee.row], 0) > 0)
        elif spec.plus_moins is not None:
            p, q = (spec.rows[i] for i in spec.plus_moins)
            if (p in filled) != (q in filled):
                extra = max(0, min(int(filled.get(p, filled.get(q, 0))), spec.n_extra - 1))
        return State(mask, min(max(upper, 0), spec.cap), extra)

    def points_so_far(self, filled: Mapping[str, int]) -> int:
        """The sheet's points: the scores written, plus the bonus once the upper rows reach
        it (a Yahtzee bonus already won is not known from the cells alone)."""
        spec = self.spec
        upper = sum(int(s) for r, s in filled.items() if spec.upper[spec.row_index(r)])
        reached = spec.threshold > 0 and upper >= spec.threshold
        return sum(int(s) for s in filled.values()) + (spec.bonus if reached else 0)

    def future(self, state: State) -> float:
        """Expected points still to come from ``state`` with optimal play."""
        spec = self.spec
        return float(self.flat[(state.mask * (spec.cap + 1) + state.upper) * spec.n_extra
                               + state.extra])

    def is_full(self, state: State) -> bool:
        return state.mask == (1 << self.spec.n_rows) - 1

    def open_rows(self, state: State) -> list[str]:
        return [r for i, r in enumerate(self.spec.rows) if not state.mask >> i & 1]

    def _columns(self, state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """Arrays for one state (with every fewer-jokers state before it, which the Duel
        joker needs), and the column of ``state``."""
        n = state.extra + 1 if self.spec.jokers else 1
        x = np.arange(n) if self.spec.jokers else np.array([state.extra])
        return (np.full(n, state.mask, np.int64), np.full(n, state.upper, np.int64),
                x.astype(np.int64), n - 1)

    # -- advice --------------------------------------------------------------------------------

    def keep_choices(self, state: State, dice: Sequence[int], rolls_left: int) -> list[KeepChoice]:
        """Every way to hold some of ``dice`` before the next roll (``rolls_left`` 1 or 2),
        best first, with the expected points still to come (this turn included)."""
        space = dice_space()
        m, u, x, col = self._columns(state)
        values = keep_values(last_roll_values(self.spec, self.flat, m, u, x))
        for _ in range(rolls_left - 1):
            values = keep_values(best_keep_values(values))
        outcome = tuple(sorted(int(d) for d in dice))
        keeps = [(float(values[k, col]), space.keeps[k]) for k in space.sub_keeps(outcome)]
        keeps.sort(key=lambda t: (-t[0], -len(t[1]), t[1]))
        top = keeps[0][0]
        return [KeepChoice(k, v, top - v) for v, k in keeps]

    def cell_choices(self, state: State, dice: Sequence[int],
                     allow_joker: bool = True) -> list[CellChoice]:
        """Every row the final ``dice`` may go to (with a Duel joker when one is left), best
        first, with the points still to come (this cell included)."""
        space = dice_space()
        outcome = tuple(sorted(int(d) for d in dice))
        if len(outcome) != N_DICE:
            raise ValueError("five dice")
        out = self._plain_choices(state, space.index[outcome], None)
        if self.spec.jokers and state.extra >= 1 and allow_joker:
            fewer = State(state.mask, state.upper, state.extra - 1)
            for o2 in sorted(set(space.joker[space.index[outcome]].tolist())):
                other = space.outcomes[o2]
                if other == outcome:
                    continue
                out += self._plain_choices(fewer, o2, _joker_of(outcome, other))
        out.sort(key=lambda c: (-c.expected, c.joker is not None, self.spec.row_index(c.row)))
        seen, unique = set(), []
        for c in out:
            if (c.row, c.score, c.joker is None) not in seen:
                seen.add((c.row, c.score, c.joker is None))
                unique.append(c)
        top = unique[0].expected
        return [CellChoice(c.row, c.score, c.expected, top - c.expected, c.joker, c.bonus)
                for c in unique]

    def _plain_choices(self, state: State, o: int,
                       joker: tuple[int, int] | None) -> list[CellChoice]:
        spec = self.spec
        m = np.array([state.mask], np.int64)
        u = np.array([state.upper], np.int64)
        x = np.array([state.extra], np.int64)
        bonus = 0
        options: list[tuple[int, int]] = []
        face = dice_space().outcomes[o][0]
        yz = spec.yahtzee
        if (yz is not None and state.mask >> yz.row & 1
                and o == dice_space().yams.get(face)):
            options = list(joker_rows(spec, state.mask, face).items())
            bonus = yz.bonus * state.extra
        else:
            for i in range(spec.n_rows):
                if not state.mask >> i & 1:
                    options.append((i, int(spec.scores[i, o])))
                    if spec.plus_moins and i in spec.plus_moins:
                        options.append((i, 0))
        out = []
        for i, score in options:
            value, written = place(spec, self.flat, i, score, m, u, x)
            out.append(CellChoice(spec.rows[i], int(np.asarray(written).reshape(-1)[0]) + 0,
                                  float(value[0]) + bonus, 0.0, joker, bonus))
        return out


def _joker_of(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, int]:
    """(FROM, TO): the one die that differs between two sorted outcomes."""
    a, b = list(before), list(after)
    for v in set(b):
        while v in a and v in b:
            a.remove(v)
            b.remove(v)
    return a[0], b[0]
