"""A hint for one sheet: the expected final score, the keeps or the cells ranked (exact)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..mechanics import DIE_COUNTER
from .adviser import CellChoice, KeepChoice, Solved

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import Game
    from .heuristic import HeuristicAdviser, HeuristicCell


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

    def to_json(self) -> dict[str, Any]:
        data = {"family": self.family, "method": self.method, "expected": round(self.expected, 4),
                "so_far": self.so_far, "open": list(self.open_rows)}
        if self.jokers_left is not None:
            data[DIE_COUNTER] = self.jokers_left
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
        best_keeps = solved.keep_choices(state, dice, max_rolls - roll)[:top]
        keeps = tuple(replace(k, expected=so_far + k.expected) for k in best_keeps)
        return replace(base, dice=dice, roll=roll, keeps=keeps)
    if joker_used and spec.jokers:
        state = replace(state, extra=max(state.extra - 1, 0))
    best_cells = solved.cell_choices(state, dice, allow_joker=not joker_used)[:top]
    cells = tuple(replace(c, expected=so_far + c.expected) for c in best_cells)
    return replace(base, dice=dice, roll=roll, cells=cells)


# -- multi-column sheets: the heuristic adviser -------------------------------------------------

@dataclass(frozen=True)
class HeuristicHint:
    """What ``yams hint`` says for a multi-column sheet. Values are heuristic points for this
    turn (score written + bonus prospects - the cell's par), NOT expected final scores."""

    family: str
    label: str
    so_far: int
    open_cells: tuple[str, ...]
    dice: tuple[str, ...] | None = None
    roll: int | None = None
    keeps: tuple[Any, ...] = ()
    cells: tuple[Any, ...] = ()
    method: str = "heuristic"
    column_names: tuple[tuple[str, str], ...] = ()    # (id, name) of the game's columns
    coups: tuple[tuple[tuple[str, ...], int], ...] = ()   # the coups entered: (dice, roll)
    #: after a first coup that a second may follow: (the best cell's value written now, the
    #: expected value of playing the second coup, which keeps the first coup's cells)
    second_coup: tuple[float, float] | None = None

    @property
    def second_coup_worth_it(self) -> bool:
        """Whether the second coup is expected to bring more than writing now (by more than
        the rounding of the figures shown: a second coup that cannot do better is not)."""
        return self.second_coup is not None and self.second_coup[1] > self.second_coup[0] + 0.005

    def to_json(self) -> dict[str, Any]:
        data = {"family": self.family, "label": self.label, "method": self.method,
                "heuristic": True, "expected": None, "so_far": self.so_far,
                "open": list(self.open_cells),
                "note": "heuristic: values are points this turn against each cell's par, "
                        "not expected final scores"}
        if self.coups:
            data["coups"] = [{"dice": list(d), "roll": r} for d, r in self.coups]
        if self.second_coup is not None:
            now, then = self.second_coup
            data["second_coup"] = {"write_now": round(now, 4), "play_it": round(then, 4),
                                   "worth_it": self.second_coup_worth_it}
        if self.dice is not None:
            data.update(dice=list(self.dice), roll=self.roll)
            data["keeps" if self.keeps else "cells"] = [c.to_json() for c in
                                                        (self.keeps or self.cells)]
        return data


def game_heuristic_hint(game: Game, dice: Sequence[str] | None = None, roll: int | None = None,
                        top: int = 3) -> HeuristicHint:
    """The heuristic hint for the player to play in ``game`` (never changed): with ``dice``
    showing after ``roll`` before the last, the best keeps (or writing now); after the last
    roll, or with no dice but a coup entered, the best legal cells."""
    from ..engine.game import Game
    from .heuristic import HeuristicAdviser

    sheet = game.player
    cells = tuple(f"{c.id}.{r}" for c in game.columns for r in game.rows
                  if (c.id, r) not in sheet.marks)
    base = HeuristicHint(game.rules.family, game.config.label, game.totals(sheet).grand, cells,
                         column_names=tuple((c.id, c.name) for c in game.columns),
                         coups=tuple((tuple(str(d) for d in c.dice), c.roll) for c in game.coups))
    if game.finished:
        return base
    adviser = HeuristicAdviser(game)
    if dice is None:
        if not game.coups and not game.legal_cells():
            return base
        shown = tuple(str(d) for d in game.coups[-1].dice) if game.coups else ()
        choices = adviser.cell_choices()
        return replace(base, dice=shown, roll=game.coups[-1].roll if game.coups else 0,
                       cells=tuple(choices[:top]), second_coup=_second_coup(adviser, choices))
    rolled = tuple(sorted(game.rules.parse_dice([str(d) for d in dice])))
    shown = tuple(str(d) for d in rolled)
    last = adviser.horizon()
    roll = last if roll is None else int(roll)
    fallback = None
    if game.coups:
        first = adviser.cell_choices()
        fallback = first[0].value if first else None
    if roll < last:
        keeps = adviser.keep_choices(rolled, roll, fallback=fallback)[:top]
        return replace(base, dice=shown, roll=roll, keeps=tuple(keeps))
    copy = Game(game.config, game.events, id=game.id, created=game.created)
    copy.enter(rolled, roll)
    return replace(base, dice=shown, roll=roll,
                   cells=tuple(HeuristicAdviser(copy).cell_choices()[:top]))


def _second_coup(adviser: HeuristicAdviser,
                 choices: Sequence[HeuristicCell]) -> tuple[float, float] | None:
    """(value of writing the first coup's best cell now, expected value of playing the second
    coup first) when the player may still play a second coup of five dice; else None."""
    game = adviser.game
    if (not adviser.five or len(game.coups) != 1 or game.coups_allowed() < 2
            or game.max_roll() < 1):
        return None
    now = choices[0].value if choices else None
    then = adviser.plan(now).start
    return (now if now is not None else then, then)
