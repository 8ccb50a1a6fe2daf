"""Texts of the rules area (see the package doc: key ``rules.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- rules/base.py known(), from rules/classic.py and rules/gaby.py
    "unknown_column": ("unknown column '{item}'", "colonne « {item} » inconnue"),
    "unknown_optional_row": (
        "unknown optional row '{item}'",
        "ligne optionnelle « {item} » inconnue",
    ),
    "unknown_option": ("unknown option '{item}'", "option « {item} » inconnue"),
    # -- advice/spec.py
    "exact_solver_several_columns": (
        "no exact solver for {title}: it has several columns",
        "pas de solveur exact pour le {title} : plusieurs colonnes",
    ),
    # -- cli/options.py
    "no_start_die": ("no start die for {who}", "pas de dé de départ pour {who}"),
    # -- config.py
    "player_count": (
        "{n} {n:|player|players}: {title} takes {low} to {high} (G6)",
        "{n} {n:|joueur|joueurs} : le {title} se joue de {low} à {high} (G6)",
    ),
    "player_name_invisible": (
        "player name '{name}' holds a character drawn as nothing (a zero-width space or "
        "joiner, a byte-order mark, a soft hyphen, a tag character...)",
        "le nom « {name} » contient un caractère invisible (espace ou liant sans largeur, "
        "indicateur d'ordre des octets, trait d'union conditionnel, caractère d'étiquette...)",
    ),
    "player_names_same": (
        "player names must be different: '{a}' and '{b}' are one name (case and letter forms "
        "do not count)",
        "les noms des joueurs doivent être différents : « {a} » et « {b} » sont un même nom (la "
        "casse et la forme des lettres ne comptent pas)",
    ),
    "player_names_must_non": (
        "player names must be non-empty and different",
        "les noms des joueurs doivent être non vides et différents",
    ),
    "player_name_must_text": (
        "a player's name must be text, not {name}",
        "le nom d'un joueur doit être du texte, pas {name}",
    ),
    "player_name_holds_control": (
        "player name '{name}' holds a control character (ESC, CR, BEL, a bidi override...) or is "
        "over {max_name} characters",
        "le nom « {name} » contient un caractère de contrôle (ESC, CR, BEL, inversion bidi...) ou "
        "dépasse {max_name} caractères",
    ),
    "player_name_cannot_written": (
        "player name '{name}' cannot be written in a transcript (no ':', ',' or '#', and not a "
        "header word)",
        "le nom « {name} » ne peut pas s'écrire dans une feuille de partie (ni « : », ni « , », "
        "ni « # », ni un mot d'en-tête)",
    ),
    "tie_start_must_roll": (
        "tie for the start: {who} must roll again",
        "égalité pour commencer : {who} doit relancer",
    ),
    "start_die_die_face": (
        "start die {v} for {n} is not a die face",
        "dé de départ {v} pour {n} : pas une face de dé",
    ),
    # -- rules/__init__.py
    "unknown_rule_set": ("unknown rule set '{name}'", "jeu de règles « {name} » inconnu"),
    # -- rules/base.py
    "unknown_setting": (
        "unknown setting '{key_}' for {family}",
        "réglage « {key_} » inconnu pour {family}",
    ),
    "setting_must": (
        "setting '{key_}' must be {what}",
        "le réglage « {key_} » attend une autre valeur ({what})",
    ),
    "row": ("no row '{row_id}' in {title}", "pas de ligne « {row_id} » au {title}"),
    "no_row_or_topic": (
        "no row '{word}' in {title}, nor a column, bonus, option or variant",
        "pas de ligne « {word} » au {title}, ni de colonne, prime, option ou variante",
    ),
    "one_column_per_player": (
        "{title} has one column per player",
        "le {title} n'a qu'une colonne par joueur",
    ),
    "takes": ("{family} takes no {what}", "{family} n'accepte pas {what}"),
    # -- rules/classic.py
    "impos_e_column_needs": (
        "the imposée column needs its order of rows at creation",
        "la colonne imposée demande l'ordre des lignes à la création",
    ),
    "impos_e_order_must": (
        "the imposée order must list every row exactly once",
        "l'ordre imposé doit citer chaque ligne une seule fois",
    ),
    "imposed_order_given_but": (
        "an imposed order was given but there is no imposée column",
        "un ordre imposé est donné sans colonne imposée",
    ),
    # -- rules/double.py
    "double_yams_one_column": (
        "Double Yams has one column per player",
        "le Double Yams n'a qu'une colonne par joueur",
    ),
    "unknown_double_yams_variant": (
        "unknown Double Yams variant '{variant}'",
        "variante de Double Yams « {variant} » inconnue",
    ),
    "unknown_direction": ("unknown direction '{direction}'", "sens « {direction} » inconnu"),
    "direction_only_goes_forc": (
        "a direction only goes with the forcé variant",
        "le sens ne concerne que la variante forcé",
    ),
    # -- rules/duel.py
    "jokers_per_turn_can": (
        "jokers_per_turn can be 0 or 1: an entry changes one die",
        "jokers_per_turn vaut 0 ou 1 : une saisie change un seul dé",
    ),
    # -- rules/gaby.py
    "yams_gaby_variant_direction": (
        "Yams Gaby has no variant, direction or imposed order",
        "le Yams Gaby n'a ni variante, ni sens, ni ordre imposé",
    ),
    "libre_column_always_present": (
        "the libre column is always present in Yams Gaby",
        "la colonne libre est toujours présente au Yams Gaby",
    ),
    "yams_bloquant_needs_players": (
        "Yams bloquant needs 2 players or more",
        "le Yams bloquant demande au moins 2 joueurs",
    ),
    "doblar_needs_coups_option": (
        "doblar needs the 2 coups option",
        "le doblar demande l'option 2 coups",
    ),
    "cases_chance_need_sec": (
        "cases chance need a sec or demi-sec column",
        "les cases chance demandent une colonne sec ou demi-sec",
    ),
    "only_sec_demi_sec": (
        "only sec/demi-sec cells are left: a coup of {roll} rolls has nowhere to go (at most "
        "{maximum})",
        "il ne reste que des cases sec/demi-sec : un coup en {roll} lancers n'a pas de case (au "
        "plus {maximum})",
    ),
    "unknown_preset": ("unknown preset '{preset}'", "préréglage « {preset} » inconnu"),
    # -- rules/yahtzee.py
    "joker_yahtzee_goes_row": (
        "joker: a yahtzee of {value}s goes in row {name} while it is empty",
        "joker : un yahtzee de {value} va dans la ligne {name} tant qu'elle est vide",
    ),
    "joker_row_filled_so": (
        "joker: row {name} is filled, so the yahtzee goes in an empty lower row",
        "joker : la ligne {name} est remplie, le yahtzee va dans une ligne vide du bas",
    ),
}
