"""The summaries index kept in step with the archive, for the store's other parts.

Crash invariant: the index (:mod:`.summary_index`) is derived data and never outvotes the
archive. It is brought in step at every use (:meth:`IndexKeeper.in_step`): a game is indexed
before its game file goes (a finish, :mod:`.finishing`), so a game in progress with an archive
file marks a finish cut between the two, which the next use indexes; a bulk write of the
archive (an import, a migration) marks the index stale first. An index that fails its digests
or that SQLite cannot read is rebuilt from the archive and said (:meth:`IndexKeeper.call`);
SQLite's own errors (a full disk) are one StoreError (:func:`index_errors`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..base.errors import StoreError
from ..i18n import Message
from .folder import Doc, StoreFolder

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any, TypeVar

    from .summary_index import SummaryIndex

    T = TypeVar("T")

#: games whose sheets :func:`fill_sheets` replays, then indexes at once
FILL_BATCH = 256


@contextmanager
def index_errors(path: str) -> Iterator[None]:
    """SQLite's errors (a full disk under the summaries index) as one StoreError; the
    index is derived, rebuilt from the archive on the next run (sqlite3 is not imported
    here: only an operation that opened the index can raise its errors)."""
    try:
        yield
    except Exception as exc:
        sqlite3 = sys.modules.get("sqlite3")
        if sqlite3 is None or not isinstance(exc, sqlite3.Error):
            raise
        raise StoreError(Message("store.index_failed", path=path, why=str(exc)),
                         expected="free disk space, then run the command again") from exc


class IndexKeeper:
    """The summaries index of the store in ``folder``: opened when first needed (sqlite3 is
    not paid at the table), in step with the archive when asked. ``read_summary(game_id)``
    reads an archived game's summary and its file's checksum; ``before_sync()`` runs before
    each sync on a store we may write (the migration of an old-layout archive)."""

    def __init__(self, folder: StoreFolder,
                 read_summary: Callable[[str], tuple[Doc, str | None] | None]):
        self.folder = folder
        self.read_summary = read_summary
        self.before_sync: Callable[[], None] = lambda: None
        self._index: SummaryIndex | None = None
        self._private: SummaryIndex | None = None
        self._private_folder: Any = None
        self._said_unusable = False

    def get(self) -> SummaryIndex:
        """The summaries index, as it is (not synced)."""
        folder = self.folder
        if folder.read_only:     # a store we may not write: an index of our own, for this run
            if self._private is None:
                import tempfile

                from .summary_index import SummaryIndex

                self._private_folder = tempfile.TemporaryDirectory(prefix="yams-index-")
                self._private = SummaryIndex(self._private_folder.name, folder.archive_dir,
                                             self.read_summary, lambda path: None)
            return self._private
        if self._index is None:
            from .summary_index import SummaryIndex  # sqlite3: not paid at the table

            self._index = SummaryIndex(folder.path, folder.archive_dir, self.read_summary,
                                       folder.remove_quietly)
        return self._index

    def close(self) -> None:
        """Close the index of the store (at the end of each locked operation)."""
        if self._index is not None:
            self._index.close()

    def in_step(self) -> SummaryIndex:
        """The summaries index, in step with the archive (the lock is held; see
        :mod:`yams_scorekeeper.store.summary_index`)."""
        if not self.folder.read_only:
            self.before_sync()
        index = self.get()
        index.sync(self.in_progress_ids())
        if index.unusable is not None and not self._said_unusable:
            self._said_unusable = True
            self.folder.say(Message("store.index_unusable", path=index.unusable))
        return index

    def call(self, use: Callable[[SummaryIndex], T]) -> T:
        """``use(index)`` on the summaries index in step. An index that is not what this
        program wrote (a row that fails its digest, a page SQLite cannot read) is rebuilt
        from the archive, said, and asked again: derived data never outvotes the archive."""
        from .summary_index import INDEX_TROUBLE

        try:
            return use(self.in_step())
        except INDEX_TROUBLE as exc:
            self.rebuild_distrusted(exc)
        return use(self.in_step())

    def rebuild_distrusted(self, exc: BaseException) -> None:
        """Forget a summaries index found wrong (``exc`` says how), to build it again."""
        from .book_tables import IndexMismatch

        index = self.get()
        why: Message | str = (Message("store.index_row_changed", game_id=exc.game_id)
                              if isinstance(exc, IndexMismatch) else str(exc))
        self.folder.say(Message("store.summaries_index_did_not_match_the_archive", why=why))
        index.destroy()

    def in_progress_ids(self) -> set[str]:
        """The ids of the games in progress (their files' names, one listing)."""
        try:
            names = os.listdir(self.folder.games_dir)
        except FileNotFoundError:
            names = []
        return {name[:-len(".json")] for name in names
                if name.endswith(".json") and not name.startswith(".")}


def fill_sheets(index: SummaryIndex, read_entry: Callable[[str], Doc | None]) -> None:
    """Index the cells of the games archived before the summaries kept them, from a
    replay of their events (``read_entry(game_id)``: the archive's): once, when per-row
    statistics are first asked for (so that the first history after an upgrade reads no
    game's events)."""
    missing = index.missing_sheets()
    if not missing:
        return
    from ..engine.game import replayed_sheet_rows

    for start in range(0, len(missing), FILL_BATCH):
        filled = []
        for game_id in missing[start:start + FILL_BATCH]:
            entry = read_entry(game_id)
            if entry is not None:
                filled.append((game_id, replayed_sheet_rows(entry["doc"], entry["summary"])))
        index.put_sheets(filled)
