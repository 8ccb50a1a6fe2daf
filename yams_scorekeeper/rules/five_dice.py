"""Shapes shared by the three five-dice families: n of a kind, full, runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.dice import Dice
from ..i18n import Message
from .base import counts

if TYPE_CHECKING:  # pragma: no cover
    from .base import Figure, RuleSet

NO_FULL = Message("explain.no_full")


def of_a_kind(dice: Dice, n: int) -> int | None:
    """The highest value shown by at least ``n`` dice (rulings G1, "at least"), or None."""
    values = [d.value for d in dice]
    return max((v for v in set(values) if values.count(v) >= n), default=None)


def full(dice: Dice) -> tuple[int, int] | None:
    """(V1, V2) when the dice are 3 of V1 and 2 of V2 with V1 != V2 (rulings G2), else None."""
    c = counts(dice)
    if sorted(c.values()) != [2, 3]:
        return None
    v1 = next(v for v, n in c.items() if n == 3)
    v2 = next(v for v, n in c.items() if n == 2)
    return v1, v2


def longest_run(dice: Dice) -> tuple[int, int]:
    """(length, first value) of the longest run of consecutive values among the dice."""
    values = sorted({d.value for d in dice})
    best, best_start, length, start = 0, 0, 0, 0
    prev = None
    for v in values:
        if prev is not None and v == prev + 1:
            length += 1
        else:
            length, start = 1, v
        if length > best:
            best, best_start = length, start
        prev = v
    return best, best_start


def run_text(start: int, length: int) -> str:
    return "-".join(str(v) for v in range(start, start + length))


def dice_sum(dice: Dice) -> int:
    return sum(d.value for d in dice)


def sum_text(dice: Dice) -> str:
    return " + ".join(map(str, sorted([d.value for d in dice], reverse=True)))


def suite_figure(rules: RuleSet, row_id: str, dice: Dice) -> Figure:
    """A five-dice suite: ``suite_petite`` for 1-2-3-4-5, ``suite_grande`` for 2-3-4-5-6."""
    length, start = longest_run(dice)
    if length < 5:
        return rules._fig(row_id, 0, Message("explain.no_run", need=5))
    petite = start == 1
    score = rules.settings["suite_petite" if petite else "suite_grande"]
    kind = "Petite" if petite else "Grande"
    return rules._fig(row_id, score, Message(
        "explain.suite", kind=kind, run=run_text(start, 5), score=score))


def sum_figure(rules: RuleSet, row_id: str, dice: Dice) -> Figure:
    """Rows worth the sum of the dice (plus, moins, max, min, chance)."""
    total = dice_sum(dice)
    return rules._fig(row_id, total, Message(
        "explain.sum", name=rules._name(row_id), dice=sum_text(dice), total=total))
