"""The rule families and the registry that finds one by name (French aliases welcome)."""

from __future__ import annotations

from ..errors import ConfigError
from .base import Figure, Row, RuleSet, Section, Setup, normalise_id
from .classic import ClassicRules
from .double import DoubleRules
from .duel import DuelRules
from .gaby import GabyRules

RULESETS: tuple[type[RuleSet], ...] = (ClassicRules, GabyRules, DoubleRules, DuelRules)


def rules_class(name: str) -> type[RuleSet]:
    """The rule family called ``name`` (its id or an alias), or a ConfigError listing them."""
    key = normalise_id(name)
    for cls in RULESETS:
        if key == cls.family or key in cls.aliases:
            return cls
    known = ", ".join(c.family for c in RULESETS)
    raise ConfigError(f"unknown rule set '{name}'", f"jeu de règles « {name} » inconnu",
                      expected=known)


def get_rules(name: str, settings: dict | None = None) -> RuleSet:
    """An instance of the rule family ``name`` with default (or given) settings."""
    return rules_class(name)(settings)


__all__ = ["Figure", "Row", "RuleSet", "Section", "Setup", "RULESETS", "get_rules", "rules_class",
           "ClassicRules", "GabyRules", "DoubleRules", "DuelRules"]
