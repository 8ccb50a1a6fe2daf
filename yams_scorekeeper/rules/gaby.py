"""Yams "Gaby" (seeds/yams-gaby.txt, rulings Y1-Y10)."""

from __future__ import annotations

from ..dice import Dice
from .base import Figure, Row, RuleSet, Section, counts, upper_figure
from .five_dice import NO_FULL, dice_sum, full, of_a_kind, suite_figure, sum_figure

_UPPER = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))


class GabyRules(RuleSet):
    """Yams "Gaby": 1-6, brelan, full, suite, carré, max, min, yam, nénette, petit."""

    family = "gaby"
    title = "Yams Gaby"
    aliases = ("yams-gaby",)
    source = "seeds/yams-gaby.txt"
    max_rolls = 3
    rows = _UPPER + (
        Row("brelan", "Brelan", "figures"),
        Row("full", "Full", "figures"),
        Row("suite", "Suite", "figures"),
        Row("carre", "Carré", "figures"),
        Row("max", "Max", "figures"),
        Row("min", "Min", "figures"),
        Row("yam", "Yam", "figures"),
        Row("nenette", "Nénette", "figures", optional=True),
        Row("petit", "Petit", "figures", optional=True),
    )
    sections = (
        Section("chiffres", "Chiffres", tuple(str(v) for v in range(1, 7))),
        Section("figures", "Figures",
                ("brelan", "full", "suite", "carre", "max", "min", "yam", "nenette", "petit")),
    )
    open_settings = ("petit",)
    defaults = {
        "brelan_base": 10,       # Y2: 10 + 3v
        "full_base": 20,         # Y2: 20 + 3 V1 + 2 V2
        "suite_petite": 45,      # Y2: 1-2-3-4-5
        "suite_grande": 50,      # Y2: 2-3-4-5-6
        "carre_base": 40,        # Y2: 40 + 4v
        "yam_base": 100,         # Y2: 100 + 5v
        "nenette": 60,           # Y2: exactly 2-2-2-1-1
        "petit": {"7": 50, "6": 60, "5": 70},   # Y2: by the sum of the dice
        "bonus_threshold": 60,   # Y1
        "bonus": 60,             # Y1
        "column_factors": {"descente": 1, "libre": 1, "montee": 1, "demi-sec": 2, "sec": 2},  # Y5
        "doblars": 5,            # Y7
    }

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        total = dice_sum(dice)
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        if row_id in ("brelan", "carre", "yam"):
            n, base = {"brelan": (3, s["brelan_base"]), "carre": (4, s["carre_base"]),
                       "yam": (5, s["yam_base"])}[row_id]
            name = self._name(row_id)
            v = of_a_kind(dice, n)
            if v is None:
                return self._fig(row_id, 0, f"Pas de {name.lower()} ({n} dés identiques) : 0")
            score = base + n * v
            return self._fig(row_id, score, f"{name} de {v} : {base} + {n}x{v} = {score}")
        if row_id == "full":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, NO_FULL)
            v1, v2 = f
            score = s["full_base"] + 3 * v1 + 2 * v2
            return self._fig(row_id, score, f"Full {v1}-{v1}-{v1} / {v2}-{v2} : "
                                            f"{s['full_base']} + 3x{v1} + 2x{v2} = {score}")
        if row_id == "suite":
            return suite_figure(self, row_id, dice)
        if row_id in ("max", "min"):
            return sum_figure(self, row_id, dice)
        if row_id == "nenette":
            if counts(dice) == {2: 3, 1: 2}:
                return self._fig(row_id, s["nenette"], f"Nénette 2-2-2-1-1 : {s['nenette']}")
            return self._fig(row_id, 0, "Pas de nénette (2-2-2-1-1) : 0")
        # petit: scored by the sum of the dice (Y2)
        score = int(s["petit"].get(str(total), 0))
        if score:
            return self._fig(row_id, score, f"Petit, somme des dés {total} : {score}")
        return self._fig(row_id, 0, f"Pas de petit (somme {total}) : 0")
