"""Texts of the score explanations (key ``explain.<name>``, English then French; see the package
doc). Row, figure and column names stay French in both languages, as on the paper sheet."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- rules/five_dice.py (NO_FULL)
    "no_figure": ("No {name}: 0", "Pas de {name} : 0"),
    "no_vowel_figure": ("No {name}: 0", "Pas d'{name} : 0"),
    # -- cli/score.py
    "and": ("; ", " ; "),
    "sixth_roll_made": ("sixth roll made (D9)", "6e jet réussi (D9)"),
    "sixth_roll_missed": (
        "sixth roll missed: {what} not made, -{cost} (D9)",
        "6e jet manqué : {what} non réalisé, -{cost} (D9)",
    ),
    "sixth_roll_missed_valued": (
        "sixth roll missed: -{factor} x {group} x V for the announced value V, -{cost} for "
        "{row}:6 (D9)",
        "6e jet manqué : -{factor} x {group} x V pour la valeur V annoncée, -{cost} pour {row}:6 "
        "(D9)",
    ),
    # -- game.py
    "chance_cell": (
        "chance cell: 0 allowed after {roll} rolls (Y8)",
        "case chance : 0 permis après {roll} lancers (Y8)",
    ),
    "kept_after": (
        "{column}: coup kept after {roll} {roll:|roll|rolls} (Y4)",
        "{column} : coup gardé en {roll} {roll:|lancer|lancers} (Y4)",
    ),
    "column_factor": ("column x{factor} in the total (Y5)", "colonne x{factor} au total (Y5)"),
    "pool_empty_cell": (
        "Pool of rolls used up: cell scratched (0)",
        "Réserve de jets épuisée : case barrée (0)",
    ),
    "pool_empty_scratched": ("Pool of rolls used up: scratched", "Réserve de jets épuisée : barré"),
    "scratched": ("Scratched: 0 (G3)", "Barré : 0 (G3)"),
    # -- rules/base.py
    "upper_none": ("No {value}: 0", "Aucun {value} : 0"),
    "upper": ("The {value}s: {n} x {value} = {score}", "Les {value} : {n} x {value} = {score}"),
    # -- rules/classic.py
    "full_plus_sum": (
        "Full {three}-{three}-{three} / {two}-{two}: {base} + ({dice}) = {score}",
        "Full {three}-{three}-{three} / {two}-{two} : {base} + ({dice}) = {score}",
    ),
    "none_of_a_kind": (
        "No {name} ({n} identical dice): 0",
        "Pas de {name} ({n} dés identiques) : 0",
    ),
    "of_a_kind_plus_sum": (
        "{name} of {v}: {base} + ({dice}) = {score}",
        "{name} de {v} : {base} + ({dice}) = {score}",
    ),
    "plus_above": (
        "0 only: the {row} must stay above the {other} ({score}) (C3)",
        "0 seulement : le {row} doit rester au-dessus du {other} ({score}) (C3)",
    ),
    "moins_below": (
        "0 only: the {row} must stay below the {other} ({score}) (C3)",
        "0 seulement : le {row} doit rester en dessous du {other} ({score}) (C3)",
    ),
    # -- rules/double_search.py
    "sum": ("{name}: {dice} = {total}", "{name} : {dice} = {total}"),
    "geante": (
        "Suite géante + {what} of {value}: {factor} x {dice} = {base}",
        "Suite géante + {what} de {value} : {factor} x {dice} = {base}",
    ),
    "geante_harmony": (
        "Suite géante + {what} of {value} ({groups}): {factor} x {dice} = {base}",
        "Suite géante + {what} de {value} ({groups}) : {factor} x {dice} = {base}",
    ),
    "groups": ("{name} ({groups}): {base}", "{name} ({groups}) : {base}"),
    "times_harmony_colour": (" x{factor} colour harmony", " x{factor} harmonie couleur"),
    "times_harmony_size": (" x{factor} size harmony", " x{factor} harmonie taille"),
    "times_first_roll": (" x{factor} first roll", " x{factor} premier jet"),
    "equals": (" = {score}", " = {score}"),
    "times_harmony_colour_all": (
        " x{factor} colour harmony ({count} {value} {dice})",
        " x{factor} harmonie couleur ({count} {value} {dice})",
    ),
    "times_harmony_size_all": (
        " x{factor} size harmony ({count} {value} {dice})",
        " x{factor} harmonie taille ({count} {value} {dice})",
    ),
    # -- rules/duel.py
    "none": ("No {name}: 0", "Pas de {name} : 0"),
    "of_a_kind": ("{name} of {v}: {n} x {v} = {score}", "{name} de {v} : {n} x {v} = {score}"),
    "full": (
        "Full {three}-{three}-{three} / {two}-{two}: {score}",
        "Full {three}-{three}-{three} / {two}-{two} : {score}",
    ),
    "run": ("{name} {run}: {score}", "{name} {run} : {score}"),
    "no_run": ("No run of {need} dice: 0", "Pas de suite de {need} dés : 0"),
    "no_yam": ("No yam (5 identical dice): 0", "Pas de yam (5 dés identiques) : 0"),
    "yam_made": ("Yam of {v}: {score}", "Yam de {v} : {score}"),
    # -- rules/five_dice.py
    "suite": ("{kind} suite {run}: {score}", "{kind} suite {run} : {score}"),
    "no_full": ("No full (3 + 2 dice): 0", "Pas de full (3 + 2 dés) : 0"),
    # -- rules/gaby.py
    "of_a_kind_plus_dice": (
        "{name} of {v}: {base} + {n}x{v} = {score}",
        "{name} de {v} : {base} + {n}x{v} = {score}",
    ),
    "full_plus_dice": (
        "Full {three}-{three}-{three} / {two}-{two}: {base} + 3x{three} + 2x{two} = {score}",
        "Full {three}-{three}-{three} / {two}-{two} : {base} + 3x{three} + 2x{two} = {score}",
    ),
    "nenette": ("Nénette 2-2-2-1-1: {score}", "Nénette 2-2-2-1-1 : {score}"),
    "no_nenette": ("No nénette (2-2-2-1-1): 0", "Pas de nénette (2-2-2-1-1) : 0"),
    "petit": (
        "Petit, dice adding up to {total}: {score}",
        "Petit, somme des dés {total} : {score}",
    ),
    "no_petit": ("No petit (sum {total}): 0", "Pas de petit (somme {total}) : 0"),
    "bloquant": (
        "bloquant: {holder} has {best} in this cell, 0 only (Y6)",
        "bloquant : {holder} a {best} dans cette case, 0 seulement (Y6)",
    ),
    # -- rules/yahtzee.py
    "not_n_equal": ("{name}: not {n} equal dice: 0", "{name} : pas {n} dés égaux : 0"),
    "of_a_kind_sum": ("{name} of {v}: {dice} = {total}", "{name} de {v} : {dice} = {total}"),
    "no_full_house": (
        "{name}: not 3 + 2 dice of different values: 0",
        "{name} : pas 3 + 2 dés de valeurs différentes : 0",
    ),
    "full_house": (
        "{name} ({three}-{three}-{three} / {two}-{two}): {score}",
        "{name} ({three}-{three}-{three} / {two}-{two}) : {score}",
    ),
    "no_straight": (
        "{name}: not {need} values in a row: 0",
        "{name} : pas {need} valeurs qui se suivent : 0",
    ),
    "not_five_equal": ("{name}: not 5 equal dice: 0", "{name} : pas 5 dés égaux : 0"),
    "named_of_a_kind": ("{name} of {v}: {score}", "{name} de {v} : {score}"),
    "joker": ("{name} by joker (H4): {score}", "{name} par joker (H4) : {score}"),
    "yahtzee_bonus": ("+{bonus} Yahtzee bonus (H4)", "+{bonus} prime Yahtzee (H4)"),
    # -- rules/yatzy.py
    "n_of_a_kind": (
        "{name} ({dice}): {n} x {v} = {score}",
        "{name} ({dice}) : {n} x {v} = {score}",
    ),
    "no_two_pairs": (
        "{name}: not two pairs of different values: 0",
        "{name} : pas deux paires de valeurs différentes : 0",
    ),
    "two_pairs": (
        "{name} ({a}-{a} / {b}-{b}): 2 x {a} + 2 x {b} = {score}",
        "{name} ({a}-{a} / {b}-{b}) : 2 x {a} + 2 x {b} = {score}",
    ),
    "not_exactly": ("{name}: not exactly {run}: 0", "{name} : pas exactement {run} : 0"),
    "full_house_sum": (
        "{name} ({three}-{three}-{three} / {two}-{two}): sum of the dice = {total}",
        "{name} ({three}-{three}-{three} / {two}-{two}) : somme des dés = {total}",
    ),
    # -- house/scoring.py, house/rules.py: a house row's score, citing the house's rule
    "house_count": ("{name} (house): {n} x {v} = {score}", "{name} (maison) : {n} x {v} = {score}"),
    "house_not_made": ("{name} (house): not made, 0", "{name} (maison) : pas fait, 0"),
    "house_group": ("{name} (house): {n} x {v} = {score}", "{name} (maison) : {n} x {v} = {score}"),
    "house_base_group": (
        "{name} (house): {base} + {n} x {v} = {score}",
        "{name} (maison) : {base} + {n} x {v} = {score}",
    ),
    "house_two_pairs": (
        "{name} (house): 2 x {a} + 2 x {b} = {score}",
        "{name} (maison) : 2 x {a} + 2 x {b} = {score}",
    ),
    "house_run": ("{name} (house): {run} = {score}", "{name} (maison) : {run} = {score}"),
    "house_fixed": ("{name} (house): {score}", "{name} (maison) : {score}"),
    "house_sum": ("{name} (house): {dice} = {score}", "{name} (maison) : {dice} = {score}"),
    "house_base_sum": (
        "{name} (house): {base} + {dice} = {score}",
        "{name} (maison) : {base} + {dice} = {score}",
    ),
    "house_joker": ("{name} as a joker", "{name} en joker"),
    "house_extra_yams": (
        "+{bonus} for another yams (house)",
        "+{bonus} pour un autre yams (maison)",
    ),
    "house_yams_servi": ("+{bonus} yams servi (house)", "+{bonus} yams servi (maison)"),
    "house_bonuses": ("{notes}", "{notes}"),
}
