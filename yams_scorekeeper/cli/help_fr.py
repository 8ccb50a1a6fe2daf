"""``--help`` in French: the French of every command's help, option help and epilog.

The English texts stay where Typer reads them (the command's docstring, ``typer.Option(help=...)``,
the ``epilog`` in ``COMMANDS``). :data:`FR` maps each English text (a docstring as
``inspect.cleandoc`` gives it, an option's help, one line of an epilog) to its French; the
command lines of an epilog (``  yams play --list``, with no comment after them) need no entry.
When ``--help`` is printed in French (:func:`~yams_scorekeeper.cli.lang.help_lang`),
:func:`in_french` puts the French into the Click command while Typer draws it, with
Typer's own words (panel titles, ``[default: ...]``, the ``--help`` line), and the English
back afterwards. A text missing here
stays English, and ``tests/test_french.py`` names it: add its French below.

Only a French ``--help`` imports this module.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

#: English help text -> French help text
FR: dict[str, str] = {
    'Score keeper for the French dice game Yams, played with real dice.\n\nType the dice you rolled; yams tells what every row of the sheet is worth, and why.':
        'Tient les scores du Yams, le jeu de dés français, joué avec de vrais dés.\n\nTapez les dés lancés ; yams dit ce que vaut chaque ligne de la feuille, et pourquoi.',
    'Examples:':
        'Exemples :',
    'Everything typed is checked; nothing is lost.':
        "Tout ce qui est tapé est vérifié ; rien n'est perdu.",
    'Language of messages and tables. Default: $YAMS_LANG, else French when the locale is French, else English.':
        "Langue des messages et des tableaux. Par défaut : $YAMS_LANG, sinon le français quand la locale est française, sinon l'anglais.",
    'Print the version and exit.':
        'Afficher la version et quitter.',
    'Install completion for the current shell.':
        "Installer la complétion pour le shell en cours.",
    'Show completion for the current shell, to copy it or customize the installation.':
        "Afficher la complétion pour le shell en cours, pour la copier ou en adapter l'installation.",
    "Keep score at the table: type the dice you rolled, pick a cell, the sheet fills in.\n\nStarts a new game (family, players, columns, options: Enter accepts the default in brackets) or resumes one in progress. Each turn shows whose turn it is, asks for the dice and the roll number (55533/2; Double Yams by groups: cp665 fp12 cg34 fg556 /2), then draws the player's grid with every cell the dice may go to holding a few letters and its score; type the letters (or a name: 6, full, petite suite, libre.full; x before or after to scratch). A name that fits several cells is asked about before anything is written. 'why e' explains a cell; --list shows a numbered list instead of the grid. At any prompt: s sheet, u undo, h help, q quit. Every entry is saved before the answer: quitting, Ctrl-C or a closed terminal lose nothing, and 'yams play --game ID' goes on.":
        "Tenir les scores à table : tapez les dés lancés, choisissez une case, la feuille se remplit.\n\nCommence une nouvelle partie (règles, joueurs, colonnes, options : Entrée accepte la valeur entre crochets) ou reprend une partie en cours. À chaque tour, dit à qui c'est le tour, demande les dés et le numéro du lancer (55533/2 ; Double Yams par groupes : cp665 fp12 cg34 fg556 /2), puis dessine la grille du joueur où chaque case que les dés peuvent prendre porte quelques lettres et son score ; tapez les lettres (ou un nom : 6, full, petite suite, libre.full ; x avant ou après pour barrer). Un nom qui va à plusieurs cases fait poser la question avant que rien ne soit inscrit. « why e » explique une case ; --list montre une liste numérotée au lieu de la grille. À toute question : s feuille, u annuler, h aide, q quitter. Chaque saisie est enregistrée avant la réponse : quitter, Ctrl-C ou un terminal fermé ne perdent rien, et « yams play --game ID » reprend.",
    '  yams play                      start a game, or resume the one in progress':
        '  yams play                      une nouvelle partie, ou celle en cours',
    '  yams play --game 1a2b3c4d      resume this game':
        '  yams play --game 1a2b3c4d      reprendre cette partie',
    '  yams play --list               the legal cells as a numbered list (screen readers)':
        "  yams play --list               les cases en liste numérotée (lecteurs d'écran)",
    'At any prompt: s sheet, u undo, why [CELL], h help, q quit (everything is saved as you go).':
        'À toute question : s feuille, u annuler, why [CASE], h aide, q quitter (tout est enregistré au fur et à mesure).',
    'Write over FILE even when it is read-only.':
        'Remplacer FILE même en lecture seule.',
    "Store folder. Default: $YAMS_DB, else the user's application folder.":
        "Dossier du registre. Par défaut : $YAMS_DB, sinon le dossier d'application de l'utilisateur.",
    'Resume this game in progress (a unique start of its id will do).':
        'Reprendre cette partie en cours (un début unique de son identifiant suffit).',
    'Language of the table mode (default: yams --lang, $YAMS_LANG, the locale).':
        'Langue du mode table (par défaut : yams --lang, $YAMS_LANG, la locale).',
    'Show the legal cells as a numbered list (one per line, for screen readers); numbers pick from it.':
        "Montrer les cases permises en liste numérotée (une par ligne, pour les lecteurs d'écran) ; les numéros y choisissent.",
    'A house rule for a new game, e.g. yam=60 or bases.youpi=30 (repeatable).':
        'Une règle maison pour une nouvelle partie, par exemple yam=60 ou bases.youpi=30 (répétable).',
    'Save the house rules of the new game (--house and --setting) under NAME.':
        'Enregistrer les règles maison de la nouvelle partie (--house et --setting) sous NOM.',
    'List the saved house rules.':
        'Lister les règles maison enregistrées.',
    'Watch a whole game play itself, to see how yams keeps score.\n\nAlice and Bob roll random dice (a fixed seed: the same game every time) and each takes the best score among the legal cells; each turn shows the player, the dice, the roll, the cell chosen, its score and why, then come the final sheets and the ranking. Nothing is stored.':
        "Regarder une partie entière se jouer toute seule, pour voir comment yams tient les scores.\n\nAlice et Bob lancent des dés au hasard (une graine fixe : la même partie à chaque fois) et chacun prend le meilleur score parmi les cases permises ; chaque tour montre le joueur, les dés, le lancer, la case choisie, son score et pourquoi, puis viennent les feuilles finales et le classement. Rien n'est enregistré.",
    'Nothing is stored; the same --seed plays the same game.':
        "Rien n'est enregistré ; la même --seed joue la même partie.",
    'Rule set: a family id or alias, as listed in docs/rules.md (French names work too); default: the first family, Yam classique.':
        'Règles : un identifiant ou un alias de famille, comme dans docs/rules.md (les noms français marchent aussi) ; par défaut : la première famille, Yam classique.',
    'Seed of the random dice and choices.':
        'Graine des dés et des choix au hasard.',
    'Stop after this many turns (default: the whole game).':
        "S'arrêter après ce nombre de tours (par défaut : toute la partie).",
    "The family's variant, if it has some (Double Yams: D10 in docs/rules.md).":
        'La variante de la famille, si elle en a (Double Yams : D10 dans docs/rules.md).',
    'Language (default: yams --lang, $YAMS_LANG, the locale).':
        'Langue (par défaut : yams --lang, $YAMS_LANG, la locale).',
    'Show what every row is worth with these dice, and why.\n\nLists the rows of the sheet that the dice make (with --all, every row), each with its score and the reason, e.g. "Full 5-5-5 / 3-3 : 20 + 3x5 + 2x3 = 41".\n\nWith - in place of the dice, each line of standard input is ROLL DICE... (blank lines and # comments skipped) and one JSON object is printed per line; a bad line is reported on stderr with its number, the others are still scored, and the exit code is non-zero.':
        "Montrer ce que vaut chaque ligne avec ces dés, et pourquoi.\n\nListe les lignes de la feuille que les dés réalisent (avec --all, toutes les lignes), chacune avec son score et la raison, par exemple « Full 5-5-5 / 3-3 : 20 + 3x5 + 2x3 = 41 ».\n\nAvec - à la place des dés, chaque ligne de l'entrée standard est LANCER DÉS... (lignes vides et commentaires # ignorés) et un objet JSON est écrit par ligne ; une ligne fautive est signalée sur stderr avec son numéro, les autres sont quand même comptées, et le code de sortie n'est pas nul.",
    '  yams score -R double -r 6 cp666 fp66 cg12 fg345    the rows a sixth roll may fill (D9)':
        "  yams score -R double -r 6 cp666 fp66 cg12 fg345    ce qu'un 6e jet peut remplir (D9)",
    'Exit status: 0 when every entry was read, 2 for a bad entry or option.':
        'Code de sortie : 0 quand chaque saisie a été lue, 2 pour une saisie ou une option fautive.',
    "The dice: '5 5 5 3 3' or '55533'; Double Yams: ten tagged dice such as 6cp 3fg (value, colour c/f and size p/g in any order) or by groups, a tag then its dice: cp665 fp12 cg34 fg556. '-' reads 'ROLL DICE...' lines from stdin.":
        "Les dés : « 5 5 5 3 3 » ou « 55533 » ; Double Yams : dix dés marqués comme 6cp 3fg (valeur, couleur c/f et taille p/g dans n'importe quel ordre) ou par groupes, une marque puis ses dés : cp665 fp12 cg34 fg556. « - » lit des lignes « LANCER DÉS... » sur l'entrée standard.",
    "Roll on which the dice were kept: 1 to 3 (Double Yams: 1 to 6). Required, except with '-'.":
        'Lancer après lequel les dés ont été gardés : 1 à 3 (Double Yams : 1 à 6). Obligatoire, sauf avec « - ».',
    'Also list the rows scoring 0.':
        'Lister aussi les lignes qui valent 0.',
    'Print one JSON object instead of a table.':
        "Écrire un objet JSON au lieu d'un tableau.",
    'Start a game in the store and print its id, its players in turn order and its label.':
        "Commencer une partie dans le registre et écrire son identifiant, ses joueurs dans l'ordre du jeu et son nom.",
    'Exit: 0 ok, 2 bad entry, 3 refused by the rules, 4 store error, 5 store busy.':
        'Sortie : 0 bon, 2 saisie fautive, 3 refusé par les règles, 4 erreur du registre, 5 registre occupé.',
    'A player, in seating order; repeat for each (1 to 8, Gaby 1 to 4).':
        "Un joueur, dans l'ordre des places ; répéter pour chacun (1 à 8, Gaby 1 à 4).",
    'A column of the sheet (classic: libre descendante montante imposee; Gaby: descente libre montee demi-sec sec); repeat for each.':
        'Une colonne de la feuille (classique : libre descendante montante imposee ; Gaby : descente libre montee demi-sec sec) ; répéter pour chacune.',
    'An optional row (Gaby: nenette, petit); repeat for each.':
        'Une ligne optionnelle (Gaby : nenette, petit) ; répéter pour chacune.',
    'A Gaby option: bloquant, deux-coups, doblar, chance; repeat for each.':
        'Une option de Gaby : bloquant, deux-coups, doblar, chance ; répéter pour chacune.',
    'Gaby presets (the default when nothing is said).':
        "Préréglages de Gaby (le choix par défaut quand rien n'est dit).",
    'Double Yams forcé: croissant or decroissant.':
        'Double Yams forcé : croissant ou decroissant.',
    'Classic imposée column: every row in the order to fill, e.g. yam,1,2,...':
        "Colonne imposée du classique : toutes les lignes dans l'ordre à remplir, par exemple yam,1,2,...",
    'Turn order: as given, drawn at random, or from start dice (the lowest starts, then seating order). Default: random in Gaby (Y9), as given otherwise.':
        "Ordre du jeu : comme donné, tiré au sort, ou par dés de départ (le plus bas commence, puis l'ordre des places). Par défaut : tiré au sort en Gaby (Y9), comme donné sinon.",
    "Each player's start die for --order dice; a tie rolls again: Bob=2,5.":
        'Le dé de départ de chaque joueur pour --order dice ; une égalité relance : Bob=2,5.',
    'A house rule, e.g. yam=60 (the value is read as JSON when it can be).':
        "Une règle maison, par exemple yam=60 (la valeur est lue comme du JSON quand c'est possible).",
    'Print one JSON object instead of text.':
        'Écrire un objet JSON au lieu de texte.',
    'Record the dice of the player to play, and list the cells they may write (numbered).':
        "Inscrire les dés du joueur qui joue, et lister les cases qu'il peut remplir (numérotées).",
    '  yams enter 55552/3 --joker 2:5      (Duel: a joker turns a 2 into a 5)':
        '  yams enter 55552/3 --joker 2:5      (Duel : un joker change un 2 en 5)',
    "The dice kept: '5 5 5 3 3', '55533', or '55533/2' with the roll after '/'; Double Yams: ten tagged dice, 6cp 3fg ... or by groups: cp665 fp12 cg34 fg556.":
        'Les dés gardés : « 5 5 5 3 3 », « 55533 », ou « 55533/2 » avec le lancer après « / » ; Double Yams : dix dés marqués, 6cp 3fg ... ou par groupes : cp665 fp12 cg34 fg556.',
    'After how many rolls the dice were kept.':
        'Après combien de lancers les dés ont été gardés.',
    "Game id, or a unique start of it (see 'yams games'). Default: the only game in progress.":
        'Identifiant de la partie, ou un début unique de celui-ci (voir « yams games »). Par défaut : la seule partie en cours.',
    'Duel: one die showing FROM counts as TO.':
        'Duel : un dé qui montre DE compte comme VERS.',
    'Double Yams: the row announced for a sixth roll.':
        'Double Yams : la ligne annoncée pour un 6e jet.',
    'Write a cell for the player to play; print it, their total, and who plays next.\n\nWhen the game is over, print the final ranking and the records it broke.':
        'Inscrire une case pour le joueur qui joue ; écrire la case, son total, et qui joue ensuite.\n\nQuand la partie est finie, écrire le classement final et les records battus.',
    '  yams mark 3                      (a number from yams enter or yams cells)':
        '  yams mark 3                      (un numéro de yams enter ou yams cells)',
    '  yams mark full                   (one-column sheets: Duel, Double Yams)':
        '  yams mark full                   (une colonne : Duel, Double Yams)',
    '  yams mark .5                     (row 5 there: a bare 5 is a list number)':
        '  yams mark .5                     (ligne 5 : 5 seul est un numéro)',
    '  yams mark sec.yam --coup 2       (or sec.yam@2)':
        '  yams mark sec.yam --coup 2       (ou sec.yam@2)',
    '  yams mark libre.yam --scratch    (or libre.yam=0)':
        '  yams mark libre.yam --scratch    (ou libre.yam=0)',
    'NUMBER from the list, COLUMN.ROW, or ROW.':
        'NUMÉRO de la liste, COLONNE.LIGNE, ou LIGNE.',
    'Write from coup N (two-coup turns).':
        'Inscrire depuis le coup N (tours à deux coups).',
    'Scratch the cell (0).':
        'Barrer la case (0).',
    'Gaby doblar: also write CELL2 from the other coup.':
        "Doblar de Gaby : inscrire aussi CASE2 depuis l'autre coup.",
    "List the cells the player to play may write now, numbered for 'yams mark NUMBER'.":
        'Lister les cases que le joueur qui joue peut remplir maintenant, numérotées pour « yams mark NUMÉRO ».',
    "Show the sheets of a game (in progress, or finished with --game), with their totals;\n--svg and --html draw them, every player's, as on the paper sheet, in a file to print.":
        "Montrer les feuilles d'une partie (en cours, ou finie avec --game), avec leurs totaux ; --svg et --html les dessinent, celles de tous les joueurs, comme sur la feuille de papier, dans un fichier à imprimer.",
    "Draw the sheets as a printable SVG image in FILE ('-': standard output).":
        "Dessiner les feuilles en image SVG à imprimer dans FILE (« - » : la sortie standard).",
    "Draw the sheets as a printable HTML page in FILE ('-': standard output).":
        "Dessiner les feuilles en page HTML à imprimer dans FILE (« - » : la sortie standard).",
    "Draw the record book as a printable HTML page in FILE ('-': standard output).":
        "Dessiner le livre des records en page HTML à imprimer dans FILE (« - » : la sortie standard).",
    "Only this player's sheet.":
        'Seulement la feuille de ce joueur.',
    'Cancel the last entry still in force (dice or cell); repeat to go further back.\n\nOn a finished game (--game ID) it takes back the last cell and reopens the game: it leaves\nthe archive and the records are recounted without it until it is finished again.':
        "Annuler la dernière saisie encore en vigueur (dés ou case) ; répéter pour remonter plus loin.\n\nSur une partie finie (--game ID), reprend la dernière case et rouvre la partie : elle quitte l'archive et les records sont recomptés sans elle jusqu'à ce qu'elle soit de nouveau finie.",
    '  yams undo --game 3f2a      (a finished game: reopened)':
        '  yams undo --game 3f2a      (une partie finie : rouverte)',
    'Stop a game before the sheets are full: it goes to the archive, marked stopped.\n\nIn Gaby the highest total wins (Y9); elsewhere no one wins and it sets no record (G7).':
        "Arrêter une partie avant que les feuilles soient pleines : elle va aux archives, marquée arrêtée.\n\nEn Gaby le plus haut total gagne (Y9) ; ailleurs personne ne gagne et elle n'établit aucun record (G7).",
    'List the games in progress, oldest first.':
        "Lister les parties en cours, la plus ancienne d'abord.",
    'Replay a written transcript through the rules and show the sheets and totals (--svg,\n--html: draw them in a file to print).':
        'Rejouer une feuille écrite à travers les règles et montrer les feuilles et les totaux (--svg, --html : les dessiner dans un fichier à imprimer).',
    "A transcript starts with 'rules:' and 'players:' lines, then one line a turn, such as 'Alice: 55533/2 -> libre.full'. The store is not touched. A line the rules refuse is reported with its number and rule.":
        "Une feuille écrite commence par des lignes « rules: » et « players: », puis une ligne par tour, comme « Alice: 55533/2 -> libre.full ». Le registre n'est pas touché. Une ligne que les règles refusent est signalée avec son numéro et sa règle.",
    "A transcript file, or '-' for standard input.":
        "Un fichier de feuille écrite, ou « - » pour l'entrée standard.",
    "Print a game (in progress, or finished with --game) as a transcript 'yams replay' reads.":
        'Écrire une partie (en cours, ou finie avec --game) comme une feuille écrite que « yams replay » lit.',
    'Write to FILE instead of standard output.':
        'Écrire dans FICHIER au lieu de la sortie standard.',
    "List every turn of a game (in progress, or finished with --game), numbered for\n'yams fix': player, dice, roll, cell, score, the corrections made to it (when, what it\nwas), and when the game was reopened after its finish.":
        "Lister chaque tour d'une partie (en cours, ou finie avec --game), numéroté pour « yams fix » : joueur, dés, lancer, case, score, les corrections qui y ont été faites (quand, ce qu'il était), et quand la partie a été rouverte après sa fin.",
    'Correct a past turn (dice, roll, joker, announce or cell) and keep every later turn.':
        'Corriger un tour passé (dés, lancer, joker, annonce ou case) en gardant tous les tours suivants.',
    '  yams fix 3 "44442/2 -> 4"            (turn 3 from yams log: new dice and cell)':
        '  yams fix 3 "44442/2 -> 4"            (tour 3 de yams log : dés et case)',
    '  yams fix 3 "Léo: 44442/2"            (only the dice: the cell is kept)':
        '  yams fix 3 "Léo: 44442/2"            (les dés seuls : case gardée)',
    '  yams fix 5 libre.carre               (only the cell: the dice are kept)':
        '  yams fix 5 libre.carre               (la case seule : dés gardés)',
    '  yams fix 3 "12345/1 -> 1=0" 6 "44412/2 -> 4"   (two turns in one go)':
        '  yams fix 3 "12345/1 -> 1=0" 6 "44412/2 -> 4"   (deux tours d\'un coup)',
    '  yams fix 12 "66666/1 -> yam" --game 3f2a --json   (a finished game is reopened)':
        '  yams fix 12 "66666/1 -> yam" --game 3f2a --json   (partie finie : rouverte)',
    'An entry is a transcript line: [PLAYER:] DICE/ROLL [joker A:B] [; COUP] -> CELL (a cell alone: CELL). Every later turn is checked again; if one breaks, nothing is written and each broken turn is named: correct them too in the same command.':
        "Une saisie est une ligne de feuille écrite : [JOUEUR:] DÉS/LANCER [joker A:B] [; COUP] -> CASE (une case seule : CASE). Chaque tour suivant est vérifié de nouveau ; si l'un casse, rien n'est inscrit et chaque tour cassé est nommé : corrigez-les aussi dans la même commande.",
    "A turn number from 'yams log', then its new entry in quotes; repeat the pair to correct several turns at once.":
        'Un numéro de tour de « yams log », puis sa nouvelle saisie entre guillemets ; répéter la paire pour corriger plusieurs tours à la fois.',
    'Show the record book: best grand total and best part totals, per configuration.\n\nFor each configuration (family, columns, options, variant):\nthe best grand total and the best total of each part (column or section),\nwith who made it and when.':
        "Montrer le livre des records : meilleur total général et meilleurs totaux par partie de la feuille, par configuration.\n\nPour chaque configuration (famille, colonnes, options, variante) : le meilleur total général et le meilleur total de chaque partie (colonne ou section), avec qui l'a fait et quand.",
    'Only this rule family (an id or alias).':
        'Seulement cette famille de règles (un identifiant ou un alias).',
    'Count the book again from every archived game first (after records.json was lost or damaged).':
        "Recompter d'abord le livre à partir de chaque partie archivée (après la perte ou l'abîme de records.json).",
    "List the finished games, newest first, a page at a time, with every player's total and\nrank.\n\nRead from the summaries index: as fast with 50,000 games as with 50.":
        "Lister les parties finies, la plus récente d'abord, une page à la fois, avec le total et le rang de chaque joueur.\n\nLu dans l'index des résumés : aussi rapide avec 50 000 parties qu'avec 50.",
    'Only the games of this player, with their total and rank.':
        'Seulement les parties de ce joueur, avec son total et son rang.',
    'Only this rule family.':
        'Seulement cette famille de règles.',
    'Games on or after DATE (2024-05-01).':
        'Les parties du DATE ou après (2024-05-01).',
    'Games on or before DATE (the whole day counts).':
        'Les parties du DATE ou avant (toute la journée compte).',
    'Games a page (0: every game).':
        'Parties par page (0 : toutes les parties).',
    'Which page (1: the newest).':
        'Quelle page (1 : la plus récente).',
    'Oldest game first (the pages count from it).':
        "La plus ancienne partie d'abord (les pages comptent à partir d'elle).",
    'Show a player\'s games, wins, win rate, average, median, best, worst and standard\ndeviation, per family and per configuration, and charts of their totals; with --rows,\nthe figures of each row of the sheet.\n\nTotals of different families are on different scales, so figures of totals are given per\nfamily and configuration, never mixed. Games stopped early count in games and wins (a\nwin only in Gaby) but not in the figures of totals. --json lists the player\'s last 50\ngames in "history" ("history_total" counts them all) and the monthly averages in "trend".':
        "Montrer les parties d'un joueur, ses victoires, son taux de victoires, sa moyenne, sa médiane, son meilleur et son pire total et l'écart type, par famille et par configuration, et des graphiques de ses totaux ; avec --rows, les chiffres de chaque ligne de la feuille.\n\nLes totaux de familles différentes ne sont pas à la même échelle : les chiffres des totaux sont donnés par famille et par configuration, jamais mêlés. Les parties arrêtées avant la fin comptent dans les parties et les victoires (une victoire seulement en Gaby) mais pas dans les chiffres des totaux. --json liste les 50 dernières parties du joueur dans « history » (« history_total » les compte toutes) et les moyennes mensuelles dans « trend ».",
    'Per row of the sheet: cells written, average, best, how often 0 or struck out; bonus rate and yams made (PLAYER may then be left out: every player).':
        'Par ligne de la feuille : cases remplies, moyenne, meilleur score, combien de fois 0 ou barrée ; taux de prime et yams réussis (JOUEUR peut alors être omis : tous les joueurs).',
    'With --rows: only this rule family.':
        'Avec --rows : seulement cette famille de règles.',
    "The player's name (case does not matter).":
        'Le nom du joueur (majuscules ou minuscules, peu importe).',
    'Head to head: the games PLAYER and NAME played together, who won them, their averages.':
        'Face à face : les parties que JOUEUR et NOM ont jouées ensemble, qui les a gagnées, leurs moyennes.',
    'Draw the totals over time and their distribution.':
        'Dessiner les totaux dans le temps et leur répartition.',
    "Write the record book to one JSON file that 'yams import' reads back.\n\nIt holds every finished game (settings, events, transcript, summary), one a line,\nand the records. Written one game at a time: memory holds one game, not the book. The\ngames are not replayed (each was checked when it was archived; 'yams import' replays\nthem again).":
        'Écrire le livre des records dans un fichier JSON que « yams import » relit.\n\nIl contient chaque partie finie (réglages, saisies, feuille écrite, résumé), une par ligne, et les records. Écrit une partie à la fois : la mémoire tient une partie, pas le livre. Les parties ne sont pas rejouées (chacune a été vérifiée à son archivage ; « yams import » les rejoue).',
    "The JSON file to write ('-': standard output).":
        'Le fichier JSON à écrire (« - » : la sortie standard).',
    'Add the finished games of an exported book; importing twice adds nothing.\n\nGames already in the store are skipped; every other game is replayed through the rules\nand must match its summary, else nothing is imported. The records are then counted\nagain. Read one game at a time: memory holds one game, not the book.':
        "Ajouter les parties finies d'un livre exporté ; importer deux fois n'ajoute rien.\n\nLes parties déjà dans le registre sont passées ; chaque autre partie est rejouée à travers les règles et doit correspondre à son résumé, sinon rien n'est importé. Les records sont ensuite recomptés. Lu une partie à la fois : la mémoire tient une partie, pas le livre.",
    "A file written by 'yams export' ('-': standard input).":
        "Un fichier écrit par « yams export » (« - » : l'entrée standard).",
    # -- yams carnet (cli/carnet_cmds.py)
    'Type a finished paper sheet: its cells (values only, no dice), checked by the rules.\n\nEach value must be a score its row can give (a brelan of 17 is refused, naming the\nrule), and the sheet must replay under the family\'s rules, the players taking turns.\nThe totals and bonuses are worked out; a total written on the paper that disagrees is\nshown, not kept. The game goes into the history and the statistics marked "from paper"\n(its date may be a year or a month), and into the records only if asked.':
        "Taper une feuille papier finie : ses cases (les valeurs seules, sans les dés), vérifiées par les règles.\n\nChaque valeur doit être un score que sa ligne peut donner (un brelan de 17 est refusé, en nommant la règle), et la feuille doit se rejouer selon les règles de la famille, les joueurs à tour de rôle. Les totaux et les primes sont calculés ; un total écrit sur le papier qui ne concorde pas est montré, pas gardé. La partie va dans l'historique et les statistiques marquée « sur papier » (sa date peut être une année ou un mois), et dans les records seulement si on le demande.",
    "Read the carnet from FILE ('-': standard input) instead of asking for each cell.":
        "Lire le carnet dans FICHIER (« - » : l'entrée standard) au lieu de demander chaque case.",
    "Whether the game may hold records (default: the carnet's 'records:' line, else no).":
        "Si la partie peut tenir des records (par défaut : la ligne « records: » du carnet, sinon non).",
    "The evening the paper game belongs to (default: none: an evening open now is not the paper's).":
        "La soirée dont fait partie la partie sur papier (par défaut : aucune : une soirée ouverte maintenant n'est pas celle du papier).",
    'Interactive form: the rule family (asked when not given).':
        'Forme interactive : la famille de règles (demandée si elle n\'est pas donnée).',
    # -- yams soiree (cli/evening_cmds.py)
    'The evening the game belongs to (default: the evening open, if any: yams soiree).':
        "La soirée dont la partie fait partie (par défaut : la soirée ouverte, s'il y en a une : yams soiree).",
    "Open an evening, close it, show its ranking over all its games and its records.\n\nGames started while an evening is open belong to it, at every table; games imported\nfrom another laptop's export count in the evening their id names. The ranking is by\npoints unless said otherwise: in each game one point for each player finished above,\nhalf a point for a tie (totals of different families cannot be added up); players with\nthe same value are named tied.":
        "Ouvrir une soirée, la fermer, montrer son classement sur toutes ses parties et ses records.\n\nLes parties commencées pendant qu'une soirée est ouverte en font partie, à chaque table ; les parties importées de l'export d'un autre portable comptent dans la soirée que nomme leur identifiant. Le classement est aux points sauf avis contraire : dans chaque partie un point par joueur devancé, un demi-point par égalité (les totaux de familles différentes ne s'additionnent pas) ; les joueurs à égalité sont nommés ex aequo.",
    'open (ouvrir), close (fermer), show (voir) or list (liste).':
        'open (ouvrir), close (fermer), show (voir) ou list (liste).',
    "open: the evening's name; close, show: its id (default: the open evening, else the last).":
        "open : le nom de la soirée ; close, show : son identifiant (par défaut : la soirée ouverte, sinon la dernière).",
    "open: the evening's id (to join an evening another laptop opened). Default: the date and the name.":
        "open : l'identifiant de la soirée (pour rejoindre une soirée ouverte sur un autre portable). Par défaut : la date et le nom.",
    'How the ranking adds up the games: points by rank (the default), summed totals or average total. Kept with the evening when opening it.':
        "Comment le classement additionne les parties : points selon le rang (par défaut), somme des totaux ou total moyen. Gardé avec la soirée à son ouverture.",
    "Draw the evening's prize list as a printable HTML page in FILE ('-': standard output).":
        "Dessiner le palmarès de la soirée en page HTML imprimable dans FICHIER (« - » : la sortie standard).",
    'Print the rule of a row (what makes it, how it scores, an example, the ruling), every\nrow of a family, or the families.':
        "Écrire la règle d'une ligne (ce qui la fait, ce qu'elle vaut, un exemple, la décision qui la fixe), toutes les lignes d'une famille, ou les familles.",
    '  yams rules                     every family and its rows':
        '  yams rules                     chaque famille et ses lignes',
    '  yams rules gaby                every row of Yams Gaby, in one line each':
        '  yams rules gaby                chaque ligne du Yams Gaby, une ligne chacune',
    '  yams rules gaby nenette        what a nénette is, how it scores, an example':
        "  yams rules gaby nenette        ce qu'est une nénette, sa valeur, un exemple",
    '  yams rules gaby sec            a column, a bonus, an option: what it does':
        "  yams rules gaby sec            une colonne, une prime, une option : ce qu'elle fait",
    'Row names as printed on the sheet or as typed at the table (ps, 3 pareils).':
        'Les lignes par leur nom sur la feuille ou comme on les tape à table (ps, 3 pareils).',
    'classic, gaby, double or duel (or a French name).':
        'classic, gaby, double ou duel (ou un nom français).',
    'A row: its id, its printed name or a short name.':
        'Une ligne : son identifiant, son nom imprimé ou un nom court.',
    'Which dice to keep and which cell to take: the choices with the best expected final\nscore. Exact (proven optimal for solitaire play) for one-column sheets: Duel, Yam classique\nwith one libre column, Yatzy, Yahtzee. For a game with several columns (Yam classique,\nYams Gaby, Double Yams) the answer comes from a HEURISTIC adviser, said so in the output\n(and "method": "heuristic" in --json): values are points this turn against each cell\'s\npar, not expected final scores.':
        'Quels dés garder et quelle case prendre : les choix qui donnent le meilleur score final espéré. Exact (optimal prouvé pour le jeu en solitaire) pour les feuilles à une colonne : Duel, Yam classique avec une colonne libre, Yatzy, Yahtzee. Pour une partie à plusieurs colonnes (Yam classique, Yams Gaby, Double Yams), la réponse vient d\'un conseil HEURISTIQUE, et elle le dit (et « "method": "heuristic" » en --json) : les valeurs sont les points de ce tour par rapport à la moyenne de chaque case, pas des scores finaux espérés.',
    '  yams hint cp665 fp12 cg34 fg556 --roll 2   (Double Yams: the heuristic)':
        '  yams hint cp665 fp12 cg34 fg556 --roll 2   (Double Yams : l\'heuristique)',
    '  yams hint                              (the game in progress, the player to play)':
        '  yams hint                              (la partie en cours, qui joue)',
    '  yams hint 5 5 5 3 1 --roll 1           (which dice to keep)':
        '  yams hint 5 5 5 3 1 --roll 1           (quels dés garder)',
    "The five dice showing: '5 5 5 3 1' or '55531'. None: the dice entered this turn, else only the expected final score.":
        'Les cinq dés visibles : « 5 5 5 3 1 » ou « 55531 ». Aucun : les dés saisis ce tour, sinon seulement le score final espéré.',
    'After which roll the dice show (1 or 2: which dice to keep; the last: which cell). Default: the last.':
        'Après quel lancer les dés sont visibles (1 ou 2 : quels dés garder ; le dernier : quelle case). Par défaut : le dernier.',
    'A sheet given here instead of a game: duel, classic (one libre column), yatzy or yahtzee.':
        "Une feuille donnée ici au lieu d'une partie : duel, classic (une colonne libre), yatzy ou yahtzee.",
    'With --rules: an empty sheet.':
        'Avec --rules : une feuille vide.',
    'With --rules: the cells already written, e.g. 1=3,brelan=15 (repeatable).':
        'Avec --rules : les cases déjà remplies, par exemple 1=3,brelan=15 (répétable).',
    'With --rules duel: jokers left (default: all).':
        'Avec --rules duel : jokers restants (par défaut : tous).',
    'With --rules: a house rule, e.g. yam=60.':
        'Avec --rules : une règle maison, par exemple yam=60.',
    'Choices to list.':
        'Choix à lister.',
    "Every turn's cell against the best one from the same sheet, with the expected points\nlost, and per player: skill (points lost to choices) against luck (the dice against the\nexpectation). Final score = expected at the start + luck - points lost. A game with\nseveral columns is judged by the HEURISTIC adviser, said so (in heuristic points); for\nDouble Yams its luck is an estimate from sampled turns, said so.":
        "La case de chaque tour face à la meilleure de la même feuille, avec les points espérés perdus, et par joueur : l'adresse (points perdus par les choix) face à la chance (les dés face à l'espérance). Score final = espérance au départ + chance - points perdus. Une partie à plusieurs colonnes est jugée par le conseil HEURISTIQUE, et le dit (en points heuristiques) ; au Double Yams, sa chance est une estimation sur des tours tirés au sort, et le dit.",
    'Game id (finished or in progress), or a unique start of it.':
        'Identifiant de la partie (finie ou en cours), ou un début unique de celui-ci.',
    'Verify the whole store: the archive, the summaries index, the record book and the games in progress.\n\nEvery archive file is read and its checksum verified; each row of the summaries index is\nchecked against its archive file; the record book is compared with a count of the\narchive; each game in progress is read. What is derived (the index, the book) is repaired,\nand a cut finish, reopening or correction is completed; a damaged archive or game file is\nnamed, with its backups, for you to restore.':
        "Vérifier tout le registre : l'archive, l'index des résumés, le livre des records et les parties en cours.\n\nChaque fichier d'archive est lu et sa somme de contrôle vérifiée ; chaque ligne de l'index des résumés est comparée à son fichier d'archive ; le livre des records est comparé à un comptage de l'archive ; chaque partie en cours est lue. Ce qui est dérivé (l'index, le livre) est réparé, et une fin, une réouverture ou une correction coupée est terminée ; un fichier d'archive ou de partie abîmé est nommé, avec ses sauvegardes, pour que vous le restauriez.",
    "Verify the whole store (the French name of 'yams check').":
        "Vérifier tout le registre (le nom français de « yams check »).",
    'Exit: 0 the store is sound, 1 problems found and all repaired, 2 a problem that could not be repaired (a damaged archive or game file; also a bad option), 4 store error, 5 store busy.':
        "Sortie : 0 le registre est sain, 1 des problèmes trouvés et tous réparés, 2 un problème qui n'a pu être réparé (un fichier d'archive ou de partie abîmé ; aussi une mauvaise option), 4 erreur du registre, 5 registre occupé.",
    # -- cli/serve_cmd.py
    "Show the game in progress as a live web page (read-only) on the phones and the TV.\n\nThe first line printed is the URL to open, with a secret token in it; below it, its QR code for a phone's camera. The page shows every player's sheet as on paper, the ranking, whose turn it is and the dice just entered with their legal cells and scores; it follows each entry made by 'yams play', 'enter' or 'mark' within a second ('?view=tv': large type for a TV). Nothing is written to the store. Ctrl-C stops.":
        "Montrer la partie en cours comme une page web en direct (en lecture seule) sur les téléphones et la télé.\n\nLa première ligne écrite est l'adresse à ouvrir, avec un jeton secret dedans ; en dessous, son code QR pour l'appareil photo d'un téléphone. La page montre la feuille de chaque joueur comme sur papier, le classement, à qui c'est le tour et les dés qui viennent d'être saisis avec leurs cases permises et leurs points ; elle suit chaque saisie faite par « yams play », « enter » ou « mark » en moins d'une seconde (« ?view=tv » : gros caractères pour une télé). Rien n'est écrit dans le registre. Ctrl-C arrête.",
    'Port to listen on (0: any free port).':
        "Port d'écoute (0 : n'importe quel port libre).",
    "Listen on this machine's address on the local network (for the phones and the TV), not only on 127.0.0.1.":
        "Écouter sur l'adresse de cette machine sur le réseau local (pour les téléphones et la télé), pas seulement sur 127.0.0.1.",
    'Draw the QR code of the URL.':
        "Dessiner le code QR de l'adresse.",
    "The French name of 'yams serve': the game in progress as a live web page.":
        "Le nom français de « yams serve » : la partie en cours comme une page web en direct.",
    'Open the URL it prints (the QR code on a phone); Ctrl-C stops.':
        "Ouvrez l'adresse écrite (le code QR sur un téléphone) ; Ctrl-C arrête.",
    'Also show the game as a live web page for the phones and the TV (yams serve, in the background, for this session).':
        "Montrer aussi la partie comme une page web en direct pour les téléphones et la télé (yams serve, en arrière-plan, pour cette séance).",
    # -- the record book for other tools, the player's page (issue 24)
    "Only the games of this year (2024), as --since 2024 --until 2024.":
        "Seulement les parties de cette année (2024), comme --since 2024 --until 2024.",
    "Write every matching game to FILE as CSV, one line per player ('-': standard output); the pages are not used.":
        "Écrire chaque partie qui correspond dans FILE en CSV, une ligne par joueur (« - » : la sortie standard) ; les pages ne servent pas.",
    "Write every matching game to FILE as a BG Stats play file (JSON) to import in that app ('-': standard output).":
        "Écrire chaque partie qui correspond dans FILE en fichier de parties BG Stats (JSON) à importer dans cette application (« - » : la sortie standard).",
    "With --csv or --bgstats: only this game.": "Avec --csv ou --bgstats : seulement cette partie.",
    "Only the games on or after DATE (2024-05-01).":
        "Seulement les parties du DATE ou après (2024-05-01).",
    "Only the games on or before DATE (the whole day counts).":
        "Seulement les parties du DATE ou avant (le jour entier compte).",
    "Only the games of N players.": "Seulement les parties à N joueurs.",
    "Write the figures to FILE as CSV, one line per configuration (with --rows: per row) ('-': standard output).":
        "Écrire les chiffres dans FILE en CSV, une ligne par configuration (avec --rows : par ligne de la feuille) (« - » : la sortie standard).",
    "Draw the player's page, with its charts, as a printable HTML page in FILE ('-': standard output).":
        "Dessiner la page du joueur, avec ses graphiques, en page HTML à imprimer dans FILE (« - » : la sortie standard).",
    "Print the three folders: the store (the record book and the games), the solver's\ntables (a cache), and the saved house rules and settings.\n\nNothing is read or moved: a store of version 0.1 at the old place\n(~/.config/yams-scorekeeper) is moved by the first command that uses it.":
        "Écrire les trois dossiers : le registre (le livre des records et les parties), les tables du solveur (un cache), et les règles maison et réglages enregistrés.\n\nRien n'est lu ni déplacé : un registre de la version 0.1 à l'ancienne place (~/.config/yams-scorekeeper) est déplacé par la première commande qui s'en sert.",
    "Where the game is played (kept for the exports: history --bgstats).":
        "Où la partie se joue (gardé pour les exports : history --bgstats).",
    # -- house sheets (issue 22: cli/house_files.py, cli/house_cmds.py)
    'A setting of the rules, e.g. yam_base=60 (the value is read as JSON when it can be; repeatable).':
        "Un réglage des règles, par exemple yam_base=60 (la valeur est lue en JSON quand elle peut l'être ; répétable).",
    'A house sheet: a TOML file, or the name of a saved one (yams house list).':
        'Une feuille maison : un fichier TOML, ou le nom d\'une feuille enregistrée (yams house list).',
    'Start a new game on this house sheet: a TOML file, or the name of a saved one (yams house list), or of house rules saved by --save-house (their family is offered).':
        "Commencer une nouvelle partie sur cette feuille maison : un fichier TOML, ou le nom d'une feuille enregistrée (yams house list), ou de règles maison enregistrées par --save-house (leurs règles sont proposées).",
    "A house sheet instead of a family (a TOML file or a saved one's name); then the one argument is the ROW.":
        "Une feuille maison au lieu d'une famille (un fichier TOML ou le nom d'une feuille enregistrée) ; le seul argument est alors la LIGNE.",
    "A house sheet given here instead of a game (a TOML file or a saved one's name): one column, solved exactly.":
        "Une feuille maison donnée ici au lieu d'une partie (un fichier TOML ou le nom d'une feuille enregistrée) : une colonne, résolue exactement.",
    "Make, check and list house sheets: a family's own rules as a TOML file.\n\nnew NAME: a commented file that starts as a built-in sheet, to edit.\n\ncheck FILE|NAME: the file read as every command reads it, each row's rule in words.\n\nlist: the saved house sheets, each played by its name: yams play --house NAME.":
        "Créer, vérifier et lister les feuilles maison : les règles d'une famille dans un fichier TOML.\n\nnew NAME : un fichier commenté qui part d'une feuille connue, à modifier.\n\ncheck FILE|NAME : le fichier lu comme chaque commande le lit, la règle de chaque ligne en mots.\n\nlist : les feuilles maison enregistrées, chacune jouée par son nom : yams play --house NOM.",
    '  yams house new club                    a file that starts as Yam classique':
        '  yams house new club                    un fichier qui part du Yam classique',
    '  yams house new sirtin --from yatzy     ... as Yatzy':
        '  yams house new sirtin --from yatzy     ... du Yatzy',
    "  yams house check club                  the sheet and each row's rule in words":
        '  yams house check club                  la feuille et la règle de chaque ligne en mots',
    'Exit: 0 ok, 2 bad file or name (its line and key are named), 4 store error.':
        'Sortie : 0 bon, 2 fichier ou nom fautif (sa ligne et sa clé sont nommées), 4 erreur du registre.',
    'new (nouvelle), check (verifier) or list (liste); default: list.':
        'new (nouvelle), check (verifier) ou list (liste) ; par défaut : list.',
    'new: the name of the sheet; check: a house file or the name of a saved one.':
        "new : le nom de la feuille ; check : un fichier maison ou le nom d'une feuille enregistrée.",
    'new: the built-in family the file starts as (default: the first, Yam classique).':
        'new : la famille connue dont le fichier part (par défaut : la première, le Yam classique).',
    "new: write the file there instead of among the saved house sheets ('-': standard output).":
        'new : écrire le fichier là au lieu de parmi les feuilles maison enregistrées (« - » : la sortie standard).',
    "The French name of 'yams house': make, check and list house sheets.":
        'Le nom français de « yams house » : créer, vérifier et lister les feuilles maison.',
}

#: Typer's own words (typer.rich_utils), in French
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options",
               "COMMANDS_PANEL_TITLE": "Commandes", "DEFAULT_STRING": "[défaut : {}]",
               "REQUIRED_LONG_STRING": "[obligatoire]"}
#: the help of ``--help``
HELP_OPTION = "Afficher cette aide et quitter."


def is_command_line(line: str) -> bool:
    """An epilog line that is only a command to copy (indented, no comment after it)."""
    return line.startswith("  ") and "   " not in line.strip()


def english_texts(command: Any) -> list[str]:
    """Every text of ``command``'s help that needs a French: docstring, option helps, the
    epilog's lines other than bare command lines."""
    texts = [inspect.cleandoc(command.help)] if command.help else []
    texts += [line for line in (command.epilog or "").split("\n")
              if line and not is_command_line(line)]
    texts += [p.help for p in command.params if getattr(p, "help", None)]
    return texts


@contextmanager
def in_french(commands: Iterable[Any], ctx: Any) -> Iterator[None]:
    """The French texts put into ``commands`` (Click commands or groups) and into Typer's own
    words while the block runs, the English put back after it: a process that shows a French
    ``--help`` (a test, a script calling the app) still shows the English one afterwards."""
    from typer import rich_utils

    saved: list[tuple[Any, str, Any]] = [(rich_utils, name, getattr(rich_utils, name))
                                         for name in TYPER_WORDS]
    for command in commands:
        saved += [(command, "help", command.help), (command, "epilog", command.epilog)]
        if command.help:
            command.help = FR.get(inspect.cleandoc(command.help), command.help)
        if command.epilog:
            command.epilog = "\n".join(line if is_command_line(line) else FR.get(line, line)
                                       for line in command.epilog.split("\n"))
        for param in command.params:
            if getattr(param, "help", None):
                saved.append((param, "help", param.help))
                param.help = FR.get(param.help, param.help)
        option = command.get_help_option(ctx)
        if option is not None:
            saved.append((option, "help", option.help))
            option.help = HELP_OPTION
    for name, text in TYPER_WORDS.items():
        setattr(rich_utils, name, text)
    try:
        yield
    finally:
        for owner, name, value in reversed(saved):
            setattr(owner, name, value)
