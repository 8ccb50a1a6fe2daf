"""The grid as data: a row (id, name, section) and a section (the rows totalled together)."""

from __future__ import annotations

from dataclasses import dataclass


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
