"""A rule set's settings (every number a ruling calls a setting): copied from the family's
defaults and changed one by one, each value's kind and range checked, so that a club's house
rule can never break scoring later."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..base.errors import ConfigError
from ..i18n import Message

if TYPE_CHECKING:
    from typing import Any

#: largest value of a numeric setting (scores, bonuses, factors); counts of rolls stop at 100
MOST_SETTING = 10_000


def copied(value: Any) -> Any:
    """A copy of settings (dictionaries, lists, numbers, text): ``copy.deepcopy``, quicker."""
    if type(value) is dict:
        return {k: v if type(v) is int else copied(v) for k, v in value.items()}
    if type(value) is list:
        return [copied(v) for v in value]
    if isinstance(value, (dict, list)):       # a subclass: copy's own way (rare)
        import copy

        return copy.deepcopy(value)
    return value


def set_setting(settings: dict[str, Any], defaults: Mapping[str, Any],
                open_settings: tuple[str, ...], family: str, key: str, value: Any) -> None:
    """Change one setting of ``settings`` (a family's, ``defaults`` its defaults): ``bonus``,
    or ``bases.youpi`` inside a dictionary setting (a new key only in ``open_settings``). A
    dictionary given whole is merged into the default one; the kind of every value is
    checked (a ConfigError naming the setting and what it takes)."""
    path = key.split(".")
    target, default = settings, defaults
    for part in path[:-1]:
        if not isinstance(default.get(part), dict):
            raise _unknown_setting(family, key, default)
        target, default = target[part], default[part]
    last = path[-1]
    if last not in default and ".".join(path[:-1]) not in open_settings:
        raise _unknown_setting(family, key, default)
    if isinstance(default.get(last), dict):
        if not isinstance(value, dict):
            raise _bad_setting(key, "an object of settings", '{"youpi": 30}')
        for sub, sub_value in value.items():
            set_setting(settings, defaults, open_settings, family, f"{key}.{sub}", sub_value)
        return
    if isinstance(default.get(last), list):
        ok = isinstance(value, list) and all(
            isinstance(step, list) and len(step) == 2
            and all(isinstance(x, int) and not isinstance(x, bool)
                    and 0 <= x <= MOST_SETTING for x in step)
            for step in value) and len(value) <= 100
        if not ok:
            raise _bad_setting(key, "a list of [threshold, bonus] pairs",
                               "[[105, 30], [126, 60]]")
    elif not isinstance(value, int) or isinstance(value, bool):
        raise _bad_setting(key, "a whole number", "60")
    elif not _least(key) <= value <= _most(key):
        raise _bad_setting(key, f"from {_least(key)} to {_most(key)}",
                           str(max(_least(key), 1)))
    target[last] = copied(value)


def _unknown_setting(family: str, key: str, known: Mapping[str, Any]) -> ConfigError:
    return ConfigError(Message("rules.unknown_setting", key_=key, family=family),
                       expected=", ".join(sorted(known)))


def _bad_setting(key: str, what: str, example: str) -> ConfigError:
    return ConfigError(Message("rules.setting_must", key_=key, what=what), expected=example)


def _most(key: str) -> int:
    """Largest sensible value of a numeric setting: a score stays far below 10,000, rolls a
    turn below 100, a pool of rolls below 1,000 (a huge number would overflow the statistics
    later)."""
    if key in ("rolls_per_turn", "harmony_max_group") or key.endswith("per_turn"):
        return 100
    if key == "pool":
        return 1000
    return MOST_SETTING


def _least(key: str) -> int:
    """Smallest sensible value of a numeric setting: counts of rolls and factors start at 1."""
    if key.endswith("factor") or key.startswith("column_factors.") or key in (
            "rolls_per_turn", "pool", "harmony_max_group"):
        return 1
    return 0
