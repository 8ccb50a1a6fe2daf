"""What the record book calls its parts and families: a column's or a section's name, a
house sheet's read from one of its games (the book keeps ids), a family's title."""

from __future__ import annotations

from typing import Any

from ..i18n import words


def part_name(family: str | None, part: str, lang: str) -> str:
    """French name of a column or section; the grand total in the user's language."""
    if part == "total":
        return words("cli.book", lang)["grand"]
    from ..base.errors import ConfigError
    from ..rules import RULESETS, rules_class

    try:
        families = [rules_class(family)] if family else list(RULESETS)
    except ConfigError:         # a house sheet's configuration: its parts go by their ids
        return part
    for cls in families:
        if part in cls.column_names:
            return cls.column_names[part]
    if family:
        for section in families[0].sections:
            if section.id == part:
                return section.name
    return part


def with_part_names(store, configs: dict[str, dict], lang: str) -> dict[str, dict]:
    """``configs`` of the record book, each house sheet's with ``part_names``: its columns' and
    sections' names in ``lang``, read from the sheet one of its games kept (the book keeps
    their ids)."""
    from ..base.errors import ConfigError, YamsError
    from ..house.sheet import house_from_doc
    from ..rules import rules_class

    named = {}
    for key, cfg in configs.items():
        try:
            rules_class(str(cfg.get("family")))
        except ConfigError:
            game = next((r.get("game") for r in cfg.get("records", {}).values()), None)
            entry: Any = store.archived_entry(game) if isinstance(game, str) else None
            try:
                spec = house_from_doc(entry["doc"]["config"]["house"]).spec
            except (TypeError, KeyError, YamsError):       # no game left, or none readable
                pass
            else:
                parts = {c.id: (c.name, c.name_en) for c in spec.columns}
                parts.update((s.id, (s.name, s.name_en)) for s in spec.sections)
                cfg = {**cfg, "part_names": {part: fr if lang == "fr" else en
                                             for part, (fr, en) in parts.items()}}
        named[key] = cfg
    return named


def family_title(family: str) -> str:
    """A family as people call it (``Duel au Yam``); its id when no rule set has it."""
    from ..base.errors import ConfigError
    from ..rules import rules_class

    try:
        return rules_class(family).title
    except ConfigError:
        return family
