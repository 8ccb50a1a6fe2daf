"""Texts of the cli area (see the package doc: key ``cli.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- (earlier)
    "several_columns_heuristic_adviser": (
        "{title} has several columns: the heuristic adviser reads the sheet of a game in progress",
        "le {title} a plusieurs colonnes : le conseil heuristique lit la feuille d'une partie en cours",
    ),
    "hints_off": ("hints are off for {title}", "pas de conseils au {title}"),
    "say_after_which_roll": ("say after which roll the dice show", "précisez après quel lancer"),
    "cannot_read_filled_cell": (
        "cannot read the filled cell '{item}'",
        "case remplie « {item} » illisible",
    ),
    "give_either_game_sheet": (
        "give either --game or a sheet (--rules ... --start/--filled)",
        "donnez --game ou une feuille (--rules ... --start/--filled)",
    ),
    "sheet_given_command_line": (
        "a sheet given on the command line needs --rules",
        "une feuille donnée en ligne de commande demande --rules",
    ),
    "give_each_turn_number": (
        "give each turn number followed by its new entry, in quotes",
        "donnez chaque numéro de tour suivi de sa nouvelle saisie, entre guillemets",
    ),
    "turn_number_see_yams": (
        "'{turn_text}' is not a turn number (see yams log)",
        "« {turn_text} » n'est pas un numéro de tour (voir yams log)",
    ),
    "date": ("{option} '{text}' is not a date", "{option} « {text} » n'est pas une date"),
    "limit_negative": ("--limit {limit} is negative", "--limit {limit} est négatif"),
    "page_pages_count_from": (
        "--page {page}: pages count from 1",
        "--page {page} : les pages se comptent à partir de 1",
    ),
    "name_player": ("name the player", "nommez le joueur"),
    "name_file_write": ("name the file to write", "indiquez le fichier à écrire"),
    "name_file_read": ("name the file to read", "indiquez le fichier à lire"),
    "cannot_read": ("cannot read '{token}'", "« {token} » illisible"),
    "column_game": (
        "no column '{column}' in this game",
        "pas de colonne « {column} » dans cette partie",
    ),
    "unknown_language_lang": (
        "unknown language '{option}' for --lang",
        "langue « {option} » inconnue pour --lang",
    ),
    "unknown_language": (
        "unknown language '{value}' in {env_var}",
        "langue « {value} » inconnue dans {env_var}",
    ),
    "game_id": ("no game with id '{game_id}'", "aucune partie « {game_id} »"),
    "finished_turn": ("no finished turn {text}", "pas de tour fini {text}"),
    "turn": (
        "turn {turn} was {player}'s, not {player2}'s",
        "le tour {turn} était celui de {player}, pas de {player2}",
    ),
    "say_which_roll_dice": (
        "say on which roll the dice were kept with --roll",
        "indiquez avec --roll à quel lancer les dés ont été gardés",
    ),
    "roll_does_go_each": (
        "--roll does not go with '-': each input line starts with its roll",
        "--roll ne va pas avec « - » : chaque ligne commence par son lancer",
    ),
    "dice_after_roll_number": (
        "no dice after the roll number",
        "aucun dé après le numéro de lancer",
    ),
}
