"""The parts of one store, made and wired together once, for the operations that use several.

Crash invariant: none of its own (each part states its own at its top).
"""

from __future__ import annotations

from .archive import Archive
from .folder import StoreFolder
from .in_progress import GamesInProgress
from .index_sync import IndexKeeper
from .migration import migrate_legacy_archive
from .record_book import RecordBook


class Parts:
    """The games in progress, the archive, the summaries index and the record book of the
    store in ``folder``."""

    def __init__(self, folder: StoreFolder):
        self.folder = folder
        self.games = GamesInProgress(folder)
        self.archive = Archive(folder)
        self.index = IndexKeeper(folder, self.archive.read_summary)
        self.book = RecordBook(folder, self.archive, self.index)
        self.index.before_sync = self.migrate

    def migrate(self) -> None:
        """Move an old-layout ``archive.json`` into ``archive/`` (:mod:`.migration`)."""
        migrate_legacy_archive(self.folder, self.archive, self.book, self.index)
