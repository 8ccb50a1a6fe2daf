"""Double Yams (seeds/double-yams.txt, rulings D1-D11): ten tagged dice, harmonies, first roll x3.

The rows and settings live here; the search over which dice form each group is in
``double_search``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from ..base.columns import DOWN, UP, Column, ordered
from ..base.dice import DOUBLE_SET, GROUPED_EXAMPLE, Dice, parse_tagged, stored_tagged
from ..base.errors import ConfigError
from ..base.totals import Totals, cell_score, scores_sum
from ..i18n import Message
from ..mechanics import Mechanic, RollBank, RollPool, SixthRoll
from .base import Figure, Row, RuleSet, Section, Setup
from .hints import TableHints

if TYPE_CHECKING:  # pragma: no cover
    import random
    from typing import Any, Protocol

    from ..base.totals import Cells

    class _Search(Protocol):
        """What this module asks of ``double_search`` (the module, typed by its functions)."""

        def score_all(self, rules: DoubleRules, dice: Dice, roll: int) -> list[Figure]: ...

        def score_one(self, rules: DoubleRules, row_id: str, dice: Dice,
                      roll: int) -> Figure: ...

        def score_geante(self, rules: DoubleRules, row_id: str, value: int, dice: Dice,
                         roll: int) -> Figure: ...
    from ..mechanics.views import ConfigView, TurnView


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


class DoubleHints(TableHints):
    """What the command line asks of Double Yams."""

    rules: DoubleRules

    def row_text(self, row_id: str) -> tuple[str, str, str, int]:
        from .double_text import EXAMPLES, row_text

        return (*row_text(self.rules, row_id), EXAMPLES[row_id], 2)

    @property
    def topic_texts(self) -> dict[str, tuple[str, str, str]]:     # type: ignore[override]
        from .double_text import TOPICS

        return TOPICS

    @property
    def topic_aliases(self) -> dict[str, str]:                    # type: ignore[override]
        from .double_text import TOPIC_ALIASES

        return {**TableHints.topic_aliases, **TOPIC_ALIASES}

    def topic_values(self) -> dict[str, Any]:
        steps = ", ".join(f"{at}+ -> +{bonus}"
                          for at, bonus in self.rules.settings["chiffres_bonus"])
        return {**self.rules.settings, "steps": steps}


class DoubleRules(RuleSet):
    """Double Yams: chiffres, yams, suites, combinaisons, différence over ten tagged dice."""

    family = "double"
    hints_class = DoubleHints
    yams_rows = ("youpi", "rene", "superieur", "giga", "ultra", "impossible", "double-yams")
    title = "Double Yams"
    aliases = ("double-yams", "doubleyams", "double-yam")
    source = "seeds/double-yams.txt"
    score_rule = "D2"
    factor_rules = {"premier_jet": "D4", "harmonie": "D5"}
    remembers_throws = False      # ten tagged dice: a throw hardly ever comes back
    short_names = {"dps": "double-petite-suite", "marcel": "suite-marcel",
                   "royale": "suite-royale", "db": "double-brelan", "tb": "triple-brelan",
                   "dc": "double-carre", "dy": "double-yams", "df": "double-full"}
    dice_count = 10
    tagged = True
    max_rolls = 6   # 5 a turn (D9) plus the announced sixth roll
    dice_example = GROUPED_EXAMPLE
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
    variants = {"classique": "classique", "force": "forcé", "critique": "critique", "165": "165"}
    directions = {"croissant": DOWN, "decroissant": UP}
    choice_aliases = {"asc": "croissant", "ascending": "croissant", "desc": "decroissant",
                      "descending": "decroissant", "classic": "classique", "forced": "force",
                      "critical": "critique"}
    #: the variants with an announced sixth roll (D9), a bank of rolls, a pool of rolls (D10)
    sixth_roll_variants = ("classique", "force")
    bank_variant, pool_variant, ordered_variant = "critique", "165", "force"
    directed_variants = (ordered_variant,)
    rows_rule = "D2"

    # -- game hooks ----------------------------------------------------------------------------

    def configure(self, setup: Setup) -> Setup:
        """One column; a variant (D10), and a direction for the forcé variant."""
        self.no_extras(setup, variant=False)
        if setup.columns and setup.columns != self.default_columns:
            raise ConfigError(Message("rules.double_yams_one_column"))
        var = setup.variant or next(iter(self.variants))
        dirn = setup.direction
        if var not in self.variants:
            raise ConfigError(Message("rules.unknown_double_yams_variant", variant=setup.variant),
                              expected=", ".join(self.variants), rule="D10")
        if var == self.ordered_variant:
            dirn = dirn or next(iter(self.directions))
            if dirn not in self.directions:
                raise ConfigError(Message("rules.unknown_direction", direction=setup.direction),
                                  expected=" or ".join(self.directions), rule="D10")
        elif dirn:
            raise ConfigError(Message("rules.direction_only_goes_forc"), rule="D10")
        return Setup(setup.players, self.default_columns, variant=var, direction=dirn)

    def build_columns(self, config: ConfigView, rows: tuple[str, ...]) -> tuple[Column, ...]:
        if config.variant == self.ordered_variant:
            way = self.directions[config.direction or next(iter(self.directions))]
            return tuple(ordered(cid, "Grille", rows, way, "D10") for cid in config.columns)
        return super().build_columns(config, rows)

    def label(self, config: ConfigView) -> str:
        variant = config.variant or next(iter(self.variants))
        text = f"{self.title} {self.variants[variant]}"
        if variant == self.ordered_variant:
            text += f" ({'croissant' if config.direction != 'decroissant' else 'décroissant'})"
        return text

    def config_key_parts(self, config: ConfigView) -> list[str]:
        """The variant only: forcé croissant and décroissant share their records (D11)."""
        return [config.variant or next(iter(self.variants))]

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """D9: the announced sixth roll (classique, forcé); D10: the bank (critique) or the
        pool (165) of rolls."""
        per_turn = int(self.settings["rolls_per_turn"])
        if config.variant == self.pool_variant:
            return [RollPool(int(self.settings["pool"]))]
        if config.variant == self.bank_variant:
            return [RollBank(per_turn)]
        return [SixthRoll(per_turn)] if config.variant in self.sixth_roll_variants else []

    def max_roll(self, game: TurnView) -> int:
        """D9: five a turn (the mechanics add the sixth roll, the bank, or give the pool)."""
        return int(self.settings["rolls_per_turn"])

    def random_roll_count(self, game: TurnView, rng: random.Random) -> int:
        return rng.randint(1, int(self.settings["rolls_per_turn"]))

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Five sections (D3): chiffres with the highest bonus step reached (D8), yams, suites,
        combinaisons, and difference = (plus - moins) x the number of 1s written in row 1."""
        col = columns[0].id
        sections = {sec.id: sec.rows for sec in self.sections}
        parts, details = {}, {}
        upper = scores_sum(cells, col, sections["chiffres"])
        bonus = 0
        for threshold, amount in self.settings["chiffres_bonus"]:
            if upper >= threshold:
                bonus = max(bonus, amount)
        parts["chiffres"] = upper + bonus
        details["chiffres"] = {"chiffres": upper, "bonus": bonus, "total": parts["chiffres"]}
        for sec in self.figure_sections:
            parts[sec] = scores_sum(cells, col, sections[sec])
            details[sec] = {"total": parts[sec]}
        plus, moins = cell_score(cells, col, "plus") or 0, cell_score(cells, col, "moins") or 0
        one = cells.get((col, "1"))
        ones = one.ones if one is not None else 0
        parts["difference"] = (plus - moins) * ones
        details["difference"] = {"plus": plus, "moins": moins, "ones": ones,
                                 "total": parts["difference"]}
        return Totals(parts, details, sum(parts.values()))

    # -- scoring -------------------------------------------------------------------------------

    def parse_dice(self, entry: str | list[str] | tuple[str, ...]) -> Dice:
        return parse_tagged(entry, DOUBLE_SET)

    def read_throw(self, entry: Any) -> tuple[Dice, tuple[str, ...]]:
        """A stored throw read straight from its texts (they are the dice's texts already);
        anything else parsed (and refused) as :meth:`parse_dice` does."""
        return stored_tagged(entry) or super().read_throw(entry)

    def figures(self, dice: Dice, roll: int) -> list[Figure]:
        return _search().score_all(self, dice, roll)

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        return _search().score_one(self, row_id, dice, roll)

    def cite(self, row_id: str, factors: Mapping[str, int] | None = None) -> str:
        """D2 for the rows; D3 for the difference; D6 for a chiffre in harmony; D4, D5 for
        the factors of a figure."""
        if self.section_of(row_id) == "difference":
            return "D3"
        if self.section_of(row_id) == "chiffres":
            return "D2, D6" if factors else "D2"
        return super().cite(row_id, factors)

    # -- the announced sixth roll (D9) --------------------------------------------------------

    #: rows whose announce names a value too: « géante + carré de 6 » is ``geante-carre:6``
    valued_rows = {"geante-paire": 2, "geante-brelan": 3, "geante-carre": 4}

    def announced_figure(self, row_id: str, value: int | None, dice: Dice, roll: int) -> Figure:
        """The figure of an announced row: for a géante, made only with the announced value."""
        if value is None or row_id not in self.valued_rows:
            return self.score_row(row_id, dice, roll)
        return _search().score_geante(self, row_id, value, dice, roll)

    def announce_cost(self, row_id: str, value: int | None) -> int:
        """What a missed sixth roll costs: the figure's full score without factors (D9);
        ``géante + carré de 6`` = 10 x (4 x 6) = 240."""
        s = self.settings
        if row_id in self.valued_rows:
            if value is None:           # an announce stored before the value was asked for
                return int(s["geante_factor"])
            return int(s["geante_factor"]) * self.valued_rows[row_id] * value
        return int(s["bases"][row_id])


@cache
def _search() -> _Search:
    """The figure search (``double_search``), imported the first time a score is asked (and
    not again at each score)."""
    from . import double_search

    return double_search
