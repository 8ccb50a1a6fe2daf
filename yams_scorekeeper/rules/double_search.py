"""Double Yams figure recognition (rulings D2, D4-D7): which dice form each group, and the score.

Every figure of the yams, suites and combinaisons sections is a list of *groups*: sets of
identical dice (a brelan is one group of 3, a full tordu is 3 + 3 + 4) or runs of consecutive
values (a double petite suite is two identical runs of 3). A die belongs to at most one group.
The score is the row's base (for the suites géantes: ``geante_factor`` x the confirming dice),
x ``harmony_factor`` when every group is made of dice of one colour, or every group of dice of
one size (D5, one harmony at most), x ``first_roll_factor`` on the first roll (D4); the two
multiply (D7). Chiffres (D6) and différence follow their own rules and never take the first roll.

The search works on *bins* of dice, counted once per roll:

- no harmony: one bin per value (how many dice show it);
- colour harmony: one bin per (value, colour);
- size harmony: one bin per (value, size).

A group of identical dice takes all its n dice from one bin; a run takes one die of each of its
values, from bins of one label (clair, foncé, petit, grand, or the plain bins). Groups are
packed by backtracking over those capacities, so a die is never used twice and the physical
counts are respected; groups of the same shape are placed in non-increasing bin order, so
interchangeable groups are never permuted. With 10 dice and at most 4 groups the search visits
a few dozen states. A figure that cannot be made without harmony cannot be made with it, so
the harmony searches only run for figures already made.

A replay asks one row at a time, and most rows asked are not made: whether groups of identical
dice fit depends only on the capacities sorted, worked out once per case (``_fits``). A figure
made (and a chiffre) is kept by the rule set under what fixes it: the row, where its groups lie,
its harmony and whether it is the first roll (a few hundred cases, not one per throw).

Every number comes from ``rules.settings``. The module never prints and does no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from ..base.dice import Dice
from ..i18n import Joined, Message
from .base import Figure
from .memo import MOST_REMEMBERED

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, Literal, TypeAlias

    from .base import RuleSet

# -- the shape of every row (structure only; numbers are settings) -----------------------------

#: yams section: one group of at least n identical dice (G1: choose n among them)
_YAMS = {"brelan": 3, "carre": 4, "youpi": 5, "rene": 6, "superieur": 7, "giga": 8,
         "ultra": 9, "impossible": 10}
#: suites: (length of each run, number of identical runs)
_RUNS = {"double-petite-suite": (3, 2), "suite-marcel": (4, 2), "suite-royale": (5, 2),
         "triple-suite": (3, 3)}
#: suites géantes: a run 1-6 plus a group of n identical dice from the other dice
_GEANTE = {"geante-paire": 2, "geante-brelan": 3, "geante-carre": 4}
_GEANTE_WORD = {2: "paire", 3: "brelan", 4: "carré"}
_GEANTE_RUN = 6
#: combinaisons: sizes of the groups of identical dice (groups may share a value), largest first
_COMBOS = {"double-brelan": (3, 3), "triple-brelan": (3, 3, 3), "double-carre": (4, 4),
           "double-yams": (5, 5), "full-tordu": (4, 3, 3), "grand-full": (6, 4),
           "full-supreme": (7, 3), "double-full": (3, 3, 2, 2)}

#: a row's shape: ("same", group sizes), ("runs", length, count) or ("geante", n)
_Shape: TypeAlias = ('tuple[Literal["same"], tuple[int, ...]] | tuple[Literal["runs"], int, int]'
                     ' | tuple[Literal["geante"], int]')
_SHAPE: dict[str, _Shape] = {}
for _row, _n in _YAMS.items():
    _SHAPE[_row] = ("same", (_n,))
for _row, _sizes in _COMBOS.items():
    _SHAPE[_row] = ("same", _sizes)
for _row, (_length, _count) in _RUNS.items():
    _SHAPE[_row] = ("runs", _length, _count)
for _row, _n in _GEANTE.items():
    _SHAPE[_row] = ("geante", _n)
#: the largest group of each row (to rule out harmony when it exceeds harmony_max_group)
_LARGEST = {row: (max(s[1]) if s[0] == "same" else s[1] if s[0] == "runs" else _GEANTE_RUN)
            for row, s in _SHAPE.items()}

#: how many dice, in words, said in the language of the explanation
_COUNTS = {1: "explain.count.one", 2: "explain.count.two", 3: "explain.count.three",
           4: "explain.count.four", 5: "explain.count.five", 6: "explain.count.six",
           7: "explain.count.seven", 8: "explain.count.eight", 9: "explain.count.nine",
           10: "explain.count.ten"}
#: a label's plural name (as the detail of a figure keeps it) -> its words in an explanation
_LABEL_WORDS = {"clairs": "explain.dice.clairs", "foncés": "explain.dice.fonces",
                "petits": "explain.dice.petits", "grands": "explain.dice.grands"}


def _in_words(n: int) -> Message | int:
    return Message(_COUNTS[n]) if n in _COUNTS else n


# A search mode: the harmony it looks for (None, "couleur", "taille"), the plural names of its
# labels, in label order, and its bins (the attribute of _Bins). Bins are indexed
# (value - 1) * labels + label.
_Mode = tuple[str | None, tuple[str, ...], str]
_PLAIN: _Mode = (None, ("",), "plain")
_COLOUR: _Mode = ("couleur", ("clairs", "foncés"), "colour")
_SIZE: _Mode = ("taille", ("petits", "grands"), "size")
# looked up by a die's tag: an untagged die (None) has no index (Double Yams dice have tags)
_COLOUR_INDEX: dict[str | None, int] = {"c": 0, "f": 1}
_SIZE_INDEX: dict[str | None, int] = {"p": 0, "g": 1}
#: where a search found the groups of a row (what :func:`_groups` writes out): (size, bin) of
#: each group of identical dice; (first value, label of each run); (value, run label, group
#: bin) of a géante
_Placed = tuple[tuple[int, int], ...]
_RunsAt = tuple[int, tuple[int, ...]]
_GeanteAt = tuple[int, int, int]
_Where = _Placed | _RunsAt | _GeanteAt
_VALUE = attrgetter("value")


class _Bins:
    """The dice of one roll counted three ways: per value, per (value, colour), per (value, size)
    (the last two when first asked: a figure not made without harmony needs neither)."""

    __slots__ = ("plain", "dice", "_colour", "_size")

    def __init__(self, dice: Dice):
        plain = [0] * 6
        for d in dice:
            plain[d.value - 1] += 1
        self.plain = plain
        self.dice = dice
        self._colour: list[int] | None = None
        self._size: list[int] | None = None

    def _count_tags(self) -> tuple[list[int], list[int]]:
        """Both tagged counts in one pass (a harmony search or check asks for both)."""
        colour, size = [0] * 12, [0] * 12
        for d in self.dice:
            v = d.value - 1
            colour[v + v + _COLOUR_INDEX[d.colour]] += 1
            size[v + v + _SIZE_INDEX[d.size]] += 1
        self._colour, self._size = colour, size
        return colour, size

    @property
    def colour(self) -> list[int]:
        """How many dice show each (value, colour): index 2 x (value - 1) + colour."""
        colour = self._colour
        if colour is None:
            colour, _ = self._count_tags()
        return colour

    @property
    def size(self) -> list[int]:
        """How many dice show each (value, size): index 2 x (value - 1) + size."""
        size = self._size
        if size is None:
            _, size = self._count_tags()
        return size

    @property
    def values(self) -> list[int]:
        """The values of the dice, highest first."""
        return sorted(map(_VALUE, self.dice), reverse=True)


# -- the searches ------------------------------------------------------------------------------

#: (group sizes, capacities sorted) -> whether the groups fit: a few dozen cases in all
_FITS: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}


def _fits(sizes: tuple[int, ...], caps: list[int]) -> bool:
    """Whether groups of ``sizes`` identical dice fit in bins of capacities ``caps``: it does not
    depend on which bin holds what, so it is worked out once per set of capacities (most
    figures are not made, and this says so without a search)."""
    if len(sizes) == 1:
        return max(caps) >= sizes[0]
    key = (sizes, tuple(sorted(caps)))
    fits = _FITS.get(key)
    if fits is None:
        fits = _FITS[key] = _pack(sizes, list(key[1])) is not None
    return fits


def _pack(sizes: Sequence[int], caps: list[int], i: int = 0, hi: int = -1
          ) -> list[tuple[int, int]] | None:
    """Place groups of ``sizes[i:]`` identical dice into bins, each group in one bin.

    Returns ``[(size, bin), ...]`` or None. Equal consecutive sizes take non-increasing bins
    (the groups are interchangeable); bins are tried from the highest value down, so the
    reported dice are the highest that work. ``caps`` is left as it was found.
    """
    if i == len(sizes):
        return []
    n = sizes[i]
    b = hi if (i and sizes[i - 1] == n) else len(caps) - 1
    while b >= 0:
        if caps[b] >= n:
            caps[b] -= n
            rest = _pack(sizes, caps, i + 1, b)
            caps[b] += n
            if rest is not None:
                rest.insert(0, (n, b))
                return rest
        b -= 1
    return None


def _runs(length: int, count: int, caps: list[int], labels: int
          ) -> tuple[int, tuple[int, ...]] | None:
    """``count`` identical runs of ``length`` values: (first value, label of each run) or None.

    Each run takes one die of each of its values from the bins of its label; with two labels,
    ``j`` runs take the first label and ``count - j`` the second, ``j`` as large as it may be.
    """
    for start in range(7 - length, 0, -1):
        if labels == 1:
            if min(caps[start - 1:start - 1 + length]) >= count:
                return start, (0,) * count
            continue
        first = 2 * (start - 1)
        stop = first + 2 * length
        j = min(count, min(caps[first:stop:2]))         # runs the first label can take
        if min(caps[first + 1:stop:2]) >= count - j:
            return start, (0,) * j + (1,) * (count - j)
    return None


def _geante(n: int, caps: list[int], labels: int, only: int | None = None
            ) -> tuple[int, int, int] | None:
    """A run 1-6 plus n identical dice from the others: (value, run label, group bin), best value
    (or only the value ``only``: the value a sixth roll announced, D9)."""
    best = None
    for run_label in range(labels):
        if min(caps[run_label::labels]) < 1:
            continue
        run_bins = range(run_label, len(caps), labels)
        for b in run_bins:
            caps[b] -= 1
        for b in range(len(caps) - 1, -1, -1):
            if only is not None and b // labels + 1 != only:
                continue
            if caps[b] >= n:
                value = b // labels + 1
                if best is None or value > best[0]:
                    best = (value, run_label, b)
                break
        for b in run_bins:
            caps[b] += 1
    return best


def _search(row_id: str, bins: _Bins, mode: _Mode, only: int | None = None
            ) -> tuple[int, _Where] | None:
    """Make ``row_id`` in ``mode``: (value that sets the base, where the groups lie) or None.

    The value is the row's base for fixed rows and the confirming dice's sum for the géantes;
    where the groups lie is what :func:`_groups` writes out.
    """
    shape = _SHAPE[row_id]
    # the bins themselves: a search gives back what it takes
    caps: list[int] = getattr(bins, mode[2])
    if shape[0] == "same":
        sizes = shape[1]
        if not _fits(sizes, caps):
            return None
        placed = _pack(sizes, caps)
        assert placed is not None               # they fit
        return 0, tuple(placed)
    labels = len(mode[1])
    if shape[0] == "runs":
        found = _runs(shape[1], shape[2], caps, labels)
        return None if found is None else (0, found)
    n = shape[1]
    found_g = _geante(n, caps, labels, only)
    return None if found_g is None else (n * found_g[0], found_g)


def _groups(row_id: str, mode: _Mode, where: _Where) -> list[Message]:
    """The groups a search found, in words (``trois 5 clairs``, ``1-2-3 petits``; ``three
    light 5s``, ``small 1-2-3``); the row's shape says which kind of ``where`` its search
    gave."""
    shape = _SHAPE[row_id]
    names = mode[1]
    labels = len(names)
    if shape[0] == "same":
        placed: _Placed = where  # type: ignore[assignment]  # a "same" search places groups
        return [_labelled(_GROUP_SAME, names[b % labels], count=_in_words(n),
                          value=b // labels + 1) for n, b in placed]
    if shape[0] == "runs":
        runs_at: _RunsAt = where  # type: ignore[assignment]  # a "runs" search: its runs
        start, run_labels = runs_at
        run = "-".join(str(v) for v in range(start, start + shape[1]))
        return [_labelled(_GROUP_RUN, names[lab], run=run) for lab in run_labels]
    geante_at: _GeanteAt = where  # type: ignore[assignment]  # a "geante" search: 3 numbers
    value, run_label, b = geante_at
    return [_labelled(_GROUP_RUN, names[run_label], run="1-2-3-4-5-6"),
            _labelled(_GROUP_GEANTE, names[b % labels], what=_GEANTE_WORD[shape[1]],
                      value=value)]


#: the words of a kind of group: (without a label, with one)
_GROUP_SAME = ("explain.group.same", "explain.group.same_label")
_GROUP_RUN = ("explain.group.run", "explain.group.run_label")
_GROUP_GEANTE = ("explain.group.geante", "explain.group.geante_label")


def _labelled(keys: tuple[str, str], name: str, **values: object) -> Message:
    """A group in the words of ``keys``, with its label's when it has one (``name``)."""
    if not name:
        return Message(keys[0], **values)
    return Message(keys[1], label=Message(_LABEL_WORDS[name]), **values)


# -- figures -----------------------------------------------------------------------------------

def _not_made(rules: RuleSet, row_id: str) -> Figure:
    """The figure of a row the dice do not make: the same each time, made once per rule set."""
    memo = rules.memos.of(rules).kept
    figure = memo.get(row_id)
    if figure is None:
        name = rules._name(row_id).lower().replace("rené", "René").replace("marcel", "Marcel")
        key = "explain.no_vowel_figure" if name[0] in "aeiouéè" else "explain.no_figure"
        figure = memo[row_id] = rules._fig(row_id, 0, Message(key, name=name), base=0)
    return figure


def _kept_figure(rules: RuleSet, key: Hashable, make: Callable[[], Figure]) -> Figure:
    """The figure kept under ``key`` by the rule set (made by ``make`` the first time): a
    figure made is fixed by its row, where its groups lie, its harmony and whether it is the
    first roll, a few hundred cases that come back all the time."""
    memo = rules.memos.of(rules).kept
    figure = memo.get(key)
    if figure is None:
        figure = make()
        if len(memo) < MOST_REMEMBERED:
            memo[key] = figure
    return figure


def _figure(rules: RuleSet, row_id: str, bins: _Bins, roll: int,
            only: int | None = None) -> Figure:
    """A row of the yams, suites or combinaisons section: the best dice, harmony, first roll
    (``only``: a géante made with that value only)."""
    plain = _search(row_id, bins, _PLAIN, only)
    if plain is None:
        return _not_made(rules, row_id)
    s = rules.settings
    fixed: int | None = None if row_id in _GEANTE else s["bases"][row_id]
    geante_factor: int = s["geante_factor"]

    def base_of(found: tuple[int, _Where]) -> int:
        return geante_factor * found[0] if fixed is None else fixed

    best, best_mode = plain, _PLAIN
    best_base = best_score = base_of(plain)
    hf = s["harmony_factor"]
    if hf > 1 and _LARGEST[row_id] <= s["harmony_max_group"]:
        for mode in (_COLOUR, _SIZE):
            found = _search(row_id, bins, mode, only)
            if found is not None and base_of(found) * hf > best_score:
                best, best_mode = found, mode
                best_base = base_of(found)
                best_score = best_base * hf
    return _kept_figure(rules, (row_id, best_mode[0], best[1], roll == 1),
                       lambda: _made(rules, row_id, best_mode, best, best_base, roll))


def _made(rules: RuleSet, row_id: str, mode: _Mode, found: tuple[int, _Where], base: int,
          roll: int) -> Figure:
    """The figure of a row made in ``mode`` (``found`` by :func:`_search`), with its factors."""
    s = rules.settings
    hf = s["harmony_factor"]
    factors: dict[str, int] = {}
    harmony = mode[0]
    if harmony:
        factors["harmonie"] = hf
    if roll == 1:
        factors["premier_jet"] = s["first_roll_factor"]
    score = base
    for f in factors.values():
        score *= f
    said = _groups(row_id, mode, found[1])
    shown = Joined(" + ", said)
    groups = [g.text("fr") for g in said]          # the figure's detail keeps them in French
    if row_id in _GEANTE:
        n = _GEANTE[row_id]
        value = found[0] // n
        # as the seed writes them: 10 x (5 + 5), 10 x (4 + 4 + 4), 10 x (4 x 6)
        dice = f"({n} x {value})" if n >= 4 else "(" + " + ".join([str(value)] * n) + ")"
        parts = [Message("explain.geante_harmony" if harmony else "explain.geante",
                         what=_GEANTE_WORD[n], value=value, groups=shown,
                         factor=s["geante_factor"], dice=dice, base=base)]
    else:
        parts = [Message("explain.groups", name=rules._name(row_id), groups=shown, base=base)]
    if harmony:
        parts.append(Message("explain.times_harmony_colour" if harmony == "couleur"
                             else "explain.times_harmony_size", factor=hf))
    if roll == 1:
        parts.append(Message("explain.times_first_roll", factor=s["first_roll_factor"]))
    if factors:
        parts.append(Message("explain.equals", score=score))
    return rules._fig(row_id, score, Joined("", parts), base=base, factors=factors,
                      harmony=harmony, groups=groups)


def _chiffre(rules: RuleSet, value: int, bins: _Bins) -> Figure:
    """Row ``value`` (D6): value x dice showing it, doubled when all the dice of one colour,
    or all the dice of one size, show it."""
    n = bins.plain[value - 1]
    hf = rules.settings["harmony_factor"]
    harmony = _all_of_a_label(bins, value) if n and hf > 1 else None
    return _kept_figure(rules, (str(value), n, harmony),
                       lambda: _chiffre_figure(rules, value, n, harmony))


def _all_of_a_label(bins: _Bins, value: int) -> tuple[str, str, int] | None:
    """(harmony, label's plural name, how many dice) when all the dice of one colour, else of
    one size, show ``value`` (the first label found), or None."""
    v = value - 1
    for kind, names, cells in (("couleur", _COLOUR[1], bins.colour),
                               ("taille", _SIZE[1], bins.size)):
        for lab in (0, 1):
            total = sum(cells[lab::2])
            if total and cells[2 * v + lab] == total:
                return kind, names[lab], total
    return None


def _chiffre_figure(rules: RuleSet, value: int, n: int,
                    harmony: tuple[str, str, int] | None) -> Figure:
    """Row ``value`` with ``n`` dice showing it, in harmony or not (see :func:`_chiffre`)."""
    row_id = str(value)
    extra: dict[str, Any] = {"ones": n} if value == 1 else {}
    if n == 0:
        return rules._fig(row_id, 0, Message("explain.upper_none", value=value), base=0, **extra)
    base = n * value
    upper = Message("explain.upper", value=value, n=n, score=base)
    if harmony is None:
        return rules._fig(row_id, base, upper, base=base, **extra)
    kind, names, count = harmony
    hf = rules.settings["harmony_factor"]
    score = base * hf
    parts = [upper, Message("explain.times_harmony_colour_all" if kind == "couleur"
                            else "explain.times_harmony_size_all",
                            factor=hf, count=_in_words(count), value=value,
                            dice=Message(_LABEL_WORDS[names])),
             Message("explain.equals", score=score)]
    return rules._fig(row_id, score, Joined("", parts), base=base,
                      factors={"harmonie": hf}, harmony=kind, **extra)


def _difference(rules: RuleSet, row_id: str, bins: _Bins) -> Figure:
    values = bins.values
    total = sum(values)
    return rules._fig(row_id, total, Message(
        "explain.sum", name=rules._name(row_id), dice=" + ".join(map(str, values)), total=total))


def _score(rules: RuleSet, row_id: str, bins: _Bins, roll: int) -> Figure:
    if row_id in _SHAPE:
        return _figure(rules, row_id, bins, roll)
    if row_id in ("plus", "moins"):
        return _difference(rules, row_id, bins)
    return _chiffre(rules, int(row_id), bins)


def score_all(rules: RuleSet, dice: Dice, roll: int) -> list[Figure]:
    """Every row of ``rules.rows``, in grid order, scored for these ten dice after ``roll``
    rolls."""
    bins = _Bins(dice)
    return [_score(rules, row.id, bins, roll) for row in rules.rows]


def score_one(rules: RuleSet, row_id: str, dice: Dice, roll: int) -> Figure:
    """The figure ``dice`` make in ``row_id`` after ``roll`` rolls (score 0 when not made)."""
    return _score(rules, row_id, _Bins(dice), roll)


def score_geante(rules: RuleSet, row_id: str, value: int, dice: Dice, roll: int) -> Figure:
    """The géante ``row_id`` made with ``value`` only: a sixth roll announced it (D9)."""
    return _figure(rules, row_id, _Bins(dice), roll, only=value)
