"""Texts of the cli area (see the package doc: key ``cli.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- cli/advice_cmds.py
    "several_columns_heuristic_adviser": (
        "{title} has several columns: the heuristic adviser reads the sheet of a game in progress",
        "le {title} a plusieurs colonnes : le conseil heuristique lit la feuille d'une partie en "
        "cours",
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
    # -- cli/amend_cmds.py
    "give_each_turn_number": (
        "give each turn number followed by its new entry, in quotes",
        "donnez chaque numéro de tour suivi de sa nouvelle saisie, entre guillemets",
    ),
    "turn_number_see_yams": (
        "'{turn_text}' is not a turn number (see yams log)",
        "« {turn_text} » n'est pas un numéro de tour (voir yams log)",
    ),
    # -- cli/book_cmds.py
    "date": ("{option} '{text}' is not a date", "{option} « {text} » n'est pas une date"),
    "db_empty": (
        "--db is empty: name the store folder",
        "--db est vide : nommez le dossier du registre",
    ),
    "house_name": (
        "--save-house '{name}': a name of house rules must be visible text",
        "--save-house « {name} » : le nom de règles maison doit être du texte visible",
    ),
    "output_failed": (
        "cannot write to standard output: {strerror}",
        "impossible d'écrire sur la sortie standard : {strerror}",
    ),
    "argument_not_utf8": (
        "the argument '{arg}' holds bytes that are not UTF-8 text",
        "l'argument « {arg} » contient des octets qui ne sont pas du texte UTF-8",
    ),
    "count_range": (
        "{option} {value} is not a whole number from {least} to {most}",
        "{option} {value} n'est pas un nombre entier de {least} à {most}",
    ),
    "name_player": ("name the player", "nommez le joueur"),
    "name_file_write": ("name the file to write", "indiquez le fichier à écrire"),
    "name_file_read": ("name the file to read", "indiquez le fichier à lire"),
    # -- cli/choice.py
    "cannot_read": ("cannot read '{token}'", "« {token} » illisible"),
    # -- cli/files.py
    "larger_than_kb_read": (
        "{path} is larger than {limit} kB: not read",
        "{path} dépasse {limit} ko : non lu",
    ),
    "store_check_db_yams": (
        "no store at {path}: check --db or $YAMS_DB; nothing was created",
        "pas de registre dans {path} : vérifiez --db ou $YAMS_DB ; rien n'a été créé",
    ),
    # -- cli/lang.py
    "unknown_language_lang": (
        "unknown language '{option}' for --lang",
        "langue « {option} » inconnue pour --lang",
    ),
    "unknown_language": (
        "unknown language '{value}' in {env_var}",
        "langue « {value} » inconnue dans {env_var}",
    ),
    # -- cli/options.py
    "whole_number_from": (
        "{name} '{token}' is not a whole number from 1 to {most}",
        "{name} « {token} » n'est pas un nombre entier de 1 à {most}",
    ),
    "cannot_read_start_dice": (
        "cannot read the start dice '{dice}'",
        "dés de départ « {dice} » illisibles",
    ),
    "start_die_who_player": (
        "start die for '{name}', who is not a player",
        "dé de départ pour « {name} », qui ne joue pas",
    ),
    "cannot_read_setting": ("cannot read the setting '{item}'", "réglage « {item} » illisible"),
    "bad_setting": ("setting '{key_}': {why}", "réglage « {key_} » : {why}"),
    # -- cli/play_fix.py
    "game_id": ("no game with id '{game_id}'", "aucune partie « {game_id} »"),
    "finished_turn": ("no finished turn {text}", "pas de tour fini {text}"),
    # -- cli/play_setup.py
    "save_house_needs_house": (
        "--save-house needs house rules: --setting KEY=VALUE or --house NAME",
        "--save-house demande des règles maison : --setting CLÉ=VALEUR ou --house NOM",
    ),
    "house_rules_named": (
        "no house rules named '{house}'",
        "pas de règles maison nommées « {house} »",
    ),
    # -- cli/score.py
    "roll_does_go_each": (
        "--roll does not go with '-': each input line starts with its roll",
        "--roll ne va pas avec « - » : chaque ligne commence par son lancer",
    ),
    # -- cli/sheet_cmds.py
    "player_game": (
        "no player '{player}' in this game",
        "pas de joueur « {player} » dans cette partie",
    ),
    # -- cli/transcript_cmds.py
    "name_transcript_file_standard": (
        "name the transcript file (or '-' for standard input)",
        "indiquez le fichier de la feuille (ou « - » pour l'entrée standard)",
    ),
    # -- cli/turn_cmds.py
    "name_players_player": ("name the players with --player", "nommez les joueurs avec --player"),
    "say_which_cell_write": ("say which cell to write", "indiquez quelle case inscrire"),
    # -- cli/advice_cmds.py: cli.advice.*
    "advice.exact": (
        "exact solver, optimal solitaire play",
        "solveur exact, jeu solitaire optimal",
    ),
    "advice.heuristic": (
        "HEURISTIC adviser (not proven optimal)",
        "conseil HEURISTIQUE (optimalité non prouvée)",
    ),
    "advice.sheet": (
        "{points} {points:|point|points} so far, {open} {open:|cell|cells} open",
        "{points} {points:|point marqué|points marqués}, {open} {open:|case libre|cases libres}",
    ),
    "advice.jokers": (", {n} {n:|joker|jokers} left", ", {n} {n:|joker restant|jokers restants}"),
    "advice.expected": ("Expected final score: {e:.2f}", "Score final espéré : {e:.2f}"),
    "advice.keep": (
        "Dice {dice} after roll {roll}: keep",
        "Dés {dice} après le lancer {roll} : garder",
    ),
    "advice.take": ("Dice {dice}: write", "Dés {dice} : inscrire"),
    "advice.nothing": ("(nothing: roll all five)", "(rien : relancer les cinq)"),
    "advice.lost": ("(-{loss:.2f})", "(-{loss:.2f})"),
    "advice.with_joker": ("joker {a}→{b}, then ", "joker {a}→{b}, puis "),
    "advice.bonus": (" +{b} bonus", " +{b} de prime"),
    "advice.table_refused": (
        "The solved table {path} was not used ({why}): it is solved again and replaced.",
        "La table calculée {path} n'a pas servi ({why}) : elle est recalculée et remplacée.",
    ),
    "advice.table_old": ("written before tables had a checksum",
                         "écrite avant que les tables aient une somme de contrôle"),
    "advice.table_special": ("not a regular file", "ce n'est pas un fichier ordinaire"),
    "advice.table_size": ("not the size of the table", "pas la taille de la table"),
    "advice.table_unreadable": ("cannot be read", "illisible"),
    "advice.table_header": ("its header is damaged", "son en-tête est abîmé"),
    "advice.table_checksum": ("its checksum does not match its values",
                              "sa somme de contrôle ne correspond pas à ses valeurs"),
    "advice.table_values": ("its values are not those of a solved table",
                            "ses valeurs ne sont pas celles d'une table calculée"),
    "advice.solving": (
        "Solving the table for {title} once (up to a minute); it is kept for next time.",
        "Calcul unique de la table du {title} (jusqu'à une minute) ; elle est gardée.",
    ),
    "advice.full": ("The sheet is full.", "La feuille est pleine."),
    "round": (" (round {n})", " (manche {n})"),
    "advice.turn": (
        "{name} turn {turn}{round}: {dice}{joker} (roll {roll}) → {row} {score}",
        "{name} tour {turn}{round} : {dice}{joker} (lancer {roll}) → {row} {score}",
    ),
    "advice.best": (
        "     best: {row} {score}{joker}, lost {loss:.2f}; luck {luck:+.2f}",
        "     meilleur : {row} {score}{joker}, perdu {loss:.2f} ; chance {luck:+.2f}",
    ),
    "advice.summary": (
        "{name}: {final} points; expected at the start {start:.2f}; luck {luck:+.2f}; points lost "
        "to choices {lost:.2f}",
        "{name} : {final} points ; espérance au départ {start:.2f} ; chance {luck:+.2f} ; points "
        "perdus par les choix {lost:.2f}",
    ),
    "advice.optimal": ("     optimal; luck {luck:+.2f}", "     optimal ; chance {luck:+.2f}"),
    "advice.values": (
        "Values: points this turn against each cell's par (not a final score)",
        "Valeurs : points de ce tour par rapport à la moyenne de chaque case (pas un score final)",
    ),
    "advice.second_worth": (
        "Play the second coup: {then:+.2f} expected, against {now:+.2f} writing now",
        "Jouez le second coup : {then:+.2f} espérés, contre {now:+.2f} en inscrivant maintenant",
    ),
    "advice.second_not_worth": (
        "Write now ({now:+.2f}): the second coup is worth {then:+.2f} expected",
        "Inscrivez maintenant ({now:+.2f}) : le second coup vaut {then:+.2f} espérés",
    ),
    "advice.stop": ("(write now)", "(inscrire maintenant)"),
    "advice.doblar": ("doblar: ", "doblar : "),
    "advice.coup": (" (coup {n})", " (coup {n})"),
    "advice.h_turn": (
        "{name} turn {turn}{round}: {dice} → {cells}",
        "{name} tour {turn}{round} : {dice} → {cells}",
    ),
    "advice.h_best": (
        "     heuristic's choice: {cells}, lost {loss:.2f}{luck}",
        "     choix de l'heuristique : {cells}, perdu {loss:.2f}{luck}",
    ),
    "advice.h_ok": ("     as the heuristic{luck}", "     comme l'heuristique{luck}"),
    "advice.h_luck": ("; luck {luck:+.2f}", " ; chance {luck:+.2f}"),
    "advice.h_summary": (
        "{name}: {final} points; points lost to choices {lost:.2f}{luck} (heuristic points)",
        "{name} : {final} points ; points perdus par les choix {lost:.2f}{luck} (points "
        "heuristiques)",
    ),
    "advice.h_estimated": (
        "Luck is an ESTIMATE: each turn's expected value from {n} sampled turns (fixed seed)",
        "La chance est une ESTIMATION : l'espérance de chaque tour sur {n} tours tirés au sort "
        "(graine fixe)",
    ),
    # -- cli/amend_cmds.py: cli.amend.*
    "amend.turn": ("#", "#"),
    "amend.player": ("Player", "Joueur"),
    "amend.dice": ("Dice", "Dés"),
    "amend.roll": ("Roll", "Lancer"),
    "amend.cell": ("Cell", "Case"),
    "amend.score": ("Score", "Points"),
    "amend.amended": ("Amended", "Corrigé"),
    "amend.was": ("was {entry} ({when})", "avant : {entry} ({when})"),
    "amend.no_turns": ("No turn played yet.", "Aucun tour joué."),
    "amend.in_progress": ("Turn in progress: {name} {dice}", "Tour en cours : {name} {dice}"),
    "amend.fixed": (
        "Turn {turn} ({name}): {old}  =>  {new}",
        "Tour {turn} ({name}) : {old}  =>  {new}",
    ),
    "amend.totals": ("Totals: {totals}", "Totaux : {totals}"),
    "amend.reopened": (
        "Game {id} reopened: it left the archive and the records were recounted without it.",
        "Partie {id} rouverte : elle a quitté l'archive et les records ont été recomptés sans "
        "elle.",
    ),
    "amend.corrected_archived": (
        "Game {id} corrected in the archive: it is still finished and the records were "
        "recounted with the correction.",
        "Partie {id} corrigée dans l'archive : elle reste finie et les records ont été "
        "recomptés avec la correction.",
    ),
    "amend.reopened_log": (
        "Reopened after its finish{times} (last {at}); dated when first finished, {date}.",
        "Rouverte après sa fin{times} (dernière fois {at}) ; datée de sa première fin, {date}.",
    ),
    "amend.times": (" {n} times", " {n} fois"),
    # -- cli/book_cmds.py: cli.book.*
    "book.no_records": (
        "No record yet: finish a game first.",
        "Pas encore de record : finissez d'abord une partie.",
    ),
    "book.part": ("Part", "Catégorie"),
    "book.value": ("Record", "Record"),
    "book.player": ("Player", "Joueur"),
    "book.date": ("Date", "Date"),
    "book.tied": ("Tied", "Ex aequo"),
    "book.grand": ("Grand total", "Total général"),
    "book.no_games": ("No finished game matches.", "Aucune partie finie ne correspond."),
    "book.game": ("Game", "Partie"),
    "book.players": ("Players", "Joueurs"),
    "book.total": ("Total", "Total"),
    "book.rank": ("Rank", "Rang"),
    "book.stopped": ("stopped", "arrêtée"),
    "book.corrections": ("{n} {n:|correction|corrections}", "{n} {n:|correction|corrections}"),
    "book.reopened": ("reopened", "rouverte"),
    "book.summary": (
        "{name}: games {games} ({complete} complete), wins {wins} ({rate} of the games of two or "
        "more)",
        "{name} : parties {games} ({complete} {complete:|complète|complètes}), victoires {wins} "
        "({rate} des parties à deux ou plus)",
    ),
    "book.rate": ("Win %", "% vict."),
    "book.median": ("Median", "Médiane"),
    "book.stdev": ("Std dev", "Écart type"),
    "book.family": ("Family", "Famille"),
    "book.spread": (
        "{name}'s totals, {family}: how many in each range",
        "{name} : totaux en {family}, combien par tranche",
    ),
    "book.versus": (
        "{a} against {b}: {games} {games:|game|games}, {a} won {wa}, {b} won {wb}, draws {draws}",
        "{a} contre {b} : {games} {games:|partie|parties}, {a} en a gagné {wa}, {b} {wb}, "
        "égalités {draws}",
    ),
    "book.games_n": ("Games", "Parties"),
    "book.wins": ("Wins", "Victoires"),
    "book.average": ("Average", "Moyenne"),
    "book.best": ("Best", "Meilleure"),
    "book.worst": ("Worst", "Pire"),
    "book.config": ("Rules", "Règles"),
    "book.chart": ("{name}'s totals, {label}", "{name} : totaux, {label}"),
    "book.exported": (
        "{n} finished {n:|game|games} exported to {path}",
        "{n} {n:|partie finie exportée|parties finies exportées} dans {path}",
    ),
    "book.imported": (
        "{added} {added:|game|games} added, {skipped} skipped (already in the store)",
        "{added} {added:|partie ajoutée|parties ajoutées}, {skipped} {skipped:|ignorée|ignorées} "
        "(déjà dans le registre)",
    ),
    "book.unknown_player": (
        "no finished game for player '{name}'",
        "aucune partie finie pour le joueur « {name} »",
    ),
    "book.page": (
        "games {first}-{last} of {total}; the next ones: --page {next}, all: --limit 0",
        "parties {first} à {last} sur {total} ; les suivantes : --page {next}, toutes : --limit 0",
    ),
    "book.last_page": ("games {first}-{last} of {total}", "parties {first} à {last} sur {total}"),
    # -- cli/book_cmds.py: cli.book_row_headers.*
    "book_row_headers.row": ("Row", "Ligne"),
    "book_row_headers.cells": ("Cells", "Cases"),
    "book_row_headers.average": ("Average", "Moy."),
    "book_row_headers.best": ("Best", "Max"),
    "book_row_headers.zero_or_x": ("0 or X", "0 ou X"),
    "book_row_headers.x": ("X", "X"),
    # -- cli/book_cmds.py: cli.book_rows.*
    "book_rows.title": (
        "{who}{label}: complete sheets {sheets}",
        "{who}{label} : feuilles complètes {sheets}",
    ),
    "book_rows.everyone": ("Every player", "Tous les joueurs"),
    "book_rows.stopped": (
        " (stopped early, left out: {n})",
        " (arrêtées avant la fin, non comptées : {n})",
    ),
    "book_rows.bonus": ("Bonus", "Bonus"),
    "book_rows.yams": ("Yams made: {n} ({per} a sheet)", "Yams réussis : {n} ({per} par feuille)"),
    "book_rows.none": ("No complete sheet matches.", "Aucune feuille complète ne correspond."),
    # -- cli/book_cmds.py: cli.book_stats_headers.*
    "book_stats_headers.games": ("Games", "Parties"),
    "book_stats_headers.wins": ("Wins", "Vict."),
    "book_stats_headers.win_pct": ("Win %", "% vict."),
    "book_stats_headers.average": ("Average", "Moy."),
    "book_stats_headers.median": ("Median", "Méd."),
    "book_stats_headers.best": ("Best", "Max"),
    "book_stats_headers.worst": ("Worst", "Min"),
    "book_stats_headers.std_dev": ("Std dev", "Éc. type"),
    # -- cli/printable.py: cli.printable.*
    "printable.drawn": (
        "Sheets of game {id} drawn in {path}",
        "Feuilles de la partie {id} dessinées dans {path}",
    ),
    "printable.book": ("Record book", "Livre des records"),
    "printable.counted": ("{n} finished games counted", "{n} parties finies comptées"),
    "printable.records_drawn": (
        "Record book drawn in {path}",
        "Livre des records dessiné dans {path}",
    ),
    # -- cli/serve_cmd.py, cli/live_page.py: cli.serve.*
    "serve.bad_port": ("--port {port} is not a port", "--port {port} n'est pas un port"),
    "serve.no_lan": (
        "cannot find this machine's address on the local network",
        "impossible de trouver l'adresse de cette machine sur le réseau local",
    ),
    "serve.cannot_listen": (
        "cannot listen on {host}:{port}: {strerror}",
        "impossible d'écouter sur {host}:{port} : {strerror}",
    ),
    "serve.not_started": (
        "the live sheet did not start: {why}",
        "la feuille en direct n'a pas démarré : {why}",
    ),
    "serve.serving": (
        "Open this address on the phones (the QR code) or the TV; Ctrl-C stops.",
        "Ouvrez cette adresse sur les téléphones (le code QR) ou la télé ; Ctrl-C arrête.",
    ),
    "serve.stopped": ("Live sheet stopped.", "Feuille en direct arrêtée."),
    "serve.title": ("Live sheet", "Feuille en direct"),
    "serve.ranking": ("Ranking", "Classement"),
    "serve.last": ("Last turn: {name} · {cells}", "Dernier tour : {name} · {cells}"),
    "serve.records": ("Records set", "Records établis"),
    "serve.no_records": ("No record set.", "Aucun record établi."),
    "serve.record": ("{label} · {part}: {value} ({player})", "{label} · {part} : {value} ({player})"),
    "serve.gone": (
        "This game is no longer in progress.",
        "Cette partie n'est plus en cours.",
    ),
    "serve.language": ("English", "Français"),
    "serve.tv_view": ("TV view", "Vue télé"),
    "serve.normal_view": ("Normal view", "Vue normale"),
    "serve.reload": ("Reload", "Recharger"),
    "serve.live": ("live", "en direct"),
    "serve.offline": ("reconnecting…", "reconnexion…"),
    "serve.no_script": (
        "reloaded every 5 seconds",
        "rechargée toutes les 5 secondes",
    ),
    "serve.play_url": (
        "Live sheet for the phones and the TV: {url}",
        "Feuille en direct pour les téléphones et la télé : {url}",
    ),
    # -- cli/printing.py: cli.printing.*
    "printing.coup": (
        "{name} · coup {n} · {dice} · roll {roll}",
        "{name} · coup {n} · {dice} · lancer {roll}",
    ),
    "printing.more_options": (
        " +{n} {n:|option|options}", " +{n} {n:|option|options}"),
    "printing.joker": ("joker {a}→{b}, rolled {rolled}", "joker {a}→{b}, dés lancés {rolled}"),
    "printing.hint": (
        "Write a cell: yams mark NUMBER (or {cell})",
        "Inscrire une case : yams mark NUMÉRO (ou {cell})",
    ),
    "printing.cell_row": ("ROW", "LIGNE"),
    "printing.cell_column_row": ("COLUMN.ROW", "COLONNE.LIGNE"),
    "printing.hint2": (
        "Write a cell: yams mark NUMBER, or enter the second coup",
        "Inscrire une case : yams mark NUMÉRO, ou saisir le second coup",
    ),
    "printing.no_cells": ("No cell can take this coup.", "Aucune case ne peut recevoir ce coup."),
    "printing.next": ("Next: {name}", "À suivre : {name}"),
    "printing.enter_first": (
        "{name} to play: enter the dice with yams enter DICE --roll N",
        "À {name} de jouer : saisissez les dés avec yams enter DÉS --roll N",
    ),
    "printing.over": ("Game over.", "Partie finie."),
    "printing.stopped": ("Game stopped.", "Partie arrêtée."),
    "printing.ranking": ("Final ranking", "Classement final"),
    "printing.rank": ("#", "#"),
    "printing.player": ("Player", "Joueur"),
    "printing.points": ("Total", "Total"),
    "printing.record": (
        "New record, {label}: {part} {value} by {player} (was {old} by {holder}, {date})",
        "Nouveau record, {label} : {part} {value} par {player} (avant : {old} par {holder}, "
        "{date})",
    ),
    "printing.first_game": (
        "First game of {label}: its scores are the records.",
        "Première partie en {label} : ses marques sont les records.",
    ),
    "printing.grand": ("grand total", "total général"),
    "printing.to_play": ("To play: {name}", "À jouer : {name}"),
    # -- cli/render.py: cli.render.*
    "render.row": ("Row", "Ligne"),
    "render.score": ("Score", "Points"),
    "render.why": ("Why", "Pourquoi"),
    "render.roll": ("roll", "lancer"),
    "render.made": (
        "{made} of {total} {total:|row|rows} made",
        "{made} {made:|ligne réalisée|lignes réalisées} sur {total}",
    ),
    "render.none": ("No row made with these dice.", "Aucune ligne réalisée avec ces dés."),
    "render.line": ("line {n}: ", "ligne {n} : "),
    # -- cli/rules_cmd.py: cli.rules.*
    "rules.typed": ("typed", "se tape"),
    "rules.example": ("example", "exemple"),
    "rules.rulings": ("rulings", "règles"),
    "rules.more": (
        "yams rules FAMILY ROW for one row; docs/rules.md for everything",
        "yams rules JEU LIGNE pour une ligne ; docs/rules.md pour tout",
    ),
    # -- cli/sheet_cmds.py: cli.sheet_cmds.*
    "sheet_cmds.no_games": ("No game in progress.", "Aucune partie en cours."),
    "sheet_cmds.id": ("Id", "Id"),
    "sheet_cmds.game": ("Game", "Partie"),
    "sheet_cmds.players": ("Players", "Joueurs"),
    "sheet_cmds.created": ("Started", "Commencée"),
    "sheet_cmds.events": ("Events", "Événements"),
    "sheet_cmds.finishing": ("finishing", "en clôture"),
    # -- cli/sheet_view.py: cli.sheet.*
    "sheet.subtotal": ("Sub-total 1-6", "Sous-total 1-6"),
    "sheet.bonus": ("Bonus", "Bonus"),
    "sheet.total": ("Total", "Total"),
    "sheet.grand": ("Grand total", "Total général"),
    "sheet.turn": ("to play", "à jouer"),
    "sheet.page": ("page {n}/{count}", "page {n}/{count}"),
    "sheet.cell": ("Cell", "Case"),
    "sheet.score": ("Score", "Points"),
    "sheet.why": ("Why", "Pourquoi"),
    "sheet.coup": ("coup", "coup"),
    "sheet.maxmin": ("max <= min: both count 0", "max <= min : les deux comptent 0"),
    "sheet.doblars": (
        "{n} {n:|doblar left|doblars left}",
        "{n} {n:|doblar restant|doblars restants}",
    ),
    "sheet.jokers": ("{n} {n:|joker left|jokers left}", "{n} {n:|joker restant|jokers restants}"),
    "sheet.bank": ("{n} {n:|roll banked|rolls banked}", "{n} {n:|jet en réserve|jets en réserve}"),
    "sheet.pool": (
        "{n} {n:|roll left in the pool|rolls left in the pool}",
        "{n} {n:|jet restant dans la réserve|jets restants dans la réserve}",
    ),
    "sheet.used": ("used: {what}", "utilisé : {what}"),
    "sheet.more_notes": (
        "… {n} more: why LETTERS, or why for every cell",
        "… {n} de plus : why LETTRES, ou why pour toutes les cases",
    ),
    # -- cli/transcript_cmds.py: cli.transcript.*
    "transcript.written": (
        "Transcript of game {id} written to {path}",
        "Feuille de la partie {id} écrite dans {path}",
    ),
    # -- cli/turn_cmds.py: cli.turn.*
    "turn.started": ("New game {id}: {label}", "Nouvelle partie {id} : {label}"),
    "turn.order": ("Turn order: {players}", "Ordre de jeu : {players}"),
    "turn.first": (
        "{name} plays first: yams enter DICE --roll N",
        "{name} commence : yams enter DÉS --roll N",
    ),
    "turn.wrote": (
        "{name} wrote {cell}: {score}   {why}",
        "{name} inscrit {cell} : {score}   {why}",
    ),
    "turn.scratched": ("{name} scratched {cell}: 0", "{name} barre {cell} : 0"),
    "turn.total": ("{name}, total: {total}", "{name}, total : {total}"),
    "turn.undone": ("Cancelled: {what}", "Annulé : {what}"),
    "turn.undo_enter": ("{name}: dice {dice} (roll {roll})", "{name} : dés {dice} (lancer {roll})"),
    "turn.undo_mark": ("{name}: {cells}", "{name} : {cells}"),
    "turn.undo_amend": ("the correction of turn {turns}", "la correction du tour {turns}"),
    # -- cli/check_cmd.py
    "check.line": ("{part}: {problem} ({state})", "{part} : {problem} ({state})"),
    "check.archive": ("archive", "archive"),
    "check.index": ("index", "index"),
    "check.records": ("records", "records"),
    "check.games": ("games in progress", "parties en cours"),
    "check.repaired": ("repaired", "réparé"),
    "check.not_repaired": ("NOT repaired", "NON réparé"),
    "check.full_archived": (
        "game {game_id} was full but in progress (a finish or a correction was cut): archived",
        "la partie {game_id} était pleine mais en cours (une fin ou une correction a été "
        "coupée) : archivée",
    ),
    "check.sound": ("The store is sound.", "Le registre est sain."),
    "check.all_repaired": (
        "{n} {n:|problem|problems} found, all repaired.",
        "{n} {n:|problème trouvé|problèmes trouvés}, tous réparés.",
    ),
    "check.some_not": (
        "{n} {n:|problem|problems} found, {left} not repaired: see above.",
        "{n} {n:|problème trouvé|problèmes trouvés}, {left} non réparés : voir ci-dessus.",
    ),
    # -- cli/house_files.py, cli/house_cmds.py: cli.house.*
    "house.bad_name": (
        "'{name}' cannot be the name of a house sheet: letters, digits, '-' and '.', at most 40",
        "« {name} » ne peut pas être le nom d'une feuille maison : lettres, chiffres, « - » et "
        "« . », 40 au plus",
    ),
    "house.no_such": ("no saved house sheet named '{name}'",
                      "pas de feuille maison enregistrée sous le nom « {name} »"),
    "house.edited": (
        "the house sheet '{name}' has changed since its last games ({earlier}): its games now "
        "make a new configuration, {identity}, with records of their own",
        "la feuille maison « {name} » a changé depuis ses dernières parties ({earlier}) : ses "
        "parties forment désormais une nouvelle configuration, {identity}, avec ses propres "
        "records",
    ),
    "house.unknown_action": ("unknown action '{action}' for yams house",
                             "action « {action} » inconnue pour yams maison"),
    "house.needs_which": ("yams house {action} needs a name or a file",
                          "yams maison {action} demande un nom ou un fichier"),
    "house.exists": ("{path} exists already", "{path} existe déjà"),
    "house.written": (
        "House sheet '{name}' written to {path} (it starts as {title}): edit it, then "
        "yams house check {name}; play it with yams play --house {name}.",
        "Feuille maison « {name} » écrite dans {path} (elle part de {title}) : modifiez-la, "
        "puis yams maison verifier {name} ; jouez-la avec yams play --house {name}.",
    ),
    "house.checked": ("{title} ({identity}): the file is right.",
                      "{title} ({identity}) : le fichier est juste."),
    "house.shape": ("{rolls} rolls a turn, {low} to {high} players.",
                    "{rolls} lancers par tour, de {low} à {high} joueurs."),
    "house.columns": ("Columns: {columns}", "Colonnes : {columns}"),
    "house.step": ("+{bonus} at {points}", "+{bonus} à {points}"),
    "house.bonus": ("{name} on {rows}: {steps}", "{name} sur {rows} : {steps}"),
    "house.migrated": (
        "note: the saved house rules '{name}' moved into a house sheet file",
        "note : les règles maison enregistrées « {name} » sont passées dans une feuille maison",
    ),
    "house.none": ("No house sheet saved yet in {folder} (yams house new NAME).",
                   "Aucune feuille maison enregistrée dans {folder} (yams maison nouvelle NOM)."),
    "house.broken": ("cannot be read: {why}", "illisible : {why}"),
    "house.beyond_solver": (
        "{title} is beyond what the exact solver's table holds (one free column, 3 rolls a "
        "turn, one bonus on rows 1-6, at most one extra state: docs/guide/house-sheets.md, "
        "Advice): the heuristic adviser reads the sheet of a game in progress",
        "le {title} dépasse ce que tient la table du solveur exact (une colonne libre, 3 "
        "lancers par tour, une prime sur 1-6, au plus un état de plus : docs/guide/"
        "house-sheets.md, Advice) : le conseil heuristique lit la feuille d'une partie en cours",
    ),
    "house.empty": ("--house names nothing", "--house ne nomme rien"),
    "house.not_with": ("{option} does not go with --house: the house sheet says its rules",
                       "{option} ne va pas avec --house : la feuille maison dit ses règles"),
}
