"""Yams "Gaby" (seeds/yams-gaby.txt, rulings Y1-Y10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.columns import DOWN, UP, Column
from ..base.dice import Dice
from ..base.errors import ConfigError, IllegalMoveError
from ..base.totals import UPPER, Totals, cell_score, scores_sum, upper_total
from ..i18n import Message
from ..mechanics import Bloquant, ColumnKind, Doblar, Mechanic, PlusMoins, TwoCoups
from .base import Figure, Row, RuleSet, Section, Setup, counts, known, upper_figure
from .five_dice import NO_FULL, dice_sum, full, of_a_kind, suite_figure, sum_figure
from .hints import TableHints

if TYPE_CHECKING:  # pragma: no cover
    from ..base.sheet import Sheet
    from ..base.totals import Cells
    from ..mechanics.views import ConfigView, TurnView

#: Y4: the columns in sheet order (their factors are settings, Y5)
GABY_KINDS = {"descente": ColumnKind("Descente", DOWN, rule="Y4"),
              "libre": ColumnKind("Libre", rule="Y4"),
              "montee": ColumnKind("Montée", UP, rule="Y4"),
              "demi-sec": ColumnKind("Demi-sec", max_roll=2, rule="Y4"),
              "sec": ColumnKind("Sec", max_roll=1, rule="Y4")}
GABY_COLUMNS = {cid: kind.name for cid, kind in GABY_KINDS.items()}
GABY_OPTIONS = ("bloquant", "deux-coups", "doblar", "chance")
#: the cells (sec or demi-sec) x (petit, nenette, yam) that take a 0 after any roll (Y8)
CHANCE_ROWS = ("petit", "nenette", "yam")
DRY_COLUMNS = ("sec", "demi-sec")
#: Y3: max and min both count 0 when max is not above min
MAX_MIN = PlusMoins("max", "min")

_UPPER = tuple(Row(str(v), str(v), "chiffres") for v in range(1, 7))


class GabyHints(TableHints):
    """What the command line asks of Yams Gaby."""

    start_order = "drawn"                    # Y9
    sheet_layout = "columns"

    topic_texts = {
        "descente": ("optional column, filled top to bottom from row 1; coups of 1 to 3 rolls; "
                     "counts {column_factors[descente]} x its marks", "colonne optionnelle, "
                     "remplie de haut en bas depuis les 1 ; coups de 1 à 3 lancers ; compte "
                     "{column_factors[descente]} x ses marques", "Y4, Y5"),
        "libre": ("the column always present, filled in any order; coups of 1 to 3 rolls; "
                  "counts {column_factors[libre]} x its marks", "la colonne toujours présente, "
                  "remplie dans n'importe quel ordre ; coups de 1 à 3 lancers ; compte "
                  "{column_factors[libre]} x ses marques", "Y4, Y5"),
        "montee": ("optional column, filled bottom to top from the last row present (petit, "
                   "else nénette, else yam); coups of 1 to 3 rolls; counts "
                   "{column_factors[montee]} x its marks", "colonne optionnelle, remplie de bas "
                   "en haut depuis la dernière ligne présente (petit, sinon nénette, sinon yam) "
                   "; coups de 1 à 3 lancers ; compte {column_factors[montee]} x ses marques",
                   "Y4, Y5"),
        "demi-sec": ("optional column, any order, only for a coup kept after at most 2 rolls "
                     "(not even a 0 otherwise, except in a chance cell); counts "
                     "{column_factors[demi-sec]} x (its marks + its bonus)", "colonne "
                     "optionnelle, dans n'importe quel ordre, seulement pour un coup gardé en 2 "
                     "lancers au plus (pas même un 0 sinon, sauf dans une case chance) ; compte "
                     "{column_factors[demi-sec]} x (ses marques + sa prime)", "Y4, Y5, Y8"),
        "sec": ("optional column, any order, only for a coup kept after the first roll (not "
                "even a 0 otherwise, except in a chance cell); counts {column_factors[sec]} x "
                "(its marks + its bonus)", "colonne optionnelle, dans n'importe quel ordre, "
                "seulement pour un coup gardé au premier lancer (pas même un 0 sinon, sauf dans "
                "une case chance) ; compte {column_factors[sec]} x (ses marques + sa prime)",
                "Y4, Y5, Y8"),
        "bonus": ("per column: rows 1-6 adding up to {bonus_threshold} or more give +{bonus}, "
                  "multiplied by the column's factor", "par colonne : des lignes 1 à 6 qui "
                  "font {bonus_threshold} ou plus donnent +{bonus}, multipliés par le facteur "
                  "de la colonne", "Y1, Y5"),
        "total": ("a column's total is its factor x (its marks + its bonus), max and min "
                  "counting 0 when max is not above min; the grand total is the sum of the "
                  "columns", "le total d'une colonne est son facteur x (ses marques + sa prime), "
                  "max et min comptant 0 quand max n'est pas au-dessus de min ; le total "
                  "général, la somme des colonnes", "Y3, Y5"),
        "bloquant": ("option (2 players or more): a non-zero score goes in a cell only if it is "
                     "at least every score the other players already wrote in that same cell; "
                     "otherwise only 0", "option (2 joueurs ou plus) : un score non nul ne va "
                     "dans une case que s'il vaut au moins chaque score que les autres joueurs y "
                     "ont déjà inscrit ; sinon seulement 0", "Y6"),
        "deux-coups": ("option: a turn is a first coup (1 to 3 rolls) and, if the player "
                       "wishes, a second (1 to 3 rolls); one score is written from either coup, "
                       "each judged with its own roll count", "option : un tour est un premier "
                       "coup (1 à 3 lancers) et, si le joueur veut, un second (1 à 3 lancers) ; "
                       "une marque est inscrite depuis l'un ou l'autre, chacun jugé sur ses "
                       "propres lancers", "Y7"),
        "doblar": ("option (needs 2 coups): {doblars} doblars a game; a doblar writes two "
                   "scores, one from each coup, never both in the same ordered column, except "
                   "the doblar descendant and the doblar montant (two successive cells of the "
                   "descente or the montée), once a game each", "option (demande 2 coups) : "
                   "{doblars} doblars par partie ; un doblar inscrit deux marques, une de chaque "
                   "coup, jamais deux dans la même colonne ordonnée, sauf le doblar descendant "
                   "et le doblar montant (deux cases qui se suivent de la descente ou de la "
                   "montée), une fois par partie chacun", "Y7"),
        "chance": ("option (needs sec or demi-sec): the sec and demi-sec cells of petit, "
                   "nénette and yam, where a 0 may be written whatever the coup's rolls",
                   "option (demande sec ou demi-sec) : les cases sec et demi-sec du petit, de la "
                   "nénette et du yam, où un 0 peut s'inscrire quels que soient les lancers du "
                   "coup", "Y8"),
        "gaby": ("preset for 2 players or more: every column, both optional rows and every "
                 "option", "préréglage pour 2 joueurs ou plus : toutes les colonnes, les deux "
                 "lignes optionnelles et toutes les options", "Y10"),
        "gaby-solo": ("preset for one player: every column, both optional rows and every option "
                      "but bloquant", "préréglage pour un joueur : toutes les colonnes, les "
                      "deux lignes optionnelles et toutes les options sauf bloquant", "Y10"),
    }

    row_texts = {
        'brelan': ('at least three dice alike (G1); 10 + 3 x their value',
            'au moins trois dés identiques (G1) ; 10 + 3 x leur valeur',
            '55523', 2),
        'full': ('three dice of one value and two of another (G2); 20 + 3 x V1 + 2 x V2',
            "trois dés d'une valeur et deux d'une autre (G2) ; 20 + 3 x V1 + 2 x V2",
            '55533', 2),
        'suite': ('five values in a row: 1-2-3-4-5 scores 45, 2-3-4-5-6 scores 50',
            'cinq valeurs qui se suivent : 1-2-3-4-5 vaut 45, 2-3-4-5-6 vaut 50',
            '23456', 1),
        'carre': ('at least four dice alike (G1); 40 + 4 x their value',
            'au moins quatre dés identiques (G1) ; 40 + 4 x leur valeur',
            '66662', 1),
        'max': ('the sum of the dice; when max is not above min, both count 0 (Y3)',
            "la somme des dés ; si le max n'est pas au-dessus du min, les deux comptent 0 (Y3)",
            '66655', 2),
        'min': ('the sum of the dice; when max is not above min, both count 0 (Y3)',
            "la somme des dés ; si le max n'est pas au-dessus du min, les deux comptent 0 (Y3)",
            '11123', 2),
        'yam': ('five dice alike; 100 + 5 x their value',
            'cinq dés identiques ; 100 + 5 x leur valeur',
            '66666', 3),
        'nenette': ('exactly 2-2-2-1-1; 60 (optional row)',
            'exactement 2-2-2-1-1 ; 60 (ligne optionnelle)',
            '22211', 2),
        'petit': ('dice adding up to 7 or less: 7 scores 50, 6 scores 60, 5 scores 70 '
                  '(optional row)',
            'des dés dont la somme fait 7 ou moins : 7 vaut 50, 6 vaut 60, 5 vaut 70 '
            '(ligne optionnelle)',
            '11112', 3),
    }


class GabyRules(RuleSet):
    """Yams "Gaby": 1-6, brelan, full, suite, carré, max, min, yam, nénette, petit."""

    family = "gaby"
    hints_class = GabyHints
    title = "Yams Gaby"
    aliases = ("yams-gaby",)
    source = "seeds/yams-gaby.txt"
    score_rule = "Y2"
    stopped_game_has_winner = True      # Y9, G7
    default_order = "random"            # Y9
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
    max_players = 4              # Y9
    column_kinds = GABY_KINDS
    default_columns = ("libre",)
    options = GABY_OPTIONS
    option_labels = {"deux-coups": "2 coups", "chance": "cases chance"}     # Y7, Y8
    multi_player_options = ("bloquant",)     # Y6
    rows_rule = "Y1"
    presets = ("gaby", "gaby-solo")     # Y10
    choice_aliases = {"2-coups": "deux-coups", "2coups": "deux-coups",
                      "cases-chance": "chance", "yams-bloquant": "bloquant"}

    # -- game hooks ----------------------------------------------------------------------------

    def configure(self, setup: Setup) -> Setup:
        """Columns (Y4), optional rows (Y1), options and their needs (Y6-Y8), presets (Y10):
        with nothing said, ``gaby`` for 2+ players and ``gaby-solo`` for one."""
        if setup.variant or setup.direction or setup.imposed:
            raise ConfigError(Message("rules.yams_gaby_has_no_variant_direction"))
        cols, opts, extra_rows = setup.columns, setup.options, setup.optional_rows
        preset = setup.preset
        if (not setup.explicit and preset is None and cols is None and not opts
                and not extra_rows):
            preset = self.presets[0] if len(setup.players) > 1 else self.presets[1]
        if preset is not None:
            preset = self.normalise_choice(preset)
            if preset not in self.presets:
                raise ConfigError(Message("rules.unknown_preset", preset=preset),
                                  expected=", ".join(self.presets), rule="Y10")
            cols = cols or tuple(GABY_COLUMNS)
            extra_rows = extra_rows or self.optional_rows
            if not opts:
                opts = GABY_OPTIONS if preset == self.presets[0] else tuple(
                    o for o in GABY_OPTIONS if o not in self.multi_player_options)
        cols = cols or self.default_columns
        known(cols, GABY_COLUMNS, "rules.unknown_column")
        if "libre" not in cols:
            raise ConfigError(Message("rules.libre_column_always_present"),
                              expected="--column libre", rule="Y4")
        cols = tuple(c for c in GABY_COLUMNS if c in cols)   # sheet order
        known(extra_rows, self.optional_rows, "rules.unknown_optional_row")
        extra_rows = tuple(r for r in self.optional_rows if r in extra_rows)
        known(opts, GABY_OPTIONS, "rules.unknown_option")
        if "bloquant" in opts and len(setup.players) < 2:
            raise ConfigError(Message("rules.yams_bloquant_needs_2_players"), rule="Y6")
        if "doblar" in opts and "deux-coups" not in opts:
            raise ConfigError(Message("rules.doblar_needs_the_2_coups_option"),
                              expected="--option deux-coups --option doblar", rule="Y7")
        if "chance" in opts and not {"sec", "demi-sec"} & set(cols):
            raise ConfigError(Message("rules.cases_chance_need_sec"),
                              expected="--column sec", rule="Y8")
        opts = tuple(o for o in GABY_OPTIONS if o in opts)
        return Setup(setup.players, cols, extra_rows, opts)

    def column_factor(self, column: str) -> int | None:
        """Y5: each column's factor is a setting."""
        return int(self.settings["column_factors"].get(column, 1))

    def mechanics(self, config: ConfigView) -> list[Mechanic]:
        """Y7: the two coups, and the doblar (the descente and the montée take a doblar of
        their next two cells, once each); Y6: bloquant; Y3: max and min."""
        played: list[Mechanic] = []
        if config.has("deux-coups"):
            played.append(TwoCoups())
        if config.has("doblar"):
            played.append(Doblar(int(self.settings["doblars"]),
                                 {"descente": "descendant", "montee": "montant"}))
        if config.has("bloquant"):
            played.append(Bloquant())
        played.append(MAX_MIN)
        return played

    def label(self, config: ConfigView) -> str:
        return self.columns_label(config)

    def config_key_parts(self, config: ConfigView) -> list[str]:
        return self.columns_key_parts(config)

    def max_roll(self, game: TurnView) -> int:
        if len(game.coups) + 1 < game.coups_allowed():
            return self.max_rolls      # a second coup may still reach a cell (Y7)
        return min(self.max_rolls, self._dry_cap(game, game.player))

    def _dry_cap(self, game: TurnView, sheet: Sheet) -> int:
        """Most rolls a coup may take and still have a cell to go to (Y4: when only sec or
        demi-sec cells are left, a coup of more rolls has nowhere to be written)."""
        written, chance = sheet.marks.keys(), game.config.has("chance")
        cap = 0
        for column in game.columns:
            if written >= column.cells:             # full
                continue
            if column.max_roll is None or chance and any(
                    self.chance_cell(game.config, column, r)
                    for r in game.next_cells(sheet, column)):
                return self.max_rolls
            cap = max(cap, column.max_roll)
        return cap or self.max_rolls

    def refuse_roll(self, game: TurnView, roll: int, maximum: int) -> IllegalMoveError | None:
        if maximum < roll <= self.max_rolls:
            return IllegalMoveError(Message("rules.only_sec_demi_sec", roll=roll, maximum=maximum),
                                    expected=f"1 to {maximum}", rule="Y4")
        return None

    def chance_cell(self, config: ConfigView, column: Column, row: str) -> bool:
        return config.has("chance") and column.id in DRY_COLUMNS and row in CHANCE_ROWS

    def sheet_totals(self, columns: tuple[Column, ...], cells: Cells) -> Totals:
        """Per column: rows 1-6 (+bonus at the threshold, Y1), the figures with max/min both 0
        when max <= min (Y3), times the column factor (Y5); grand total = sum of the columns."""
        s = self.settings
        parts, details = {}, {}
        for col in columns:
            upper, _ = upper_total(cells, col.id)
            bonus = s["bonus"] if upper >= s["bonus_threshold"] else 0
            lower = scores_sum(cells, col.id, (r for r in col.rows if r not in UPPER))
            hi, lo = cell_score(cells, col.id, "max"), cell_score(cells, col.id, "min")
            cancelled = MAX_MIN.cancelled(hi, lo)
            if cancelled:
                lower -= (hi or 0) + (lo or 0)
            raw = upper + bonus + lower
            parts[col.id] = raw * col.factor
            details[col.id] = {"chiffres": upper, "bonus": bonus, "figures": lower,
                               "max_min_cancelled": int(cancelled), "factor": col.factor,
                               "total": parts[col.id]}
        return Totals(parts, details, sum(parts.values()))

    # -- scoring -------------------------------------------------------------------------------

    def score_row(self, row_id: str, dice: Dice, roll: int) -> Figure:
        s = self.settings
        if row_id.isdigit():
            return upper_figure(self, int(row_id), dice)
        if row_id in ("brelan", "carre", "yam"):
            n, base = {"brelan": (3, s["brelan_base"]), "carre": (4, s["carre_base"]),
                       "yam": (5, s["yam_base"])}[row_id]
            name = self._name(row_id)
            v = of_a_kind(dice, n)
            if v is None:
                return self._fig(row_id, 0, Message(
                    "explain.none_of_a_kind", name=name.lower(), n=n))
            score = base + n * v
            return self._fig(row_id, score, Message(
                "explain.of_a_kind_plus_dice", name=name, v=v, base=base, n=n, score=score))
        if row_id == "full":
            f = full(dice)
            if not f:
                return self._fig(row_id, 0, NO_FULL)
            v1, v2 = f
            score = s["full_base"] + 3 * v1 + 2 * v2
            return self._fig(row_id, score, Message(
                "explain.full_plus_dice", three=v1, two=v2, base=s['full_base'], score=score))
        if row_id == "suite":
            return suite_figure(self, row_id, dice)
        if row_id in ("max", "min"):
            return sum_figure(self, row_id, dice)
        if row_id == "nenette":
            if counts(dice) == {2: 3, 1: 2}:
                return self._fig(row_id, s["nenette"], Message(
                    "explain.nenette", score=s['nenette']))
            return self._fig(row_id, 0, Message("explain.no_nenette"))
        # petit: scored by the sum of the dice (Y2)
        total = dice_sum(dice)
        score = int(s["petit"].get(str(total), 0))
        if score:
            return self._fig(row_id, score, Message("explain.petit", total=total, score=score))
        return self._fig(row_id, 0, Message("explain.no_petit", total=total))
