"""The archive: one file per finished game, ``archive/<id>.json``, the truth of the history.

Each file is a TinyDB database whose table ``games`` holds the single entry ``{"id", "doc",
"summary"}``, read through TinyDB; a file is written whole by the storage (``write_encoded``),
without reading the version it replaces, since an import encodes its games on other processes.

Crash invariant: the game's id names its file, so a cut write is found again by its id and a
game is never archived twice. A new file is written twice, so that its first version becomes
its ``.bak1``, a copy of its own; the same game written again (same ``created``) replaces its
entry, the old version becoming the ``.bak1``; a different game with the same id is refused
and changes nothing. Many new files (an import, a migration) are made durable together: one
sync of the disk, then the renames, then one fsync of the folder. A game corrected in place
(:meth:`Archive.correct`) first loses its backups (the old version), then is replaced with no
backup rotated, then gets its ``.bak1``: every reader finds the game, old or corrected, and no
backup outlives the version it copies. Removing a game's file (a reopening) removes its
backups first, for the same reason.
"""

from __future__ import annotations

import os

from ..base.errors import StoreError
from ..i18n import Message
from .files import (
    DEFAULT_BACKUPS,
    TEMP_SUFFIX,
    AtomicJSONStorage,
    FileSystem,
    backup_path,
    corrupt_error,
    encode,
    file_checksum,
    write_new_files,
)
from .folder import ARCHIVE, ONE, Doc, StoreFolder, file_ids
from .shapes import GAME_ID, entry_problem


def archive_tables(entry: Doc) -> dict[str, dict[str, Doc]]:
    """The tables of the archive file of ``entry``."""
    return {ARCHIVE: {str(ONE): entry}}


def archived_entry(entries: list[Doc], game_id: str) -> Doc | Message | str:
    """The archive entry of ``game_id`` among the entries of its file, or what is wrong there."""
    if len(entries) != 1 or entries[0].get("id") != game_id:
        return Message("store.one_archived_game", game_id=game_id)
    found: Doc = entries[0]
    return entry_problem(found, game_id) or found


class Archive:
    """The archive folder of the store in ``folder``."""

    def __init__(self, folder: StoreFolder):
        self.folder = folder

    def read(self, game_id: str) -> Doc | None:
        """The archive entry of ``game_id``, ``None`` when it is not archived (one file read)."""
        folder = self.folder
        path = folder.archive_file(game_id)
        db = folder.database(path)
        if db.storage.read() is None:
            return None
        found = archived_entry([dict(entry) for entry in db.table(ARCHIVE)], game_id)
        if not isinstance(found, dict):
            raise corrupt_error(path, found, folder.backups)
        return found

    def read_summary(self, game_id: str) -> tuple[Doc, str | None] | None:
        """The summary of an archived game and the checksum its file carries (the index
        keeps both), ``None`` when it is not archived."""
        entry = self.read(game_id)
        if entry is None:
            return None
        return entry["summary"], file_checksum(self.folder.archive_file(game_id))

    def write(self, entry: Doc, fs: FileSystem | None = None) -> None:
        """Write the archive file of ``entry``."""
        self.write_encoded(entry["id"], encode(archive_tables(entry)), fs)

    def write_encoded(self, game_id: str, raw: bytes, fs: FileSystem | None = None) -> None:
        """Write the archive file of ``game_id`` from its bytes (:func:`.book_format.
        archive_record`)."""
        self.make_dir()
        self.folder.storage(self.folder.archive_file(game_id), fs).write_encoded(raw)

    def make_dir(self) -> None:
        """Create ``archive/`` if need be, durably (the store folder fsynced)."""
        folder = self.folder
        if not os.path.isdir(folder.archive_dir):
            os.makedirs(folder.archive_dir, exist_ok=True)
            folder.fs.fsync_dir(folder.path)

    def write_many(self, files: list[tuple[str, bytes]]) -> list[tuple[int, int] | None]:
        """Write many archive files ``(game_id, bytes)`` (an import, a migration); returns
        their ``(mtime_ns, size)``. The new files are made durable together
        (:func:`~yams_scorekeeper.store.files.write_new_files`: one sync of the disk, then the
        renames, then one fsync of the folder); a file that replaces another (a migration
        met a game twice) is written as usual, its old version becoming its ``.bak1``.
        """
        from .summary_index import file_stamp

        if not files:
            return []
        folder = self.folder
        self.make_dir()
        paths = [folder.archive_file(game_id) for game_id, _ in files]
        there = {path for path in paths if folder.fs.exists(path)}
        write_new_files(folder.fs, folder.archive_dir, [
            (path, raw) for path, (_, raw) in zip(paths, files, strict=True) if path not in there])
        for path, (game_id, raw) in zip(paths, files, strict=True):
            if path in there:
                self.write_encoded(game_id, raw)
        return [file_stamp(path) for path in paths]

    def put(self, entry: Doc) -> bool:
        """Step 2 of a finish: write ``entry``'s archive file; True when it replaced another
        version of the game (see the module notes)."""
        existing = self.read(entry["id"])
        if existing == entry:
            return False
        if existing is not None and existing["doc"].get("created") != entry["doc"].get("created"):
            raise StoreError(
                Message("store.archive_already_holds_another", id=entry['id']))
        self.write(entry)
        if existing is None and self.folder.backups > 0:
            self.write(entry)
        return existing is not None

    def correct(self, entry: Doc) -> None:
        """Replace the file of a game by its corrected ``entry``, every reader finding one
        version whole (see the module notes)."""
        folder = self.folder
        game_id = entry["id"]
        self.remove_backups(game_id)
        path = folder.archive_file(game_id)
        AtomicJSONStorage(path, fs=folder.fs, backups=0).write_encoded(
            encode(archive_tables(entry)))
        if folder.backups > 0:
            folder.fs.link(path, backup_path(path, 1))
            folder.fs.fsync_dir(folder.archive_dir)

    def remove(self, game_id: str) -> None:
        """Remove the file of a game, its backups first (see the module notes)."""
        self.remove_backups(game_id)
        self.folder.fs.remove(self.folder.archive_file(game_id))
        self.folder.fs.fsync_dir(self.folder.archive_dir)

    def remove_backups(self, game_id: str) -> None:
        """Remove the ``.bakN`` files of a game's archive file (its versions of before)."""
        folder = self.folder
        path = folder.archive_file(game_id)
        found = False
        for n in range(1, max(folder.backups, DEFAULT_BACKUPS) + 1):
            if os.path.lexists(backup_path(path, n)):
                folder.fs.remove(backup_path(path, n))
                found = True
        if found:
            folder.fs.fsync_dir(folder.archive_dir)

    def unwrite(self, game_ids: list[str]) -> None:
        """Remove the files of games just written (a failed import), and their ``.bak1``."""
        folder = self.folder
        for game_id in game_ids:
            for path in (folder.archive_file(game_id), folder.archive_file(game_id) + ".bak1"):
                if os.path.exists(path):
                    folder.fs.remove(path)
        folder.fs.fsync_dir(folder.archive_dir)

    def all_entries(self) -> list[Doc]:
        """Every archived game, in file-name order: reads every archive file (history, export,
        import and recounts only). Sweeps the temporary files a killed writer left there."""
        folder = self.folder
        try:
            names = sorted(os.listdir(folder.archive_dir))
        except FileNotFoundError:
            return []
        entries = []
        for name in names:
            if name.startswith("."):
                if name.endswith(TEMP_SUFFIX):
                    folder.remove_quietly(os.path.join(folder.archive_dir, name))
                continue
            game_id = name[:-len(".json")]
            if name.endswith(".json") and GAME_ID.fullmatch(game_id):
                entry = self.read(game_id)
                if entry is not None:
                    entries.append(entry)
        return entries

    def names(self) -> list[str]:
        """The ids of the archive's files (their names; no file read)."""
        try:
            names = os.listdir(self.folder.archive_dir)
        except FileNotFoundError:
            return []
        return sorted(file_ids(names))

    def has_games(self) -> bool:
        """True when the archive holds at least one game's file."""
        try:
            with os.scandir(self.folder.archive_dir) as found:
                return any(e.name.endswith(".json") and not e.name.startswith(".") for e in found)
        except FileNotFoundError:
            return False

    def newest(self) -> Doc | None:
        """The entry of the game archived last (one file read, whatever the history)."""
        try:
            files = [e for e in os.scandir(self.folder.archive_dir)
                     if e.name.endswith(".json") and not e.name.startswith(".")]
        except FileNotFoundError:
            return None
        if not files:
            return None
        newest = max(files, key=lambda e: e.stat().st_mtime)
        return self.read(newest.name[:-len(".json")])
