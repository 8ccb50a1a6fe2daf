"""What every rule family shares: rows as data, a figure per row, settings, and the scoring hooks.

A family is a small subclass of :class:`RuleSet` that sets class attributes (rows, sections,
dice count, roll allowance, default settings) and implements :meth:`RuleSet.score_row`
(and, where a shared search pays, :meth:`RuleSet.figures`). Like python-chess variants, a
subclass overrides a few documented hooks and nothing else. The core never prints or does I/O.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from ..dice import Dice, parse_plain, parse_roll
from ..errors import ConfigError, EntryError


@dataclass(frozen=True)
class Row:
    """One line of the grid: stable ASCII id, French display name, section id."""

    id: str
    name: str
    section: str
    optional: bool = False


@dataclass(frozen=True)
class Section:
    """A block of rows that is totalled together (chiffres, figures, ...)."""

    id: str
    name: str
    rows: tuple[str, ...]


@dataclass(frozen=True)
class Figure:
    """The score the dice make in one row, and why.

    ``base`` is the score before multipliers, ``factors`` the multipliers applied
    (e.g. ``{"premier_jet": 3, "harmonie": 2}``), ``explain`` a French sentence a player can
    check at the table. ``detail`` carries what a sheet needs later (e.g. how many 1s were
    written, for the Double Yams difference).
    """

    row: str
    section: str
    score: int
    base: int
    explain: str
    factors: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False)
    detail: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def made(self) -> bool:
        """True when the dice make the figure (a non-zero score)."""
        return self.score != 0

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "section": self.section, "score": self.score, "base": self.base,
                "factors": dict(self.factors), "explain": self.explain}


def counts(dice: Dice) -> Counter:
    """How many dice show each value."""
    return Counter(d.value for d in dice)


class RuleSet:
    """A rule family. Subclasses set the class attributes and implement ``score_row``.

    Instances carry the settings (every number a ruling calls a setting); the registry hands
    out instances with the default settings, and ``with_settings`` makes a club's variant.
    """

    #: registry name, French display name, other names accepted on the command line
    family: ClassVar[str] = ""
    title: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    #: the seed text and ruling prefix this family comes from
    source: ClassVar[str] = ""
    dice_count: ClassVar[int] = 5
    tagged: ClassVar[bool] = False
    #: most rolls a coup may take (Double Yams: 5, plus the announced sixth roll)
    max_rolls: ClassVar[int] = 3
    rows: ClassVar[tuple[Row, ...]] = ()
    sections: ClassVar[tuple[Section, ...]] = ()
    defaults: ClassVar[dict[str, Any]] = {}
    dice_example: ClassVar[str] = "5 5 5 3 3"
    #: dictionary settings that take new keys (Gaby's petit: a score for another sum)
    open_settings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, settings: Mapping[str, Any] | None = None):
        self.settings: dict[str, Any] = copy.deepcopy(self.defaults)
        for key, value in (settings or {}).items():
            self._set(key, value)
        self._rows = {r.id: r for r in self.rows}

    def _set(self, key: str, value: Any) -> None:
        """Change one setting: ``bonus``, or ``bases.youpi`` inside a dictionary setting. A
        dictionary given whole is merged into the default one; the kind of every value is
        checked, so a club's house rule can never break scoring later."""
        path = key.split(".")
        target, default = self.settings, self.defaults
        for part in path[:-1]:
            if not isinstance(default.get(part), dict):
                raise self._unknown_setting(key, default)
            target, default = target[part], default[part]
        last = path[-1]
        if last not in default and ".".join(path[:-1]) not in self.open_settings:
            raise self._unknown_setting(key, default)
        if isinstance(default.get(last), dict):
            if not isinstance(value, dict):
                raise self._bad_setting(key, "an object of settings", '{"youpi": 30}')
            for sub, sub_value in value.items():
                self._set(f"{key}.{sub}", sub_value)
            return
        if isinstance(default.get(last), list):
            ok = isinstance(value, list) and all(
                isinstance(step, list) and len(step) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in step)
                for step in value)
            if not ok:
                raise self._bad_setting(key, "a list of [threshold, bonus] pairs",
                                        "[[105, 30], [126, 60]]")
        elif not isinstance(value, int) or isinstance(value, bool):
            raise self._bad_setting(key, "a whole number", "60")
        elif value < _least(key):
            raise self._bad_setting(key, f"at least {_least(key)}", str(max(_least(key), 1)))
        target[last] = copy.deepcopy(value)

    def _unknown_setting(self, key: str, known: dict) -> ConfigError:
        return ConfigError(f"unknown setting '{key}' for {self.family}",
                           f"réglage « {key} » inconnu pour {self.family}",
                           expected=", ".join(sorted(known)))

    def _bad_setting(self, key: str, what: str, example: str) -> ConfigError:
        return ConfigError(f"setting '{key}' must be {what}",
                           f"le réglage « {key} » attend une autre valeur ({what})",
                           expected=example)

    def with_settings(self, **overrides: Any) -> "RuleSet":
        """A copy of this rule set with some settings changed (a house rule)."""
        merged = {**self.settings, **overrides}
        return type(self)(merged)

    # -- input -------------------------------------------------------------------------------

    def parse_dice(self, entry: str | list[str] | tuple[str, ...]) -> Dice:
        """Read the dice as typed for this family (tagged or not)."""
        return parse_plain(entry, self.dice_count)

    def parse_roll(self, roll: str | int, maximum: int | None = None) -> int:
        """Read a roll number, checked against ``maximum`` (default: the family's allowance)."""
        return parse_roll(roll, self.max_rolls if maximum is None else maximum)

    def row(self, row_id: str) -> Row:
        """The row with this id (accents and case forgiven), or an EntryError listing the ids."""
        row = self._rows.get(row_id)
        if row is not None:
            return row
        key = normalise_id(row_id)
        for row in self.rows:
            if key in (row.id, normalise_id(row.name)):
                return row
        ids = " ".join(r.id for r in self.rows)
        raise EntryError(f"no row '{row_id}' in {self.title}",
                         f"pas de ligne « {row_id} » au {self.title}", expected=ids)

    def section_of(self, row_id: str) -> str:
        return self._rows[row_id].section

    # -- scoring hooks -----------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:  # pragma: no cover
        """Hook: the figure the dice make in ``row_id`` after ``roll`` rolls (0 if not made)."""
        raise NotImplementedError

    def figures(self, dice: Dice, roll: int) -> list[Figure]:
        """Every row of the family, in grid order, with its score and explanation."""
        return [self.score_row(r.id, dice, roll) for r in self.rows]

    def figure(self, row_id: str, dice: Dice, roll: int) -> Figure:
        return self.score_row(self.row(row_id).id, dice, roll)

    # helpers for subclasses
    def _fig(self, row_id: str, score: int, explain: str, base: int | None = None,
             factors: Mapping[str, int] | None = None, **detail: Any) -> Figure:
        return Figure(row_id, self._rows[row_id].section, score, score if base is None else base,
                      explain, dict(factors or {}), detail)

    def _name(self, row_id: str) -> str:
        return self._rows[row_id].name


def _least(key: str) -> int:
    """Smallest sensible value of a numeric setting: counts of rolls and factors start at 1."""
    if key.endswith("factor") or key.startswith("column_factors.") or key in (
            "rolls_per_turn", "pool", "harmony_max_group"):
        return 1
    return 0


def normalise_id(text: str) -> str:
    """Lower-case ASCII form of a row or column name: 'Carré' -> 'carre', 'Demi sec' -> 'demi-sec'."""
    return text.strip().lower().translate(_ASCII)


_ASCII = str.maketrans("éèêëàâäîïôöûüùç _", "eeeeaaaiioouuuc--")


def run_values(dice: Dice) -> set[int]:
    return {d.value for d in dice}


def upper_figure(rules: RuleSet, value: int, dice: Dice) -> Figure:
    """Rows 1-6 of the five-dice families: value x number of dice showing it."""
    n = counts(dice)[value]
    row_id = str(value)
    if n == 0:
        return rules._fig(row_id, 0, f"Aucun {value} : 0")
    return rules._fig(row_id, n * value, f"Les {value} : {n} x {value} = {n * value}")
