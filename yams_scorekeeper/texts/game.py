"""Texts of the game area (see the package doc: key ``game.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- amend.py
    "new_entry_object_coups": (
        "a new entry is an object with 'coups' and/or 'cells'",
        "une nouvelle saisie est un objet avec « coups » et/ou « cells »",
    ),
    "new_entry_changes_nothing": (
        "the new entry changes nothing: give new dice, a new cell, or both",
        "la nouvelle saisie ne change rien : donnez d'autres dés, une autre case, ou les deux",
    ),
    # -- api.py
    "reopen_finished_last": (
        "{why}; the game finished last can be reopened with --game {short}",
        "{why} ; la partie finie en dernier se rouvre avec --game {short}",
    ),
    "name_players": ("name the players", "nommez les joueurs"),
    "unknown_order": ("unknown order '{order}'", "ordre « {order} » inconnu"),
    "game_summary_does_match": (
        "game '{game_id}': its summary does not match its replayed sheets; nothing was imported",
        "partie « {game_id} » : son résumé ne correspond pas à ses feuilles rejouées ; rien n'a "
        "été importé",
    ),
    "game_summary_says_configuration": (
        "game '{game_id}': its summary says configuration {get!r} but its events replay under "
        "{config_key!r}; nothing was imported",
        "partie « {game_id} » : son résumé annonce la configuration {get!r} mais ses événements "
        "se rejouent en {config_key!r} ; rien n'a été importé",
    ),
    "order_dice_needs_each": (
        "--order dice needs each player's start die",
        "--order dice demande le dé de départ de chaque joueur",
    ),
    "start_dice_goes_order": (
        "--start-dice goes with --order dice",
        "--start-dice va avec --order dice",
    ),
    "cell_from_coup": (
        "cell {cell} is from coup {coup}, not {coup2}",
        "la case {cell} vient du coup {coup}, pas du {coup2}",
    ),
    "turn_was_not_theirs": (
        "turn {turn} was {owner}'s, not {player}'s",
        "le tour {turn} était celui de {owner}, pas de {player}",
    ),
    "game_does_replay_nothing": (
        "game '{game_id}' does not replay: {reason}; nothing was imported",
        "la partie « {game_id} » ne se rejoue pas : {reason} ; rien n'a été importé",
    ),
    "date_calendar_end": (
        "game '{game_id}': its date {date} is too near an end of the calendar to be shown in "
        "every time zone (from {earliest} to {latest}); nothing was imported",
        "partie « {game_id} » : sa date {date} est trop près d'un bout du calendrier pour être "
        "montrée dans tous les fuseaux horaires (du {earliest} au {latest}) ; rien n'a été "
        "importé",
    ),
    "game_date_iso_date": (
        "game '{game_id}': its date {get!r} is not an ISO date; nothing was imported",
        "partie « {game_id} » : sa date {get!r} n'est pas une date ISO ; rien n'a été importé",
    ),
    "matches_several_games": (
        "'{game_id}' matches several games",
        "« {game_id} » désigne plusieurs parties",
    ),
    "game_id_progress_finished": (
        "no game with id '{game_id}', in progress or finished",
        "aucune partie d'identifiant « {game_id} », en cours ou finie",
    ),
    # -- cli/choice.py
    "no_column": (
        "no column '{column}' in this game",
        "pas de colonne « {column} » dans cette partie",
    ),
    # -- game.py
    "correction_breaks_later_turn": (
        "the correction breaks a later turn, nothing was changed: {turns}; correct those turns "
        "too, in the same go",
        "la correction casse un tour suivant, rien n'a été changé : {turns} ; corrigez aussi ces "
        "tours, en une seule fois",
    ),
    "next_cell": (
        "{name}: next cell is {want}, not {name2}",
        "{name} : la prochaine case est {want}, pas {name2}",
    ),
    "die_shows_turn_into": (
        "no die shows {src} to turn into {dst}",
        "aucun dé ne montre {src} à changer en {dst}",
    ),
    "already_written": ("{column}: {row} is already written", "{column} : {row} est déjà rempli"),
    "game_over": ("the game is over", "la partie est finie"),
    "pool_rolls_empty_remaining": (
        "the pool of 165 rolls is empty: remaining cells can only be scratched",
        "la réserve de 165 jets est vide : les cases restantes ne peuvent qu'être barrées",
    ),
    "turn_2": ("it is {name}'s turn, not {name2}'s", "c'est au tour de {name}, pas de {name2}"),
    "sixth_roll_exists_only": (
        "a sixth roll exists only in Double Yams classique and forcé",
        "le 6e jet n'existe qu'au Double Yams classique et forcé",
    ),
    "announced_row_goes_sixth": (
        "an announced row goes with the sixth roll (roll 6)",
        "une ligne annoncée va avec le 6e jet (lancer 6)",
    ),
    "sixth_roll_can_never": (
        "the sixth roll can never be made for chiffres or difference",
        "le 6e jet ne peut jamais servir aux chiffres ni à la différence",
    ),
    "announced_row_cell_you": (
        "the announced row {name} is not a cell you may fill now",
        "la ligne annoncée {name} n'est pas une case jouable maintenant",
    ),
    "only_g_ante_rows": (
        "only the géante rows are announced with a value, not {name}",
        "seules les lignes géantes s'annoncent avec une valeur, pas {name}",
    ),
    "jokers_exist_only_duel": (
        "jokers exist only in Duel au Yam",
        "les jokers n'existent qu'au Duel au Yam",
    ),
    "joker_left_game": (
        "{name} has no joker left ({jokers} a game)",
        "{name} n'a plus de joker ({jokers} par partie)",
    ),
    "jokers_per_turn": (
        "{n} {n:|joker|jokers} a turn at most",
        "{n} {n:|joker|jokers} par tour au plus",
    ),
    "joker_turns_one_die": (
        "a joker turns one die into another face (1-6)",
        "un joker change un dé en une autre face (1-6)",
    ),
    "row_game": (
        "row {row_id} is not in this game",
        "la ligne {row_id} n'est pas dans cette partie",
    ),
    "say_which_column": ("say which column", "précisez la colonne"),
    "turn_writes_one_cell": (
        "a turn writes one cell (two with a doblar)",
        "un tour remplit une case (deux avec un doblar)",
    ),
    "announced_sixth_roll_row": (
        "the announced sixth-roll row takes the result, it cannot be scratched",
        "la ligne annoncée au 6e jet prend le résultat, elle ne peut pas être barrée",
    ),
    "two_cells_one_turn": (
        "two cells in one turn need the doblar option",
        "deux cases en un tour demandent l'option doblar",
    ),
    "doblar_left": ("{name} has no doblar left", "{name} n'a plus de doblar"),
    "doblar_writes_one_score": (
        "a doblar writes one score from each coup: enter the second coup first",
        "un doblar inscrit une marque par coup : saisissez d'abord le 2e coup",
    ),
    "doblar_writes_one_score_2": (
        "a doblar writes one score from coup 1 and one from coup 2",
        "un doblar inscrit une marque du coup 1 et une du coup 2",
    ),
    "doblar_writes_two_different": (
        "a doblar writes two different cells",
        "un doblar remplit deux cases différentes",
    ),
    "there_finished_turn": (
        "there is no finished turn {turn}",
        "il n'y a pas de tour fini numéro {turn}",
    ),
    "amendment_needs_least_one": (
        "an amendment needs at least one change",
        "une correction demande au moins un changement",
    ),
    "new_entry_one_already": (
        "the new entry is the one already written: nothing to correct",
        "la nouvelle saisie est celle déjà inscrite : rien à corriger",
    ),
    "stored_game_does_not_replay": (
        "the stored game '{game_id}' does not replay: {why}. It was damaged or edited by hand: "
        "restore its backup (.bak1) or move its file out of the store",
        "la partie enregistrée « {game_id} » ne se rejoue pas : {why}. Elle est abîmée ou "
        "modifiée à la main : restaurez sa sauvegarde (.bak1) ou sortez son fichier du registre",
    ),
    "sixth_roll_announced_score": (
        "sixth roll announced for {ann}: the score goes there",
        "6e jet annoncé pour {ann} : la marque va là",
    ),
    "nothing_undo": ("nothing to undo", "rien à annuler"),
    "sixth_roll_must_announced": (
        "a sixth roll must be announced before it is rolled",
        "un 6e jet doit être annoncé avant d'être lancé",
    ),
    "announce_names_value_group": (
        "the announce of {name} names the value of its group too (D9)",
        "l'annonce de {name} nomme aussi la valeur de son groupe (D9)",
    ),
    "announce_needs_annoncee": (
        "an announce needs the annoncée column (--column annoncee)",
        "une annonce demande la colonne annoncée (--column annoncee)",
    ),
    "annoncee_takes_the_turn": (
        "{row} was announced: this turn's dice go only to {column}.{row}",
        "{row} a été annoncé : les dés de ce tour ne vont qu'en {column}.{row}",
    ),
    "annoncee_needs_announce": (
        "a cell of the {column} column is written only after an announce (55532/3 announce "
        "full)",
        "une case de la colonne {column} ne s'inscrit qu'après une annonce (55532/3 announce "
        "full)",
    ),
    "joker_written_from": ("a joker is written FROM:TO", "un joker s'écrit DE:VERS"),
    "enter_dice_first": ("enter the dice first", "saisissez d'abord les dés"),
    "one_cell_turn": ("one cell a turn", "une case par tour"),
    "there_coup_turn": ("there is no coup {n} this turn", "il n'y a pas de coup {n} ce tour"),
    "two_scores_one_ordered": (
        "two scores in one ordered column need the doblar descendant or montant",
        "deux marques dans une même colonne ordonnée demandent le doblar descendant ou montant",
    ),
    "doblar_already_used_game": (
        "the doblar {special} is already used this game",
        "le doblar {special} est déjà utilisé dans cette partie",
    ),
    "doblar_writes_next_two": (
        "{name}: a doblar {special} writes the next two cells ({want})",
        "{name} : un doblar {special} remplit les deux cases suivantes ({want})",
    ),
    "turn_corrected_twice": (
        "turn {turn} is corrected twice",
        "le tour {turn} est corrigé deux fois",
    ),
    "only_coup_kept_after": (
        "{column}: only a coup kept after at most {n} {n:|roll|rolls}; this coup took {roll}",
        "{column} : seulement un coup gardé en {n} {n:|lancer|lancers} au plus ; ce coup en a "
        "pris {roll}",
    ),
    "each_change_names_turn": (
        "each change names the turn it corrects",
        "chaque changement nomme le tour qu'il corrige",
    ),
    "game_already_over": ("the game is already over", "la partie est déjà finie"),
    "turn_under_way_mark": (
        "a turn is under way: mark a cell or undo first",
        "un tour est en cours : marquez une case ou annulez",
    ),
    "unknown_event_type": ("unknown event type '{kind}'", "type d'événement « {kind} » inconnu"),
    "turn_has_its_coups": (
        "this turn already has its {n:|coup|coups}: choose a cell, or undo to change the dice",
        "ce tour a déjà {n:|son coup|ses coups} : choisissez une case, ou annulez pour corriger "
        "les dés",
    ),
    "broken_turn_in_progress": ("the turn in progress ({player})", "le tour en cours ({player})"),
    "broken_turn": ("turn {turn} ({player}): ", "tour {turn} ({player}) : "),
    "broken_turn_amended": (
        "turn {turn} ({player}, amended): ",
        "tour {turn} ({player}, corrigé) : ",
    ),
    "broken_turn_why": ("{turn}{why}", "{turn}{why}"),
    "broken_turns": ("{turns}", "{turns}"),
    # -- session.py
    "several_games_progress_say": (
        "several games in progress: say which with --game",
        "plusieurs parties en cours : précisez laquelle avec --game",
    ),
    "game_progress_start_one": (
        "no game in progress: start one with 'yams new' or 'yams play'",
        "aucune partie en cours : commencez-en une avec « yams new » ou « yams play »",
    ),
    # -- transcript.py
    "cannot_read_turn_player": (
        "cannot read '{line}': a turn is 'PLAYER: DICE/ROLL -> CELL'",
        "« {line} » illisible : un tour s'écrit « JOUEUR: DÉS/LANCER -> CASE »",
    ),
    "transcript_needs_header_before": (
        "the transcript needs a '{key_}:' header before the first turn",
        "la feuille doit commencer par un en-tête « {key_}: »",
    ),
    "settings_must_json_object": (
        "settings must be a JSON object",
        "settings doit être un objet JSON",
    ),
    "transcript_line": ("line {line}: {why}", "ligne {line} : {why}"),
}
