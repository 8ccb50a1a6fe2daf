"""A house sheet: its name, its canonical rules (the document a game stores), its identity,
the rule set it plays as, and its rows in words.

:func:`load_house` reads a file's text, :func:`house_from_doc` the rules a game document
stored (so a game replays the same way after the file changes). Both check every part.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import cached_property, lru_cache
from hashlib import sha256
from typing import TYPE_CHECKING

from ..base.safetext import shown
from ..i18n import Message
from .reader import (
    NAME,
    ROW_COMMON,
    ROW_KEYS,
    HouseFileError,
    check_depth,
    load_text,
    read_doc,
)
from .rules import HouseRules, house_rules_class
from .vocabulary import FORMAT, SheetSpec
from .words import row_rule

if TYPE_CHECKING:
    from typing import Any

#: how many hex digits of the rules' hash an identity keeps
HASH_DIGITS = 10


@dataclass(frozen=True)
class HouseSheet:
    """A checked house sheet. ``identity`` is ``name#hash``: two sheets with different rules
    never share it, and editing a file's rules makes a new one."""

    name: str
    spec: SheetSpec
    source: str = field(default="", compare=False)

    @property
    def rules_doc(self) -> dict[str, Any]:
        """The canonical rules (every default written out), as JSON-able data that
        :func:`house_from_doc` reads back to the same sheet."""
        return canonical_doc(self.name, self.spec)

    @cached_property
    def identity(self) -> str:
        return f"{self.name}#{rules_hash(self.spec)}"

    @cached_property
    def rules_class(self) -> type[HouseRules]:
        """The sheet's rule set class (made once for a sheet)."""
        return house_rules_class(self.spec, self.identity)

    def ruleset(self, settings: dict[str, Any] | None = None) -> HouseRules:
        """The sheet's rule set (a :class:`~yams_scorekeeper.rules.base.RuleSet`), with the
        default settings or ``settings`` (``bonus``, ``bonus_threshold``...)."""
        return self.rules_class(settings)

    def describe(self, lang: str = "en") -> list[tuple[str, str, str]]:
        """Each row as (id, name, its rule in words), in grid order."""
        return [(r.id, r.name if lang == "fr" else r.name_en, row_rule(self.spec, r, lang))
                for r in self.spec.rows]


#: the keys a document leaves out at their default, so that the sheets of five dice made
#: before they existed keep their document and identity
_UNSAID = (("dice", 5), ("saved_rolls", False))


def canonical_doc(name: str, spec: SheetSpec) -> dict[str, Any]:
    """The document of a sheet: the file's own keys, every default written out."""
    data = asdict(spec)
    rules: dict[str, Any] = {"format": FORMAT, "name": name}
    for key, value in data.items():
        if (key, value) in _UNSAID:
            continue
        if key in ("sections", "rows", "bonuses", "columns"):
            rules[key] = [_part(key, item) for item in value]
        else:
            rules[key] = value
    return rules


def _part(table: str, item: dict[str, Any]) -> dict[str, Any]:
    """One row, section, bonus or column with only the keys its kind takes."""
    out = {k: [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, tuple)
           else v for k, v in item.items() if v is not None}
    if table == "rows":
        taken = ROW_COMMON + ROW_KEYS[item["kind"]]
        out = {k: v for k, v in out.items() if k in taken}
        scoring = item["score"]
        if "fixed" not in scoring:
            out.pop("points", None)
        if "base" not in scoring:
            out.pop("base", None)
        if item["kind"] == "straight" and item["shape"] != "run":
            out.pop("length", None)
        if scoring != "by-run":
            out.pop("runs", None)
        if item["kind"] == "kind-and" and item["other"] != "value":
            out.pop("value", None)
    if table == "columns" and out.get("kind") != "imposee":
        out.pop("order", None)
    if table == "bonuses":      # a step table or a formula: the other's keys left out
        for key in ("base", "per") if item["threshold"] is None else ("steps",):
            out.pop(key, None)
    return out


@lru_cache(maxsize=256)
def rules_hash(spec: SheetSpec) -> str:
    """A short hash of a sheet's canonical rules (its name left out)."""
    doc = canonical_doc("", spec)
    del doc["name"]
    text = json.dumps(doc, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return sha256(text.encode()).hexdigest()[:HASH_DIGITS]


def load_house(text: str, *, name: str, source: str = "") -> HouseSheet:
    """The house sheet a TOML text declares, every part checked (:class:`HouseFileError`
    names the line and key of the first fault). ``name``: the sheet's name (its file's
    stem); ``source``: where the text comes from, for the messages."""
    _check_name(name, source)
    data, lines = load_text(text, source)
    return HouseSheet(name, read_doc(data, lines, source), source)


def house_from_doc(doc: dict[str, Any]) -> HouseSheet:
    """The sheet a game document stored (:attr:`HouseSheet.rules_doc`), checked again; the
    same document read again is the same sheet, found by its text (a replay of a book reads
    the rules of every game)."""
    if not isinstance(doc, dict):
        raise HouseFileError(Message("rules.house_bad_value", what="{...}",
                                     value=type(doc).__name__), line=0, key="(sheet)")
    try:
        text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        text = None                 # not JSON data, or too deep: checked (and refused) below
    if text is None:
        return _house_from_doc(doc)
    return _house_from_text(text)


@lru_cache(maxsize=256)
def _house_from_text(text: str) -> HouseSheet:
    return _house_from_doc(json.loads(text))


def _house_from_doc(doc: dict[str, Any]) -> HouseSheet:
    check_depth(doc)
    rest = dict(doc)
    name = rest.pop("name", None)
    if not isinstance(name, str):
        raise HouseFileError(Message("rules.house_missing"), line=0, key="name")
    _check_name(name, "")
    return HouseSheet(name, read_doc(rest))


def _check_name(name: str, source: str) -> None:
    if not NAME.match(name):
        raise HouseFileError(Message("rules.house_bad_name", name=shown(name[:40])), line=0,
                             key="name", source=source, expected="sirtin")
