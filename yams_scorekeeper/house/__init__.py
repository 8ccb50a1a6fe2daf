"""House sheets: a family's own rules as a TOML file, scored, explained and advised like the
built-in families (issue 22).

- :func:`load_house` reads a file's text into a :class:`HouseSheet` (every part checked; a
  :class:`HouseFileError` names the line and the key);
- :func:`house_from_doc` reads back the rules a game document stored (``rules_doc``);
- :meth:`HouseSheet.ruleset` is its :class:`~yams_scorekeeper.rules.base.RuleSet`;
- :func:`house_toml_from_family` is the file that starts as a built-in sheet;
- :func:`solver_gaps` says what of a sheet the exact solver cannot solve.

The vocabulary is in :mod:`.vocabulary`, the reading of the file in :mod:`.reader`, the scores
in :mod:`.scoring`, the rule set in :mod:`.rules`, the rows in words in :mod:`.words`. Pure core:
no I/O but reading the text given (and the package's own family files).
"""

from __future__ import annotations

from .families import family_sheets, house_toml_from_family
from .reader import HouseFileError
from .rules import HouseRules, solver_gaps
from .sheet import HouseSheet, house_from_doc, load_house

__all__ = ["HouseFileError", "HouseRules", "HouseSheet", "family_sheets", "house_from_doc",
           "house_toml_from_family", "load_house", "solver_gaps"]
