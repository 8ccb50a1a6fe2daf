"""Double Yams (seeds/double-yams.txt, rulings D1-D11): ten tagged dice, harmonies, first roll x3.

The rows and settings live here; the search over which dice form each group is in
``double_search``.
"""

from __future__ import annotations

from ..dice import DOUBLE_SET, Dice, TAGGED_EXAMPLE, parse_tagged
from .base import Figure, Row, RuleSet, Section

_CHIFFRES = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))
_YAMS = (
    Row("brelan", "Brelan", "yams"),
    Row("carre", "Carré", "yams"),
    Row("youpi", "Youpi Yams", "yams"),
    Row("rene", "Yams de René", "yams"),
    Row("superieur", "Yams Supérieur", "yams"),
    Row("giga", "Giga Yams", "yams"),
    Row("ultra", "Ultra Yams", "yams"),
    Row("impossible", "Yams impossible", "yams"),
)
_SUITES = (
    Row("double-petite-suite", "Double petite suite", "suites"),
    Row("suite-marcel", "Double suite de Marcel", "suites"),
    Row("suite-royale", "Double suite royale", "suites"),
    Row("triple-suite", "Triple suite", "suites"),
    Row("geante-paire", "Suite géante + paire", "suites"),
    Row("geante-brelan", "Suite géante + brelan", "suites"),
    Row("geante-carre", "Suite géante + carré", "suites"),
)
_COMBINAISONS = (
    Row("double-brelan", "Double brelan", "combinaisons"),
    Row("triple-brelan", "Triple brelan", "combinaisons"),
    Row("double-carre", "Double carré", "combinaisons"),
    Row("double-yams", "Double yams", "combinaisons"),
    Row("full-tordu", "Full tordu", "combinaisons"),
    Row("grand-full", "Grand full", "combinaisons"),
    Row("full-supreme", "Full suprême", "combinaisons"),
    Row("double-full", "Double full", "combinaisons"),
)
_DIFFERENCE = (Row("plus", "Plus", "difference"), Row("moins", "Moins", "difference"))


def _ids(rows: tuple[Row, ...]) -> tuple[str, ...]:
    return tuple(r.id for r in rows)


class DoubleRules(RuleSet):
    """Double Yams: chiffres, yams, suites, combinaisons, différence over ten tagged dice."""

    family = "double"
    title = "Double Yams"
    aliases = ("double-yams", "doubleyams", "double-yam")
    source = "seeds/double-yams.txt"
    dice_count = 10
    tagged = True
    max_rolls = 6   # 5 a turn (D9) plus the announced sixth roll
    dice_example = TAGGED_EXAMPLE
    rows = _CHIFFRES + _YAMS + _SUITES + _COMBINAISONS + _DIFFERENCE
    sections = (
        Section("chiffres", "Les chiffres", _ids(_CHIFFRES)),
        Section("yams", "Les yams", _ids(_YAMS)),
        Section("suites", "Les suites", _ids(_SUITES)),
        Section("combinaisons", "Les combinaisons", _ids(_COMBINAISONS)),
        Section("difference", "La différence", _ids(_DIFFERENCE)),
    )
    #: sections where the first roll (D4) and harmony (D5) multiply the score
    figure_sections = ("yams", "suites", "combinaisons")
    defaults = {
        # D2: base values of the fixed rows
        "bases": {
            "brelan": 5, "carre": 10, "youpi": 25, "rene": 50, "superieur": 100, "giga": 250,
            "ultra": 400, "impossible": 800,
            "double-petite-suite": 25, "suite-marcel": 100, "suite-royale": 200,
            "triple-suite": 200,
            "double-brelan": 20, "triple-brelan": 100, "double-carre": 100, "double-yams": 400,
            "full-tordu": 200, "grand-full": 250, "full-supreme": 350, "double-full": 100,
        },
        "geante_factor": 10,            # D2: suite géante = 10 x the confirming dice
        "first_roll_factor": 3,         # D4
        "harmony_factor": 2,            # D5, D6
        "harmony_max_group": 5,         # D5: a group of 6 dice or more is never in harmony
        "chiffres_bonus": [[105, 30], [126, 60], [147, 100]],   # D8 (the highest step reached)
        "rolls_per_turn": 5,            # D9
        "pool": 165,                    # D10, variant 165
    }

    def parse_dice(self, entry: str | list[str] | tuple[str, ...]) -> Dice:
        return parse_tagged(entry, DOUBLE_SET)

    def figures(self, dice: Dice, roll: int) -> list[Figure]:
        from .double_search import score_all
        return score_all(self, dice, roll)

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        from .double_search import score_one
        return score_one(self, row_id, dice, roll)
