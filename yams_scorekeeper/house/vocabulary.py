"""The words of a house sheet: its parts (rows, sections, bonuses, columns) as frozen values.

A house sheet is plain data: :mod:`.reader` checks a file (or a stored document) against the
vocabulary below and builds these values; :mod:`.rules` turns them into a rule set. Nothing here
reads a file. Every key, kind and parameter is documented for users in
``docs/guide/house-sheets.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the kinds of row and the scorings each kind takes (the first is the default)
ROW_SCORINGS: dict[str, tuple[str, ...]] = {
    "upper": ("count",),
    "kind": ("group", "all", "fixed", "base+group", "base+all"),
    "full": ("fixed", "all", "fixed+all"),
    "straight": ("fixed", "sum", "fixed+sum", "by-run"),
    "yams": ("fixed", "base+all"),
    "chance": ("sum",),
    "two-pairs": ("group", "all", "fixed"),
    "rigole": ("fixed", "sum"),
    "kind-and": ("fixed", "all", "group", "base+group", "base+all"),
    "groups": ("group", "all", "fixed"),
    "plus": ("sum",),
    "moins": ("sum",),
}
#: the die a ``kind-and`` row needs beside its n alike: the opposite face (7 - v), or a value
OTHER_DIE = ("opposite", "value")
#: the shapes of a straight: the dice show 1-2-3-4-5, 2-3-4-5-6 or (six dice) 1-2-3-4-5-6, or any
#: run of ``length``
STRAIGHT_SHAPES = ("run", "1-5", "2-6", "1-6")
#: how many dice a sheet is played with
DICE_COUNTS = (5, 6)
#: the column kinds and their roll limit when the file gives none (None: no limit)
COLUMN_KINDS: dict[str, int | None] = {
    "libre": None, "descendante": None, "montante": None, "imposee": None,
    "seche": 1, "demi-seche": 2, "annoncee": None,
}
#: the joker rules for a yams rolled when the yams row is filled (Yahtzee H4: forced)
JOKER_RULES = ("none", "forced", "free")
#: the readings of plus and moins: C3 (the other only while plus stays above moins) or Y3
#: (both written freely, both 0 when plus is not above moins)
PLUS_MOINS_READINGS = ("C3", "Y3")
#: where a bonus counts: in each column, or once for the whole sheet
BONUS_SCOPES = ("column", "sheet")
#: when a bonus is given: once its rows reach the threshold, or only when all are filled
BONUS_WHEN = ("reached", "filled")
#: the document format a game stores
FORMAT = "yams-house/1"


@dataclass(frozen=True)
class RowSpec:
    """One row: its id, names, kind and scoring with their numbers, optional rule text."""

    id: str
    name: str
    name_en: str
    section: str
    kind: str
    score: str
    value: int = 0          # upper: the value counted
    n: int = 0              # kind: at least n alike
    points: int = 0         # fixed scores (and the fixed part of fixed+all, fixed+sum)
    base: int = 0           # base+group, base+all
    yams: bool = False      # full: five alike count as a full
    shape: str = "run"      # straight
    length: int = 0         # straight run: how many values in a row
    distinct: bool = True   # two-pairs: the pairs must be of different values
    runs: tuple[tuple[int, int], ...] = ()  # straight by-run: (first value, points) per run
    other: str = "opposite"  # kind-and: the die beside the n alike (OTHER_DIE)
    sizes: tuple[int, ...] = ()  # groups: the groups of alike dice, each of another value
    dice: int = 5           # the sheet's dice count (not a key of the row)
    text: str = ""
    text_en: str = ""


@dataclass(frozen=True)
class SectionSpec:
    """A block of rows totalled together."""

    id: str
    name: str
    name_en: str


@dataclass(frozen=True)
class BonusSpec:
    """A threshold table over some rows (the highest step reached gives its bonus), or a
    formula of their total: ``base + (total - threshold) x per`` from the threshold on, at
    most ``cap``."""

    id: str
    name: str
    name_en: str
    rows: tuple[str, ...]
    steps: tuple[tuple[int, int], ...]
    scope: str
    when: str
    threshold: int | None = None    # a formula bonus: where it starts
    base: int = 0
    per: int = 1
    cap: int | None = None

    def given(self, total: int) -> int:
        """The bonus the rows' total earns (before the ``when`` rule)."""
        if self.threshold is None:
            return max((b for t, b in self.steps if total >= t), default=0)
        if total < self.threshold:
            return 0
        got = self.base + (total - self.threshold) * self.per
        return got if self.cap is None else min(got, self.cap)


@dataclass(frozen=True)
class ColumnSpec:
    """A column: its kind, order (imposee), roll limit (seche, demi-seche), factor."""

    id: str
    name: str
    name_en: str
    kind: str
    factor: int = 1
    optional: bool = False
    order: tuple[str, ...] | None = None
    rolls: int | None = None


@dataclass(frozen=True)
class SheetSpec:
    """A whole house sheet, as checked."""

    title: str
    rolls: int
    min_players: int
    max_players: int
    yams_servi: int
    extra_yams: int
    joker: str
    plus_moins: str
    die_jokers: int
    die_jokers_per_turn: int
    sections: tuple[SectionSpec, ...]
    rows: tuple[RowSpec, ...]
    bonuses: tuple[BonusSpec, ...]
    columns: tuple[ColumnSpec, ...]
    dice: int = 5               # dice thrown
    saved_rolls: bool = False   # a turn's unused rolls are saved for the next turns

    def row(self, row_id: str) -> RowSpec:
        return next(r for r in self.rows if r.id == row_id)

    def rows_of(self, kind: str) -> tuple[RowSpec, ...]:
        return tuple(r for r in self.rows if r.kind == kind)
