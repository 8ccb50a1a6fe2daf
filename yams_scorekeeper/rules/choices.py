"""The words of a family's choices: a row, column, option, variant or direction as a player
types it (accents, case, spaces and dashes forgiven), made its id. Made once a family and
kept on its class."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .base import RuleSet


def choice_ids(rules: type[RuleSet]) -> dict[str, str]:
    """Every displayed name and spelling of a family's columns, options, optional rows,
    presets, variants and directions, compact (no dash), -> its id; made once a family and
    kept on its class (``_choice_ids``)."""
    made: dict[str, str] | None = vars(rules).get("_choice_ids")
    if made is not None:
        return made
    pairs = [*rules.column_names.items(), *rules.variants.items(),
             *((o, rules.option_labels.get(o, o)) for o in rules.options),
             *((r.id, r.name) for r in rules.rows if r.optional),
             *((p, p) for p in rules.presets), *((d, d) for d in rules.directions)]
    ids: dict[str, str] = {}
    for key, name in pairs:
        for text in (key, name):
            ids[normalise_id(text).replace("-", "")] = key
    for key, _ in pairs:        # K1: an id names its own part, whatever another's name says
        ids[normalise_id(key).replace("-", "")] = key
    for alias, key in rules.choice_aliases.items():
        ids.setdefault(alias.replace("-", ""), key)
    rules._choice_ids = ids
    return ids


def normalise_id(text: str) -> str:
    """Lower-case ASCII form of a row or column name: 'Carré' -> 'carre',
    'Demi sec' -> 'demi-sec'."""
    return text.strip().lower().translate(_ASCII)


_ASCII = str.maketrans("éèêëàâäîïôöûüùç _", "eeeeaaaiioouuuc--")
