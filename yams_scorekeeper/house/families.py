"""The built-in five-dice families as house files: the commented file a new house sheet starts
from (``yams house new NAME --from FAMILY``). The files are package data
(``house/sheets/<family>.toml``), the same as those shipped in ``examples/house/``."""

from __future__ import annotations

from importlib import resources

from ..errors import ConfigError
from ..rules import rules_class
from ..texts import Message


def family_sheets() -> tuple[str, ...]:
    """The families that have a house file, in the registry's order of file names."""
    folder = resources.files(__package__).joinpath("sheets")
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                        if p.name.endswith(".toml")))


def house_toml_from_family(family_id: str) -> str:
    """The commented house file of a built-in family (its id or an alias), as text."""
    family = rules_class(family_id).family
    if family not in family_sheets():
        raise ConfigError(Message("rules.house_no_family_sheet", family=family),
                          expected=", ".join(family_sheets()))
    path = resources.files(__package__).joinpath("sheets", f"{family}.toml")
    return path.read_text(encoding="utf-8")
