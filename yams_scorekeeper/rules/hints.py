"""What the command line and the advisers ask of a family, beside its rules.

A rule set (:class:`~yams_scorekeeper.rules.base.RuleSet`) holds the rules: rows, scores,
settings, its mechanics and the hooks the game asks. Next to it, reached as ``rules.hints``
and ``rules.solver``, live two small objects the engine never asks:

- :class:`TableHints`, for the command line: how ``yams play`` orders the players and draws
  a sheet, whether it gives the solver's hint, a row, a column or a mechanic in words
  (``yams rules``), an answer listing choices split into them;
- :class:`SolverHints`, for the advisers (``advice/``): whether the exact solver covers a
  one-column sheet of the family, and the extra state it tracks.

A family that says more than the defaults subclasses them and names its classes
(``RuleSet.hints_class``, ``RuleSet.solver_class``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.errors import EntryError
from .choices import normalise_id

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, ClassVar, Protocol

    from .rows import Row, Section

    class Hinted(Protocol):
        """A rule set as its hints read it (:class:`~yams_scorekeeper.rules.base.RuleSet`)."""

        @property
        def settings(self) -> dict[str, Any]: ...

        @property
        def sections(self) -> tuple[Section, ...]: ...

        @property
        def rows_rule(self) -> str: ...

        @property
        def column_names(self) -> dict[str, str]: ...

        @property
        def variants(self) -> dict[str, str]: ...

        @property
        def option_labels(self) -> dict[str, str]: ...

        def row(self, row_id: str) -> Row: ...

        def normalise_choice(self, word: str) -> str: ...

        def names_choice(self, word: str) -> bool: ...

#: a section of the sheet in words (``yams rules FAMILY SECTION``), English and French
SECTION_TEXT = ("section: {rows}; its total is their sum",
                "section : {rows} ; son total est leur somme")
#: the one column of a sheet that has one (``yams rules duel grille``), English and French
ONE_COLUMN_TEXT = ("the player's one column: each row is written once, in the order the game's "
                   "variant gives when it gives one", "l'unique colonne du joueur : chaque ligne "
                   "s'y inscrit une fois, dans l'ordre que donne la variante quand elle en donne")
#: rows 1-6 in words (English, French)
UPPER_TEXT = ("{n}: the dice showing {n}, added up (n x {n})",
              "{n} : les dés qui montrent {n}, additionnés (n x {n})")


class TableHints:
    """What the command line asks of a family (``rules.hints``), never the engine."""

    #: how ``yams play`` orders the players: "given" (as typed), "dice" (a start die each, the
    #: lowest starts, C6) or "drawn" (at random, Y9)
    start_order: ClassVar[str] = "given"
    #: how a sheet is drawn: "players" (one column per player, side by side) or "columns"
    #: (one grid per player, its columns across, as on a paper sheet)
    sheet_layout: ClassVar[str] = "players"
    #: whether ``yams play`` gives the solver's hint when asked (never unasked)
    hints_allowed: ClassVar[bool] = True
    #: row -> (English, French, example dice, roll) for ``yams rules``; rows 1-6 share
    #: UPPER_TEXT (see :meth:`row_text`)
    row_texts: ClassVar[dict[str, tuple[str, str, str, int]]] = {}
    #: what the sheet shows besides its rows (columns, bonuses, totals, options, variants,
    #: counters), for ``yams rules``: id -> (English, French, rulings), ``{setting}`` filled in
    topic_texts: ClassVar[dict[str, tuple[str, str, str]]] = {}
    #: other words for a topic (``prime`` -> ``bonus``), compact or with dashes
    topic_aliases: ClassVar[dict[str, str]] = {
        "prime": "bonus", "sub-total-1-6": "bonus", "sous-total-1-6": "bonus",
        "grand-total": "total", "total-general": "total", "jokers": "joker",
        "doblars": "doblar", "bank": "critique", "banque": "critique", "pool": "165"}

    def __init__(self, rules: Hinted):
        self.rules = rules

    def topic(self, word: str) -> tuple[str, str, str, str, str] | None:
        """A column, bonus, total, option, variant or mechanic of the sheet in words, for
        ``yams rules FAMILY WORD``: ``(id, name, English, French, rulings)``, the numbers
        taken from the settings; None when ``word`` names none of ``topic_texts``."""
        rules = self.rules
        typed = rules.normalise_choice(word)
        # the sheet's own ids win over the generic aliases (a house bonus called ``prime``)
        compact = {a.replace("-", ""): k for a, k in self.topic_aliases.items()
                   if k in self.topic_texts}
        compact.update({k.replace("-", ""): k for k in self.topic_texts})
        key = None
        for prefix in ("", "total-", "les-", "la-", "le-"):      # "Total chiffres" on the sheet
            if typed.startswith(prefix):
                key = key or compact.get(typed[len(prefix):].replace("-", ""))
        sections = {normalise_id(x.name.split(" ", 1)[-1]).replace("-", ""): x
                    for x in rules.sections} | {x.id.replace("-", ""): x for x in rules.sections}
        if key is None and typed.removeprefix("total-").replace("-", "") in sections:
            section = sections[typed.removeprefix("total-").replace("-", "")]
            names = ", ".join(rules.row(r).name for r in section.rows)
            en, fr = (t.format(rows=names) for t in SECTION_TEXT)
            return section.id, section.name, en, fr, rules.rows_rule
        if key is None and len(rules.column_names) == 1 and typed in rules.column_names:
            return typed, rules.column_names[typed], *ONE_COLUMN_TEXT, rules.rows_rule
        if key is None or key not in self.topic_texts:
            return None
        en, fr, rulings = self.topic_texts[key]
        values = self.topic_values()
        name = (rules.column_names.get(key) or rules.variants.get(key)
                or rules.option_labels.get(key) or key)
        return key, name, en.format(**values), fr.format(**values), rulings

    def topic_values(self) -> dict[str, Any]:
        """The values ``topic_texts`` may name (default: the settings)."""
        return dict(self.rules.settings)

    def row_text(self, row_id: str) -> tuple[str, str, str, int]:
        """What makes ``row_id`` and how it scores, in English and French, with dice (and a
        roll) that make it."""
        if row_id.isdigit():
            n = int(row_id)
            en, fr = (t.format(n=n) for t in UPPER_TEXT)
            return en, fr, f"{n}{n}{n}{(n % 6) + 1}{((n + 1) % 6) + 1}", 2
        return self.row_texts[row_id]

    def split_choices(self, text: str) -> list[str]:
        """An answer listing choices, split into them: at commas and semicolons, and at
        spaces except inside a name of several words (``2 coups doblar`` -> ``2 coups``,
        ``doblar``; ``petite suite`` stays one row). A word that names nothing is kept as
        typed, for the configuration to refuse with its reason."""
        out: list[str] = []
        for part in text.replace(";", ",").split(","):
            words = part.split()
            i = 0
            while i < len(words):
                j = next((j for j in range(len(words), i + 1, -1)
                          if self._is_choice(" ".join(words[i:j]))), i + 1)
                out.append(" ".join(words[i:j]))
                i = j
        return out

    def _is_choice(self, text: str) -> bool:
        rules = self.rules
        if rules.names_choice(text):
            return True
        try:
            rules.row(text)
        except EntryError:
            return False
        return True


class SolverHints:
    """What the advisers (``advice/``) ask of a family (``rules.solver``), never the engine."""

    #: True when ``advice/``'s exact solver covers a one-column sheet of this family (five
    #: plain dice, any order, three rolls); the others get the heuristic adviser
    exactly_solved: ClassVar[bool] = False

    def __init__(self, rules: Hinted):
        self.rules = rules

    def state(self, rows: tuple[str, ...]) -> dict[str, Any]:
        """The extra state the exact solver tracks for a column of ``rows``, as keyword
        arguments of ``advice.spec.OneColumnSpec``: ``jokers`` (jokers a game, Duel U4),
        ``plus_moins`` ((plus row index, moins row index), Yam classique C3) or ``forced_joker``
        ((yahtzee row index, bonus, ((row index, joker score), ...)), the Yahtzee bonus and
        forced joker, H4). Empty (no extra state) by default."""
        return {}
