"""Totals of one player's sheet: column or section sums, bonuses, factors, grand total.

One function per family, chosen by :func:`sheet_totals`. ``parts`` holds what the record book
compares (classic and Gaby: each column's total; Double Yams: each section; Duel: chiffres and
figures), ``details`` the lines a paper sheet shows (sub-total, bonus, factor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Protocol

from .columns import Column
from .rules import RuleSet


class Written(Protocol):
    score: int
    ones: int


@dataclass(frozen=True)
class Totals:
    """What a sheet adds up to."""

    parts: dict[str, int]
    details: dict[str, dict[str, int]] = field(default_factory=dict)
    grand: int = 0

    def to_json(self) -> dict:
        return {"parts": self.parts, "details": self.details, "grand": self.grand}


Cells = Mapping[tuple[str, str], Written]


def _score(cells: Cells, col: str, row: str) -> int | None:
    mark = cells.get((col, row))
    return None if mark is None else mark.score


UPPER = ("1", "2", "3", "4", "5", "6")


def _upper(cells: Cells, col: str) -> tuple[int, bool]:
    scores = [_score(cells, col, r) for r in UPPER]
    return sum(s or 0 for s in scores), all(s is not None for s in scores)


def classic_totals(rules: RuleSet, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """Per column: rows 1-6, +bonus when all six are filled and reach the threshold (C4),
    the figures; grand total = sum of the columns."""
    s = rules.settings
    parts, details = {}, {}
    for col in columns:
        upper, complete = _upper(cells, col.id)
        bonus = s["bonus"] if complete and upper >= s["bonus_threshold"] else 0
        lower = sum(_score(cells, col.id, r) or 0 for r in col.rows if r not in UPPER)
        parts[col.id] = upper + bonus + lower
        details[col.id] = {"chiffres": upper, "bonus": bonus, "figures": lower,
                           "total": parts[col.id]}
    return Totals(parts, details, sum(parts.values()))


def gaby_totals(rules: RuleSet, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """Per column: rows 1-6 (+bonus at the threshold, Y1), the figures with max/min both 0 when
    max <= min (Y3), times the column factor (Y5); grand total = sum of the columns."""
    s = rules.settings
    parts, details = {}, {}
    for col in columns:
        upper, _ = _upper(cells, col.id)
        bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
        lower = sum(_score(cells, col.id, r) or 0 for r in col.rows if r not in UPPER)
        hi, lo = _score(cells, col.id, "max"), _score(cells, col.id, "min")
        cancelled = hi is not None and lo is not None and hi <= lo
        if cancelled:
            lower -= hi + lo
        raw = upper + bonus + lower
        parts[col.id] = raw * col.factor
        details[col.id] = {"chiffres": upper, "bonus": bonus, "figures": lower,
                           "max_min_annules": int(cancelled), "facteur": col.factor,
                           "total": parts[col.id]}
    return Totals(parts, details, sum(parts.values()))


def double_totals(rules: RuleSet, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """Five sections (D3): chiffres with the highest bonus step reached (D8), yams, suites,
    combinaisons, and difference = (plus - moins) x the number of 1s written in row 1."""
    col = columns[0].id
    sections = {sec.id: sec.rows for sec in rules.sections}
    parts, details = {}, {}
    upper = sum(_score(cells, col, r) or 0 for r in sections["chiffres"])
    bonus = 0
    for threshold, amount in rules.settings["chiffres_bonus"]:
        if upper >= threshold:
            bonus = max(bonus, amount)
    parts["chiffres"] = upper + bonus
    details["chiffres"] = {"chiffres": upper, "bonus": bonus, "total": parts["chiffres"]}
    for sec in ("yams", "suites", "combinaisons"):
        parts[sec] = sum(_score(cells, col, r) or 0 for r in sections[sec])
        details[sec] = {"total": parts[sec]}
    plus, moins = _score(cells, col, "plus") or 0, _score(cells, col, "moins") or 0
    one = cells.get((col, "1"))
    ones = one.ones if one is not None else 0
    parts["difference"] = (plus - moins) * ones
    details["difference"] = {"plus": plus, "moins": moins, "nombre_de_1": ones,
                             "total": parts["difference"]}
    return Totals(parts, details, sum(parts.values()))


def duel_totals(rules: RuleSet, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """Rows 1-6 with +bonus at the threshold (U3), then the figures."""
    s = rules.settings
    col = columns[0].id
    upper, _ = _upper(cells, col)
    bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
    lower = sum(_score(cells, col, r) or 0 for r in columns[0].rows if r not in UPPER)
    parts = {"chiffres": upper + bonus, "figures": lower}
    details = {"chiffres": {"chiffres": upper, "bonus": bonus, "total": upper + bonus},
               "figures": {"total": lower}}
    return Totals(parts, details, upper + bonus + lower)


_BY_FAMILY = {"classic": classic_totals, "gaby": gaby_totals, "double": double_totals,
              "duel": duel_totals}


def sheet_totals(rules: RuleSet, columns: tuple[Column, ...], cells: Cells) -> Totals:
    """The totals of one player's sheet under ``rules``."""
    return _BY_FAMILY[rules.family](rules, columns, cells)
