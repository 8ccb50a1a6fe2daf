"""Numbers for people, in French or English: decimal commas, the French colon.

(Plurals are the catalogue's: ``ngettext`` entries of :mod:`yams_scorekeeper.i18n`.)

- :func:`number`: a total or an average, ``1 093,3`` in French (a narrow no-break space between
  thousands, a decimal comma), ``1093.3`` in English;
- :func:`fill`: ``str.format`` in a language: a float comes out with a decimal comma in French
  whatever its format (``{e:.2f}`` gives ``12,50``).

The core's explanations and every command use it; standard library only, no I/O.
"""

from __future__ import annotations

import string
from typing import Any

#: between thousands in French numbers (U+202F, as the French stats tables print them)
THOUSANDS_FR = "\u202f"


def colon(lang: str) -> str:
    """``" : "`` in French (a space before the colon, as before ``; ? !``), ``": "`` in English."""
    return " : " if lang == "fr" else ": "


def french_digits(text: str) -> str:
    """``1,093.3`` (Python's form) -> ``1 093,3``."""
    return text.replace(",", THOUSANDS_FR).replace(".", ",")


def number(value: float | None, lang: str = "en") -> str:
    """A total or an average: no decimals when whole, else one; ``-`` for none. French
    numbers in French (``1 093,3``); English without a thousands separator (``1093.3``)."""
    if value is None:
        return "-"
    text = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
    if lang == "fr":
        return french_digits(text)
    return text.replace(",", "")


class _Filler(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        text = format(value, format_spec)
        if self.lang == "fr" and isinstance(value, float):
            text = french_digits(text)
        return text


def fill(template: str, lang: str, **values: Any) -> str:
    """``template.format(**values)`` in ``lang``: decimal commas in French."""
    return _Filler(lang).format(template, **values)
