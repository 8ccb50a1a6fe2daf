"""Yahtzee, US rules (no seed: the rules printed in the US game, rulings H1-H5).

One column in any order, up to 3 rolls a turn. Kinds score all five dice, full house and
straights fixed values, rows 1-6 reaching 63 give +35. The Yahtzee bonus and the forced joker
rule (H4) are one setting, ``joker_rule`` (1 = on, the default): the forced joker mechanic
(:mod:`~yams_scorekeeper.mechanics.forced_joker`), made with the family's rows and settings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..base.columns import Column
from ..base.dice import Dice
from ..base.totals import Totals
from ..i18n import Message
from ..mechanics import ForcedJoker, Mechanic
from .base import Figure, Row, RuleSet, Section, upper_figure
from .five_dice import dice_sum, full, longest_run, of_a_kind, run_text, sum_figure, sum_text
from .hints import SolverHints, TableHints
from .yatzy import UPPER_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..base.totals import Cells
    from ..mechanics.views import ConfigView

_UPPER = tuple(Row(str(v), name, "upper") for v, name in enumerate(UPPER_NAMES, start=1))
_LOWER = (
    Row("three-of-a-kind", "Three of a kind", "lower"),
    Row("four-of-a-kind", "Four of a kind", "lower"),
    Row("full-house", "Full house", "lower"),
    Row("small-straight", "Small straight", "lower"),
    Row("large-straight", "Large straight", "lower"),
    Row("yahtzee", "Yahtzee", "lower"),
    Row("chance", "Chance", "lower"),
)
#: the rows a joker scores at their full value (H4), with their setting
_JOKER_ROWS = {"full-house": "full_house", "small-straight": "small_straight",
               "large-straight": "large_straight"}


def _fixed(figure: Figure) -> Callable[[Dice], Figure]:
    """A joker's figure that the dice do not change (a full house or a straight in full)."""
    return lambda dice: figure


class YahtzeeHints(TableHints):
    """What the command line asks of Yahtzee."""

    topic_texts = {
        "bonus": ("rows 1-6 adding up to {bonus_threshold} or more give +{bonus}",
                  "des lignes 1 à 6 qui font {bonus_threshold} ou plus donnent +{bonus}", "H3"),
        "yahtzee-bonus": ("a yahtzee rolled when the yahtzee row already holds 50 gives "
                          "+{yahtzee_bonus}, each time, and is placed by the joker rule",
                          "un yahtzee obtenu quand la ligne yahtzee vaut déjà 50 donne "
                          "+{yahtzee_bonus}, chaque fois, et se place par la règle du joker",
                          "H4"),
        "joker": ("a yahtzee rolled when the yahtzee row is filled must go in the upper row of "
                  "its value if empty, else in any empty lower row (full house, straights "
                  "scoring in full), else a 0 in an upper row", "un yahtzee obtenu quand la "
                  "ligne yahtzee est remplie va dans la ligne haute de sa valeur si elle est "
                  "vide, sinon dans une ligne basse vide (full et suites comptés en entier), "
                  "sinon un 0 dans une ligne haute", "H4"),
        "total": ("the upper part (rows 1-6 and the bonus), the lower part and the yahtzee "
                  "bonuses", "la partie haute (lignes 1 à 6 et la prime), la partie basse et "
                  "les primes de yahtzee", "H3, H4"),
    }

    row_texts = {
        "three-of-a-kind": ("at least three dice alike (G1); the sum of all five dice",
                            "au moins trois dés identiques (G1) ; la somme des cinq dés",
                            "22245", 2),
        "four-of-a-kind": ("at least four dice alike (G1); the sum of all five dice",
                           "au moins quatre dés identiques (G1) ; la somme des cinq dés",
                           "55553", 3),
        "full-house": ("three dice of one value and two of another; 25 (a yahtzee too, as a "
                       "joker, H4)", "trois dés d'une valeur et deux d'une autre ; 25 (un "
                       "yahtzee aussi, en joker, H4)", "22255", 1),
        "small-straight": ("four values in a row among the five; 30",
                           "quatre valeurs qui se suivent parmi les cinq ; 30", "12346", 2),
        "large-straight": ("five values in a row; 40 (it is also a small straight)",
                           "cinq valeurs qui se suivent ; 40 (c'est aussi une petite suite)",
                           "23456", 3),
        "yahtzee": ("five dice alike; 50; each further yahtzee gives +100 and is placed by the "
                    "joker rule (H4)", "cinq dés identiques ; 50 ; chaque yahtzee suivant "
                    "rapporte +100 et se place par la règle du joker (H4)", "66666", 2),
        "chance": ("the sum of the five dice, whatever they show",
                   "la somme des cinq dés, quels qu'ils soient", "65431", 1),
    }


class YahtzeeSolver(SolverHints):
    """What the advisers ask of Yahtzee."""

    exactly_solved = True

    def state(self, rows: tuple[str, ...]) -> dict[str, Any]:
        """The solver tracks the Yahtzee bonus and forced joker (H4) unless a setting turns
        either off."""
        s = self.rules.settings
        if not (bool(s.get("yahtzee_bonus", 100)) and bool(s.get("joker_rule", 1))):
            return {}
        idx = {r: i for i, r in enumerate(rows)}
        fixed = (("full-house", s.get("full_house", 25)),
                 ("small-straight", s.get("small_straight", 30)),
                 ("large-straight", s.get("large_straight", 40)))
        return {"forced_joker": (idx["yahtzee"], int(s.get("yahtzee_bonus", 100)),
                                 tuple((idx[r], int(v)) for r, v in fixed if r in idx))}


class YahtzeeRules(RuleSet):
    """Yahtzee (US): 1-6, kinds, full house, straights, yahtzee, chance; Yahtzee bonus and joker."""

    family = "yahtzee"
    hints_class = YahtzeeHints
    solver_class = YahtzeeSolver
    yams_rows = ("yahtzee",)
    title = "Yahtzee"
    aliases = ("us-yahtzee",)
    source = "rulings H1-H5 (no seed)"
    max_rolls = 3
    rows = _UPPER + _LOWER
    sections = (
        Section("upper", "Upper", tuple(r.id for r in _UPPER)),
        Section("lower", "Lower", tuple(r.id for r in _LOWER)),
    )
    defaults = {
        "full_house": 25,        # H2
        "small_straight": 30,    # H2: 4 consecutive values
        "large_straight": 40,    # H2: 5 consecutive values
        "yahtzee": 50,           # H2
        "bonus_threshold": 63,   # H3
        "bonus": 35,             # H3
        "yahtzee_bonus": 100,    # H4: each further yahtzee once the row holds 50
        "joker_rule": 1,         # H4: the Yahtzee bonus and the forced joker rule (0 = off)
    }
    rows_rule = "H1"
    score_rule = "H2"

    # -- scoring -------------------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        name = self._name(row_id)
        if row_id in ("three-of-a-kind", "four-of-a-kind"):
            n = 3 if row_id == "three-of-a-kind" else 4
            v = of_a_kind(dice, n)
            if v is None:
                return self._fig(row_id, 0, Message("explain.not_n_equal", name=name, n=n))
            total = dice_sum(dice)
            return self._fig(row_id, total, Message(
                "explain.of_a_kind_sum", name=name, v=v, dice=sum_text(dice), total=total))
        if row_id == "full-house":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, Message("explain.no_full_house", name=name))
            return self._fig(row_id, s["full_house"], Message(
                "explain.full_house", name=name, three=f[0], two=f[1], score=s['full_house']))
        if row_id in ("small-straight", "large-straight"):
            need = 4 if row_id == "small-straight" else 5
            score = s[_JOKER_ROWS[row_id]]
            length, start = longest_run(dice)
            if length < need:
                return self._fig(row_id, 0, Message("explain.no_straight", name=name, need=need))
            return self._fig(row_id, score, Message(
                "explain.run", name=name,
                run=run_text(start,
                                                                                           length),
                score=score))
        if row_id == "yahtzee":
            v = of_a_kind(dice, 5)
            if v is None:
                return self._fig(row_id, 0, Message("explain.not_five_equal", name=name))
            return self._fig(row_id, s["yahtzee"], Message(
                "explain.named_of_a_kind", name=name, v=v, score=s['yahtzee']))
        return sum_figure(self, row_id, dice)       # chance

    # -- H4: the Yahtzee bonus and the forced joker rule ---------------------------------------

    def _joker_figure(self, row_id: str) -> Figure:
        score = self.settings[_JOKER_ROWS[row_id]]
        return self._fig(row_id, score, Message(
            "explain.joker", name=self._name(row_id), score=score))

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """H4, unless ``joker_rule`` turns it off: a yahtzee rolled when the yahtzee row is
        filled is a joker (full house and straights in full), forced to its upper row if
        empty, else to an empty lower row, else to an empty upper row (as a 0); +100 for each
        when the yahtzee row holds 50."""
        if not self.settings["joker_rule"]:
            return []
        jokered = {row: _fixed(self._joker_figure(row)) for row in _JOKER_ROWS}
        return [ForcedJoker("yahtzee", jokered,
                            upper={int(r.id): r.id for r in _UPPER},
                            lower=frozenset(r.id for r in _LOWER),
                            names={r.id: r.name for r in self.rows},
                            bonus=int(self.settings["yahtzee_bonus"]), rule="H4")]

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Upper section with its bonus (H3), lower section, and the Yahtzee bonuses (H4)."""
        plain = super().sheet_totals(columns, cells)
        extra = sum(getattr(mark, "bonus", 0) for mark in cells.values())
        parts = {**plain.parts, "yahtzee_bonus": extra}
        details = {**plain.details, "yahtzee_bonus": {"total": extra}}
        return Totals(parts, details, plain.grand + extra)
