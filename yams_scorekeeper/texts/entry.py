"""Texts of the entry area (see the package doc: key ``entry.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- errors.py: what would be accepted, after any error that knows it
    "expected": (" (expected: {example})", " (attendu : {example})"),
    # -- cli/turn_cmds.py
    "one_joker_turn": ("one joker a turn", "un seul joker par tour"),
    # -- dice.py
    "dice_typed": ("no dice typed", "aucun dé saisi"),
    "die_value": ("'{bad}' is not a die value (1-6)", "« {bad} » n'est pas une valeur de dé (1-6)"),
    "die_face_values_go": (
        "{v} is not a die face: values go from 1 to 6",
        "{v} n'est pas une face de dé : les valeurs vont de 1 à 6",
    ),
    "typed_game_uses": (
        "{typed} {typed:|die|dice} typed, this game uses {count}",
        "{typed} {typed:|dé saisi|dés saisis}, ce jeu en utilise {count}",
    ),
    "cannot_read_die_value": (
        "cannot read '{unit}': a die is <value 1-6> with a colour c|f and a size p|g in any "
        "order, or a group such as cp665",
        "« {unit} » illisible : un dé s'écrit <valeur 1-6> avec une couleur c|f et une taille p|g "
        "dans n'importe quel ordre, ou un groupe comme cp665",
    ),
    "die_needs_colour_tag": (
        "die '{unit}' needs a colour tag c (clair) or f (foncé)",
        "le dé « {unit} » doit porter une couleur c (clair) ou f (foncé)",
    ),
    "die_needs_size_tag": (
        "die '{unit}' needs a size tag p (petit) or g (grand)",
        "le dé « {unit} » doit porter une taille p (petit) ou g (grand)",
    ),
    "untagged_dice_typed_double": (
        "{n} untagged dice typed: Double Yams needs its {total} dice with their tags, colour c "
        "(clair) / f (foncé) and size p (petit) / g (grand); the quickest is by groups, a tag "
        "then the values of its dice",
        "{n} dés sans marques : le Double Yams demande ses {total} dés avec leurs marques, "
        "couleur c (clair) / f (foncé) et taille p (petit) / g (grand) ; le plus rapide : par "
        "groupes, une marque puis les valeurs de ses dés",
    ),
    "typed_double_yams_uses": (
        "{typed} {typed:|die|dice} typed, Double Yams uses {total}",
        "{typed} {typed:|dé saisi|dés saisis}, le Double Yams en utilise {total}",
    ),
    "tags_do_match_physical": (
        "the tags do not match the physical dice: typed {got}; the set is {wanted}",
        "les marques ne correspondent pas aux dés : saisi {got} ; le jeu compte {wanted}",
    ),
    "roll_number_first_roll": (
        "roll number {roll}: the first roll is 1",
        "lancer n° {roll} : le premier lancer est le 1",
    ),
    "roll_number_above_maximum": (
        "roll number {roll} is above the maximum of {maximum} for this turn",
        "lancer n° {roll} : au-delà du maximum de {maximum} pour ce tour",
    ),
    "cannot_read_die_value_2": (
        "cannot read '{bad}': a die is <value 1-6><c|f><p|g>, or a group such as cp665",
        "« {bad} » illisible : un dé s'écrit <valeur 1-6><c|f><p|g>, ou un groupe comme cp665",
    ),
    "tag_dice_after": (
        "the tag '{letters}' has no dice after it",
        "la marque « {letters} » n'est suivie d'aucun dé",
    ),
    "roll_number_whole_number": (
        "roll number '{text}' is not a whole number",
        "le numéro de lancer « {text} » n'est pas un nombre entier",
    ),
    "die_face_values_go_2": (
        "{bad} is not a die face in '{unit}': values go from 1 to 6",
        "{bad} n'est pas une face de dé dans « {unit} » : les valeurs vont de 1 à 6",
    ),
    # -- notation.py
    "cannot_read_joker": ("cannot read the joker '{text}'", "joker « {text} » illisible"),
    "type_dice_were_kept": ("type the dice that were kept", "saisissez les dés gardés"),
    "say_after_how_many": (
        "say after how many rolls the dice were kept",
        "indiquez en combien de lancers les dés ont été gardés",
    ),
    "cannot_read_coup": ("cannot read the coup '{text}'", "coup « {text} » illisible"),
    "cannot_read_cell": ("cannot read the cell '{text}'", "case « {text} » illisible"),
    "write_one_cell_after": (
        "write one cell after '->' (two with a doblar)",
        "écrivez une case après « -> » (deux avec un doblar)",
    ),
    "cannot_read_entry": ("cannot read the entry '{strip}'", "saisie « {strip} » illisible"),
    "roll_given_twice_after": (
        "the roll is given twice, after '/' and with --roll",
        "le lancer est donné deux fois, après « / » et avec --roll",
    ),
    "enter_dice_first_numbered": (
        "enter the dice first: no numbered cell to choose from yet ('{token}')",
        "saisissez d'abord les dés : pas encore de case numérotée où choisir (« {token} »)",
    ),
    "cell_number_list_goes": (
        "no cell number {shown_n}: the list goes from 1 to {n_cells}",
        "pas de case numéro {shown_n} : la liste va de 1 à {n_cells}",
    ),
    "unexpected_after_roll": (
        "unexpected '{word}' after the roll",
        "« {word} » inattendu après le lancer",
    ),
    "need_dice": (
        "type the dice, then '/' and the roll number",
        "tapez les dés puis « / » et le numéro du lancer",
    ),
    "need_roll": (
        "the roll number is missing after '/'",
        "il manque le numéro du lancer après « / »",
    ),
    "dice_after_roll_number": (
        "no dice after the roll number",
        "aucun dé après le numéro de lancer",
    ),
}
