"""How a house row scores the dice, and why: the score and its explanation citing the row.

Pure functions of a :class:`~.vocabulary.RowSpec` and the dice values. An explanation names the
row as the house's own (``Brelan (maison) : 3 x 5 = 15``), so a player sees which sheet's rule
gave the score.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations

from ..i18n import Message
from .vocabulary import RowSpec

Values = tuple[int, ...]
#: the exact straights: the values each needs
_SHAPE = {"1-5": (1, 2, 3, 4, 5), "2-6": (2, 3, 4, 5, 6), "1-6": (1, 2, 3, 4, 5, 6)}


def _sum_text(values: Values) -> str:
    return " + ".join(map(str, sorted(values, reverse=True)))


def _run_length(values: Values) -> int:
    """The longest run of consecutive values among the dice."""
    present = set(values)
    return max(len(_run_from(v, present)) for v in present)


def _run_from(start: int, present: set[int]) -> range:
    end = start
    while end + 1 in present:
        end += 1
    return range(start, end + 1)


def made(row: RowSpec, values: Values) -> bool:
    """Whether the dice make the row's figure (every ``sum`` row is always made)."""
    c = Counter(values)
    kind = row.kind
    if kind == "kind":
        return max(c.values()) >= row.n
    if kind == "kind-and":
        return bool(_with_other(row, c))
    if kind == "full":
        return bool(_placed((3, 2), c)) or (row.yams and len(c) == 1)
    if kind == "groups":
        return bool(_placed(row.sizes, c))
    if kind == "straight":
        if row.shape != "run":
            return set(_SHAPE[row.shape]) <= set(values)
        return _run_length(values) >= row.length
    if kind == "rigole":
        return _run_length(values) >= 3
    if kind == "yams":
        return len(c) == 1
    if kind == "two-pairs":
        pairs = [v for v, n in c.items() if n >= 2]
        return len(pairs) >= 2 or (not row.distinct and max(c.values()) >= 4)
    return True     # upper (a count), chance, plus, moins


def _group(row: RowSpec, values: Values) -> tuple[int, int]:
    """(value, dice) of the best group the row counts: n of a kind, the higher the better
    (a ``kind-and`` row: with its other die beside them)."""
    c = Counter(values)
    if row.kind == "kind-and":
        return max(_with_other(row, c)), row.n
    v = max(v for v, k in c.items() if k >= row.n)
    return v, row.n


def _with_other(row: RowSpec, c: Counter[int]) -> list[int]:
    """The values v of which a ``kind-and`` row finds n dice and, among the other dice, one
    showing its other die: the opposite face 7 - v, or the row's value."""
    found = []
    for v, k in c.items():
        other = 7 - v if row.other == "opposite" else row.value
        if k >= row.n and c[other] >= (row.n + 1 if other == v else 1):
            found.append(v)
    return found


def _placed(sizes: tuple[int, ...], c: Counter[int]) -> tuple[int, ...]:
    """The values of the best groups of ``sizes`` alike dice, each of another value (the
    highest sum first), or () when the dice hold no such groups."""
    best: tuple[int, ...] = ()
    for chosen in permutations(c, len(sizes)):
        if all(c[v] >= n for v, n in zip(chosen, sizes, strict=True)) and (
                not best or _weight(chosen, sizes) > _weight(best, sizes)):
            best = chosen
    return best


def _weight(values: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    return sum(v * n for v, n in zip(values, sizes, strict=True))


def _pairs(row: RowSpec, values: Values) -> tuple[int, int]:
    c = Counter(values)
    pairs = sorted((v for v, k in c.items() if k >= 2), reverse=True)
    if len(pairs) >= 2:
        return pairs[0], pairs[1]
    return pairs[0], pairs[0]       # four alike, when the row allows it


def score(row: RowSpec, values: Values, *, joker: bool = False) -> tuple[int, Message]:
    """The row's score for these dice and its explanation. ``joker``: the dice are a yams
    placed by the joker rule, which makes every full and straight row (Yahtzee H4)."""
    name = row.name
    if row.kind == "upper":
        n = values.count(row.value)
        return n * row.value, Message("explain.house_count", name=name, n=n, v=row.value,
                                      score=n * row.value)
    if not joker and not made(row, values):
        return 0, Message("explain.house_not_made", name=name)
    total = sum(values)
    how = row.score
    if joker and row.kind == "straight":     # K4: the row's best straight, never the dice
        best = most(row)
        return best, Message("explain.house_fixed", name=Message("explain.house_joker",
                                                                 name=name), score=best)
    if joker and row.kind == "full":
        note = Message("explain.house_joker", name=name)
        return _plain(row, values, how, total, note)
    if how == "group" and row.kind in ("kind", "kind-and"):
        v, n = _group(row, values)
        return n * v, Message("explain.house_group", name=name, n=n, v=v, score=n * v)
    if how == "base+group":
        v, n = _group(row, values)
        s = row.base + n * v
        return s, Message("explain.house_base_group", name=name, base=row.base, n=n, v=v,
                          score=s)
    if how == "by-run":
        present = set(values)
        start, points = max(((s, p) for s, p in row.runs
                             if all(s + i in present for i in range(row.length))),
                            key=lambda run: run[1])
        run = "-".join(str(start + i) for i in range(row.length))
        return points, Message("explain.house_run", name=name, run=run, score=points)
    if how == "group" and row.kind == "groups":
        chosen = _placed(row.sizes, Counter(values))
        dice = tuple(v for v, n in zip(chosen, row.sizes, strict=True) for _ in range(n))
        return sum(dice), Message("explain.house_sum", name=name, dice=_sum_text(dice),
                                  score=sum(dice))
    if how == "group":          # two pairs
        a, b = _pairs(row, values)
        s = 2 * a + 2 * b
        return s, Message("explain.house_two_pairs", name=name, a=a, b=b, score=s)
    return _plain(row, values, how, total, None)


def _plain(row: RowSpec, values: Values, how: str, total: int,
           note: Message | None) -> tuple[int, Message]:
    """Scorings that need no group: fixed points, the sum, a base or fixed part plus the sum."""
    name: str | Message = row.name if note is None else note
    if how == "fixed":
        return row.points, Message("explain.house_fixed", name=name, score=row.points)
    if how in ("all", "sum"):
        return total, Message("explain.house_sum", name=name, dice=_sum_text(values),
                              score=total)
    base = row.base if how == "base+all" else row.points
    return base + total, Message("explain.house_base_sum", name=name, base=base,
                                 dice=_sum_text(values), score=base + total)


@cache
def _outcomes(dice: int) -> tuple[Values, ...]:
    """The throws of the dice, sorted (252 of five dice, 462 of six)."""
    return tuple(combinations_with_replacement(range(1, 7), dice))


@lru_cache(maxsize=1024)
def most(row: RowSpec) -> int:
    """The best score the row can make (a bonus threshold above its rows' best is refused)."""
    return max(score(row, o)[0] for o in _outcomes(row.dice))


@lru_cache(maxsize=1024)
def example(row: RowSpec) -> str:
    """Dice that make the row with a good score, as typed (``55533``)."""
    best = max(_outcomes(row.dice), key=lambda o: (made(row, o), score(row, o)[0] if
                                           row.kind != "upper" else o.count(row.value)))
    return "".join(map(str, sorted(best, reverse=True)))

