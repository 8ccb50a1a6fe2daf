"""Duel au Yam (seeds/duel-au-yam.txt, rulings U1-U4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.dice import Dice
from ..base.errors import ConfigError
from ..i18n import Message
from ..mechanics import Jokers, Mechanic
from .base import Figure, Row, RuleSet, Section, Setup, upper_figure
from .five_dice import NO_FULL, full, longest_run, of_a_kind, run_text, sum_figure
from .hints import SolverHints, TableHints

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..mechanics.views import ConfigView


_UPPER = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))


class DuelHints(TableHints):
    """What the command line asks of Yams Duel."""

    topic_texts = {
        "bonus": ("rows 1-6 adding up to {bonus_threshold} or more give +{bonus}",
                  "des lignes 1 à 6 qui font {bonus_threshold} ou plus donnent +{bonus}", "U3"),
        "total": ("every row and the bonus", "toutes les lignes et la prime", "U3"),
        "joker": ("{jokers} jokers a game, at most {jokers_per_turn} a turn: a joker turns one "
                  "die into any value (typed 55534/3 joker 4:5), then the dice score as usual",
                  "{jokers} jokers par partie, {jokers_per_turn} au plus par tour : un joker "
                  "change un dé en n'importe quelle valeur (55534/3 joker 4:5), puis les dés "
                  "comptent comme d'habitude", "U4"),
    }

    row_texts = {
        'brelan': ('3 pareils: at least three dice alike; the sum of those three',
            '3 pareils : au moins trois dés identiques ; la somme de ces trois dés',
            '66612', 2),
        'carre': ('4 pareils: at least four dice alike; the sum of those four',
            '4 pareils : au moins quatre dés identiques ; la somme de ces quatre dés',
            '44441', 2),
        'full': ('three dice of one value and two of another (G2); 25',
            "trois dés d'une valeur et deux d'une autre (G2) ; 25",
            '22233', 1),
        'petite-suite': ('four values in a row among the five; 30',
            'quatre valeurs qui se suivent parmi les cinq ; 30',
            '12346', 2),
        'grande-suite': ('five values in a row; 40 (it is also a petite suite)',
            "cinq valeurs qui se suivent ; 40 (c'est aussi une petite suite)",
            '23456', 3),
        'yam': ('five dice alike; 50 (U2, a setting)',
            'cinq dés identiques ; 50 (U2, un réglage)',
            '55555', 3),
        'chance': ('the sum of the dice, whatever they show',
            "la somme des dés, quels qu'ils soient",
            '65432', 1),
    }


class DuelSolver(SolverHints):
    """What the advisers ask of Yams Duel."""

    exactly_solved = True

    def state(self, rows: tuple[str, ...]) -> dict[str, Any]:
        """The solver tracks the jokers left (none when ``jokers_per_turn`` is 0, U4)."""
        s = self.rules.settings
        return {"jokers": int(s.get("jokers", 0)) if int(s.get("jokers_per_turn", 1)) > 0 else 0}


class DuelRules(RuleSet):
    """Duel au Yam: Yahtzee-like rows, three jokers a game (one a turn)."""

    family = "duel"
    hints_class = DuelHints
    solver_class = DuelSolver
    title = "Duel au Yam"
    aliases = ("duel-au-yam",)
    source = "seeds/duel-au-yam.txt"
    score_rule = "U2"
    short_names = {"ps": "petite-suite", "gs": "grande-suite"}
    max_rolls = 3
    rows = _UPPER + (
        Row("brelan", "3 pareils", "figures"),
        Row("carre", "4 pareils", "figures"),
        Row("full", "Full", "figures"),
        Row("petite-suite", "Petite suite", "figures"),
        Row("grande-suite", "Grande suite", "figures"),
        Row("yam", "Yam", "figures"),
        Row("chance", "Chance", "figures"),
    )
    sections = (
        Section("chiffres", "Chiffres", tuple(str(v) for v in range(1, 7))),
        Section("figures", "Figures", ("brelan", "carre", "full", "petite-suite",
                                       "grande-suite", "yam", "chance")),
    )
    defaults = {
        "full": 25,              # U2
        "petite_suite": 30,      # U2
        "grande_suite": 40,      # U2
        "yam": 50,               # U2 (lost from the page; a setting)
        "bonus_threshold": 63,   # U3
        "bonus": 35,             # U3
        "jokers": 3,             # U4
        "jokers_per_turn": 1,    # U4
    }
    jokers = True
    rows_rule = "U1"

    def configure(self, setup: Setup) -> Setup:
        self.no_extras(setup)
        if self.settings["jokers_per_turn"] not in (0, 1):
            raise ConfigError(Message("rules.jokers_per_turn_can"),
                              expected="jokers_per_turn=1", rule="U4")
        return super().configure(setup)

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """U4: the jokers."""
        return [Jokers(int(self.settings["jokers"]), int(self.settings["jokers_per_turn"]))]

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        if row_id in ("brelan", "carre"):
            n = 3 if row_id == "brelan" else 4
            v = of_a_kind(dice, n)
            name = self._name(row_id)
            if v is None:
                return self._fig(row_id, 0, Message("explain.none", name=name.lower()))
            return self._fig(row_id, n * v, Message(
                "explain.of_a_kind", name=name, v=v, n=n, score=n * v))
        if row_id == "full":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, NO_FULL)
            return self._fig(row_id, s["full"], Message(
                "explain.full", three=f[0], two=f[1], score=s['full']))
        if row_id in ("petite-suite", "grande-suite"):
            need = 4 if row_id == "petite-suite" else 5
            score = s["petite_suite"] if need == 4 else s["grande_suite"]
            length, start = longest_run(dice)
            if length >= need:
                return self._fig(row_id, score, Message(
                    "explain.run", name=self._name(row_id), run=run_text(start, length),
                    score=score))
            return self._fig(row_id, 0, Message("explain.no_run", need=need))
        if row_id == "yam":
            v = of_a_kind(dice, 5)
            if v is None:
                return self._fig(row_id, 0, Message("explain.no_yam"))
            return self._fig(row_id, s["yam"], Message("explain.yam_made", v=v, score=s['yam']))
        return sum_figure(self, row_id, dice)
