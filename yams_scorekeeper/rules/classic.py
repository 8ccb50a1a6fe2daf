"""Yam classique (seeds/yam-classique.txt, rulings C1-C6)."""

from __future__ import annotations

from ..dice import Dice
from .base import Figure, Row, RuleSet, Section, upper_figure
from .five_dice import NO_FULL, dice_sum, full, of_a_kind, suite_figure, sum_figure

_UPPER = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))


class ClassicRules(RuleSet):
    """Yam classique: 1-6, full, suite, carré, plus, moins, yam; libre/descendante/montante/imposée."""

    family = "classic"
    title = "Yam classique"
    aliases = ("classique", "yam", "yam-classique", "yams")
    source = "seeds/yam-classique.txt"
    max_rolls = 3
    rows = _UPPER + (
        Row("full", "Full", "figures"),
        Row("suite", "Suite", "figures"),
        Row("carre", "Carré", "figures"),
        Row("plus", "Plus", "figures"),
        Row("moins", "Moins", "figures"),
        Row("yam", "Yam", "figures"),
    )
    sections = (
        Section("chiffres", "Chiffres", tuple(str(v) for v in range(1, 7))),
        Section("figures", "Figures", ("full", "suite", "carre", "plus", "moins", "yam")),
    )
    defaults = {
        "full_base": 25,          # C2: 25 + sum of the dice
        "suite_petite": 55,       # C2: 1-2-3-4-5
        "suite_grande": 60,       # C2: 2-3-4-5-6
        "carre_base": 70,         # C2: 70 + sum of the dice
        "yam_base": 100,          # C2: 100 + sum of the dice
        "bonus_threshold": 60,    # C4
        "bonus": 20,              # C4
    }

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        total = dice_sum(dice)
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        if row_id == "full":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, NO_FULL)
            score = s["full_base"] + total
            return self._fig(row_id, score, f"Full {f[0]}-{f[0]}-{f[0]} / {f[1]}-{f[1]} : "
                                            f"{s['full_base']} + {total} = {score}")
        if row_id == "suite":
            return suite_figure(self, row_id, dice)
        if row_id in ("carre", "yam"):
            n, base = (4, s["carre_base"]) if row_id == "carre" else (5, s["yam_base"])
            v = of_a_kind(dice, n)
            name = self._name(row_id)
            if v is None:
                return self._fig(row_id, 0, f"Pas de {name.lower()} ({n} dés identiques) : 0")
            score = base + total
            return self._fig(row_id, score, f"{name} de {v} : {base} + {total} = {score}")
        # plus / moins: the sum of the five dice (C2)
        return sum_figure(self, row_id, dice)
