"""Yam classique (seeds/yam-classique.txt, rulings C1-C6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.columns import DOWN, UP, Column
from ..base.dice import Dice
from ..base.totals import UPPER, Totals, scores_sum, upper_total
from ..i18n import Message
from ..mechanics import GIVEN, ColumnKind, Mechanic, PlusAboveMoins
from ..mechanics.annoncee import AnnonceeColumn
from .base import Figure, Row, RuleSet, Section, Setup, columns_setup, upper_figure
from .five_dice import NO_FULL, dice_sum, full, of_a_kind, suite_figure, sum_figure, sum_text
from .hints import SolverHints, TableHints

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from ..base.totals import Cells
    from ..mechanics.views import ConfigView

_UPPER = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))
#: C3: once plus or moins is written in a column, the other keeps plus strictly above moins
PLUS_MOINS = PlusAboveMoins("plus", "moins")


class ClassicHints(TableHints):
    """What the command line asks of Yam classique."""

    start_order = "dice"         # C6
    sheet_layout = "columns"

    topic_texts = {
        "libre": ("a column filled in any order", "une colonne remplie dans n'importe quel ordre",
                  "C5"),
        "descendante": ("a column filled in grid order, top to bottom: row 1 first, the yam last",
                        "une colonne remplie dans l'ordre de la grille, de haut en bas : les 1 "
                        "d'abord, le yam en dernier", "C5"),
        "montante": ("a column filled bottom to top: the yam first, row 1 last",
                     "une colonne remplie de bas en haut : le yam d'abord, les 1 en dernier",
                     "C5"),
        "imposee": ("the optional fourth column, filled in the order of rows the players gave "
                    "when the game was created", "la quatrième colonne, optionnelle, remplie "
                    "dans l'ordre des lignes que les joueurs ont donné à la création", "C5"),
        "annoncee": ("an optional column, placed after the others: after the first roll the "
                     "player announces one of its empty rows; the turn's dice go only there "
                     "(the score if made, else 0), and its cells take no unannounced coup",
                     "une colonne optionnelle, placée après les autres : après le premier jet, "
                     "le joueur annonce une de ses lignes vides ; les dés du tour ne vont que "
                     "là (la marque si la figure est faite, sinon 0), et ses cases ne prennent "
                     "aucun coup non annoncé", "C7"),
        "bonus": ("per column, once rows 1-6 are all filled and add up to {bonus_threshold} or "
                  "more: +{bonus}", "par colonne, une fois les lignes 1 à 6 toutes remplies, "
                  "si elles font {bonus_threshold} ou plus : +{bonus}", "C4"),
        "total": ("a column's total is its 12 cells and its bonus; the grand total is the sum "
                  "of the columns' totals", "le total d'une colonne est la somme de ses 12 "
                  "cases et de sa prime ; le total général, la somme des colonnes", "C4"),
    }

    row_texts = {
        'full': ('three dice of one value and two of another (G2); 25 + the sum of the dice',
            "trois dés d'une valeur et deux d'une autre (G2) ; 25 + la somme des dés",
            '55533', 2),
        'suite': ('five values in a row: 1-2-3-4-5 scores 55, 2-3-4-5-6 scores 60',
            'cinq valeurs qui se suivent : 1-2-3-4-5 vaut 55, 2-3-4-5-6 vaut 60',
            '23456', 3),
        'carre': ('at least four dice alike (G1); 70 + the sum of the dice',
            'au moins quatre dés identiques (G1) ; 70 + la somme des dés',
            '66662', 1),
        'plus': ('the sum of the dice; in a column, plus must stay above moins (C3)',
            'la somme des dés ; dans une colonne, le plus doit rester au-dessus du moins (C3)',
            '66655', 2),
        'moins': ('the sum of the dice; in a column, moins must stay below plus (C3)',
            'la somme des dés ; dans une colonne, le moins doit rester en dessous du plus (C3)',
            '11123', 2),
        'yam': ('five dice alike; 100 + the sum of the dice',
            'cinq dés identiques ; 100 + la somme des dés',
            '44444', 3),
    }


class ClassicSolver(SolverHints):
    """What the advisers ask of Yam classique."""

    exactly_solved = True

    def state(self, rows: tuple[str, ...]) -> dict[str, Any]:
        """The solver tracks the plus/moins constraint when both rows are played (C3)."""
        return {"plus_moins": PLUS_MOINS.solver_rows(rows)}


class ClassicRules(RuleSet):
    """Yam classique: 1-6, full, suite, carré, plus, moins, yam; libre, descendante, montante,
    imposée columns."""

    family = "classic"
    hints_class = ClassicHints
    solver_class = ClassicSolver
    title = "Yam classique"
    aliases = ("classique", "yam", "yam-classique", "yams")
    source = "seeds/yam-classique.txt"
    score_rule = "C2"
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
    column_kinds = {
        "libre": ColumnKind("Libre", rule="C5"),
        "descendante": ColumnKind("Descendante", DOWN, rule="C5"),
        "montante": ColumnKind("Montante", UP, rule="C5"),
        "imposee": ColumnKind("Imposée", GIVEN, rule="C5"),
        "annoncee": AnnonceeColumn("Annoncée", rule="C7", last=True),
    }
    default_columns = ("libre", "descendante", "montante")
    imposed_column = "imposee"
    rows_rule = "C1"

    # -- game hooks ----------------------------------------------------------------------------

    def configure(self, setup: Setup) -> Setup:
        """Columns (C5); the imposée column needs its order of rows at creation."""
        return columns_setup(self, setup, "C5")

    def label(self, config: ConfigView) -> str:
        return self.columns_label(config)

    def config_key_parts(self, config: ConfigView) -> list[str]:
        return self.columns_key_parts(config)

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """C3: plus stays strictly above moins in every column."""
        return [PLUS_MOINS]

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Per column: rows 1-6, +bonus when all six are filled and reach the threshold (C4),
        the figures; grand total = sum of the columns."""
        s = self.settings
        parts, details = {}, {}
        for col in columns:
            upper, complete = upper_total(cells, col.id)
            bonus = s["bonus"] if complete and upper >= s["bonus_threshold"] else 0
            lower = scores_sum(cells, col.id, (r for r in col.rows if r not in UPPER))
            parts[col.id] = upper + bonus + lower
            details[col.id] = {"chiffres": upper, "bonus": bonus, "figures": lower,
                               "total": parts[col.id]}
        return Totals(parts, details, sum(parts.values()))

    # -- scoring -------------------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        if row_id == "full":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, NO_FULL)
            score = s["full_base"] + dice_sum(dice)
            return self._fig(row_id, score, Message(
                "explain.full_plus_sum", three=f[0], two=f[1], base=s['full_base'],
                dice=sum_text(dice), score=score))
        if row_id == "suite":
            return suite_figure(self, row_id, dice)
        if row_id in ("carre", "yam"):
            n, base = (4, s["carre_base"]) if row_id == "carre" else (5, s["yam_base"])
            v = of_a_kind(dice, n)
            name = self._name(row_id)
            if v is None:
                return self._fig(row_id, 0, Message(
                    "explain.none_of_a_kind", name=name.lower(), n=n))
            score = base + dice_sum(dice)
            return self._fig(row_id, score, Message(
                "explain.of_a_kind_plus_sum", name=name, v=v, base=base, dice=sum_text(dice),
                score=score))
        # plus / moins: the sum of the five dice (C2)
        return sum_figure(self, row_id, dice)
