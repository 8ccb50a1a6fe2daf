"""The Double Yams rows in words (``yams rules double``, the row reference of docs/rules.md):
each text is built from the row's shape and its base value, so a club's setting shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import UPPER_TEXT

if TYPE_CHECKING:  # pragma: no cover
    from .double import DoubleRules

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


def row_text(rules: "DoubleRules", row: str) -> tuple[str, str]:
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


