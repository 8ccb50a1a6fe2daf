"""Texts of the table mode, ``yams play`` and ``yams demo`` (key ``table.<name>``, English then
French; see the package doc)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- prompts -----------------------------------------------------------------------------
    "colon": (": ", " : "),
    "ask_family": ("Rules ({families})", "Règles ({families})"),
    "ask_players": (
        "Players, in playing order (separated by commas)",
        "Joueurs, dans l'ordre du jeu (séparés par des virgules)",
    ),
    "ask_random_order": (
        "Draw the starting order at random? (y/n)",
        "Tirer au sort l'ordre de départ ? (o/n)",
    ),
    "ask_start_dice": (
        "Start die of {names} (one die each, the lowest starts; Enter keeps this order)",
        "Dés de départ, {names} (un dé chacun, le plus bas commence ; Entrée pour garder l'ordre)",
    ),
    "ask_tie_dice": (
        "Tie: {names} roll again (one die each)",
        "Égalité : {names} relancent (un dé chacun)",
    ),
    "ask_columns_classic": (
        "Columns (libre, descendante, montante, imposee)",
        "Colonnes (libre, descendante, montante, imposee)",
    ),
    "ask_imposed": (
        "Order of the imposée column (every row)",
        "Ordre de la colonne imposée (toutes les lignes)",
    ),
    "ask_preset": (
        "Preset: gaby (everything), gaby-solo, or custom",
        "Préréglage : gaby (tout), gaby-solo, ou perso",
    ),
    "ask_columns_gaby": (
        "Columns (descente, libre, montee, demi-sec, sec)",
        "Colonnes (descente, libre, montee, demi-sec, sec)",
    ),
    "ask_rows_gaby": (
        "Optional rows (nenette, petit; - for none)",
        "Lignes optionnelles (nenette, petit ; - pour aucune)",
    ),
    "ask_options_gaby": (
        "Options (bloquant, deux-coups, doblar, chance; - for none)",
        "Options (bloquant, deux-coups, doblar, chance ; - pour aucune)",
    ),
    "ask_variant": ("Variant ({variants})", "Variante ({variants})"),
    "ask_direction": (
        "Direction of the forcé grid (croissant, decroissant)",
        "Sens de la grille forcée (croissant, decroissant)",
    ),
    "ask_resume": (
        "Resume which game? (number, or n for a new game)",
        "Reprendre quelle partie ? (numéro, ou n pour une nouvelle partie)",
    ),
    "dice_prompt": ("{name}, dice/roll ({rolls})", "{name}, dés/lancer ({rolls})"),
    "rolls_plain": ("roll 1 to {max}", "lancer 1 à {max}"),
    "rolls_one": ("roll 1 only", "lancer 1 seulement"),
    "rolls_sixth": ("1-{max}, …/6 announce ROW", "1-{max}, …/6 annonce LIGNE"),
    "rolls_bank": (
        "roll 1 to {max}: 5 + {bank} banked",
        "lancer 1 à {max} : 5 + {bank} en réserve",
    ),
    "rolls_pool": ("roll 1-{max} from the pool", "lancer 1-{max} de la réserve"),
    "second_prompt": (
        "Second coup? dice/roll, a cell, or Enter to choose now",
        "Second coup ? dés/lancer, une case, ou Entrée pour choisir maintenant",
    ),
    "announce_prompt": (
        "Sixth roll: which row was announced before rolling? ({rows})",
        "6e jet : quelle ligne a été annoncée avant de lancer ? ({rows})",
    ),
    "announced_dice_prompt": (
        "Dice of the sixth roll (announced: {row})",
        "Dés du 6e jet (annoncé : {row})",
    ),
    "choose_prompt": (
        "Cell (letters or name; x to scratch)",
        "Case (lettres ou nom ; x pour barrer)",
    ),
    "choose_prompt_list": (
        "Cell (number or name; Nx to scratch)",
        "Case (numéro ou nom ; Nx pour barrer)",
    ),
    "pool_prompt": ("Cell to scratch (letters or name)", "Case à barrer (lettres ou nom)"),
    "pool_prompt_list": ("Cell to scratch (number or name)", "Case à barrer (numéro ou nom)"),
    "which_cell": (
        "'{text}' could mean several cells:",
        "« {text} » peut désigner plusieurs cases :",
    ),
    "which_prompt": ("Which one? (letters; Enter: none)", "Laquelle ? (lettres ; Entrée : aucune)"),
    "nothing_written": ("Nothing written.", "Rien n'est inscrit."),
    "typed_coup": (
        "Coup {n} already typed: {dice} /{roll}",
        "Coup {n} déjà saisi : {dice} /{roll}",
    ),
    "house_saved": (
        "House rules saved as '{name}' (yams play --house {name}).",
        "Règles maison enregistrées sous « {name} » (yams play --house {name}).",
    ),
    "no_houses": (
        "No house rules saved yet (yams play --setting yam=60 --save-house NAME).",
        "Aucune règle maison enregistrée (yams play --setting yam=60 --save-house NOM).",
    ),
    "sheet_pages": (
        "Page {page}/{pages} of the sheets: s {next} for page {next}, ss for one under another",
        "Page {page}/{pages} des feuilles : s {next} pour la page {next}, ss pour l'une sous "
        "l'autre",
    ),
    "who_prompt": ("{name} {total}{standing} · {prompt}", "{name} {total}{standing} · {prompt}"),
    "who_lead": (" (leads by {gap})", " (en tête de {gap})"),
    "who_other": (" ({name} leads by {gap})", " ({name} en tête de {gap})"),
    "who_tie": (" (tied for the lead)", " (à égalité en tête)"),
    "standing_lead": (" · leads by {gap}", " · en tête de {gap}"),
    "standing_other": (" · {name} leads, {gap} ahead", " · {name} en tête, {gap} de plus"),
    "standing_tie": (" · tied for the lead at {total}", " · égalité en tête à {total}"),
    "scratch_all": (
        "Scratch {count:|the last cell|the {count} remaining cells, one a turn,} with no more "
        "questions? (y/n)",
        "Barrer {count:|la dernière case|les {count} cases restantes, une par tour,} sans autre "
        "question ? (o/n)",
    ),
    "pool_dice": (
        "the pool of 165 rolls is empty: remaining cells can only be scratched",
        "la réserve de 165 jets est vide : les cases restantes ne peuvent qu'être barrées",
    ),
    "why_nothing": ("no cell to explain before the dice", "pas de case à expliquer avant les dés"),
    "stop_confirm": (
        "Stop the game now? The highest total wins. (y/n)",
        "Arrêter la partie maintenant ? Le plus haut total gagne. (o/n)",
    ),
    "stop_confirm_no_win": (
        "Stop the game now? A stopped game has no winner (G7). (y/n)",
        "Arrêter la partie maintenant ? Une partie arrêtée n'a pas de vainqueur (G7). (o/n)",
    ),
    # -- what the table mode says ------------------------------------------------------------
    "welcome": (
        "yams play: type h for help, q to quit (everything is saved as you go).",
        "yams play : tapez h pour l'aide, q pour quitter (tout est déjà enregistré).",
    ),
    "new_game": ("New game: {label}", "Nouvelle partie : {label}"),
    "order": ("Playing order: {players}", "Ordre du jeu : {players}"),
    "drawn_order": ("Order drawn: {players}", "Ordre tiré au sort : {players}"),
    "game_id": (
        "Game {id} (resume later with: {cmd})",
        "Partie {id} (reprendre plus tard : {cmd})",
    ),
    "resumed": ("Resuming game {id}: {label}", "Reprise de la partie {id} : {label}"),
    "in_progress": ("Games in progress:", "Parties en cours :"),
    "game_line": (
        "{n}. {label} · {players} · {events} {events:|entry|entries} · {id}",
        "{n}. {label} · {players} · {events} {events:|saisie|saisies} · {id}",
    ),
    "turn_title": ("{name} · turn {turn}{round} · total {total}",
                   "{name} · tour {turn}{round} · total {total}"),
    "hint_dice": (
        "Type the dice, then after '/' the roll on which they were kept (for example {example})",
        "Tapez les dés puis, après « / », le numéro du lancer où ils ont été gardés (par exemple "
        "{example})",
    ),
    "hint_choose": (
        "The letters next to a score, or a cell by name ({example}); 6 is the row of 6s; x before "
        "or after to scratch; l to show the cells again, h for help.",
        "Les lettres à côté d'un score, ou une case par son nom ({example}) ; 6 est la ligne des "
        "6 ; x avant ou après pour barrer ; l pour revoir les cases, h pour l'aide.",
    ),
    "hint_choose_list": (
        "A number from the list, or a cell by name ({example}); 3x or x 3 to scratch; l to list "
        "again, h for help.",
        "Un numéro de la liste, ou une case par son nom ({example}) ; 3x ou x 3 pour barrer ; l "
        "pour revoir la liste, h pour l'aide.",
    ),
    "second_needed": (
        "no cell takes this coup (too many rolls for the sec/demi-sec cells left): play the "
        "second coup",
        "aucune case ne prend ce coup (trop de lancers pour les cases sec/demi-sec restantes) : "
        "jouez le 2e coup",
    ),
    "hint_doblar": (
        "Doblar: {example} (one cell from coup 1 and one from coup 2).",
        "Doblar : {example} (une case du coup 1 et une du coup 2).",
    ),
    "pool_empty": (
        "The pool of rolls is empty: {name} can only scratch a cell (D10).",
        "La réserve de jets est vide : {name} ne peut plus que barrer une case (D10).",
    ),
    "wrote": ("{name}: {cell} = {score}   ({why})", "{name} : {cell} = {score}   ({why})"),
    "scratched": ("{name}: {cell} scratched (0)", "{name} : {cell} barré (0)"),
    "player_total": ("{name}'s total: {total}", "{name}, total : {total}"),
    "undone_entry": (
        "Undone: {name}'s dice {dice} (roll {roll}).",
        "Annulé ({name}) : les dés {dice} (lancer {roll}).",
    ),
    "undone_mark": ("Undone: {name}'s {cells}.", "Annulé ({name}) : {cells}."),
    "undone_amend": ("Undone: the correction of turn {turns}.",
                     "Annulé : la correction du tour {turns}."),
    "undone_end": ("Undone: the end of the game.", "Annulé : l'arrêt de la partie."),
    "no_game_yet": (
        "No game yet: the sheet and undo come once the game has started.",
        "Pas encore de partie : la feuille et l'annulation viendront une fois la partie commencée.",
    ),
    "unknown_player": (
        "No player '{name}' in this game ({players}).",
        "Pas de joueur « {name} » dans cette partie ({players}).",
    ),
    "saved_quit": (
        "Game saved. To resume it: {cmd}",
        "Partie enregistrée. Pour la reprendre : {cmd}",
    ),
    "interrupted": (
        "Interrupted: nothing is lost. To resume: {cmd}",
        "Interrompu : rien n'est perdu. Pour reprendre : {cmd}",
    ),
    "closed": (
        "End of input: nothing is lost. To resume: {cmd}",
        "Fin de l'entrée : rien n'est perdu. Pour reprendre : {cmd}",
    ),
    "nothing_started": ("No game was started.", "Aucune partie commencée."),
    "game_over": ("Game over!", "Partie finie !"),
    "game_stopped": (
        "Game stopped: the highest total wins (Y9).",
        "Partie arrêtée : le plus haut total gagne (Y9).",
    ),
    "game_stopped_no_win": (
        "Game stopped before the sheets were full: no winner (G7); this is where everyone stood.",
        "Partie arrêtée avant que les feuilles soient pleines : pas de vainqueur (G7), voici où "
        "chacun en était.",
    ),
    "win_one": ("{name} wins.", "{name} gagne."),
    "win_tie": ("Tied for first: {names}.", "Égalité en tête : {names}."),
    "no_win_solo": (
        "Solo game: practice, never a win (G6).",
        "Partie en solo : un entraînement, jamais une victoire (G6).",
    ),
    "ranking": ("Ranking:", "Classement :"),
    "rank_line": ("{rank}. {name}: {total}", "{rank}. {name} : {total}"),
    "record": (
        "New record: {what} in {label}, {value}, {name}",
        "Nouveau record : {what} en {label}, {value}, {name}",
    ),
    "record_before": (" (before: {value}, {name})", " (avant : {value}, {name})"),
    "record_total": ("best total", "meilleur total"),
    "record_part": ("best {part} total", "meilleur total {part}"),
    "first_records": (
        "First game in {label}: its scores are the records to beat (best total {value}, {name}).",
        "Première partie en {label} : ses scores sont les records à battre (meilleur total "
        "{value}, {name}).",
    ),
    "archived": ("Game {id} archived.", "Partie {id} archivée."),
    "stopped_not": ("The game goes on.", "La partie continue."),
    # -- refusals at the prompt (the entry is asked again) ------------------------------------
    "no_sixth": (
        "the sixth roll exists only in Double Yams classique and forcé",
        "le 6e jet n'existe qu'au Double Yams classique et forcé",
    ),
    "dice_already": (
        "this turn's dice are already entered: choose a cell, or u to undo them",
        "les dés de ce tour sont déjà saisis : choisissez une case, ou u pour les annuler",
    ),
    "choose_needed": (
        "choose a cell: its letters or its name",
        "choisissez une case : ses lettres ou son nom",
    ),
    "no_number": (
        "no cell number {n} in the list (1 to {count})",
        "pas de case n° {n} dans la liste (1 à {count})",
    ),
    "unreadable_choice": ("cannot read '{text}'", "« {text} » illisible"),
    "all_filled": (
        "{row} is already written in every column",
        "{row} est déjà rempli dans toutes les colonnes",
    ),
    "nowhere": (
        "{row} cannot go in any column now",
        "{row} ne peut aller dans aucune colonne maintenant",
    ),
    "doblar_coups": (
        "a doblar writes one cell from coup 1 and one from coup 2",
        "un doblar inscrit une case du coup 1 et une du coup 2",
    ),
    "empty_answer": ("an answer is needed", "réponse attendue"),
    "bad_choice": ("'{text}' is not one of the choices", "« {text} » n'est pas un choix possible"),
    "die_count": (
        "{got} {got:|die|dice} typed for {want} {want:|player|players}",
        "{got} {got:|dé tapé|dés tapés} pour {want} {want:|joueur|joueurs}",
    ),
    "die_value": (
        "'{text}' is not a die face (1 to 6)",
        "« {text} » n'est pas une face de dé (1 à 6)",
    ),
    "yes_no": ("answer y or n", "répondez o ou n"),
    "yes_letter": ("y", "o"),
    # -- help --------------------------------------------------------------------------------
    "help": (
        "At any prompt:\n  s, sheet [NAME|N]  every player's sheet side by side (page N, or one "
        "player's)\n  ss, sheets         every sheet, one under another\n  u, undo   "
        "         cancel the last entry (as many times as you like)\n  t, turns           the "
        "turns played, numbered\n  f N, fix N         correct turn N (dice or cell), keeping the "
        "later turns\n  l, list            the playable cells as a list, with their reasons\n  "
        "why [CELL]         why this score (why alone: every cell)\n  hint [55531/1]     advice: "
        "the dice to keep, or the cell to write\n  end       "
        "         stop the "
        "game (a winner only in Gaby, G7)\n  h, ?, help         this help\n  q, quit            "
        "quit: everything is already saved, 'yams play' resumes\nDice:\n  55533/2            five "
        "dice kept after the 2nd roll (or 5 5 5 3 3 /2)\n  55534/3 joker 4:5  Duel: a joker turns "
        "a 4 into a 5\n  cp665 fp12 … /1    Double Yams: by groups, a tag then its dice\n  6cp "
        "6pc 3fg …      or die by die: value, colour c/f, size p/g\n  …/6 announce youpi Double "
        "Yams classique or forcé: the announced sixth roll\nCells:\n  e, gk              the "
        "letters next to the score (with --list: the number)\n  6, ps, libre.full  a cell by name "
        "(column.row; @2 for coup 2); when the\n                     name fits several cells, you "
        "are asked which\n  ex, x e, x full    scratch (0)\n  d e gk             doblar: one cell "
        "from coup 1 and one from coup 2 (d descente.1 descente.2 for the doblar descendant)",
        "À tout moment :\n  s, feuille [NOM|N] les feuilles de tous côte à côte (page N, ou celle "
        "d'un seul)\n  ss, feuilles       toutes les feuilles, l'une sous l'autre\n  "
        "u, annuler         annule la dernière saisie (autant de fois que voulu)\n  t, tours      "
        "     les tours joués, numérotés\n  f N, corriger N    corrige le tour N (dés ou case), "
        "les tours suivants gardés\n  l, liste           la liste des cases jouables, avec leurs "
        "raisons\n  why [CASE]         pourquoi ce score (why seul : toutes les cases)\n  conseil "
        "[55531/1]  quels dés garder, ou quelle case inscrire\n  fin     "
        "           arrêter la partie (un vainqueur seulement au Gaby, G7)\n  h, ?               "
        "cette aide\n  q, quitter         quitter : tout est déjà enregistré, « yams play » "
        "reprend\nLes dés :\n  55533/2            cinq dés gardés au 2e lancer (ou 5 5 5 3 3 "
        "/2)\n  55534/3 joker 4:5  Duel : un joker change un 4 en 5\n  cp665 fp12 … /1    Double "
        "Yams : par groupes, une marque puis ses dés\n  6cp 6pc 3fg …      ou dé par dé : valeur, "
        "couleur c/f, taille p/g\n  …/6 annonce youpi  Double Yams classique ou forcé : le 6e jet "
        "annoncé\nLes cases :\n  e, gk              les lettres à côté du score (avec --list : le "
        "numéro)\n  6, ps, libre.full  une case par son nom (colonne.ligne ; @2 pour le coup 2) "
        ";\n                     si le nom va à plusieurs cases, la question est posée\n  ex, x "
        "e, x full    barrer (0)\n  d e gk             doblar : une case du coup 1 et une du coup "
        "2 (d descente.1 descente.2 pour le doblar descendant)",
    ),
    "help_setup": (
        "Enter accepts the value in brackets; q quits without creating anything.",
        "Entrée accepte la valeur entre crochets ; q quitte sans rien créer.",
    ),
    # -- yams demo ---------------------------------------------------------------------------
    "demo_title": (
        "Demo: {label} · {players} · seed {seed}",
        "Démonstration : {label} · {players} · graine {seed}",
    ),
    "demo_note": (
        "Random dice; each player takes the best legal cell; nothing is stored.",
        "Dés tirés au hasard ; chacun prend la meilleure case permise ; rien n'est enregistré.",
    ),
    "demo_turn": ("Turn {turn} · {name}", "Tour {turn} · {name}"),
    "demo_coup": ("dice {dice} · roll {roll}", "dés {dice} · lancer {roll}"),
    "demo_coup_n": ("coup {n}: dice {dice} · roll {roll}", "coup {n} : dés {dice} · lancer {roll}"),
    "demo_joker": (" · joker {a}→{b}", " · joker {a}→{b}"),
    "demo_announce": (" · sixth roll announced: {row}", " · 6e jet annoncé : {row}"),
    "demo_doblar": ("doblar", "doblar"),
    "demo_mark": ("→ {cell} = {score}   {why}", "→ {cell} = {score}   {why}"),
    "demo_scratch": ("→ {cell} scratched (0)", "→ {cell} barré (0)"),
    "demo_stopped": (
        "Stopped after {turns} {turns:|turn|turns} (--turns): ranking so far.",
        "Arrêt après {turns} {turns:|tour|tours} (--turns) : classement provisoire.",
    ),
    "demo_next": (
        "For a real game, dice in hand: yams play",
        "Pour une vraie partie, dés en main : yams play",
    ),
    # correcting a past turn and reopening a game (cli/play_fix.py, issue 11)
    "which_turn": (
        "Which turn to correct? (its number, see t; Enter cancels)",
        "Quel tour corriger ? (son numéro, voir t ; Entrée annule)",
    ),
    "turn_line": (
        "Turn {turn} · {name} · {entry} · {score}",
        "Tour {turn} · {name} · {entry} · {score}",
    ),
    "new_entry_hint": (
        "Type dice/roll, dice/roll -> cell, or a cell; +N adds turn N; Enter cancels.",
        "dés/lancer, dés/lancer -> case ou une case ; +N ajoute le tour N ; Entrée annule",
    ),
    "new_entry": ("Turn {turn}, new entry", "Tour {turn}, nouvelle saisie"),
    "changes": ("What changes:", "Ce qui change :"),
    "cell_change": ("  {name} · {cell}: {old} -> {new}", "  {name} · {cell} : {old} -> {new}"),
    "total_change": ("  {name}'s total: {old} -> {new}", "  total {name} : {old} -> {new}"),
    "confirm": ("Write this correction? (y/n)", "Inscrire cette correction ? (o/n)"),
    "confirm_reopen": (
        "The game is finished and archived: this correction reopens it and recounts the records.",
        "La partie est finie et archivée : inscrire cette correction la rouvre et recompte les "
        "records.",
    ),
    "confirm_correct_archived": (
        "The game is finished and archived: this correction is written in the archive (the game "
        "stays finished) and recounts the records.",
        "La partie est finie et archivée : cette correction est inscrite dans l'archive (la "
        "partie reste finie) et recompte les records.",
    ),
    "undo_reopen": (
        "The game is finished and archived: taking back its last cell reopens it and recounts the "
        "records.",
        "La partie est finie et archivée : reprendre sa dernière case la rouvre et recompte les "
        "records.",
    ),
    "go_on": ("Go on? (y/n)", "Continuer ? (o/n)"),
    "held": (
        "The entry of turn {turn} is held for this correction: +N corrects turn N in the same "
        "go, Enter cancels everything.",
        "La saisie du tour {turn} est gardée pour cette correction : +N corrige aussi le tour N, "
        "Entrée annule tout.",
    ),
    "no_change": (
        "No cell and no total changes: only the dice recorded for the turn do.",
        "Aucune case ni aucun total ne change : seuls les dés notés pour ce tour changent.",
    ),
    "fixed": ("Corrected.", "Corrigé."),
    "cancelled": ("Nothing was changed.", "Rien n'a été changé."),
    "no_turn_yet": ("No finished turn to correct.", "Aucun tour fini à corriger."),
    "after_end": (
        "Enter leaves · u takes back the last cell · f N fixes turn N",
        "Entrée quitte · u reprend la dernière case · f N corrige le tour N",
    ),
    "reopened": (
        "Game reopened: it left the archive.",
        "Partie rouverte : elle a quitté l'archive.",
    ),
    "corrected_archived": (
        "Game corrected in the archive: it is still finished.",
        "Partie corrigée dans l'archive : elle reste finie.",
    ),
}
