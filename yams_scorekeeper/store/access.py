"""How an operation holds the store: the lock for one that may write, none for a read of a
store we may not write.

Crash invariant: every operation that writes holds the store lock (:mod:`.lock`) from its
first read to its last write, so no two writers interleave and every check is made against
what the other wrote. A reader of a store it may not write (a read-only folder or disk) takes
no lock and reads the files as they are: each is replaced atomically, so it sees a whole old
version or a whole new one. The first time one :class:`Access` takes the lock it sweeps the
temporary files killed writers left and completes the operations they cut (``on_first``: a
reopening, :mod:`.reopening`); the rest is completed by the operation that needs it (a finish,
:mod:`.finishing`; an owed recount, :mod:`.record_book`; a migration, :mod:`.migration`).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..base.errors import StoreBusyError, StoreError
from ..i18n import Message
from .files import TEMP_SUFFIX, no_gc
from .folder import StoreFolder
from .index_sync import index_errors
from .lock import StoreLock

#: errors of a lock file that cannot be made: the store is read-only for us
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


class Access:
    """How one :class:`~yams_scorekeeper.store.Store` holds its folder for an operation:
    :meth:`locked` for one that may write, :meth:`reading` for a read. ``on_first()`` runs
    once, the first time the lock is taken; ``on_release()`` each time an operation ends
    (the summaries index closed)."""

    def __init__(self, folder: StoreFolder, timeout: float, *,
                 on_first: Callable[[], None], on_release: Callable[[], None]):
        self.folder = folder
        self.timeout = timeout
        self.on_first = on_first
        self.on_release = on_release
        self.lock: StoreLock | None = None

    @contextmanager
    def reading(self) -> Iterator[bool]:
        """Hold the lock for a read, if we can: yields True when locked (the store may be
        written, a recount owed be paid), False on a store we may not write (a read-only
        folder or disk), which is then read as it is: every file is replaced atomically, so
        a reader sees a whole old version or a whole new one. A folder that is not a store
        is refused; a folder not made yet reads as an empty store. Nothing is created."""
        folder = self.folder
        if os.path.exists(folder.path) and (not os.path.isdir(folder.path)
                                            or not folder.is_store()):
            raise folder.not_a_store()
        if not os.path.exists(folder.path) or not os.access(folder.path, os.W_OK) or (
                os.path.exists(folder.lock_path) and not os.access(folder.lock_path, os.W_OK)):
            folder.read_only = True
            try:
                with no_gc(), index_errors(folder.path):
                    yield False
            finally:
                folder.read_only = False
            return
        with self.locked():
            yield True

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store lock for one whole operation."""
        folder = self.folder
        if self.lock is None:
            try:
                os.makedirs(folder.games_dir, exist_ok=True)
            except OSError as exc:
                raise StoreError(Message("store.cannot_create_store_folder", path=folder.path,
                                         strerror=exc.strerror)) from exc
            self.lock = StoreLock(folder.lock_path, self.timeout)
            first = True
        else:
            first = False
        lock = self.lock
        try:
            lock.acquire()
        except TimeoutError:
            raise StoreBusyError(
                Message("store.store_busy_another_yams", lock_path=folder.lock_path),
            ) from None
        except OSError as exc:
            if exc.errno in _READ_ONLY:
                raise StoreError(Message("store.cannot_change_store_read", path=folder.path,
                                         strerror=exc.strerror)) from exc
            raise StoreError(Message("store.cannot_lock", lock_path=folder.lock_path,
                                     strerror=exc.strerror)) from exc
        try:
            if first:
                self.sweep_temp_files()
                self.on_first()
            with no_gc(), index_errors(folder.path):  # an operation over a big archive
                yield                                  # builds millions of objects
        except OSError as exc:  # listing or removing files; the storage reports its own
            raise StoreError(Message("store.cannot_use_store", path=folder.path,
                                     strerror=exc.strerror, filename=exc.filename)) from exc
        finally:
            self.on_release()
            lock.release()

    def sweep_temp_files(self) -> None:
        """Remove temporary files left by a writer that was killed (the lock is held).

        Not in ``archive/``, whose listing grows with history: reading it all sweeps it."""
        for folder in (self.folder.path, self.folder.games_dir):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                    self.folder.remove_quietly(os.path.join(folder, name))
