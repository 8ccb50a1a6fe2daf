"""A hint for one sheet: the expected final score, the keeps or the cells ranked (exact)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from .adviser import CellChoice, KeepChoice, Solved


@dataclass(frozen=True)
class Hint:
    """What ``yams hint`` says; every ``expected`` is a final score (points so far included)."""

    family: str
    method: str                      # "exact" (solver) or "heuristic"
    so_far: int
    expected: float
    open_rows: tuple[str, ...]
    jokers_left: int | None = None
    dice: tuple[int, ...] | None = None
    roll: int | None = None
    keeps: tuple[KeepChoice, ...] = ()
    cells: tuple[CellChoice, ...] = field(default=())

    def to_json(self) -> dict:
        data = {"family": self.family, "method": self.method, "expected": round(self.expected, 4),
                "so_far": self.so_far, "open": list(self.open_rows)}
        if self.jokers_left is not None:
            data["jokers_left"] = self.jokers_left
        if self.dice is not None:
            data.update(dice=list(self.dice), roll=self.roll)
            data["keeps" if self.keeps else "cells"] = [c.to_json() for c in
                                                        (self.keeps or self.cells)]
        return data


def sheet_hint(solved: Solved, filled: Mapping[str, int], *, so_far: int | None = None,
               jokers_left: int | None = None, dice: Sequence[int] | None = None,
               roll: int | None = None, max_rolls: int = 3, joker_used: bool = False,
               top: int = 3) -> Hint:
    """The hint for a sheet holding ``filled``: with ``dice`` kept after roll ``roll`` < the
    last, the best keeps; after the last roll (or for dice already entered), the best cells.
    ``joker_used``: this turn's joker is already spent (Duel, one a turn)."""
    spec = solved.spec
    state = solved.state(filled, jokers_left)
    so_far = solved.points_so_far(filled) if so_far is None else int(so_far)
    base = Hint(spec.family, "exact", so_far, so_far + solved.future(state),
                tuple(solved.open_rows(state)),
                (state.extra if spec.jokers else None))
    if dice is None or solved.is_full(state):
        return base
    dice = tuple(sorted(int(d) for d in dice))
    roll = max_rolls if roll is None else int(roll)
    if roll < max_rolls and not joker_used:
        keeps = solved.keep_choices(state, dice, max_rolls - roll)[:top]
        keeps = tuple(replace(k, expected=so_far + k.expected) for k in keeps)
        return replace(base, dice=dice, roll=roll, keeps=keeps)
    if joker_used and spec.jokers:
        state = replace(state, extra=max(state.extra - 1, 0))
    cells = solved.cell_choices(state, dice, allow_joker=not joker_used)[:top]
    cells = tuple(replace(c, expected=so_far + c.expected) for c in cells)
    return replace(base, dice=dice, roll=roll, cells=cells)
