"""The built-in five-dice families as house files: the commented file a new house sheet starts
from (``yams house new NAME --from FAMILY``), with a family's settings written in.

The files are package data (``house/sheets/<family>.toml``), the one copy. A value that a
family's setting fixes carries a comment naming it, and is written from the family's class
(:func:`generated_text`): ``points = 25    # setting full_base`` (one setting), ``steps =
[[60, 20]]    # setting bonus_threshold bonus`` (its numbers in order), ``extra_yams = 100
# setting yahtzee_bonus * joker_rule`` (a product: 0 when the second is 0), ``joker =
"forced"    # setting joker_rule = none forced`` (a word by the setting's value).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..base.errors import ConfigError
from ..i18n import Message
from ..rules import get_rules, rules_class

if TYPE_CHECKING:
    from typing import Any

_TAG = re.compile(r"^(?P<key>[a-z_]+) = (?P<value>.*?)(?P<gap>\s+)# setting (?P<tag>.+)$")


def family_sheets() -> tuple[str, ...]:
    """The families that have a house file, by name."""
    from importlib import resources  # only here: a house game's turn reads no family file

    folder = resources.files(__package__).joinpath("sheets")
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                        if p.name.endswith(".toml")))


def house_toml_from_family(family_id: str, settings: Mapping[str, Any] | None = None) -> str:
    """The commented house file of a built-in family (its id or an alias), as text, with
    ``settings`` (the family's own, as ``yams new --setting`` takes them) written in. A family
    without a file, or a setting the file cannot say, is a ConfigError."""
    family = rules_class(family_id).family
    if family not in family_sheets():
        raise ConfigError(Message("rules.house_no_family_sheet", family=family),
                          expected=", ".join(family_sheets()))
    text = shipped_text(family)
    if not settings:
        return text
    rules = get_rules(family, dict(settings))       # checks the settings as the family does
    out, said = _written(text, rules.settings)
    for key, value in settings.items():
        keys = [f"{key}.{sub}" for sub in value] if isinstance(value, Mapping) else [key]
        for name in keys:
            if name not in said:
                raise ConfigError(Message("rules.house_setting_not_said", family=family,
                                          key_=name), expected=", ".join(sorted(said)))
    return out


def shipped_path(family: str) -> str:
    """The file of a family's house sheet in the package (``house/sheets/<family>.toml``)."""
    from importlib import resources

    return str(resources.files(__package__).joinpath("sheets", f"{family}.toml"))


def shipped_text(family: str) -> str:
    """The shipped house file of a family (its id), as text."""
    from importlib import resources

    return resources.files(__package__).joinpath("sheets", f"{family}.toml").read_text(
        encoding="utf-8")


def generated_text(family: str) -> str:
    """A family's house file with every number its settings fix written from the family's
    class (its defaults): the shipped file must be this (``scripts/gen_house_sheets.py``)."""
    return _written(shipped_text(family), get_rules(family).settings)[0]


def _written(text: str, settings: Mapping[str, Any]) -> tuple[str, set[str]]:
    """``text`` with each tagged value rewritten from ``settings``, and the settings said."""
    said: set[str] = set()
    lines = []
    for line in text.splitlines():
        match = _TAG.match(line)
        if match:
            value, names = _value(match.group("value"), match.group("tag"), settings)
            said |= names
            line = f"{match.group('key')} = {value}{match.group('gap')}# setting " \
                   f"{match.group('tag')}"
        lines.append(line)
    return "\n".join(lines) + "\n", said


def _setting(settings: Mapping[str, Any], name: str) -> Any:
    """A setting by name, ``column_factors.sec`` inside a dictionary setting."""
    value: Any = settings
    for part in name.split("."):
        value = value[part]
    return value


def _value(old: str, tag: str, settings: Mapping[str, Any]) -> tuple[str, set[str]]:
    """A tagged value rewritten from the settings, and the settings it says."""
    if " = " in tag:                                    # a word by the setting's value
        name, _, choices = tag.partition(" = ")
        words = choices.split()
        return f'"{words[min(int(_setting(settings, name)), len(words) - 1)]}"', {name}
    if " * " in tag:                                    # a product
        names = tag.split(" * ")
        product = 1
        for name in names:
            product *= int(_setting(settings, name))
        return str(product), set(names)
    names = tag.split()                                 # the numbers in order: every
    numbers = list(re.finditer(r"\d+", old))           # number, or the second of each pair
    targets = numbers if len(numbers) == len(names) else numbers[1::2]
    new = old
    for name, found in reversed(list(zip(names, targets, strict=True))):
        new = new[:found.start()] + str(int(_setting(settings, name))) + new[found.end():]
    return new, set(names)
