"""What every row of every family is, in words, with a worked example: the one source of
``yams rules [FAMILY] [ROW]`` and of the row reference in ``docs/rules.md``.

Each entry says what makes the row and how it scores (English and French, the rule set's
``row_text`` hook), the ruling that fixes it, and dice that make it; the example's arithmetic
is computed by the rules themselves, so it can never disagree with the scorer. Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import explain_lang
from ..rules import RULESETS, RuleSet, get_rules

if TYPE_CHECKING:  # pragma: no cover
    from ..i18n import Joined, Message


def _rules(family: str | RuleSet) -> RuleSet:
    """A family by name (any alias), or a rule set given as it is (a house sheet's)."""
    return family if isinstance(family, RuleSet) else get_rules(family)


@dataclass(frozen=True)
class RowRule:
    """One row in words: what makes it and how it scores, its rulings, a worked example."""

    family: str
    row: str
    name: str
    en: str
    fr: str
    rulings: str
    dice: str
    roll: int
    #: the worked example's explanation, as the scorer says it (``example.text(lang)``)
    example: Message | Joined
    typed: tuple[str, ...]

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


def row_rule(family: str | RuleSet, row: str) -> RowRule:
    """The rule of ``row`` (any name a player may type) in ``family`` (any alias)."""
    rules = _rules(family)
    row_id = rules.row(row).id
    fam = rules.family
    en, fr, dice, roll = rules.hints.row_text(row_id)
    parsed = rules.parse_dice(dice)
    figure = rules.figure(row_id, parsed, roll)
    cited = rules.cite(row_id, figure.factors)
    rulings = ", ".join(dict.fromkeys([rules.rows_rule] + cited.split(", ")))
    from ..base.dice import format_dice
    name = rules.row(row_id).name
    shorts = [k for k, v in rules.short_names.items() if v == row_id]
    typed = tuple(dict.fromkeys([row_id, name.lower(), *shorts]))
    return RowRule(fam, row_id, name, en, fr, rulings, format_dice(parsed), roll,
                   figure.explain, typed)


@dataclass(frozen=True)
class TopicRule:
    """A column, bonus, total, option, variant or mechanic of a family's sheet, in words."""

    family: str
    id: str
    name: str
    en: str
    fr: str
    rulings: str

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


def topic_rule(family: str | RuleSet, word: str) -> TopicRule | None:
    """What ``word`` (a column, a bonus, an option... as shown or typed) is in ``family``;
    None when it names none of them (see ``RuleSet.topic``)."""
    rules = _rules(family)
    found = rules.hints.topic(word)
    return None if found is None else TopicRule(rules.family, *found)


def family_topics(family: str | RuleSet) -> list[TopicRule]:
    """Every column, bonus, total, option, variant and mechanic of ``family``."""
    rules = _rules(family)
    topics = []
    for key in rules.hints.topic_texts:
        topic = rules.hints.topic(key)
        if topic is None:       # every key of topic_texts names a topic
            raise ValueError(f"{rules.family}: no topic {key!r}")
        topics.append(TopicRule(rules.family, *topic))
    return topics


def family_rules(family: str | RuleSet) -> list[RowRule]:
    """Every row of ``family``, in grid order."""
    rules = _rules(family)
    return [row_rule(rules, r.id) for r in rules.rows]


def markdown() -> str:
    """The row reference of ``docs/rules.md``: one table per family (English)."""
    out = []
    for cls in RULESETS:
        out.append(f"#### {cls.title} (`{cls.family}`)\n")
        out.append("| row | what makes it, how it scores | rulings | example |")
        out.append("|---|---|---|---|")
        for r in family_rules(cls.family):
            out.append(f"| `{r.row}` {r.name} | {r.en} | {r.rulings} | {r.dice} /{r.roll}: "
                       f"{r.example.text(explain_lang('en'))} |")
        out.append("")
    return "\n".join(out)
