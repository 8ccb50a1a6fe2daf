"""The heuristic adviser for multi-column sheets (Yam classique with ordered columns, Yams Gaby,
Double Yams): good play, NOT proven optimal, and labelled "heuristic" wherever it speaks.

Their state spaces are far too large for the exact solver, so a choice is valued for the turn
being played only:

    value(write v in cell C) = what the sheet total gains (the rule set's own totals: column
    factor, max/min, bonus) + the change in the expected upper bonus - par(C)

``par(C)`` is the cell's opportunity cost: the expected score of that row when a whole turn is
spent on it alone, with the column's roll limit (sec: one roll), times the column factor. For
five dice it is computed exactly from the rule set's scores (a one-row dynamic programme over
the 462 keeps); Double Yams has no par (0), its cells are valued by what they add. The upper
bonus counts as its probability of being reached (a normal approximation over the open upper
rows, each with its dedicated mean and variance).

Keeps: with five dice, a one-turn lookahead that is exact over this turn's rerolls: every
outcome of every later roll is valued by its best cell (or, at the last roll allowed, only its
best cell), keeps by the mean over the dice rolled, with the solver's keep tables. With ten
tagged dice (Double Yams) the keeps are a handful of candidates per figure (each value's dice,
pairs and triples of values, one or two dice of each value for the runs, nothing) valued by a
few sampled rerolls (the same samples for every candidate), looking one roll ahead.

Legality comes from the game only: the cells considered are ``Game.next_cells`` and the rule
set's hooks (roll limits, chance cells, zero-only scores); a cell is proposed only when
``Game.legal_cells`` lists it, and a doblar only after the game accepted it on a copy.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.dice import Dice, Die
from ..base.errors import YamsError
from ..base.totals import UPPER, sheet_totals
from ..engine.game import Game, Mark
from ..i18n import Joined
from ..mechanics import PAIR
from .dice_space import N_DICE, dice_space
from .solver import best_keep_values, keep_values

if TYPE_CHECKING:  # pragma: no cover
    from ..base.columns import Column
    from ..base.sheet import Sheet
    from ..rules import RuleSet

#: value kept back for a doblar not used now (points against par): one is used only on a pair
#: whose second cell beats its par by more than this
DOBLAR_RESERVE = 8.0
#: rerolls sampled per candidate keep with ten dice, and candidates at most
SAMPLES = 4
MAX_CANDIDATES = 10
#: first rolls sampled to estimate a Double Yams turn's value (``yams review``'s luck), few
#: enough for a whole game's review to stay short (docs/benchmarks.md)
TURN_SAMPLES = 8
#: most ten-dice hands whose figures an adviser keeps (few come back: a review's memory)
MOST_HANDS = 4096
NEG = -1e6
#: the explanation of a mark made up only to be valued (never shown)
_UNSAID = Joined("", ())

#: a cell the player may still fill: (column, row)
OpenCell = tuple["Column", str]
#: a column's filled cells, as the memos key them: its id, then (row, score, ones) of each
ColumnKey = tuple[str | tuple[str, int, int], ...]


@dataclass(frozen=True)
class HeuristicKeep:
    """Dice to hold before the next roll (``stop``: write now instead), and the heuristic value
    of the turn (points against par) when doing so."""

    keep: tuple[str, ...]
    value: float
    loss: float = 0.0
    stop: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"keep": list(self.keep), "stop": self.stop, "value": round(self.value, 4),
                "loss": round(self.loss, 4)}


@dataclass(frozen=True)
class HeuristicCell:
    """A legal cell to write (with a doblar's second cell from the other coup), and its value."""

    column: str
    row: str
    coup: int
    score: int
    value: float
    loss: float = 0.0
    second: tuple[str, str, int, int] | None = None     # doblar: (column, row, coup, score)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "column": self.column, "row": self.row, "coup": self.coup, "score": self.score,
            "value": round(self.value, 4), "loss": round(self.loss, 4), PAIR: None}
        if self.second is not None:
            c, r, k, s = self.second
            data[PAIR] = {"column": c, "row": r, "coup": k, "score": s}
        return data


# -- five dice: score tables and pars, once per rule set -------------------------------------

class FiveDiceTables:
    """Scores of every row for the 252 outcomes at each roll, and each row's dedicated mean and
    variance (a whole turn spent on it, ``rolls`` rolls)."""

    def __init__(self, rules: RuleSet, horizon: int):
        space = dice_space()
        self.horizon = horizon
        self.rows = tuple(r.id for r in rules.rows)
        dice = [tuple(Die(v) for v in o) for o in space.outcomes]
        self.scores: dict[tuple[int, str], np.ndarray] = {}
        self.distinct: dict[tuple[int, str], tuple[np.ndarray, np.ndarray]] = {}
        for k in range(1, horizon + 1):
            for row in self.rows:
                s = np.array([rules.score_row(row, d, k).score for d in dice], dtype=np.int64)
                self.scores[k, row] = s
                self.distinct[k, row] = np.unique(s, return_inverse=True)
        self._stats: dict[tuple[str, int], tuple[float, float]] = {}
        for row in self.rows:                 # every roll limit a column may have
            for rolls in range(1, horizon + 1):
                self.dedicated(row, rolls)

    def dedicated(self, row: str, rolls: int) -> tuple[float, float]:
        """(mean, variance) of the row's score when every keep maximises its mean."""
        key = (row, rolls)
        if key not in self._stats:
            space = dice_space()
            s = self.scores[min(rolls, self.horizon), row].astype(np.float64)
            v, q = s.copy(), s * s
            for _ in range(rolls - 1):
                ev = keep_values(v[:, None].astype(np.float32))[:, 0].astype(np.float64)
                eq = keep_values(q[:, None].astype(np.float32))[:, 0].astype(np.float64)
                best = np.array([subs[np.argmax(ev[subs])] for subs in _sub_keeps()])
                v, q = ev[best], eq[best]
            p = space.p_roll
            mean = float(p @ v)
            self._stats[key] = (mean, max(float(p @ q) - mean * mean, 0.0))
        return self._stats[key]


@lru_cache(maxsize=1)
def _sub_keeps() -> tuple[np.ndarray, ...]:
    space = dice_space()
    return tuple(np.array(space.sub_keeps(o)) for o in space.outcomes)


_TABLES: dict[str, FiveDiceTables] = {}


def five_dice_tables(rules: RuleSet, horizon: int) -> FiveDiceTables:
    import json

    key = json.dumps([type(rules).__name__, rules.settings, horizon], sort_keys=True, default=str)
    if key not in _TABLES:
        _TABLES[key] = FiveDiceTables(rules, horizon)
    return _TABLES[key]


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


# -- the adviser ---------------------------------------------------------------------------------

@dataclass
class _Plan:
    """One coup's lookahead (five dice): ``stop[k]`` the value of writing after roll k, and
    ``keep[k]`` the value of each keep before roll k + 1."""

    stop: dict[int, np.ndarray]
    keep: dict[int, np.ndarray] = field(default_factory=dict)
    start: float = 0.0


@dataclass
class _Fresh:
    """What is memoised while no cell is written: the stop values by roll, the column keys
    by column id."""

    stops: dict[int, np.ndarray] = field(default_factory=dict)
    columns: dict[str, ColumnKey] = field(default_factory=dict)


class HeuristicAdviser:
    """Advice for the player to play in ``game`` (the game is only read, never changed, except
    by :meth:`play_turn`, which plays the turn)."""

    def __init__(self, game: Game):
        self.game = game
        self.rules = game.rules
        s = self.rules.settings
        self.five = self.rules.dice_count == N_DICE and not self.rules.tagged
        self.bonus = (int(s["bonus_threshold"]), int(s["bonus"])) if (
            "bonus_threshold" in s and "bonus" in s) else None
        self.tables = five_dice_tables(self.rules, self.rules.max_rolls) if self.five else None
        # column totals and gains, by column state
        self._totals: dict[tuple[object, ...], float] = {}
        self._figures: dict[tuple[tuple[str, ...], int], dict[str, int]] = {}
        self._stamp: tuple[int, int] | None = None
        self._memo = _Fresh()

    def _fresh(self) -> _Fresh:
        """Values memoised while no cell is written (the sheets are the state they read)."""
        stamp = (self.game.current, sum(len(s.marks) for s in self.game.sheets))
        if stamp != self._stamp:
            self._stamp, self._memo = stamp, _Fresh()
        return self._memo

    # -- values --------------------------------------------------------------------------------

    @property
    def sheet(self) -> Sheet:
        return self.game.player

    def horizon(self) -> int:
        """Rolls this coup may take (the announced sixth roll of Double Yams is never planned)."""
        cap = int(self.rules.settings.get("rolls_per_turn", self.rules.max_rolls))
        return max(1, min(self.game.max_roll(), cap))

    def open_cells(self) -> list[OpenCell]:
        """(column, row) of every cell the player may still fill this turn."""
        return [(c, r) for c in self.game.columns for r in self.game.next_cells(self.sheet, c)]

    def _five_tables(self) -> FiveDiceTables:
        """The five-dice score tables (asked only when playing five dice)."""
        assert self.tables is not None, "five-dice tables asked with other dice"
        return self.tables

    def _limit(self, column: Column) -> int:
        return min(column.max_roll or self.rules.max_rolls, self.rules.max_rolls)

    def par(self, column: Column, row: str) -> float:
        if self.tables is None:             # not five dice
            return 0.0
        return column.factor * self.tables.dedicated(row, self._limit(column))[0]

    def _column_key(self, column: Column) -> ColumnKey:
        memo = self._fresh().columns
        key = memo.get(column.id)
        if key is None:
            key = (column.id,) + tuple(sorted((r, m.score, m.ones) for (c, r), m in
                                              self.sheet.marks.items() if c == column.id))
            memo[column.id] = key
        return key

    def _column_total(self, column: Column, extra: Mark | None = None) -> float:
        key: tuple[object, ...] = self._column_key(column) + (
            (extra.row, extra.score, extra.ones) if extra else ("",))
        total = self._totals.get(key)
        if total is None:
            cells = {k: m for k, m in self.sheet.marks.items() if k[0] == column.id}
            if extra is not None:
                cells[(column.id, extra.row)] = extra
            total = sheet_totals(self.rules, (column,), cells).grand
            self._totals[key] = total
        return total

    def _bonus_chance(self, column: Column, upper: int, rows: Sequence[str]) -> float:
        assert self.bonus is not None, "asked only of a rule set with an upper bonus"
        threshold, _ = self.bonus
        if upper >= threshold:
            return 1.0
        if not rows:
            return 0.0
        stats = [self._five_tables().dedicated(r, self._limit(column)) for r in rows]
        mean, var = sum(m for m, _ in stats), sum(v for _, v in stats)
        return _phi((mean - (threshold - upper) + 0.5) / math.sqrt(max(var, 1e-9)))

    def written(self, column: Column, row: str, score: int) -> int:
        """The score the rules would let this sheet write (a zero-only cell takes 0)."""
        game = self.game
        if score > 0 and game.mechanics.zero_only(game, self.sheet, column, row, score):
            return 0
        return score

    def gain(self, column: Column, row: str, score: int, dice: Sequence[Die] = ()) -> float:
        """Value of writing ``score`` (already legal) in (column, row): see the module."""
        ones = Mark(column.id, row, int(score), 1, False, _UNSAID, tuple(dice), 0).ones
        key: tuple[object, ...] = (self._column_key(column), row, int(score), ones)
        value = self._totals.get(key)
        if value is None:
            value = self._totals[key] = self._gain(column, row, int(score), dice)
        return value

    def _gain(self, column: Column, row: str, score: int, dice: Sequence[Die]) -> float:
        if self.bonus is not None and self.five and row in UPPER:
            marks = {r: m.score for (c, r), m in self.sheet.marks.items() if c == column.id}
            upper = sum(v for r, v in marks.items() if r in UPPER)
            open_up = [r for r in UPPER if r in column.rows and r not in marks]
            rest = [r for r in open_up if r != row]
            chance = (self._bonus_chance(column, upper + score, rest)
                      - self._bonus_chance(column, upper, open_up))
            return column.factor * (score + self.bonus[1] * chance) - self.par(column, row)
        mark = Mark(column.id, row, int(score), 1, False, _UNSAID, tuple(dice), 0)
        delta = self._column_total(column, mark) - self._column_total(column)
        return delta - self.par(column, row)

    # -- five dice: the lookahead --------------------------------------------------------------

    def _stop_values(self, k: int, cells: list[OpenCell], fallback: float | None) -> np.ndarray:
        """(252,): the best cell's value for each outcome kept after roll k (with the first
        coup's best value ``fallback``, and a doblar of both, when this is the second coup)."""
        memo = self._fresh().stops
        best = memo.get(k)
        if best is None:
            best = memo[k] = self._plain_stops(k, cells)
        if fallback is not None:
            plain = best
            best = np.maximum(best, fallback)
            if self._doblar_possible():
                best = np.maximum(best, fallback + plain - DOBLAR_RESERVE)
        return best

    def _plain_stops(self, k: int, cells: list[OpenCell]) -> np.ndarray:
        best = np.full(dice_space().n_outcomes, NEG)
        for column, row in cells:
            values, inverse = self._five_tables().distinct[k, row]
            if column.max_roll is not None and k > column.max_roll:
                if not self.rules.chance_cell(self.game.config, column, row):
                    continue
                best = np.maximum(best, self.gain(column, row, 0))
                continue
            gains = np.array([self.gain(column, row, self.written(column, row, int(v)))
                              for v in values])
            np.maximum(best, gains[inverse], out=best)
        return best

    def _doblar_possible(self) -> bool:
        return self.game.mechanics.pairs_possible(self.sheet)

    def plan(self, fallback: float | None = None) -> _Plan:
        """The lookahead of one coup of five dice from its first roll."""
        horizon = self.horizon()
        cells = self.open_cells()
        stops = {k: self._stop_values(k, cells, fallback) for k in range(1, horizon + 1)}
        plan = _Plan(stops)
        after = stops[horizon]
        for k in range(horizon - 1, 0, -1):
            ek = keep_values(after[:, None].astype(np.float32))[:, 0].astype(np.float64)
            plan.keep[k] = ek
            after = np.maximum(stops[k], best_keep_values(ek[:, None])[:, 0])
        plan.start = float(dice_space().p_roll @ after)
        return plan

    def _five_keeps(self, plan: _Plan, values: tuple[int, ...], roll: int) -> list[HeuristicKeep]:
        space = dice_space()
        outcome = tuple(sorted(values))
        o = space.index[outcome]
        shown = tuple(str(v) for v in outcome)
        out = [HeuristicKeep(shown, float(plan.stop[roll][o]), stop=True)]
        if roll in plan.keep:
            for k in space.sub_keeps(outcome):
                if k == o:
                    continue
                out.append(HeuristicKeep(tuple(str(v) for v in space.keeps[k]),
                                         float(plan.keep[roll][k])))
        return out

    # -- ten tagged dice: sampled candidates ---------------------------------------------------

    def _figure_scores(self, dice: Sequence[Die], roll: int) -> dict[str, int]:
        key = (tuple(str(d) for d in dice), roll)
        got = self._figures.get(key)
        if got is None:
            got = {f.row: f.score for f in self.rules.figures(tuple(sorted(dice)), roll)}
            if len(self._figures) >= MOST_HANDS:
                self._figures.clear()
            self._figures[key] = got
        return got

    def _tagged_stop(self, dice: Sequence[Die], roll: int, cells: list[OpenCell]) -> float:
        scores = self._figure_scores(dice, roll)
        best = NEG
        for column, row in cells:
            score = self.written(column, row, scores.get(row, 0))
            best = max(best, self.gain(column, row, score, dice))
        return best

    def _tagged_keeps(self, dice: Sequence[Die], roll: int,
                      rng: random.Random) -> list[HeuristicKeep]:
        cells = self.open_cells()
        dice = tuple(sorted(dice))
        shown = tuple(str(d) for d in dice)
        out = [HeuristicKeep(shown, self._tagged_stop(dice, roll, cells), stop=True)]
        if roll >= self.horizon():
            return out
        samples = [[rng.randint(1, 6) for _ in dice] for _ in range(SAMPLES)]
        for keep in _candidates(dice):
            total = 0.0
            for sample in samples:
                new = tuple(d if i in keep else Die(sample[i], d.colour, d.size)
                            for i, d in enumerate(dice))
                total += self._tagged_stop(new, roll + 1, cells)
            out.append(HeuristicKeep(tuple(str(dice[i]) for i in sorted(keep)),
                                     total / SAMPLES))
        return out

    # -- the answers ---------------------------------------------------------------------------

    def keep_choices(self, dice: Sequence[Die], roll: int, rng: random.Random | None = None,
                     fallback: float | None = None) -> list[HeuristicKeep]:
        """Every keep considered for ``dice`` showing after ``roll`` (and writing now), best
        first. ``fallback``: the best value of the first coup, when this is the second."""
        if self.five:
            values = tuple(d.value if isinstance(d, Die) else int(d) for d in dice)
            out = self._five_keeps(self.plan(fallback), values, roll)
        else:
            out = self._tagged_keeps(dice, roll, rng or random.Random(0))
        out.sort(key=lambda h: (-h.value, not h.stop, -len(h.keep)))
        top = out[0].value
        return [HeuristicKeep(h.keep, h.value, top - h.value, h.stop) for h in out]

    def cell_choices(self) -> list[HeuristicCell]:
        """Every legal way to write this turn's coup(s), best first: one legal cell, or (with a
        doblar left and two coups) one cell from each coup."""
        game = self.game
        coup_dice = {n: c.dice for n, c in enumerate(game.coups, start=1)}
        singles = []
        for cell in game.legal_cells():
            column = self._column(cell.column)
            value = self.gain(column, cell.row, cell.score, coup_dice.get(cell.coup, ()))
            singles.append(HeuristicCell(cell.column, cell.row, cell.coup, cell.score, value))
        singles.sort(key=lambda c: -c.value)
        out = list(singles)
        if len(game.coups) == 2 and self._doblar_possible():
            out += self._doblars(singles)
        out.sort(key=lambda c: (-c.value, c.second is not None))
        if not out:
            return []
        top = out[0].value
        return [HeuristicCell(c.column, c.row, c.coup, c.score, c.value, top - c.value,
                              c.second) for c in out]

    def _doblars(self, singles: list[HeuristicCell]) -> list[HeuristicCell]:
        """The best pairs (one cell of each coup), each checked on a copy of the game."""
        one = [c for c in singles if c.coup == 1][:4]
        two = [c for c in singles if c.coup == 2][:4]
        pairs = sorted(((a.value + b.value - DOBLAR_RESERVE, a, b) for a in one for b in two
                        if (a.column, a.row) != (b.column, b.row)), key=lambda t: -t[0])
        out = []
        for value, a, b in pairs[:4]:
            if doblar_accepted(self.game, a, b):
                out.append(HeuristicCell(a.column, a.row, 1, a.score, value, 0.0,
                                         (b.column, b.row, 2, b.score)))
                break
        return out

    def _column(self, column_id: str) -> Column:
        return next(c for c in self.game.columns if c.id == column_id)

    def turn_value(self, rng: random.Random | None = None) -> float | None:
        """The heuristic's expected value of the coming turn: exact with five dice; with ten
        tagged dice an estimate from ``rng`` (:meth:`sampled_turn_value`), None without one."""
        if self.five:
            return self.plan().start
        return None if rng is None else self.sampled_turn_value(rng)

    def sampled_turn_value(self, rng: random.Random, samples: int | None = None) -> float:
        """Estimate (ten tagged dice) of the coming turn's value: the mean, over ``samples``
        first rolls from ``rng``, of the best cell's value after playing each roll by the
        keep policy of :meth:`play_turn`. The game is not changed."""
        from ..engine.simulate import random_dice

        samples = samples or TURN_SAMPLES
        cells, horizon, total = self.open_cells(), self.horizon(), 0.0
        for _ in range(samples):
            dice, roll = tuple(random_dice(self.game, rng)), 1
            while roll < horizon:
                best = max(self._tagged_keeps(dice, roll, rng), key=lambda h: (h.value, h.stop))
                if best.stop:
                    break
                dice, roll = _reroll(dice, best.keep, rng), roll + 1
            total += self._tagged_stop(tuple(sorted(dice)), roll, cells)
        return total / samples

    # -- playing a turn (benchmarks) -----------------------------------------------------------

    def play_turn(self, rng: random.Random) -> None:
        """Play the current player's turn by the advice, with dice from ``rng``."""
        from ..engine.simulate import random_dice

        game = self.game
        if not game.legal_cells():
            fallback = None
            for n in range(game.coups_allowed()):
                if n == 1 and fallback is None:
                    break
                dice, roll = tuple(random_dice(game, rng)), 1
                plan = self.plan(fallback) if self.five else None
                while roll < self.horizon():
                    if plan is not None:        # five dice
                        choices = self._five_keeps(plan, tuple(d.value for d in dice), roll)
                    else:
                        choices = self._tagged_keeps(dice, roll, rng)
                    best = max(choices, key=lambda h: (h.value, h.stop))
                    if best.stop:
                        break
                    dice = _reroll(dice, best.keep, rng)
                    roll += 1
                game.enter(tuple(sorted(dice)), roll)
                if game.coups_allowed() == 2 and n == 0:
                    cells = self.cell_choices()
                    fallback = cells[0].value if cells else None
        choice = self.cell_choices()[0]
        second = None if choice.second is None else choice.second[:2]
        game.mark(choice.column, choice.row, coup=choice.coup or None, second=second)


def doblar_accepted(game: Game, a: HeuristicCell, b: HeuristicCell) -> bool:
    """Whether the game accepts writing ``a`` (coup 1) and ``b`` (coup 2) as a doblar: tried
    on a copy replayed from the log."""
    copy = Game(game.config, game.events, id=game.id, created=game.created)
    try:
        copy.mark(a.column, a.row, coup=1, second=(b.column, b.row))
    except YamsError:
        return False
    return True


def _candidates(dice: Sequence[Die]) -> list[frozenset[int]]:
    """Keeps worth trying with many dice: per value, per pair/triple of common values, for the
    runs one and two dice of each value, and nothing."""
    values = [d.value for d in dice]
    counts = Counter(values)
    common = [v for v, _ in counts.most_common(3)]
    picks: list[frozenset[int]] = []

    def add(indices: Iterable[int]) -> None:
        keep = frozenset(indices)
        if keep not in picks and len(keep) < len(values):
            picks.append(keep)

    for v, _ in counts.most_common():
        add(i for i, x in enumerate(values) if x == v)
    for group in list(combinations(common, 2)) + [tuple(common)]:
        add(i for i, x in enumerate(values) if x in group)
    for per_value in (1, 2):
        seen: Counter[int] = Counter()
        chosen: list[int] = []
        for i, x in enumerate(values):
            if seen[x] < per_value:
                seen[x] += 1
                chosen.append(i)
        add(chosen)
    add(())
    return picks[:MAX_CANDIDATES]


def _reroll(dice: Sequence[Die], keep: tuple[str, ...], rng: random.Random) -> Dice:
    """The kept dice (named as shown) and the others rolled again, tags unchanged."""
    left = Counter(keep)
    out = []
    for d in dice:
        if left[str(d)] > 0:
            left[str(d)] -= 1
            out.append(d)
        else:
            out.append(Die(rng.randint(1, 6), d.colour, d.size))
    return tuple(sorted(out))


def play_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to the end by the heuristic (every player), dice from ``rng``."""
    adviser = HeuristicAdviser(game)
    while not game.finished:
        adviser.play_turn(rng)
    return game
