"""The migration of a store of the old layout: one ``archive.json`` moved to ``archive/``.

Stores written before ``archive/`` keep their finished games in one ``archive.json`` (the same
entries in one TinyDB table). The first operation that needs the archive or the book moves
them (:func:`migrate_legacy_archive`). Appending, loading, listing and creating games in
progress never migrate (until then a new game's id is checked against the book's ``counted``
list): they do not need the archive, so a damaged ``archive.json`` stops no game at the table
before its finish. (The files of the whole store are migrated from schema to schema by
:mod:`.files` when read; a store of version 0.1 is moved from its old folder by
:mod:`yams_scorekeeper.store.paths`.)

Crash invariant: the migration writes each game's file (skipping those a cut migration already
wrote), owing a recount first when the book did not count them all and marking the summaries
index stale, makes the files durable, then renames ``archive.json`` to
``archive.json.migrated`` (kept, with its old ``.bakN`` backups, for the user to delete), then
pays the recount. A crash at any point leaves ``archive.json`` in place and the migration
runs again, idempotently; a crash after the rename leaves the recount owed.
"""

from __future__ import annotations

import os

from ..base.errors import StoreError
from ..book import records as _records
from ..i18n import Message
from .archive import Archive, archive_tables
from .files import corrupt_error, encode
from .folder import ARCHIVE, Doc, StoreFolder
from .index_sync import IndexKeeper
from .record_book import RecordBook
from .shapes import GAME_ID

#: what ``archive.json`` of the old layout is renamed to once its games are in ``archive/``
MIGRATED_SUFFIX = ".migrated"


def migrate_legacy_archive(folder: StoreFolder, archive: Archive, book: RecordBook,
                           index: IndexKeeper) -> None:
    """Move the games of an old-layout ``archive.json`` into ``archive/``; see the module
    notes. Idempotent: a cut migration is completed by the next one (the lock is held)."""
    legacy = folder.legacy_archive_path
    if not os.path.exists(legacy):
        return
    entries: dict[str, Doc] = {}
    for entry in map(dict, folder.database(legacy).table(ARCHIVE)):
        game_id = entry.get("id")
        if (not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id)
                or not isinstance(entry.get("doc"), dict)
                or _records.summary_problem(entry.get("summary")) is not None):
            raise corrupt_error(
                legacy, Message("store.bad_archived_game", game_id=game_id), folder.backups)
        entries.setdefault(game_id, entry)
    todo, recount = [], False
    for game_id, entry in entries.items():
        there = archive.read(game_id)                # written by a cut migration, most often
        if there is None:
            todo.append(entry)
        elif there != entry:
            if there["doc"].get("created") != entry["doc"].get("created"):
                raise StoreError(
                    Message("store.hold_two_different_games", legacy=legacy,
                            archive_file=folder.archive_file(game_id), game_id=game_id))
            recount = True                        # two versions of one game: keep the later
            if entry["summary"]["date"] > there["summary"]["date"]:
                todo.append(entry)                # the other one stays as the .bak1
    counted = set(book.book()["counted"])
    if recount or any(game_id not in counted for game_id in entries):
        book.owe_recount()
    index.get().mark_stale()
    archive.write_many([(e["id"], encode(archive_tables(e))) for e in todo])
    retired, n = legacy + MIGRATED_SUFFIX, 1
    while os.path.exists(retired):
        n += 1
        retired = f"{legacy}{MIGRATED_SUFFIX}{n}"
    folder.fs.replace(legacy, retired)
    folder.fs.fsync_dir(folder.path)
    if book.recount_owed():
        book.recount()
