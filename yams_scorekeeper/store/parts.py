"""The parts of one store, made and wired together once, for the operations that use several.

The games in progress and the summaries index's keeper are made with the store; the archive
and the record book when an operation first asks for them (a table action never does: their
modules are not even imported then).

Crash invariant: none of its own (each part states its own at its top).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from .folder import Doc, StoreFolder
from .in_progress import GamesInProgress
from .index_sync import IndexKeeper

if TYPE_CHECKING:  # pragma: no cover
    from .archive import Archive
    from .record_book import RecordBook


class Parts:
    """The games in progress, the archive, the summaries index and the record book of the
    store in ``folder``."""

    def __init__(self, folder: StoreFolder):
        self.folder = folder
        self.games = GamesInProgress(folder)
        self.index = IndexKeeper(folder, self._read_summary)
        self.index.before_sync = self.migrate

    @cached_property
    def archive(self) -> Archive:
        """The archive of finished games (:mod:`.archive`)."""
        from .archive import Archive

        return Archive(self.folder)

    @cached_property
    def book(self) -> RecordBook:
        """The record book (:mod:`.record_book`)."""
        from .record_book import RecordBook

        return RecordBook(self.folder, self.archive, self.index)

    def _read_summary(self, game_id: str) -> tuple[Doc, str | None] | None:
        return self.archive.read_summary(game_id)

    def migrate(self) -> None:
        """Move an old-layout ``archive.json`` into ``archive/`` (:mod:`.migration`)."""
        from .migration import migrate_legacy_archive

        migrate_legacy_archive(self.folder, self.archive, self.book, self.index)
