"""The scores a Double Yams row can give, for the paper carnet: each with a throw that makes it.

Ten tagged dice make some 1.4 million throws, too many to score for every row.
What is done instead, per row, the first time it is asked:

1. **Candidates from the rule's structure.** A figure row scores its base (the fixed base,
   or ``geante_factor`` x n x the value of the group, value 1-6), x ``harmony_factor`` when
   in harmony, x ``first_roll_factor`` on the first roll (D2, D4, D5, D7: how
   ``double_search._made`` multiplies); a chiffre n x its value, doubled in harmony (D6);
   plus and moins the sum of the ten dice; an announced sixth roll that misses, minus the
   announce's cost (D9, ``announce_cost``). Every score the rules give is one of these.
2. **Each candidate confirmed by a throw** scored by the family's own scoring
   (``score_row``), from two families made once: every set of dice showing one value (which
   of the 3 + 2 + 2 + 3 dice of each colour and size: 144 ways) with the others showing
   another value (4,320 throws); then every five values of the clairs x every five values
   of the foncés (63,504). The first-roll score is the same throw's score after one roll.
   A candidate no throw of these makes is refused.

Why that is exact: a chiffre's score depends only on which dice show its value, all of which
the first family holds. A figure in colour harmony depends only on the dice's values per
colour, all of which the second family holds; the search treats colour and size alike and
both split the dice 5/5, so a figure in size harmony scores as one in colour harmony: a
harmony candidate neither family makes is impossible (a triple suite in harmony: three runs
of three from two colours of five dice). Every other candidate of the default settings is
made by some throw (``tests/test_carnet_double.py`` holds the sets), and other numbers
only scale or forbid harmonies, which does not unmake a figure without one.

Step 2 stops at the row's last candidate: most rows cost a few hundred throws; a candidate
the rules forbid costs the whole second family.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, combinations_with_replacement, product
from typing import Any

from ..base.dice import DOUBLE_SET, Dice, Die
from ..rules.base import RuleSet


def _tagged_dice() -> list[tuple[str, str]]:
    """The ten physical dice's (colour, size), clairs first."""
    return [tag for tag, n in sorted(DOUBLE_SET.items()) for _ in range(n)]


@cache
def _die(value: int, colour: str, size: str) -> Die:
    """One die of each kind, shared by every throw of the families (24 kinds)."""
    return Die(value, colour, size)


@cache
def _throws(family: str, *args: int) -> tuple[Dice, ...]:
    """A family of throws (``pattern`` with its values, or ``colour``), made once."""
    return tuple(_pattern_throws(args) if family == "pattern" else _colour_throws())


def _pattern_throws(values: Sequence[int]) -> Iterator[Dice]:
    """For each ``a`` of ``values`` and each set of dice showing it (which dice of each
    colour and size: 3 x 2 x 2 x 3 dice, 144 ways), those dice showing ``a`` and the others
    another value ``b``."""
    kinds = sorted(DOUBLE_SET)
    for a in values:
        for counts in product(*(range(DOUBLE_SET[k] + 1) for k in kinds)):
            for b in range(1, 7):
                if b != a:
                    yield tuple(sorted(_die(a if i < n else b, c, s)
                                       for (c, s), n in zip(kinds, counts, strict=True)
                                       for i in range(DOUBLE_SET[(c, s)])))


def _colour_throws() -> Iterator[Dice]:
    """Every five values of the clairs x every five values of the foncés, as ten tagged dice
    (each colour's dice given their sizes in value order)."""
    sizes = {colour: [s for c, s in _tagged_dice() if c == colour] for colour in ("c", "f")}
    fives = list(combinations_with_replacement(range(1, 7), 5))
    for clairs in fives:
        light = [_die(v, "c", s) for v, s in zip(clairs, sizes["c"], strict=True)]
        for fonces in fives:
            dark = [_die(v, "f", s) for v, s in zip(fonces, sizes["f"], strict=True)]
            yield tuple(sorted(light + dark))


def _candidates(rules: RuleSet, row: str) -> set[int]:
    """Every score ``row`` may give after a roll other than the first (see the module notes)."""
    s = rules.settings
    hf = int(s["harmony_factor"])
    section = rules.section_of(row)
    if section == "difference":
        return set(range(rules.dice_count, 6 * rules.dice_count + 1))
    if section == "chiffres":
        v = int(row)
        return {0} | {v * n * h for n in range(1, rules.dice_count + 1) for h in (1, hf)}
    harmonies = (1, hf) if _largest_group(row) <= int(s["harmony_max_group"]) else (1,)
    if row in rules.valued_rows:
        bases = {int(s["geante_factor"]) * rules.valued_rows[row] * v for v in range(1, 7)}
    else:
        bases = {int(s["bases"][row])}
    return {0} | {b * h for b in bases for h in harmonies}


def _largest_group(row: str) -> int:
    from ..rules.double_search import _LARGEST

    return _LARGEST[row]


def tagged_row_scores(rules: RuleSet, row: str) -> dict[int, list[tuple[Any, ...]]]:
    """Every score ``row`` can give under ``rules`` (Double Yams), each with one throw that
    makes it: ``(dice, roll)``, or ``(dice, roll, announce)`` for a missed sixth roll."""
    wanted = _candidates(rules, row)
    found: dict[int, list[tuple[Any, ...]]] = {}
    if rules.section_of(row) == "chiffres":     # a chiffre is which dice show it: all here
        throws: Iterable[Dice] = _throws("pattern", int(row))
    else:
        throws = chain(_throws("pattern", 6, 5, 4, 3, 2, 1), _throws("colour"))
    for dice in throws:
        score = rules.score_row(row, dice, 2).score
        if score in wanted and score not in found:
            found[score] = [(dice, 2)]
            if len(found) == len(wanted):
                break
    if rules.section_of(row) in rules.figure_sections:
        for dice, _roll in [made[0] for made in found.values()]:
            found.setdefault(rules.score_row(row, dice, 1).score, []).append((dice, 1))
        miss = found[0][0][0]
        sixth = int(rules.settings["rolls_per_turn"]) + 1
        values = range(1, 7) if row in rules.valued_rows else (None,)
        for value in values:
            announce = row if value is None else f"{row}:{value}"
            cost = rules.announce_cost(row, value)
            found.setdefault(-cost, []).append((miss, sixth, announce))
    return found
