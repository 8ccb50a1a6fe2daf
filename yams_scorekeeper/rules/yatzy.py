"""Scandinavian Yatzy (no seed: the rules printed in Scandinavian Yatzy sets, rulings Z1-Z4).

One column in any order, up to 3 rolls a turn; every figure scores the dice that make it
(pairs, kinds, full house), straights are fixed sets, a yatzy is 50 and rows 1-6 reaching 63
give +50. Every number is a setting. Everything else is the rule set's defaults.
"""

from __future__ import annotations

from ..base.dice import Dice
from ..i18n import Message
from .base import Figure, Row, RuleSet, Section, counts, upper_figure
from .five_dice import dice_sum, full, of_a_kind, sum_figure
from .hints import SolverHints, TableHints

UPPER_NAMES = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
_UPPER = tuple(Row(str(v), name, "upper") for v, name in enumerate(UPPER_NAMES, start=1))
_LOWER = (
    Row("one-pair", "One pair", "lower"),
    Row("two-pairs", "Two pairs", "lower"),
    Row("three-of-a-kind", "Three of a kind", "lower"),
    Row("four-of-a-kind", "Four of a kind", "lower"),
    Row("small-straight", "Small straight", "lower"),
    Row("large-straight", "Large straight", "lower"),
    Row("full-house", "Full house", "lower"),
    Row("chance", "Chance", "lower"),
    Row("yatzy", "Yatzy", "lower"),
)
#: the row -> how many equal dice it needs (Z2)
_KINDS = {"one-pair": 2, "three-of-a-kind": 3, "four-of-a-kind": 4}
#: the row -> the exact set of values it needs, and its setting (Z2)
_STRAIGHTS = {"small-straight": ((1, 2, 3, 4, 5), "small_straight"),
              "large-straight": ((2, 3, 4, 5, 6), "large_straight")}


class YatzyHints(TableHints):
    """What the command line asks of Yatzy."""

    topic_texts = {
        "bonus": ("rows 1-6 adding up to {bonus_threshold} or more give +{bonus}",
                  "des lignes 1 à 6 qui font {bonus_threshold} ou plus donnent +{bonus}", "Z3"),
        "total": ("the upper part (rows 1-6 and the bonus) and the lower part",
                  "la partie haute (lignes 1 à 6 et la prime) et la partie basse", "Z3"),
    }

    row_texts = {
        "one-pair": ("two dice alike, the best pair; the sum of those two",
                     "deux dés identiques, la meilleure paire ; la somme de ces deux dés",
                     "66532", 2),
        "two-pairs": ("two pairs of different values; the sum of those four dice (five alike "
                      "are not two pairs)", "deux paires de valeurs différentes ; la somme de "
                      "ces quatre dés (cinq dés identiques ne font pas deux paires)", "55332", 2),
        "three-of-a-kind": ("three dice alike; the sum of those three",
                            "trois dés identiques ; la somme de ces trois dés", "44461", 2),
        "four-of-a-kind": ("four dice alike; the sum of those four",
                           "quatre dés identiques ; la somme de ces quatre dés", "66662", 3),
        "small-straight": ("exactly 1-2-3-4-5; 15", "exactement 1-2-3-4-5 ; 15", "12345", 1),
        "large-straight": ("exactly 2-3-4-5-6; 20", "exactement 2-3-4-5-6 ; 20", "23456", 2),
        "full-house": ("three dice of one value and two of another; the sum of the five dice",
                       "trois dés d'une valeur et deux d'une autre ; la somme des cinq dés",
                       "33355", 2),
        "chance": ("the sum of the five dice, whatever they show",
                   "la somme des cinq dés, quels qu'ils soient", "65431", 1),
        "yatzy": ("five dice alike; 50", "cinq dés identiques ; 50", "44444", 3),
    }


class YatzySolver(SolverHints):
    """What the advisers ask of Yatzy."""

    exactly_solved = True


class YatzyRules(RuleSet):
    """Scandinavian Yatzy: 1-6, one pair, two pairs, kinds, straights, full house, chance, yatzy."""

    family = "yatzy"
    hints_class = YatzyHints
    solver_class = YatzySolver
    yams_rows = ("yatzy",)
    title = "Yatzy"
    aliases = ("scandinavian-yatzy", "yatzy-scandinave")
    source = "rulings Z1-Z4 (no seed)"
    max_rolls = 3
    rows = _UPPER + _LOWER
    sections = (
        Section("upper", "Upper", tuple(r.id for r in _UPPER)),
        Section("lower", "Lower", tuple(r.id for r in _LOWER)),
    )
    defaults = {
        "small_straight": 15,    # Z2: exactly 1-2-3-4-5
        "large_straight": 20,    # Z2: exactly 2-3-4-5-6
        "yatzy": 50,             # Z2
        "bonus_threshold": 63,   # Z3
        "bonus": 50,             # Z3
    }
    rows_rule = "Z1"
    score_rule = "Z2"

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        name = self._name(row_id)
        if row_id in _KINDS:
            n = _KINDS[row_id]
            v = of_a_kind(dice, n)
            if v is None:
                return self._fig(row_id, 0, Message("explain.not_n_equal", name=name, n=n))
            return self._fig(row_id, n * v, Message(
                "explain.n_of_a_kind", name=name, dice='-'.join([str(v)] * n), n=n, v=v,
                score=n * v))
        if row_id == "two-pairs":
            pairs = sorted((v for v, c in counts(dice).items() if c >= 2), reverse=True)
            if len(pairs) < 2:
                return self._fig(row_id, 0, Message("explain.no_two_pairs", name=name))
            a, b = pairs[:2]
            return self._fig(row_id, 2 * a + 2 * b, Message(
                "explain.two_pairs", name=name, a=a, b=b, score=2 * a + 2 * b))
        if row_id in _STRAIGHTS:
            values, setting = _STRAIGHTS[row_id]
            run = "-".join(str(v) for v in values)
            if tuple(sorted(d.value for d in dice)) != values:
                return self._fig(row_id, 0, Message("explain.not_exactly", name=name, run=run))
            score = self.settings[setting]
            return self._fig(row_id, score, Message("explain.run", name=name, run=run, score=score))
        if row_id == "full-house":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, Message("explain.no_full_house", name=name))
            total = dice_sum(dice)
            return self._fig(row_id, total, Message(
                "explain.full_house_sum", name=name, three=f[0], two=f[1], total=total))
        if row_id == "yatzy":
            v = of_a_kind(dice, 5)
            if v is None:
                return self._fig(row_id, 0, Message("explain.not_five_equal", name=name))
            return self._fig(row_id, self.settings["yatzy"], Message(
                "explain.named_of_a_kind", name=name, v=v, score=self.settings['yatzy']))
        return sum_figure(self, row_id, dice)       # chance
