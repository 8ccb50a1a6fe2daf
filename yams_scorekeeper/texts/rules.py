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
    # -- house/reader.py, house/sheet.py: a house sheet file refused
    "house_refused": ("{where}: {why}", "{where} : {why}"),
    "house_where_line": ("{source}line {line}, {key_}", "{source}ligne {line}, {key_}"),
    "house_where": ("{source}{key_}", "{source}{key_}"),
    "house_source": ("{path}: ", "{path} : "),
    "house_unknown_key": ("unknown key", "clé inconnue"),
    "house_missing": ("missing", "manquant"),
    "house_bad_value": ("{value} is not {what}", "{value} n'est pas {what}"),
    "house_unknown_word": ("unknown kind or word '{value}'", "type ou mot « {value} » inconnu"),
    "house_hostile": (
        "'{value}' holds a control code or a markup character ([ ] < > &)",
        "« {value} » contient un code de contrôle ou un caractère de balisage ([ ] < > &)",
    ),
    "house_no_such_row": (
        "no row '{row}' on this sheet",
        "pas de ligne « {row} » sur cette feuille",
    ),
    "house_row_twice": ("a row is named twice", "une ligne est citée deux fois"),
    "house_reserved_id": (
        "'{id}' cannot be a row id: typed entries read it as something else",
        "« {id} » ne peut pas identifier une ligne : les saisies le lisent autrement",
    ),
    "house_same_id": ("two parts have the id '{id}'", "deux éléments ont l'identifiant « {id} »"),
    "house_unreachable": (
        "threshold {threshold} can never be reached: its rows make at most {most}",
        "le seuil {threshold} n'est jamais atteint : ses lignes font au plus {most}",
    ),
    "house_steps_order": (
        "steps must go up by threshold, each threshold once",
        "les paliers doivent monter par seuil, chaque seuil une fois",
    ),
    "house_needs_one": (
        "needs exactly one {kind} row or column",
        "demande exactement une ligne ou colonne {kind}",
    ),
    "house_plus_moins": (
        "a sheet with plus or moins needs exactly one of each",
        "une feuille avec plus ou moins en demande exactement un de chaque",
    ),
    "house_no_column": (
        "the sheet needs a column that is not optional",
        "la feuille demande une colonne non optionnelle",
    ),
    "house_not_with": (
        "not taken by the scoring '{score}'",
        "inutile avec le décompte « {score} »",
    ),
    "house_order_all": (
        "the order must list every row once",
        "l'ordre doit citer chaque ligne une fois",
    ),
    "house_not_toml": ("not a TOML file: {why}", "pas un fichier TOML : {why}"),
    "house_bad_name": (
        "'{name}' cannot name a house sheet (letters, digits, - _ .)",
        "« {name} » ne peut pas nommer une feuille maison (lettres, chiffres, - _ .)",
    ),
    "house_no_family_sheet": (
        "no house file for the family '{family}'",
        "pas de fichier maison pour la famille « {family} »",
    ),
    # -- house/words.py: a house row's rule in words
    "house_rule": ("{figure}; {scoring}", "{figure} ; {scoring}"),
    "house_needs_upper": ("the dice showing {v}", "les dés qui montrent {v}"),
    "house_needs_kind": ("at least {n} dice alike", "au moins {n} dés identiques"),
    "house_needs_full": (
        "three dice of one value and two of another",
        "trois dés d'une valeur et deux d'une autre",
    ),
    "house_needs_full_yams": (
        "three dice of one value and two of another (five alike count too)",
        "trois dés d'une valeur et deux d'une autre (cinq dés identiques comptent aussi)",
    ),
    "house_needs_run": ("{n} values in a row", "{n} valeurs qui se suivent"),
    "house_needs_exactly": ("exactly {run}", "exactement {run}"),
    "house_needs_yams": ("five dice alike", "cinq dés identiques"),
    "house_needs_two_pairs": (
        "two pairs of different values",
        "deux paires de valeurs différentes",
    ),
    "house_needs_two_pairs_any": (
        "two pairs (four alike count)",
        "deux paires (quatre dés identiques comptent)",
    ),
    "house_needs_any": ("any dice", "n'importe quels dés"),
    "house_plus_c3": (
        "any dice; once {plus} or {moins} is written, the other takes only a score that keeps "
        "{plus} above {moins}, else 0 (C3)",
        "n'importe quels dés ; dès que {plus} ou {moins} est écrit, l'autre ne prend qu'un "
        "score qui garde {plus} au-dessus de {moins}, sinon 0 (C3)",
    ),
    "house_plus_y3": (
        "any dice; when {plus} is not above {moins}, both count 0 (Y3)",
        "n'importe quels dés ; quand {plus} n'est pas au-dessus de {moins}, les deux comptent "
        "0 (Y3)",
    ),
    "house_scores_runs": ("{runs}", "{runs}"),
    "house_runs_all": (
        "list every run of {n} values once, by its first value",
        "citez chaque suite de {n} valeurs une fois, par sa première valeur",
    ),
    "house_setting_not_said": (
        "the house file of {family} cannot say the setting '{key_}'",
        "le fichier maison de {family} ne sait pas dire le réglage « {key_} »",
    ),
    "house_scores_count": ("added up (n x {v})", "additionnés (n x {v})"),
    "house_scores_group": ("the sum of those {n} dice", "la somme de ces {n} dés"),
    "house_scores_sum": ("the sum of the five dice", "la somme des cinq dés"),
    "house_scores_fixed": ("{points}", "{points}"),
    "house_scores_base_group": (
        "{base} + the sum of those {n} dice",
        "{base} + la somme de ces {n} dés",
    ),
    "house_scores_base_sum": (
        "{base} + the sum of the five dice",
        "{base} + la somme des cinq dés",
    ),
    # -- house/words.py: a house sheet's columns, bonuses and total in words (yams rules)
    "house_column_libre": (
        "a column filled in any order",
        "une colonne remplie dans n'importe quel ordre",
    ),
    "house_column_descendante": (
        "a column filled top to bottom, {first} first",
        "une colonne remplie de haut en bas, {first} d'abord",
    ),
    "house_column_montante": (
        "a column filled bottom to top, {first} first",
        "une colonne remplie de bas en haut, {first} d'abord",
    ),
    "house_column_imposee": (
        "a column filled in this order: {order}",
        "une colonne remplie dans cet ordre : {order}",
    ),
    "house_column_imposee_given": (
        "a column filled in the order of rows the players give when the game is created",
        "une colonne remplie dans l'ordre des lignes que les joueurs donnent à la création",
    ),
    "house_column_limited": (
        "a column filled in any order, only with a coup kept after at most {n} {n:|roll|rolls}",
        "une colonne remplie dans n'importe quel ordre, seulement d'un coup gardé en {n} "
        "{n:|lancer|lancers} au plus",
    ),
    "house_column_annoncee": (
        "after the first roll the player announces one of its empty rows; the turn's dice go "
        "only to that cell: its score if made, else 0; no cell of it is written without an "
        "announce (C7)",
        "après le premier lancer le joueur annonce une de ses lignes vides ; les dés du tour ne "
        "vont qu'à cette case : son score si la figure est faite, sinon 0 ; aucune de ses cases "
        "ne s'écrit sans annonce (C7)",
    ),
    "house_column_factor": (
        "{what}; it counts {factor} x its total",
        "{what} ; elle compte {factor} x son total",
    ),
    "house_column_optional": ("{what} (optional)", "{what} (optionnelle)"),
    "house_step": ("+{bonus} at {threshold} or more", "+{bonus} à {threshold} ou plus"),
    "house_bonus_column": (
        "per column, rows {rows}: {steps}",
        "par colonne, lignes {rows} : {steps}",
    ),
    "house_bonus_sheet": (
        "for the sheet, rows {rows} of every column together: {steps}",
        "pour la feuille, lignes {rows} de toutes les colonnes ensemble : {steps}",
    ),
    "house_bonus_filled": ("{what}, once they are all filled", "{what}, une fois toutes remplies"),
    "house_total": (
        "a column's total is its cells and its bonuses, times its factor; the grand total adds "
        "the columns, the sheet's bonuses and the yams bonuses",
        "le total d'une colonne est la somme de ses cases et de ses primes, fois son facteur ; "
        "le total général additionne les colonnes, les primes de la feuille et celles des yams",
    ),
}
