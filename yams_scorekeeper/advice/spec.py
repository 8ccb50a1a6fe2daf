"""The one-column game as the solver sees it, derived from a rule set.

A :class:`OneColumnSpec` holds the rows, the score of each row for each of the 252 sorted
five-dice outcomes, which rows make the upper section and its bonus, and at most one family
*extra state*: Duel's jokers left (U4), the Yahtzee bonus and forced joker (H4), or Yam
classique's plus/moins constraint (C3). Two rule sets with the same spec have the same optimal
play, so the spec's hash keys the cached table.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..base.dice import Die
from ..base.errors import ConfigError
from ..i18n import Message
from .dice_space import dice_space

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleSet

#: bump when the solver's arithmetic changes, so that old cached tables are not reused
SOLVER_VERSION = 1


@dataclass(frozen=True)
class YahtzeeJoker:
    """H4: a yahtzee rolled when the yahtzee row is filled scores ``bonus`` more when that row
    holds a non-zero score, and is placed by the forced joker rule: the upper row of its value
    if empty, else an empty lower row (``joker_scores`` gives full house and straights their
    full value), else a 0 in an empty upper row."""

    row: int
    bonus: int
    joker_scores: tuple[tuple[int, int], ...]   # (row index, score) for the 5 dice of a yahtzee


@dataclass(frozen=True, eq=False)
class OneColumnSpec:
    """One column of a five-dice family, any order, three rolls a turn."""

    family: str
    rows: tuple[str, ...]
    scores: np.ndarray                  # (n rows, 252) int: score of each row for each outcome
    upper: tuple[bool, ...]             # rows that add up towards the bonus
    threshold: int
    bonus: int
    jokers: int = 0                     # Duel U4: jokers a game, one a turn, at the last roll
    yahtzee: YahtzeeJoker | None = None
    plus_moins: tuple[int, int] | None = None   # Yam classique C3: (plus row, moins row)
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def n_rows(self) -> int:
        return len(self.rows)

    @property
    def n_extra(self) -> int:
        """How many values the family's extra state takes."""
        if self.jokers:
            return self.jokers + 1
        if self.yahtzee is not None:
            return 2
        if self.plus_moins is not None:
            return int(self.scores[list(self.plus_moins)].max()) + 1
        return 1

    @property
    def cap(self) -> int:
        """Upper totals are kept capped here: past the threshold only 'reached' matters."""
        return max(self.threshold, 0)

    def most_points(self) -> float:
        """More points than any sheet can still make (a bound the solved values must keep):
        every row's best score, the bonus, and a further-yahtzee bonus at every turn."""
        extra = self.yahtzee.bonus * self.n_rows if self.yahtzee is not None else 0
        return float(self.scores.max(axis=1).sum() + max(self.bonus, 0) + extra)

    def row_index(self, row: str) -> int:
        return self.rows.index(row)

    def key(self) -> str:
        """A hash of everything that decides optimal play (and the solver's version)."""
        h = hashlib.sha256()
        # the field names as keys (unchanged since version 1, so cached tables stay valid)
        head = dict(v=SOLVER_VERSION, rows=self.rows, upper=self.upper,
                    threshold=self.threshold, bonus=self.bonus, jokers=self.jokers,
                    yahtzee=None if self.yahtzee is None else [
                        self.yahtzee.row, self.yahtzee.bonus, self.yahtzee.joker_scores],
                    plus_moins=self.plus_moins)
        h.update(json.dumps(head, sort_keys=True).encode())
        h.update(np.ascontiguousarray(self.scores, dtype=np.int32).tobytes())
        return h.hexdigest()[:20]


def score_table(score: Callable[[str, tuple[int, ...]], int], rows: tuple[str, ...]) -> np.ndarray:
    """The (rows, 252) table of ``score(row, outcome)``."""
    space = dice_space()
    return np.array([[score(r, o) for o in space.outcomes] for r in rows], dtype=np.int32)


# -- from a rule set -----------------------------------------------------------------------------

def _rules_scores(rules: RuleSet, rows: tuple[str, ...]) -> np.ndarray:
    def score(row: str, outcome: tuple[int, ...]) -> int:
        return rules.score_row(row, tuple(Die(v) for v in outcome), 3).score
    return score_table(score, rows)


def _plain(rules: RuleSet, rows: tuple[str, ...], **extra: Any) -> OneColumnSpec:
    s = rules.settings
    return OneColumnSpec(rules.family, rows, _rules_scores(rules, rows),
                         tuple(r.isdigit() for r in rows), int(s.get("bonus_threshold", 0)),
                         int(s.get("bonus", 0)), settings=dict(s), **extra)


def solvable(rules: RuleSet, columns: int = 1) -> bool:
    """True when the exact solver covers ``rules`` with this many columns."""
    return rules.solver.exactly_solved and columns == 1


def spec_for(rules: RuleSet, rows: tuple[str, ...] | None = None) -> OneColumnSpec:
    """The solver's view of ``rules`` (one column, rows in grid order by default)."""
    if not rules.solver.exactly_solved:
        raise ConfigError(Message("rules.exact_solver_several_columns", title=rules.title))
    rows = tuple(rows or (r.id for r in rules.rows if not r.optional))
    extra = dict(rules.solver.state(rows))
    joker = extra.pop("forced_joker", None)
    return _plain(rules, rows, yahtzee=None if joker is None else YahtzeeJoker(*joker), **extra)
