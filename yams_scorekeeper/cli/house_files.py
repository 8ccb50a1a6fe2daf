"""The house sheets the commands name: ``--house FILE|NAME``, the folder of the saved ones, and
the one-time move of the ``--save-house`` presets of earlier versions into house files.

A house sheet is a TOML file (:mod:`yams_scorekeeper.house`). ``--house`` takes a path (it has
a folder separator or ends in ``.toml``), else the name of a saved one: ``NAME.toml`` in the
folder of saved house sheets, ``houses/`` in the user config folder for the default store, in
the store folder for a store named by ``--db``/``$YAMS_DB`` (where ``houses.json``, the presets,
always was). Only ``typer`` and the standard library at the top: the house package is imported
when a sheet is read.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from ..base.errors import ConfigError, EntryError
from ..base.safetext import has_invisible, has_unsafe, shown
from ..i18n import Joined, Message
from .options import Option

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..house import HouseSheet
    from ..rules.base import RuleSet
    from ..store import Store

#: how a saved house sheet's file name ends
SUFFIX = ".toml"
#: the largest house file read (a real one is a few kilobytes)
MAX_HOUSE_BYTES = 256 * 1024
#: a name a saved house sheet may have: its file name without the suffix
NAME_PATTERN = re.compile(r"[^\W_][\w.-]{0,39}")


def house_option(help: str = "A house sheet: a TOML file, or the name of a saved one "
                             "(yams house list).") -> Any:
    """``--house FILE|NAME``: a house sheet instead of a built-in family."""
    return Option(None, "--house", metavar="FILE|NAME", show_default=False, help=help)


def houses_folder(store: Store) -> str:
    """The folder of the saved house sheets that go with ``store`` (beside its presets)."""
    return os.path.join(os.path.dirname(store.houses_path), "houses")


def checked_name(name: str) -> str:
    """A house sheet's name as typed, refused unless it can be a file name on every system."""
    text = name.strip()
    if not NAME_PATTERN.fullmatch(text) or has_unsafe(text) or has_invisible(text):
        raise ConfigError(Message("cli.house.bad_name", name=shown(name[:40])),
                          expected="club, sirtin, maison-2026")
    return text


def is_path(text: str) -> bool:
    """True when ``--house`` names a file rather than a saved house sheet."""
    return text.endswith(SUFFIX) or "/" in text or os.sep in text


def saved_names(store: Store) -> list[str]:
    """The names of the saved house sheets, sorted (the presets moved first)."""
    migrate_presets(store)
    folder = houses_folder(store)
    try:
        names = os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(n[:-len(SUFFIX)] for n in names
                  if n.endswith(SUFFIX) and NAME_PATTERN.fullmatch(n[:-len(SUFFIX)]))


def house_path(store: Store, text: str) -> str:
    """The file ``--house`` names: the path given, the saved house sheet of that name, else
    the house sheet a built-in family ships under that name (``--house gaby``)."""
    if is_path(text):
        return text
    name = checked_name(text)
    path = os.path.join(houses_folder(store), name + SUFFIX)
    if name not in saved_names(store):
        from ..house.families import family_sheets, shipped_path

        if name in family_sheets():
            return shipped_path(name)
        raise ConfigError(Message("cli.house.no_such", name=name),
                          expected=", ".join(saved_names(store)) or "yams house new NAME")
    return path


def read_house(path: str, name: str | None = None, cache: str | None = None) -> HouseSheet:
    """The house sheet in the file ``path`` (``-``: standard input), named by its file name
    unless ``name`` is given; a bad file is one error naming its line and key. ``cache``: the
    cache folder whose entry of the same text spares the reading
    (:mod:`~yams_scorekeeper.store.house_cache`)."""
    from .files import read_text

    text = read_text(path, MAX_HOUSE_BYTES)
    stem = os.path.basename(path)
    stem = stem[:-len(SUFFIX)] if stem.endswith(SUFFIX) else stem
    name = name or (stem if path != "-" else "house")
    if cache is not None:
        from ..store.house_cache import cached_house

        return cached_house(text, name=name, source=path, cache=cache)
    from ..house import load_house

    return load_house(text, name=name, source=path)


def resolve_house(text: str, db: str | None) -> HouseSheet:
    """The house sheet of ``--house FILE|NAME`` (a name is looked up beside the store ``db``),
    read through the cache folder of that store."""
    from ..store.paths import solver_cache

    if not text.strip():
        raise EntryError(Message("cli.house.empty"), expected="--house sirtin.toml")
    if is_path(text):
        return read_house(text, cache=solver_cache(db))
    from .files import open_store

    return read_house(house_path(open_store(db), text), cache=solver_cache(db))


def command_sheet(rules_name: str | None, house: str | None, settings: dict[str, Any],
                  db: str | None) -> HouseSheet | None:
    """The house sheet ``--house`` names (None without it), refused with ``--rules`` or
    ``--setting``: a house sheet says all its rules."""
    if house is None:
        return None
    for option, given in (("--rules", rules_name is not None), ("--setting", bool(settings))):
        if given:
            raise ConfigError(Message("cli.house.option_does_not_go_with_house", option=option),
                              expected=f"--house {house}")
    return resolve_house(house, db)


def command_rules(rules_name: str | None, house: str | None, settings: dict[str, Any],
                  db: str | None) -> RuleSet:
    """The rule set a command plays: ``--house``'s sheet, else ``--rules`` (default: the first
    family) with its ``--setting`` values."""
    from ..rules import get_rules
    from .options import default_family

    sheet = command_sheet(rules_name, house, settings, db)
    if sheet is not None:
        return sheet.ruleset()
    return get_rules(rules_name or default_family(), settings or None)


def book_filter(rules_name: str | None, house: str | None) -> str | None:
    """The games ``--rules``/``--house`` choose in the record book (``records``, ``history``,
    ``stats``), as the store's family filter: a family id, the house family (every house
    sheet), ``house/NAME#`` (every version of the house sheet ``NAME``, each its own
    configuration), or None (every game). ``--house`` takes a file (its name is read from it)
    or a name, saved or not: games outlive their file."""
    from ..house import HouseRules
    from ..rules import rules_class

    if house is not None:
        if rules_name is not None:
            raise ConfigError(Message("cli.house.option_does_not_go_with_house",
                                      option="--rules"), expected=f"--house {house}")
        if not house.strip():
            raise EntryError(Message("cli.house.empty"), expected="--house sirtin")
        name = read_house(house).name if is_path(house) else checked_name(house)
        return f"{HouseRules.family}/{name}#"
    if rules_name is None:
        return None
    if rules_name.strip().lower() == HouseRules.family:
        return HouseRules.family
    return rules_class(rules_name).family


def book_chosen(chosen: str | None, family: str | None, config_key: str) -> bool:
    """Whether a configuration is among those :func:`book_filter` chose."""
    if chosen is None:
        return True
    if "/" in chosen:
        return config_key.startswith(chosen)
    return family == chosen


def solver_gaps(rules: RuleSet) -> Joined | None:
    """What of a house sheet the exact solver cannot solve, as one list to say (None for a
    built-in family, or a sheet it solves)."""
    from ..house import HouseRules
    from ..house import solver_gaps as gaps_of

    if not isinstance(rules, HouseRules):
        return None
    gaps = gaps_of(rules.sheet)
    return Joined(Message("explain.and"), gaps) if gaps else None


def say_heuristic_instead(rules: RuleSet, lang: str) -> None:
    """The note on stderr that a one-column house sheet's hint comes from the heuristic
    adviser, and why (nothing for a sheet the exact solver covers)."""
    from ..i18n import say
    from .render import echo

    gaps = solver_gaps(rules)
    if gaps is not None:
        echo(shown(say("cli.house.heuristic_instead", lang, title=rules.title, gaps=gaps)),
             err=True)


def earlier_versions(store: Store, sheet: HouseSheet) -> list[str]:
    """The identities of the sheets of the same name that finished games in ``store`` were
    played on, other than ``sheet``'s: its file was edited since (a new configuration, with
    records apart)."""
    from ..base.errors import StoreError

    family = sheet.ruleset().family
    prefix = f"{family}/{sheet.name}#"
    try:
        keys = [str(k) for k in store.config_totals()]
    except StoreError:
        return []
    found = {k[len(family) + 1:].split("/")[0] for k in keys if k.startswith(prefix)}
    return sorted(found - {sheet.identity})


def say_earlier_versions(store: Store, sheet: HouseSheet, lang: str) -> list[str]:
    """:func:`earlier_versions`, and when there are some a note on stderr saying that this
    sheet is a new configuration."""
    from ..i18n import say
    from .render import echo

    earlier = earlier_versions(store, sheet)
    if earlier:
        echo("note: " + shown(say("cli.house.edited", lang, name=sheet.name,
                                  identity=sheet.identity, earlier=", ".join(earlier))),
             err=True)
    return earlier


def migrate_presets(store: Store) -> list[str]:
    """Move the ``--save-house`` presets (``houses.json``: a family and its settings under a
    name) into house files, once: each one the vocabulary can say becomes ``NAME.toml`` in the
    saved folder unless one of that name is there. ``houses.json`` stays as it is: earlier
    versions read it, and ``yams play --house NAME`` goes on playing a preset as its family
    and settings (its games keep their records). Returns the names written."""
    from ..house import house_toml_from_family, load_house
    from .files import write_text

    if not os.path.exists(store.houses_path):
        return []
    written = []
    folder = houses_folder(store)
    for name, preset in store.house_rules().items():
        path = os.path.join(folder, name + SUFFIX)
        if not NAME_PATTERN.fullmatch(name) or os.path.exists(path):
            continue
        try:
            text = house_toml_from_family(str(preset.get("family")),
                                          dict(preset.get("settings") or {}))
            load_house(text, name=name)
        except ConfigError:
            continue                    # what the vocabulary cannot say stays a preset only
        os.makedirs(folder, exist_ok=True)
        write_text(path, text)
        written.append(name)
    return written
