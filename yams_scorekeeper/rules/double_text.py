"""The Double Yams rows in words (``yams rules double``, the row reference of docs/rules.md):
each text is built from the row's shape and its base value, so a club's setting shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hints import UPPER_TEXT

if TYPE_CHECKING:  # pragma: no cover
    from .base import RuleSet

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
EXAMPLES = {
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


def row_text(rules: RuleSet, row: str) -> tuple[str, str]:
    base = rules.settings["bases"].get(row)
    if row.isdigit():
        en, fr = UPPER_TEXT
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



#: what the Double Yams sheet shows besides its rows (``RuleSet.topic_texts``)
TOPICS = {
    "chiffres": ("section: rows 1-6, each the sum of the dice showing its value (doubled in "
                 "harmony), and the chiffres bonus", "section : les lignes 1 à 6, chacune la "
                 "somme des dés de sa valeur (doublée en harmonie), et la prime des chiffres",
                 "D3, D6, D8"),
    "yams": ("section: the figures of identical dice (brelan to yams impossible); first roll "
             "and harmony multiply them", "section : les figures de dés identiques (brelan à "
             "yams impossible) ; premier jet et harmonie les multiplient", "D3, D4, D5"),
    "suites": ("section: the runs (double petite suite to the suites géantes); first roll and "
               "harmony multiply them", "section : les suites (double petite suite aux suites "
               "géantes) ; premier jet et harmonie les multiplient", "D3, D4, D5"),
    "combinaisons": ("section: the groups and fulls (double brelan to double full); first roll "
                     "and harmony multiply them", "section : les groupes et fulls (double "
                     "brelan à double full) ; premier jet et harmonie les multiplient",
                     "D3, D4, D5"),
    "difference": ("section: (plus - moins) x the number of dice showing 1 written in row 1 "
                   "(the 'x 1' line; 0 while row 1 is empty or scratched); it may be negative",
                   "section : (plus - moins) x le nombre de dés montrant 1 inscrits dans la "
                   "ligne 1 (la ligne « x 1 » ; 0 tant que la ligne 1 est vide ou barrée) ; elle "
                   "peut être négative", "D3"),
    "bonus": ("the chiffres bonus: {steps}; only the highest step reached counts",
              "la prime des chiffres : {steps} ; seul le plus haut palier atteint compte", "D8"),
    "total": ("five section totals; the grand total is their sum",
              "cinq totaux de section ; le total général est leur somme", "D3"),
    "premier-jet": ("a figure of the yams, suites or combinaisons kept after the first roll "
                    "scores {first_roll_factor} x (never in chiffres or the difference)",
                    "une figure des yams, suites ou combinaisons gardée au premier jet compte "
                    "{first_roll_factor} x (jamais dans les chiffres ni la différence)", "D4, D7"),
    "harmonie": ("a figure whose every group is of one colour, or every group of one size, "
                 "scores {harmony_factor} x (groups of {harmony_max_group} dice at most); in "
                 "chiffres, row n doubles when all five dice of one colour or one size show n; "
                 "it multiplies with the first roll", "une figure dont chaque groupe est d'une "
                 "couleur, ou chaque groupe d'une taille, compte {harmony_factor} x (groupes de "
                 "{harmony_max_group} dés au plus) ; dans les chiffres, la ligne n double quand "
                 "les cinq dés d'une couleur ou d'une taille montrent n ; elle se multiplie avec "
                 "le premier jet", "D5, D6, D7"),
    "annonce": ("the sixth roll (classique and forcé): after the 5th roll, announce one empty "
                "row of the yams, suites or combinaisons and roll once more: made, its score "
                "without the first-roll factor; missed, minus its base value (typed …/6 "
                "announce youpi)", "le 6e jet (classique et forcé) : après le 5e jet, annoncer "
                "une ligne vide des yams, suites ou combinaisons et relancer une fois : réussie, "
                "son score sans le facteur du premier jet ; manquée, moins sa valeur de base "
                "(…/6 annonce youpi)", "D9"),
    "classique": ("variant: any order, up to {rolls_per_turn} rolls a turn, plus the announced "
                  "sixth roll", "variante : dans n'importe quel ordre, jusqu'à {rolls_per_turn} "
                  "jets par tour, plus le 6e jet annoncé", "D10"),
    "force": ("variant: the grid in order, croissant (from row 1 down to moins) or décroissant "
              "(from moins up to row 1), up to {rolls_per_turn} rolls a turn plus the sixth "
              "roll", "variante : la grille dans l'ordre, croissant (des 1 jusqu'au moins) ou "
              "décroissant (du moins jusqu'aux 1), jusqu'à {rolls_per_turn} jets par tour plus "
              "le 6e jet", "D10"),
    "critique": ("variant: unused rolls are banked; a turn may use {rolls_per_turn} + the bank "
                 "rolls, and the bank becomes bank + {rolls_per_turn} - rolls used; no sixth "
                 "roll", "variante : les jets non utilisés vont en réserve ; un tour peut "
                 "utiliser {rolls_per_turn} + la réserve, et la réserve devient réserve + "
                 "{rolls_per_turn} - jets utilisés ; pas de 6e jet", "D10"),
    "165": ("variant: {pool} rolls for the whole sheet, no limit a turn; once the pool is "
            "empty the rows left can only be scratched; no sixth roll", "variante : {pool} "
            "jets pour toute la feuille, sans limite par tour ; la réserve vide, les lignes "
            "restantes ne peuvent qu'être barrées ; pas de 6e jet", "D10"),
}
#: other words the sheet and the players use for them
TOPIC_ALIASES = {"x-1": "difference", "x1": "difference", "first-roll": "premier-jet",
                 "sec": "premier-jet", "harmony": "harmonie", "announce": "annonce",
                 "sixth-roll": "annonce", "6e-jet": "annonce", "sixieme-jet": "annonce",
                 "croissant": "force", "decroissant": "force"}
