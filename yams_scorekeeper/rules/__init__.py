"""The rule families and the registry that finds one by name (French aliases welcome)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..base.errors import ConfigError
from ..i18n import Message
from .base import Figure, Row, RuleSet, Section, Setup, normalise_id
from .classic import ClassicRules
from .double import DoubleRules
from .duel import DuelRules
from .gaby import GabyRules
from .yahtzee import YahtzeeRules
from .yatzy import YatzyRules

RULESETS: tuple[type[RuleSet], ...] = (ClassicRules, GabyRules, DoubleRules, DuelRules,
                                       YatzyRules, YahtzeeRules)
#: the family a command plays when none is named
DEFAULT_FAMILY = RULESETS[0].family


def family_ids() -> str:
    """The registered family ids, comma-separated, in registry order (for prompts and errors)."""
    return ", ".join(cls.family for cls in RULESETS)


def rules_class(name: str) -> type[RuleSet]:
    """The rule family called ``name`` (its id or an alias), or a ConfigError listing them."""
    key = normalise_id(name)
    for cls in RULESETS:
        if key == cls.family or key in cls.aliases:
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


__all__ = ["Figure", "Row", "RuleSet", "Section", "Setup", "DEFAULT_FAMILY", "family_ids",
           "RULESETS", "get_rules", "rules_class", "stopped_game_wins",
           "ClassicRules", "GabyRules", "DoubleRules", "DuelRules",
           "YatzyRules", "YahtzeeRules"]
