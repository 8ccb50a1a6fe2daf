"""The rule families and the registry that finds one by name (French aliases welcome).

A family's module is imported when that family is asked for (:data:`FAMILIES` says where
each lives): a one-shot command on a classic game loads the classic rules only. An alias
(``yam``, ``double-yams``) is looked up in every family, all imported then.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from ..base.errors import ConfigError
from ..i18n import Message
from .base import Figure, Row, RuleSet, Section, Setup, normalise_id

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from .classic import ClassicRules
    from .double import DoubleRules
    from .duel import DuelRules
    from .gaby import GabyRules
    from .yahtzee import YahtzeeRules
    from .yatzy import YatzyRules

    RULESETS: tuple[type[RuleSet], ...]

#: each family id, in registry order, and its class as ``module:ClassName`` (of this package)
FAMILIES: dict[str, str] = {
    "classic": "classic:ClassicRules", "gaby": "gaby:GabyRules", "double": "double:DoubleRules",
    "duel": "duel:DuelRules", "yatzy": "yatzy:YatzyRules", "yahtzee": "yahtzee:YahtzeeRules",
}
#: the family a command plays when none is named
DEFAULT_FAMILY = next(iter(FAMILIES))


def family_ids() -> str:
    """The registered family ids, comma-separated, in registry order (for prompts and errors)."""
    return ", ".join(FAMILIES)


@cache
def _family_class(family: str) -> type[RuleSet]:
    module, _, name = FAMILIES[family].partition(":")
    cls: type[RuleSet] = getattr(import_module(f"{__name__}.{module}"), name)
    return cls


def rules_class(name: str) -> type[RuleSet]:
    """The rule family called ``name`` (its id or an alias), or a ConfigError listing them."""
    key = normalise_id(name)
    if key in FAMILIES:
        return _family_class(key)
    for family in FAMILIES:
        cls = _family_class(family)
        if key in cls.aliases:
            return cls
    known = family_ids()
    raise ConfigError(Message("rules.unknown_rule_set", name=name),
                      expected=known)


@cache
def stopped_game_wins(family: str | None) -> bool:
    """Whether a game stopped before the sheets are full still has a winner (G7: Gaby, Y9);
    False for a family this registry does not know."""
    if not family:
        return False
    try:
        return rules_class(family).stopped_game_has_winner
    except ConfigError:
        return False


def get_rules(name: str, settings: dict[str, Any] | None = None) -> RuleSet:
    """An instance of the rule family ``name`` with default (or given) settings."""
    return rules_class(name)(settings)


#: the classes read through the module's attributes (``rules.ClassicRules``), each imported
#: when first asked for
_CLASSES = {spec.partition(":")[2]: family for family, spec in FAMILIES.items()}


def __getattr__(name: str) -> Any:
    """``RULESETS`` (every family class, in registry order) and the family classes by name,
    imported when first asked for."""
    if name == "RULESETS":
        value: Any = tuple(_family_class(family) for family in FAMILIES)
    elif name in _CLASSES:
        value = _family_class(_CLASSES[name])
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = ["Figure", "Row", "RuleSet", "Section", "Setup", "DEFAULT_FAMILY", "FAMILIES",
           "family_ids", "RULESETS", "get_rules", "rules_class", "stopped_game_wins",
           "ClassicRules", "GabyRules", "DoubleRules", "DuelRules",
           "YatzyRules", "YahtzeeRules"]
