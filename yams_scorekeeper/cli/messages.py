"""Every sentence of the table mode (``yams play``, ``yams demo``) in French and English.

``MESSAGES[key]`` is ``{"fr": ..., "en": ...}``, a ``str.format`` template; :func:`msg` picks
the language and fills it in. Figure, row and column names are not translated: they stay
French in both languages, as on the paper sheet. Errors raised by the core carry their own
two languages (``YamsError.text(lang)``); this catalog is only for what the table mode says.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- prompts -----------------------------------------------------------------------------
    "colon": {"fr": " : ", "en": ": "},
    "ask_family": {"fr": "Règles ({families})", "en": "Rules ({families})"},
    "ask_players": {"fr": "Joueurs, dans l'ordre du jeu (séparés par des virgules)",
                    "en": "Players, in playing order (separated by commas)"},
    "ask_random_order": {"fr": "Tirer au sort l'ordre de départ ? (o/n)",
                         "en": "Draw the starting order at random? (y/n)"},
    "ask_start_dice": {"fr": "Dés de départ, {names} (un dé chacun, le plus bas commence ; "
                             "Entrée pour garder l'ordre)",
                       "en": "Start die of {names} (one die each, the lowest starts; "
                             "Enter keeps this order)"},
    "ask_tie_dice": {"fr": "Égalité : {names} relancent (un dé chacun)",
                     "en": "Tie: {names} roll again (one die each)"},
    "ask_columns_classic": {"fr": "Colonnes (libre, descendante, montante, imposee)",
                            "en": "Columns (libre, descendante, montante, imposee)"},
    "ask_imposed": {"fr": "Ordre de la colonne imposée (toutes les lignes)",
                    "en": "Order of the imposée column (every row)"},
    "ask_preset": {"fr": "Préréglage : gaby (tout), gaby-solo, ou perso",
                   "en": "Preset: gaby (everything), gaby-solo, or custom"},
    "ask_columns_gaby": {"fr": "Colonnes (descente, libre, montee, demi-sec, sec)",
                         "en": "Columns (descente, libre, montee, demi-sec, sec)"},
    "ask_rows_gaby": {"fr": "Lignes optionnelles (nenette, petit ; - pour aucune)",
                      "en": "Optional rows (nenette, petit; - for none)"},
    "ask_options_gaby": {"fr": "Options (bloquant, deux-coups, doblar, chance ; - pour aucune)",
                         "en": "Options (bloquant, deux-coups, doblar, chance; - for none)"},
    "ask_variant": {"fr": "Variante ({variants})", "en": "Variant ({variants})"},
    "ask_direction": {"fr": "Sens de la grille forcée (croissant, decroissant)",
                      "en": "Direction of the forcé grid (croissant, decroissant)"},
    "ask_resume": {"fr": "Reprendre quelle partie ? (numéro, ou n pour une nouvelle partie)",
                   "en": "Resume which game? (number, or n for a new game)"},
    "dice_prompt": {"fr": "{name}, dés/lancer ({rolls})", "en": "{name}, dice/roll ({rolls})"},
    "rolls_plain": {"fr": "lancer 1 à {max}", "en": "roll 1 to {max}"},
    "rolls_one": {"fr": "lancer 1 seulement", "en": "roll 1 only"},
    "rolls_sixth": {"fr": "lancer 1 à {max}, 6e jet : …/6 annonce LIGNE",
                    "en": "roll 1 to {max}, sixth roll: …/6 announce ROW"},
    "rolls_bank": {"fr": "lancer 1 à {max} : 5 + {bank} en réserve",
                   "en": "roll 1 to {max}: 5 + {bank} banked"},
    "rolls_pool": {"fr": "lancer 1 à {max} : jets restants dans la réserve",
                   "en": "roll 1 to {max}: rolls left in the pool"},
    "second_prompt": {"fr": "Second coup ? dés/lancer, ou Entrée pour choisir maintenant",
                      "en": "Second coup? dice/roll, or Enter to choose now"},
    "announce_prompt": {"fr": "6e jet : quelle ligne a été annoncée avant de lancer ? ({rows})",
                        "en": "Sixth roll: which row was announced before rolling? ({rows})"},
    "announced_dice_prompt": {"fr": "Dés du 6e jet (annoncé : {row})",
                              "en": "Dice of the sixth roll (announced: {row})"},
    "choose_prompt": {"fr": "Case (lettres ou nom ; x pour barrer)",
                      "en": "Cell (letters or name; x to scratch)"},
    "choose_prompt_list": {"fr": "Case (numéro ou nom ; Nx pour barrer)",
                           "en": "Cell (number or name; Nx to scratch)"},
    "pool_prompt": {"fr": "Case à barrer (lettres ou nom)",
                    "en": "Cell to scratch (letters or name)"},
    "pool_prompt_list": {"fr": "Case à barrer (numéro ou nom)",
                         "en": "Cell to scratch (number or name)"},
    "which_cell": {"fr": "« {text} » peut désigner plusieurs cases :",
                   "en": "'{text}' could mean several cells:"},
    "which_prompt": {"fr": "Laquelle ? (lettres ; Entrée : aucune)",
                     "en": "Which one? (letters; Enter: none)"},
    "nothing_written": {"fr": "Rien n'est inscrit.", "en": "Nothing written."},
    "typed_coup": {"fr": "Coup {n} déjà saisi : {dice} /{roll}",
                   "en": "Coup {n} already typed: {dice} /{roll}"},
    "house_saved": {"fr": "Règles maison enregistrées sous « {name} » (yams play --house {name}).",
                    "en": "House rules saved as '{name}' (yams play --house {name})."},
    "no_houses": {"fr": "Aucune règle maison enregistrée (yams play --setting yam=60 "
                        "--save-house NOM).",
                  "en": "No house rules saved yet (yams play --setting yam=60 --save-house "
                        "NAME)."},
    "standing_lead": {"fr": " · en tête de {gap}", "en": " · leads by {gap}"},
    "standing_other": {"fr": " · {name} en tête, {gap} de plus", "en": " · {name} leads, {gap} ahead"},
    "standing_tie": {"fr": " · égalité en tête à {total}", "en": " · tied for the lead at {total}"},
    "scratch_all": {"fr": "Barrer {count:|la dernière case|les {count} cases restantes, une par "
                          "tour,} sans autre question ? (o/n)",
                    "en": "Scratch {count:|the last cell|the {count} remaining cells, one a "
                          "turn,} with no more questions? (y/n)"},
    "pool_dice": {"fr": "la réserve de 165 jets est vide : les cases restantes ne peuvent "
                        "qu'être barrées",
                  "en": "the pool of 165 rolls is empty: remaining cells can only be scratched"},
    "why_nothing": {"fr": "pas de case à expliquer avant les dés",
                    "en": "no cell to explain before the dice"},
    "stop_confirm": {"fr": "Arrêter la partie maintenant ? Le plus haut total gagne. (o/n)",
                     "en": "Stop the game now? The highest total wins. (y/n)"},
    "stop_confirm_no_win": {"fr": "Arrêter la partie maintenant ? Une partie arrêtée n'a pas "
                                  "de vainqueur (G7). (o/n)",
                            "en": "Stop the game now? A stopped game has no winner (G7). (y/n)"},

    # -- what the table mode says ------------------------------------------------------------
    "welcome": {"fr": "yams play : tapez h pour l'aide, q pour quitter (tout est déjà enregistré).",
                "en": "yams play: type h for help, q to quit (everything is saved as you go)."},
    "new_game": {"fr": "Nouvelle partie : {label}", "en": "New game: {label}"},
    "order": {"fr": "Ordre du jeu : {players}", "en": "Playing order: {players}"},
    "drawn_order": {"fr": "Ordre tiré au sort : {players}", "en": "Order drawn: {players}"},
    "game_id": {"fr": "Partie {id} (reprendre plus tard : {cmd})",
                "en": "Game {id} (resume later with: {cmd})"},
    "resumed": {"fr": "Reprise de la partie {id} : {label}", "en": "Resuming game {id}: {label}"},
    "in_progress": {"fr": "Parties en cours :", "en": "Games in progress:"},
    "game_line": {"fr": "{n}. {label} · {players} · {events} {events:|saisie|saisies} · {id}",
                  "en": "{n}. {label} · {players} · {events} {events:|entry|entries} · {id}"},
    "turn_title": {"fr": "{name} · tour {turn} · total {total}",
                   "en": "{name} · turn {turn} · total {total}"},
    "hint_dice": {"fr": "Tapez les dés puis, après « / », le numéro du lancer où ils ont été "
                        "gardés (par exemple {example})",
                  "en": "Type the dice, then after '/' the roll on which they were kept "
                        "(for example {example})"},
    "hint_choose": {"fr": "Les lettres à côté d'un score, ou une case par son nom ({example}) ; "
                          "6 est la ligne des 6 ; x avant ou après pour barrer ; l pour revoir "
                          "les cases, h pour l'aide.",
                    "en": "The letters next to a score, or a cell by name ({example}); 6 is "
                          "the row of 6s; x before or after to scratch; l to show the cells "
                          "again, h for help."},
    "hint_choose_list": {"fr": "Un numéro de la liste, ou une case par son nom ({example}) ; 3x "
                               "ou x 3 pour barrer ; l pour revoir la liste, h pour l'aide.",
                         "en": "A number from the list, or a cell by name ({example}); 3x or "
                               "x 3 to scratch; l to list again, h for help."},
    "one_joker": {"fr": "un seul joker par tour", "en": "one joker a turn"},
    "second_needed": {"fr": "aucune case ne prend ce coup (trop de lancers pour les cases sec/"
                            "demi-sec restantes) : jouez le 2e coup",
                      "en": "no cell takes this coup (too many rolls for the sec/demi-sec cells "
                            "left): play the second coup"},
    "hint_doblar": {"fr": "Doblar : {example} (une case du coup 1 et une du coup 2).",
                    "en": "Doblar: {example} (one cell from coup 1 and one from coup 2)."},
    "pool_empty": {"fr": "La réserve de jets est vide : {name} ne peut plus que barrer une case "
                         "(D10).",
                   "en": "The pool of rolls is empty: {name} can only scratch a cell (D10)."},
    "wrote": {"fr": "{name} : {cell} = {score}   ({why})", "en": "{name}: {cell} = {score}   ({why})"},
    "scratched": {"fr": "{name} : {cell} barré (0)", "en": "{name}: {cell} scratched (0)"},
    "player_total": {"fr": "{name}, total : {total}", "en": "{name}'s total: {total}"},
    "undone_entry": {"fr": "Annulé ({name}) : les dés {dice} (lancer {roll}).",
                     "en": "Undone: {name}'s dice {dice} (roll {roll})."},
    "undone_mark": {"fr": "Annulé ({name}) : {cells}.", "en": "Undone: {name}'s {cells}."},
    "undone_end": {"fr": "Annulé : l'arrêt de la partie.", "en": "Undone: the end of the game."},
    "no_game_yet": {"fr": "Pas encore de partie : la feuille et l'annulation viendront une fois "
                          "la partie commencée.",
                    "en": "No game yet: the sheet and undo come once the game has started."},
    "unknown_player": {"fr": "Pas de joueur « {name} » dans cette partie ({players}).",
                       "en": "No player '{name}' in this game ({players})."},
    "saved_quit": {"fr": "Partie enregistrée. Pour la reprendre : {cmd}",
                   "en": "Game saved. To resume it: {cmd}"},
    "interrupted": {"fr": "Interrompu : rien n'est perdu. Pour reprendre : {cmd}",
                    "en": "Interrupted: nothing is lost. To resume: {cmd}"},
    "closed": {"fr": "Fin de l'entrée : rien n'est perdu. Pour reprendre : {cmd}",
               "en": "End of input: nothing is lost. To resume: {cmd}"},
    "nothing_started": {"fr": "Aucune partie commencée.", "en": "No game was started."},
    "game_over": {"fr": "Partie finie !", "en": "Game over!"},
    "game_stopped": {"fr": "Partie arrêtée : le plus haut total gagne (Y9).",
                     "en": "Game stopped: the highest total wins (Y9)."},
    "game_stopped_no_win": {"fr": "Partie arrêtée avant que les feuilles soient pleines : pas "
                                  "de vainqueur (G7), voici où chacun en était.",
                            "en": "Game stopped before the sheets were full: no winner (G7); "
                                  "this is where everyone stood."},
    "win_one": {"fr": "{name} gagne.", "en": "{name} wins."},
    "win_tie": {"fr": "Égalité en tête : {names}.", "en": "Tied for first: {names}."},
    "no_win_solo": {"fr": "Partie en solo : un entraînement, jamais une victoire (G6).",
                    "en": "Solo game: practice, never a win (G6)."},
    "ranking": {"fr": "Classement :", "en": "Ranking:"},
    "rank_line": {"fr": "{rank}. {name} : {total}", "en": "{rank}. {name}: {total}"},
    "record": {"fr": "Nouveau record : {what} en {label}, {value}, {name}",
               "en": "New record: {what} in {label}, {value}, {name}"},
    "record_before": {"fr": " (avant : {value}, {name})", "en": " (before: {value}, {name})"},
    "record_total": {"fr": "meilleur total", "en": "best total"},
    "record_part": {"fr": "meilleur total {part}", "en": "best {part} total"},
    "first_records": {"fr": "Première partie en {label} : ses scores sont les records à battre "
                            "(meilleur total {value}, {name}).",
                      "en": "First game in {label}: its scores are the records to beat "
                            "(best total {value}, {name})."},
    "archived": {"fr": "Partie {id} archivée.", "en": "Game {id} archived."},
    "stopped_not": {"fr": "La partie continue.", "en": "The game goes on."},

    # -- refusals at the prompt (the entry is asked again) ------------------------------------
    "need_roll": {"fr": "il manque le numéro du lancer après « / »",
                  "en": "the roll number is missing after '/'"},
    "need_dice": {"fr": "tapez les dés puis « / » et le numéro du lancer",
                  "en": "type the dice, then '/' and the roll number"},
    "bad_extra": {"fr": "« {word} » inattendu après le lancer",
                  "en": "unexpected '{word}' after the roll"},
    "announce_then_six": {"fr": "une annonce va avec le 6e jet : …/6 annonce LIGNE",
                          "en": "an announcement goes with the sixth roll: …/6 announce ROW"},
    "no_sixth": {"fr": "le 6e jet n'existe qu'au Double Yams classique et forcé",
                 "en": "the sixth roll exists only in Double Yams classique and forcé"},
    "dice_already": {"fr": "les dés de ce tour sont déjà saisis : choisissez une case, ou "
                           "u pour les annuler",
                     "en": "this turn's dice are already entered: choose a cell, or u to "
                           "undo them"},
    "choose_needed": {"fr": "choisissez une case : ses lettres ou son nom",
                      "en": "choose a cell: its letters or its name"},
    "no_number": {"fr": "pas de case n° {n} dans la liste (1 à {count})",
                  "en": "no cell number {n} in the list (1 to {count})"},
    "unreadable_choice": {"fr": "« {text} » illisible", "en": "cannot read '{text}'"},
    "which_column": {"fr": "{row} est jouable dans plusieurs colonnes : précisez laquelle",
                     "en": "{row} can go in several columns: say which"},
    "all_filled": {"fr": "{row} est déjà rempli dans toutes les colonnes",
                   "en": "{row} is already written in every column"},
    "nowhere": {"fr": "{row} ne peut aller dans aucune colonne maintenant",
                "en": "{row} cannot go in any column now"},
    "doblar_coups": {"fr": "un doblar inscrit une case du coup 1 et une du coup 2",
                     "en": "a doblar writes one cell from coup 1 and one from coup 2"},
    "empty_answer": {"fr": "réponse attendue", "en": "an answer is needed"},
    "bad_choice": {"fr": "« {text} » n'est pas un choix possible",
                   "en": "'{text}' is not one of the choices"},
    "players_needed": {"fr": "tapez au moins un nom", "en": "type at least one name"},
    "die_count": {"fr": "{got} {got:|dé tapé|dés tapés} pour {want} {want:|joueur|joueurs}",
                  "en": "{got} {got:|die|dice} typed for {want} {want:|player|players}"},
    "die_value": {"fr": "« {text} » n'est pas une face de dé (1 à 6)",
                  "en": "'{text}' is not a die face (1 to 6)"},
    "yes_no": {"fr": "répondez o ou n", "en": "answer y or n"},

    # -- help --------------------------------------------------------------------------------
    "help": {
        "fr": "À tout moment :\n"
              "  s, feuille [NOM]   la feuille de tous les joueurs (ou d'un seul)\n"
              "  u, annuler         annule la dernière saisie (autant de fois que voulu)\n"
              "  t, tours           les tours joués, numérotés\n"
              "  f N, corriger N    corrige le tour N (dés ou case), les tours suivants gardés\n"
              "  l, liste           la liste des cases jouables, avec leurs raisons\n"
              "  why [CASE]         pourquoi ce score (why seul : toutes les cases)\n"
              "  fin                arrêter la partie (un vainqueur seulement au Gaby, G7)\n"
              "  h, ?               cette aide\n"
              "  q, quitter         quitter : tout est déjà enregistré, « yams play » reprend\n"
              "Les dés :\n"
              "  55533/2            cinq dés gardés au 2e lancer (ou 5 5 5 3 3 /2)\n"
              "  55534/3 joker 4:5  Duel : un joker change un 4 en 5\n"
              "  cp665 fp12 … /1    Double Yams : par groupes, une marque puis ses dés\n"
              "  6cp 6pc 3fg …      ou dé par dé : valeur, couleur c/f, taille p/g\n"
              "  …/6 annonce youpi  Double Yams classique ou forcé : le 6e jet annoncé\n"
              "Les cases :\n"
              "  e, gk              les lettres à côté du score (avec --list : le numéro)\n"
              "  6, ps, libre.full  une case par son nom (colonne.ligne ; @2 pour le coup 2) ;\n"
              "                     si le nom va à plusieurs cases, la question est posée\n"
              "  ex, x e, x full    barrer (0)\n"
              "  d e gk             doblar : une case du coup 1 et une du coup 2 "
              "(d descente.1 descente.2 pour le doblar descendant)",
        "en": "At any prompt:\n"
              "  s, sheet [NAME]    every player's sheet (or one player's)\n"
              "  u, undo            cancel the last entry (as many times as you like)\n"
              "  t, turns           the turns played, numbered\n"
              "  f N, fix N         correct turn N (dice or cell), keeping the later turns\n"
              "  l, list            the playable cells as a list, with their reasons\n"
              "  why [CELL]         why this score (why alone: every cell)\n"
              "  end                stop the game (a winner only in Gaby, G7)\n"
              "  h, ?, help         this help\n"
              "  q, quit            quit: everything is already saved, 'yams play' resumes\n"
              "Dice:\n"
              "  55533/2            five dice kept after the 2nd roll (or 5 5 5 3 3 /2)\n"
              "  55534/3 joker 4:5  Duel: a joker turns a 4 into a 5\n"
              "  cp665 fp12 … /1    Double Yams: by groups, a tag then its dice\n"
              "  6cp 6pc 3fg …      or die by die: value, colour c/f, size p/g\n"
              "  …/6 announce youpi Double Yams classique or forcé: the announced sixth roll\n"
              "Cells:\n"
              "  e, gk              the letters next to the score (with --list: the number)\n"
              "  6, ps, libre.full  a cell by name (column.row; @2 for coup 2); when the\n"
              "                     name fits several cells, you are asked which\n"
              "  ex, x e, x full    scratch (0)\n"
              "  d e gk             doblar: one cell from coup 1 and one from coup 2 "
              "(d descente.1 descente.2 for the doblar descendant)",
    },
    "help_setup": {"fr": "Entrée accepte la valeur entre crochets ; q quitte sans rien créer.",
                   "en": "Enter accepts the value in brackets; q quits without creating anything."},

    # -- yams demo ---------------------------------------------------------------------------
    "demo_title": {"fr": "Démonstration : {label} · {players} · graine {seed}",
                   "en": "Demo: {label} · {players} · seed {seed}"},
    "demo_note": {"fr": "Dés tirés au hasard ; chacun prend la meilleure case permise ; rien "
                        "n'est enregistré.",
                  "en": "Random dice; each player takes the best legal cell; nothing is "
                        "stored."},
    "demo_turn": {"fr": "Tour {turn} · {name}", "en": "Turn {turn} · {name}"},
    "demo_coup": {"fr": "dés {dice} · lancer {roll}", "en": "dice {dice} · roll {roll}"},
    "demo_coup_n": {"fr": "coup {n} : dés {dice} · lancer {roll}",
                    "en": "coup {n}: dice {dice} · roll {roll}"},
    "demo_joker": {"fr": " · joker {a}→{b}", "en": " · joker {a}→{b}"},
    "demo_announce": {"fr": " · 6e jet annoncé : {row}", "en": " · sixth roll announced: {row}"},
    "demo_doblar": {"fr": "doblar", "en": "doblar"},
    "demo_mark": {"fr": "→ {cell} = {score}   {why}", "en": "→ {cell} = {score}   {why}"},
    "demo_scratch": {"fr": "→ {cell} barré (0)", "en": "→ {cell} scratched (0)"},
    "demo_stopped": {"fr": "Arrêt après {turns} {turns:|tour|tours} (--turns) : classement "
                           "provisoire.",
                     "en": "Stopped after {turns} {turns:|turn|turns} (--turns): ranking so far."},
    "demo_next": {"fr": "Pour une vraie partie, dés en main : yams play",
                  "en": "For a real game, dice in hand: yams play"},
    # correcting a past turn and reopening a game (cli/play_fix.py, issue 11)
    "which_turn": {"fr": "Quel tour corriger ? (son numéro, voir t ; Entrée annule)",
                   "en": "Which turn to correct? (its number, see t; Enter cancels)"},
    "turn_line": {"fr": "Tour {turn} · {name} · {entry} · {score}",
                  "en": "Turn {turn} · {name} · {entry} · {score}"},
    "new_entry_hint": {"fr": "dés/lancer, dés/lancer -> case ou une case ; +N ajoute le tour N ; "
                             "Entrée annule",
                       "en": "Type dice/roll, dice/roll -> cell, or a cell; +N adds turn N; Enter "
                             "cancels."},
    "new_entry": {"fr": "Tour {turn}, nouvelle saisie", "en": "Turn {turn}, new entry"},
    "changes": {"fr": "Ce qui change :", "en": "What changes:"},
    "cell_change": {"fr": "  {name} · {cell} : {old} -> {new}",
                    "en": "  {name} · {cell}: {old} -> {new}"},
    "total_change": {"fr": "  total {name} : {old} -> {new}",
                     "en": "  {name}'s total: {old} -> {new}"},
    "confirm": {"fr": "Inscrire cette correction ? (o/n)", "en": "Write this correction? (y/n)"},
    "confirm_reopen": {"fr": "La partie est finie et archivée : inscrire cette correction la "
                             "rouvre et recompte les records.",
                       "en": "The game is finished and archived: this correction reopens it "
                             "and recounts the records."},
    "undo_reopen": {"fr": "La partie est finie et archivée : reprendre sa dernière case la "
                          "rouvre et recompte les records.",
                    "en": "The game is finished and archived: taking back its last cell "
                          "reopens it and recounts the records."},
    "go_on": {"fr": "Continuer ? (o/n)", "en": "Go on? (y/n)"},
    "fixed": {"fr": "Corrigé.", "en": "Corrected."},
    "cancelled": {"fr": "Rien n'a été changé.", "en": "Nothing was changed."},
    "no_turn_yet": {"fr": "Aucun tour fini à corriger.", "en": "No finished turn to correct."},
    "after_end": {"fr": "Entrée quitte · u reprend la dernière case · f N corrige le tour N",
                  "en": "Enter leaves · u takes back the last cell · f N fixes turn N"},
    "reopened": {"fr": "Partie rouverte : elle a quitté l'archive.",
                 "en": "Game reopened: it left the archive."},
}

YES = ("o", "oui", "y", "yes")
NO = ("n", "non", "no")


def msg(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` ('fr' or 'en'), filled with ``values``: plurals
    (``{n:|one|many}``) and French decimal commas as :func:`~yams_scorekeeper.wording.fill`
    makes them."""
    entry = MESSAGES[key]
    text = entry.get(lang) or entry["en"]
    if not values:
        return text
    if ":|" in text or (lang == "fr" and any(isinstance(v, float) for v in values.values())):
        from ..wording import fill
        return fill(text, lang, **values)
    return text.format(**values)


def outcome(game, lang: str) -> str | None:
    """Who won a finished game, in one sentence; None while it goes on or when a stopped game
    has no winner (G7: the stop message says so)."""
    if not game.finished:
        return None
    if len(game.sheets) < 2:
        return msg("no_win_solo", lang)
    winners = game.winners()
    if not winners:
        return None
    from ..safetext import shown
    if len(winners) == 1:
        return msg("win_one", lang, name=shown(winners[0].name))
    return msg("win_tie", lang, names=", ".join(shown(s.name) for s in winners))
