"""Texts of the store area (see the package doc: key ``store.<name>``, English then French)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # -- api.py
    "cannot_read": ("cannot read {path}: {strerror}", "impossible de lire {path} : {strerror}"),
    "games_must_list": ("'games' must be a list", "« games » doit être une liste"),
    # -- book_file.py
    "yams_scorekeeper_book_json": (
        "not a yams-scorekeeper book: {name} is not JSON that yams reads (line {line}{why}); "
        "nothing was imported",
        "ce n'est pas un registre yams-scorekeeper : {name} n'est pas du JSON que yams lit (ligne "
        "{line}{why}) ; rien n'a été importé",
    ),
    "utf_text": ("{name} is not UTF-8 text", "{name} n'est pas du texte UTF-8"),
    # -- session.py
    "no_game_in_progress": (
        "no game in progress with id '{game_id}'",
        "aucune partie en cours avec l'identifiant « {game_id} »",
    ),
    # -- storage.py
    "number_program_accepts": (
        "{name} is not a number this program accepts",
        "{name} n'est pas un nombre accepté",
    ),
    "cannot_read_left_as_is": (
        "cannot read {path}: {why}. The file was left as it is. {advice}",
        "impossible de lire {path} : {why}. Le fichier n'a pas été modifié. {advice}",
    ),
    "number_more_than_digits": (
        "the number {text}... has more than {max_digits} digits",
        "le nombre {text}... a plus de {max_digits} chiffres",
    ),
    "number_too_large": ("the number {text} is too large", "le nombre {text} est trop grand"),
    "top_level_json_object": (
        "the top level is not a JSON object",
        "le premier niveau n'est pas un objet JSON",
    ),
    "meta_table_schema_version": (
        "the _meta table (schema version) is missing",
        "la table _meta (version du schéma) manque",
    ),
    "meta_table_must_hold": (
        "the _meta table must hold exactly one document",
        "la table _meta doit contenir exactement un document",
    ),
    "schema_version_missing_positive": (
        "the schema version is missing or not a positive integer",
        "la version du schéma manque ou n'est pas un entier positif",
    ),
    "schema_newer_than_program": (
        "schema {schema} is newer than this program knows ({schema2}): the file was written by a "
        "newer yams-scorekeeper, or it is damaged",
        "le schéma {schema} est plus récent que celui que ce programme connaît ({schema2}) : "
        "fichier écrit par une version plus récente, ou abîmé",
    ),
    "meta_document_schema_file": (
        "the _meta document of a schema {schema} file must have exactly the keys {expected_keys}",
        "le document _meta d'un fichier de schéma {schema} doit avoir exactement les clés "
        "{expected_keys}",
    ),
    "file_empty": ("the file is empty", "le fichier est vide"),
    "checksum_does_match_content": (
        "the checksum does not match the content (damaged or edited by hand)",
        "la somme de contrôle ne correspond pas au contenu (abîmé ou modifié à la main)",
    ),
    "target_read_only": (
        "{path} is read-only: it is not written over",
        "{path} est en lecture seule : il n'est pas remplacé",
    ),
    "index_failed": (
        "the summaries index of the store {path} could not be written ({why}); the archive is "
        "kept and the index is built again from it",
        "l'index des résumés du registre {path} n'a pas pu être écrit ({why}) ; l'archive est "
        "gardée et l'index en sera refait",
    ),
    "cannot_write": ("cannot write {path}: {strerror}", "impossible d'écrire {path} : {strerror}"),
    "valid_json_line_column": (
        "not valid JSON at line {lineno}, column {colno}: {msg}",
        "JSON invalide ligne {lineno}, colonne {colno} : {msg}",
    ),
    "nested_more_than_levels": (
        "nested more than {max_depth} levels deep",
        "imbriqué sur plus de {max_depth} niveaux",
    ),
    "valid_json": ("not valid JSON: {exc}", "JSON invalide : {exc}"),
    "table_object": ("table '{name}' is not an object", "la table « {name} » n'est pas un objet"),
    "byte_utf": ("byte {start} is not UTF-8", "l'octet {start} n'est pas de l'UTF-8"),
    "nested_too_deeply": ("nested too deeply", "imbriqué trop profondément"),
    "table_bad_document_id": (
        "table '{name}' has a bad document id '{doc_id}'",
        "la table « {name} » a un identifiant de document invalide « {doc_id} »",
    ),
    "document_table_object": (
        "document {doc_id} of table '{name}' is not an object",
        "le document {doc_id} de la table « {name} » n'est pas un objet",
    ),
    "cannot_store_data_nothing": (
        "cannot store this data in {path}: {exc}; nothing was changed",
        "impossible d'enregistrer ces données dans {path} : {exc} ; rien n'a été modifié",
    ),
    "wrote_but_could_make": (
        "wrote {path} but could not make sure it reached the disk ({strerror}); the change may be "
        "lost if the machine stops now",
        "{path} est écrit mais sans garantie qu'il soit sur le disque ({strerror}) ; la "
        "modification peut être perdue si la machine s'arrête",
    ),
    "cannot_write_nothing_changed": (
        "cannot write {path}: {why}; nothing was changed",
        "impossible d'écrire {path} : {why} ; rien n'a été modifié",
    ),
    "backups_in": (
        "Backups in {folder}: {names} (.bak1 is the newest). To restore the newest: {restore}",
        "Sauvegardes dans {folder} : {names} (.bak1 est la plus récente). Pour restaurer la plus "
        "récente : {restore}",
    ),
    "no_backup": (
        "No backup of it exists: move the file out of the folder to go on without it (a game in "
        "progress is then lost, the rest is kept).",
        "Il n'en existe aucune sauvegarde : déplacez le fichier hors du dossier pour continuer "
        "sans lui (une partie en cours est alors perdue, le reste est gardé).",
    ),
    "not_regular_folder": (
        "not a regular file (a folder)",
        "ce n'est pas un fichier ordinaire (dossier, périphérique ou FIFO)",
    ),
    "not_regular_device": (
        "not a regular file (a device, a FIFO or a socket)",
        "ce n'est pas un fichier ordinaire (dossier, périphérique ou FIFO)",
    ),
    "larger_than": ("larger than {mb} MB", "fichier de plus de {mb} Mo"),
    "disk_full": ("the disk is full", "le disque est plein"),
    "will_not_write_link": (
        "will not write {path}: it is a symbolic link (name the file it points to); nothing was "
        "written",
        "{path} n'est pas écrit : c'est un lien symbolique (donnez le fichier visé) ; rien n'a "
        "été écrit",
    ),
    "will_not_write_special": (
        "will not write {path}: it is not a regular file (a folder, a device or a FIFO); nothing "
        "was written",
        "{path} n'est pas écrit : c'est autre chose qu'un fichier ordinaire (dossier, "
        "périphérique ou FIFO) ; rien n'a été écrit",
    ),
    # -- store.py
    "not_a_book": (
        "not a yams-scorekeeper book: {why}; nothing was imported",
        "ce n'est pas un registre yams-scorekeeper : {why} ; rien n'a été importé",
    ),
    "invalid_game_id": (
        "invalid game id {game_id!r}",
        "identifiant de partie invalide {game_id!r}",
    ),
    "yams_store_games_archive": (
        "{path} is not a yams store (no games/, archive/ or records.json there): check --db or "
        "$YAMS_DB; nothing was created",
        "{path} n'est pas un registre yams (ni games/, ni archive/, ni records.json) : vérifiez "
        "--db ou $YAMS_DB ; rien n'a été créé",
    ),
    "archive_already_holds_another": (
        "the archive already holds another game with id '{id}'; the game stays in progress",
        "l'archive contient déjà une autre partie d'identifiant « {id} » ; la partie reste en "
        "cours",
    ),
    "game_must_object": ("a game must be an object", "une partie doit être un objet"),
    "game_events_must_list": (
        "a game's events must be a list",
        "les événements doivent être une liste",
    ),
    "cannot_read_store_folder": (
        "cannot read the store folder {path}: {strerror}",
        "impossible de lire le dossier {path} : {strerror}",
    ),
    "store_busy_another_yams": (
        "store busy: another yams command holds {lock_path}; try again",
        "registre occupé : une autre commande yams tient {lock_path} ; réessayez",
    ),
    "cannot_lock": (
        "cannot lock {lock_path}: {strerror}",
        "impossible de verrouiller {lock_path} : {strerror}",
    ),
    "cannot_use_store": (
        "cannot use the store {path}: {strerror} ({filename})",
        "impossible d'utiliser le registre {path} : {strerror} ({filename})",
    ),
    "cannot_read_nor_moved": (
        "{records_path} cannot be read ({problem}) nor moved aside ({strerror}); move it out of "
        "the folder and run yams records --rebuild",
        "{records_path} est illisible ({problem}) et ne peut être déplacé ({strerror}) ; "
        "sortez-le du dossier et lancez yams records --rebuild",
    ),
    "game_id_already_exists": (
        "a game with id '{game_id}' already exists",
        "une partie avec l'identifiant « {game_id} » existe déjà",
    ),
    "game_being_finished_finish": (
        "game '{game_id}' is being finished; finish it again to complete",
        "la partie « {game_id} » est en cours de clôture ; relancez la fin de partie pour la "
        "terminer",
    ),
    "finished_game_id": (
        "no finished game with id '{game_id}'",
        "aucune partie finie avec l'identifiant « {game_id} »",
    ),
    "game_being_finished_finish_2": (
        "game '{game_id}' is being finished; finish it again first",
        "la partie « {game_id} » est en cours de clôture ; relancez la fin de partie d'abord",
    ),
    "cannot_create_store_folder": (
        "cannot create the store folder {path}: {strerror}",
        "impossible de créer le dossier {path} : {strerror}",
    ),
    "cannot_change_store_read": (
        "cannot change the store {path}: it is read-only for you ({strerror}); reading commands "
        "still work",
        "impossible de modifier le registre {path} : il est en lecture seule pour vous "
        "({strerror}) ; les commandes de lecture fonctionnent",
    ),
    "cannot_finish_game": (
        "cannot finish game '{game_id}': {problem}",
        "impossible de clore la partie « {game_id} » : {problem}",
    ),
    "hold_two_different_games": (
        "{legacy} and {archive_file} hold two different games with the id '{game_id}'; move one "
        "of them out of the store folder",
        "{legacy} et {archive_file} contiennent deux parties différentes d'identifiant « "
        "{game_id} » ; sortez l'une d'elles du dossier",
    ),
    "records_json_could_read": (
        "records.json could not be read ({problem}); it was moved to {aside} and the record book "
        "is counted again from the archive",
        "records.json était illisible ({problem}) ; il a été déplacé vers {aside} et le livre des "
        "records est recompté depuis l'archive",
    ),
    "record_book_counted_from": (
        "the record book is counted from the archive ({problem}); the store is read-only, so it "
        "is not saved",
        "le livre des records est compté depuis l'archive ({problem}) ; le registre est en "
        "lecture seule, il n'est pas enregistré",
    ),
    "wrong_format": ("wrong 'format'", "« format » incorrect"),
    "unknown_version": ("unknown version {version!r}", "version inconnue {version!r}"),
    "book_other_game_same_id": (
        "another game than games[{first}] under the same id {game_id}",
        "une autre partie que games[{first}] sous le même identifiant {game_id}",
    ),
    "book_game": (
        "games[{index}] (game {n}): {problem}",
        "games[{index}] (partie {n}) : {problem}",
    ),
    "records_json_missing_record": (
        "records.json is missing: the record book is counted again from the archive",
        "records.json manque : le livre des records est recompté depuis l'archive",
    ),
    "one_archived_game": (
        "it must hold exactly one archived game, '{game_id}'",
        "il doit contenir exactement une partie archivée, « {game_id} »",
    ),
    "bad_archived_game": (
        "archived game {game_id!r} has a bad id, doc or summary",
        "la partie archivée {game_id!r} a un identifiant, un document ou un résumé invalide",
    ),
    "name_not_game_id": ("its name is not a game id", "son nom n'est pas un identifiant de partie"),
    "finish_cut": (
        "game '{game_id}' is over and every entry is kept, but archiving it stopped: {why}. "
        "{fix}, then run any command on it (yams cells --game {short}) to finish it",
        "la partie « {game_id} » est finie et toutes ses saisies sont gardées, mais son archivage "
        "s'est arrêté : {why}. {fix}, puis lancez une commande sur elle (yams cells --game "
        "{short}) pour la terminer",
    ),
    "free_some_space": ("Free some space", "Libérez de la place"),
    "fix_that": ("Fix that", "Réglez cela"),
    "nothing_changed_tail": ("; nothing was changed", " ; rien n'a été modifié"),
    # -- store.py, summary_index.py: the archive is the truth (issue 26)
    "index_unusable": (
        "The summaries index {path} cannot be used (not a file this program may replace): "
        "an index of this run's own is read instead, built from the archive.",
        "L'index des résumés {path} est inutilisable (pas un fichier que ce programme peut "
        "remplacer) : un index propre à cette commande est lu à la place, tiré de l'archive.",
    ),
    "index_row_changed": (
        "the row of game {game_id} does not match its digest",
        "la ligne de la partie {game_id} ne correspond pas à son empreinte",
    ),
    "index_rebuilt": (
        "The summaries index did not match the archive ({why}): rebuilt from the archive.",
        "L'index des résumés ne correspondait pas à l'archive ({why}) : reconstruit depuis "
        "l'archive.",
    ),
    "check_index_row": (
        "the summaries index's rows of game {game_id} differed from its archive file: indexed "
        "again",
        "les lignes de la partie {game_id} dans l'index des résumés différaient de son fichier "
        "d'archive : indexée de nouveau",
    ),
    "check_index_extra": (
        "the summaries index held game {game_id}, which the archive does not: removed",
        "l'index des résumés tenait la partie {game_id}, que l'archive n'a pas : retirée",
    ),
    "check_index_missing": (
        "the summaries index was missing: built from the archive",
        "l'index des résumés manquait : construit depuis l'archive",
    ),
    "check_recount_owed": (
        "the record book was owed a recount (an operation was cut): counted again",
        "le livre des records attendait un recomptage (une opération a été coupée) : recompté",
    ),
    "check_book_differs": (
        "the record book differed from a count of the archive: counted again",
        "le livre des records différait d'un comptage de l'archive : recompté",
    ),
    "check_finish_completed": (
        "the finish of game {game_id} was cut: completed",
        "la fin de la partie {game_id} avait été coupée : terminée",
    ),
    "check_reopening_completed": (
        "the reopening of game {game_id} was cut: completed",
        "la réouverture de la partie {game_id} avait été coupée : terminée",
    ),
}
