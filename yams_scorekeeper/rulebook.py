"""What every row of every family is, in words, with a worked example: the one source of
``yams rules [FAMILY] [ROW]`` and of the row reference in ``docs/rules.md``.

Each entry says what makes the row and how it scores (English and French), the ruling that
fixes it, and dice that make it; the example's arithmetic is computed by the rules themselves,
so it can never disagree with the scorer. Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import RULESETS, RuleSet, get_rules

#: the ruling that lists each family's rows
ROWS_RULE = {"classic": "C1", "gaby": "Y1", "double": "D2", "duel": "U1"}

_UPPER = ("{n}: the dice showing {n}, added up (n x {n})",
          "{n} : les dés qui montrent {n}, additionnés (n x {n})")

#: row -> (English, French, example dice, roll), per family; rows 1-6 share ``_UPPER``
_TEXT: dict[str, dict[str, tuple[str, str, str, int]]] = {
    "classic": {
        "full": ("three dice of one value and two of another (G2); 25 + the sum of the dice",
                 "trois dés d'une valeur et deux d'une autre (G2) ; 25 + la somme des dés",
                 "55533", 2),
        "suite": ("five values in a row: 1-2-3-4-5 scores 55, 2-3-4-5-6 scores 60",
                  "cinq valeurs qui se suivent : 1-2-3-4-5 vaut 55, 2-3-4-5-6 vaut 60",
                  "23456", 3),
        "carre": ("at least four dice alike (G1); 70 + the sum of the dice",
                  "au moins quatre dés identiques (G1) ; 70 + la somme des dés", "66662", 1),
        "plus": ("the sum of the dice; in a column, plus must stay above moins (C3)",
                 "la somme des dés ; dans une colonne, le plus doit rester au-dessus du moins "
                 "(C3)", "66655", 2),
        "moins": ("the sum of the dice; in a column, moins must stay below plus (C3)",
                  "la somme des dés ; dans une colonne, le moins doit rester en dessous du "
                  "plus (C3)", "11123", 2),
        "yam": ("five dice alike; 100 + the sum of the dice",
                "cinq dés identiques ; 100 + la somme des dés", "44444", 3),
    },
    "gaby": {
        "brelan": ("at least three dice alike (G1); 10 + 3 x their value",
                   "au moins trois dés identiques (G1) ; 10 + 3 x leur valeur", "55523", 2),
        "full": ("three dice of one value and two of another (G2); 20 + 3 x V1 + 2 x V2",
                 "trois dés d'une valeur et deux d'une autre (G2) ; 20 + 3 x V1 + 2 x V2",
                 "55533", 2),
        "suite": ("five values in a row: 1-2-3-4-5 scores 45, 2-3-4-5-6 scores 50",
                  "cinq valeurs qui se suivent : 1-2-3-4-5 vaut 45, 2-3-4-5-6 vaut 50",
                  "23456", 1),
        "carre": ("at least four dice alike (G1); 40 + 4 x their value",
                  "au moins quatre dés identiques (G1) ; 40 + 4 x leur valeur", "66662", 1),
        "max": ("the sum of the dice; when max is not above min, both count 0 (Y3)",
                "la somme des dés ; si le max n'est pas au-dessus du min, les deux comptent 0 "
                "(Y3)", "66655", 2),
        "min": ("the sum of the dice; when max is not above min, both count 0 (Y3)",
                "la somme des dés ; si le max n'est pas au-dessus du min, les deux comptent 0 "
                "(Y3)", "11123", 2),
        "yam": ("five dice alike; 100 + 5 x their value",
                "cinq dés identiques ; 100 + 5 x leur valeur", "66666", 3),
        "nenette": ("exactly 2-2-2-1-1; 60 (optional row)",
                    "exactement 2-2-2-1-1 ; 60 (ligne optionnelle)", "22211", 2),
        "petit": ("dice adding up to 7 or less: 7 scores 50, 6 scores 60, 5 scores 70 (optional "
                  "row)", "des dés dont la somme fait 7 ou moins : 7 vaut 50, 6 vaut 60, 5 vaut 70 "
                  "(ligne optionnelle)", "11112", 3),
    },
    "duel": {
        "brelan": ("3 pareils: at least three dice alike; the sum of those three",
                   "3 pareils : au moins trois dés identiques ; la somme de ces trois dés",
                   "66612", 2),
        "carre": ("4 pareils: at least four dice alike; the sum of those four",
                  "4 pareils : au moins quatre dés identiques ; la somme de ces quatre dés",
                  "44441", 2),
        "full": ("three dice of one value and two of another (G2); 25",
                 "trois dés d'une valeur et deux d'une autre (G2) ; 25", "22233", 1),
        "petite-suite": ("four values in a row among the five; 30",
                         "quatre valeurs qui se suivent parmi les cinq ; 30", "12346", 2),
        "grande-suite": ("five values in a row; 40 (it is also a petite suite)",
                         "cinq valeurs qui se suivent ; 40 (c'est aussi une petite suite)",
                         "23456", 3),
        "yam": ("five dice alike; 50 (U2, a setting)",
                "cinq dés identiques ; 50 (U2, un réglage)", "55555", 3),
        "chance": ("the sum of the dice, whatever they show",
                   "la somme des dés, quels qu'ils soient", "65432", 1),
    },
}

_SAME = ("at least {n} identical dice of the ten (G1); {base}",
         "au moins {n} dés identiques parmi les dix (G1) ; {base}")
_RUNS = ("{k} identical runs of {n} consecutive values; {base}",
         "{k} suites identiques de {n} valeurs qui se suivent ; {base}")
_GEANTE = ("a run 1-2-3-4-5-6 plus, from the other dice, a {what} of one value; 10 x the sum of "
           "those {n} dice; announced for a sixth roll with its value ({row}:6)",
           "une suite 1-2-3-4-5-6 plus, avec les autres dés, {quoi} d'une valeur ; 10 x la "
           "somme de ces {n} dés ; annoncée au 6e jet avec sa valeur ({row}:6)")
_GROUPS = ("groups of {groups} identical dice (they may share a value), no die in two "
           "groups; {base}",
           "des groupes de {groups} dés identiques (ils peuvent avoir la même valeur), aucun dé "
           "dans deux groupes ; {base}")
_DOUBLE_EXAMPLES = {
    "1": "cp111 fp12 cg34 fg566", "2": "cp222 fp12 cg34 fg566", "3": "cp333 fp12 cg34 fg566",
    "4": "cp444 fp12 cg34 fg566", "5": "cp555 fp55 cg34 fg566", "6": "cp666 fp66 cg12 fg345",
    "brelan": "cp555 fp12 cg34 fg126", "carre": "cp555 fp52 cg34 fg126",
    "youpi": "cp555 fp55 cg34 fg126", "rene": "cp555 fp55 cg54 fg126",
    "superieur": "cp555 fp55 cg55 fg126", "giga": "cp555 fp55 cg55 fg526",
    "ultra": "cp555 fp55 cg55 fg556", "impossible": "cp555 fp55 cg55 fg555",
    "double-petite-suite": "cp123 fp45 cg66 fg123", "suite-marcel": "cp123 fp41 cg23 fg456",
    "suite-royale": "cp123 fp45 cg12 fg345", "triple-suite": "cp123 fp12 cg31 fg236",
    "geante-paire": "cp123 fp45 cg64 fg412", "geante-brelan": "cp123 fp45 cg64 fg441",
    "geante-carre": "cp123 fp45 cg66 fg666",
    "double-brelan": "cp666 fp12 cg55 fg534", "triple-brelan": "cp666 fp55 cg53 fg334",
    "double-carre": "cp666 fp65 cg55 fg512", "double-yams": "cp666 fp66 cg55 fg555",
    "full-tordu": "cp666 fp55 cg54 fg444", "grand-full": "cp666 fp66 cg65 fg555",
    "full-supreme": "cp666 fp66 cg66 fg555", "double-full": "cp665 fp54 cg44 fg333",
    "plus": "cp666 fp66 cg55 fg554", "moins": "cp111 fp11 cg22 fg213",
}
_SAME_N = {"brelan": 3, "carre": 4, "youpi": 5, "rene": 6, "superieur": 7, "giga": 8,
           "ultra": 9, "impossible": 10}
_RUNS_KN = {"double-petite-suite": (2, 3), "suite-marcel": (2, 4), "suite-royale": (2, 5),
            "triple-suite": (3, 3)}
_GEANTE_N = {"geante-paire": (2, "pair", "une paire"), "geante-brelan": (3, "brelan", "un brelan"),
             "geante-carre": (4, "carré", "un carré")}
_GROUP_OF = {"double-brelan": "3+3", "triple-brelan": "3+3+3", "double-carre": "4+4",
             "double-yams": "5+5", "full-tordu": "3+3+4", "grand-full": "6+4",
             "full-supreme": "7+3", "double-full": "2+2+3+3"}


@dataclass(frozen=True)
class RowRule:
    """One row in words: what makes it and how it scores, its rulings, a worked example."""

    family: str
    row: str
    name: str
    en: str
    fr: str
    rulings: str
    dice: str
    roll: int
    example: str
    typed: tuple[str, ...]

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


def _double_text(rules: RuleSet, row: str) -> tuple[str, str]:
    base = rules.settings["bases"].get(row)
    if row.isdigit():
        en, fr = _UPPER
        return (en.format(n=row) + "; doubled when the 5 dice of one colour or one size show it "
                "(D6)", fr.format(n=row) + " ; doublé quand les 5 dés d'une couleur ou d'une "
                "taille le montrent (D6)")
    if row in _SAME_N:
        return _SAME[0].format(n=_SAME_N[row], base=base), _SAME[1].format(n=_SAME_N[row],
                                                                           base=base)
    if row in _RUNS_KN:
        k, n = _RUNS_KN[row]
        return _RUNS[0].format(k=k, n=n, base=base), _RUNS[1].format(k=k, n=n, base=base)
    if row in _GEANTE_N:
        n, what, quoi = _GEANTE_N[row]
        return _GEANTE[0].format(what=what, n=n, row=row), _GEANTE[1].format(quoi=quoi, n=n,
                                                                             row=row)
    if row in _GROUP_OF:
        groups = _GROUP_OF[row]
        return _GROUPS[0].format(groups=groups, base=base), _GROUPS[1].format(groups=groups,
                                                                              base=base)
    return ("the sum of the ten dice; the difference section counts (plus - moins) x the 1s "
            "written in row 1 (D3)", "la somme des dix dés ; la section différence compte "
            "(plus - moins) x le nombre de 1 inscrits en ligne 1 (D3)")


def row_rule(family: str, row: str) -> RowRule:
    """The rule of ``row`` (any name a player may type) in ``family`` (any alias)."""
    rules = get_rules(family)
    row_id = rules.row(row).id
    fam = rules.family
    if fam == "double":
        en, fr = _double_text(rules, row_id)
        dice, roll = _DOUBLE_EXAMPLES[row_id], 2
    elif row_id.isdigit():
        n = int(row_id)
        en, fr = (t.format(n=n) for t in _UPPER)
        dice, roll = f"{n}{n}{n}{(n % 6) + 1}{((n + 1) % 6) + 1}", 2
    else:
        en, fr, dice, roll = _TEXT[fam][row_id]
    parsed = rules.parse_dice(dice)
    figure = rules.figure(row_id, parsed, roll)
    cited = rules.cite(row_id, figure.factors)
    rulings = ", ".join(dict.fromkeys([ROWS_RULE[fam]] + cited.split(", ")))
    from .dice import format_dice
    name = rules.row(row_id).name
    shorts = [k for k, v in rules.short_names.items() if v == row_id]
    typed = tuple(dict.fromkeys([row_id, name.lower(), *shorts]))
    return RowRule(fam, row_id, name, en, fr, rulings, format_dice(parsed), roll,
                   figure.explain, typed)


def family_rules(family: str) -> list[RowRule]:
    """Every row of ``family``, in grid order."""
    rules = get_rules(family)
    return [row_rule(rules.family, r.id) for r in rules.rows]


def markdown() -> str:
    """The row reference of ``docs/rules.md``: one table per family (English)."""
    out = []
    for cls in RULESETS:
        out.append(f"#### {cls.title} (`{cls.family}`)\n")
        out.append("| row | what makes it, how it scores | rulings | example |")
        out.append("|---|---|---|---|")
        for r in family_rules(cls.family):
            out.append(f"| `{r.row}` {r.name} | {r.en} | {r.rulings} | {r.dice} /{r.roll}: "
                       f"{r.example} |")
        out.append("")
    return "\n".join(out)
